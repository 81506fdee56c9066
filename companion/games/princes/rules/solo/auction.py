"""Your auctions against the Automa card (Solo rules, "Auction phase"): offering an object,
the die, buying or declining, leaving; when they end, Wolfgang buys (`buying`)."""

from __future__ import annotations

from .. import automa
from ..auction import gain_object, pay_price
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    AUCTION_STACKS,
    LANDSCAPES,
    MAX_BUILDERS,
    SOLO_FINAL_AUCTION_PRICE,
    SOLO_FORCED_BUY_ROLLS,
)
from ..checks import means, seat
from ..module import Event
from ..principality import check_room
from ..refusals import N_, Named, listed, refuse
from ..solo_state import solo_of
from ..state import GameState
from ..told import told
from .machine import _advance
from .moves import _log
from .steps import DIE_SOURCES, ME, _need, _wait, remember_read


def after_player_choice(state: GameState) -> bool:
    """Your Landscape is placed or your Prestige card chosen: now Wolfgang buys."""
    if not state.auction["pending"] and solo_of(state).need["step"] == "your_choice":
        _close_your_auction(state)
    return True


def solo_auction_offered(state: GameState, ev: Event) -> None:
    _need(state, "choose_object")
    obj = ev.get("object")
    if not isinstance(obj, str) or obj not in AUCTION_STACKS:
        refuse(
            "unknown_object",
            N_("That is not an auction object: one of %(objects)s (each Landscape is its own)"),
            objects=listed(
                [automa.object_named(o) for o in AUCTION_STACKS], N_("%(one)s, %(other)s")
            ),
        )
    auc = solo_of(state).auction
    card = automa.automa_card(state, auc["card"])
    item = automa.card_item(state, card, obj)
    name = automa.object_named(obj)
    if item is None:
        refuse(
            "not_on_automa_card",
            N_("The %(object)s is not on Automa card %(number)s: it has no price this round"),
            object=name,
            number=auc["card"],
        )
    if any(o["object"] == obj for o in auc["offers"]):
        refuse(
            "object_already_offered",
            N_(
                "You already auctioned the %(object)s this round: each time choose an object "
                "you have not chosen yet"
            ),
            object=name,
        )
    if state.stacks[obj] <= 0:
        refuse("stack_exhausted", N_("The %(object)s stack is exhausted"), object=name)
    if obj == "builder" and state.players[ME].builders >= MAX_BUILDERS:
        refuse("builder_cap", N_("You already have %(builders)s Builders"), builders=MAX_BUILDERS)
    if obj in LANDSCAPES:  # bought means placed at once (ruling 17); Wolfgang needs no room
        check_room(
            state.players[ME],
            Named("landscapes", obj, str(name)),
            state.catalog.landscape_cells[obj],
            state.grid,
            state.catalog.landscape_cells,
        )
    final = len(auc["offers"]) == solo_of(state).players - 1
    if final and obj in automa.protected_objects(state, card):
        refuse(
            "protected_in_final_auction",
            N_(
                "The %(object)s has one of the two highest die modifiers: it cannot be bought "
                "in the final auction; choose another object or leave"
            ),
            object=name,
        )
    # all checks passed
    modifier = item[automa.modifier_key(state)]
    offer = {
        "object": obj,
        "modifier": modifier,
        "final": final,
        "roll": None,
        "last_bid": None,
        "price": None,
        "forced": False,
        "result": None,
    }
    auc["offers"].append(offer)
    if final:
        offer["price"] = SOLO_FINAL_AUCTION_PRICE
        _wait(state, "buy_or_decline", object=obj)
    else:
        _wait(state, "roll", who="you", object=obj, modifier=modifier)


