"""Every event told in words, as the table would say it, for the screens and the history.

Pure: states and events in, sentences out. What a sentence may say follows the table: prices
paid at auction, Work Values and fame are seen by everyone; a chosen Prestige card, a Bonus card
or Profession card taken, a starting hand and money are the owner's alone, so they are told only
to `viewer_seat`, and money totals are never told at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from companion.rules import (
    BUILTIN,
    Fold,
    Refusal,
    character_area,
    cooperation_proposal,
    current_player,
    is_solo,
    solo_of,
    wolfgang_decisions,
)
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


def _name(state, seat) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat].name
    return "Someone"


def _object(obj) -> str:
    return OBJECT_NAMES.get(obj, str(obj)) if isinstance(obj, str) else "object"


def profession_name(state, pid) -> str:
    if pid == RECRUITING_CARD:
        return "Recruiting card"
    card = state.catalog.professions.get(pid) if isinstance(pid, str) else None
    if card is not None:
        return card.name
    return str(pid).replace("_", " ").title() if isinstance(pid, str) else "card"


def _building(b) -> str:
    return BUILDINGS[b][0] if isinstance(b, str) and b in BUILDINGS else str(b)


def _bonus(card) -> str:
    return BONUS_CARDS[card][0] if isinstance(card, str) and card in BONUS_CARDS else str(card)


def _prestige(card) -> str:
    return (
        PRESTIGE_CARDS[card][0] if isinstance(card, str) and card in PRESTIGE_CARDS else str(card)
    )


def _a(word: str) -> str:
    vowel = word[:1] in "AEIOU" and not word.startswith("Uni")  # "a University"
    return ("an " if vowel else "a ") + word


def _and(items) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _florin(n: int) -> str:
    return f"{n} Florin"


def _own(event: dict, viewer_seat, key: str = "player") -> bool:
    """May `viewer_seat` read this seat's private details?"""
    return viewer_seat is not None and event.get(key) == viewer_seat


# -- one event --------------------------------------------------------------------------------


def describe(
    event: dict,
    before_state,
    after_state,
    viewer_seat: int | None = None,
    *,
    undone: tuple | list = (),
) -> str:
    """One event in words. `before_state`/`after_state` are the states around it (the same
    state for an event that was refused); `viewer_seat` None is the whole table. For a
    retraction, `undone` holds the sentences of the events it took back."""
    kind = event.get("type")
    state = after_state if after_state is not None and after_state.players else before_state
    who = _name(state, event.get("player"))
    teller = _TELLERS.get(kind)
    if kind == RETRACTED:
        text = _retracted(event, state, undone)
    elif teller is not None:
        text = teller(event, before_state, after_state, who, viewer_seat)
    else:
        text = _generic(event, before_state, after_state)
    return _with_consequences(text, event, before_state, after_state)


def _by(event: dict, state) -> str:
    by = event.get("by")
    if by in (None, "host"):
        return "Host"
    if isinstance(by, str) and by.isdigit():
        return _name(state, int(by))
    return str(by)


def _retracted(event, state, undone) -> str:
    who = _by(event, state)
    if undone:
        return f"{who} undid: " + "; ".join(undone)
    seqs = event.get("seqs") or []
    return f"{who} undid event{'s' * (len(seqs) != 1)} {_and(seqs)}"


def _game_started(event, before, after, who, viewer):
    names = (
        [p.name for p in after.players] if after is not None else list(event.get("players") or [])
    )
    text = f"The game began: {_and(names)}"
    if after is not None and after.players:
        text += f"; {after.players[after.start_player].name} starts"
        if is_solo(after):
            text += f" (solo against Wolfgang, {solo_of(after).difficulty})"
        if after.grid:
            text += "; played on the grid"
        if after.two_player:
            supply = after.freedom_supply
            text += "; Freedoms in the supply: " + ", ".join(
                f"{n} {f.title()}" for f, n in supply.items()
            )
    return text


def _starting_hand(event, before, after, who, viewer):
    if _own(event, viewer):
        cards = [profession_name(after, p) for p in event.get("professions") or []]
        return f"{who} kept {_and(cards)} as a starting hand"
    return f"{who} chose a starting hand"


def _settled(before, after) -> dict | None:
    """The auction result this event produced, if any."""
    old = len(before.auction.get("results", [])) if before is not None else 0
    new = after.auction.get("results", []) if after is not None else []
    if after is not None and after.round == getattr(before, "round", None) and len(new) > old:
        return new[-1]
    return None


