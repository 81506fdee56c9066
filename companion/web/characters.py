"""The Muse and the Princess on the screens: the Character card area as a pawn board (for the
table and every phone), a seat's own Character with a button for each moment it may be used,
the Princess Work, the Banker's exchange, and what the Characters brought.

Plain data for templates. The pawn board and the cards in front of players are public (they
lie face up on the table); the buttons and the Princess Work are built for their seat only.
"""

from __future__ import annotations

from companion.rules import (
    banker_holder,
    candidate_events,
    character_area,
    character_held,
    character_spaces,
    princess_work_value,
)
from companion.rules.catalog import (
    BANKER_FLORIN_PER_PRESTIGE,
    BANKER_MONEY,
    BONUS_CARDS,
    CARDINAL_EXTRA_ACTIONS,
    CHARACTERS,
    FLORIN_PER_CHARACTER_SPACE,
    MERCHANT_PRESTIGE,
    MINIMUM_WORK_VALUE,
    PRESTIGE_CARDS,
    PRINCESS_WORK_VALUE,
    ROUNDS,
)

from .drawings import seat_colour

RULE = "The Muse and the Princess (Rulebook, pp. 14-16)"
EFFECTS = {
    "banker": f"Take all the Florin on it at once. Bought in round {ROUNDS}: at the end, pay "
    f"{BANKER_FLORIN_PER_PRESTIGE} Florin for each PP you want.",
    "cardinal": f"On your turn, flip it for {CARDINAL_EXTRA_ACTIONS} more action (a Profession "
    "card and a Freedom still once each).",
    "merchant": "Flip it instead of paying for an object you win, or to score "
    f"{MERCHANT_PRESTIGE} PP plus 1 per opponent with more PP.",
    "muse": "Each Work you complete this round gains the round number.",
    "princess": "On your turn, as a Complete a Work action: a Work without a Profession card.",
    "professor": "Flip it for a free Prestige card or Bonus card (a Bonus card uses no action).",
}


def name(character: str) -> str:
    return CHARACTERS[character][0] if character in CHARACTERS else str(character)


def _who(state, seat) -> dict | None:
    if not isinstance(seat, int) or not 0 <= seat < state.n:
        return None
    return {"seat": seat, "name": state.players[seat].name, "colour": seat_colour(seat)}


# -- the pawn board (public) -----------------------------------------------------------------------


def board(state) -> dict | None:
    """The six cards: spaces, the Pawn on each (whose, which space), who bought or holds it;
    whose turn it is and who is done (their Pawn laid down)."""
    public = character_area(state)
    if public is None:
        return None
    a = public["auction"]
    holders = {
        c["character"]: (s, c["face_up"]) for s, cards in enumerate(public["held"]) for c in cards
    }
    cards = []
    for character, (title, low, high) in CHARACTERS.items():
        pawn = a["pawns"].get(character) if a else None
        holder = holders.get(character)
        cards.append(
            {
                "id": character,
                "name": title,
                "effect": EFFECTS[character],
                "spaces": list(range(low, high + 1)),
                "pawn": {**_who(state, pawn[0]), "space": pawn[1]} if pawn else None,
                "bought": bool(a) and character in a["bought"],
                "holder": {**_who(state, holder[0]), "face_up": holder[1]} if holder else None,
                "money": public["banker_money"] if character == "banker" else None,
            }
        )
    return {
        "cards": cards,
        "auction": a is not None,
        "turn": _who(state, a["turn"]) if a else None,
        "done": [_who(state, s)["name"] for s in a["done"]] if a else [],
        "banker_money": public["banker_money"],
        "rule": RULE,
    }


def brought(state) -> list[dict]:
    """What the Characters brought each player, in words (for the end of the game)."""
    public = character_area(state)
    if public is None:
        return []
    per_seat: dict[int, list[str]] = {}
    for b in public["brought"]:
        per_seat.setdefault(b["player"], []).append(_brought_words(b))
    return [
        {**_who(state, s), "lines": per_seat.get(s, [])} for s in range(state.n) if per_seat.get(s)
    ]


