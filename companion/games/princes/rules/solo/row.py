"""Wolfgang's row and purse: the card entries of his row, his payments, and the mirror of the row
in his `Player` (face-down cards his hand, face-up ones his table)."""

from __future__ import annotations

from ..automa import WOLFGANG_SEAT
from ..catalog import (
    RECRUITING_CARD,
)
from ..solo_state import solo_of

UNKNOWN = "unknown"  # a face-down Profession card nobody has seen yet


def _pay(p, pay: dict):
    p.money += pay["change"] - pay["money"]
    p.fame -= pay["spaces"]


def _unknown_card() -> dict:
    return {"kind": "profession", "card": None, "face_up": False, "bonus": []}


def _recruiting_card() -> dict:
    return {"kind": "recruiting", "card": RECRUITING_CARD, "face_up": False, "bonus": []}


def _sync(state):
    """Mirror his row into his Player: face-down cards are his hand, face-up his table."""
    p = state.players[WOLFGANG_SEAT]
    row = solo_of(state).row
    p.hand = [e["card"] or UNKNOWN for e in row if not e["face_up"]]
    p.table = [e["card"] for e in row if e["face_up"]]
    p.bonus_cards = [b for e in row for b in e["bonus"]]
