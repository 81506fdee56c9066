"""Cooperative Building (rulebook, Cooperative Building expansion, p. 16; rulings C1-C7).

A Building two neighbours share needs both players' consent, so it takes two events: the
builder's `cooperation_proposed` on their turn, and the partner's own `cooperation_accepted`
(or `cooperation_declined`). Until the answer the game waits (ruling C2). Once built, the
Building counts in both Principalities for all purposes: the module shares it with the partner
through the `shared_buildings` hook, so Work Values, Bonus and Prestige cards and "each Building
once" read it from both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field

from .actions import (
    building_built,
    building_cost,
    check_action_left,
    check_in_supply,
    use_action,
)
from .catalog import (
    BORDER_BUILDERS,
    BORDER_BUILDERS_ANYTHING,
    BUILDINGS,
    COOPERATION_PAYMENT_STEP,
    PRESTIGE_FOR_BUILDING,
    SQUARES_CHARGED_PER_SHARED_BUILDING,
)
from .checks import known, seat, selling_allowed
from .editions import edition, refuse_per_book
from .module import Event, Module, Move, Part, Phase, register
from .principality import buildings_of, empty_spaces
from .refusals import N_, Named, listed, refuse
from .schema import BuildingId, Cells, Code, Seat
from .schema import Event as EventShape
from .state import GameState

NAME = "cooperative"
PROPOSED, ACCEPTED, DECLINED = (
    "cooperation_proposed",
    "cooperation_accepted",
    "cooperation_declined",
)
# -- its events -------------------------------------------------------------------------------


class CooperationProposed(EventShape):
    TITLE = N_("Proposing a cooperative Building")
    type: Literal["cooperation_proposed"]
    player: Seat
    partner: Seat
    building: BuildingId
    partner_payment: Annotated[
        int, Field(ge=0, le=1_000_000), Code("bad_payment", hint=N_("0 Florin or more, in 100s"))
    ]
    cells: Annotated[Cells | None, Code("cells_not_allowed")] = None


class CooperationAccepted(EventShape):
    TITLE = N_("Accepting a cooperative Building")
    type: Literal["cooperation_accepted"]
    player: Seat


class CooperationDeclined(EventShape):
    TITLE = N_("Declining a cooperative Building")
    type: Literal["cooperation_declined"]
    player: Seat


EVENTS: tuple[type[EventShape], ...] = (
    CooperationProposed,
    CooperationAccepted,
    CooperationDeclined,
)

# What may still be recorded while a proposal waits for its answer (ruling C2).
WHILE_PENDING = {ACCEPTED, DECLINED, "fame_sold"}


@dataclass
class Proposal(Part):
    """The proposal waiting for the partner's answer, if any."""

    pending: dict | None = None  # {player, partner, building, partner_payment}
    # the last negotiation that failed: {player, round, actions} (the builder's action it
    # belonged to), for the editions that allow no second one (difference 4)
    failed: dict | None = None


@dataclass
class Shared(Part):
    """The cooperative Buildings in one Principality: each is in both partners' Principalities
    ("counts as being in both players' Principalitys for all purposes")."""

    buildings: list[dict] = field(default_factory=list)  # [{building, builder, partner}]

    def squares_covered(self) -> int:
        return SQUARES_CHARGED_PER_SHARED_BUILDING * len(self.buildings)


def in_game(state: GameState) -> bool:
    return NAME in state.modules


def open_proposal(state: GameState) -> dict | None:
    """The proposal waiting for its answer, if this game has one."""
    return state.part(NAME).pending if in_game(state) else None


def neighbours(state: GameState, s: int) -> list[int]:
    """The seats either side (ruling C1); with 2 players, the other one."""
    return sorted({(s - 1) % state.n, (s + 1) % state.n} - {s})


def proposal(s: int, partner: int, building: str, payment: int) -> Event:
    """The event a builder's phone sends."""
    return {
        "type": PROPOSED,
        "player": s,
        "partner": partner,
        "building": building,
        "partner_payment": payment,
    }


def shared_with(state: GameState, s: int) -> list[str]:
    """The cooperative Buildings in `s`'s Principality (the `shared_buildings` hook)."""
    return [b["building"] for b in state.players[s].part(NAME).buildings]


