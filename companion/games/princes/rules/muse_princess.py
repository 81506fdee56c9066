"""The Muse and the Princess (seed 000, pp. 14-16): the Character Auction and the six Characters.

A module of the engine (docs/engine.md): the Character Auction phase after the Auction phase,
the Banker's exchange after round 7, the Princess's way to complete a Work, and hooks for the
Muse (a Work's value), the Cardinal (actions per turn) and selling fame (forbidden). Its state
(`MuseGame`, `MusePlayer`): the Banker's money, the Character Auction in progress, the moments
a card may be used that are open now (ruling M3), what the Characters brought, and the card in
front of each player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn

from .actions import check_prestige_taken, check_work_value, record_work
from .actions import work_completed as base_work_completed
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
from .checks import known, seat
from .editions import character_moments, refuse_per_book
from .module import GAME_END, Event, Module, Move, Part, Phase, register
from .muse_princess_events import EVENTS
from .principality import buildings_of
from .refusals import N_, Named, listed, refuse
from .rounds import end_phase
from .state import GameState

NAME = "muse_princess"
CHARACTER_AUCTION = "character_auction"
BANKER_EXCHANGE = "banker_exchange"
# Events after which the moments stay open (ruling M3): bookkeeping, and the card uses themselves.
KEEPS_MOMENTS = {"character_used", "correction", "profession_taught", "landscape_taught"}
# The winner's own follow-ups to a won object keep the "won a bid" moment open.
KEEPS_WON_BID = {"landscape_placed", "prestige_card_chosen", "recruiting_card_used"}
USABLE_IN = ("auction", CHARACTER_AUCTION, "action")


# --- the expansion's state -------------------------------------------------------------------


@dataclass
class MuseGame(Part):
    """The Character card area and the moments open now (plain JSON)."""

    banker_money: int = BANKER_MONEY
    auction: dict | None = None  # the Character Auction in progress
    immediately: dict | None = None  # {seats, at}: who bought a card on event `at` (M3)
    won_bid: dict | None = None  # {player, price, at}: the object won on event `at`
    results_seen: int = 0  # auction results of the round already looked at
    brought: list = field(default_factory=list)  # [{player, round, character, ...}]


@dataclass
class MusePlayer(Part):
    """The Character card in front of a player (one at most): [{character, face_up}]."""

    characters: list = field(default_factory=list)


def data(state: GameState) -> MuseGame:
    return state.part(NAME)


def active(state: GameState) -> bool:
    return NAME in state.modules


def character_held(state: GameState, s: int) -> dict | None:
    """The Character card in front of seat `s`, if any ({character, face_up})."""
    if not active(state) or not 0 <= s < state.n:
        return None
    cards = state.players[s].part(NAME).characters
    return cards[0] if cards else None


def holds(state: GameState, s: int, character: str, *, face_up: bool | None = None) -> bool:
    card = character_held(state, s)
    return (
        card is not None
        and card["character"] == character
        and (face_up is None or card["face_up"] == face_up)
    )


def _name(character: str) -> str:
    return CHARACTERS[character][0]


def _note(state, s: int, character: str, **what):
    data(state).brought.append({"player": s, "round": state.round, "character": character, **what})


# --- the Character Auction phase (p. 14) -------------------------------------------------------


def _auction(state: GameState) -> dict[str, Any]:
    """The Character Auction in progress (only asked during the phase)."""
    a = data(state).auction
    assert a is not None, "no Character Auction in progress"
    return a


def begin_character_auction(state: GameState) -> None:
    """After the Auction phase: the starting player bids first (the cards still in front of
    players return at the first bid or pass, ruling M3)."""
    state.turn = None
    data(state).auction = {
        "turn": state.start_player,
        "pawns": {},  # character: [seat, space]
        "done": [],  # passed or bought
        "bought": [],
        "started": False,
    }


def bidder(state: GameState) -> int | None:
    """Whose turn it is in the Character Auction."""
    a = data(state).auction
    return a["turn"] if a else None


def character_spaces(state: GameState, s: int, character: str) -> list[int]:
    """The spaces `s` may put their Pawn on now (higher than a Pawn already there, payable)."""
    a = data(state).auction if active(state) else None
    if a is None or not known(character, CHARACTERS) or character in a["bought"]:
        return []
    _, low, high = CHARACTERS[character]
    pawn = a["pawns"].get(character)
    if pawn is not None:
        low = max(low, pawn[1] + 1)
    cash = state.players[s].money // FLORIN_PER_CHARACTER_SPACE
    return list(range(low, min(high, cash) + 1))


def character_bid(state: GameState, ev: Event) -> None:
    """A Pawn on a bid space (the engine has checked the phase and whose turn it is)."""
    s = seat(state, ev)
    a = _auction(state)
    character = ev.get("character")
    if not isinstance(character, str) or character not in CHARACTERS:
        refuse(
            "character_unknown",
            N_("That is not a Character: %(value)s; bid on one of %(characters)s"),
            value=repr(character),
            characters=listed(list(CHARACTERS), N_("%(one)s, %(other)s")),
        )
    assert isinstance(character, str)
    name, low, high = CHARACTERS[character]
    if character in a["bought"]:
        refuse(
            "character_taken",
            N_("The %(card)s was already bought this round"),
            card=Named("characters", character, name),
        )
    space = ev.get("space")
    if not isinstance(space, int) or isinstance(space, bool) or not low <= space <= high:
        refuse(
            "bad_character_space",
            N_("The %(card)s's bid spaces are %(low)s to %(high)s, not %(space)s"),
            card=Named("characters", character, name),
            low=low,
            high=high,
            space=repr(space),
        )
    assert isinstance(space, int)
    pawn = a["pawns"].get(character)
    if pawn is not None and space <= pawn[1]:
        refuse(
            "character_space_too_low",
            N_("%(name)s's Pawn is on space %(space)s of the %(card)s: bid on a higher space"),
            name=state.players[pawn[0]].name,
            space=pawn[1],
            card=Named("characters", character, name),
        )
    p = state.players[s]
    price = space * FLORIN_PER_CHARACTER_SPACE
    if price > p.money:
        refuse(
            "character_bid_beyond_cash",
            N_(
                "%(name)s has %(money)s Florin: a bid of %(price)s cannot be paid "
                "(fame cannot be sold with this expansion)"
            ),
            name=p.name,
            money=p.money,
            price=price,
        )
    # all checks passed
    _start(state)
    a["pawns"][character] = [s, space]  # a Pawn already there goes back to its owner
    _next_bidder(state, s)


def character_passed(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    _start(state)
    _auction(state)["done"].append(s)
    _next_bidder(state, s)


def _start(state):
    """The first bid or pass: the cards in front of players return; a returned Banker gets its
    600 Florin again."""
    m = data(state)
    a = _auction(state)
    if a["started"]:
        return
    a["started"] = True
    for p in state.players:
        cards = p.part(NAME).characters
        if any(c["character"] == "banker" for c in cards):
            m.banker_money = BANKER_MONEY
        cards.clear()


def standing_bid(state: GameState, s: int) -> int:
    """What `s` has bid on a Character this phase (a correction may not make it unpayable)."""
    a = data(state).auction if active(state) else None
    character = _pawn_of(a, s) if a else None
    return a["pawns"][character][1] * FLORIN_PER_CHARACTER_SPACE if a and character else 0


def _pawn_of(a: dict, s: int) -> str | None:
    return next((c for c, (owner, _) in a["pawns"].items() if owner == s), None)


def _next_bidder(state: GameState, s: int) -> None:
    """Clockwise past the players who are done; one whose Pawn is still on a card buys it."""
    a = _auction(state)
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


def _buy(state: GameState, s: int, character: str) -> None:
    m = data(state)
    a = _auction(state)
    _, space = a["pawns"].pop(character)
    p = state.players[s]
    p.money -= space * FLORIN_PER_CHARACTER_SPACE
    a["bought"].append(character)
    a["done"].append(s)
    p.part(NAME).characters = [{"character": character, "face_up": True}]
    now = state.events_applied
    if m.immediately is None or m.immediately["at"] != now:
        m.immediately = {"seats": [], "at": now}
    m.immediately["seats"].append(s)
    if character == "banker":  # used at once: take all the money on it
        p.money += m.banker_money
        _note(state, s, "banker", money=m.banker_money)
        m.banker_money = 0


def _end_character_auction(state: GameState) -> None:
    m = data(state)
    if "banker" not in _auction(state)["bought"]:
        m.banker_money += BANKER_GAIN_UNBOUGHT
    m.auction = None
    end_phase(state)


# --- the moments a Character may be used (ruling M3) --------------------------------------------


def round_start(state: GameState) -> None:
    data(state).results_seen = 0


def event_done(state: GameState, ev: Event) -> None:
    """After every accepted event: open the "won a bid" moment when an auction settled, note
    what the Muse brought, and close the moments this event ends (ruling M3)."""
    m = data(state)
    kind = ev.get("type")
    results = state.auction.get("results", []) if state.auction else []
    if len(results) > m.results_seen:
        won = results[-1]
        m.won_bid = {"player": won["player"], "price": won["price"], "at": state.events_applied}
        m.results_seen = len(results)
    if (
        kind == "work_completed"
        and ev.get("princess") is None
        and holds(state, ev["player"], "muse")
    ):
        _note(state, ev["player"], "muse", work_value=state.round)
    if kind in KEEPS_MOMENTS:
        return
    if m.immediately and m.immediately["at"] != state.events_applied:
        m.immediately = None
    won = m.won_bid
    if (
        won
        and won["at"] != state.events_applied
        and not (kind in KEEPS_WON_BID and ev.get("player") == won["player"])
    ):
        m.won_bid = None


def open_moments(state: GameState, s: int) -> set[str]:
    m = data(state)
    now = set()
    if m.immediately and s in m.immediately["seats"]:
        now.add("immediately")
    if state.phase == "action" and state.turn == s:
        now.add("own_turn")
    if m.won_bid and m.won_bid["player"] == s:
        now.add("won_bid")
    if state.phase == CHARACTER_AUCTION and not _auction(state)["started"]:
        now.add("auction_end")
    # the older books: "at any moment until the next Character Auction" (the card goes back at
    # its first bid or pass, so holding it face up is the whole test)
    now.add("any_time")
    return now


# --- using a Character -----------------------------------------------------------------------


def character_used(state: GameState, ev: Event) -> None:
    """A Character used at a moment its text allows (the Banker's exchange has its own phase)."""
    if state.phase not in USABLE_IN:
        refuse(
            "wrong_phase",
            N_("Characters are used in the Auction, Character Auction and Action phases"),
        )
    s = seat(state, ev)
    card = _held_card(state, s, ev.get("character"))
    character: str = card["character"]
    name = _name(character)
    if character == "banker":
        refuse(
            "character_not_now",
            N_(
                "The Banker's money was paid out when it was bought; its exchange for PP comes "
                "at the end of the game"
            ),
        )
    if character not in CHARACTER_MOMENTS:
        refuse(
            "bad_character_effect", N_("The Muse is not flipped: it raises each Work this round")
        )
    if character == "princess":
        refuse(
            "bad_character_effect",
            N_("The Princess is used as a Complete a Work action (work_completed with princess)"),
        )
    if not card["face_up"]:
        refuse(
            "character_face_down",
            N_("%(name)s's %(card)s is already face down"),
            name=state.players[s].name,
            card=Named("characters", character, name),
        )
    effect = _effect(character, ev)
    moments = character_moments(state, character, effect)
    if not moments or not (set(moments) & open_moments(state, s)):
        _refuse_not_now(state, character, effect)
    p = state.players[s]
    m = data(state)
    if character == "cardinal":
        _note(state, s, character, actions=CARDINAL_EXTRA_ACTIONS)
    elif effect == "pay_object":
        price = m.won_bid["price"] if m.won_bid else 0
        p.money += price
        _note(state, s, character, money=price)
    elif character == "merchant":
        ahead = sum(1 for t, q in enumerate(state.players) if t != s and q.fame > p.fame)
        gained = MERCHANT_PRESTIGE + MERCHANT_PRESTIGE_PER_OPPONENT * ahead
        p.fame += gained
        _note(state, s, character, fame=gained)
    else:
        _professor_card(state, s, effect, ev.get("card"))
        _note(state, s, character, deck=effect, card=ev.get("card"))
    card["face_up"] = character in CHARACTERS_FACE_UP_AFTER_USE


def _held_card(state: GameState, s: int, character: object) -> dict:
    if not isinstance(character, str) or character not in CHARACTERS:
        refuse(
            "character_unknown",
            N_("That is not a Character: %(value)s; they are %(characters)s"),
            value=repr(character),
            characters=listed(list(CHARACTERS), N_("%(one)s, %(other)s")),
        )
    card = character_held(state, s)
    if card is None or card["character"] != character:
        refuse(
            "not_holding_character",
            N_("%(name)s has no %(card)s in front of them"),
            name=state.players[s].name,
            card=Named("characters", character, _name(character)),
        )
    return card


def _effect(character: str, ev: dict) -> str:
    effects = CHARACTER_MOMENTS[character]
    key = "deck" if character == "professor" else "effect"
    if len(effects) == 1 and key == "effect":
        return next(iter(effects))
    effect = ev.get(key)
    if not isinstance(effect, str) or effect not in effects:
        refuse(
            "bad_character_effect",
            N_("Say how the %(card)s is used: %(key)s: %(effects)s"),
            card=Named("characters", character, _name(character)),
            key=key,
            effects=listed(list(effects), N_("%(one)s or %(other)s")),
        )
    return effect


# When a Character may be used, in words (marked: the edge translates the refusal).
WHEN = {
    ("own_turn",): N_("The %(card)s may be used only on your own turn in the Action phase"),
    ("won_bid",): N_("The %(card)s may be used only right after you win an object"),
    ("immediately", "own_turn", "won_bid", "auction_end"): N_(
        "The %(card)s may be used only right after buying it, on your own turn in the Action "
        "phase, right after you win an object or at the end of the Auction phase"
    ),
    ("any_time",): N_(
        "The %(card)s may be used at any moment until the next Character Auction begins"
    ),
}


def _refuse_not_now(state: GameState, character: str, effect: str) -> NoReturn:
    """WHEN words every set of moments the catalog gives, in every edition
    (tests/games/princes/test_muse_princess.py); the refusal cites the chosen book's timing."""
    refuse_per_book(
        state,
        "character_moments",
        "character_not_now",
        WHEN[character_moments(state, character, effect)],
        card=Named("characters", character, _name(character)),
    )


def _professor_card(state, s: int, deck: str, card):
    """The usual rules for the card taken, for free (ruling M6)."""
    p = state.players[s]
    if deck == "bonus":
        if not state.bonus_deck:
            refuse("deck_empty", N_("The Bonus deck is empty"))
        if not known(card, BONUS_CARDS) or card not in state.bonus_deck:
            refuse(
                "card_not_available",
                N_("%(value)s is not a Bonus card left in the deck"),
                value=repr(card),
            )
        state.bonus_deck.remove(card)
        p.bonus_cards.append(card)
        return
    if state.stacks["prestige"] <= 0 or not state.prestige_deck:
        refuse("deck_empty", N_("The Prestige card stack is empty"))
    if not known(card, PRESTIGE_CARDS) or card not in state.prestige_deck:
        refuse(
            "card_not_available",
            N_("%(value)s is not a Prestige card left in the deck"),
            value=repr(card),
        )
    state.prestige_deck.remove(card)
    state.stacks["prestige"] -= 1
    p.prestige_cards.append(card)


# --- the Characters' effects on the base game ----------------------------------------------------


def cardinal_actions(state: GameState, s: int, n: int) -> int:
    """The Cardinal's extra action, once flipped on its holder's turn."""
    if state.phase == "action" and holds(state, s, "cardinal", face_up=False):
        return n + CARDINAL_EXTRA_ACTIONS
    return n


def muse_work_value(state: GameState, s: int, value: dict) -> dict:
    """The Muse adds the round number to each Work its holder completes this round."""
    if not holds(state, s, "muse"):
        return value
    return {
        **value,
        "parts": {**value["parts"], "muse": state.round},
        "total": value["total"] + state.round,
    }


def princess_work_value(state: GameState, s: int) -> dict:
    """A Work without a Profession card (p. 16): Landscapes, Buildings, Builders and cards."""
    p = state.players[s]
    parts = {
        "landscapes": PRINCESS_WORK_VALUE["landscape"] * sum(p.landscapes.values()),
        "buildings": PRINCESS_WORK_VALUE["building"] * len(buildings_of(state, s)),
        "builders": PRINCESS_WORK_VALUE["builder"] * p.builders,
        "cards": PRINCESS_WORK_VALUE["card"] * (len(p.hand) + len(p.table)),
    }
    return {"profession": None, "parts": parts, "bonus": {}, "total": sum(parts.values())}


def work_completed(state: GameState, ev: Event) -> None:
    """Complete a Work: with the Princess instead of a Profession card (p. 16), or as usual."""
    if "princess" not in ev:
        return base_work_completed(state, ev)
    s = seat(state, ev)
    name = state.players[s].name
    if ev["princess"] is not True or "profession" in ev or ev.get("bonus_cards"):
        refuse(
            "bad_event",
            N_(
                "A Princess Work plays no Profession card and no Bonus card: "
                "{player, princess: true, prestige}"
            ),
        )
    card = character_held(state, s)
    if card is None or card["character"] != "princess":
        refuse(
            "not_holding_character",
            N_("%(name)s has no %(card)s in front of them"),
            name=name,
            card=Named("characters", "princess", _name("princess")),
        )
    if not card["face_up"]:
        refuse(
            "character_face_down",
            N_("%(name)s's %(card)s is already face down"),
            name=name,
            card=Named("characters", "princess", _name("princess")),
        )
    total = princess_work_value(state, s)["total"]
    check_work_value(state, total)
    taken = check_prestige_taken(total, ev.get("prestige", 0))
    record_work(state, s, None, total, taken, [])
    card["face_up"] = False
    _note(state, s, "princess", work_value=total)


# --- the end of the game (p. 15) ---------------------------------------------------------------


def banker_holder(state: GameState) -> int | None:
    """Who holds the Banker (after round 7: bought in the last round)."""
    return next((s for s in range(state.n) if holds(state, s, "banker")), None)


def banker_exchange(state: GameState, ev: Event) -> None:
    """Florin for PP, 200 each, by the Banker's holder; then the game is scored."""
    s = seat(state, ev)
    character = ev.get("character")
    _held_card(state, s, character)
    if character != "banker":
        refuse("character_not_now", N_("The game is over but for the Banker's exchange"))
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
            N_(
                "Exchange a multiple of %(rate)s Florin, at most the %(money)s in hand "
                "(0 declines), not %(florin)s"
            ),
            rate=BANKER_FLORIN_PER_PRESTIGE,
            money=p.money,
            florin=repr(florin),
        )
    gained = florin // BANKER_FLORIN_PER_PRESTIGE
    p.money -= florin
    p.fame += gained
    _note(state, s, "banker", money=-florin, fame=gained)
    end_phase(state)


