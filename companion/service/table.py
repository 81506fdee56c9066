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
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime

from companion.core.lang import N_
from companion.games.princes.learned import BY_GAME_HOST, BY_GAME_SEAT, LearnedCatalog
from companion.games.princes.rules import (
    BUILTIN,
    MISREAD_CORRECTED,
    Fold,
    GameState,
    NeedFullLog,
    Refusal,
    said,
)
from companion.games.princes.rules.catalog import PROFESSION_TAUGHT_KEYS, CatalogError
from companion.games.princes.story import Replay, Story, replay_of
from events import EventStore, SeqConflict, StoredEvent

from .games import PRINCES, game_of_event, game_of_snapshot, game_of_state

log = logging.getLogger(__name__)
SNAPSHOT_EVERY = 50
RACE_RETRIES = 20
ENVELOPE = ("seq", "id", "type", "by", "at")
CACHED_GAMES = 64
PROFESSION_FIELDS = {
    "starting_hand_chosen": "professions",
    "profession_taken": "profession",
    "work_completed": "profession",
    "automa_profession_revealed": "profession",
}


@dataclass(frozen=True)
class Recorded:
    """What was stored (or found already stored); ask `Table.state` for the state after it."""

    event: StoredEvent
    duplicate: bool
    taught: tuple = ()  # events the service recorded first to keep the log self-contained


def engine_event(stored: StoredEvent) -> dict:
    """The dict the rules read: type, payload fields, and the envelope's seq and recorder."""
    return {**stored.payload, "type": stored.type, "seq": stored.seq, "by": stored.by}


class Folded:
    """One game's single cached replay: the fold and, for a Princes game folded from its first
    event, its story (a fold resumed from a snapshot has none until it is folded in full)."""

    __slots__ = ("fold", "story", "full", "replay")

    def __init__(self, fold, story: Story | None, *, full: bool):
        self.fold, self.story, self.full = fold, story, full
        self.replay: Replay | None = None  # the last Replay handed out, reused at its seq

    @classmethod
    def start(cls, game, fold) -> Folded:
        """A fold from the first event: Princes games keep their story beside it."""
        return cls(fold, Story() if game is PRINCES else None, full=True)

    @property
    def last_seq(self) -> int:
        return self.fold.last_seq

    @property
    def state(self):
        return self.fold.state

    def add(self, event: dict, at=None):
        """Fold one event (and note its fact); a Refusal changes nothing."""
        if self.story is None:
            self.fold.add(event)
        else:
            self.story.add(self.fold, event, at)