def built(state: GameState) -> list[dict]:
    """Every cooperative Building, once, in the order built."""
    return [
        dict(b)
        for s, p in enumerate(state.players)
        for b in p.part(NAME).buildings
        if b["builder"] == s
    ]


# --- the events -------------------------------------------------------------------------------


def proposed(state: GameState, ev: Event) -> None:
    """On the builder's turn (the engine checks it), with an action left: the action itself is
    used only when the partner accepts. The older books allow one negotiation per Build a
    Building action: after a failed one, build alone or give up building (difference 4)."""
    s = seat(state, ev)
    check_action_left(state, s, "building_built")
    if failed_this_action(state, s) and not edition(state).renegotiate:
        refuse_per_book(
            state,
            "failed_negotiation",
            "negotiation_failed",
            N_(
                "The negotiation failed: by this rulebook, build the Building alone or give up "
                "building; there is no second negotiation"
            ),
        )
    state.part(NAME).pending = check_offer(state, ev)


def failed_this_action(state: GameState, s: int) -> bool:
    """Did a negotiation of `s`'s current action fail (declined or withdrawn)?"""
    failed = state.part(NAME).failed
    return failed == {"player": s, "round": state.round, "actions": state.players[s].actions}


def build_alone(state: GameState, ev: Event) -> None:
    """Build a Building alone, by the "Additional rule for building alone" (p. 17): along a
    neighbour's border (`border`: what their side holds there, which the table sees on the
    shared board) only with 1 Builder and none of the edition's blockers there, or with 2 or
    more Builders (difference 2). Then the base game's Build a Building."""
    facing = ev.get("border")
    if facing is not None:
        builders = state.players[seat(state, ev)].builders
        blocked = edition(state).border_blocked_by
        if builders < BORDER_BUILDERS:
            refuse_per_book(
                state,
                "building_alone_at_border",
                "border_needs_builders",
                N_(
                    "Building alone along a neighbour's border takes at least %(least)s "
                    "Builder; build it away from the border"
                ),
                least=BORDER_BUILDERS,
            )
        if builders < BORDER_BUILDERS_ANYTHING and facing in blocked:
            refuse_per_book(
                state,
                "building_alone_at_border",
                "border_needs_builders",
                N_(
                    "With 1 Builder a Building built alone may not lie along a neighbour's "
                    "border where their side holds a Building: that takes %(least)s Builders"
                )
                if facing == "building"
                else N_(
                    "With 1 Builder a Building built alone may not lie along a neighbour's "
                    "border where their side holds a Landscape: that takes %(least)s Builders"
                ),
                least=BORDER_BUILDERS_ANYTHING,
            )
    building_built(state, {k: v for k, v in ev.items() if k != "border"})


def accepted(state: GameState, ev: Event) -> None:
    offer = answering(state, ev, accepting=True)
    check_offer(state, offer)  # as proposed, on the state of now (fame may have been sold)
    builder, partner = state.players[offer["player"]], state.players[offer["partner"]]
    payment = offer["partner_payment"]
    if partner.money < payment:
        refuse(
            "cannot_afford",
            N_(
                "The payment is %(payment)s Florin and you have %(money)s (sell fame first to raise it, or decline)"
            )
            if partner.fame and selling_allowed(state)
            else N_("The payment is %(payment)s Florin and you have %(money)s: decline it"),
            payment=payment,
            money=partner.money,
        )
    cost = building_cost(builder)
    # all checks passed: the partner pays first, then the builder pays the Bank
    partner.money -= payment
    builder.money += payment - cost
    b = offer["building"]
    state.building_supply[b] -= 1
    record = {"building": b, "builder": offer["player"], "partner": offer["partner"]}
    builder.part(NAME).buildings.append(dict(record))
    partner.part(NAME).buildings.append(dict(record))
    state.part(NAME).pending = None
    builder.fame += PRESTIGE_FOR_BUILDING
    partner.fame += PRESTIGE_FOR_BUILDING
    use_action(state, offer["player"], "building_built")  # the builder's, not the partner's