# --- what a seat may do now (for the phones and simulated games) --------------------------------


def candidates(state: GameState, s: int) -> list[dict]:
    """Plausible expansion events for seat `s` now; the caller keeps those the rules allow."""
    if not active(state):
        return []
    out: list[dict] = []
    p = state.players[s]
    if state.phase == CHARACTER_AUCTION and bidder(state) == s:
        for character in CHARACTERS:
            spaces = character_spaces(state, s, character)
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
    card = character_held(state, s)
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


def character_area(state: GameState) -> dict | None:
    """The Character card area and the cards in front of players: all face up on the table
    (every Pawn visible to all); of what the Professor brought, only which deck. None in a
    game without the expansion."""
    if not active(state):
        return None
    m = data(state)
    a = m.auction
    return {
        "banker_money": m.banker_money,
        "held": [[dict(c) for c in p.part(NAME).characters] for p in state.players],
        "auction": None
        if a is None
        else {
            "turn": a["turn"],
            "pawns": {c: list(v) for c, v in a["pawns"].items()},
            "done": list(a["done"]),
            "bought": list(a["bought"]),
            "started": a["started"],
        },
        "brought": [{k: v for k, v in b.items() if k != "card"} for b in m.brought],
        "won_bid": {k: v for k, v in m.won_bid.items() if k != "at"} if m.won_bid else None,
    }


