"""How the Princes' older event shapes are read (companion/core/versions.py): one upcaster
per change of an event's shape, the oldest first. The stored rows are never rewritten.

- `game_started` 2: the rules of the box are always named. Release 0.1.0 wrote `edition`
  only for a game by the older edition (German or French rulebook); a game by the 2022
  edition named none, or null. Version 2 names it in every opening (`complete`).
"""

from __future__ import annotations

from companion.core.versions import Upcaster

from .rules.catalog import DEFAULT_EDITION


def complete(payload: dict) -> dict:
    """A `game_started` payload naming its edition (the 2022 one where it named none)."""
    if payload.get("edition"):
        return payload
    return {**payload, "edition": DEFAULT_EDITION}


UPCASTERS = (Upcaster("game_started", 2, complete),)
