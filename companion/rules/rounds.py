"""Round end (Best Work, starting player, round marker) and the end of the game."""

from __future__ import annotations

from .cards import prestige_points
from .catalog import PRESTIGE_FOR_BEST_WORK, ROUNDS
from .principality import counts


def acting_seats(state) -> list[int]:
    """Who takes a turn in the Action phase (in solo, the dummies do not)."""
    return [0, 1] if state.solo else list(range(state.n))


def next_turn(state):
    seats = acting_seats(state)
    state.turns_taken += 1
    if state.turns_taken >= len(seats):
        return end_round(state)
    state.turn = seats[(seats.index(state.turn) + 1) % len(seats)]
    if state.solo:
        from .solo import begin_solo_turn

        begin_solo_turn(state)


def end_round(state):
    from .setup import begin_round

    seats = acting_seats(state)
    best = max((state.players[s].best_this_round for s in seats), default=0)
    scored = [s for s in seats if best and state.players[s].best_this_round == best]
    for s in scored:
        state.players[s].fame += PRESTIGE_FOR_BEST_WORK
    state.rounds.append({"round": state.round, "best_work": best, "scored": scored})
    for p in state.players:
        p.fame_by_round.append(p.fame)
    state.start_player = seats[(seats.index(state.start_player) + 1) % len(seats)]
    if state.round >= ROUNDS:
        from .muse_princess import wait_for_banker

        if wait_for_banker(state):
            return None
        return end_game(state)
    begin_round(state, state.round + 1)


def principality_counts(state) -> dict[int, dict]:
    out = {}
    for s in acting_seats(state):
        p = state.players[s]
        if state.solo and s == 1:
            from .solo import wolfgang_counts

            out[s] = wolfgang_counts(state)
        else:
            out[s] = counts(p, grid=state.grid, landscape_cells=state.catalog.landscape_cells)
    return out


def end_game(state):
    state.phase = "over"
    state.turn = None
    all_counts = principality_counts(state)
    scores = []
    for s in acting_seats(state):
        p = state.players[s]
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
    top = max(x["total"] for x in scores)
    leaders = [x for x in scores if x["total"] == top]
    richest = max(x["money"] for x in leaders)
    winners = [x["player"] for x in leaders if x["money"] == richest]
    state.final = {"scores": scores, "winners": winners}
