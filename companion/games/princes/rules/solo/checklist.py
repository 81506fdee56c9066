"""The table's checklist (rulings S28, S29): the round's end as a step, the steps not ticked off
yet, the Done ticks (`solo_step_done`) and who rolls the die (`die_mode_changed`)."""

from __future__ import annotations

from ..automa import WOLFGANG_SEAT
from ..catalog import (
    MINIMUM_WORK_VALUE,
    PRESTIGE_FOR_BEST_WORK,
    ROUNDS,
)
from ..module import Event
from ..refusals import N_, refuse, said
from ..solo_state import solo_of
from ..state import GameState
from .moves import _log, snapshot
from .steps import DIE_SOURCES, ME, SETUP_STEP


def solo_round_end(state: GameState) -> None:
    """The round's end as a step of the table's checklist (Solo rules, "Round end"): Best
    Work between you and Wolfgang, the Starting Player marker, the Round marker."""
    done = state.rounds[-1]
    r, best, scored = done["round"], done["best_work"], done["scored"]
    forward = {
        ME: N_("Move your Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
        WOLFGANG_SEAT: N_("Move Wolfgang's Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
    }
    moves = [said(forward[x], pp=PRESTIGE_FOR_BEST_WORK, best=best) for x in scored]
    before = snapshot(state)  # the base game has scored the Best Work already
    for x in scored:
        before[x]["fame"] -= PRESTIGE_FOR_BEST_WORK
    if not scored:
        words = said(
            N_("Round %(round)s ends: nobody completed a Work, so nobody scores the Best Work"),
            round=r,
        )
    elif len(scored) == 1:
        words = said(
            N_("Round %(round)s ends: your Work of %(best)s is the best: %(pp)s PP")
            if scored[0] == ME
            else N_("Round %(round)s ends: Wolfgang's Work of %(best)s is the best: %(pp)s PP"),
            round=r,
            best=best,
            pp=PRESTIGE_FOR_BEST_WORK,
        )
        moves.append(said(N_("Take the Pawns off the Fame track")))
    else:
        words = said(
            N_(
                "Round %(round)s ends: you and Wolfgang tie for the best Work (%(best)s): "
                "%(pp)s PP each"
            ),
            round=r,
            best=best,
            pp=PRESTIGE_FOR_BEST_WORK,
        )
        moves.append(said(N_("Take the Pawns off the Fame track")))
    if r >= ROUNDS:
        _log(
            state,
            "table",
            said(N_("%(words)s; the game is over"), words=words),
            [*moves, said(N_("Reveal and score the Prestige cards"))],
            before,
        )
        return
    you = state.start_player == ME
    _log(
        state,
        "table",
        said(
            N_("%(words)s; you start round %(round)s")
            if you
            else N_("%(words)s; Wolfgang starts round %(round)s"),
            words=words,
            round=r + 1,
        ),
        [
            *moves,
            said(N_("Pass the Starting Player marker to you"))
            if you
            else said(N_("Pass the Starting Player marker to Wolfgang")),
            said(
                N_("Move the Round marker to round %(round)s (minimum Work Value %(minimum)s)"),
                round=r + 1,
                minimum=MINIMUM_WORK_VALUE[r + 1],
            ),
            said(N_("Then Palazzo draws round %(round)s's Automa card"), round=r + 1)
            if solo_of(state).digital
            else said(
                N_("Then draw the top Automa card for round %(round)s's auction"), round=r + 1
            ),
        ],
        before,
    )


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
    _log(
        state,
        "you",
        said(N_("From now on Palazzo rolls the die"))
        if die == "app"
        else said(N_("From now on you roll the physical die and tap what it shows")),
    )
