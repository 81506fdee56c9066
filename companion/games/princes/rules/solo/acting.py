"""Wolfgang's turn in the Action phase (Solo rules, "Wolfgang's turn"): two Automa cards, the
leftmost possible action of each panel (or a forced Work), and the moves each leaves the table."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    BUILDINGS,
    PRESTIGE_FOR_BUILDING,
    ROUNDS,
)
from ..refusals import N_, Named, ngettext, said
from ..rounds import next_turn
from ..solo_state import solo_of
from ..work import profession_named
from .buying import _card_choice_words, _chosen_card
from .moves import _a, _discard, _fame_forward, _log, _under_the_deck, snapshot
from .row import _pay, _sync, _unknown_card
from .steps import ME, _need_from, _wait


def _start_turn(state):
    solo = solo_of(state)
    solo.running = None
    if state.turn == ME:
        solo.turn = {}
        _wait(state, "your_turn")
    else:
        solo.turn = _new_turn(1)
        _wait(state, "wolfgang_card", action=1)


def _new_turn(n: int) -> dict:
    return {"action": n, "card": None, "decision": None, "done": False, "flips": []}


def _wolfgang_acts(state) -> dict | None:
    solo = solo_of(state)
    t = solo.turn
    if t["done"]:
        if t["flips"]:
            return {"step": "dummy_flip", "columns": list(t["flips"])}
        _finish_action(state)
        return None
    panel = "first_action" if t["action"] == 1 else "second_action"
    if t["decision"] is None:
        # A forced Work's card may be one Palazzo does not know: its panels are not read.
        card = state.catalog.automa_cards.get(str(t["card"])) or {}
        d = automa.choose_action(state, card, panel)
        if "need" in d:
            return _need_from(d)
        t["decision"] = d
    d = t["decision"]
    action = d["action"]
    before = snapshot(state)
    why = automa.why_words(d, panel)
    p = state.players[WOLFGANG_SEAT]
    if action is None:
        _log(
            state,
            "wolfgang",
            said(N_("Wolfgang does nothing: %(why)s"), why=why),
            _discard(state),
            before,
        )
    elif action == "work":
        need = _wolfgang_works(state, why, before)
        if need:
            return need
    elif action == "bonus":
        card = _chosen_card(state, "bonus")
        if isinstance(card, dict):
            return card
        cost = automa.action_cost(state, "bonus")
        pay = automa.payment(p.money, cost)
        words = said(
            N_(
                "Wolfgang acquires a Bonus card (%(why)s): %(payment)s; he takes %(card)s and "
                "puts it on his leftmost face-down card"
            ),
            why=why,
            payment=automa.payment_words(cost, pay),
            card=_card_choice_words(state, "bonus", card),
        )
        moves = automa.payment_moves(pay)
        moves.append(
            said(
                N_("Put \u201c%(card)s\u201d on his leftmost face-down card"),
                card=automa.card_name("bonus", card),
            )
        )
        moves += _under_the_deck(state, "bonus")
        _pay(p, pay)
        state.bonus_deck.remove(card)
        slot = automa.leftmost_face_down(state)
        assert slot is not None  # possible() offers a Bonus card only then
        solo.row[slot]["bonus"].append(card)
        _sync(state)
        _log(state, "wolfgang", words, [*moves, *_discard(state)], before)
    elif action == "profession":
        cost = automa.action_cost(state, "profession")
        pay = automa.payment(p.money, cost)
        _pay(p, pay)
        solo.row.append(_unknown_card())
        state.profession_deck -= 1
        dealt = []
        for i, column in enumerate(solo.columns):
            if state.profession_deck > 0:
                column.append({"card": None, "face_up": False})
                state.profession_deck -= 1
                dealt.append(i + 1)
        _sync(state)
        words = said(
            N_(
                "Wolfgang takes a Profession card (%(why)s): %(payment)s; the top card goes "
                "face down to the right of his row"
            ),
            why=why,
            payment=automa.payment_words(cost, pay),
        )
        if dealt:
            words = said(
                N_("%(words)s; one card face down on each dummy column (%(columns)s)"),
                words=words,
                columns=", ".join(str(c) for c in dealt),
            )
        _log(
            state,
            "wolfgang",
            words,
            [
                *automa.payment_moves(pay),
                said(N_("Put the top Profession card face down to the right of his row")),
                *(
                    said(N_("Put the next one face down on dummy column %(column)s"), column=c)
                    for c in dealt
                ),
                *_discard(state),
            ],
            before,
        )
    else:  # build or freedom, read off his leftmost card
        cost = automa.action_cost(state, action)
        pay = automa.payment(p.money, cost)
        source = profession_named(state, d["profession"])
        if action == "build":
            b = d["building"]
            _pay(p, pay)
            state.building_supply[b] -= 1
            p.buildings.append(b)
            p.fame += PRESTIGE_FOR_BUILDING
            building = Named("buildings", b, _a(BUILDINGS[b][0]))  # English with its article
            message = N_(
                "Wolfgang builds %(building)s (%(why)s; his leftmost face-down Profession card, "
                "the %(profession)s, shows it): %(payment)s; he scores %(pp)s PP"
            )
            shown: dict[str, object] = {"building": building, "pp": PRESTIGE_FOR_BUILDING}
            placed = [
                said(N_("Put %(building)s in his Principality"), building=building),
                _fame_forward(PRESTIGE_FOR_BUILDING),
            ]
        else:
            f = d["freedom"]
            _pay(p, pay)
            state.freedom_supply[f] -= 1
            p.freedoms.append(f)
            freedom = Named("freedoms", f, f.title())
            message = N_(
                "Wolfgang introduces %(freedom)s (%(why)s; his leftmost face-down Profession "
                "card, the %(profession)s, shows it): %(payment)s"
            )
            shown = {"freedom": freedom}
            placed = [said(N_("Put the %(freedom)s Freedom in his Principality"), freedom=freedom)]
        payment = automa.payment_words(cost, pay)
        _log(
            state,
            "wolfgang",
            said(message, why=why, profession=source, payment=payment, **shown),
            [
                *automa.payment_moves(pay),
                *placed,
                said(N_("Turn the %(profession)s back face down"), profession=source),
                *_discard(state),
            ],
            before,
        )
    t["done"] = True
    return None


def _wolfgang_works(state, why: Named, before: list[dict]) -> dict | None:
    solo = solo_of(state)
    slot = automa.leftmost_face_down(state)
    assert slot is not None  # he works only with a face-down card (automa.possible)
    entry = solo.row[slot]
    if entry["kind"] == "profession" and entry["card"] is None:
        return {"step": "reveal", "owner": "wolfgang", "purpose": "work"}
    wv = automa.work_value(state, slot)
    what = (
        said(N_("a Recruiting card"))
        if entry["kind"] == "recruiting"
        else said(N_("the %(profession)s"), profession=profession_named(state, entry["card"]))
    )
    words = automa.work_words(state, wv, what, why)
    p = state.players[WOLFGANG_SEAT]
    bonus = len(entry["bonus"])
    moves = [
        said(N_("Turn %(card)s face up"), card=what)
        if not bonus
        else ngettext(
            "Turn %(card)s face up with the Bonus card on it",
            "Turn %(card)s face up with the Bonus cards on it",
            bonus,
            card=what,
        )
    ]
    entry["face_up"] = True
    entry["played_bonus"] = list(entry["bonus"])
    entry["bonus"] = []
    p.fame += wv["prestige"]
    p.money += wv["florin"]
    p.best_this_round = max(p.best_this_round, wv["total"])
    p.works.append(
        {
            "round": state.round,
            "profession": entry["card"],
            "value": wv["total"],
            "prestige": wv["prestige"],
            "bonus_cards": list(entry["played_bonus"]),
        }
    )
    _sync(state)
    moves.append(
        said(
            N_("Put his Pawn on %(value)s on the Fame track (his best Work this round)"),
            value=p.best_this_round,
        )
    )
    if wv["prestige"]:
        moves.append(_fame_forward(wv["prestige"]))
    if wv["florin"]:
        moves.append(said(N_("Give him %(florin)s Florin"), florin=wv["florin"]))
    moves += _discard(state)
    solo.turn["flips"] = (
        [i for i, col in enumerate(solo.columns) if any(not e["face_up"] for e in col)]
        if flips_matter(state)
        else []
    )
    if solo.turn["flips"]:
        words = said(
            N_("%(words)s; then flip one face-down card in each dummy column (%(columns)s)"),
            words=words,
            columns=", ".join(str(i + 1) for i in solo.turn["flips"]),
        )
    _log(state, "wolfgang", words, moves, before)
    return None


def flips_matter(state) -> bool:
    """The dummies' flips after his Work matter only while you may still recruit a face-up card
    from them: not after your last turn of the game (round 7, you started it). Nothing Palazzo
    says depends on them then, so it does not ask which cards they show."""
    return state.round < ROUNDS or state.start_player == WOLFGANG_SEAT


def _finish_action(state) -> None:
    solo = solo_of(state)
    state.players[WOLFGANG_SEAT].actions += 1
    solo.facts = {}
    solo.running = None
    if solo.turn["action"] == 1:
        solo.turn = _new_turn(2)
        _wait(state, "wolfgang_card", action=2)
        return None
    solo.turn = {}
    next_turn(state)
    if state.phase == "over":
        _wait(state, "over")
    return None
