"""The flow of a game: rounds, their phases in order, turns, and the end of the game.

Which phases a round has comes from the modules' declarations (`module.Combo`), so a module
adds a phase (the Character Auction) without this file knowing it. A handler that finishes its
phase calls `end_phase`; the flow enters the next one, or ends the round or the game.
"""

from __future__ import annotations

from typing import Any

from .cards import prestige_points
from .catalog import PRESTIGE_FOR_BEST_WORK, ROUNDS
from .module import GAME_END, ROUND, combo, first, run
from .principality import buildings_of, counts
from .state import GameState


def begin_round(state: GameState, number: int) -> None:
    state.round = number
    state.turn = None
    state.turns_taken = 0
    for p in state.players:
        p.acquired = None
        p.left_auctions = False
        p.actions = 0
        p.once_used = []
        p.best_this_round = 0
    run(state, "round_start")
    _enter(state, combo(state).order[ROUND], 0)


def end_phase(state: GameState) -> None:
    """The current phase is over: on to the next phase of the round (or of the game's end)."""
    order = combo(state).order
    when = GAME_END if state.phase in order[GAME_END] else ROUND
    _enter(state, order[when], order[when].index(state.phase) + 1)


def _enter(state: GameState, order: list[str], i: int) -> None:
    phases = combo(state).phases
    while i < len(order):
        entry = phases[order[i]]
        active = entry.get("active")
        if active is None or active(state):
            state.phase = order[i]
            for begin in entry["begin"]:
                begin(state)
            return
        i += 1
    if order is combo(state).order[ROUND]:
        end_round(state)
    else:
        score_the_game(state)


def whose_turn(state: GameState) -> int | None:
    """Who the current phase waits for (None: nobody in particular)."""
    game = combo(state)  # asked for every move made in turn: the modules looked up once
    entry = game.phases.get(state.phase)
    seat = entry["whose"](state) if entry and entry["whose"] else None
    if seat is None:
        return None
    for hook in game.hooks["acting_seat"]:
        seat = hook(state, seat)
    return seat


def next_turn(state: GameState) -> None:
    state.turns_taken += 1
    if state.turns_taken >= state.n:
        return end_phase(state)
    state.turn = (state.turn + 1) % state.n if state.turn is not None else state.start_player
    start_turn(state)


def start_turn(state: GameState) -> None:
    player = state.players[state.turn] if state.turn is not None else None
    if player is not None:
        player.actions = 0
        player.once_used = []
    run(state, "turn_start")


def end_round(state: GameState) -> None:
    """Best Work scores, the starting player moves on, then the next round or the end."""
    seats = range(state.n)
    best = max((state.players[s].best_this_round for s in seats), default=0)
    scored = [s for s in seats if best and state.players[s].best_this_round == best]
    for s in scored:
        state.players[s].fame += PRESTIGE_FOR_BEST_WORK
    state.rounds.append({"round": state.round, "best_work": best, "scored": scored})
    for p in state.players:
        p.fame_by_round.append(p.fame)
    state.start_player = (state.start_player + 1) % state.n
    run(state, "round_end")
    if state.round >= ROUNDS:
        return end_game(state)
    begin_round(state, state.round + 1)


def principality_counts(state: GameState) -> dict[int, dict[str, Any]]:
    """What Prestige cards compare, for every Principality."""
    out = {}
    for s, p in enumerate(state.players):
        own = first(state, "principality_counts", s)
        out[s] = (
            own
            if own is not None
            else counts(
                p,
                grid=state.grid,
                landscape_cells=state.catalog.landscape_cells,
                buildings=buildings_of(state, s),
            )
        )
    return out


def end_game(state: GameState) -> None:
    """After round 7: the game-end phases modules declare (they may wait for events), then
    the final scoring."""
    state.turn = None
    _enter(state, combo(state).order[GAME_END], 0)


def score_the_game(state: GameState) -> None:
    run(state, "game_end")
    state.phase = "over"
    state.turn = None
    all_counts = principality_counts(state)
    scores: list[dict[str, Any]] = []
    for s, p in enumerate(state.players):
        cards = {c: prestige_points(c, s, all_counts) for c in p.prestige_cards}
        scores.append(
            {
                "player": s,
                "fame": p.fame,
                "prestige_cards": cards,
                "total": p.fame + sum(cards.values()),
                "money": p.money,
            }
        )
    run(state, "final_scoring", scores)
    top = max(x["total"] for x in scores)
    leaders = [x for x in scores if x["total"] == top]
    richest = max(x["money"] for x in leaders)
    winners = [x["player"] for x in leaders if x["money"] == richest]
    state.final = {"scores": scores, "winners": winners}