def _brought_words(b: dict) -> str:
    c, r = b["character"], b["round"]
    if c == "banker" and b.get("money", 0) < 0:
        return f"Banker, at the end: {-b['money']} Florin for {b.get('fame', 0)} PP"
    if c == "banker":
        return f"Banker, round {r}: {b.get('money', 0)} Florin"
    if c == "merchant" and "money" in b:
        return f"Merchant, round {r}: an object for free ({b['money']} Florin back)"
    if c == "merchant":
        return f"Merchant, round {r}: {b.get('fame', 0)} PP"
    if c == "muse":
        return f"Muse, round {r}: +{b.get('work_value', 0)} Work Value"
    if c == "princess":
        return f"Princess, round {r}: a Work of {b.get('work_value', 0)}"
    if c == "professor":
        deck = "Prestige card" if b.get("deck") == "prestige" else "Bonus card"
        return f"Professor, round {r}: a free {deck}"
    return f"Cardinal, round {r}: a third action"


# -- one seat's phone ------------------------------------------------------------------------------


def auction_screen(state, seat: int, params: dict, button) -> dict:
    """The Character Auction on a phone: tap a card, then one of its legal spaces."""
    a = character_area(state)["auction"]
    p = state.players[seat]
    out = {"name": "characters", "board": board(state), "my_turn": a["turn"] == seat}
    mine = next((c for c, (s, _) in a["pawns"].items() if s == seat), None)
    out["my_pawn"] = (
        {"character": name(mine), "space": a["pawns"][mine][1]} if mine is not None else None
    )
    out["done"] = seat in a["done"]
    if a["turn"] != seat:
        return out
    choices = []
    for character in CHARACTERS:
        spaces = character_spaces(state, seat, character)
        if character in a["bought"]:
            why = "bought this round"
        elif not spaces:
            pawn = a["pawns"].get(character)
            why = (
                f"a higher space costs more than your {p.money} Florin"
                if pawn
                else f"its lowest space costs more than your {p.money} Florin"
            )
        else:
            why = None
        pawn = a["pawns"].get(character)
        hint = f"{state.players[pawn[0]].name} on {pawn[1]}" if pawn else ""
        choices.append({"id": character, "name": name(character), "why": why, "hint": hint})
    out["choices"] = choices
    chosen = params.get("character")
    if chosen in CHARACTERS and character_spaces(state, seat, chosen):
        out["chosen"] = name(chosen)
        out["spaces"] = [
            button(
                {"type": "character_bid", "player": seat, "character": chosen, "space": space},
                f"Space {space}",
                f"{space * FLORIN_PER_CHARACTER_SPACE} Florin",
            )
            for space in character_spaces(state, seat, chosen)
        ]
    out["pass"] = button({"type": "character_passed", "player": seat}, "Pass: no Character")
    return out


def banker_screen(state, seat: int) -> dict:
    """The end of the game waits for the Banker's holder: Florin for PP, or nothing."""
    holder = banker_holder(state)
    if holder != seat:
        return {
            "name": "wait",
            "text": f"{state.players[holder].name} may exchange Florin for PP with the Banker; "
            "then the game is scored.",
        }
    most = state.players[seat].money // BANKER_FLORIN_PER_PRESTIGE
    return {
        "name": "banker",
        "rate": BANKER_FLORIN_PER_PRESTIGE,
        "most": most,
        "event": {"type": "character_used", "player": seat, "character": "banker"},
        "options": [{"florin": k * BANKER_FLORIN_PER_PRESTIGE, "pp": k} for k in range(most + 1)],
    }


def mine(state, seat: int, button) -> dict | None:
    """The Character in front of this seat: what it does, a button for each use the rules allow
    right now, and a reminder when it is about to go back unused."""
    area = character_area(state)
    if area is None or state.phase not in ("auction", "character_auction", "action"):
        return None
    card = character_held(state, seat)
    if card is None:
        return None
    character = card["character"]
    out = {
        "id": character,
        "name": name(character),
        "effect": EFFECTS[character],
        "face_up": card["face_up"],
        "buttons": [],
        "professor": False,
        "reminder": None,
    }
    if character == "muse":
        out["note"] = f"Round {state.round}: each Work you complete gains {state.round}."
    if character == "banker":
        out["note"] = (
            f"Its money is yours. Bought in round {ROUNDS}, it also exchanges Florin for PP at the "
            "end."
            if state.round == ROUNDS
            else f"Its money is yours; it goes back with {BANKER_MONEY} Florin put on it."
        )
    if not card["face_up"]:
        return out
    p = state.players[seat]
    for ev in _uses_now(state, seat):
        if character == "professor":
            out["professor"] = True
            continue
        if character == "cardinal":
            out["buttons"].append(button(ev, "Flip the Cardinal", "one more action this turn"))
        elif ev.get("effect") == "pay_object":
            price = area["won_bid"]["price"]
            out["buttons"].append(
                button(ev, "Flip the Merchant: do not pay", f"{price} Florin back", primary=True)
            )
        elif ev.get("effect") == "prestige":
            ahead = sum(1 for t, q in enumerate(state.players) if t != seat and q.fame > p.fame)
            out["buttons"].append(
                button(
                    ev,
                    f"Flip the Merchant: +{MERCHANT_PRESTIGE + ahead} PP",
                    f"{ahead} opponent{'s' * (ahead != 1)} ahead of you",
                )
            )
    out["reminder"] = _reminder(state, seat, character, out, area)
    return out


