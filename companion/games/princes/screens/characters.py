"""The Muse and the Princess on the screens: the Character card area as a pawn board (for the
table and every phone), a seat's own Character with a button for each moment it may be used,
the Princess Work, the Banker's exchange, and what the Characters brought.

Plain data for templates. The pawn board and the cards in front of players are public (they
lie face up on the table); the buttons and the Princess Work are built for their seat only.
"""

from __future__ import annotations

from companion.core.lang import N_, _, ngettext
from companion.games.princes.rules import (
    banker_holder,
    candidate_events,
    character_area,
    character_held,
    character_spaces,
    edition,
    princess_work_value,
)
from companion.games.princes.rules.catalog import (
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
from companion.games.princes.words import bonus_name, character_name, listing, prestige_name

from .drawings import seat_colour

RULE = "The Muse and the Princess (Rulebook, pp. 14-16)"
EFFECTS = {  # marked here, translated where shown; the numbers come from the catalog
    "banker": N_(
        "Take all the Florin on it at once. Bought in round %(rounds)s: at the end, pay "
        "%(rate)s Florin for each PP you want."
    ),
    "cardinal": N_(
        "On your turn, flip it for %(extra)s more action (a Profession card and a Freedom "
        "still once each)."
    ),
    "merchant": N_(
        "Flip it instead of paying for an object you win, or to score %(pp)s PP plus 1 per "
        "opponent with more PP."
    ),
    "muse": N_("Each Work you complete this round gains the round number."),
    "princess": N_("On your turn, as a Complete a Work action: a Work without a Profession card."),
    "professor": N_(
        "Flip it for a free Prestige card or Bonus card (a Bonus card uses no action)."
    ),
}


def effect(character: str) -> str:
    """What a Character does, in the reader's words."""
    return _(
        EFFECTS[character],
        rounds=ROUNDS,
        rate=BANKER_FLORIN_PER_PRESTIGE,
        extra=CARDINAL_EXTRA_ACTIONS,
        pp=MERCHANT_PRESTIGE,
    )


def name(character: str) -> str:
    return character_name(character) if character in CHARACTERS else str(character)


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
    for character, (_title, low, high) in CHARACTERS.items():
        pawn = a["pawns"].get(character) if a else None
        holder = holders.get(character)
        cards.append(
            {
                "id": character,
                "name": character_name(character),
                "effect": effect(character),
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
        "done": listing(_who(state, s)["name"] for s in a["done"]) if a else "",
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
    who = name(c)
    if c == "banker" and b.get("money", 0) < 0:
        return _(
            "%(card)s, at the end: %(money)s Florin for %(pp)s PP",
            card=who,
            money=-b["money"],
            pp=b.get("fame", 0),
        )
    if c == "banker":
        return _(
            "%(card)s, round %(round)s: %(money)s Florin",
            card=who,
            round=r,
            money=b.get("money", 0),
        )
    if c == "merchant" and "money" in b:
        return _(
            "%(card)s, round %(round)s: an object for free (%(money)s Florin back)",
            card=who,
            round=r,
            money=b["money"],
        )
    if c == "merchant":
        return _("%(card)s, round %(round)s: %(pp)s PP", card=who, round=r, pp=b.get("fame", 0))
    if c == "muse":
        return _(
            "%(card)s, round %(round)s: +%(value)s Work Value",
            card=who,
            round=r,
            value=b.get("work_value", 0),
        )
    if c == "princess":
        return _(
            "%(card)s, round %(round)s: a Work of %(value)s",
            card=who,
            round=r,
            value=b.get("work_value", 0),
        )
    if c == "professor":
        if b.get("deck") == "prestige":
            return _("%(card)s, round %(round)s: a free Prestige card", card=who, round=r)
        return _("%(card)s, round %(round)s: a free Bonus card", card=who, round=r)
    return _("%(card)s, round %(round)s: a third action", card=who, round=r)


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
            why = _("bought this round")
        elif not spaces:
            pawn = a["pawns"].get(character)
            why = (
                _("a higher space costs more than your %(money)s Florin", money=p.money)
                if pawn
                else _("its lowest space costs more than your %(money)s Florin", money=p.money)
            )
        else:
            why = None
        pawn = a["pawns"].get(character)
        hint = (
            _("%(name)s on %(space)s", name=state.players[pawn[0]].name, space=pawn[1])
            if pawn
            else ""
        )
        choices.append({"id": character, "name": name(character), "why": why, "hint": hint})
    out["choices"] = choices
    chosen = params.get("character")
    if chosen in CHARACTERS and character_spaces(state, seat, chosen):
        out["chosen"] = name(chosen)
        out["spaces"] = [
            button(
                {"type": "character_bid", "player": seat, "character": chosen, "space": space},
                _("Space %(space)s", space=space),
                _("%(money)s Florin", money=space * FLORIN_PER_CHARACTER_SPACE),
            )
            for space in character_spaces(state, seat, chosen)
        ]
    out["pass"] = button({"type": "character_passed", "player": seat}, _("Pass: no Character"))
    return out


def banker_screen(state, seat: int) -> dict:
    """The end of the game waits for the Banker's holder: Florin for PP, or nothing."""
    holder = banker_holder(state)
    if holder != seat:
        return {
            "name": "wait",
            "text": _(
                "%(name)s may exchange Florin for PP with the Banker; then the game is scored.",
                name=state.players[holder].name,
            ),
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
        "effect": effect(character),
        "face_up": card["face_up"],
        "buttons": [],
        "professor": False,
        "reminder": None,
    }
    if character == "muse":
        out["note"] = _(
            "Round %(round)s: each Work you complete gains %(round)s.", round=state.round
        )
    if character == "banker":
        out["note"] = (
            _(
                "Its money is yours. Bought in round %(rounds)s, it also exchanges Florin for PP "
                "at the end.",
                rounds=ROUNDS,
            )
            if state.round == ROUNDS
            else _(
                "Its money is yours; it goes back with %(money)s Florin put on it.",
                money=BANKER_MONEY,
            )
        )
    if not card["face_up"]:
        return out
    p = state.players[seat]
    for ev in _uses_now(state, seat):
        if character == "professor":
            out["professor"] = True
            continue
        if character == "cardinal":
            out["buttons"].append(
                button(ev, _("Flip the Cardinal"), _("one more action this turn"))
            )
        elif ev.get("effect") == "pay_object":
            price = area["won_bid"]["price"]
            out["buttons"].append(
                button(
                    ev,
                    _("Flip the Merchant: do not pay"),
                    _("%(money)s Florin back", money=price),
                    primary=True,
                )
            )
        elif ev.get("effect") == "prestige":
            ahead = sum(1 for t, q in enumerate(state.players) if t != seat and q.fame > p.fame)
            out["buttons"].append(
                button(
                    ev,
                    _("Flip the Merchant: +%(pp)s PP", pp=MERCHANT_PRESTIGE + ahead),
                    ngettext(
                        "%(num)d opponent ahead of you", "%(num)d opponents ahead of you", ahead
                    ),
                )
            )
    out["reminder"] = _reminder(state, seat, character, out, area)
    return out


def _reminder(state, seat: int, character: str, out: dict, area: dict) -> str | None:
    usable = out["buttons"] or out["professor"]
    just_bought = state.phase == "character_auction" and area["auction"]["started"]
    any_moment = bool(edition(state).character_moments.get(character))  # the older books
    if any_moment and usable and (just_bought or state.phase == "action"):
        return _(
            "Use your %(card)s at any moment until the next Character Auction begins, also on "
            "another player's turn.",
            card=name(character),
        )
    if character in ("merchant", "professor") and usable and state.phase == "action":
        if state.turn != seat:
            return _(
                "You have just bought it: use your %(card)s now, before anyone acts, or on your "
                "own turn.",
                card=name(character),
            )
    if character in ("merchant", "professor") and usable and just_bought:
        return _(
            "Use your %(card)s now, on your turn in the Action phase, or in the next Auction "
            "phase: it goes back when the next Character Auction begins.",
            card=name(character),
        )
    if character in ("merchant", "professor") and usable:
        if state.phase == "character_auction":
            return _(
                "Last chance: your %(card)s goes back with the first Character bid or pass.",
                card=name(character),
            )
        if state.phase == "auction":
            return _(
                "Your %(card)s goes back when the Character Auction begins: use it before then "
                "or lose it.",
                card=name(character),
            )
    if character in ("cardinal", "princess") and state.phase == "action" and state.turn == seat:
        return _("Your %(card)s is good only on this turn.", card=name(character))
    if character in ("merchant", "professor") and state.phase == "action" and state.turn == seat:
        return _(
            "Use your %(card)s now, or in the next Auction phase: it goes back when the next "
            "Character Auction begins.",
            card=name(character),
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
        "prestige": [use("prestige", c, prestige_name(c)) for c in PRESTIGE_CARDS],
        "bonus": [use("bonus", c, bonus_name(c)) for c in BONUS_CARDS],
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
            _("Landscapes × %(num)s", num=sum(p.landscapes.values())),
            parts["landscapes"],
            _("%(points)s each", points=per["landscape"]),
        ),
        (
            _("Buildings × %(num)s", num=parts["buildings"] // per["building"]),
            parts["buildings"],
            _("%(points)s each", points=per["building"]),
        ),
        (
            _("Builders × %(num)s", num=p.builders),
            parts["builders"],
            _("%(points)s each", points=per["builder"]),
        ),
        (
            _("Cards × %(num)s", num=len(p.hand) + len(p.table)),
            parts["cards"],
            _("Profession and Recruiting cards, in hand and on the table"),
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
        "note": _("Freedoms, Jesters and Bonus cards do not count for the Princess."),
    }
