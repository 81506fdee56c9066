"""What the tests of same card share with other tests (SCULPTEUR, french_sculpteur): kept here,
since a test module imports no other test module."""

from __future__ import annotations

from companion.games.princes.learned import BY_GAME_SEAT, LearnedCatalog

SCULPTEUR = {"building": "studio", "landscape": "forest", "freedom": "religion"}


def french_sculpteur(app) -> LearnedCatalog:
    """A French phone taught the Sculpteur in an earlier game."""
    learned = LearnedCatalog(app.instance_path)
    entry = {"name": "Sculpteur", "name_fr": "Sculpteur", **SCULPTEUR}
    learned.learn_new({"professions": {"sculpteur": entry}}, BY_GAME_SEAT, who="Zoé")
    return learned
