"""Every event told in words, as the table would say it: the one place events become sentences.

Pure: facts from the story (`companion.story`) and the state they lead to in, sentences out.
What a sentence may say follows the table: prices paid at auction, Work Values and fame are seen
by everyone; a chosen Prestige card, a Bonus card or Profession card taken, a starting hand and
money are the owner's alone, so they are told only to `viewer` (that seat), and money totals
are never told at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.rules.catalog import (
    BONUS_CARDS,
    BUILDINGS,
    CHARACTERS,
    FLORIN_PER_CHARACTER_SPACE,
    FLORIN_PER_FAME_SOLD,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    OBJECT_NAMES,
    PRESTIGE_CARDS,
    RECRUITING_CARD,
    ROUNDS,
)

RETRACTED = "retracted"


# -- names ------------------------------------------------------------------------------------


def name(state, seat) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat].name
    return "Someone"


def object_name(obj) -> str:
    return OBJECT_NAMES.get(obj, str(obj)) if isinstance(obj, str) else "object"


def profession_name(catalog, pid) -> str:
    """A Profession card's printed name; `catalog` is the game's (taught cards included)."""
    if pid == RECRUITING_CARD:
        return "Recruiting card"
    card = catalog.professions.get(pid) if isinstance(pid, str) else None
    if card is not None:
        return card.name
    return str(pid).replace("_", " ").title() if isinstance(pid, str) else "card"


def building_name(b) -> str:
    return BUILDINGS[b][0] if isinstance(b, str) and b in BUILDINGS else str(b)


def freedom_name(f) -> str:
    return str(f).title()


def bonus_name(card) -> str:
    return BONUS_CARDS[card][0] if isinstance(card, str) and card in BONUS_CARDS else str(card)


def prestige_name(card) -> str:
    return (
        PRESTIGE_CARDS[card][0] if isinstance(card, str) and card in PRESTIGE_CARDS else str(card)
    )


def character_name(c) -> str:
    return CHARACTERS[c][0] if isinstance(c, str) and c in CHARACTERS else "Character"


def a(word: str) -> str:
    vowel = word[:1] in "AEIOU" and not word.startswith("Uni")  # "a University"
    return ("an " if vowel else "a ") + word


def and_(items) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def florin(n: int) -> str:
    return f"{n} Florin"


def _own(fact, viewer, key: str = "player") -> bool:
    """May `viewer` read this seat's private details?"""
    return viewer is not None and fact.event.get(key) == viewer


def recorder(fact, state) -> str:
    """Who recorded it: a seat's phone, or the host's device."""
    by = fact.by
    if by in (None, "", "host"):
        return "Host"
    if isinstance(by, str) and by.isdigit():
        return name(state, int(by))
    return str(by)


# -- one event --------------------------------------------------------------------------------


def describe(fact, state, viewer: int | None = None, *, undone=()) -> str:
    """One event in words, with what it set off. `state` is any state of the game at or after
    the event (for names); `viewer` None is the whole table. For a retraction, `undone` holds
    the sentences of the events it took back."""
    event = fact.event
    who = name(state, event.get("player"))
    teller = _TELLERS.get(fact.type)
    if fact.type == RETRACTED:
        # What the undone events set off is in their own sentences: an undo sets off nothing.
        return _retracted(fact, state, undone)
    if teller is not None:
        text = teller(fact, state, who, viewer)
    else:
        said = "; ".join(fact.solo_words)
        text = said or str(fact.type or "event").replace("_", " ").capitalize()
        return _with_consequences(text, fact, state, solo=False)
    return _with_consequences(text, fact, state)


def _retracted(fact, state, undone) -> str:
    who = recorder(fact, state)
    if undone:
        return f"{who} undid: " + "; ".join(undone)
    seqs = fact.event.get("seqs") or []
    # the undone events could not be told (left out of the replay): say how many, not their
    # numbers in the log
    moves = "an earlier move" if len(seqs) == 1 else f"{len(seqs)} earlier moves"
    return f"{who} took back {moves}"


