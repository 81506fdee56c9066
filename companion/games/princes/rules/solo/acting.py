"""Wolfgang's turn in the Action phase (Solo rules, "Wolfgang's turn"): two Automa cards, the
leftmost possible action of each panel (or a forced Work), and the moves each leaves the table."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..catalog import PRESTIGE_FOR_BUILDING, ROUNDS
from ..rounds import next_turn
from ..solo_state import solo_of
from ..told import told
from .buying import _card_choice, _chosen_card
from .moves import _discard, _fame_forward, _log, _under_the_deck, snapshot
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
    why = automa.why_told(d, panel)
    if action is None:
        _log(
            state,
            "wolfgang",
            told("does_nothing", why=why),
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
        _takes_bonus(state, card, why, before)
    elif action == "profession":
        _takes_profession(state, why, before)
    else:  # build or freedom, read off his leftmost card
        _builds_or_introduces(state, d, why, before)
    t["done"] = True
    return None


def _takes_bonus(state, card: str, why: dict, before: list[dict]) -> None:
    """He pays for the Bonus card the table chose and puts it on his leftmost face-down
    Profession card."""
    solo = solo_of(state)
    p = state.players[WOLFGANG_SEAT]
    cost = automa.action_cost(state, "bonus")
    pay = automa.payment(p.money, cost)
    fact = told(
        "acquires_bonus",
        why=why,
        payment=automa.payment_told(cost, pay),
        card=_card_choice(state, "bonus", card),
    )
    moves = automa.payment_moves(pay)
    moves.append(told("put_bonus_card", bonus_card=card))
    moves += _under_the_deck(state, "bonus")
    _pay(p, pay)
    state.bonus_deck.remove(card)
    slot = automa.leftmost_face_down(state)
    assert slot is not None  # possible() offers a Bonus card only then
    solo.row[slot]["bonus"].append(card)
    _sync(state)
    _log(state, "wolfgang", fact, [*moves, *_discard(state)], before)


def _takes_profession(state, why: dict, before: list[dict]) -> None:
    """He pays for a Profession card, face down in his row, and each dummy column is dealt
    one more while the deck lasts."""
    solo = solo_of(state)
    p = state.players[WOLFGANG_SEAT]
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
    fact = told("takes_profession", why=why, payment=automa.payment_told(cost, pay))
    if dealt:
        fact["then"] = [told("dummies_dealt", columns=dealt)]
    _log(
        state,
        "wolfgang",
        fact,
        [
            *automa.payment_moves(pay),
            told("put_profession_card"),
            *(told("deal_dummy_column", column=c) for c in dealt),
            *_discard(state),
        ],
        before,
    )


def _builds_or_introduces(state, d: dict, why: dict, before: list[dict]) -> None:
    """He builds the Building or introduces the Freedom his leftmost face-down Profession card
    shows (`d`: `choose_action`'s decision), and scores a Building's PP."""
    action = d["action"]
    p = state.players[WOLFGANG_SEAT]
    cost = automa.action_cost(state, action)
    pay = automa.payment(p.money, cost)
    _pay(p, pay)
    if action == "build":
        b = d["building"]
        state.building_supply[b] -= 1
        p.buildings.append(b)
        p.fame += PRESTIGE_FOR_BUILDING
        fact = told("builds", a_building=b, pp=PRESTIGE_FOR_BUILDING)
        placed = [told("put_building", a_building=b), _fame_forward(PRESTIGE_FOR_BUILDING)]
    else:
        f = d["freedom"]
        state.freedom_supply[f] -= 1
        p.freedoms.append(f)
        fact = told("introduces", freedom=f)
        placed = [told("put_freedom", freedom=f)]
    fact.update(
        why=why,
        profession=d["profession"],
        payment=automa.payment_told(cost, pay),
    )
    _log(
        state,
        "wolfgang",
        fact,
        [
            *automa.payment_moves(pay),
            *placed,
            told("turn_back_face_down", profession=d["profession"]),
            *_discard(state),
        ],
        before,
    )


def _wolfgang_works(state, why: dict, before: list[dict]) -> dict | None:
    solo = solo_of(state)
    slot = automa.leftmost_face_down(state)
    assert slot is not None  # he works only with a face-down card (automa.possible)
    entry = solo.row[slot]
    if entry["kind"] == "profession" and entry["card"] is None:
        return {"step": "reveal", "owner": "wolfgang", "purpose": "work"}
    wv = automa.work_value(state, slot)
    what = told("worked_card", profession=entry["card"] if entry["kind"] != "recruiting" else None)
    fact = automa.work_told(wv, what, why)
    p = state.players[WOLFGANG_SEAT]
    moves = [told("turn_face_up", card=what, num=len(entry["bonus"]))]
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
    moves.append(told("pawn_on_best_work", value=p.best_this_round))
    if wv["prestige"]:
        moves.append(_fame_forward(wv["prestige"]))
    if wv["florin"]:
        moves.append(told("give_florin", florin=wv["florin"]))
    moves += _discard(state)
    solo.turn["flips"] = (
        [i for i, col in enumerate(solo.columns) if any(not e["face_up"] for e in col)]
        if flips_matter(state)
        else []
    )
    if solo.turn["flips"]:
        fact["then"] = [told("dummies_flip", columns=[i + 1 for i in solo.turn["flips"]])]
    _log(state, "wolfgang", fact, moves, before)
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