class Table:
    """Games recorded in one event store, with their folded states cached in this process."""

    def __init__(self, store: EventStore, learned: LearnedCatalog | None = None):
        self.store = store
        self.learned = learned
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
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def _fold(self, game_id: str, *, full: bool = False, sync: bool = True) -> Folded:
        """The cached fold brought up to the log's end; from a snapshot unless `full`.
        Without `sync` a cached fold is trusted as it is: an append at a stale seq fails
        with SeqConflict anyway, which saves the hot path a query."""
        fold = None if full else self._folds.get(game_id)
        if fold is not None and not sync:
            return fold
        events = None
        if fold is None:
            snap = None if full else self.store.latest_snapshot(game_id)
            if snap:
                seq, data = snap
                game = game_of_snapshot(data)
                fold = Folded(
                    game.fold(BUILTIN, game.from_snapshot(data, BUILTIN)), None, full=False
                )
                fold.fold.last_seq = seq
            else:
                events = self.store.events(game_id)
                first = engine_event(events[0]) if events else None
                game = game_of_event(first)
                fold = Folded.start(game, game.fold(BUILTIN))
            with self._guard:
                self._unreadable.pop(game_id, None)
        if events is None:
            events = self.store.events(game_id, after_seq=fold.last_seq)
        for stored in events:
            try:
                if stored.unreadable:
                    raise Refusal(
                        "bad_event", N_("it cannot be read (%(why)s)"), why=stored.unreadable
                    )
                fold.add(engine_event(stored), stored.at)
            except NeedFullLog:
                return self._fold(game_id, full=True)
            except Refusal as refusal:
                # marked, so each screen tells it in its reader's language (lang.words)
                why = said(refusal.template, **refusal.params)
                self._leave_out(game_id, fold, stored.seq, why)
        self._remember(game_id, fold)
        return fold

    def _leave_out(self, game_id: str, folded: Folded, seq: int, why: str):
        """A stored event the rules cannot read or accept (a corrupt row, one stored before
        events had declared shapes, a log from another version): the game goes on without it
        and its screens say so, instead of failing on every page."""
        folded.fold.last_seq = seq
        with self._guard:
            self._unreadable.setdefault(game_id, {})[seq] = why

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

    def state(self, game_id: str) -> GameState | dict:
        """A private copy: callers may look at it without racing the recorder (a Princes'
        GameState, or the plain dict another game's rules keep)."""
        with self._lock(game_id):
            state = self._fold(game_id).state
            return game_of_state(state).clone(state)

    def replay(self, game_id: str) -> Replay:
        """What every screen reads: the state at the log's end, the seqs that still count and
        the story, from this game's one cached fold. One Replay per seq, shared: read only.
        (A game other than the Princes has no story: its facts are empty.)"""
        with self._lock(game_id):
            folded = self._fold(game_id)
            if not folded.full:  # resumed from a snapshot: the story needs every event
                folded = self._fold(game_id, full=True)
            if folded.replay is None or folded.replay.seq != folded.last_seq:
                state = folded.state
                folded.replay = replay_of(
                    folded.fold, folded.story, game_of_state(state).clone(state)
                )
            return folded.replay

    def seq(self, game_id: str) -> int:
        return self.store.last_seq(game_id)

    # -- writing -----------------------------------------------------------------------------

    def create_game(
        self,
        started: dict,
        *,
        meta: dict | None = None,
        by: str = "host",
        game_id: str | None = None,
    ) -> tuple[str, GameState | dict]:
        """Check the opening event on an empty table first: a refused start creates nothing."""
        probe = game_of_event({**started, "type": "game_started"}).fold(BUILTIN)
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
        event_id = event_id or uuid.uuid4().hex
        kind = event.get("type")
        with self._lock(game_id):
            for _ in range(RACE_RETRIES):
                fold = self._fold(game_id, sync=False)
                if fold.last_seq == 0 and kind == "game_started":  # the log's first event
                    game = game_of_event(event)  # says which rules fold it
                    fold = Folded.start(game, game.fold(BUILTIN))
                    self._remember(game_id, fold)
                payload = {k: v for k, v in event.items() if k not in ENVELOPE}
                learns = game_of_state(fold.state).learns_cards
                if learns:
                    payload = self._with_automa_panels(fold.state, payload, kind)
                before = getattr(fold.state, "catalog", None)
                over = game_of_state(fold.state).stats.is_over
                was_over = over(fold.state)
                try:
                    taught = (
                        self._teach_first(game_id, fold, {**payload, "type": kind}, by, list(teach))
                        if learns
                        else ()
                    )
                    result = self._append(game_id, fold, kind, payload, by, event_id)
                except Refusal:
                    # A retry of an event that already landed is no longer legal on the state
                    # after it, so ask the log before calling it a refusal.
                    known = self.store.find(game_id, event_id)
                    if known is not None:
                        return Recorded(known, True)
                    if self.store.last_seq(game_id) != fold.last_seq:
                        self._forget(game_id)  # judged on a stale state: another process moved
                        continue
                    raise
                except SeqConflict:
                    self._forget(game_id)  # another process got there first: fold it in
                    continue
                except NeedFullLog:
                    fold = self._fold(game_id, full=True)
                    continue
                if not result.duplicate:
                    if learns:
                        self._keep_learned(before, [*taught, result.event], by)
                    for listener in self.listeners:
                        listener(game_id, result.event.seq)
                    if was_over or over(fold.state):
                        for hook in self.finished:
                            try:
                                hook(game_id)
                            except Exception:  # the event is stored: a summary never undoes it
                                log.exception("could not note the end of game %s", game_id)
                return Recorded(result.event, result.duplicate, taught)
        raise RuntimeError(f"could not record on game {game_id}: the log kept moving")

    def _append(self, game_id, fold: Folded, kind, payload, by, event_id):
        seq = fold.last_seq + 1
        candidate = {**payload, "type": kind, "seq": seq, "by": by}
        before = fold.last_seq
        if kind == "retracted" or (
            kind == MISREAD_CORRECTED and hasattr(fold.fold, "check_correction")
        ):
            # both refold the log: checked on the fold (raises Refusal / NeedFullLog, no
            # change), then stored; snapshots from the first event they touch are stale
            if kind == "retracted":
                fold.fold.check_retraction(candidate)
                first = min(payload["seqs"])
            else:
                fold.fold.check_correction(candidate)
                first = payload["fixes"]
            result = self.store.append(
                game_id, id=event_id, type=kind, payload=payload, by=by, expected_seq=before
            )
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
        fold.add(candidate, at)  # raises Refusal and changes nothing if illegal
        try:
            result = self.store.append(
                game_id, id=event_id, type=kind, payload=payload, by=by, expected_seq=before, at=at
            )
        except BaseException:
            self._forget(game_id)  # the fold moved on but the log did not
            raise
        if result.duplicate:
            self._forget(game_id)
            return result
        if result.event.seq % SNAPSHOT_EVERY == 0:
            state = fold.state
            self.store.save_snapshot(game_id, result.event.seq, game_of_state(state).to_dict(state))
        return result

    def _teach_first(self, game_id, fold: Folded, event: dict, by: str, teach: list) -> tuple:
        """What the move needs taught (given, or learned by this installation but not by the
        game's log): record it first, so an exported log replays on any machine; only if the
        event itself will then be accepted."""
        given = {_taught_key(t) for t in teach}
        teachings = [dict(t) for t in teach] + [
            t for t in self._teachings(fold.state, event) if _taught_key(t) not in given
        ]
        if not teachings:
            return ()
        trial = Fold(BUILTIN, fold.state.clone(), effective=None)
        for teach in teachings + [event]:
            trial.add(teach)  # a Refusal here stores nothing at all
        return tuple(
            self._append(
                game_id,
                fold,
                t["type"],
                {k: v for k, v in t.items() if k != "type"},
                by,
                uuid.uuid4().hex,
            ).event
            for t in teachings
        )

    def _keep_learned(self, before, stored: list, by: str):
        """This installation remembers what a recorded event taught the game: a seat's teaching
        only where nothing is known yet, the host's also where it changes a known entry (the
        host's act); never fails the record it follows."""
        if self.learned is None:
            return
        data: dict = {}
        for e in stored:
            p = e.payload
            if e.type == "profession_taught" and isinstance(p.get("profession"), str):
                entry = {k: p.get(k) for k in PROFESSION_TAUGHT_KEYS}
                entry.update(source=p.get("source") or "taught at the table", verified=True)
                data.setdefault("professions", {})[p["profession"]] = entry
            elif e.type == "automa_card_drawn" and isinstance(p.get("panels"), dict):
                data.setdefault("automa_cards", {})[str(p.get("card"))] = p["panels"]
            elif e.type == "landscape_taught" and isinstance(p.get("cells"), int):
                data.setdefault("landscape_cells", {})[p.get("landscape")] = p["cells"]
            elif (
                e.type == "landscape_placed"
                and isinstance(p.get("cells"), list)
                and not before.landscape_cells.get(p.get("landscape"), 1)
            ):  # the grid's first tile of a kind shows its size
                data.setdefault("landscape_cells", {})[p["landscape"]] = len(p["cells"])
        if not data:
            return
        try:
            if by == "host":
                self.learned.teach(data, BY_GAME_HOST)
            else:
                self.learned.learn_new(data, BY_GAME_SEAT)
        except (CatalogError, OSError):
            log.warning("could not keep what a game taught in the installation's catalog")

    def _with_automa_panels(self, state: GameState, payload: dict, kind) -> dict:
        """An Automa card this installation knows but the game does not travels with its
        panels, as if the table had transcribed it, so the log stays self-contained."""
        number = payload.get("card")
        if (
            kind != "automa_card_drawn"
            or self.learned is None
            or "panels" in payload
            or not isinstance(number, (int, str))
            or isinstance(number, bool)
            or not str(number).isdigit()
            or str(int(number)) in state.catalog.automa_cards
        ):
            return payload
        known = self.learned.catalog().automa_cards.get(str(int(number)))
        return {**payload, "panels": known} if known else payload

    def _teachings(self, state: GameState, event: dict) -> list[dict]:
        if self.learned is None:
            return []
        kind = event.get("landscape")
        if (
            event.get("type") == "landscape_placed"
            and isinstance(kind, str)
            and state.catalog.landscape_cells.get(kind) == 0
        ):
            size = self.learned.catalog().landscape_cells.get(kind)
            return [{"type": "landscape_taught", "landscape": kind, "cells": size}] if size else []
        field = PROFESSION_FIELDS.get(event.get("type"))
        wanted = event.get(field) if field else None
        pids = wanted if isinstance(wanted, list) else [wanted]
        missing = [p for p in pids if isinstance(p, str) and p not in state.catalog.professions]
        if not missing:
            return []
        installed = self.learned.catalog().professions
        return [
            {
                "type": "profession_taught",
                "profession": pid,
                "name": installed[pid].name,
                "building": installed[pid].building,
                "landscape": installed[pid].landscape,
                "freedom": installed[pid].freedom,
                "source": installed[pid].source,
            }
            for pid in dict.fromkeys(missing)
            if pid in installed
        ]

    # -- whole logs --------------------------------------------------------------------------

    def export_jsonl(self, game_id: str) -> str:
        return self.store.export_jsonl(game_id)

    def events(self, game_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """The log from `after_seq` on. Kept per game in this process and topped up with what
        any process appended since: the log is append-only and gapless, so the copy is never
        wrong, only short (every live screen asks for the whole log on each event)."""
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
        return [e for e in cached if e.seq > after_seq]


def _taught_key(event: dict) -> tuple:
    return (event.get("type"), event.get("profession") or event.get("landscape"))


__all__ = ["Table", "Recorded", "Refusal", "Replay", "engine_event"]
