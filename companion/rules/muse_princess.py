"""The Muse and the Princess (seed 000, pp. 14-16): the Character Auction and the six Characters.

The expansion keeps its own part of the state (`state.modules["muse_princess"]`, plain JSON):
the Banker's money, the cards in front of each player, the Character Auction in progress, the
moments a card may be used that are open now (rulings M3), and what the Characters brought.
"""

from __future__ import annotations

from .catalog import (
    BANKER_FLORIN_PER_PRESTIGE,
    BANKER_GAIN_UNBOUGHT,
    BANKER_MONEY,
    BONUS_CARDS,
    CARDINAL_EXTRA_ACTIONS,
    CHARACTER_MOMENTS,
    CHARACTERS,
    CHARACTERS_FACE_UP_AFTER_USE,
    FLORIN_PER_CHARACTER_SPACE,
    MERCHANT_PRESTIGE,
    MERCHANT_PRESTIGE_PER_OPPONENT,
    PRESTIGE_CARDS,
    PRINCESS_WORK_VALUE,
)
from .checks import known, phase, seat
from .refusals import refuse

NAME = "muse_princess"
CHARACTER_AUCTION = "character_auction"
BANKER_EXCHANGE = "banker_exchange"
# Events after which the moments stay open (ruling M3): bookkeeping, and the card uses themselves.
KEEPS_MOMENTS = {"character_used", "correction", "profession_taught", "landscape_taught"}
# The winner's own follow-ups to a won object keep the "won a bid" moment open.
KEEPS_WON_BID = {"landscape_placed", "prestige_card_chosen", "recruiting_card_used"}


# --- the expansion's state -------------------------------------------------------------------


def new_state(players: int) -> dict:
    return {
        "banker_money": BANKER_MONEY,
        "held": [[] for _ in range(players)],  # per seat: [{character, face_up}]
        "auction": None,  # the Character Auction in progress
        "immediately": None,  # {seats, at}: who bought a card on event `at` (ruling M3)
        "won_bid": None,  # {player, price, at}: the object won on event `at`
        "brought": [],  # [{player, round, character, money, fame, work_value}]
    }


def data(state) -> dict:
    return state.modules[NAME]


def active(state) -> bool:
    return NAME in getattr(state, "modules", {})


def held(state, s: int) -> dict | None:
    """The Character card in front of seat `s`, if any ({character, face_up})."""
    cards = data(state)["held"][s]
    return cards[0] if cards else None


def holds(state, s: int, character: str, *, face_up: bool | None = None) -> bool:
    card = held(state, s) if active(state) else None
    return (
        card is not None
        and card["character"] == character
        and (face_up is None or card["face_up"] == face_up)
    )


def _name(character: str) -> str:
    return CHARACTERS[character][0]


def _note(state, s: int, character: str, **what):
    data(state)["brought"].append(
        {"player": s, "round": state.round, "character": character, **what}
    )


# --- the Character Auction phase (p. 14) -------------------------------------------------------


def begin_character_auction(state):
    """After the Auction phase: the starting player bids first (the cards still in front of
    players return at the first bid or pass, ruling M3)."""
    state.phase = CHARACTER_AUCTION
    state.turn = None
    data(state)["auction"] = {
        "turn": state.start_player,
        "pawns": {},  # character: [seat, space]
        "done": [],  # passed or bought
        "bought": [],
        "started": False,
    }


def legal_spaces(state, s: int, character: str) -> list[int]:
    """The spaces `s` may put their Pawn on now (higher than a Pawn already there, payable)."""
    a = data(state)["auction"]
    if a is None or character not in CHARACTERS or character in a["bought"]:
        return []
    _, low, high = CHARACTERS[character]
    pawn = a["pawns"].get(character)
    if pawn is not None:
        low = max(low, pawn[1] + 1)
    cash = state.players[s].money // FLORIN_PER_CHARACTER_SPACE
    return list(range(low, min(high, cash) + 1))


