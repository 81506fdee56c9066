"""The names a host types for the players, checked once for every game's host form (and the solo
player's own name): how long, plain text, and no two seats of one name, since every sentence
Palazzo says names a seat by its player's name."""

from __future__ import annotations

import re

from companion.core.lang import _

NAME_MAX = 24  # characters of a player's name: a phone's line, a TV's column


def typed_name(raw: object) -> str:
    """A name as typed, its runs of spaces made one and its ends trimmed."""
    return re.sub(r"\s+", " ", str(raw or "")).strip()


def typed_names(form, seats: int) -> list[str]:
    """The names typed into a host form's `name_0` ... fields, in seat order, blanks left out."""
    return [n for n in (typed_name(form.get(f"name_{i}", "")) for i in range(seats)) if n]


def names_refusal(names: list[str], least: int, most: int) -> str | None:
    """Why these players' names cannot start a game, in the reader's words (None: they can)."""
    long = [n for n in names if len(n) > NAME_MAX]
    if not least <= len(names) <= most:
        return _(
            "Enter %(least)s to %(most)s player names, in seat order (clockwise)",
            least=least,
            most=most,
        )
    if long:
        return _(
            "Keep each name to %(most)s characters (%(name)s is longer)",
            most=NAME_MAX,
            name=repr(long[0][:30]),
        )
    if len({n.casefold() for n in names}) != len(names):
        return _("Two players have the same name: give them different names")
    if any(not n.isprintable() for n in names):
        return _("Names are plain text")
    return None


def name_refusal(name: str) -> str | None:
    """Why the one player's own name (solo play) cannot be used (None: it can)."""
    if not name:
        return _("Enter your name")
    if len(name) > NAME_MAX:
        return _("Keep your name to %(most)s characters", most=NAME_MAX)
    if not name.isprintable():
        return _("Your name is plain text")
    return None
