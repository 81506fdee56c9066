"""The Auction phase: one object per player and per stack each round."""

from __future__ import annotations

from .catalog import (
    AUCTION_STACKS,
    BUILDER_PRESTIGE,
    FLORIN_PER_FAME_SOLD,
    LANDSCAPES,
    MAX_BUILDERS,
    OBJECT_NAMES,
    PRESTIGE_CARDS,
    PRESTIGE_FOR_REPEATED_LANDSCAPE,
    RAISE,
    RECRUITING_CARD,
)
from .checks import known, means, opening_bid, seat
from .editions import last_player_price, refuse_per_book
from .module import Event, chain, first, gather
from .principality import check_landscape_cells, check_room, has_room
from .refusals import N_, Named, listed, refuse
from .rounds import end_phase
from .setup import stack_left
from .state import GameState, Player, new_auction


def begin_auction_phase(state: GameState) -> None:
    state.auction = new_auction(state.start_player)


def whose_turn(state: GameState) -> int | None:
    """Who the Auction phase waits for: a choice to make, a bid to answer, a stack to open."""
    a = state.auction
    if a["pending"]:
        return a["pending"][0]["player"]
    if a["current"]:
        return a["current"]["turn"]
    return a["opener"]


def objects(state: GameState) -> list[str]:
    """The objects on auction: one per stack, unless a module says otherwise (2 players)."""
    return chain(state, "auction_objects", list(AUCTION_STACKS))


def landscape_choices(state: GameState, obj: str) -> list[str]:
    """The Landscapes an object is placed as: itself, or (an object with no stack of its own,
    the 2-player Landscape) any a module lets its winner name."""
    return [obj] if obj in LANDSCAPES else gather(state, "landscape_choices", obj)


def available_objects(state: GameState, s: int) -> list[str]:
    """Objects `s` could open now: not taken this round, in supply, within the Builder cap."""
    p = state.players[s]
    taken = state.auction["taken"]
    return [
        o
        for o in objects(state)
        if o not in taken
        and stack_left(state, o) > 0
        and not (o == "builder" and p.builders >= MAX_BUILDERS)
    ]


def with_pawns(state: GameState) -> list[int]:
    return [s for s in range(state.n) if state.players[s].has_pawn]


def is_last_player(state: GameState, s: int) -> bool:
    """`s` is the only one left with a Pawn in front of them."""
    found = False
    for t, p in enumerate(state.players):
        if p.has_pawn:
            if t != s:
                return False
            found = True
    return found


def _check_object(state: GameState, s: int, obj: object) -> str:
    """The object named, once it may be taken by `s` now."""
    if not isinstance(obj, str) or obj not in objects(state):
        refuse(
            "unknown_object",
            N_("%(value)s is not an auction object here; choose one of %(objects)s"),
            value=repr(obj),
            objects=listed(objects(state), N_("%(one)s, %(other)s")),
        )
    if obj in state.auction["taken"]:
        refuse(
            "stack_taken_this_round",
            N_("A %(object)s was already acquired this round"),
            object=Named("objects", obj, OBJECT_NAMES[obj]),
        )
    if stack_left(state, obj) <= 0:
        refuse(
            "stack_exhausted",
            N_("The %(object)s stack is exhausted"),
            object=Named("objects", obj, OBJECT_NAMES[obj]),
        )
    if obj == "builder" and state.players[s].builders >= MAX_BUILDERS:
        refuse(
            "builder_cap",
            N_("%(name)s already has %(most)s Builders"),
            name=state.players[s].name,
            most=MAX_BUILDERS,
        )
    _check_room_for(state, s, obj)
    return obj


def _could_take(state, s: int, obj: str) -> bool:
    """A player who could not take the object (3 Builders, no room) is not asked to bid."""
    if obj == "builder" and state.players[s].builders >= MAX_BUILDERS:
        return False
    return _room_for(state, s, obj)