def _game_started(fact, state, who, viewer):
    names = [p.name for p in state.players] or list(fact.event.get("players") or [])
    text = f"The game began: {and_(names)}"
    opening = fact.opening
    if opening:
        text += f"; {name(state, opening['start_player'])} starts"
        if opening["solo"]:
            text += f" (solo against Wolfgang, {opening['solo']})"
        if opening["grid"]:
            text += "; played on the grid"
        if opening["freedoms"]:
            text += "; Freedoms in the supply: " + ", ".join(
                f"{n} {f.title()}" for f, n in opening["freedoms"].items()
            )
    return text


def _starting_hand(fact, state, who, viewer):
    if _own(fact, viewer):
        cards = [profession_name(state.catalog, p) for p in fact.event.get("professions") or []]
        return f"{who} kept {and_(cards)} as a starting hand"
    return f"{who} chose a starting hand"


def _won(state, result, how="won") -> str:
    return (
        f"{name(state, result['player'])} {how} the {object_name(result['object'])} for "
        f"{florin(result['price'])}"
    )


def _auction_opened(fact, state, who, viewer):
    if fact.settled:
        return _won(state, fact.settled[-1], "took")
    bid = fact.bid if fact.bid is not None else "?"
    return f"{who} opened an auction for the {object_name(fact.event.get('object'))} at {bid}"


def _bid_raised(fact, state, who, viewer):
    return f"{who} raised to {fact.event.get('amount')}"


def _bid_passed(fact, state, who, viewer):
    if fact.settled:
        return f"{who} passed; " + _won(state, fact.settled[-1])
    return f"{who} passed"


def _auctions_left(fact, state, who, viewer):
    return f"{who} left the auctions this round"


def _last_player_took(fact, state, who, viewer):
    if fact.settled:
        result = fact.settled[-1]
        return (
            f"{who}, the last player, took the {object_name(result['object'])} for "
            f"{florin(result['price'])}"
        )
    return f"{who}, the last player, took the {object_name(fact.event.get('object'))}"


def _last_player_declined(fact, state, who, viewer):
    return f"{who}, the last player, took nothing this round"


def _landscape_placed(fact, state, who, viewer):
    kind = object_name(fact.event.get("landscape"))
    text = f"{who} placed {a(kind)}"
    gained = fact.fame_sources.get(fact.player, {}).get("landscapes", 0)
    if gained > 0:
        text += f" (+{gained} PP for another {kind})"
    return text


def _prestige_chosen(fact, state, who, viewer):
    if _own(fact, viewer):
        return f"{who} chose the Prestige card \u201c{prestige_name(fact.event.get('card'))}\u201d"
    return f"{who} chose a Prestige card"


def _work_completed(fact, state, who, viewer):
    work = fact.work or {}
    value = work.get("value", "?")
    taken = work.get("prestige", fact.event.get("prestige", 0)) or 0
    card = profession_name(state.catalog, fact.event.get("profession"))
    if fact.event.get("princess") is True:
        card = "Princess"
    text = f"{who} completed a Work with the {card}: Work Value {value}"
    if isinstance(value, int):
        paid = value * FLORIN_PER_WORK_VALUE - taken * FLORIN_PER_PRESTIGE_TAKEN
        parts = ([f"{taken} PP"] if taken else []) + ([florin(paid)] if paid else [])
        text += ", took " + (" and ".join(parts) if parts else "nothing")
    bonus = fact.event.get("bonus_cards") or []
    if bonus:  # played face up: the table sees them
        text += (
            f" (Bonus card{'s' * (len(bonus) > 1)}: "
            + "; ".join(f"\u201c{bonus_name(b)}\u201d" for b in bonus)
            + ")"
        )
    return text


def _building_built(fact, state, who, viewer):
    return f"{who} built {a(building_name(fact.event.get('building')))}"


def _cooperation_proposed(fact, state, who, viewer):
    e = fact.event
    return (
        f"{who} proposed to build {a(building_name(e.get('building')))} with "
        f"{name(state, e.get('partner'))}, who would pay {florin(e.get('partner_payment'))} "
        "(Cooperative Building)"
    )


def _cooperation_answered(fact, state, who, viewer):
    """The payment was negotiated aloud (ruling C3): the table hears it."""
    offer = fact.proposal
    if offer is None:
        return f"{who} answered a proposal"
    builder, partner = name(state, offer["player"]), name(state, offer["partner"])
    building = a(building_name(offer["building"]))
    if fact.type == "cooperation_declined":
        if fact.event.get("player") == offer["player"]:
            return f"{builder} withdrew the proposal to build {building} with {partner}"
        return f"{partner} declined to build {building} with {builder}"
    return (
        f"{partner} accepted: {builder} and {partner} built {building} together "
        f"({partner} paid {builder} {florin(offer['partner_payment'])}; 3 PP each)"
    )


