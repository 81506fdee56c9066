"""The Action phase: each player in turn order, up to two actions.

Phase, turn, the actions left and the once-per-turn kinds are checked by the engine from the
phase's declaration (base.py) before a handler here runs; the handlers check the action itself.
"""

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
    ONCE_PER_TURN,
    PRESTIGE_FOR_BUILDING,
    PROFESSION_CARD_COST,
    RECRUITING_CARD,
)
from .checks import known, pay, seat
from .module import Event, chain
from .principality import buildings_of, check_building_cells, check_room, has_room
from .refusals import N_, Named, refuse, said
from .rounds import next_turn, start_turn
from .setup import in_play
from .state import GameState, Player
from .work import profession, profession_id, work_value


def begin_action_phase(state: GameState) -> None:
    state.turn = state.start_player
    state.turns_taken = 0
    start_turn(state)


def whose_turn(state: GameState) -> int | None:
    return state.turn


def actions_allowed(state: GameState, s: int) -> int:
    """How many actions seat `s` may take this turn (2; a module may allow more)."""
    return chain(state, "actions_per_turn", ACTIONS_PER_TURN, s)


def once_per_turn(state: GameState, s: int) -> dict[str, str]:
    """The actions `s` may take only once this turn, with what the table is told."""
    return chain(state, "once_per_turn", dict(ONCE_PER_TURN), s)


def check_action_left(state: GameState, s: int, kind: str) -> None:
    """Seat `s` has an action left this turn for an action of `kind` (which may be allowed only
    once per turn): the engine asks it before each `Move(action=True)`, a module's handler for
    an action it counts later."""
    p = state.players[s]
    allowed = actions_allowed(state, s)
    if p.actions >= allowed:
        if allowed == 2:
            refuse("no_actions_left", N_("%(name)s has used both actions this turn"), name=p.name)
        refuse(
            "no_actions_left",
            N_("%(name)s has used all %(allowed)s actions this turn"),
            name=p.name,
            allowed=allowed,
        )
    once = once_per_turn(state, s)
    if kind in once and kind in p.once_used:
        refuse("once_per_round", once[kind])


def use_action(state: GameState, s: int, kind: str) -> None:
    """Count one of the turn's actions (and a once-per-turn kind) for seat `s`; the engine
    does it after each `Move(action=True)`, a module's handler for an action it counts later."""
    p = state.players[s]
    p.actions += 1
    if kind in once_per_turn(state, s):
        p.once_used.append(kind)


# what an action buys, as a refusal to pay for it names it (said once: a Named never changes)
A_PROFESSION_CARD = said(N_("A Profession card"))
A_FREEDOM = said(N_("A Freedom"))
A_BONUS_CARD = said(N_("A Bonus card"))


def building_cost(player: Player) -> int:
    """What building costs: set by the builder's own Builders."""
    return BUILDING_COST_BY_BUILDERS[player.builders]