def _won(after, result, how="won") -> str:
    return (
        f"{_name(after, result['player'])} {how} the {_object(result['object'])} for "
        f"{_florin(result['price'])}"
    )


def _auction_opened(event, before, after, who, viewer):
    result = _settled(before, after)
    if result is not None:
        return _won(after, result, "took")
    cur = after.auction.get("current") or {}
    return (
        f"{who} opened an auction for the {_object(event.get('object'))} at {cur.get('bid', '?')}"
    )


def _bid_raised(event, before, after, who, viewer):
    return f"{who} raised to {event.get('amount')}"


def _bid_passed(event, before, after, who, viewer):
    result = _settled(before, after)
    if result is not None:
        return f"{who} passed; " + _won(after, result)
    return f"{who} passed"


def _auctions_left(event, before, after, who, viewer):
    return f"{who} left the auctions this round"


def _last_player_took(event, before, after, who, viewer):
    result = _settled(before, after)
    if result is not None:
        return (
            f"{who}, the last player, took the {_object(result['object'])} for "
            f"{_florin(result['price'])}"
        )
    return f"{who}, the last player, took the {_object(event.get('object'))}"


def _last_player_declined(event, before, after, who, viewer):
    return f"{who}, the last player, took nothing this round"


def _landscape_placed(event, before, after, who, viewer):
    kind = _object(event.get("landscape"))
    text = f"{who} placed {_a(kind)}"
    gained = _fame_gained(event, before, after)
    if gained > 0:
        text += f" (+{gained} PP for another {kind})"
    return text


def _prestige_chosen(event, before, after, who, viewer):
    if _own(event, viewer):
        return f"{who} chose the Prestige card \u201c{_prestige(event.get('card'))}\u201d"
    return f"{who} chose a Prestige card"


def _character(c) -> str:
    return CHARACTERS[c][0] if isinstance(c, str) and c in CHARACTERS else "Character"


def _character_bid(event, before, after, who, viewer):
    space = event.get("space")
    price = space * FLORIN_PER_CHARACTER_SPACE if isinstance(space, int) else "?"
    return f"{who} put their Pawn on the {_character(event.get('character'))}, space {space} ({price} Florin)"


def _character_passed(event, before, after, who, viewer):
    return f"{who} passed in the Character Auction"


def _character_used(event, before, after, who, viewer):
    c = event.get("character")
    gained = _fame_gained(event, before, after)
    if c == "cardinal":
        return f"{who} flipped the Cardinal: a third action this turn"
    if c == "merchant" and event.get("effect") == "pay_object":
        won = (character_area(before) or {}).get("won_bid") or {}
        return f"{who} flipped the Merchant instead of paying {_florin(won.get('price', 0))}"
    if c == "merchant":
        return f"{who} flipped the Merchant: +{gained} PP"
    if c == "professor":
        deck = "Prestige card" if event.get("deck") == "prestige" else "Bonus card"
        if _own(event, viewer):
            name = (
                _prestige(event.get("card"))
                if deck == "Prestige card"
                else _bonus(event.get("card"))
            )
            return f"{who} flipped the Professor for a free {deck}: “{name}”"
        return f"{who} flipped the Professor for a free {deck}"
    if c == "banker":
        florin = event.get("florin")
        if not florin:
            return f"{who} kept their Florin: no exchange with the Banker"
        return f"{who} exchanged {_florin(florin)} for {gained} PP with the Banker"
    return f"{who} used the {_character(c)}"


def _purchases(before, after) -> list[str]:
    """Characters bought by themselves when their buyer's turn came (with the Banker's money)."""
    if before is None or after is None or not before.players:
        return []
    old, new = character_area(before), character_area(after)
    if not old or not new or not old.get("auction"):
        return []
    out = []
    for s, cards in enumerate(new["held"]):
        for c in cards:
            pawn = old["auction"]["pawns"].get(c["character"])
            if pawn is None or pawn[0] != s or c in old["held"][s]:
                continue
            price = _florin(pawn[1] * FLORIN_PER_CHARACTER_SPACE)
            text = f"{_name(after, s)} bought the {_character(c['character'])} for {price}"
            if c["character"] == "banker":
                text += f" and took the {_florin(old['banker_money'])} on it"
            out.append(text)
    return out


