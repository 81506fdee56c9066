"""Cards taught for a starting hand, held on this device until the hand is chosen.

A card is taught only inside the move that needs it. A starting hand is one move of three
cards, and each unknown card is taught on its own form first: the taught cards wait in this
browser's signed session (never in the log, never in the installation's catalog) and travel
with the hand when it is sent; the rules and the catalog see them only then."""

from __future__ import annotations

from flask import session

from companion.games.princes.rules.catalog import STARTING_HAND

HELD_KEY = "held_cards"


def held_cards(game_id: str, seat: int) -> list[dict]:
    """The cards this browser holds for `seat`'s starting hand (what its session says, checked)."""
    held = session.get(HELD_KEY)
    mine = held.get(game_id, {}).get(str(seat)) if isinstance(held, dict) else None
    if not isinstance(mine, list):
        return []
    return [
        t
        for t in mine[:STARTING_HAND]
        if isinstance(t, dict)
        and t.get("type") == "profession_taught"
        and isinstance(t.get("profession"), str)
    ]


def hold_card(game_id: str, seat: int, teaching: dict) -> None:
    mine = [t for t in held_cards(game_id, seat) if t["profession"] != teaching["profession"]]
    held = dict(session.get(HELD_KEY) or {})
    held[game_id] = {**held.get(game_id, {}), str(seat): [*mine, teaching][-STARTING_HAND:]}
    session[HELD_KEY] = held


def drop_held(game_id: str, seat: int) -> None:
    held = dict(session.get(HELD_KEY) or {})
    game = {k: v for k, v in (held.get(game_id) or {}).items() if k != str(seat)}
    if game:
        held[game_id] = game
    else:
        held.pop(game_id, None)
    if held:
        session[HELD_KEY] = held
    else:
        session.pop(HELD_KEY, None)


def as_entry(teaching: dict) -> dict:
    """A held `profession_taught` event as a catalog entry."""
    return {k: v for k, v in teaching.items() if k not in ("type", "profession")}