def _bidder(state, ev) -> int:
    phase(state, CHARACTER_AUCTION)
    s = seat(state, ev)
    a = data(state)["auction"]
    if a["turn"] != s:
        who = state.players[a["turn"]].name
        if s in a["done"]:
            refuse("not_your_turn", f"{state.players[s].name} may not bid again this phase")
        refuse("not_your_turn", f"It is {who}'s turn in the Character Auction")
    return s


def character_bid(state, ev):
    s = _bidder(state, ev)
    m = data(state)
    a = m["auction"]
    character = ev.get("character")
    if not known(character, CHARACTERS):
        refuse(
            "character_unknown",
            f"That is not a Character: {character!r}; bid on one of {', '.join(CHARACTERS)}",
        )
    name, low, high = CHARACTERS[character]
    if character in a["bought"]:
        refuse("character_taken", f"The {name} was already bought this round")
    space = ev.get("space")
    if not isinstance(space, int) or isinstance(space, bool) or not low <= space <= high:
        refuse("bad_character_space", f"The {name}'s bid spaces are {low} to {high}, not {space!r}")
    pawn = a["pawns"].get(character)
    if pawn is not None and space <= pawn[1]:
        refuse(
            "character_space_too_low",
            f"{state.players[pawn[0]].name}'s Pawn is on space {pawn[1]} of the {name}: "
            f"bid on a higher space",
        )
    p = state.players[s]
    price = space * FLORIN_PER_CHARACTER_SPACE
    if price > p.money:
        refuse(
            "character_bid_beyond_cash",
            f"{p.name} has {p.money} Florin: a bid of {price} cannot be paid "
            "(fame cannot be sold with this expansion)",
        )
    # all checks passed
    _start(state)
    a["pawns"][character] = [s, space]  # a Pawn already there goes back to its owner
    _next_bidder(state, s)


def character_passed(state, ev):
    s = _bidder(state, ev)
    _start(state)
    data(state)["auction"]["done"].append(s)
    _next_bidder(state, s)


def _start(state):
    """The first bid or pass: the cards in front of players return; a returned Banker gets its
    600 Florin again."""
    m = data(state)
    a = m["auction"]
    if a["started"]:
        return
    a["started"] = True
    for cards in m["held"]:
        if any(c["character"] == "banker" for c in cards):
            m["banker_money"] = BANKER_MONEY
        cards.clear()


def standing_bid(state, s: int) -> int:
    """What `s` has bid on a Character this phase (a correction may not make it unpayable)."""
    a = data(state)["auction"] if active(state) else None
    character = _pawn_of(a, s) if a else None
    return a["pawns"][character][1] * FLORIN_PER_CHARACTER_SPACE if character else 0


def _pawn_of(a: dict, s: int) -> str | None:
    return next((c for c, (owner, _) in a["pawns"].items() if owner == s), None)


def _next_bidder(state, s: int):
    """Clockwise past the players who are done; one whose Pawn is still on a card buys it."""
    a = data(state)["auction"]
    current = s
    while True:
        waiting = [t for t in state.seats_from(current)[1:] + [current] if t not in a["done"]]
        if not waiting:
            return _end_character_auction(state)
        nxt = waiting[0]
        character = _pawn_of(a, nxt)
        if character is None:
            a["turn"] = nxt
            return
        _buy(state, nxt, character)
        current = nxt


def _buy(state, s: int, character: str):
    m = data(state)
    a = m["auction"]
    _, space = a["pawns"].pop(character)
    p = state.players[s]
    p.money -= space * FLORIN_PER_CHARACTER_SPACE
    a["bought"].append(character)
    a["done"].append(s)
    m["held"][s] = [{"character": character, "face_up": True}]
    now = state.events_applied
    if m["immediately"] is None or m["immediately"]["at"] != now:
        m["immediately"] = {"seats": [], "at": now}
    m["immediately"]["seats"].append(s)
    if character == "banker":  # used at once: take all the money on it
        p.money += m["banker_money"]
        _note(state, s, "banker", money=m["banker_money"])
        m["banker_money"] = 0


