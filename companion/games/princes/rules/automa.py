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
    BUILDINGS,
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
from .refusals import N_, Named, listed, ngettext, said, said_data, said_from_data
from .rounds import principality_counts
from .solo_state import solo_of
from .state import GameState
from .work import profession_named

WOLFGANG_SEAT = 1
# What Wolfgang would do, in the words of "not %(action)s" (why_words).
ACTION_NAMES = {
    "work": N_("not complete a Work: %(why)s"),
    "build": N_("not build a Building: %(why)s"),
    "profession": N_("not take a Profession card: %(why)s"),
    "freedom": N_("not introduce a Freedom: %(why)s"),
    "bonus": N_("not acquire a Bonus card: %(why)s"),
}


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


def payment_words(amount: int, pay: dict) -> Named:
    """How he pays `amount`, marked for translation (`said`: English as a string)."""
    if not pay["spaces"]:
        return said(N_("he pays %(amount)s"), amount=amount)
    if pay["money"]:
        words = ngettext(
            "he pays his %(money)s Florin and moves %(num)s space back on the Fame track for "
            "%(amount)s",
            "he pays his %(money)s Florin and moves %(num)s spaces back on the Fame track for "
            "%(amount)s",
            pay["spaces"],
            money=pay["money"],
            amount=amount,
        )
    else:
        words = ngettext(
            "he has no money: moves %(num)s space back on the Fame track for %(amount)s",
            "he has no money: moves %(num)s spaces back on the Fame track for %(amount)s",
            pay["spaces"],
            amount=amount,
        )
    if pay["change"]:
        return said(
            N_("%(payment)s, %(change)s Florin change"), payment=words, change=pay["change"]
        )
    return words


def payment_moves(pay: dict) -> list[Named]:
    """What to move on the table for a payment: his money, his Fame disk, his change."""
    moves = []
    if pay["money"]:
        moves.append(said(N_("Take %(money)s Florin from Wolfgang"), money=pay["money"]))
    if pay["spaces"]:
        moves.append(
            ngettext(
                "Move his Fame disk back %(num)s space",
                "Move his Fame disk back %(num)s spaces",
                pay["spaces"],
            )
        )
    if pay["change"]:
        moves.append(said(N_("Give him %(change)s Florin change"), change=pay["change"]))
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


def dice_words(modifier: int | None) -> Named:
    """The roll, as the Automa card prints it ("6+1D6"); the German edition writes W6."""
    if modifier is None:
        return said(N_("1D6"))
    return said(N_("%(modifier)s+1D6"), modifier=modifier)


def last_bid(modifier: int | None, value: int) -> int:
    return ((modifier or 0) + value) * 100


# --- Wolfgang buys an object ----------------------------------------------------------------


def unable_to_buy(state: GameState, obj: str) -> Named | None:
    auc = solo_of(state).auction
    if auc["bought"] == obj:
        return said(N_("you bought it"))
    if state.stacks[obj] <= 0:
        return said(N_("none is left"))
    if obj == "builder" and state.players[WOLFGANG_SEAT].builders >= MAX_BUILDERS:
        return said(N_("he has %(builders)s Builders"), builders=MAX_BUILDERS)
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
                passed.append(["landscape", said(N_("none he could buy"))])  # no card to flip
                continue
            if slot is None:
                passed.append(
                    ["landscape", said(N_("he has no face-down Profession card to show one"))]
                )
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