def _profession_taken(fact, state, who, viewer):
    if _own(fact, viewer):
        card = profession_name(state.catalog, fact.event.get("profession"))
        return f"{who} took the {card} (Profession card)"
    return f"{who} took a Profession card"


def _freedom(fact, state, who, viewer):
    return f"{who} introduced the {freedom_name(fact.event.get('freedom'))} Freedom"


def _bonus_taken(fact, state, who, viewer):
    if _own(fact, viewer):
        return f"{who} took the Bonus card \u201c{bonus_name(fact.event.get('card'))}\u201d"
    return f"{who} took a Bonus card"


def _turn_ended(fact, state, who, viewer):
    return f"{who} ended the turn"


def _recruiting(fact, state, who, viewer):
    card = profession_name(state.catalog, fact.event.get("profession"))
    if "from_dummy" in fact.event:
        column = fact.event.get("from_dummy", 0)
        column = column + 1 if isinstance(column, int) else "?"
        return f"{who} used a Recruiting card on dummy player {column}'s {card}"
    other = name(state, fact.event.get("from_player"))
    return f"{who} used a Recruiting card to take the {card} from {other}'s table"


def _fame_sold(fact, state, who, viewer):
    points = fact.event.get("points", 0)
    amount = points * FLORIN_PER_FAME_SOLD if isinstance(points, int) else "?"
    return f"{who} sold {points} PP for {amount} Florin"


def _correction(fact, state, who, viewer):
    fame, money = fact.event.get("fame", 0) or 0, fact.event.get("money", 0) or 0
    parts = []
    if money:
        parts.append(f"money by {money:+d} Florin" if _own(fact, viewer) else "money")
    if fame:
        parts.append(f"fame by {fame:+d}")
    what = " and ".join(parts) if parts else "nothing"
    fixes = fact.event.get("fixes")
    if isinstance(fixes, int):
        what += f" for event {fixes}"
    reason = str(fact.event.get("reason") or "").strip()
    return f"{recorder(fact, state)} corrected {who}'s {what}" + (f": {reason}" if reason else "")


def _solo_step_done(fact, state, who, viewer):
    n = fact.event.get("n")
    if n == 0:
        return "The table is set up for the solo game"
    log = (state.parts.get("solo").log if "solo" in state.parts else None) or []
    said = next((x["say"] for x in log if x.get("n") == n), None)
    return f"Done on the table: {said}" if said else "A step is done on the table"


def _die_mode_changed(fact, state, who, viewer):
    if fact.event.get("die") == "app":
        return "From now on Palazzo rolls the die"
    return "From now on the physical die is rolled"


def _character_bid(fact, state, who, viewer):
    space = fact.event.get("space")
    price = space * FLORIN_PER_CHARACTER_SPACE if isinstance(space, int) else "?"
    card = character_name(fact.event.get("character"))
    return f"{who} put their Pawn on the {card}, space {space} ({price} Florin)"


def _character_passed(fact, state, who, viewer):
    return f"{who} passed in the Character Auction"


def _character_used(fact, state, who, viewer):
    e = fact.event
    c = e.get("character")
    gained = fact.fame.get(fact.player, 0)
    if c == "cardinal":
        return f"{who} flipped the Cardinal: a third action this turn"
    if c == "merchant" and e.get("effect") == "pay_object":
        return f"{who} flipped the Merchant instead of paying {florin(fact.won_price or 0)}"
    if c == "merchant":
        return f"{who} flipped the Merchant: +{gained} PP"
    if c == "professor":
        deck = "Prestige card" if e.get("deck") == "prestige" else "Bonus card"
        if _own(fact, viewer):
            card = e.get("card")
            card = prestige_name(card) if deck == "Prestige card" else bonus_name(card)
            return f"{who} flipped the Professor for a free {deck}: \u201c{card}\u201d"
        return f"{who} flipped the Professor for a free {deck}"
    if c == "banker":
        if not e.get("florin"):
            return f"{who} kept their Florin: no exchange with the Banker"
        return f"{who} exchanged {florin(e.get('florin'))} for {gained} PP with the Banker"
    return f"{who} used the {character_name(c)}"