def declined(state: GameState, ev: Event) -> None:
    offer = answering(state, ev, accepting=False)
    builder = offer["player"]
    state.part(NAME).pending = None
    if not edition(state).renegotiate:  # otherwise a failure changes nothing (ruling C2)
        state.part(NAME).failed = {
            "player": builder,
            "round": state.round,
            "actions": state.players[builder].actions,
        }


def answering(state: GameState, ev: Event, *, accepting: bool) -> dict:
    """The open proposal `ev`'s seat may answer: the partner accepts or declines; the builder
    may withdraw it (decline), never accept it."""
    s = seat(state, ev)
    offer = state.part(NAME).pending
    if offer is None:
        refuse("no_proposal", N_("Nobody has proposed a cooperative Building to answer"))
    allowed = (offer["partner"],) if accepting else (offer["partner"], offer["player"])
    if s not in allowed:
        builder, partner = state.players[offer["player"]], state.players[offer["partner"]]
        refuse(
            "not_partner",
            N_("Only %(partner)s answers %(builder)s's proposal")
            if accepting
            else N_(
                "Only %(partner)s answers %(builder)s's proposal (or %(builder)s withdraws it)"
            ),
            partner=partner.name,
            builder=builder.name,
        )
    return offer


def check_offer(state: GameState, ev: Event) -> dict:
    """Everything a proposal must satisfy that the builder may know; the partner's purse is
    checked only on the partner's own acceptance (ruling C3)."""
    s = seat(state, ev)
    partner = seat(state, ev, "partner")
    if partner not in neighbours(state, s):
        refuse(
            "not_neighbour",
            N_("A cooperative Building is built with a neighbour: %(neighbours)s, not %(name)s"),
            neighbours=listed(
                [state.players[x].name for x in neighbours(state, s)], N_("%(one)s or %(other)s")
            ),
            name=state.players[partner].name,
        )
    b = ev.get("building")
    if not isinstance(b, str) or not known(b, BUILDINGS):
        refuse(
            "building_unknown",
            N_("Name one of the ten Buildings: %(value)s is none"),
            value=repr(str(b)[:40]),
        )
    name = BUILDINGS[b][0]
    for x in (s, partner):
        if b in buildings_of(state, x):
            refuse(
                "building_already_built",
                N_(
                    "%(name)s's Principality already has a %(building)s: neither may already "
                    "have that Building"
                ),
                name=state.players[x].name,
                building=Named("buildings", b, name),
            )
    check_in_supply(state, b)
    payment = ev.get("partner_payment")
    if (
        not isinstance(payment, int)
        or isinstance(payment, bool)
        or payment < 0
        or payment % COOPERATION_PAYMENT_STEP
    ):
        refuse(
            "bad_payment",
            N_("The partner pays 0 Florin or more, in %(step)ss, not %(payment)s"),
            step=COOPERATION_PAYMENT_STEP,
            payment=repr(payment),
        )
    check_shared_room(state, s, partner, b)
    if ev.get("cells") is not None:
        refuse("cells_not_allowed", N_("This game is played without a grid: no squares needed"))
    builder = state.players[s]
    cost = building_cost(builder)
    if builder.money + payment < cost:
        refuse(
            "cannot_afford",
            N_(
                "A %(building)s costs you %(cost)s Florin (your Builders set it): with the "
                "%(payment)s %(partner)s would pay you, you have %(money)s (sell fame first "
                "to raise the money)"
            )
            if builder.fame and selling_allowed(state)
            else N_(
                "A %(building)s costs you %(cost)s Florin (your Builders set it): with the "
                "%(payment)s %(partner)s would pay you, you have %(money)s"
            ),
            building=Named("buildings", b, name),
            cost=cost,
            payment=payment,
            partner=state.players[partner].name,
            money=builder.money + payment,
        )
    return {"player": s, "partner": partner, "building": b, "partner_payment": payment}


