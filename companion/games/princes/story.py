"""The story of a game: what each logged event did, as facts every screen reads.

The service folds each game's log once (`companion.service.table`); while it does, this module looks at
the state just before and just after each event and keeps what changed: who acted, whose purse
and fame moved and by how much (and from which source the fame came), which seats it touched,
the auction it settled, the round it ended, whose turn it became. Screens put these facts into
words (`companion.games.princes.words`) without replaying the log again or cloning a state per event.

Money deltas are private to their seat: whoever reads `Fact.money` must show a seat only its own.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime

from companion.core.frozen import built
from companion.core.game import ReplayBase
from companion.games.princes.rules import (
    BUILTIN,
    Fold,
    GameState,
    Refusal,
    character_area,
    cooperation_proposal,
    current_player,
    is_solo,
    is_two_player,
    solo_of,
    wolfgang_decisions,
)
from companion.games.princes.rules.catalog import (
    BUILDER_PRESTIGE,
    FLORIN_PER_CHARACTER_SPACE,
    PRESTIGE_FOR_BEST_WORK,
    PRESTIGE_FOR_BUILDING,
    PRESTIGE_FOR_REPEATED_LANDSCAPE,
)

RETRACTED = "retracted"
# Where fame comes from, in the order a score sheet lists them (the end screen's breakdown).
FAME_SOURCES = (
    "works",
    "best_work",
    "buildings",
    "landscapes",
    "builders",
    "characters",
    "fame_sold",
    "corrections",
    "other",
)


@dataclass(frozen=True)
class Fact:
    """One logged event and what it did. Seats are 0-based; `money` is private per seat."""

    seq: int
    type: str
    by: str
    at: datetime | None
    event: dict  # the event as the rules read it: payload, type, seq, by
    money: dict = field(default_factory=dict)  # seat -> Florin gained (negative: paid)
    fame: dict = field(default_factory=dict)  # seat -> PP gained (negative: lost)
    fame_sources: dict = field(default_factory=dict)  # seat -> {source: PP}
    touched: frozenset = frozenset()  # seats this event did something to, or named
    settled: tuple = ()  # auction results it produced: {player, object, price}
    bidders: tuple = ()  # for a settled auction: the seats that were in it
    bid: int | None = None  # an auction it opened: the opening bid
    work: dict | None = None  # a Work it completed: value, prestige
    rounds_ended: tuple = ()  # rounds it ended: {round, best_work, scored}
    round_began: int | None = None
    auctions_over: bool = False  # the Auction phase ended with it
    turn: int | None = None  # whose turn (or bid) it is after it, in the Auction/Action phase
    new_turn: bool = False  # ... and that changed with this event
    phase: str = ""  # the phase after it
    phase_before: str = ""
    asked: dict | None = None  # in the auctions, what that turn asks: bid, open, place, choose
    final: dict | None = None  # the end of the game it brought
    solo_told: tuple = ()  # what Wolfgang did in answer: the decision log's facts (`told`)
    undone: tuple = ()  # a retraction: the seqs it took back
    opening: dict | None = None  # game_started: start player, solo, grid, Freedom supply
    purchases: tuple = ()  # Characters bought when their buyer's turn came: player, price...
    won_price: int | None = None  # the price of the object just won (the Merchant pays it)
    proposal: dict | None = None  # a Cooperative Building answered: the offer it answered
    was: object = None  # what a teaching replaced: a card's (building, landscape, freedom), a size

    @property
    def player(self) -> int | None:
        p = self.event.get("player")
        return p if isinstance(p, int) and not isinstance(p, bool) else None


@dataclass(frozen=True)
class Glance:
    """What this module compares before and after an event: cheap, no state copied."""

    purses: tuple  # per seat: (money, fame, builders, buildings, works, landscapes, hand)
    results: int
    rounds: int
    phase: str
    round: int
    turn: int | None
    solo_log: int
    auction_in: tuple
    characters: dict | None  # the Muse and the Princess's card area, in a game with it
    proposal: dict | None  # a Cooperative Building proposal waiting for its answer
    catalog: object  # the game's catalog (replaced, never changed, when something is taught)


def glance(state: GameState) -> Glance:
    cur = state.auction.get("current") if state.auction else None
    return built(  # every field given: a Glance for each event noted (companion.core.frozen)
        Glance,
        purses=tuple(
            (
                p.money,
                p.fame,
                p.builders,
                len(p.buildings),
                len(p.works),
                tuple(p.landscapes.values()),
                len(p.hand),
            )
            for p in state.players
        ),
        results=len(state.auction.get("results", [])) if state.auction else 0,
        rounds=len(state.rounds),
        phase=state.phase,
        round=state.round,
        turn=current_player(state) if state.players else None,
        solo_log=len(solo_of(state).log) if state.players and is_solo(state) else 0,
        auction_in=tuple(cur["in"]) if cur else (),
        characters=character_area(state) if state.players else None,
        proposal=_copy_of(cooperation_proposal(state)) if state.players else None,
        catalog=state.catalog,
    )


def _was(kind: str, event: dict, catalog):
    """What the game knew before a teaching event: the card's wishes, or the Landscape's size."""
    if kind == "profession_taught":
        known = catalog.professions.get(event.get("profession"))
        return (known.building, known.landscape, known.freedom) if known is not None else None
    if kind == "landscape_taught":
        return catalog.landscape_cells.get(event.get("landscape")) or None
    return None


def _copy_of(offer):
    return dict(offer) if isinstance(offer, dict) else None


def _fame_sources(before: tuple, after: tuple, p, kind: str, best_work: int) -> dict:
    """Split one seat's fame change by source: each rule that gives fame is recognised by what
    else changed with it (a Builder more, a Building more, a Work with PP taken, a second
    Landscape of a kind, a Best Work); what is left is fame sold or paid, or a correction."""
    out = {}
    if after[2] > before[2]:
        out["builders"] = sum(BUILDER_PRESTIGE[n] for n in range(before[2], after[2]))
    if after[3] > before[3]:
        out["buildings"] = PRESTIGE_FOR_BUILDING * (after[3] - before[3])
    if after[4] > before[4]:
        out["works"] = sum(w.get("prestige", 0) or 0 for w in p.works[before[4] : after[4]])
    repeats = sum(
        (n1 - n0) if n0 else max(0, n1 - 1)
        for n0, n1 in zip(before[5], after[5], strict=True)
        if n1 > n0
    )
    if repeats:
        out["landscapes"] = PRESTIGE_FOR_REPEATED_LANDSCAPE * repeats
    if best_work:
        out["best_work"] = best_work
    rest = (after[1] - before[1]) - sum(out.values())
    if rest:
        source = (
            "corrections"
            if kind == "correction"
            else "characters"
            if kind.startswith("character_")
            else "buildings"  # a cooperative Building: 3 PP to both, shared by the two
            if kind == "cooperation_accepted"
            else "fame_sold"
            if rest < 0
            else "other"
        )
        out[source] = out.get(source, 0) + rest
    return {k: v for k, v in out.items() if v}


def fact_of(
    event: dict,
    at: datetime | None,
    before: Glance,
    state: GameState,
    bidders: tuple = (),
    after: Glance | None = None,
) -> Fact:
    """The fact of `event`, given a glance at the state before it and the state after it
    (and the glance at that, if already taken)."""
    after = glance(state) if after is None else after
    kind = str(event.get("type"))
    seq = event["seq"]
    rounds_ended = tuple(dict(r) for r in state.rounds[before.rounds :])
    money, fame, sources, touched = _purse_changes(kind, before, after, state, rounds_ended)
    for key in ("player", "from_player", "partner"):
        seat = event.get(key)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.n:
            touched.add(seat)
    settled = ()
    if after.round == before.round and after.results > before.results:
        settled = tuple(dict(r) for r in state.auction["results"][before.results :])
        touched.update(r["player"] for r in settled)
        touched.update(bidders)
    cur = state.auction.get("current")
    playing = after.phase not in ("setup", "over", "not_started")
    turn = after.turn if playing else None
    new_turn = turn is not None and (after.turn != before.turn or before.phase != after.phase)
    if new_turn:
        touched.add(turn)
    solo_told = ()
    if after.solo_log > before.solo_log:
        solo_told = tuple(  # worded by the words package (`words.automa.tell`)
            e["told"] for e in wolfgang_decisions(state, before.solo_log) if e["who"] == "wolfgang"
        )
    return built(  # every field given: a Fact for each event noted (companion.core.frozen)
        Fact,
        purchases=_purchases(before.characters, after.characters, event),
        won_price=((before.characters or {}).get("won_bid") or {}).get("price"),
        phase_before=before.phase,
        proposal=before.proposal if kind.startswith("cooperation_") else None,
        was=_was(kind, event, before.catalog),
        seq=seq,
        type=kind,
        by=str(event.get("by", "")),
        at=at,
        event=event,
        money=money,
        fame=fame,
        fame_sources=sources,
        touched=frozenset(touched),
        settled=settled,
        bidders=tuple(bidders) if settled else (),
        bid=cur["bid"] if kind == "auction_opened" and cur and not settled else None,
        work=_work(kind, event, state),
        rounds_ended=rounds_ended,
        round_began=after.round if after.round > before.round else None,  # not an undo's
        auctions_over=before.phase == "auction" and after.phase == "action",
        turn=turn,
        new_turn=new_turn,
        phase=after.phase,
        asked=_asked(state) if new_turn and after.phase == "auction" else None,
        final=dict(state.final) if state.final and before.phase != "over" else None,
        solo_told=solo_told,
        undone=tuple(sorted(event.get("seqs") or [])) if kind == RETRACTED else (),
        opening=_opening(state) if kind == "game_started" and state.players else None,
    )


def _purse_changes(kind: str, before: Glance, after: Glance, state, rounds_ended) -> tuple:
    """(money and fame deltas by seat, where each seat's fame came from, the seats whose purse
    changed) between the glances before and after an event."""
    money, fame, sources, touched = {}, {}, {}, set()
    best: dict[int, int] = {}
    for r in rounds_ended:
        for s in r.get("scored", []):
            best[s] = best.get(s, 0) + PRESTIGE_FOR_BEST_WORK
    for s, (b, a) in enumerate(zip(before.purses, after.purses, strict=False)):
        if a[0] != b[0]:
            money[s] = a[0] - b[0]
        if a[1] != b[1]:
            fame[s] = a[1] - b[1]
            if kind != RETRACTED:
                split = _fame_sources(b, a, state.players[s], kind, best.get(s, 0))
                if split:
                    sources[s] = split
        if a != b:
            touched.add(s)
    return money, fame, sources, touched


def _asked(state) -> dict:
    """What the auction asks of the seat whose turn it now is: place or choose a won object,
    bid on the one up, or open one."""
    pending, cur = state.auction["pending"], state.auction.get("current")
    if pending:
        kind = "place" if pending[0]["kind"] == "landscape" else "choose"
        return {"kind": kind, "object": pending[0]["object"]}
    if cur:
        return {"kind": "bid", "object": cur["object"], "bid": cur["bid"]}
    return {"kind": "open"}


def _work(kind: str, event: dict, state) -> dict | None:
    """A completed Work's value and the prestige it earned."""
    seat = event.get("player")
    if kind == "work_completed" and isinstance(seat, int) and 0 <= seat < state.n:
        if state.players[seat].works:
            w = state.players[seat].works[-1]
            return {"value": w.get("value"), "prestige": w.get("prestige", 0) or 0}
    return None


