"""Firenze's colours and cards named in the reader's language, and a typed name read back.

The engine and the log know a card by its English name (the rulebook's) and a colour by its
catalog id; each language's words for them are data in `names.toml`, named by the one
`companion.games.firenze.words` (which tells Firenze's events too). A host who types a card's name off a German
or French card means the same card, so the form reads that name back to the engine's.
"""

from __future__ import annotations

from companion.core.lang import current, names_catalog
from companion.games.firenze.rules.catalog import NAMED_CARDS
from companion.games.firenze.words import CARD_NAMES as CARDS
from companion.games.firenze.words import card_name, colour_name

__all__ = ["card_id", "card_name", "card_names", "colour_name"]


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