# --- the module ---------------------------------------------------------------------------------


def check_setup(state: GameState, ev: Event) -> None:
    if (ev.get("expansions") or {}).get(NAME) is not True:
        refuse(
            "bad_event", N_("Say whether the game plays The Muse and the Princess: true or false")
        )
    if ev.get("solo"):
        refuse(
            "expansion_not_supported",
            N_("The Muse and the Princess is for 2 to 5 players, not the solo game"),
        )


def correction_keeps_bids_payable(state: GameState, ev: Event) -> None:
    """A host's correction may not leave a Pawn's bid unpayable (ruling 30)."""
    if ev.get("type") != "correction" or state.phase != CHARACTER_AUCTION:
        return
    s, money = ev.get("player"), ev.get("money", 0)
    if not isinstance(s, int) or not 0 <= s < state.n or not isinstance(money, int):
        return
    bid = standing_bid(state, s)
    if bid > state.players[s].money + money:
        refuse(
            "bad_correction",
            N_("%(name)s could no longer pay the Character bid of %(bid)s"),
            name=state.players[s].name,
            bid=bid,
        )


def _summary(state: GameState) -> dict[str, Any]:
    return {"banker_money": data(state).banker_money}


def _player_summary(state: GameState, s: int) -> dict[str, Any]:
    return {"characters": [dict(c) for c in state.players[s].part(NAME).characters]}