def _end_character_auction(state):
    m = data(state)
    if "banker" not in m["auction"]["bought"]:
        m["banker_money"] += BANKER_GAIN_UNBOUGHT
    m["auction"] = None
    from .actions import begin_action_phase

    begin_action_phase(state)


# --- the moments a Character may be used (ruling M3) --------------------------------------------


def object_won(state, s: int, price: int):
    """An auction settled for `s` at `price`: the Merchant and Professor may follow."""
    if active(state):
        data(state)["won_bid"] = {"player": s, "price": price, "at": state.events_applied}


def after_event(state, ev: dict):
    """Close the moments this accepted event ends (called after every event)."""
    if not active(state):
        return
    m = data(state)
    kind = ev.get("type")
    if kind in KEEPS_MOMENTS:
        return
    if m["immediately"] and m["immediately"]["at"] != state.events_applied:
        m["immediately"] = None
    won = m["won_bid"]
    if (
        won
        and won["at"] != state.events_applied
        and not (kind in KEEPS_WON_BID and ev.get("player") == won["player"])
    ):
        m["won_bid"] = None


def open_moments(state, s: int) -> set[str]:
    m = data(state)
    now = set()
    if m["immediately"] and s in m["immediately"]["seats"]:
        now.add("immediately")
    if state.phase == "action" and state.turn == s:
        now.add("own_turn")
    if m["won_bid"] and m["won_bid"]["player"] == s:
        now.add("won_bid")
    if state.phase == CHARACTER_AUCTION and not m["auction"]["started"]:
        now.add("auction_end")
    return now


# --- using a Character -----------------------------------------------------------------------


def character_used(state, ev):
    if state.phase == BANKER_EXCHANGE:
        return banker_exchange(state, ev)
    phase(state, "auction", CHARACTER_AUCTION, "action")
    s = seat(state, ev)
    character = ev.get("character")
    card = _held_card(state, s, character)
    name = _name(character)
    if character == "banker":
        refuse(
            "character_not_now",
            "The Banker's money was paid out when it was bought; its exchange for PP comes "
            "at the end of the game",
        )
    if character not in CHARACTER_MOMENTS:
        refuse("bad_character_effect", "The Muse is not flipped: it raises each Work this round")
    if character == "princess":
        refuse(
            "bad_character_effect",
            "The Princess is used as a Complete a Work action (work_completed with princess)",
        )
    if not card["face_up"]:
        refuse("character_face_down", f"{state.players[s].name}'s {name} is already face down")
    effect = _effect(character, ev)
    if not CHARACTER_MOMENTS[character][effect] or not (
        set(CHARACTER_MOMENTS[character][effect]) & open_moments(state, s)
    ):
        refuse("character_not_now", _when(character, effect))
    p = state.players[s]
    m = data(state)
    if character == "cardinal":
        _note(state, s, character, actions=CARDINAL_EXTRA_ACTIONS)
    elif effect == "pay_object":
        p.money += m["won_bid"]["price"]
        _note(state, s, character, money=m["won_bid"]["price"])
    elif character == "merchant":
        ahead = sum(1 for t, q in enumerate(state.players) if t != s and q.fame > p.fame)
        gained = MERCHANT_PRESTIGE + MERCHANT_PRESTIGE_PER_OPPONENT * ahead
        p.fame += gained
        _note(state, s, character, fame=gained)
    else:
        _professor_card(state, s, effect, ev.get("card"))
        _note(state, s, character, deck=effect, card=ev.get("card"))
    card["face_up"] = character in CHARACTERS_FACE_UP_AFTER_USE


def _held_card(state, s: int, character) -> dict:
    if not known(character, CHARACTERS):
        refuse(
            "character_unknown",
            f"That is not a Character: {character!r}; they are {', '.join(CHARACTERS)}",
        )
    card = held(state, s)
    if card is None or card["character"] != character:
        refuse(
            "not_holding_character",
            f"{state.players[s].name} has no {_name(character)} in front of them",
        )
    return card