def _work_completed(event, before, after, who, viewer):
    seat = event.get("player")
    p = after.players[seat] if isinstance(seat, int) and 0 <= seat < after.n else None
    work = p.works[-1] if p is not None and p.works else {}
    value = work.get("value", "?")
    taken = work.get("prestige", event.get("prestige", 0)) or 0
    card = profession_name(after, event.get("profession"))
    if event.get("princess") is True:
        card = "Princess"
    text = f"{who} completed a Work with the {card}: Work Value {value}"
    if isinstance(value, int):
        florin = value * FLORIN_PER_WORK_VALUE - taken * FLORIN_PER_PRESTIGE_TAKEN
        parts = ([f"{taken} PP"] if taken else []) + ([_florin(florin)] if florin else [])
        text += ", took " + (" and ".join(parts) if parts else "nothing")
    bonus = event.get("bonus_cards") or []
    if bonus:  # played face up: the table sees them
        text += (
            f" (Bonus card{'s' * (len(bonus) > 1)}: "
            + "; ".join(f"\u201c{_bonus(b)}\u201d" for b in bonus)
            + ")"
        )
    return text


def _building_built(event, before, after, who, viewer):
    return f"{who} built {_a(_building(event.get('building')))}"


def _cooperation_proposed(event, before, after, who, viewer):
    partner = _name(after, event.get("partner"))
    return (
        f"{who} proposed to build {_a(_building(event.get('building')))} with {partner}, "
        f"who would pay {_florin(event.get('partner_payment'))} (Cooperative Building)"
    )


def _cooperation_answered(event, before, after, who, viewer):
    """The payment was negotiated aloud (ruling C3): the table hears it."""
    offer = cooperation_proposal(before) if before is not None else None
    if offer is None:
        return f"{who} answered a proposal"
    builder, partner = _name(before, offer["player"]), _name(before, offer["partner"])
    building = _a(_building(offer["building"]))
    if event.get("type") == "cooperation_declined":
        if event.get("player") == offer["player"]:
            return f"{builder} withdrew the proposal to build {building} with {partner}"
        return f"{partner} declined to build {building} with {builder}"
    return (
        f"{partner} accepted: {builder} and {partner} built {building} together "
        f"({partner} paid {builder} {_florin(offer['partner_payment'])}; 3 PP each)"
    )


def _profession_taken(event, before, after, who, viewer):
    if _own(event, viewer):
        return f"{who} took the {profession_name(after, event.get('profession'))} (Profession card)"
    return f"{who} took a Profession card"


def _freedom(event, before, after, who, viewer):
    f = event.get("freedom")
    return f"{who} introduced the {str(f).title()} Freedom"


def _bonus_taken(event, before, after, who, viewer):
    if _own(event, viewer):
        return f"{who} took the Bonus card \u201c{_bonus(event.get('card'))}\u201d"
    return f"{who} took a Bonus card"


def _turn_ended(event, before, after, who, viewer):
    return f"{who} ended the turn"


def _recruiting(event, before, after, who, viewer):
    if "from_dummy" in event:
        return (
            f"{who} used a Recruiting card on dummy player {event.get('from_dummy', 0) + 1}'s "
            f"{profession_name(after, event.get('profession'))}"
        )
    other = _name(after, event.get("from_player"))
    return (
        f"{who} used a Recruiting card to take the "
        f"{profession_name(after, event.get('profession'))} from {other}'s table"
    )


def _fame_sold(event, before, after, who, viewer):
    points = event.get("points", 0)
    amount = points * FLORIN_PER_FAME_SOLD if isinstance(points, int) else "?"
    return f"{who} sold {points} PP for {amount} Florin"


def _correction(event, before, after, who, viewer):
    fame, money = event.get("fame", 0) or 0, event.get("money", 0) or 0
    parts = []
    if money:
        parts.append(f"money by {money:+d} Florin" if _own(event, viewer) else "money")
    if fame:
        parts.append(f"fame by {fame:+d}")
    what = " and ".join(parts) if parts else "nothing"
    reason = str(event.get("reason") or "").strip()
    return f"{_by(event, after)} corrected {who}'s {what}" + (f": {reason}" if reason else "")


