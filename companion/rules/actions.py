"""The Action phase: each player in turn order, up to two actions."""

from __future__ import annotations

from .catalog import (
    ACTIONS_PER_TURN,
    BONUS_CARD_COST,
    BONUS_CARDS,
    BUILDING_COST_BY_BUILDERS,
    BUILDINGS,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    FREEDOM_COST,
    FREEDOMS,
    MINIMUM_WORK_VALUE,
    PRESTIGE_FOR_BUILDING,
    PROFESSION_CARD_COST,
    RECRUITING_CARD,
)
from .checks import known, my_turn, pay, phase, seat
from .principality import check_building_cells, check_room
from .refusals import refuse
from .setup import in_play
from .work import profession, work_value


def begin_action_phase(state):
    state.phase = "action"
    state.turn = state.start_player
    state.turns_taken = 0
    if state.solo:
        from .solo import begin_solo_action_phase

        begin_solo_action_phase(state)


def _acting(state, ev) -> int:
    phase(state, "action")
    s = seat(state, ev)
    my_turn(state, s)
    if state.players[s].actions >= actions_allowed(state, s):
        refuse("no_actions_left", f"{state.players[s].name} has used all their actions this turn")
    return s


def actions_allowed(state, s: int) -> int:
    """Two actions a turn; the Cardinal adds one once flipped."""
    from .muse_princess import extra_actions

    return ACTIONS_PER_TURN + extra_actions(state, s)


def building_cost(player) -> int:
    return BUILDING_COST_BY_BUILDERS[player.builders]


def work_completed(state, ev):
    s = _acting(state, ev)
    p = state.players[s]
    if ev.get("princess") is not None:
        return _princess_work(state, s, ev)
    pid = ev.get("profession")
    if pid == RECRUITING_CARD or pid not in p.hand:
        name = (
            state.catalog.professions[pid].name
            if known(pid, state.catalog.professions)
            else repr(pid)
        )
        refuse("not_in_hand", f"{p.name} has no {name} card in hand to play")
    profession(state, pid)
    bonus = ev.get("bonus_cards", [])
    if (
        not isinstance(bonus, list)
        or len(set(map(str, bonus))) != len(bonus)
        or any(b not in p.bonus_cards for b in bonus)
    ):
        refuse("bonus_card_not_in_hand", f"Play only Bonus cards {p.name} holds, each once")
    wv = work_value(state, s, pid, bonus)
    _complete(state, s, ev, wv)


def _princess_work(state, s: int, ev):
    from . import muse_princess

    if ev.get("princess") is not True:
        refuse("bad_event", "princess is true for a Work with the Princess, or left out")
    muse_princess.check_princess_work(state, s, ev)
    wv = muse_princess.princess_work_value(state, s)
    _complete(state, s, ev, wv)
    muse_princess.princess_used(state, s, wv["total"])


def _complete(state, s: int, ev, wv: dict):
    """The minimum, the payment and the PP taken, as for every Work (pp. 5-6)."""
    p = state.players[s]
    pid, bonus = wv["profession"], list(wv["bonus"])
    minimum = MINIMUM_WORK_VALUE[state.round]
    if wv["total"] < minimum:
        refuse(
            "below_minimum", f"Work Value {wv['total']} is below this round's minimum of {minimum}"
        )
    taken = ev.get("prestige", 0)
    if (
        not isinstance(taken, int)
        or isinstance(taken, bool)
        or not 0 <= taken <= wv["total"] * FLORIN_PER_WORK_VALUE // FLORIN_PER_PRESTIGE_TAKEN
    ):
        refuse(
            "bad_prestige_split",
            f"Take 0 to {wv['total'] // 2} PP instead of Florin for a Work Value of {wv['total']}",
        )
    if pid is not None:
        p.hand.remove(pid)
        p.table.append(pid)
    for b in bonus:
        p.bonus_cards.remove(b)
    p.money += wv["total"] * FLORIN_PER_WORK_VALUE - taken * FLORIN_PER_PRESTIGE_TAKEN
    p.fame += taken
    p.best_this_round = max(p.best_this_round, wv["total"])
    p.works.append(
        {
            "round": state.round,
            "profession": pid,
            "value": wv["total"],
            "prestige": taken,
            "bonus_cards": list(bonus),
        }
    )
    p.actions += 1


