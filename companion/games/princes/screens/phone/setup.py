"""The phone in the setup: choosing a starting hand."""

from __future__ import annotations

from companion.core.lang import _
from companion.games.princes.rules import (
    edition,
    is_solo,
)
from companion.games.princes.rules.catalog import (
    STARTING_HAND,
)

from .pieces import profession_card


def setup_screen(state, seat: int, params: dict) -> dict:
    p = state.players[seat]
    waiting = [
        q.name for i, q in enumerate(state.players) if not q.hand and not (is_solo(state) and i)
    ]
    if p.hand:
        return {"name": "setup_wait", "waiting": waiting}
    mine = set(params.get("professions") or [])
    options = [
        dict(profession_card(state.catalog, pid), checked=pid in mine)
        for pid in sorted(
            state.catalog.professions, key=lambda k: state.catalog.professions[k].name
        )
    ]
    return {
        "name": "hand",
        "options": options,
        "keep": STARTING_HAND,
        # the books deal face up (2022) or face down (the older ones): private here either way
        "deal": _("Your rulebook deals them face up; only your phone shows the hand you keep.")
        if edition(state).deal_face_up
        else _("Your rulebook deals them face down; only your phone shows the hand you keep."),
        "chosen": [
            pid for pid in params.get("professions") or [] if pid in state.catalog.professions
        ],
    }