def _room_for(state, s: int, obj: str) -> bool:
    """Whether `_check_room_for` lets `s` take `obj` (without wording its refusal)."""
    if obj not in LANDSCAPES:
        return True
    cells = state.catalog.landscape_cells
    return has_room(state.players[s], cells[obj], state.grid, cells)


def _check_room_for(state, s: int, obj: str):
    """A Landscape must be placed at once: nobody bids on one they have no room for."""
    if not _room_for(state, s, obj):
        check_room(
            state.players[s],
            Named("landscapes", obj, OBJECT_NAMES[obj]),
            state.catalog.landscape_cells[obj],
            state.grid,
            state.catalog.landscape_cells,
        )


def _check_means(state, s: int, amount: int, topic: str = ""):
    """A bid the player can back (ruling 1); `topic`: the last player's price, which the
    books price differently (the refusal cites the chosen book)."""
    if amount > means(state, s):
        p = state.players[s]
        refuse_per_book(
            state,
            topic,
            "bid_beyond_means",
            N_(
                "%(name)s cannot bid %(amount)s: %(money)s Florin plus %(fame)s PP to sell is %(means)s"
            ),
            name=p.name,
            amount=amount,
            money=p.money,
            fame=p.fame,
            means=means(state, s),
        )


def _out_of_the_auctions(state, s: int):
    """One object per player each round: a player without a Pawn takes no part any more."""
    p = state.players[s]
    if p.acquired is not None:
        refuse(
            "already_acquired",
            N_(
                "%(name)s already acquired a %(object)s this round: one object per player each round"
            ),
            name=p.name,
            object=Named("objects", p.acquired, OBJECT_NAMES[p.acquired]),
        )
    if p.left_auctions:
        refuse("not_your_turn", N_("%(name)s left the auctions this round"), name=p.name)


def _ready_to_open(state, s: int):
    a = state.auction
    if a["opener"] != s:
        _out_of_the_auctions(state, s)
    if a["current"]:
        obj = a["current"]["object"]
        refuse(
            "auction_in_progress",
            N_("The %(object)s is still being auctioned"),
            object=Named("objects", obj, OBJECT_NAMES[obj]),
        )
    _no_pending(state)
    if a["opener"] != s:
        if a["opener"] is None:
            refuse("not_your_turn", N_("Nobody may choose a stack now"))
        who = state.players[a["opener"]].name
        refuse("not_your_turn", N_("It is %(name)s's turn to choose a stack"), name=who)


def _no_pending(state):
    pending = state.auction["pending"]
    if pending:
        who = state.players[pending[0]["player"]].name
        if pending[0]["kind"] == "prestige":
            refuse("pending_choice", N_("%(name)s must first choose a Prestige card"), name=who)
        refuse("pending_choice", N_("%(name)s must first place a Landscape"), name=who)