def _purchase(state, bought: dict) -> str:
    text = (
        f"{name(state, bought['player'])} bought the {character_name(bought['character'])} "
        f"for {florin(bought['price'])}"
    )
    if bought["banker"] is not None:
        text += f" and took the {florin(bought['banker'])} on it"
    return text


def _profession_taught(fact, state, who, viewer):
    """Teaching happens just before the card is used, so naming it could tell the table what
    is in someone's hand: only the seat that taught it hears which card it was. The host's
    change of a known card is said in full, from what to what."""
    e = fact.event
    teller = recorder(fact, state)
    card = e.get("name") or profession_name(state.catalog, e.get("profession"))
    now = _wishes(e.get("building"), e.get("landscape"), e.get("freedom"))
    if not (fact.by in ("", "host") or (viewer is not None and fact.by == str(viewer))):
        return f"{teller} taught Palazzo a Profession card's preferences"
    old = _wishes(*fact.was) if fact.was else now
    if old != now:
        return f"{teller} changed the {card}: {old} \u2192 {now}"
    return f"{teller} taught Palazzo the {card}: {now}"


def _wishes(building, landscape, freedom) -> str:
    return f"{building_name(building)}, {str(landscape).title()}, {str(freedom).title()}"


def _landscape_taught(fact, state, who, viewer):
    kind, cells = fact.event.get("landscape"), fact.event.get("cells")
    teller = recorder(fact, state)
    if fact.was and fact.was != cells:
        return f"{teller} changed the {object_name(kind)}'s size: {fact.was} \u2192 {cells} squares"
    return f"{teller} taught Palazzo that {a(object_name(kind))} covers {cells} squares"


def _revealed(e, state) -> str:
    owner, card = e.get("owner"), profession_name(state.catalog, e.get("profession"))
    if owner == "wolfgang":
        return f"Wolfgang's card turned up: the {card}"
    column = owner + 1 if isinstance(owner, int) else "?"
    return f"Dummy column {column} turned up the {card}"


_SOLO_TELLERS = {
    "automa_card_drawn": lambda e, s: f"Automa card {e.get('card')} drawn",
    "solo_auction_offered": lambda e, s: f"{name(s, 0)} put up the {object_name(e.get('object'))}",
    "die_rolled": lambda e, s: f"The die shows {e.get('value')}",
    "solo_bought": lambda e, s: f"{name(s, 0)} bought the {object_name(e.get('object'))}",
    "solo_declined": lambda e, s: f"{name(s, 0)} declined the {object_name(e.get('object'))}",
    "automa_profession_revealed": _revealed,
    "automa_cards_offered": lambda e, s: (
        f"{len(e.get('cards') or [])} "
        f"{'Prestige' if e.get('deck') == 'prestige' else 'Bonus'}"
        " cards drawn for Wolfgang"
    ),
    "automa_tie_broken": lambda e, s: "Wolfgang's tie broken with the die",
}


def _solo_step(words):
    """Solo play's own steps: the one human is seat 0; Wolfgang answers in the engine's words
    (appended by `_with_consequences`)."""

    def tell_step(fact, state, who, viewer):
        return words(fact.event, state)

    return tell_step


_TELLERS = {
    **{kind: _solo_step(words) for kind, words in _SOLO_TELLERS.items()},
    "game_started": _game_started,
    "starting_hand_chosen": _starting_hand,
    "auction_opened": _auction_opened,
    "bid_raised": _bid_raised,
    "bid_passed": _bid_passed,
    "auctions_left": _auctions_left,
    "last_player_took": _last_player_took,
    "last_player_declined": _last_player_declined,
    "landscape_placed": _landscape_placed,
    "prestige_card_chosen": _prestige_chosen,
    "work_completed": _work_completed,
    "building_built": _building_built,
    "profession_taken": _profession_taken,
    "freedom_introduced": _freedom,
    "bonus_card_taken": _bonus_taken,
    "turn_ended": _turn_ended,
    "recruiting_card_used": _recruiting,
    "fame_sold": _fame_sold,
    "correction": _correction,
    "profession_taught": _profession_taught,
    "landscape_taught": _landscape_taught,
    "cooperation_proposed": _cooperation_proposed,
    "cooperation_accepted": _cooperation_answered,
    "cooperation_declined": _cooperation_answered,
    "solo_step_done": _solo_step_done,
    "die_mode_changed": _die_mode_changed,
    "character_bid": _character_bid,
    "character_passed": _character_passed,
    "character_used": _character_used,
}


