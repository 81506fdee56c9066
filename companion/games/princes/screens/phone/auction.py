"""The phone in the Auction phase: opening, bidding, the last player's take, placing what was
bought, the Prestige card drawn."""

from __future__ import annotations

from companion.core.lang import _
from companion.games.princes.rules import (
    available_objects,
    is_last_player,
    last_player_price,
    means,
    opening_bid,
    prestige_points,
    principality_counts,
    selling_allowed,
)
from companion.games.princes.rules.catalog import (
    LANDSCAPES,
    PRESTIGE_CARDS,
    RAISE,
    TWO_PLAYER_LANDSCAPE_OBJECT,
)
from companion.games.princes.words import object_name as landscape_name
from companion.games.princes.words import (
    prestige_name,
)

from .pieces import _button, _grid_input, _recruit_buttons, prestige_text, why_not


def auction_screen(state, seat: int, params: dict) -> dict:
    """The auction as this seat plays it: its own object to place or Prestige card to choose,
    another's to wait for, the paddle of an auction under way, or what it may open."""
    a = state.auction
    mine = [x for x in a["pending"] if x["player"] == seat]
    if mine:
        item = mine[0]
        if item["kind"] == "prestige":
            return prestige_choice(state, seat)
        return place_screen(state, seat, item, params)
    recruit = _recruit_buttons(state, seat)
    if a["pending"]:
        return {"name": "wait", "text": _placing(state, a["pending"][0]), "recruit": recruit}
    if a["current"]:
        return _paddle(state, seat, a["current"], recruit)
    if a["opener"] != seat:
        return {"name": "wait", "text": _opener_chooses(state, seat), "recruit": recruit}
    return _opening(state, seat, recruit)


def _placing(state, item: dict) -> str:
    """Who the auction waits for: the winner placing an object or choosing a Prestige card."""
    who = state.players[item["player"]].name
    if item["kind"] == "prestige":
        return _("%(name)s is choosing a Prestige card.", name=who)
    return _(
        "%(name)s is placing the %(landscape)s.", name=who, landscape=landscape_name(item["object"])
    )


def _opener_chooses(state, seat: int) -> str:
    a = state.auction
    who = state.players[a["opener"]].name if a["opener"] is not None else _("nobody")
    if state.players[seat].has_pawn:
        return _("%(name)s is choosing what to auction.", name=who)
    return _("You have your object for this round. %(name)s is choosing what to auction.", name=who)


def _paddle(state, seat: int, cur: dict, recruit) -> dict:
    """An auction under way: its standing, and on this seat's turn its raise and pass."""
    p = state.players[seat]
    status = {
        "object": landscape_name(cur["object"]),
        "bid": cur["bid"],
        "bidder": _("you") if cur["bidder"] == seat else state.players[cur["bidder"]].name,
        "turn": state.players[cur["turn"]].name,
        "mine": cur["bidder"] == seat,
    }
    if cur["turn"] != seat:
        return {"name": "auction_wait", "auction": status, "recruit": recruit}
    amount = cur["bid"] + RAISE
    raise_event = {"type": "bid_raised", "player": seat, "amount": amount}
    reason = why_not(state, raise_event)
    if reason and means(state, seat) < amount:
        reason = (
            _(
                "You cannot raise to %(amount)s: %(money)s Florin plus %(fame)s PP to sell is %(means)s",
                amount=amount,
                money=p.money,
                fame=p.fame,
                means=means(state, seat),
            )
            if selling_allowed(state)
            else _("You cannot raise to %(amount)s: %(money)s Florin", amount=amount, money=p.money)
        )
    return {
        "name": "paddle",
        "auction": status,
        "raise": _button(
            raise_event, _("Raise to %(amount)s", amount=amount), primary=True, disabled=reason
        ),
        "pass": _button({"type": "bid_passed", "player": seat}, _("Pass")),
    }


def _opening(state, seat: int, recruit) -> dict:
    """This seat opens the next auction (or, the last player, takes an object at its price)."""
    last = is_last_player(state, seat)
    kind = "last_player_took" if last else "auction_opened"
    bid = last_player_price(state) if last else opening_bid(state)
    buttons = []
    for obj in available_objects(state, seat):
        event = {"type": kind, "player": seat, "object": obj}
        label = (
            _("Take the %(object)s for %(bid)s", object=landscape_name(obj), bid=bid)
            if last
            else landscape_name(obj)
        )
        hint = "" if last else _("opens at %(bid)s", bid=bid)
        buttons.append(_button(event, label, hint, disabled=why_not(state, event)))
    leave = (
        {"type": "last_player_declined", "player": seat}
        if last
        else {"type": "auctions_left", "player": seat}
    )
    return {
        "name": "open",
        "last": last,
        "objects": buttons,
        "leave": _button(leave, _("Decline: take nothing") if last else _("Leave all auctions")),
        "recruit": recruit,
    }


def prestige_choice(state, seat: int) -> dict:
    all_counts = principality_counts(state)
    options = []
    for card in PRESTIGE_CARDS:
        now = prestige_points(card, seat, all_counts) if seat in all_counts else 0
        options.append(
            _button(
                {"type": "prestige_card_chosen", "player": seat, "card": card},
                prestige_name(card),
                _("%(card)s · now %(now)s", card=prestige_text(card), now=now),
            )
        )
    return {"name": "prestige", "options": options}


def place_screen(state, seat: int, item: dict, params: dict) -> dict:
    kinds = list(LANDSCAPES) if item["object"] == TWO_PLAYER_LANDSCAPE_OBJECT else [item["object"]]
    if item["object"] == TWO_PLAYER_LANDSCAPE_OBJECT:
        kinds = [k for k in kinds if state.stacks.get(k, 0) > 0]
    chosen = (
        params.get("landscape")
        if params.get("landscape") in kinds
        else (kinds[0] if len(kinds) == 1 else None)
    )
    out = {
        "name": "place",
        "kinds": [(k, landscape_name(k)) for k in kinds],
        "choose_kind": len(kinds) > 1,
        "grid": state.grid,
    }
    if not state.grid:
        out["buttons"] = [
            _button(
                {"type": "landscape_placed", "player": seat, "landscape": k},
                _("Place the %(landscape)s", landscape=landscape_name(k)),
                primary=True,
            )
            for k in kinds
        ]
        return out
    if chosen:
        size = state.catalog.landscape_cells.get(chosen) or 0
        out["composer"] = {
            "event": {"type": "landscape_placed", "player": seat, "landscape": chosen},
            "what": landscape_name(chosen),
            "size": size,
            "key": f"place-{chosen}",
            **_grid_input(state, seat, params),
        }
    return out