def auction_opened(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    _ready_to_open(state, s)
    obj = _check_object(state, s, ev.get("object"))
    last = is_last_player(state, s)  # nobody can raise it: it goes as last_player_took would
    bid = last_player_price(state) if last else opening_bid(state)
    _check_means(state, s, bid, "last_player_price" if last else "")
    others = [t for t in with_pawns(state) if t != s and _could_take(state, t, obj)]
    if not others:  # nobody else can take it (or the last player): it goes for the opening bid
        return _settle(state, s, obj, bid)
    state.auction["current"] = {
        "object": obj,
        "bid": bid,
        "bidder": s,
        "in": [s] + others,
        "turn": _next_in(state, s, [s] + others),
    }


def _next_in(state, after: int, still_in: list[int]) -> int:
    """The next seat clockwise after `after` still in (`after` itself if none is)."""
    n = len(state.players)
    for i in range(1, n):
        t = (after + i) % n
        if t in still_in:
            return t
    return after


def _current_turn(state, s: int):
    cur = state.auction["current"]
    if not cur:
        refuse("no_auction", N_("No auction is running: the opener chooses a stack first"))
    if cur["turn"] != s:
        _out_of_the_auctions(state, s)
        refuse(
            "not_your_turn",
            N_("It is %(name)s's turn to raise or pass"),
            name=state.players[cur["turn"]].name,
        )
    return cur


def bid_raised(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    cur = _current_turn(state, s)
    amount = ev.get("amount")
    if amount != cur["bid"] + RAISE or isinstance(amount, bool):
        refuse(
            "bid_not_plus_100",
            N_("A raise is exactly %(raise)s more: %(next)s, not %(amount)s"),
            next=cur["bid"] + RAISE,
            amount=repr(amount),
            **{"raise": RAISE},
        )
    if cur["object"] == "builder" and state.players[s].builders >= MAX_BUILDERS:
        refuse(
            "builder_cap",
            N_("%(name)s already has %(most)s Builders"),
            name=state.players[s].name,
            most=MAX_BUILDERS,
        )
    _check_room_for(state, s, cur["object"])
    _check_means(state, s, amount)
    cur["bid"] = amount
    cur["bidder"] = s
    cur["turn"] = _next_in(state, s, cur["in"])


def bid_passed(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    cur = _current_turn(state, s)
    still_in = [t for t in cur["in"] if t != s]
    if len(still_in) == 1:
        state.auction["current"] = None
        return _settle(state, cur["bidder"], cur["object"], cur["bid"])
    cur["in"] = still_in
    cur["turn"] = _next_in(state, s, still_in)


def auctions_left(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    _ready_to_open(state, s)
    state.players[s].left_auctions = True
    _next_opener(state, s)


def last_player_took(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    _ready_to_open(state, s)
    if not is_last_player(state, s):
        refuse(
            "not_last_player",
            N_("Only the last player with a Pawn may take an object without an auction"),
        )
    obj = _check_object(state, s, ev.get("object"))
    price = last_player_price(state)
    _check_means(state, s, price, "last_player_price")
    _settle(state, s, obj, price)


def last_player_declined(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    _ready_to_open(state, s)
    if not is_last_player(state, s):
        refuse(
            "not_last_player", N_("Only the last player with a Pawn may decline to take an object")
        )
    state.players[s].left_auctions = True
    _next_opener(state, s)


def pay_price(player: Player, price: int) -> None:
    """Cash first, then just enough fame sold to cover the shortfall (ruling 1)."""
    if player.money < price:
        sold = -(-(price - player.money) // FLORIN_PER_FAME_SOLD)
        player.fame -= sold
        player.money += sold * FLORIN_PER_FAME_SOLD
    player.money -= price


def _settle(state, s: int, obj: str, price: int):
    """The winner pays (what a module says the object costs them) and takes the object."""
    pay_price(state.players[s], chain(state, "object_price", price, s, obj))
    a = state.auction
    gain_object(state, s, obj, price)
    if a["opener"] == s:
        _next_opener(state, s)
    else:
        _maybe_end(state)


def gain_object(state: GameState, s: int, obj: str, price: int) -> None:
    """What acquiring an object does at once; a Landscape or a Prestige card then waits for
    its owner to place or choose it (an object with no stack of its own, the 2-player
    Landscape, leaves the supply once its winner names it)."""
    p = state.players[s]
    a = state.auction
    p.acquired = obj
    a["taken"].append(obj)
    a.setdefault("results", []).append({"player": s, "object": obj, "price": price})
    if obj in state.stacks:
        state.stacks[obj] -= 1
    if obj == "prestige" or landscape_choices(state, obj):
        kind = "prestige" if obj == "prestige" else "landscape"
        a["pending"].append({"player": s, "kind": kind, "object": obj})
    elif obj == "jester":
        p.jesters += 1
    elif obj == "builder":
        p.fame += BUILDER_PRESTIGE[p.builders]
        p.builders += 1
    elif obj == RECRUITING_CARD:
        p.hand.append(RECRUITING_CARD)


def _next_opener(state, s: int):
    nxt = [t for t in state.seats_from(s)[1:] if state.players[t].has_pawn]
    state.auction["opener"] = nxt[0] if nxt else None
    _maybe_end(state)


def _maybe_end(state):
    if state.auction["opener"] is not None and not state.players[state.auction["opener"]].has_pawn:
        pawns = with_pawns(state)
        state.auction["opener"] = pawns[0] if pawns else None
    if state.auction["opener"] is None and not state.auction["pending"]:
        end_phase(state)


def landscape_placed(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    pending = _pending_for(state, s, "landscape")
    kind = ev.get("landscape")
    if kind not in LANDSCAPES:
        refuse(
            "wrong_landscape",
            N_("%(value)s is not a Landscape: forest, lake or park"),
            value=repr(kind),
        )
    named = pending["object"] not in state.stacks  # the winner names it now (2 players)
    landscape = Named("landscapes", kind, kind.title())
    if kind not in landscape_choices(state, pending["object"]):
        refuse(
            "wrong_landscape",
            N_("%(name)s won a %(won)s, not a %(landscape)s"),
            name=state.players[s].name,
            won=Named("objects", pending["object"], OBJECT_NAMES[pending["object"]]),
            landscape=landscape,
        )
    if named and state.stacks[kind] <= 0:
        refuse("stack_exhausted", N_("No %(landscape)s is left in the supply"), landscape=landscape)
    p = state.players[s]
    size = state.catalog.landscape_cells.get(kind, 0)
    cells = ev.get("cells")
    if state.grid:
        if cells is None:
            refuse(
                "cells_required",
                N_("This game has a grid: tap the squares the %(piece)s covers"),
                piece=landscape,
            )
        cells = check_landscape_cells(p, kind, cells, size)
    else:
        if cells is not None:
            refuse("cells_not_allowed", N_("This game is played without a grid: no squares needed"))
        if not size:
            refuse(
                "landscape_size_unknown",
                N_("Tell Palazzo how many squares a %(landscape)s covers first (catalog)"),
                landscape=landscape,
            )
        check_room(p, landscape, size, False, state.catalog.landscape_cells)
    # all checks passed
    if state.grid:
        assert cells is not None  # checked above
        if not size:
            state.taught.setdefault("landscape_cells", {})[kind] = len(cells)
            state.catalog = state.catalog.merged({"landscape_cells": {kind: len(cells)}})
        p.pieces.append([kind, [list(c) for c in cells]])
    if named:
        state.stacks[kind] -= 1
    if p.landscapes[kind]:
        p.fame += PRESTIGE_FOR_REPEATED_LANDSCAPE
    p.landscapes[kind] += 1
    state.auction["pending"].remove(pending)
    _after_pending(state)


def prestige_card_chosen(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    pending = _pending_for(state, s, "prestige")
    card = ev.get("card")
    if not known(card, PRESTIGE_CARDS):
        refuse("prestige_card_taken", N_("%(value)s is not a Prestige card"), value=repr(card))
    if card not in state.prestige_deck:
        refuse(
            "prestige_card_taken",
            N_("%(card)s is no longer in the deck"),
            card=Named("prestige_cards", card, PRESTIGE_CARDS[card][0]),
        )
    state.prestige_deck.remove(card)
    state.players[s].prestige_cards.append(card)
    state.auction["pending"].remove(pending)
    _after_pending(state)


def _pending_for(state, s: int, kind: str) -> dict:
    for item in state.auction["pending"]:
        if item["player"] == s and item["kind"] == kind:
            return item
    refuse(
        "nothing_to_place",
        N_("%(name)s has no Landscape to place right now")
        if kind == "landscape"
        else N_("%(name)s has no Prestige card to choose right now"),
        name=state.players[s].name,
    )


def _after_pending(state):
    if first(state, "after_auction_choice"):
        return
    if state.phase == "auction":
        _maybe_end(state)