def _opening(state) -> dict:
    """What the start of a game set up: start player, solo difficulty, grid, 2-player
    Freedoms, edition."""
    return {
        "start_player": state.start_player,
        "solo": solo_of(state).difficulty if is_solo(state) else None,
        "grid": state.grid,
        "freedoms": dict(state.freedom_supply) if is_two_player(state) else None,
        "edition": state.edition,
    }


def _purchases(old: dict | None, new: dict | None, event: dict) -> tuple:
    """Characters bought by themselves when their buyer's turn came (with the Banker's money),
    the bidder's own among them: a Pawn put on a card when everyone else is done buys it at
    once, in the same event ("Cy bought the Cardinal" closes the auction too)."""
    if not old or not new or not old.get("auction"):
        return ()
    pawns = dict(old["auction"]["pawns"])
    if event.get("type") == "character_bid" and isinstance(event.get("space"), int):
        pawns[event.get("character")] = [event.get("player"), event["space"]]
    out = []
    for s, cards in enumerate(new["held"]):
        for c in cards:
            pawn = pawns.get(c["character"])
            if pawn is None or pawn[0] != s or c in old["held"][s]:
                continue
            banker = old["banker_money"] if c["character"] == "banker" else None
            price = pawn[1] * FLORIN_PER_CHARACTER_SPACE
            out.append({"player": s, "character": c["character"], "price": price, "banker": banker})
    return tuple(out)