def _effect(character: str, ev: dict) -> str:
    effects = CHARACTER_MOMENTS[character]
    if character == "professor":
        effect = ev.get("deck")
        what = "deck: prestige or bonus"
    elif len(effects) == 1:
        return next(iter(effects))
    else:
        effect = ev.get("effect")
        what = "effect: " + " or ".join(effects)
    if not known(effect, effects):
        refuse("bad_character_effect", f"Say how the {_name(character)} is used: {what}")
    return effect


def _when(character: str, effect: str) -> str:
    words = {
        "immediately": "right after buying it",
        "own_turn": "on your own turn in the Action phase",
        "won_bid": "right after you win an object",
        "auction_end": "at the end of the Auction phase",
    }
    moments = [words[x] for x in CHARACTER_MOMENTS[character][effect]]
    return (
        f"The {_name(character)} may be used only "
        + ", ".join(moments[:-1])
        + (f" or {moments[-1]}" if len(moments) > 1 else moments[-1])
    )


def _professor_card(state, s: int, deck: str, card):
    """The usual rules for the card taken, for free (ruling M6)."""
    p = state.players[s]
    if deck == "bonus":
        if not state.bonus_deck:
            refuse("deck_empty", "The Bonus deck is empty")
        if not known(card, BONUS_CARDS) or card not in state.bonus_deck:
            refuse("card_not_available", f"{card!r} is not a Bonus card left in the deck")
        state.bonus_deck.remove(card)
        p.bonus_cards.append(card)
        return
    if state.stacks["prestige"] <= 0 or not state.prestige_deck:
        refuse("deck_empty", "The Prestige card stack is empty")
    if not known(card, PRESTIGE_CARDS) or card not in state.prestige_deck:
        refuse("card_not_available", f"{card!r} is not a Prestige card left in the deck")
    state.prestige_deck.remove(card)
    state.stacks["prestige"] -= 1
    p.prestige_cards.append(card)


# --- the Characters' effects on the base game ----------------------------------------------------


def extra_actions(state, s: int) -> int:
    """The Cardinal's third action, once flipped on its holder's turn."""
    if state.phase == "action" and holds(state, s, "cardinal", face_up=False):
        return CARDINAL_EXTRA_ACTIONS
    return 0


def muse_bonus(state, s: int) -> int:
    """The Muse adds the round number to each Work its holder completes this round."""
    return state.round if holds(state, s, "muse") else 0


def princess_work_value(state, s: int) -> dict:
    """A Work without a Profession card (p. 16): Landscapes, Buildings, Builders and cards."""
    p = state.players[s]
    parts = {
        "landscapes": PRINCESS_WORK_VALUE["landscape"] * sum(p.landscapes.values()),
        "buildings": PRINCESS_WORK_VALUE["building"] * len(p.buildings),
        "builders": PRINCESS_WORK_VALUE["builder"] * p.builders,
        "cards": PRINCESS_WORK_VALUE["card"] * (len(p.hand) + len(p.table)),
    }
    return {"profession": None, "parts": parts, "bonus": {}, "total": sum(parts.values())}


def check_princess_work(state, s: int, ev: dict):
    if "profession" in ev or ev.get("bonus_cards"):
        refuse(
            "bad_event",
            "A Princess Work plays no Profession card and no Bonus card: "
            "{player, princess: true, prestige}",
        )
    card = held(state, s) if active(state) else None
    if card is None or card["character"] != "princess":
        refuse("not_holding_character", f"{state.players[s].name} has no Princess in front of them")
    if not card["face_up"]:
        refuse("character_face_down", f"{state.players[s].name}'s Princess is already face down")


def princess_used(state, s: int, value: int):
    held(state, s)["face_up"] = False
    _note(state, s, "princess", work_value=value)


def muse_used(state, s: int, bonus: int):
    if bonus:
        _note(state, s, "muse", work_value=bonus)