def _reminder(state, seat: int, character: str, out: dict, area: dict) -> str | None:
    usable = out["buttons"] or out["professor"]
    just_bought = state.phase == "character_auction" and area["auction"]["started"]
    if character in ("merchant", "professor") and usable and state.phase == "action":
        if state.turn != seat:
            return (
                f"You have just bought it: use your {name(character)} now, before anyone acts, "
                "or on your own turn."
            )
    if character in ("merchant", "professor") and usable and just_bought:
        return (
            f"Use your {name(character)} now, on your turn in the Action phase, or in the next "
            "Auction phase: it goes back when the next Character Auction begins."
        )
    if character in ("merchant", "professor") and usable:
        if state.phase == "character_auction":
            return (
                f"Last chance: your {name(character)} goes back with the first Character bid "
                "or pass."
            )
        if state.phase == "auction":
            return (
                f"Your {name(character)} goes back when the Character Auction begins: use it "
                "before then or lose it."
            )
    if character in ("cardinal", "princess") and state.phase == "action" and state.turn == seat:
        return f"Your {name(character)} is good only on this turn."
    if character in ("merchant", "professor") and state.phase == "action" and state.turn == seat:
        return (
            f"Use your {name(character)} now, or in the next Auction phase: it goes back when "
            "the next Character Auction begins."
        )
    return None


def _uses_now(state, seat: int) -> list[dict]:
    """The Character uses the rules allow this seat right now (each tried on a copy)."""
    return [
        ev
        for ev in candidate_events(state, seat, professions=[], bonus_cards=[])
        if ev["type"] == "character_used"
    ]


def professor_screen(state, seat: int, button) -> dict | None:
    """Every Prestige and Bonus card of the game, not only those left: which ones are gone is
    the others' secret (the engine refuses a card that is not there)."""
    card = character_held(state, seat)
    if card is None or card["character"] != "professor" or not card["face_up"]:
        return None
    if not _uses_now(state, seat):
        return None

    def use(deck, card_id, label):
        event = {
            "type": "character_used",
            "player": seat,
            "character": "professor",
            "deck": deck,
            "card": card_id,
        }
        return button(event, label)

    return {
        "name": "professor",
        "prestige": [use("prestige", c, PRESTIGE_CARDS[c][0]) for c in PRESTIGE_CARDS],
        "bonus": [use("bonus", c, BONUS_CARDS[c][0]) for c in BONUS_CARDS],
    }


def princess_screen(state, seat: int) -> dict | None:
    """The Princess Work with its breakdown, the minimum and the PP split (p. 16)."""
    card = character_held(state, seat)
    if card is None or card["character"] != "princess" or not card["face_up"]:
        return None
    p = state.players[seat]
    wv = princess_work_value(state, seat)
    parts = wv["parts"]
    per = PRINCESS_WORK_VALUE
    breakdown = [
        (
            f"Landscapes × {sum(p.landscapes.values())}",
            parts["landscapes"],
            f"{per['landscape']} each",
        ),
        (
            f"Buildings × {parts['buildings'] // per['building']}",
            parts["buildings"],
            f"{per['building']} each",
        ),
        (f"Builders × {p.builders}", parts["builders"], f"{per['builder']} each"),
        (
            f"Cards × {len(p.hand) + len(p.table)}",
            parts["cards"],
            "Profession and Recruiting cards, in hand and on the table",
        ),
    ]
    total = wv["total"]
    minimum = MINIMUM_WORK_VALUE[state.round]
    return {
        "name": "princess",
        "breakdown": breakdown,
        "total": total,
        "minimum": minimum,
        "meets": total >= minimum,
        "event": {"type": "work_completed", "player": seat, "princess": "true"},
        "note": "Freedoms, Jesters and Bonus cards do not count for the Princess.",
    }