def building_built(state, ev):
    s = _acting(state, ev)
    p = state.players[s]
    b = ev.get("building")
    if not known(b, BUILDINGS):
        refuse("building_unknown", f"{b!r} is not a Building")
    name = BUILDINGS[b][0]
    if b in p.buildings:
        refuse(
            "building_already_built",
            f"{p.name} already has a {name}: each Building only once in a Principality",
        )
    if state.building_supply[b] <= 0:
        refuse("building_sold_out", f"No {name} is left in the supply")
    check_room(p, name, BUILDINGS[b][1], state.grid, state.catalog.landscape_cells)
    cost = building_cost(p)
    pay(state, s, cost, f"A {name}")
    cells = ev.get("cells")
    if state.grid:
        if cells is None:
            refuse("cells_required", f"This game has a grid: tap the squares the {name} covers")
        cells = check_building_cells(p, b, cells)
    elif cells is not None:
        refuse("cells_not_allowed", "This game is played without a grid: no squares needed")
    p.money -= cost
    state.building_supply[b] -= 1
    p.buildings.append(b)
    if cells is not None:
        p.pieces.append([b, [list(c) for c in cells]])
    p.fame += PRESTIGE_FOR_BUILDING
    p.actions += 1


def profession_taken(state, ev):
    s = _acting(state, ev)
    p = state.players[s]
    if p.took_profession:
        refuse("once_per_round", "Take a Profession card only once per Action phase")
    if state.profession_deck <= 0:
        refuse("deck_empty", "The Profession deck is empty")
    pid = ev.get("profession")
    profession(state, pid)
    if in_play(state, pid):
        refuse(
            "card_not_available",
            f"The {state.catalog.professions[pid].name} is not in the deck: someone already has it",
        )
    pay(state, s, PROFESSION_CARD_COST, "A Profession card")
    p.money -= PROFESSION_CARD_COST
    p.hand.append(pid)
    state.profession_deck -= 1
    p.took_profession = True
    p.actions += 1


def freedom_introduced(state, ev):
    s = _acting(state, ev)
    p = state.players[s]
    f = ev.get("freedom")
    if f not in FREEDOMS:
        refuse("freedom_unknown", f"{f!r} is not a Freedom: travel, religion or opinion")
    if p.introduced_freedom:
        refuse("once_per_round", "Introduce a Freedom only once per Action phase")
    if f in p.freedoms:
        refuse("freedom_already_introduced", f"{p.name} already has the {f.title()} Freedom")
    if state.freedom_supply[f] <= 0:
        refuse("freedom_sold_out", f"No {f.title()} Freedom is left in the supply")
    pay(state, s, FREEDOM_COST, "A Freedom")
    p.money -= FREEDOM_COST
    state.freedom_supply[f] -= 1
    p.freedoms.append(f)
    p.introduced_freedom = True
    p.actions += 1


def bonus_card_taken(state, ev):
    s = _acting(state, ev)
    p = state.players[s]
    if not state.bonus_deck:
        refuse("deck_empty", "The Bonus deck is empty")
    card = ev.get("card")
    if not known(card, BONUS_CARDS) or card not in state.bonus_deck:
        refuse("card_not_available", f"{card!r} is not a Bonus card left in the deck")
    pay(state, s, BONUS_CARD_COST, "A Bonus card")
    p.money -= BONUS_CARD_COST
    state.bonus_deck.remove(card)
    p.bonus_cards.append(card)
    p.actions += 1


def turn_ended(state, ev):
    phase(state, "action")
    s = seat(state, ev)
    my_turn(state, s)
    from .rounds import next_turn

    next_turn(state)