def die_rolled(state: GameState, ev: Event) -> None:
    need = _need(state, "roll")
    value, source = ev.get("value"), ev.get("source")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        refuse("bad_die", N_("A die shows 1 to 6"))
    if source is not None and source not in DIE_SOURCES:
        refuse("bad_die", N_("source is table (the physical die) or app (the app's die)"))
    mode = solo_of(state).die
    if source is not None and mode is not None and source != mode:
        refuse(
            "bad_die",
            N_("Palazzo rolls the die in this game now")
            if mode == "app"
            else N_("This game uses the physical die now: tap the number it shows"),
        )
    # all checks passed
    solo = solo_of(state)
    remember_read(state, ev, "die", object=need["object"], who=need["who"])
    auc = solo.auction
    modifier = need["modifier"]
    bid = automa.last_bid(modifier, value)
    auc["rolls"].append(
        {
            "for": need["who"],
            "object": need["object"],
            "value": value,
            "modifier": modifier,
            "last_bid": bid,
            **({"source": source} if source else {}),
        }
    )
    if need["who"] == "you":
        offer = auc["offers"][-1]
        offer.update(
            roll=value,
            last_bid=bid,
            price=bid + 100,
            forced=modifier is None and value in SOLO_FORCED_BUY_ROLLS,
        )
        _wait(state, "buy_or_decline", object=need["object"])
    else:
        solo.facts["roll"] = {"object": need["object"], "value": value}
        _advance(state)


def solo_bought(state: GameState, ev: Event) -> None:
    offer = _answering_offer(state, ev)
    price = offer["price"]
    if price > means(state, ME):
        p = state.players[ME]
        refuse(
            "bid_beyond_means",
            N_("You cannot pay %(price)s: %(money)s Florin plus %(fame)s PP to sell is %(means)s"),
            price=price,
            money=p.money,
            fame=p.fame,
            means=means(state, ME),
        )
    # all checks passed
    pay_price(state.players[ME], price)
    obj = offer["object"]
    offer["result"] = "bought"
    auc = solo_of(state).auction
    auc["bought"] = obj
    gain_object(state, ME, obj, price)
    _log(
        state,
        "you",
        told("you_buy", object=obj, price=price),
    )
    if state.auction["pending"]:
        _wait(state, "your_choice", object=obj)
    else:
        _close_your_auction(state)


def solo_declined(state: GameState, ev: Event) -> None:
    offer = _answering_offer(state, ev)
    name = automa.object_named(offer["object"])
    if offer["forced"] and offer["price"] <= means(state, ME):
        refuse(
            "forced_buy",
            N_(
                "You rolled %(roll)s for the %(object)s, which has no die modifier: you must "
                "buy it for %(price)s"
            ),
            roll=offer["roll"],
            object=name,
            price=offer["price"],
        )
    # all checks passed
    offer["result"] = "declined"
    auc = solo_of(state).auction
    _log(
        state,
        "you",
        told("you_decline", object=offer["object"], bid=offer["last_bid"]),
    )
    if len(auc["offers"]) >= solo_of(state).players:
        _close_your_auction(state)
    else:
        _choose_next(state)


def solo_auctions_left(state: GameState, ev: Event) -> None:
    """`auctions_left {player: 0}`: you remove yourself from the auctions; Wolfgang buys."""
    s = seat(state, ev)
    _need(state, "choose_object")
    if s != ME:
        refuse("not_expected_now", N_("Only you leave the auctions; Wolfgang always buys"))
    state.players[ME].left_auctions = True
    solo_of(state).auction["left"] = True
    _log(state, "you", told("you_leave_auctions"))
    _close_your_auction(state)


def _answering_offer(state, ev) -> dict:
    _need(state, "buy_or_decline")
    offer = solo_of(state).auction["offers"][-1]
    if ev.get("object") != offer["object"]:
        refuse(
            "not_expected_now",
            N_("The object on offer is the %(object)s"),
            object=automa.object_named(offer["object"]),
        )
    return offer


def _choose_next(state):
    _wait(state, "choose_object", auction=len(solo_of(state).auction["offers"]) + 1)


def _close_your_auction(state):
    solo_of(state).running = "buy"
    solo_of(state).facts = {}
    state.auction["opener"] = WOLFGANG_SEAT
    _advance(state)
