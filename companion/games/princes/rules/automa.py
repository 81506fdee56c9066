"""Wolfgang's decisions, read off the solo rules: pure functions of the state, no mutation.

Every decision is worked out again from the facts the table has reported so far. When a fact is
missing (which Profession a flipped card shows, a die roll, the cards drawn for him, a random
tie-break) the function answers with a `need` instead of a decision; once the table reports it,
the same function gets one step further. So the log of facts alone replays his whole game.
"""

from __future__ import annotations

from .cards import bonus_value, prestige_points
from .catalog import (
    AUTOMA_FALLBACK,
    BONUS_CARD_COST,
    BONUS_CARDS,
    BUILDING_COST_BY_BUILDERS,
    CARDS_DRAWN_TO_CHOOSE,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    FREEDOM_COST,
    LANDSCAPES,
    MAX_BUILDERS,
    MINIMUM_WORK_VALUE,
    OBJECT_NAMES,
    PRESTIGE_CARDS,
    PROFESSION_CARD_COST,
    ROUNDS,
    SOLO_PROTECTED_IN_FINAL_AUCTION,
    TWO_PLAYER_LANDSCAPE_OBJECT,
    WOLFGANG_FLORIN_PER_FAME,
    WORK_VALUE,
)
from .principality import counts
from .refusals import Named
from .rounds import principality_counts
from .solo_state import solo_of
from .state import GameState
from .told import told

WOLFGANG_SEAT = 1


# --- his row of cards ----------------------------------------------------------------------


def row(state: GameState) -> list[dict]:
    return solo_of(state).row


def face_down(state: GameState) -> list[int]:
    """Positions of his face-down Profession and Recruiting cards, left to right."""
    return [i for i, e in enumerate(row(state)) if not e["face_up"]]


def leftmost_face_down(state: GameState) -> int | None:
    down = face_down(state)
    return down[0] if down else None


def leftmost_face_down_profession(state: GameState) -> int | None:
    """Build, Freedom and Landscape read his leftmost face-down *Profession* card: a Recruiting
    card shows none of them."""
    return next((i for i in face_down(state) if row(state)[i]["kind"] == "profession"), None)


def recruiting_cards(state: GameState) -> int:
    return sum(1 for e in row(state) if e["kind"] == "recruiting")


def wolfgang_counts(state: GameState) -> dict:
    """Ruling 11: face-down cards are his hand, face-up ones his table. He has no grid (he
    ignores the placing rules), so empty spaces come from piece sizes, never below 0."""
    p = state.players[WOLFGANG_SEAT]
    down = len(face_down(state))
    c = counts(
        p,
        grid=False,
        landscape_cells=state.catalog.landscape_cells,
        hand=down,
        works=len(row(state)) - down,
    )
    if c["empty_spaces"] is not None:
        c["empty_spaces"] = max(0, c["empty_spaces"])
    return c


def all_counts(state: GameState) -> dict[int, dict]:
    return principality_counts(state)


# --- paying --------------------------------------------------------------------------------