class Story:
    """Every logged event of one game as a Fact, from the first; undone ones stay, marked.

    Kept by the service beside its fold: `add` folds an event and notes its fact, so the story
    and the state always stand at the same seq."""

    def __init__(self):
        self.facts: list[Fact] = []
        self.undone_by: dict[int, int] = {}  # seq -> the seq of the retraction that undid it
        self._auction_in: tuple = ()  # the seats in the auction in progress
        self._last: tuple | None = None  # (fold, its state, its seq, the glance after them)

    def _glance_before(self, fold) -> Glance:
        """The glance taken after the last event this story noted is the glance before the
        next, as long as the same fold and state stand at the same seq: only this story
        changes them (a refusal changes nothing), so an append glances once, not twice."""
        last = self._last
        if (
            last is not None
            and last[0] is fold
            and last[1] is fold.state
            and last[2] == fold.last_seq
        ):
            return last[3]
        return glance(fold.state)

    def add(
        self,
        fold,
        event: dict,
        at: datetime | None = None,
        *,
        refused_too: bool = False,
        trusted: bool = False,
    ) -> Fact:
        """Fold `event` into `fold` and note what it did; a Refusal changes neither, unless
        `refused_too` (an old log the rules no longer accept): then it is noted as doing
        nothing. `trusted`: read back from the store, its shape checked when it was stored
        (core.fold.Fold.add)."""
        event = dict(event)
        if not isinstance(event.get("seq"), int):
            event["seq"] = fold.last_seq + 1
        before = self._glance_before(fold)
        try:
            fold.add(event, trusted=trusted)
        except Refusal:
            if not refused_too:
                raise
        return self._noted(fold, event, at, before)

    def before(self, fold) -> Glance:
        """The glance at the state the next event meets (see `note`)."""
        return self._glance_before(fold)

    def note(self, fold, event: dict, at: datetime | None, before: Glance) -> Fact:
        """The fact of `event`, which `fold` has just taken, `before` glanced just ahead of
        it: what `add` notes, without folding (the service folded the move once already)."""
        return self._noted(fold, dict(event), at, before)

    def _noted(self, fold, event: dict, at: datetime | None, before: Glance) -> Fact:
        bidders = self._auction_in  # only a noted fact changes it
        after = glance(fold.state)
        fact = fact_of(event, at, before, fold.state, bidders, after)
        self._last = (fold, fold.state, fold.last_seq, after)
        cur = fold.state.auction.get("current")
        if not cur:
            self._auction_in = ()
        elif not self._auction_in:  # an auction opened: everyone in it now may win or lose it
            self._auction_in = tuple(cur["in"])
        if fact.type == RETRACTED:
            for s in fact.undone:
                self.undone_by[s] = fact.seq
        self.facts.append(fact)
        return fact