def work_completed(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    pid = ev.get("profession")
    if pid == RECRUITING_CARD or pid not in p.hand:
        card = (
            Named("professions", pid, state.catalog.professions[pid].name)
            if known(pid, state.catalog.professions)
            else repr(pid)
        )
        refuse(
            "not_in_hand",
            N_("%(name)s has no %(card)s card in hand to play"),
            name=p.name,
            card=card,
        )
    profession(state, pid)
    bonus = ev.get("bonus_cards", [])
    if (
        not isinstance(bonus, list)
        or len(set(map(str, bonus))) != len(bonus)
        or any(b not in p.bonus_cards for b in bonus)
    ):
        refuse(
            "bonus_card_not_in_hand",
            N_("Play only Bonus cards %(name)s holds, each once"),
            name=p.name,
        )
    wv = work_value(state, s, pid, bonus)
    check_work_value(state, wv["total"])
    taken = check_prestige_taken(wv["total"], ev.get("prestige", 0))
    p.hand.remove(pid)
    p.table.append(pid)
    for b in bonus:
        p.bonus_cards.remove(b)
    record_work(state, s, pid, wv["total"], taken, bonus)


def check_work_value(state: GameState, total: int) -> None:
    minimum = MINIMUM_WORK_VALUE[state.round]
    if total < minimum:
        refuse(
            "below_minimum",
            N_("Work Value %(total)s is below this round's minimum of %(minimum)s"),
            total=total,
            minimum=minimum,
        )


def check_prestige_taken(total: int, taken: object) -> int:
    """0 up to half the Work Value may be taken as PP instead of Florin (pp. 5-6)."""
    if (
        not isinstance(taken, int)
        or isinstance(taken, bool)
        or not 0 <= taken <= total * FLORIN_PER_WORK_VALUE // FLORIN_PER_PRESTIGE_TAKEN
    ):
        refuse(
            "bad_prestige_split",
            N_("Take 0 to %(most)s PP instead of Florin for a Work Value of %(total)s"),
            most=total // 2,
            total=total,
        )
    return taken


def record_work(
    state: GameState, s: int, card: str | None, total: int, taken: int, bonus: list[str]
) -> None:
    """A completed Work pays out and counts for Best Work (any way of completing one)."""
    p = state.players[s]
    p.money += total * FLORIN_PER_WORK_VALUE - taken * FLORIN_PER_PRESTIGE_TAKEN
    p.fame += taken
    p.best_this_round = max(p.best_this_round, total)
    p.works.append(
        {
            "round": state.round,
            "profession": card,
            "value": total,
            "prestige": taken,
            "bonus_cards": list(bonus),
        }
    )


def check_in_supply(state: GameState, b: str) -> None:
    """A Building needs a tile left in the supply, whoever builds it (a neighbour too)."""
    if state.building_supply[b] <= 0:
        refuse(
            "building_sold_out",
            N_("No %(building)s is left in the supply"),
            building=Named("buildings", b, BUILDINGS[b][0]),
        )


def building_built(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    if ev.get("border") is not None:  # the cooperative module reads it (build_alone)
        refuse(
            "expansion_not_enabled",
            N_("A neighbour's border is on the shared board of the Cooperative Building expansion"),
        )
    b = ev.get("building")
    if not known(b, BUILDINGS):
        refuse("building_unknown", N_("%(value)s is not a Building"), value=repr(b))
    name = BUILDINGS[b][0]
    if b in buildings_of(state, s):
        refuse(
            "building_already_built",
            N_("%(name)s already has a %(building)s: each Building only once in a Principality"),
            name=p.name,
            building=Named("buildings", b, name),
        )
    check_in_supply(state, b)
    cells_of = state.catalog.landscape_cells
    if not has_room(p, BUILDINGS[b][1], state.grid, cells_of):
        check_room(p, Named("buildings", b, name), BUILDINGS[b][1], state.grid, cells_of)
    cost = building_cost(p)
    pay(state, s, cost, Named("buildings", b, f"A {name}"))
    cells = ev.get("cells")
    if state.grid:
        if cells is None:
            refuse(
                "cells_required",
                N_("This game has a grid: tap the squares the %(piece)s covers"),
                piece=Named("buildings", b, name),
            )
        cells = check_building_cells(p, b, cells)
    elif cells is not None:
        refuse("cells_not_allowed", N_("This game is played without a grid: no squares needed"))
    p.money -= cost
    state.building_supply[b] -= 1
    p.buildings.append(b)
    if cells is not None:
        p.pieces.append([b, [list(c) for c in cells]])
    p.fame += PRESTIGE_FOR_BUILDING


def profession_taken(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    if state.profession_deck <= 0:
        refuse("deck_empty", N_("The Profession deck is empty"))
    pid = profession_id(state, ev.get("profession"))
    if in_play(state, pid):
        # One answer wherever the card is (this seat's hand, face up, another's hidden hand):
        # with two players, any other answer would say which card the opponent holds.
        refuse(
            "card_not_available",
            N_(
                "Palazzo cannot record the %(card)s as drawn: by what the table recorded, it is "
                "not in the deck. Check the card you drew; if it is the %(card)s, a card was "
                "recorded wrong earlier: ask the host to look."
            ),
            card=Named("professions", pid, state.catalog.professions[pid].name),
        )
    pay(state, s, PROFESSION_CARD_COST, A_PROFESSION_CARD)
    p.money -= PROFESSION_CARD_COST
    p.hand.append(pid)
    state.profession_deck -= 1


def freedom_introduced(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    f = ev.get("freedom")
    if f not in FREEDOMS:
        refuse(
            "freedom_unknown",
            N_("%(value)s is not a Freedom: travel, religion or opinion"),
            value=repr(f),
        )
    if f in p.freedoms:
        refuse(
            "freedom_already_introduced",
            N_("%(name)s already has the %(freedom)s Freedom"),
            name=p.name,
            freedom=Named("freedoms", f, f.title()),
        )
    if state.freedom_supply[f] <= 0:
        refuse(
            "freedom_sold_out",
            N_("No %(freedom)s Freedom is left in the supply"),
            freedom=Named("freedoms", f, f.title()),
        )
    pay(state, s, FREEDOM_COST, A_FREEDOM)
    p.money -= FREEDOM_COST
    state.freedom_supply[f] -= 1
    p.freedoms.append(f)


def bonus_card_taken(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    if not state.bonus_deck:
        refuse("deck_empty", N_("The Bonus deck is empty"))
    card = ev.get("card")
    if not known(card, BONUS_CARDS) or card not in state.bonus_deck:
        refuse(
            "card_not_available",
            N_("%(value)s is not a Bonus card left in the deck"),
            value=repr(card),
        )
    pay(state, s, BONUS_CARD_COST, A_BONUS_CARD)
    p.money -= BONUS_CARD_COST
    state.bonus_deck.remove(card)
    p.bonus_cards.append(card)


def turn_ended(state: GameState, ev: Event) -> None:
    next_turn(state)
