"""The table's checklist (rulings S28, S29): the round's end as a step, the steps not ticked off
yet, the Done ticks (`solo_step_done`) and who rolls the die (`die_mode_changed`)."""

from __future__ import annotations

from ..catalog import (
    MINIMUM_WORK_VALUE,
    PRESTIGE_FOR_BEST_WORK,
    ROUNDS,
)
from ..module import Event
from ..refusals import N_, refuse
from ..solo_state import solo_of
from ..state import GameState
from ..told import told
from .moves import _log, snapshot
from .steps import DIE_SOURCES, SETUP_STEP


def solo_round_end(state: GameState) -> None:
    """The round's end as a step of the table's checklist (Solo rules, "Round end"): Best
    Work between you and Wolfgang, the Starting Player marker, the Round marker."""
    done = state.rounds[-1]
    r, best, scored = done["round"], done["best_work"], done["scored"]
    moves = [told("best_work_fame", seat=x, pp=PRESTIGE_FOR_BEST_WORK, best=best) for x in scored]
    before = snapshot(state)  # the base game has scored the Best Work already
    for x in scored:
        before[x]["fame"] -= PRESTIGE_FOR_BEST_WORK
    if scored:
        moves.append(told("pawns_off"))
    over = r >= ROUNDS
    fact = told(
        "round_ends",
        round=r,
        scored=list(scored),
        best=best,
        pp=PRESTIGE_FOR_BEST_WORK,
        starts=None if over else state.start_player,
    )
    if over:
        _log(state, "table", fact, [*moves, told("reveal_prestige")], before)
        return
    moves += [
        told("pass_start_marker", seat=state.start_player),
        told("round_marker", round=r + 1, minimum=MINIMUM_WORK_VALUE[r + 1]),
        told("next_auction_card", round=r + 1, digital=solo_of(state).digital),
    ]
    _log(state, "table", fact, moves, before)


def checklist(state: GameState) -> list[dict]:
    """The steps of the table's checklist not ticked off yet, oldest first (the setup, n 0, is
    the web page's: it knows how the die and the deck are played)."""
    solo = solo_of(state)
    return [x for x in solo.log if x.get("moves") and x["n"] not in solo.done]


def as_on_table(state: GameState) -> GameState:
    """The game as the table shows it: the changes of the checklist's steps not ticked off yet
    are not made on the table yet. A misread fixed is told as the difference between this
    before and after the fix (`misread.table_changes`), so a step not yet done is told once,
    by the checklist, and a step done by the difference only."""
    shown = state.clone()
    for entry in checklist(state):
        for p, change in zip(shown.players, entry.get("changes") or (), strict=False):
            p.money -= change["money"]
            p.fame -= change["fame"]
            for card in change["face_up"]:
                if card in p.table:
                    p.table.remove(card)
            for b in change["buildings"]:
                if b in p.buildings:
                    p.buildings.remove(b)
    return shown


def solo_step_done(state: GameState, ev: Event) -> None:
    """`solo_step_done {n}`: the table made the physical moves of checklist step `n`."""
    n = ev.get("n")
    solo = solo_of(state)
    if not isinstance(n, int) or isinstance(n, bool):
        refuse("bad_event", N_("n is the number of the step done"))
    if n in solo.done:
        refuse("step_already_done", N_("That step is already ticked off"))
    if n != SETUP_STEP and not any(x["n"] == n and x.get("moves") for x in solo.log):
        refuse("no_such_step", N_("There is no such step on the checklist"))
    # all checks passed
    solo.done.append(n)


def die_mode_changed(state: GameState, ev: Event) -> None:
    """`die_mode_changed {die: table|app}`: who rolls the die from now on (the physical die or
    Palazzo's own); kept in the log so every device and every replay knows."""
    die = ev.get("die")
    if die not in DIE_SOURCES:
        refuse("bad_die", N_("die is table (the physical die) or app (Palazzo rolls)"))
    # all checks passed
    solo_of(state).die = die
    _log(state, "you", told("die_mode", die=die))