@dataclass(frozen=True)
class Replay(ReplayBase):
    """One game at one seq, as every screen reads it: the state, the seqs that still count,
    and the story. Shared by all screens at this seq: read it, never change it (clone the
    state first); what screens work out from it is `kept` with it."""

    seq: int
    state: GameState
    counting: tuple  # seqs of the events that still count, in order
    facts: tuple  # every Fact, undone ones included, in log order
    undone_by: dict  # seq -> the retraction that undid it

    def index(self, seq: int) -> int:
        """Where the facts older than `seq` end (facts[:index] are before it): a bisection,
        so paging through a long story costs a page, not the story."""
        return bisect_left(self.facts, seq, key=_seq_of)

    def fact(self, seq: int) -> Fact | None:
        i = seq - 1
        if 0 <= i < len(self.facts) and self.facts[i].seq == seq:
            return self.facts[i]
        i = self.index(seq) if isinstance(seq, int) else len(self.facts)
        return self.facts[i] if i < len(self.facts) and self.facts[i].seq == seq else None

    def counting_facts(self) -> list[Fact]:
        return [f for f in self.facts if f.type != RETRACTED and f.seq not in self.undone_by]

    def latest_counting(self) -> Fact | None:
        """The newest event that still counts."""
        return self.fact(self.counting[-1]) if self.counting else None


def _seq_of(fact: Fact) -> int:
    return fact.seq


def read(events, catalog=None) -> Replay:
    """Fold a whole log (engine events with `seq` and `by`, or stored events) with its story,
    an event the rules refuse noted as doing nothing: for tools and tests; the service keeps
    its own story as it records."""
    fold, story = Fold(catalog or BUILTIN), Story()
    for e in events:
        if isinstance(e, dict):
            at = e.get("at") if isinstance(e.get("at"), datetime) else None
            story.add(fold, e, at, refused_too=True)
        else:
            event = {**e.payload, "type": e.type, "seq": e.seq, "by": e.by}
            story.add(fold, event, e.at, refused_too=True)
    return replay_of(fold, story)


def replay_of(fold, story: Story | None, state=None) -> Replay:
    """The Replay of `fold` at its seq; `state` a private copy of its state if the caller made
    one (a game without a story gives no facts)."""
    return Replay(
        seq=fold.last_seq,
        state=state if state is not None else fold.state.clone(),
        counting=tuple(e["seq"] for e in fold.effective or ()),
        facts=tuple(story.facts) if story is not None else (),
        undone_by=dict(story.undone_by) if story is not None else {},
    )