register(
    Module(
        name=NAME,
        title=N_("The Muse and the Princess"),
        events=EVENTS,
        option=NAME,
        enabled_by=lambda ev: (
            isinstance(ev.get("expansions"), dict) and bool(ev["expansions"].get(NAME))
        ),
        foreign=(
            "expansion_not_enabled",
            N_("This game is played without The Muse and the Princess"),
        ),
        phases=(
            Phase(
                CHARACTER_AUCTION,
                N_("the Character Auction phase"),
                {
                    "character_bid": Move(character_bid, turn=True),
                    "character_passed": Move(character_passed, turn=True),
                },
                after="auction",
                begin=begin_character_auction,
                whose_turn=bidder,
            ),
            Phase("action", moves={"work_completed": Move(work_completed, turn=True, action=True)}),
            Phase(
                BANKER_EXCHANGE,
                N_("the Banker's exchange at the end of the game"),
                {"character_used": banker_exchange},
                when=GAME_END,
                active=lambda state: banker_holder(state) is not None,
                whose_turn=banker_holder,
            ),
        ),
        anytime={"character_used": character_used},
        game_part=MuseGame,
        player_part=MusePlayer,
        hooks={
            "check_setup": check_setup,
            "round_start": round_start,
            "gate": correction_keeps_bids_payable,
            "event_done": event_done,
            "actions_per_turn": cardinal_actions,
            "work_value": muse_work_value,
            "fame_may_be_sold": lambda state: False,
            "candidates": candidates,
            "reveals_cards": lambda state, ev: (
                ev.get("type") == "character_used" and ev.get("character") == "professor"
            ),
            "summary": _summary,
            "player_summary": _player_summary,
            "public_view": lambda state: {"characters": character_area(state)},
        },
    )
)