# --- the end of the game (p. 15) ---------------------------------------------------------------


def banker_holder(state) -> int | None:
    if not active(state):
        return None
    return next((s for s in range(state.n) if holds(state, s, "banker")), None)


def wait_for_banker(state) -> bool:
    """After round 7: the holder of the Banker may exchange Money for PP first."""
    if banker_holder(state) is None:
        return False
    state.phase = BANKER_EXCHANGE
    state.turn = None
    return True


def banker_exchange(state, ev):
    s = seat(state, ev)
    character = ev.get("character")
    _held_card(state, s, character)
    if character != "banker":
        refuse("character_not_now", "The game is over but for the Banker's exchange")
    p = state.players[s]
    florin = ev.get("florin")
    if (
        not isinstance(florin, int)
        or isinstance(florin, bool)
        or florin < 0
        or florin % BANKER_FLORIN_PER_PRESTIGE
        or florin > p.money
    ):
        refuse(
            "bad_exchange",
            f"Exchange a multiple of {BANKER_FLORIN_PER_PRESTIGE} Florin, at most the "
            f"{p.money} in hand (0 declines), not {florin!r}",
        )
    gained = florin // BANKER_FLORIN_PER_PRESTIGE
    p.money -= florin
    p.fame += gained
    _note(state, s, "banker", money=-florin, fame=gained)
    from .rounds import end_game

    end_game(state)


# --- what a seat may do now (for the phones and simulated games) --------------------------------


def candidates(state, s: int) -> list[dict]:
    """Plausible expansion events for seat `s` now; the caller keeps those the rules allow."""
    if not active(state):
        return []
    out: list[dict] = []
    m = data(state)
    p = state.players[s]
    if state.phase == CHARACTER_AUCTION and m["auction"]["turn"] == s:
        for character in CHARACTERS:
            spaces = legal_spaces(state, s, character)
            for space in dict.fromkeys(spaces[:1] + spaces[-1:]):
                out.append(
                    {"type": "character_bid", "player": s, "character": character, "space": space}
                )
        out.append({"type": "character_passed", "player": s})
    if state.phase == BANKER_EXCHANGE and banker_holder(state) == s:
        most = p.money // BANKER_FLORIN_PER_PRESTIGE * BANKER_FLORIN_PER_PRESTIGE
        for florin in dict.fromkeys((0, most)):
            out.append(
                {"type": "character_used", "player": s, "character": "banker", "florin": florin}
            )
    card = held(state, s)
    if (
        card is None
        or not card["face_up"]
        or state.phase not in ("auction", CHARACTER_AUCTION, "action")
    ):
        return out
    character = card["character"]
    if character == "princess" and state.phase == "action" and state.turn == s:
        value = princess_work_value(state, s)["total"]
        out.append(
            {"type": "work_completed", "player": s, "princess": True, "prestige": value // 4}
        )
    for effect in CHARACTER_MOMENTS.get(character, {}) if character != "princess" else ():
        ev = {"type": "character_used", "player": s, "character": character}
        if character == "merchant":
            ev["effect"] = effect
        elif character == "professor":
            deck = state.bonus_deck if effect == "bonus" else state.prestige_deck
            if not deck:
                continue
            ev.update(deck=effect, card=deck[0])
        out.append(ev)
    return out


# --- what everybody sees ------------------------------------------------------------------------


def public(state) -> dict:
    """The Character card area and the cards in front of players: all face up on the table
    (every Pawn visible to all); of what the Professor brought, only which deck."""
    m = data(state)
    a = m["auction"]
    return {
        "banker_money": m["banker_money"],
        "held": [[dict(c) for c in cards] for cards in m["held"]],
        "auction": None
        if a is None
        else {
            "turn": a["turn"],
            "pawns": {c: list(v) for c, v in a["pawns"].items()},
            "done": list(a["done"]),
            "bought": list(a["bought"]),
            "started": a["started"],
        },
        "brought": [{k: v for k, v in b.items() if k != "card"} for b in m["brought"]],
    }
