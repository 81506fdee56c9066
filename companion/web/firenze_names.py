"""Firenze's colours and cards named in the reader's language, and a typed name read back.

The engine and the log know a card by its English name (the rulebook's) and a colour by its
catalog id; each language's words for them are data in `names.toml` (sections `COLOURS` and
`CARDS` below), written with the engine's names. A host who types a card's name off a German
or French card means the same card, so the form reads that name back to the engine's.
"""

from __future__ import annotations

from companion.firenze.catalog import NAMED_CARDS
from companion.lang import current, names_catalog, thing_name

COLOURS = "firenze_colours"  # names.toml sections
CARDS = "firenze_cards"


def colour_name(colour: str) -> str:
    """A tower's or brick's colour in the reader's language."""
    return thing_name(COLOURS, colour, colour)


def card_name(name: str) -> str:
    """A card (known by its English name) in the reader's language."""
    return thing_name(CARDS, name, name)


def card_names() -> list[str]:
    """The cards whose names the reader's edition has, in its words (a typing aid)."""
    known = names_catalog(current()).get(CARDS, {})
    return sorted(known.values()) if known else sorted(NAMED_CARDS)


def card_id(typed: str) -> str:
    """The engine's name of a card typed in any of our languages (case aside); a name no
    language knows is kept as typed (the table may hold a card Palazzo has no name for)."""
    wanted = typed.casefold()
    for language in (current(), "de", "fr"):
        for english, name in names_catalog(language).get(CARDS, {}).items():
            if wanted in (name.casefold(), english.casefold()):
                return english
    return typed