def payment(money: int, amount: int) -> dict:
    """Money first, then 1 space back per 200 Florin, with 100 change if he overpays (his fame
    may go negative)."""
    if money >= amount:
        return {"money": amount, "spaces": 0, "change": 0}
    short = amount - money
    spaces = -(-short // WOLFGANG_FLORIN_PER_FAME)
    return {"money": money, "spaces": spaces, "change": spaces * WOLFGANG_FLORIN_PER_FAME - short}


def payment_told(amount: int, pay: dict) -> dict:
    """How he pays `amount`: the amount and the payment's parts (`payment`)."""
    return told("pays", amount=amount, **pay)


def payment_moves(pay: dict) -> list[dict]:
    """What to move on the table for a payment: his money, his Fame disk, his change."""
    moves = []
    if pay["money"]:
        moves.append(told("take_florin", money=pay["money"]))
    if pay["spaces"]:
        moves.append(told("fame_back", num=pay["spaces"]))
    if pay["change"]:
        moves.append(told("give_change", change=pay["change"]))
    return moves


# --- the Automa card ------------------------------------------------------------------------


def automa_card(state: GameState, number: int | str) -> dict:
    return state.catalog.automa_cards[str(number)]


def modifier_key(state: GameState) -> str:
    return "mod4" if solo_of(state).players == 4 else "mod5"


def card_item(state: GameState, card: dict, obj: str) -> dict | None:
    """The top-panel entry for an object; the three Landscapes share the card's `landscape`."""
    wanted = TWO_PLAYER_LANDSCAPE_OBJECT if obj in LANDSCAPES else obj
    return next((i for i in card["auction"] if i["object"] == wanted), None)


def protected_objects(state: GameState, card: dict) -> list[str]:
    """The objects with the 2 highest die modifiers for this player count (all tied at the
    second place included); an object without a modifier is never among them."""
    key = modifier_key(state)
    mods = [i[key] for i in card["auction"] if i[key] is not None]
    out = []
    for item in card["auction"]:
        m = item[key]
        if m is not None and sum(1 for x in mods if x > m) < SOLO_PROTECTED_IN_FINAL_AUCTION:
            shown = item["object"]
            out += list(LANDSCAPES) if shown == TWO_PLAYER_LANDSCAPE_OBJECT else [shown]
    return out


def last_bid(modifier: int | None, value: int) -> int:
    return ((modifier or 0) + value) * 100


# --- Wolfgang buys an object ----------------------------------------------------------------


def unable_to_buy(state: GameState, obj: str) -> dict | None:
    """Why he cannot buy `obj` (a `told` reason), or None."""
    auc = solo_of(state).auction
    if auc["bought"] == obj:
        return told("you_bought_it")
    if state.stacks[obj] <= 0:
        return told("none_left")
    if obj == "builder" and state.players[WOLFGANG_SEAT].builders >= MAX_BUILDERS:
        return told("max_builders", builders=MAX_BUILDERS)
    return None


def rolled_for(state: GameState, obj: str) -> dict | None:
    """The roll already made for this very object in this Auction phase, yours or his."""
    auc = solo_of(state).auction
    for offer in auc["offers"]:
        if offer["object"] == obj and offer["roll"] is not None:
            return {"value": offer["roll"], "by": "you"}
    w = solo_of(state).facts.get("roll")
    if w and w["object"] == obj:
        return {"value": w["value"], "by": "wolfgang"}
    return None


def purchase(state: GameState) -> dict:
    """{need: ...}, or {object: None, passed}, or {object, modifier, roll, last_bid, by, passed}:
    the leftmost object on the card he is able to buy."""
    card = automa_card(state, solo_of(state).auction["card"])
    key = modifier_key(state)
    passed = []
    for item in card["auction"]:
        obj, mod = item["object"], item[key]
        if obj == TWO_PLAYER_LANDSCAPE_OBJECT:
            slot = leftmost_face_down_profession(state)
            if not any(unable_to_buy(state, kind) is None for kind in LANDSCAPES):
                passed.append(["landscape", told("none_he_could_buy")])  # no card to flip
                continue
            if slot is None:
                passed.append(["landscape", told("no_face_down_profession_to_show")])
                continue
            pid = row(state)[slot]["card"]
            if pid is None:
                return {"need": "reveal", "owner": "wolfgang", "purpose": "landscape"}
            obj = state.catalog.professions[pid].landscape
        why = unable_to_buy(state, obj)
        if why:
            passed.append([obj, why])
            continue
        roll = rolled_for(state, obj)
        if roll is None:
            return {"need": "die", "object": obj, "modifier": mod}
        return {
            "object": obj,
            "modifier": mod,
            "roll": roll["value"],
            "by": roll["by"],
            "last_bid": last_bid(mod, roll["value"]),
            "passed": passed,
        }
    return {"object": None, "passed": passed}


def purchase_told(decision: dict, pay: dict | None, state: GameState) -> dict:
    """What he buys and why (`purchase`'s decision): the objects passed over and their
    reasons, his roll or yours, the price and how he pays; a Landscape with the Profession
    card that shows it."""
    obj = decision["object"]
    passed = [{"object": o, "why": why} for o, why in decision["passed"]]
    if obj is None:
        return told("buys_nothing", passed=passed)
    shown = None
    if obj in LANDSCAPES:
        slot = leftmost_face_down_profession(state)
        shown = row(state)[slot]["card"] if slot is not None else None
    assert pay is not None  # he pays for whatever he buys
    return told(
        "buys",
        object=obj,
        passed=passed,
        shown=shown,
        roll=decision["roll"],
        modifier=decision["modifier"],
        by=decision["by"],
        bid=decision["last_bid"],
        payment=payment_told(decision["last_bid"], pay),
    )


def object_named(obj: str) -> Named:
    """An auction object, named in the reader's edition at the edge."""
    return Named("objects", obj, OBJECT_NAMES[obj])


# --- choosing among drawn cards -------------------------------------------------------------


def card_values(state: GameState, deck: str, cards: list[str]) -> dict[str, int]:
    """What each card is worth to him now (ruling 12): Prestige cards as if the game ended
    now, against your Principality as it stands; Bonus cards on his Principality."""
    if deck == "prestige":
        everyone = all_counts(state)
        return {c: prestige_points(c, WOLFGANG_SEAT, everyone) for c in cards}
    mine = wolfgang_counts(state)
    return {c: bonus_value(c, mine) for c in cards}


def best_cards(state: GameState, deck: str, cards: list[str]) -> list[str]:
    values = card_values(state, deck, cards)
    top = max(values.values())
    return [c for c in cards if values[c] == top]


def card_name(deck: str, card: str) -> Named:
    """A Prestige or Bonus card's name, in the reader's edition at the edge."""
    if deck == "prestige":
        return Named("prestige_cards", card, PRESTIGE_CARDS[card][0])
    return Named("bonus_cards", card, BONUS_CARDS[card][0])


def offer_size(state: GameState, deck: str) -> int:
    left = state.prestige_deck if deck == "prestige" else state.bonus_deck
    return min(CARDS_DRAWN_TO_CHOOSE, len(left))


# --- his actions ----------------------------------------------------------------------------


def rounds_remaining(state: GameState) -> int:
    return ROUNDS - state.round + 1


def must_work(state: GameState) -> bool:
    return len(face_down(state)) >= rounds_remaining(state)


def action_cost(state: GameState, action: str) -> int:
    p = state.players[WOLFGANG_SEAT]
    return {
        "build": BUILDING_COST_BY_BUILDERS[p.builders],
        "freedom": FREEDOM_COST,
        "profession": PROFESSION_CARD_COST,
        "bonus": BONUS_CARD_COST,
        "work": 0,
    }[action]


def possible(state: GameState, action: str) -> dict:
    """{ok: True, ...details} / {ok: False, why} / {need: ...}: the solo rules' own list of
    when an action is "not possible" (and nothing else: no once-per-round limit for him)."""
    if action == "work":
        if leftmost_face_down(state) is None:
            return {"ok": False, "why": told("no_face_down_card")}
        return {"ok": True}
    if action in ("build", "freedom"):
        slot = leftmost_face_down_profession(state)
        if slot is None:
            return {"ok": False, "why": told("no_face_down_profession")}
        pid = row(state)[slot]["card"]
        if pid is None:
            return {"need": "reveal", "owner": "wolfgang", "purpose": action}
        prof = state.catalog.professions[pid]
        if action == "build":
            if state.building_supply[prof.building] <= 0:
                return {
                    "ok": False,
                    "why": told("building_none_left", profession=pid, building=prof.building),
                }
            return {"ok": True, "building": prof.building, "profession": pid}
        if state.freedom_supply[prof.freedom] <= 0:
            return {
                "ok": False,
                "why": told("freedom_none_left", profession=pid, freedom=prof.freedom),
            }
        return {"ok": True, "freedom": prof.freedom, "profession": pid}
    if action == "profession":
        if state.profession_deck <= 0:
            return {"ok": False, "why": told("profession_deck_empty")}
        return {"ok": True}
    if action == "bonus":
        if not state.bonus_deck:
            return {"ok": False, "why": told("bonus_deck_empty")}
        if leftmost_face_down(state) is None:
            return {"ok": False, "why": told("no_face_down_card_for_bonus")}
        return {"ok": True}
    raise ValueError(action)


def choose_action(state: GameState, card: dict, panel: str) -> dict:
    """The leftmost possible action of the panel, else the first possible of the fallback
    list; a forced Work when his face-down cards are as many as the rounds left."""
    if must_work(state):
        return {"action": "work", "forced": True, "source": "forced", "skipped": []}
    skipped: list[list[object]] = []
    for source, options in (("panel", card[panel]), ("fallback", AUTOMA_FALLBACK)):
        for action in options:
            if source == "fallback" and any(a == action for a, _ in skipped):
                continue
            answer = possible(state, action)
            if "need" in answer:
                return answer
            if answer["ok"]:
                return {
                    "action": action,
                    "forced": False,
                    "source": source,
                    "skipped": skipped,
                    **{k: v for k, v in answer.items() if k != "ok"},
                }
            skipped.append([action, answer["why"]])  # kept in the state: a `told` fact
    return {"action": None, "forced": False, "source": "none", "skipped": skipped}


def why_told(decision: dict, panel: str) -> dict:
    """Why he takes the action he takes (`choose_action`'s decision): forced, or the panel
    read (`first_action`: the middle one) and the actions passed over with their reasons."""
    if decision["forced"]:
        return told("forced_work")
    skipped = [{"action": a, "why": why} for a, why in decision["skipped"]]
    return told(
        "action_chosen",
        source=decision["source"],
        panel="middle" if panel == "first_action" else "bottom",
        skipped=skipped,
    )


def work_value(state: GameState, slot: int) -> dict:
    """Minimum of the round + 2 per Jester + 1 per Recruiting card + the Bonus cards on the
    card, counted with the card already turned face up. No Landscape, Freedom, Building or
    Profession cards count for him."""
    p = state.players[WOLFGANG_SEAT]
    entry = row(state)[slot]
    c = wolfgang_counts(state)
    if not entry["face_up"]:  # value it as the rules do: the card is on the table
        c = dict(c, cards_in_hand=c["cards_in_hand"] - 1, works=c["works"] + 1)
    parts = {
        "minimum": MINIMUM_WORK_VALUE[state.round],
        "jesters": WORK_VALUE["jester"] * p.jesters,
        "recruiting": WORK_VALUE["card"] * recruiting_cards(state),
    }
    bonus = {b: bonus_value(b, c) for b in entry["bonus"]}
    total = sum(parts.values()) + sum(bonus.values())
    prestige = total * FLORIN_PER_WORK_VALUE // FLORIN_PER_PRESTIGE_TAKEN
    return {
        "parts": parts,
        "bonus": bonus,
        "total": total,
        "prestige": prestige,
        "florin": total * FLORIN_PER_WORK_VALUE - prestige * FLORIN_PER_PRESTIGE_TAKEN,
    }


def work_told(wv: dict, card: dict, why: dict) -> dict:
    """His Work (`work_value`): the card worked, why, the value's parts, what he takes."""
    return told(
        "works",
        card=card,
        why=why,
        parts=wv["parts"],
        bonus=[[b, v] for b, v in wv["bonus"].items()],
        total=wv["total"],
        prestige=wv["prestige"],
        florin=wv["florin"],
    )


__all__ = [
    "payment",
    "purchase",
    "choose_action",
    "work_value",
    "best_cards",
    "card_values",
    "wolfgang_counts",
    "protected_objects",
]