def purchase_words(decision: dict, pay: dict | None, state: GameState) -> Named:
    obj = decision["object"]
    skipped = listed(
        [
            said(N_("not the %(object)s: %(why)s"), object=object_named(o), why=why)
            for o, why in decision["passed"]
        ],
        N_("%(one)s; %(other)s"),
    )
    if obj is None:
        if skipped:
            return said(N_("Wolfgang buys nothing (%(skipped)s)"), skipped=skipped)
        return said(N_("Wolfgang buys nothing: there is nothing on the card he can buy"))
    name = object_named(obj)
    why = (
        said(N_("the leftmost object he can buy (%(skipped)s)"), skipped=skipped)
        if skipped
        else said(N_("the leftmost object he can buy"))
    )
    if obj in LANDSCAPES:
        slot = leftmost_face_down_profession(state)
        pid = row(state)[slot]["card"] if slot is not None else None
        if pid:
            why = said(
                N_(
                    "%(why)s; his leftmost face-down card, the %(profession)s, shows a %(landscape)s"
                ),
                why=why,
                profession=profession_named(state, pid),
                landscape=name,
            )
    assert pay is not None  # he pays for whatever he buys
    mod = decision["modifier"]
    sums = (
        said(N_("%(roll)s + %(modifier)s"), roll=decision["roll"], modifier=mod)
        if mod is not None
        else decision["roll"]
    )
    price = payment_words(decision["last_bid"], pay)
    if decision["by"] == "you":
        return said(
            N_(
                "Wolfgang buys the %(object)s: %(why)s; your roll of %(sums)s set the last bid "
                "at %(bid)s: %(price)s"
            ),
            object=name,
            why=why,
            sums=sums,
            bid=decision["last_bid"],
            price=price,
        )
    return said(
        N_("Wolfgang buys the %(object)s: %(why)s; rolled %(sums)s, %(price)s"),
        object=name,
        why=why,
        sums=sums,
        price=price,
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
            return {"ok": False, "why": said(N_("he has no face-down card"))}
        return {"ok": True}
    if action in ("build", "freedom"):
        slot = leftmost_face_down_profession(state)
        if slot is None:
            return {"ok": False, "why": said(N_("he has no face-down Profession card"))}
        pid = row(state)[slot]["card"]
        if pid is None:
            return {"need": "reveal", "owner": "wolfgang", "purpose": action}
        prof = state.catalog.professions[pid]
        if action == "build":
            if state.building_supply[prof.building] <= 0:
                return {
                    "ok": False,
                    "why": said(
                        N_("his %(profession)s shows the %(building)s, none left"),
                        profession=profession_named(state, pid),
                        building=Named("buildings", prof.building, BUILDINGS[prof.building][0]),
                    ),
                }
            return {"ok": True, "building": prof.building, "profession": pid}
        if state.freedom_supply[prof.freedom] <= 0:
            return {
                "ok": False,
                "why": said(
                    N_("his %(profession)s shows %(freedom)s, none left"),
                    profession=profession_named(state, pid),
                    freedom=Named("freedoms", prof.freedom, prof.freedom.title()),
                ),
            }
        return {"ok": True, "freedom": prof.freedom, "profession": pid}
    if action == "profession":
        if state.profession_deck <= 0:
            return {"ok": False, "why": said(N_("the Profession deck is empty"))}
        return {"ok": True}
    if action == "bonus":
        if not state.bonus_deck:
            return {"ok": False, "why": said(N_("the Bonus deck is empty"))}
        if leftmost_face_down(state) is None:
            return {"ok": False, "why": said(N_("he has no face-down card to put it on"))}
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
            skipped.append([action, said_data(answer["why"])])  # kept in the state: JSON
    return {"action": None, "forced": False, "source": "none", "skipped": skipped}


def why_words(decision: dict, panel: str) -> Named:
    if decision["forced"]:
        return said(
            N_("forced: he has as many face-down cards as rounds remain, so the card is ignored")
        )
    skipped = listed(
        [said(ACTION_NAMES[a], why=said_from_data(why)) for a, why in decision["skipped"]],
        N_("%(one)s; %(other)s"),
    )
    middle = panel == "first_action"
    if decision["source"] == "panel":
        base = (
            said(N_("the leftmost possible action of the middle panel"))
            if middle
            else said(N_("the leftmost possible action of the bottom panel"))
        )
    elif decision["source"] == "fallback":
        base = (
            said(
                N_(
                    "nothing on the middle panel was possible, so the first possible of "
                    "Profession, Build, Bonus, Freedom"
                )
            )
            if middle
            else said(
                N_(
                    "nothing on the bottom panel was possible, so the first possible of "
                    "Profession, Build, Bonus, Freedom"
                )
            )
        )
    else:
        base = said(N_("no action was possible"))
    if skipped:
        return said(N_("%(why)s (%(skipped)s)"), why=base, skipped=skipped)
    return base


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


def work_words(state: GameState, wv: dict, card_words: Named, why: Named) -> Named:
    parts = wv["parts"]
    bits = [said(N_("%(value)s (round minimum)"), value=parts["minimum"])]
    if parts["jesters"]:
        bits.append(said(N_("%(value)s (Jesters)"), value=parts["jesters"]))
    if parts["recruiting"]:
        bits.append(said(N_("%(value)s (Recruiting cards)"), value=parts["recruiting"]))
    for b, v in wv["bonus"].items():
        bits.append(
            said(
                N_("%(value)s (%(card)s)"), value=v, card=Named("bonus_cards", b, BONUS_CARDS[b][0])
            )
        )
    return said(
        N_(
            "Wolfgang completes a Work with %(card)s (%(why)s): %(sum)s = %(total)s; he takes "
            "%(prestige)s PP and %(florin)s Florin"
        ),
        card=card_words,
        why=why,
        sum=listed(bits, N_("%(one)s + %(other)s")),
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
