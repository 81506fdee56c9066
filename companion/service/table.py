"""Recording what happens at the table: validate against the rules, then append to the log.

This is the one place that joins the pure engine to the event store. An event is checked on the
state it would follow and stored only if legal, at the seq that state was built from; a phone
that lost the race, or another process that appended first, simply makes us fold the new events
in and check again. The same event id twice is stored once.
"""

from __future__ import annotations

import logging
import threading
import uuid
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from companion.core.fold import NeedFullLog
from companion.core.game import Game
from companion.core.ids import new_event_id
from companion.core.lang import N_
from companion.core.refusal import Refusal, said
from companion.core.schema import ENVELOPE
from companion.core.versions import NewerShape, Versions
from events import EventStore, SeqConflict, StoredEvent, jsonl

from .games import Games
from .quiet import let_others_run

log = logging.getLogger(__name__)
SNAPSHOT_EVERY = 50
RACE_RETRIES = 20
# games whose fold this process keeps (least recently used go): a game's fold and story are
# ~0.3-0.5 MB; 1,000 open streams are ~143 tables, and a table evicted is folded again from its
# whole log (the story needs every event) on each of its screens' requests
CACHED_GAMES = 192
KNOWN_GAMES = 4096  # game ids whose game this process remembers (one name each)
EXPORT_CHUNK = 50  # events per chunk of a streamed export (~8 kB, ~0.3 ms of work)
EXPORT_PATIENCE = 0.1  # seconds a chunk waits for the requests pending before it goes anyway


@dataclass(frozen=True)
class Recorded:
    """What was stored (or found already stored); ask `Table.state` for the state after it."""

    event: StoredEvent
    duplicate: bool
    taught: tuple = ()  # events the service recorded first to keep the log self-contained


def engine_event(stored: StoredEvent, versions: Versions | None = None) -> dict:
    """The dict the rules read: type, payload fields in the shape of today (the game's
    `versions` read an older one; NewerShape for one newer than this release knows), and the
    envelope's seq and recorder. Without `versions`, the payload as stored: enough to say
    which game a log is (a field no change of shape may touch)."""
    payload = stored.payload
    if versions is not None and (stored.v != 1 or versions.latest):
        payload = versions.upcast(stored.type, stored.v, payload)
    return {**payload, "type": stored.type, "seq": stored.seq, "by": stored.by}


def upcast_log(games: Games, stored: list[StoredEvent]) -> list[dict]:
    """A stored log as the rules read it: the game its first event names, and every event
    in that game's shape of today (NewerShape for one of a newer release)."""
    if not stored:
        return []
    game = games.of_event(engine_event(stored[0]))  # which game: never a changed field
    return [engine_event(e, game.versions) for e in stored]


class Folded:
    """One game's single cached replay: the fold and, folded from the first event, its story
    (a fold resumed from a snapshot has none until it is folded in full). Stored events fold
    without their shape check (checked at the door when they were appended), unless `checked`:
    a game whose log holds a row the trusted fold could not take is folded with every check.

    An event recorded here is told to the story when a screen first reads it (`told`), not
    on the append's path, so a move's append pays for the rules alone. It is
    folded once: the story's `before` is taken as the fold meets it, and its fact is noted
    (`Story.note`) from the fold's state while that still stands right after it, at the
    first read or, at the latest, before the fold takes anything else."""

    __slots__ = ("game", "fold", "story", "full", "replay", "checked", "untold")

    def __init__(self, game: Game, fold, story, *, full: bool, checked: bool = False):
        self.game, self.fold, self.story, self.full = game, fold, story, full
        self.checked = checked
        self.replay = None  # the last replay handed out, reused at its seq
        # (event, at, the story's `before`) of the last event folded, not yet told
        self.untold: tuple | None = None

    @classmethod
    def start(cls, game: Game, *, checked: bool = False) -> Folded:
        """A fold from the first event, with the game's story beside it."""
        return cls(game, game.fold(), game.story(), full=True, checked=checked)

    @property
    def last_seq(self) -> int:
        return self.fold.last_seq

    @property
    def state(self):
        return self.fold.state

    def add(self, event: dict, at=None, *, trusted: bool = False, later: bool = False):
        """Fold one event (and note its fact); a Refusal changes nothing, except for a
        `trusted` one (read back from the store), which may be half applied: then the caller
        folds the game again with `checked`. `later`: the story is told of it when first
        read (`told`), not now."""
        story = self.story
        if story is None:
            self.fold.add(event, trusted=trusted)
            return
        self.told()  # the fold's state is about to move on from the one the last fact needs
        if not later:
            story.add(self.fold, event, at, trusted=trusted)
            return
        before = story.before(self.fold)
        self.fold.add(event, trusted=trusted)  # a refusal: nothing to tell
        self.untold = (event, at, before)

    def told(self):
        """The story, told up to the fold's seq: the last event's fact, noted from the
        fold's state, which no event has changed since."""
        untold, story = self.untold, self.story
        if untold is not None and story is not None:
            self.untold = None
            event, at, before = untold
            story.note(self.fold, event, at, before)
        return story


