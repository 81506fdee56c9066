"""The Cooperative Building module's screens on the phone: proposing a shared Building, and
the partner's answer."""

from __future__ import annotations

from companion.core.lang import _
from companion.games.princes.rules import (
    building_cost,
    candidate_events,
    cooperation_in_game,
    cooperation_partners,
)
from companion.games.princes.rules.catalog import (
    BUILDINGS,
)
from companion.games.princes.words import (
    building_name,
)

from .pieces import _acting, _button, why_not


def coop_proposals(state, seat: int) -> list[dict]:
    """The cooperative Buildings `seat` could propose now, to either neighbour."""
    if not (cooperation_in_game(state) and _acting(state, seat)):
        return []
    return [
        e
        for e in candidate_events(state, seat, professions=[], bonus_cards=[])
        if e["type"] == "cooperation_proposed"
    ]


def coop_screen(state, seat: int, params: dict) -> dict | None:
    """Build with a neighbour: the partner, then the Building and what the partner pays."""
    proposals = coop_proposals(state, seat)
    if not proposals:
        return None
    partners = cooperation_partners(state, seat)
    partner = params.get("partner")
    if partner not in partners:
        partner = partners[0] if len(partners) == 1 else None
    out = {
        "name": "coop",
        "cost": building_cost(state.players[seat]),
        "partners": [
            {"seat": x, "name": state.players[x].name, "chosen": x == partner} for x in partners
        ],
        "partner": partner,
    }
    if partner is None:
        return out
    legal = [e["building"] for e in proposals if e["partner"] == partner]
    chosen = params.get("building") if params.get("building") in legal else None
    pay = params.get("pay") if isinstance(params.get("pay"), int) else 0
    out.update(
        partner_name=state.players[partner].name,
        options=[
            {"id": b, "name": building_name(b), "size": BUILDINGS[b][1], "checked": b == chosen}
            for b in legal
        ],
        payment=pay,
        event={"type": "cooperation_proposed", "player": seat, "partner": partner},
    )
    return out


def cooperation_screen(state, seat: int, offer: dict) -> dict:
    """A proposal waits for its answer (ruling C2): the partner accepts or declines on their
    own phone, the builder may withdraw it, everyone else waits."""
    builder, partner = offer["player"], offer["partner"]
    payment = offer["partner_payment"]
    deal = {
        "builder": state.players[builder].name,
        "partner": state.players[partner].name,
        "building": building_name(offer["building"]),
        "size": BUILDINGS[offer["building"]][1],
        "payment": payment,
    }
    if seat == partner:
        accept = {"type": "cooperation_accepted", "player": seat}
        label = (
            _("Accept and pay %(payment)s Florin", payment=payment)
            if payment
            else _("Accept (you pay nothing)")
        )
        return {
            "name": "coop_answer",
            **deal,
            "money_after": state.players[seat].money - payment,
            "accept": _button(accept, label, primary=True, disabled=why_not(state, accept)),
            "decline": _button({"type": "cooperation_declined", "player": seat}, _("Decline")),
        }
    if seat == builder:
        return {
            "name": "coop_wait",
            **deal,
            "cost": building_cost(state.players[seat]),
            "withdraw": _button(
                {"type": "cooperation_declined", "player": seat}, _("Withdraw the proposal")
            ),
        }
    return {
        "name": "wait",
        "text": _(
            "%(builder)s proposes to build the %(building)s with %(partner)s, who would pay "
            "%(payment)s Florin. Waiting for %(partner)s.",
            builder=deal["builder"],
            building=deal["building"],
            partner=deal["partner"],
            payment=payment,
        ),
    }
