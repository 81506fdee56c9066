"""Who sees what: the contract's state summary, the table's public view, a seat's private view.

Money, hands, Bonus and Prestige cards are private to their owner until the game ends (and
Wolfgang's cards are face down to everyone but the rules that flip them).
"""

from __future__ import annotations

from .catalog import DEFAULT_EDITION, MINIMUM_WORK_VALUE
from .module import merge
from .principality import empty_spaces
from .rounds import whose_turn
from .state import GameState


def current_player(state: GameState) -> int | None:
    """The seat the game waits for now, as the current phase declares it."""
    if state.phase in ("not_started", "over"):
        return None
    return whose_turn(state)


def minimum_work_value(state: GameState) -> int | None:
    return MINIMUM_WORK_VALUE.get(state.round)


def player_summary(state: GameState, seat: int) -> dict:
    p = state.players[seat]
    return {
        "name": p.name,
        "money": p.money,
        "fame": p.fame,
        "jesters": p.jesters,
        "builders": p.builders,
        "buildings": list(p.buildings),
        "landscapes": dict(p.landscapes),
        "freedoms": list(p.freedoms),
        "hand": list(p.hand),
        "table": list(p.table),
        "bonus_cards": list(p.bonus_cards),
        "prestige_cards": list(p.prestige_cards),
        "empty_spaces": empty_spaces(p, state.grid, state.catalog.landscape_cells),
        **merge(state, "player_summary", seat),
    }


def summary(state: GameState) -> dict:
    """The state as `palazzo replay --json` prints it (the log contract)."""
    out = {
        "round": state.round,
        "phase": state.phase,
        "current_player": current_player(state),
        "players": [player_summary(state, s) for s in range(state.n)],
    }
    if state.edition != DEFAULT_EDITION:  # played by the older edition (catalog.EDITIONS)
        out["edition"] = state.edition
    out.update(merge(state, "summary"))
    if state.final:
        out["final"] = state.final
    return out


PRIVATE = ("money", "hand", "bonus_cards", "prestige_cards")


def public_player(state: GameState, seat: int) -> dict:
    """What the table sees of a Principality: pieces, counts, fame; never purse or hand."""
    d = player_summary(state, seat)
    p = state.players[seat]
    for key in PRIVATE:
        d.pop(key)
    d.update(
        seat=seat,
        hand_size=len(p.hand),
        bonus_cards_held=len(p.bonus_cards),
        prestige_cards_held=len(p.prestige_cards),
        pieces=p.pieces,
        best_this_round=p.best_this_round,
        has_pawn=p.has_pawn,
        acquired=p.acquired,
        works=[
            {"round": w["round"], "profession": w["profession"], "value": w["value"]}
            for w in p.works
        ],
        fame_by_round=list(p.fame_by_round),
    )
    if state.phase == "over":  # the rules reveal everything at the end
        d.update(money=p.money, prestige_cards=list(p.prestige_cards))
    return d


def public_view(state: GameState) -> dict:
    a = state.auction
    cur = a.get("current")
    return {
        "round": state.round,
        "phase": state.phase,
        "minimum_work_value": minimum_work_value(state),
        "start_player": state.start_player,
        "current_player": current_player(state),
        "turn": state.turn,
        "grid": state.grid,
        "edition": state.edition,
        "auction": {
            "opener": a["opener"],
            "taken": list(a["taken"]),
            "pending": [dict(x) for x in a["pending"]],
            "current": dict(cur) if cur else None,
            "results": list(a.get("results", [])),
        },
        "players": [public_player(state, s) for s in range(state.n)],
        "supply": {
            "stacks": dict(state.stacks),
            "buildings": dict(state.building_supply),
            "freedoms": dict(state.freedom_supply),
            "profession_deck": state.profession_deck,
            "bonus_deck": len(state.bonus_deck),
            "prestige_deck": len(state.prestige_deck),
        },
        "rounds": list(state.rounds),
        "final": state.final,
        **merge(state, "public_view"),
    }


def seat_view(state: GameState, seat: int) -> dict:
    """The public view plus this seat's own secrets, and nobody else's."""
    view = public_view(state)
    p = state.players[seat]
    view["me"] = {
        **view["players"][seat],
        "money": p.money,
        "hand": list(p.hand),
        "bonus_cards": list(p.bonus_cards),
        "prestige_cards": list(p.prestige_cards),
    }
    view["seat"] = seat
    return view