class Table:
    """Games recorded in one event store, with their folded states cached in this process."""

    def __init__(self, store: EventStore, games: Games, learned=None):
        """`games`: the games this installation records (built by the composition root,
        companion/app.py); `learned`: this installation's catalog of what tables taught,
        handed to the teaching hooks of the games that have them
        (companion.core.game.Teaching)."""
        self.store = store
        self.games = games
        self.learned = learned
        self._games: OrderedDict[str, Game] = OrderedDict()
        self.listeners: list = []  # callables (game_id, seq) told of each new event
        # callables (game_id) told of an event that ends a game or lands after its end (the
        # club's figures keep a summary of each finished game): once a game, not per request
        self.finished: list = []
        self._folds: OrderedDict[str, Folded] = OrderedDict()
        self._unreadable: dict[str, dict[int, str]] = {}  # game -> seq -> why it was left out
        self._logs: OrderedDict[str, list[StoredEvent]] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    # -- reading -----------------------------------------------------------------------------

    def _lock(self, game_id: str) -> threading.Lock:
        lock = self._locks.get(game_id)  # a game's lock, once made, is never replaced
        if lock is not None:
            return lock
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def _fold(
        self, game_id: str, *, full: bool = False, sync: bool = True, checked: bool = False
    ) -> Folded:
        """The cached fold brought up to the log's end; from a snapshot unless `full`.
        Without `sync` a cached fold is trusted as it is: an append at a stale seq fails
        with SeqConflict anyway, which saves the hot path a query. Stored events skip their
        shape check (they passed it when appended); a row the rules cannot take that way (a
        damaged or hand-edited database) makes the game fold again `checked`, every event
        checked as a hand-written log is, so it is left out with the same reason as ever."""
        cached = self._folds.get(game_id)
        checked = checked or (cached is not None and cached.checked)  # a damaged log stays so
        fold = None if full else cached
        if fold is not None and not sync:
            return fold
        if fold is None:
            fold = self._start(game_id, full=full, checked=checked)
        events = self.store.events(game_id, after_seq=fold.last_seq)
        trusted = not fold.checked
        versions = fold.game.versions
        for i, stored in enumerate(events):
            try:
                event = None if stored.unreadable else engine_event(stored, versions)
            except NewerShape as newer:  # never misread: the rest of the log waits for it
                self._leave_out_newer(game_id, fold, events[i:], newer)
                break
            try:
                if event is None:
                    raise Refusal(
                        "bad_event", N_("it cannot be read (%(why)s)"), why=stored.unreadable
                    )
                fold.add(event, stored.at, trusted=trusted)
            except NeedFullLog:
                return self._fold(game_id, full=True, checked=checked)
            except Exception as error:
                if trusted and not stored.unreadable:  # maybe half applied: fold it checked
                    return self._fold(game_id, full=True, checked=True)
                if not isinstance(error, Refusal):
                    raise
                refusal = error
                # marked, so each screen tells it in its reader's language (lang.words)
                why = said(refusal.template, **refusal.params)
                self._leave_out(game_id, fold, stored.seq, why)
        self._remember(game_id, fold)
        return fold

    def _start(self, game_id: str, *, full: bool, checked: bool) -> Folded:
        """A new fold of the game: from its latest snapshot unless `full`, else from the start."""
        game = self.game(game_id)
        snap = None if full else self.store.latest_snapshot(game_id)
        data = snap[1] if snap else None
        if (
            snap
            and isinstance(data, dict)
            and data.get("game") == game.id
            and data.get("format") == game.snapshot_format
        ):  # a snapshot is a cache: one of another format is ignored, never upgraded
            state = game.from_snapshot(data["state"])
            fold = Folded(game, game.fold(state), None, full=False, checked=checked)
            fold.fold.last_seq = snap[0]
        else:
            fold = Folded.start(game, checked=checked)
        with self._guard:
            self._unreadable.pop(game_id, None)
        return fold

    def _leave_out(self, game_id: str, folded: Folded, seq: int, why: str):
        """A stored event the rules cannot read or accept (a corrupt row, one stored before
        events had declared shapes, a log from another version): the game goes on without it
        and its screens say so, instead of failing on every page."""
        folded.fold.last_seq = seq
        with self._guard:
            self._unreadable.setdefault(game_id, {})[seq] = why

    def _leave_out_newer(self, game_id: str, folded: Folded, rest: list, newer: NewerShape):
        """An event a newer release wrote: it and every event after it are left out (each
        may rest on it), and the screens say why: this release cannot read it."""
        why = said(newer.template, **newer.params)
        for stored in rest:
            self._leave_out(game_id, folded, stored.seq, why)

    def unreadable(self, game_id: str) -> dict[int, str]:
        """The stored events this game's state leaves out, by seq, with the reason."""
        with self._lock(game_id):
            self._fold(game_id)
        with self._guard:
            return dict(self._unreadable.get(game_id) or {})

    def _remember(self, game_id: str, fold: Folded):
        with self._guard:
            self._folds[game_id] = fold
            self._folds.move_to_end(game_id)
            while len(self._folds) > CACHED_GAMES:
                self._folds.popitem(last=False)

    def _forget(self, game_id: str):
        with self._guard:
            self._folds.pop(game_id, None)

    def game(self, game_id: str) -> Game:
        """The game a stored game plays, as its first event says (kept per process: a game
        never changes game; a game with no event yet is the default)."""
        with self._guard:
            known = self._games.get(game_id)
        if known is not None:
            return known
        first = self.store.events(game_id, limit=1)
        game = self.games.of_event(engine_event(first[0]) if first else None)
        if first:
            with self._guard:
                self._games[game_id] = game
                while len(self._games) > KNOWN_GAMES:
                    self._games.popitem(last=False)
        return game

    def state(self, game_id: str):
        """A private copy: callers may look at it without racing the recorder (whatever the
        game's rules keep: the Princes' GameState, Firenze's plain dict)."""
        with self._lock(game_id):
            folded = self._fold(game_id)
            return folded.game.clone(folded.state)

    def replay(self, game_id: str, *, sync: bool = True):
        """What every screen reads: the state at the log's end, the seqs that still count and
        the story, from this game's one cached fold (the game's `replay_of`). One per seq,
        shared: read only. Without `sync` the cached fold is not topped up from the store (a
        caller that synced a moment ago, in the same request: events recorded in this process
        have moved the fold already)."""
        with self._lock(game_id):
            folded = self._fold(game_id, sync=sync)
            if not folded.full:  # resumed from a snapshot: the story needs every event
                folded = self._fold(game_id, full=True)
            if folded.replay is None or folded.replay.seq != folded.last_seq:
                game = folded.game
                try:
                    story = folded.told()
                except Exception:  # cannot happen (the fold took each event): tell it afresh
                    log.exception("the story of game %s could not be told", game_id)
                    self._forget(game_id)
                    folded = self._fold(game_id, full=True)
                    story = folded.story
                folded.replay = game.replay_of(folded.fold, story, game.clone(folded.state))
            return folded.replay

    def refusal_of(
        self, game_id: str, event: dict, *, by: str, sync: bool = True
    ) -> Refusal | None:
        """The rules' answer to `event` on the game as it stands, stored nowhere: its Refusal,
        or None when it would be recorded. What a screen offers comes from this answer.
        `sync`: as for `replay` (a screen that read the game in this request already)."""
        with self._lock(game_id):
            for _ in range(2):
                folded = self._fold(game_id, sync=sync)
                candidate = {**event, "seq": folded.last_seq + 1, "by": by}
                try:
                    if folded.fold.refolds_from(candidate) is None:
                        game = folded.game
                        game.fold(game.clone(folded.state)).add(candidate)
                    return None
                except NeedFullLog:  # an undo reaching behind the snapshot: fold in full
                    self._fold(game_id, full=True)
                except Refusal as refusal:
                    return refusal
        return None

    def seq(self, game_id: str) -> int:
        return self.store.last_seq(game_id)

    def latest_counting(self, game_id: str, *, sync: bool = True) -> dict | None:
        """The newest event that still counts, as the fold keeps it (type, seq, by, its
        payload), or None while only the start of the game counts: what an undo would take
        back, for any game. `sync`: as for `replay`."""
        with self._lock(game_id):
            folded = self._fold(game_id, sync=sync)
            if folded.fold.effective is None:  # resumed from a snapshot: undo needs them all
                folded = self._fold(game_id, full=True)
            counting = folded.fold.full_log()
            return dict(counting[-1]) if len(counting) > 1 else None

    def catch_up(self, game_id: str, seq: int) -> None:
        """Another process appended up to `seq` (this one heard it: PostgreSQL's NOTIFY, the
        streams' poll): fold those events into the cached fold now, in one read. A move
        about to be recorded is then judged on the log's end; on the stale fold it would fail
        at its seq (or be refused), the fold be forgotten and started again from a snapshot:
        five more round trips on the tap's path. Nothing cached: nothing to do."""
        with self._lock(game_id):
            cached = self._folds.get(game_id)
            if cached is not None and cached.last_seq < seq:
                self._fold(game_id)

    # -- writing -----------------------------------------------------------------------------

    def create_game(
        self,
        started: dict,
        *,
        meta: dict | None = None,
        by: str = "host",
        game_id: str | None = None,
    ):
        """Check the opening event on an empty table first: a refused start creates nothing."""
        probe = self.games.of_event({**started, "type": "game_started"}).fold()
        probe.add({**started, "type": "game_started"})
        game_id = game_id or uuid.uuid4().hex[:12]
        self.store.create_game(game_id, meta or {})
        self.record(game_id, {**started, "type": "game_started"}, by=by)
        return game_id, self.state(game_id)

    def record(
        self,
        game_id: str,
        event: dict,
        *,
        by: str,
        event_id: str | None = None,
        teach: tuple | list = (),
    ) -> Recorded:
        """Validate and append; raises Refusal with nothing stored if the rules say no.
        `teach`: `profession_taught` / `landscape_taught` events the move needs first (a card
        taught on use); they are stored only together with the move, and only then kept in
        this installation's catalog, so a refused move changes nothing anywhere."""
        event_id = event_id or new_event_id()
        with self._lock(game_id):
            for _ in range(RACE_RETRIES):
                recorded = self._try_record(game_id, event, by, event_id, list(teach))
                if recorded is not None:
                    return recorded
        raise RuntimeError(f"could not record on game {game_id}: the log kept moving")

    def _try_record(
        self, game_id: str, event: dict, by: str, event_id: str, teach: list
    ) -> Recorded | None:
        """One try at recording `event`: what was stored, or None when the log moved under it
        (another process appended first): then the caller folds again and tries again."""
        kind = event.get("type")
        fold = self._fold_for(game_id, event)
        payload = {k: v for k, v in event.items() if k not in ENVELOPE}
        game, state = fold.game, fold.state  # the state the event is judged on
        teaching = game.teaching
        if teaching is not None:
            payload = teaching.prepare(self.learned, state, kind, payload)
        before = teaching.before(state) if teaching is not None else None
        was_over = game.is_over(state)
        try:
            taught = (
                self._teach_first(game_id, fold, {**payload, "type": kind}, by, teach)
                if teaching is not None
                else ()
            )
            result = self._append(game_id, fold, kind, payload, by, event_id)
        except Refusal:
            # A retry of an event that already landed is no longer legal on the state after
            # it, so ask the log before calling it a refusal.
            known = self.store.find(game_id, event_id)
            if known is not None:
                return Recorded(known, True)
            if self.store.last_seq(game_id) != fold.last_seq:
                self._forget(game_id)  # judged on a stale state: another process moved
                return None
            raise
        except SeqConflict:
            self._forget(game_id)  # another process got there first: fold it in
            return None
        except NeedFullLog:
            self._fold(game_id, full=True)
            return None
        if not result.duplicate:
            if teaching is not None:
                teaching.keep(self.learned, before, [*taught, result.event], by)
            self._tell(game_id, result.event.seq, ended=was_over or game.is_over(fold.state))
        return Recorded(result.event, result.duplicate, taught)

    def _tell(self, game_id: str, seq: int, *, ended: bool) -> None:
        """Tell the listeners of a new event, and the `finished` hooks of one that ends a game
        or lands after its end (the club's figures keep a summary of each finished game)."""
        for listener in self.listeners:
            listener(game_id, seq)
        if not ended:
            return
        for hook in self.finished:
            try:
                hook(game_id)
            except Exception:  # the event is stored: a summary never undoes it
                log.exception("could not note the end of game %s", game_id)

    def _fold_for(self, game_id: str, event: dict) -> Folded:
        """The fold `event` is judged on; the log's first event says which rules fold it."""
        fold = self._folds.get(game_id)  # what `_fold(sync=False)` gives, asked first
        if fold is None:
            fold = self._fold(game_id, sync=False)
        if fold.last_seq == 0 and event.get("type") == "game_started":
            fold = Folded.start(self.games.of_event(event))
            self._remember(game_id, fold)
        return fold

    def _store(self, game_id, fold: Folded, kind, payload, by, event_id, before, at=None):
        """Append after seq `before`, in the current version of the event's shape."""
        return self.store.append(
            game_id,
            id=event_id,
            type=kind,
            payload=payload,
            by=by,
            expected_seq=before,
            at=at,
            v=fold.game.versions.of(kind),
        )

    def _append(self, game_id, fold: Folded, kind, payload, by, event_id):
        seq = fold.last_seq + 1
        candidate = {**payload, "type": kind, "seq": seq, "by": by}
        before = fold.last_seq
        # an undo, or a game's event that rewrites its log (the Princes' misread correction):
        # checked on the fold (raises Refusal / NeedFullLog, no change), then stored; the
        # snapshots from the first event it touches are stale
        first = fold.fold.refolds_from(candidate)
        if first is not None:
            result = self._store(game_id, fold, kind, payload, by, event_id, before)
            if not result.duplicate:
                self.store.drop_snapshots(game_id, first)
            if result.duplicate or fold.story is None:
                self._forget(game_id)
                return result
            try:
                fold.add(candidate, result.event.at)  # rebuilds what stays, in memory
            except BaseException:
                self._forget(game_id)
                raise
            return result
        # the time is taken here and given to the store, so the story notes it at once
        at = datetime.now(UTC)
        fold.add(candidate, at, later=True)  # raises Refusal and changes nothing if illegal
        try:
            result = self._store(game_id, fold, kind, payload, by, event_id, before, at)
        except BaseException:
            self._forget(game_id)  # the fold moved on but the log did not
            raise
        if result.duplicate:
            self._forget(game_id)
            return result
        if result.event.seq % SNAPSHOT_EVERY == 0:
            game = fold.game
            snapshot = {
                "game": game.id,
                "format": game.snapshot_format,
                "state": game.to_snapshot(fold.state),
            }
            self.store.save_snapshot(game_id, result.event.seq, snapshot)
        return result

    def _teach_first(self, game_id, fold: Folded, event: dict, by: str, teach: list) -> tuple:
        """What the move needs taught (given with it, or known to this installation but not to
        the game's log, as the game's teaching says): record it first, so an exported log
        replays on any machine; only if the event itself will then be accepted."""
        game = fold.game
        assert game.teaching is not None
        teachings = game.teaching.lessons(self.learned, fold.state, event, teach)
        if not teachings:
            return ()
        trial = game.fold(game.clone(fold.state))
        for teach in teachings + [event]:
            trial.add(teach)  # a Refusal here stores nothing at all
        return tuple(
            self._append(
                game_id,
                fold,
                t["type"],
                {k: v for k, v in t.items() if k != "type"},
                by,
                new_event_id(),
            ).event
            for t in teachings
        )

    # -- whole logs --------------------------------------------------------------------------

    def export_jsonl(self, game_id: str) -> str:
        """The whole log at once (tools and tests; a web response streams `export_lines`)."""
        return self.store.export_jsonl(game_id)

    def export_lines(self, game_id: str) -> Iterator[str]:
        """The log as JSON Lines, a chunk of EXPORT_CHUNK events at a time, letting other
        clients run between chunks: a long log costs the server many short turns, never one
        long one (the response streams it). The log is read when the export starts."""
        return _in_chunks(self._log(game_id))

    def events(self, game_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """The log from `after_seq` on. Kept per game in this process and topped up with what
        any process appended since: the log is append-only and gapless, so the copy is never
        wrong, only short (every live screen asks for the whole log on each event). Found by
        bisection: asking for the newest events costs those events, not the log."""
        log = self._log(game_id)
        return log[bisect_right(log, after_seq, key=_seq_of) :]

    def events_at(self, game_id: str, seqs) -> list[StoredEvent]:
        """The stored events of these seqs (those that exist), each found by bisection: a
        request naming a few events costs a few, however long the log."""
        log = self._log(game_id)
        out = []
        for seq in dict.fromkeys(seqs):
            i = bisect_left(log, seq, key=_seq_of)
            if i < len(log) and log[i].seq == seq:
                out.append(log[i])
        return out

    def _log(self, game_id: str) -> list[StoredEvent]:
        """This process's copy of the whole log, topped up (read only: a new list replaces
        it when it grows, so a reader keeps the one it was given)."""
        with self._guard:
            cached = self._logs.get(game_id)
        known = cached[-1].seq if cached else 0
        new = self.store.events(game_id, after_seq=known)
        if new or cached is None:
            cached = (cached or []) + new  # a new list: readers keep the one they were given
            with self._guard:
                self._logs[game_id] = cached
                self._logs.move_to_end(game_id)
                while len(self._logs) > CACHED_GAMES:
                    self._logs.popitem(last=False)
        return cached


def _in_chunks(log: list[StoredEvent]) -> Iterator[str]:
    for start in range(0, len(log), EXPORT_CHUNK):
        yield "".join(jsonl.dumps_line(e) + "\n" for e in log[start : start + EXPORT_CHUNK])
        let_others_run(EXPORT_PATIENCE)


def _seq_of(event: StoredEvent) -> int:
    return event.seq


__all__ = ["Table", "Recorded", "Refusal", "engine_event"]