def check_shared_room(state: GameState, s: int, partner: int, b: str) -> None:
    """Ruling C6: at least 1 empty square on each side, and the Building's size in all."""
    name, size = BUILDINGS[b]
    free = {
        x: empty_spaces(state.players[x], state.grid, state.catalog.landscape_cells)
        for x in (s, partner)
    }
    for x, empty in free.items():
        if empty is not None and empty < SQUARES_CHARGED_PER_SHARED_BUILDING:
            refuse(
                "no_room",
                N_(
                    "%(name)s's Principality has no empty square left: a cooperative Building "
                    "needs at least one on each side"
                ),
                name=state.players[x].name,
            )
    counted = [v for v in free.values() if v is not None]
    if len(counted) == len(free) and sum(counted) < size:
        refuse(
            "no_room",
            N_(
                "%(name)s and %(partner)s have %(empty)s empty squares between them: "
                "a %(building)s covers %(size)s"
            ),
            name=state.players[s].name,
            partner=state.players[partner].name,
            empty=sum(counted),
            building=Named("buildings", b, name),
            size=size,
        )


def summary(state: GameState) -> dict[str, Any]:
    """For `palazzo replay --json` and the table screen: the open proposal (negotiated aloud,
    ruling C3) and the shared Buildings."""
    pending = state.part(NAME).pending
    return {
        "cooperation": dict(pending) if pending else None,
        "cooperative_buildings": built(state),
    }


# --- hooks ---------------------------------------------------------------------------------------


def check_setup(state: GameState, ev: Event) -> None:
    """Ruling C5: the shared board's layout is only in the rulebook's diagram."""
    if ev.get("grid"):
        refuse(
            "shared_board_unknown",
            N_(
                "Cooperative Building is played on the shared board of the Principality "
                "boards' B sides, whose layout Palazzo does not know: play it without the grid "
                "(the table places the pieces and keeps the placing rules; Palazzo counts the "
                "squares)"
            ),
        )


def gate(state: GameState, ev: Event) -> None:
    """Ruling C2: a proposal is answered before the game goes on."""
    offer = state.part(NAME).pending
    if offer is not None and ev.get("type") not in WHILE_PENDING:
        builder, partner = state.players[offer["player"]], state.players[offer["partner"]]
        refuse(
            "cooperation_pending",
            N_(
                "%(partner)s has yet to accept or decline %(builder)s's proposal to build a "
                "%(building)s together"
            ),
            partner=partner.name,
            builder=builder.name,
            building=Named("buildings", offer["building"], BUILDINGS[offer["building"]][0]),
        )


def candidates(state: GameState, s: int) -> list[Event]:
    """What seat `s` may send now, for the phones' buttons and the simulations (the engine then
    keeps those it accepts): the answers to an open proposal, or on the builder's turn each
    Building proposed to each neighbour, the partner paying the whole cost so that the
    builder's own purse hides no option."""
    offer = state.part(NAME).pending
    if offer is not None:
        answers = [ACCEPTED, DECLINED] if s == offer["partner"] else []
        answers += [DECLINED] if s == offer["player"] else []
        return [{"type": kind, "player": s} for kind in answers]
    if state.phase != "action" or state.turn != s:
        return []
    cost = building_cost(state.players[s])
    return [proposal(s, x, b, cost) for x in neighbours(state, s) for b in BUILDINGS]


def answering_seat(state: GameState, s: int) -> int:
    """While a proposal waits, the game waits for the partner (the table shows who)."""
    offer = state.part(NAME).pending
    return offer["partner"] if offer is not None else s


MODULE = register(
    Module(
        name=NAME,
        title=N_("Cooperative Building"),
        events=EVENTS,
        enabled_by=lambda ev: (
            isinstance(ev.get("expansions"), dict) and bool(ev["expansions"].get("cooperative"))
        ),
        option="cooperative",
        foreign=(
            "expansion_not_enabled",
            N_("This game is played without the Cooperative Building expansion"),
        ),
        phases=(
            Phase(
                "action",
                moves={
                    "building_built": Move(build_alone, turn=True, action=True),
                    PROPOSED: Move(proposed, turn=True),
                    ACCEPTED: Move(accepted),
                    DECLINED: Move(declined),
                },
            ),
        ),
        game_part=Proposal,
        player_part=Shared,
        hooks={
            "check_setup": check_setup,
            "gate": gate,
            "acting_seat": answering_seat,
            "candidates": candidates,
            "shared_buildings": shared_with,
            "summary": summary,
            "public_view": summary,
            "player_summary": lambda state, s: {"buildings": buildings_of(state, s)},
        },
    )
)