def _profession_taught(event, before, after, who, viewer):
    """Teaching happens just before the card is used, so naming it could tell the table what
    is in someone's hand: only the seat that taught it hears which card it was. The host's
    change of a known card is said in full, from what to what."""
    by = event.get("by")
    teller = _by(event, after)
    pid = event.get("profession")
    name = event.get("name") or profession_name(after, pid)
    now = _wishes(event.get("building"), event.get("landscape"), event.get("freedom"))
    if not (
        by in (None, "host") or (viewer is not None and isinstance(by, str) and by == str(viewer))
    ):
        return f"{teller} taught Palazzo a Profession card's preferences"
    was = before.catalog.professions.get(pid) if before is not None else None
    old = _wishes(was.building, was.landscape, was.freedom) if was is not None else now
    if old != now:
        return f"{teller} changed the {name}: {old} → {now}"
    return f"{teller} taught Palazzo the {name}: {now}"


def _wishes(building, landscape, freedom) -> str:
    return f"{_building(building)}, {str(landscape).title()}, {str(freedom).title()}"


def _landscape_taught(event, before, after, who, viewer):
    kind = event.get("landscape")
    was = before.catalog.landscape_cells.get(kind) if before is not None else 0
    teller = _by(event, after)
    if was and was != event.get("cells"):
        return f"{teller} changed the {_object(kind)}'s size: {was} → {event.get('cells')} squares"
    return f"{teller} taught Palazzo that {_a(_object(kind))} covers {event.get('cells')} squares"


def _solo_step(words):
    """Solo play's own steps: the one human is seat 0, Wolfgang answers in the engine's words
    (appended by `_with_consequences`)."""

    def tell(event, before, after, who, viewer):
        return words(event, after)

    return tell


def _revealed(event, state) -> str:
    owner, card = event.get("owner"), profession_name(state, event.get("profession"))
    if owner == "wolfgang":
        return f"Wolfgang's card turned up: the {card}"
    column = owner + 1 if isinstance(owner, int) else "?"
    return f"Dummy column {column} turned up the {card}"


_SOLO_TELLERS = {
    "automa_card_drawn": lambda e, s: f"Automa card {e.get('card')} drawn",
    "solo_auction_offered": lambda e, s: f"{_name(s, 0)} put up the {_object(e.get('object'))}",
    "die_rolled": lambda e, s: f"The die shows {e.get('value')}",
    "solo_bought": lambda e, s: f"{_name(s, 0)} bought the {_object(e.get('object'))}",
    "solo_declined": lambda e, s: f"{_name(s, 0)} declined the {_object(e.get('object'))}",
    "automa_profession_revealed": _revealed,
    "automa_cards_offered": lambda e, s: (
        f"{len(e.get('cards') or [])} "
        f"{'Prestige' if e.get('deck') == 'prestige' else 'Bonus'}"
        " cards drawn for Wolfgang"
    ),
    "automa_tie_broken": lambda e, s: "Wolfgang's tie broken with the die",
}

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
    "cooperation_proposed": _cooperation_proposed,
    "cooperation_accepted": _cooperation_answered,
    "cooperation_declined": _cooperation_answered,
    "profession_taken": _profession_taken,
    "freedom_introduced": _freedom,
    "bonus_card_taken": _bonus_taken,
    "turn_ended": _turn_ended,
    "recruiting_card_used": _recruiting,
    "fame_sold": _fame_sold,
    "correction": _correction,
    "profession_taught": _profession_taught,
    "landscape_taught": _landscape_taught,
    "character_bid": _character_bid,
    "character_passed": _character_passed,
    "character_used": _character_used,
}


def _generic(event, before, after) -> str:
    """Events this module has no sentence for (solo play's own steps): the engine's own
    public words for Wolfgang's moves if it logged any, else the event's name."""
    said = _solo_words(before, after)
    if said:
        return said
    return str(event.get("type") or "event").replace("_", " ").capitalize()


def _solo_words(before, after) -> str:
    new = wolfgang_decisions(after, len(wolfgang_decisions(before)))
    return "; ".join(e["say"] for e in new if e.get("who") == "wolfgang" and e.get("say"))


def _fame_gained(event, before, after) -> int:
    seat = event.get("player")
    try:
        return after.players[seat].fame - before.players[seat].fame
    except (AttributeError, IndexError, TypeError):
        return 0


