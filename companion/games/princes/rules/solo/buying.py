""" "Wolfgang buys an object": the leftmost object on the Automa card he can buy, what he pays,
the unbought Recruiting card and Builder discarded; and his pick among cards drawn for him."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    BUILDER_PRESTIGE,
    LANDSCAPES,
    PRESTIGE_FOR_REPEATED_LANDSCAPE,
    RECRUITING_CARD,
)
from ..rounds import end_phase
from ..solo_state import solo_of
from ..told import told
from .moves import _discard, _fame_forward, _log, _under_the_deck, snapshot
from .row import _pay, _recruiting_card, _sync
from .steps import _need_from


def _wolfgang_buys(state) -> dict | None:
    """One step of "Wolfgang buys an object"; returns what it needs, or None when done."""
    solo = solo_of(state)
    d = automa.purchase(state)
    if "need" in d:
        return _need_from(d)
    card = None
    if d["object"] == "prestige":
        card = _chosen_card(state, "prestige")
        if isinstance(card, dict):
            return card
    p = state.players[WOLFGANG_SEAT]
    before = snapshot(state)
    obj = d["object"]
    moves: list[dict] = []
    then: list[dict] = []  # what follows from the purchase, told after it
    if obj is None:
        fact = automa.purchase_told(d, None, state)
    else:
        price = d["last_bid"]
        pay = automa.payment(p.money, price)
        fact = automa.purchase_told(d, pay, state)
        moves += automa.payment_moves(pay)
        _pay(p, pay)
        state.stacks[obj] -= 1
        if obj in LANDSCAPES:
            moves.append(told("put_landscape", landscape=obj))
            if p.landscapes[obj]:
                p.fame += PRESTIGE_FOR_REPEATED_LANDSCAPE
                then.append(told("repeated_landscape", pp=PRESTIGE_FOR_REPEATED_LANDSCAPE))
                moves.append(_fame_forward(PRESTIGE_FOR_REPEATED_LANDSCAPE))
            p.landscapes[obj] += 1
            slot = automa.leftmost_face_down_profession(state)
            if slot is not None and solo.row[slot]["card"]:
                moves.append(told("turn_back_face_down", profession=solo.row[slot]["card"]))
        elif obj == "jester":
            p.jesters += 1
            moves.append(told("give_jester"))
        elif obj == "builder":
            gain = BUILDER_PRESTIGE[p.builders]
            p.builders += 1
            moves.append(told("give_builder"))
            if gain:
                p.fame += gain
                then.append(told("builder_scores", builders=p.builders, pp=gain))
                moves.append(_fame_forward(gain))
        elif obj == RECRUITING_CARD:
            solo.row.append(_recruiting_card())
            then.append(told("recruiting_face_down"))
            moves.append(told("put_recruiting_card"))
        elif obj == "prestige":
            assert isinstance(card, str)  # chosen above
            then.append(told("takes_card", card=_card_choice(state, "prestige", card)))
            state.prestige_deck.remove(card)
            p.prestige_cards.append(card)
            moves.append(told("put_prestige_card", prestige_card=card))
            moves += _under_the_deck(state, "prestige")
        p.acquired = obj
        state.auction["taken"].append(obj)
        state.auction.setdefault("results", []).append(
            {"player": WOLFGANG_SEAT, "object": obj, "price": price}
        )
        _sync(state)
    auc = solo.auction
    auc["wolfgang"] = {"object": obj, "price": d.get("last_bid"), "card": card}
    discards = []
    for kind in (RECRUITING_CARD, "builder"):
        if kind not in (auc["bought"], obj) and state.stacks[kind] > 0:
            state.stacks[kind] -= 1
            auc["discarded"].append(kind)
            moves.append(told("discard_from_supply", object=kind, left=state.stacks[kind]))
            discards.append(told("nobody_bought", object=kind, left=state.stacks[kind]))
    moves += _discard(state)
    _log(state, "wolfgang", {**fact, "then": then} if then else fact, moves, before)
    for discard in discards:
        _log(state, "table", discard)
    solo.running = None
    solo.facts = {}
    state.auction["opener"] = None
    end_phase(state)
    return None


def _chosen_card(state, deck: str):
    """The card he takes of those drawn: his best now, a recorded random pick among ties."""
    facts = solo_of(state).facts
    offered = facts.get("offered")
    if offered is None:
        return {"step": "offer", "deck": deck, "count": automa.offer_size(state, deck)}
    values = facts["values"]
    top = max(values.values())
    best = [c for c in offered if values[c] == top]
    if len(best) > 1 and facts.get("tie") is None:
        return {"step": "tie", "deck": deck, "cards": best, "value": top}
    return facts.get("tie") or best[0]


def _card_choice(state, deck: str, card: str) -> dict:
    """The card he takes of those drawn, what it is worth to him, and whether a random pick
    broke a tie."""
    facts = solo_of(state).facts
    return told(
        "card_choice",
        deck=deck,
        card=card,
        value=facts["values"][card],
        tied=bool(facts.get("tie")),
    )
