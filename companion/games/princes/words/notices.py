"""What happened to you: the short notices one seat's phone shows, from the story's facts.

A notice is for something another hand did to you, or the game did for you: an auction you won
or lost (with its price, which the table sees anyway), a Work recruited from your table, your
move undone or your purse corrected by the host, a move the host recorded for you, your Best
Work, your turn or a bid asked of you, the end of the game. Secrets: a notice speaks of your own
money only, and of others only what the table sees (prices at auction, face-up Works).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.core.lang import N_, _, current
from companion.games.princes.rules import is_solo
from companion.games.princes.rules.catalog import PRESTIGE_FOR_BEST_WORK

from . import (
    RETRACTED,
    and_,
    describe,
    final_words,
    florin,
    name,
    object_name,
    profession_name,
    recorder,
)
from .telling import fact_words

SCAN = 80  # how far back in the story a phone looks for notices
QUIET = {"correction", RETRACTED}
TURNS = {  # a turn outside the Auction phase, by phase
    "action": N_("Your turn"),
    "character_auction": N_("Your turn in the Character Auction"),
    "banker_exchange": N_("Your turn: exchange Florin for PP with the Banker, or keep them"),
}  # told by their own notice, not as "recorded for you"


@dataclass(frozen=True)
class Notice:
    """One thing that happened to this seat. `kind` lets the phone style it (and buzz)."""

    seq: int
    kind: str  # won, lost, recruited, undone, corrected, recorded, best_work, turn, bid, over,
    # asked (a proposal waiting for your answer), answered (your proposal's answer)
    text: str
    at: datetime | None = None


def _turn(fact, state, me: int) -> Notice | None:
    """Your turn, or a bid asked of you: only the fact that handed it to you."""
    if not fact.new_turn or fact.turn != me:
        return None
    if fact.phase != "auction":
        said = TURNS.get(fact.phase) or TURNS["action"]
        return Notice(fact.seq, "turn", _(said), fact.at)
    asked = fact.asked or {}
    what = object_name(asked.get("object"))
    kind = asked.get("kind")
    if kind == "bid":
        text = _(
            "Your bid: the %(object)s stands at %(bid)s Florin. Raise or pass",
            object=what,
            bid=asked.get("bid"),
        )
    elif kind == "place":
        text = _("Place your %(object)s", object=what)
    elif kind == "choose":
        text = _("Choose your Prestige card")
    else:
        text = _("Your turn to open an auction")
    return Notice(fact.seq, "bid" if asked.get("kind") == "bid" else "turn", text, fact.at)


def _auction(fact, state, me: int) -> list[Notice]:
    out = []
    for result in fact.settled:
        what, price = object_name(result["object"]), florin(result["price"])
        if result["player"] == me:
            text = _("You won the %(object)s for %(price)s", object=what, price=price)
            out.append(Notice(fact.seq, "won", text, fact.at))
        elif me in fact.bidders:
            winner = name(state, result["player"])
            text = _(
                "%(name)s won the %(object)s for %(price)s", name=winner, object=what, price=price
            )
            out.append(Notice(fact.seq, "lost", text, fact.at))
    return out


def _about_me(replay, fact, me: int) -> list[Notice]:
    state = replay.state
    out = _auction(fact, state, me)
    e = fact.event
    mine_by = fact.by == str(me)
    if fact.type == "recruiting_card_used" and e.get("from_player") == me:
        card = profession_name(state.catalog, e.get("profession"))
        who = name(state, e.get("player"))
        text = _("%(name)s recruited the %(card)s from your table", name=who, card=card)
        out.append(Notice(fact.seq, "recruited", text, fact.at))
    elif fact.type == "cooperation_proposed" and e.get("partner") == me:
        said = describe(fact, state, me)
        return [Notice(fact.seq, "asked", _("%(said)s: your answer", said=said), fact.at)]
    elif fact.type in ("cooperation_accepted", "cooperation_declined") and not mine_by:
        offer = fact.proposal or {}
        if me in (offer.get("player"), offer.get("partner")):
            out.append(Notice(fact.seq, "answered", describe(fact, state, me), fact.at))
    elif fact.type == RETRACTED and not mine_by:
        for s in fact.undone:
            undone = replay.fact(s)
            if undone is not None and (undone.player == me or undone.by == str(me)):
                said = describe(undone, state, me)
                who = recorder(fact, state)
                text = _("%(name)s undid: %(said)s", name=who, said=said)
                out.append(Notice(fact.seq, "undone", text, fact.at))
    elif fact.type == "correction" and e.get("player") == me and not mine_by:
        parts = []
        if fact.money.get(me):
            parts.append(_("your money by %(change)s Florin", change=f"{fact.money[me]:+d}"))
        if fact.fame.get(me):
            parts.append(_("your fame by %(change)s PP", change=f"{fact.fame[me]:+d}"))
        reason = str(e.get("reason") or "").strip()
        what = and_(parts) or _("your purse")
        who = recorder(fact, state)
        if isinstance(e.get("fixes"), int):
            text = _(
                "%(name)s corrected %(what)s for event %(seq)s", name=who, what=what, seq=e["fixes"]
            )
        else:
            text = _("%(name)s corrected %(what)s", name=who, what=what)
        out.append(Notice(fact.seq, "corrected", text + (f": {reason}" if reason else ""), fact.at))
    elif fact.by == "host" and fact.player == me and fact.type not in QUIET:
        said = describe(fact, state, me)
        text = _("The host recorded for you: %(said)s", said=said)
        out.append(Notice(fact.seq, "recorded", text, fact.at))
    for done in fact.rounds_ended:
        if me in done.get("scored", ()):
            out.append(
                Notice(
                    fact.seq,
                    "best_work",
                    _(
                        "Your Work was the best of round %(round)s: +%(pp)s PP",
                        round=done["round"],
                        pp=PRESTIGE_FOR_BEST_WORK,
                    ),
                    fact.at,
                )
            )
    if fact.final is not None:
        out.append(Notice(fact.seq, "over", final_words(state, fact.final), fact.at))
    turn = _turn(fact, state, me)
    if turn is not None and fact.final is None:
        out.append(turn)
    return out


def notices(replay, me: int, *, last: int = 4, shared: bool = False) -> list[Notice]:
    """The newest `last` notices for seat `me`, newest first. Undone events give none (their
    undoing does). `shared`: a fact's notices for a seat, once worded, kept with its
    sentences from one seq to the next (`fact_words`: while the catalog and names stay)."""
    out: list[Notice] = []
    key = ("notices", me, current()) if shared else None
    for fact in reversed(replay.facts[-SCAN:]):
        if fact.seq in replay.undone_by:
            continue
        if me not in fact.touched and fact.type != RETRACTED and fact.final is None:
            continue
        kept = fact_words(replay, fact) if key is not None else None
        if kept is None:
            about = _about_me(replay, fact, me)
        else:
            about = kept.get(key)
            if about is None:
                about = kept[key] = _about_me(replay, fact, me)
        out.extend(reversed(about))
        if len(out) >= last:
            break
    return out[:last]


def buzz_key(replay, me: int) -> str:
    """Non-empty while it is this seat's turn (or its bid): the seq of the event that made
    it so. The phone vibrates once per key."""
    state = replay.state
    if state.phase in ("setup", "over", "not_started") or is_solo(state):
        return ""
    for fact in reversed(replay.facts[-SCAN:]):
        if fact.seq in replay.undone_by or fact.type == RETRACTED:
            continue
        if fact.turn != me:
            return ""
        if fact.new_turn:
            return str(fact.seq)
    return ""