def round_ended(state, done: dict) -> str:
    if done.get("scored"):
        names = and_(name(state, s) for s in done["scored"])
        return f"Round {done['round']} ends: best Work {done['best_work']} by {names} (+3 PP)"
    return f"Round {done['round']} ends without a Work"


def _with_consequences(text: str, fact, state, *, solo: bool = True) -> str:
    """What the event set off: Wolfgang's answer, the auctions ending, a round scored, the
    game over, whose turn it is now."""
    extra = [_purchase(state, bought) for bought in fact.purchases]
    if solo and fact.solo_words:
        extra.append("; ".join(fact.solo_words))
    extra.extend(round_ended(state, done) for done in fact.rounds_ended)
    if fact.final is not None:
        extra.append(final_words(state, fact.final))
    elif fact.round_began:
        extra.append(f"Round {fact.round_began} of {ROUNDS} begins")
    elif fact.auctions_over:
        extra.append(f"The auctions are over; {name(state, fact.turn)}'s turn")
    elif fact.phase == "character_auction" and fact.phase_before == "auction":
        extra.append(
            f"The auctions are over; the Character Auction begins with {name(state, fact.turn)}"
        )
    elif fact.phase == "action" and fact.phase_before == "character_auction":
        extra.append(f"The Character Auction is over; {name(state, fact.turn)}'s turn")
    elif fact.phase == "banker_exchange" and fact.phase_before != "banker_exchange":
        extra.append("The last round is over; the Banker's holder may exchange Florin for PP")
    elif fact.type == "turn_ended" and fact.new_turn and fact.phase == "action":
        extra.append(f"{name(state, fact.turn)}'s turn")
    return ". ".join([text] + extra)


def final_words(state, final: dict | None = None) -> str:
    """The winner(s), with every total: all is revealed at the end."""
    final = final if final is not None else (state.final or {})
    winners = [name(state, w) for w in final.get("winners", [])]
    if not winners:
        return "The game is over"
    verb = "wins" if len(winners) == 1 else "share the victory"
    tally = ", ".join(
        f"{name(state, x['player'])} {x['total']} PP" for x in final.get("scores", [])
    )
    return f"The game is over: {and_(winners)} {verb} ({tally})"


# -- a whole story ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Told:
    """One logged event as one viewer hears it."""

    seq: int
    type: str
    by: str
    at: datetime | None
    text: str
    retracted: bool = False  # taken back by a later `retracted` event
    undone_by: int | None = None  # the seq of that retraction


def tell(replay, viewer: int | None = None, *, last: int | None = None) -> list[Told]:
    """The story as `viewer` may hear it, oldest first; undone events are marked, not dropped.
    `last`: only the newest this many (a retraction still names what it undid)."""
    facts = replay.facts if last is None else replay.facts[-last:] if last else ()
    out = []
    for fact in facts:
        undone_by = replay.undone_by.get(fact.seq)
        text = text_of(replay, fact, viewer)
        out.append(Told(fact.seq, fact.type, fact.by, fact.at, text, bool(undone_by), undone_by))
    return out


def text_of(replay, fact, viewer: int | None = None) -> str:
    """One fact of `replay` in words; a retraction names what it undid."""
    undone = ()
    if fact.type == RETRACTED:
        undone = tuple(
            describe(replay.fact(s), replay.state, viewer)
            for s in reversed(fact.undone)
            if replay.fact(s) is not None
        )
    return describe(fact, replay.state, viewer, undone=undone)


def newest_first(replay, viewer: int | None = None, last: int | None = None) -> list[Told]:
    return list(reversed(tell(replay, viewer, last=last)))


def latest_undoable(replay) -> Told | None:
    """The newest event that still counts, told to the table, unless it starts the game."""
    if len(replay.counting) < 2:
        return None
    fact = replay.fact(replay.counting[-1])
    return Told(fact.seq, fact.type, fact.by, fact.at, describe(fact, replay.state))
