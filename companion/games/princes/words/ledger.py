"""A seat's money or fame event by event: the ledger a count at the table is checked against.

"Count your Florins": a player types what lies behind their screen (or where their marker
stands on the Fame track) and this module walks that seat's ledger, from the start of the game
to the moment of the count, to show where the table and the log may have parted (ruling 34).
Pure: the story's facts in, lines and a verdict out. A money ledger is private to its seat:
build it only for that seat's own screen. The Fame track is public.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.core.lang import N_, current

from .telling import text_of

TRACKS = ("money", "fame")
UNITS = {"money": N_("Florin"), "fame": N_("PP")}  # translated where shown
# What alone would explain a difference at one line (ruling 34), in the player's words.
CLUES = {
    "skipped": N_("the table did not do this"),
    "twice": N_("the table did this twice"),
    "amount": N_("the table paid a different amount here"),
}
# Events whose money amount was agreed at the table (besides an object won at auction and a
# Character bought): the ones a table may have paid differently from what was recorded.
AGREED_AMOUNTS = {"cooperation_accepted"}


@dataclass(frozen=True)
class Line:
    """One event that moved the track, where it sits in the ledger and the log's total after."""

    seq: int  # the event (a correction: its own seq)
    at: int  # where it sits: a correction naming the event it fixes sits right after it
    text: str
    delta: int
    total: int = 0  # the log's running total after this line
    fixes: int | None = None
    clue: str = ""  # a key of CLUES: how this line alone would explain the difference


@dataclass(frozen=True)
class Ledger:
    seat: int
    track: str
    start: int  # what the game began with
    lines: tuple[Line, ...]
    now: int  # the log's value now

    def total_at(self, seq: int) -> int:
        """The log's value just after event `seq`, corrections of earlier events included."""
        return self.start + sum(line.delta for line in self.lines if line.at <= seq)


@dataclass(frozen=True)
class Verdict:
    """A count compared with the log at the moment it was made."""

    count: int
    log: int  # the log's value at the count
    lines: tuple[Line, ...]  # the ledger up to the count, clues set
    earliest: int | None  # the first seq the mistake can lie at (the table never goes below 0)

    @property
    def difference(self) -> int:
        return self.count - self.log

    @property
    def agrees(self) -> bool:
        return self.count == self.log

    @property
    def first(self) -> Line | None:
        """The first line that alone explains the difference: where to look first."""
        return next((line for line in self.lines if line.clue), None)


def _delta(fact, seat: int, track: str) -> int:
    return int((fact.money if track == "money" else fact.fame).get(seat, 0))


def _fixes(fact) -> int | None:
    fixes = fact.event.get("fixes") if fact.type == "correction" else None
    return fixes if isinstance(fixes, int) and not isinstance(fixes, bool) else None


def ledger(replay, seat: int, track: str, viewer: int | None = None) -> Ledger:
    """The ledger below, worked out once per seq, seat, track, viewer and language and kept
    with the replay: every screen of a check asks for it on each refresh, and it walks the
    whole story."""
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}")
    return replay.kept(
        ("ledger", seat, track, viewer, current()), lambda: _ledger(replay, seat, track, viewer)
    )


def _ledger(replay, seat: int, track: str, viewer: int | None = None) -> Ledger:
    """Every event that still counts and moved `seat`'s money or fame, in words for `viewer`,
    with the running total. A correction naming the event it fixes sits right after that event.
    An undo that also changed what came after it (the game worked out again) keeps a line for
    what it changed, so the lines always add up to the log's value now."""
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}")
    state = replay.state
    player = state.players[seat]
    now = player.money if track == "money" else player.fame
    start = now - sum(_delta(f, seat, track) for f in replay.facts)
    lines = []
    for fact in replay.facts:
        delta = _delta(fact, seat, track)
        if fact.type == "retracted":
            undone = [replay.fact(s) for s in fact.undone]
            delta += sum(_delta(f, seat, track) for f in undone if f is not None)
        elif fact.seq in replay.undone_by:
            continue
        if not delta:
            continue
        fixes = _fixes(fact)
        at = fixes if fixes is not None and fixes < fact.seq else fact.seq
        lines.append(Line(fact.seq, at, text_of(replay, fact, viewer), delta, fixes=fixes))
    lines.sort(key=lambda line: (line.at, line.seq))
    total, out = start, []
    for line in lines:
        total += line.delta
        out.append(replace(line, total=total))
    return Ledger(seat, track, start, tuple(out), now)


def compare(book: Ledger, count: int, at_seq: int, replay=None) -> Verdict:
    """The count against the log at `at_seq` (ruling 34): each line that alone explains the
    difference gets its clue, from the earliest line the mistake can lie at. `replay` (the
    same one the ledger came from) tells which money lines carry an amount agreed at the table."""
    upto = tuple(line for line in book.lines if line.at <= at_seq)
    log = book.start + sum(line.delta for line in upto)
    d = count - log
    if not d:
        return Verdict(count, log, upto, None)
    # The table's count never went below 0: if the mistake came at or before a line, the
    # table's total after it was the log's plus the difference.
    last_impossible = -1
    if book.start + d < 0:
        last_impossible = 0
    for i, line in enumerate(upto):
        if line.total + d < 0:
            last_impossible = i + 1
    out = []
    for i, line in enumerate(upto):
        clue = ""
        if i >= last_impossible:
            clue = _clue(line, d, book, replay)
        out.append(replace(line, clue=clue))
    earliest = (
        None
        if last_impossible < 0
        else upto[last_impossible].at
        if last_impossible < len(upto)
        else at_seq + 1
    )
    return Verdict(count, log, tuple(out), earliest)


def _clue(line: Line, d: int, book: Ledger, replay) -> str:
    if line.delta == -d:
        return "skipped"
    if line.delta == d:
        return "twice"
    # a different amount: more than nothing (skipped) and less than twice as much (twice)
    if book.track == "money" and replay is not None and abs(d) < abs(line.delta):
        fact = replay.fact(line.seq)
        if fact is not None and _agreed(fact, book.seat):
            return "amount"
    return ""


def _agreed(fact, seat: int) -> bool:
    """The event moved money by an amount the table agreed on: an object won at auction, a
    Character bought, a cooperative Building's payment."""
    return (
        fact.type in AGREED_AMOUNTS
        or any(r.get("player") == seat for r in fact.settled)
        or any(p.get("player") == seat for p in fact.purchases)
    )
