""" "Wolfgang buys an object": the leftmost object on the Automa card he can buy, what he pays,
the unbought Recruiting card and Builder discarded; and his pick among cards drawn for him."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    BUILDER_PRESTIGE,
    LANDSCAPES,
    OBJECT_NAMES,
    PRESTIGE_FOR_REPEATED_LANDSCAPE,
    RECRUITING_CARD,
)
from ..refusals import N_, Named, said
from ..rounds import end_phase
from ..solo_state import solo_of
from ..work import profession_named
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
    moves: list[Named] = []
    if obj is None:
        words = automa.purchase_words(d, None, state)
    else:
        price = d["last_bid"]
        pay = automa.payment(p.money, price)
        words = automa.purchase_words(d, pay, state)
        moves += automa.payment_moves(pay)
        _pay(p, pay)
        state.stacks[obj] -= 1
        if obj in LANDSCAPES:
            moves.append(
                said(
                    N_("Put a %(landscape)s in his Principality"),
                    landscape=Named("landscapes", obj, OBJECT_NAMES[obj]),
                )
            )
            if p.landscapes[obj]:
                p.fame += PRESTIGE_FOR_REPEATED_LANDSCAPE
                words = said(
                    N_("%(words)s; he already had one, so it scores %(pp)s PP"),
                    words=words,
                    pp=PRESTIGE_FOR_REPEATED_LANDSCAPE,
                )
                moves.append(_fame_forward(PRESTIGE_FOR_REPEATED_LANDSCAPE))
            p.landscapes[obj] += 1
            slot = automa.leftmost_face_down_profession(state)
            if slot is not None and solo.row[slot]["card"]:
                moves.append(
                    said(
                        N_("Turn the %(profession)s back face down"),
                        profession=profession_named(state, solo.row[slot]["card"]),
                    )
                )
        elif obj == "jester":
            p.jesters += 1
            moves.append(said(N_("Give him a Jester")))
        elif obj == "builder":
            gain = BUILDER_PRESTIGE[p.builders]
            p.builders += 1
            moves.append(said(N_("Give him a Builder")))
            if gain:
                p.fame += gain
                words = said(
                    N_("%(words)s; his Builder number %(builders)s scores %(pp)s PP"),
                    words=words,
                    builders=p.builders,
                    pp=gain,
                )
                moves.append(_fame_forward(gain))
        elif obj == RECRUITING_CARD:
            solo.row.append(_recruiting_card())
            words = said(N_("%(words)s; it goes face down to the right of his row"), words=words)
            moves.append(said(N_("Put a Recruiting card face down to the right of his row")))
        elif obj == "prestige":
            assert isinstance(card, str)  # chosen above
            words = said(
                N_("%(words)s; of the cards drawn he takes %(card)s"),
                words=words,
                card=_card_choice_words(state, "prestige", card),
            )
            state.prestige_deck.remove(card)
            p.prestige_cards.append(card)
            moves.append(
                said(
                    N_("Put \u201c%(card)s\u201d face up by his board"),
                    card=automa.card_name("prestige", card),
                )
            )
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
            moves.append(
                said(
                    N_("Discard a %(object)s from the supply (%(left)s left)"),
                    object=automa.object_named(kind),
                    left=state.stacks[kind],
                )
            )
            discards.append(
                said(
                    N_("Nobody bought a %(object)s: discard one from the supply (%(left)s left)"),
                    object=automa.object_named(kind),
                    left=state.stacks[kind],
                )
            )
    moves += _discard(state)
    _log(state, "wolfgang", words, moves, before)
    for say in discards:
        _log(state, "table", say)
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


def _card_choice_words(state, deck: str, card: str) -> Named:
    facts = solo_of(state).facts
    value, name = facts["values"][card], automa.card_name(deck, card)
    tied = bool(facts.get("tie"))
    if deck == "prestige":
        message = (
            N_("\u201c%(card)s\u201d (worth %(value)s PP now, the most (tied; picked at random))")
            if tied
            else N_("\u201c%(card)s\u201d (worth %(value)s PP now, the most)")
        )
    else:
        message = (
            N_(
                "\u201c%(card)s\u201d (worth %(value)s to the Work, the most (tied; picked at "
                "random))"
            )
            if tied
            else N_("\u201c%(card)s\u201d (worth %(value)s to the Work, the most)")
        )
    return said(message, card=name, value=value)
