"""Recruiting in the solo game: from Wolfgang's row (the Recruiting card goes face down to the
right of it) or from a dummy column (it is discarded)."""

from __future__ import annotations

from ..anytime import check_recruiter, check_recruiting, recruit
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    RECRUITING_CARD,
)
from ..checks import seat
from ..module import Event
from ..refusals import N_, refuse
from ..solo_state import solo_of
from ..state import GameState
from ..told import told
from ..work import profession_named
from .moves import _log
from .row import _recruiting_card, _sync


def recruit_from_wolfgang(state: GameState, s: int, pid: str) -> None:
    """The base checks passed: the card leaves his row, your Recruiting card goes face down to
    the right of it (a card he will Work with, like any of his face-down cards)."""
    solo = solo_of(state)
    i = next(i for i, e in enumerate(solo.row) if e["face_up"] and e["card"] == pid)
    p = state.players[s]
    p.hand.remove(RECRUITING_CARD)
    p.hand.append(pid)
    del solo.row[i]
    solo.row.append(_recruiting_card())
    _sync(state)
    _log(
        state,
        "you",
        told("you_recruit_from_wolfgang", profession=pid),
    )


def recruit_from_dummy(state: GameState, ev: Event) -> None:
    """`recruiting_card_used {player: 0, from_dummy: i, profession}`: a face-up card of a dummy
    player's column; the Recruiting card is discarded."""
    s = seat(state, ev)
    p = state.players[s]
    check_recruiter(state, s)
    d = ev.get("from_dummy")
    columns = solo_of(state).columns
    if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d < len(columns):
        refuse(
            "unknown_player", N_("There is no such dummy column: 1 to %(last)s"), last=len(columns)
        )
    pid = ev.get("profession")
    column = columns[d]
    i = next((i for i, e in enumerate(column) if e["face_up"] and e["card"] == pid), None)
    if i is None:
        refuse(
            "not_on_table",
            N_("Dummy player %(column)s has no face-up %(profession)s"),
            column=d + 1,
            profession=profession_named(state, pid),
        )
    pid = column[i]["card"]
    p.hand.remove(RECRUITING_CARD)
    p.hand.append(pid)
    del column[i]
    _log(
        state,
        "you",
        told("you_recruit_from_dummy", profession=pid, column=d + 1),
    )


def solo_recruiting_card_used(state: GameState, ev: Event) -> None:
    """From an opponent's table (Wolfgang's row) as in the base game, or from a dummy column."""
    if "from_dummy" in ev:
        return recruit_from_dummy(state, ev)
    s, src, pid = check_recruiting(state, ev)
    if src == WOLFGANG_SEAT:
        return recruit_from_wolfgang(state, s, pid)
    recruit(state, s, src, pid)
