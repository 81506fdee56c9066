"""Wolfgang's procedure in progress (`SoloState.running`), run until it needs a fact from the
table or hands over."""

from __future__ import annotations

from ..solo_state import solo_of
from .acting import _wolfgang_acts
from .buying import _wolfgang_buys


def _advance(state):
    """Run Wolfgang's procedure until it needs a fact from the table, or hands over."""
    solo = solo_of(state)
    while solo.running:
        step = _wolfgang_buys if solo.running == "buy" else _wolfgang_acts
        need = step(state)
        if need is not None:
            solo.need = need
            return