def _with_consequences(text: str, event, before, after) -> str:
    """What the event set off: the auctions ending, a round scored, the game over."""
    if before is None or after is None or before is after or not after.players:
        return text
    extra = _purchases(before, after)
    if is_solo(after) and event.get("type") in _TELLERS and before.players:
        wolfgang = _solo_words(before, after)  # what Wolfgang did in answer
        if wolfgang:
            extra.append(wolfgang)
    if after.rounds and len(after.rounds) > len(before.rounds):
        done = after.rounds[-1]
        if done.get("scored"):
            names = _and(_name(after, s) for s in done["scored"])
            extra.append(
                f"Round {done['round']} ends: best Work {done['best_work']} by {names} (+3 PP)"
            )
        else:
            extra.append(f"Round {done['round']} ends without a Work")
    if after.phase == "over" and before.phase != "over":
        extra.append(final_words(after))
    elif after.round != before.round and after.round:
        extra.append(f"Round {after.round} of {ROUNDS} begins")
    elif after.phase == "action" and before.phase == "auction":
        extra.append(f"The auctions are over; {_name(after, after.turn)}'s turn")
    elif after.phase == "character_auction" and before.phase == "auction":
        first = current_player(after)
        extra.append(
            f"The auctions are over; the Character Auction begins with {_name(after, first)}"
        )
    elif after.phase == "action" and before.phase == "character_auction":
        extra.append(f"The Character Auction is over; {_name(after, after.turn)}'s turn")
    elif after.phase == "banker_exchange" and before.phase != "banker_exchange":
        extra.append("The last round is over; the Banker's holder may exchange Florin for PP")
    elif (
        event.get("type") == "turn_ended" and after.phase == "action" and after.turn != before.turn
    ):
        extra.append(f"{_name(after, after.turn)}'s turn")
    return ". ".join([text] + extra)


def final_words(state) -> str:
    """The winner(s), with every total: all is revealed at the end."""
    final = state.final or {}
    winners = [_name(state, w) for w in final.get("winners", [])]
    if not winners:
        return "The game is over"
    verb = "wins" if len(winners) == 1 else "share the victory"
    tally = ", ".join(
        f"{_name(state, x['player'])} {x['total']} PP" for x in final.get("scores", [])
    )
    return f"The game is over: {_and(winners)} {verb} ({tally})"


# -- a whole log ------------------------------------------------------------------------------


@dataclass
class Told:
    """One logged event as one viewer hears it."""

    seq: int
    type: str
    by: str
    at: datetime | None
    text: str
    retracted: bool = False  # taken back by a later `retracted` event
    undone_by: int | None = None  # the seq of that retraction


@dataclass
class Story:
    """A log told from the start: every entry, which seqs still count, and the final state."""

    entries: list[Told] = field(default_factory=list)
    effective: list[int] = field(default_factory=list)
    state: object = None

    def latest_undoable(self) -> Told | None:
        """The newest event that still counts, unless it is the start of the game."""
        if len(self.effective) < 2:
            return None
        by_seq = {t.seq: t for t in self.entries}
        return by_seq.get(self.effective[-1])

    def newest_first(self) -> list[Told]:
        return list(reversed(self.entries))


def _as_event(stored) -> tuple[dict, datetime | None]:
    if isinstance(stored, dict):
        return dict(stored), stored.get("at") if isinstance(stored.get("at"), datetime) else None
    return (
        {**stored.payload, "type": stored.type, "seq": stored.seq, "by": stored.by},
        getattr(stored, "at", None),
    )


def tell(events, viewer_seat: int | None = None, catalog=BUILTIN) -> Story:
    """Fold the log (events as stored, or engine dicts with `seq` and `by`) and tell each
    event as `viewer_seat` may hear it; retracted events are marked, not dropped."""
    fold = Fold(catalog)
    story = Story()
    told: dict[int, Told] = {}
    for stored in events:
        event, at = _as_event(stored)
        seq = event.get("seq") if isinstance(event.get("seq"), int) else fold.last_seq + 1
        before = fold.state.clone()
        undone = []
        if event.get("type") == RETRACTED:
            undone = [
                told[s].text
                for s in sorted(event.get("seqs") or [], reverse=True)
                if isinstance(s, int) and s in told
            ]
        try:
            fold.add(event)
            after = fold.state
        except Refusal:
            after = before  # a log that no longer replays: tell it, change nothing
        text = describe(event, before, after, viewer_seat, undone=undone)
        entry = Told(seq, str(event.get("type")), str(event.get("by", "")), at, text)
        if event.get("type") == RETRACTED and after is not before:
            for s in event.get("seqs") or []:
                if s in told:
                    told[s].retracted, told[s].undone_by = True, seq
        told[seq] = entry
        story.entries.append(entry)
    story.effective = [e["seq"] for e in fold.effective] if fold.effective is not None else []
    story.state = fold.state
    return story
