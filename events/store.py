"""The append-only log behind every game. Correctness under concurrent phones comes from the
database's unique constraints, not from locks in Python, so it holds across threads, processes
and backends alike."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from operator import itemgetter
from typing import Any, NoReturn

from sqlalchemy import (
    Engine,
    Integer,
    String,
    Text,
    bindparam,
    cast,
    delete,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import NullPool

from . import jsonl, migrate
from .boundedjson import JsonRefused, loads
from .engines import default_url, make_engine, normalise_url
from .errors import EventIdClash, GameExists, InvalidEvent, SeqConflict, UnknownGame
from .models import TABLES, UTCDateTime
from .notify import Notes
from .records import (
    MAX_GAME_ID_LEN,
    MAX_PAYLOAD_DEPTH,
    AppendResult,
    GameRecord,
    StoredEvent,
    check_event,
    check_text,
    check_version,
    is_key,
    utc,
)

games_t, events_t, snapshots_t = TABLES

_EVENT_COLUMNS = ("seq", "id", "type", "payload", "by", "at", "v")

log = logging.getLogger(__name__)


def _append_statement():
    """INSERT ... SELECT ... WHERE last seq = expected: the precondition and the write are one
    statement, so a stale writer can neither overwrite nor leave a gap (the primary key alone
    would allow seq 7 after 5)."""
    last = select(func.max(events_t.c.seq)).where(
        events_t.c.game_id == bindparam("game_id", type_=String)
    )
    values = select(
        bindparam("game_id", type_=String),
        bindparam("seq", type_=Integer),
        bindparam("id", type_=String),
        bindparam("type", type_=String),
        bindparam("payload", type_=events_t.c.payload.type),
        bindparam("by", type_=String),
        bindparam("at", type_=UTCDateTime()),
        bindparam("v", type_=Integer),
    ).where(
        func.coalesce(last.scalar_subquery(), literal_column("0"))
        == bindparam("expected_seq", type_=Integer)
    )
    return insert(events_t).from_select(("game_id",) + _EVENT_COLUMNS, values)


def _plain_append_statement():
    """A plain INSERT at a seq whose predecessor is known to be stored: the primary key
    (game_id, seq) refuses a taken seq, and rows are never deleted, so no gap can open either.
    Without the guard's sub-select, a fifth cheaper than `_append_statement`."""
    return insert(events_t).values(
        game_id=bindparam("game_id", type_=String),
        seq=bindparam("seq", type_=Integer),
        id=bindparam("id", type_=String),
        type=bindparam("type", type_=String),
        payload=bindparam("payload", type_=events_t.c.payload.type),
        by=bindparam("by", type_=String),
        at=bindparam("at", type_=UTCDateTime()),
        v=bindparam("v", type_=Integer),
    )


def _snapshot_statement(dialect_name: str):
    """Save a snapshot, replacing one at the same seq (a cache: overwriting is fine) in one
    statement, so it runs on the appends' driver connection like them."""
    from sqlalchemy.dialects import postgresql, sqlite

    dialect_insert = postgresql.insert if dialect_name == "postgresql" else sqlite.insert
    statement = dialect_insert(snapshots_t).values(
        game_id=bindparam("game_id", type_=String),
        seq=bindparam("seq", type_=Integer),
        state=bindparam("state", type_=snapshots_t.c.state.type),
        saved_at=bindparam("saved_at", type_=UTCDateTime()),
    )
    return statement.on_conflict_do_update(
        index_elements=[snapshots_t.c.game_id, snapshots_t.c.seq],
        set_={"state": statement.excluded.state, "saved_at": statement.excluded.saved_at},
    )


KNOWN_SEQS = 4096  # games whose stored last seq this process remembers (an int each)


class _Compiled:
    """One Core statement compiled for the driver: its SQL, the value conversions SQLAlchemy
    would apply, and the order of its placeholders."""

    __slots__ = ("sql", "processors", "positional", "results", "fixed")

    def __init__(self, dialect, statement, given: frozenset[str]):
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        processors = {}
        for name, bind in compiled.binds.items():
            processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if processor is not None and name not in given:
                processors[name] = processor
        self.processors = processors
        # values the statement holds itself (SQLite's OFFSET 0 after a LIMIT)
        self.fixed = {name: value for name, value in compiled.params.items() if value is not None}
        # a SELECT's columns SQLAlchemy converts as it hands them back: (position, processor)
        columns = statement.selected_columns if getattr(statement, "is_select", False) else ()
        self.results = [
            (i, processor)
            for i, column in enumerate(columns)
            if (processor := column.type.dialect_impl(dialect).result_processor(dialect, None))
        ]
        # the values in the order of the SQL's placeholders (itemgetter of several names gives
        # a tuple; of one name, the value alone, which a 1-tuple wraps)
        names = tuple(compiled.positiontup or ())
        self.positional = (
            None
            if not compiled.positional
            else itemgetter(*names)
            if len(names) > 1
            else lambda values: (values[names[0]],)
        )

    def params(self, values: dict[str, Any]):
        """`values` converted as SQLAlchemy would, in the form the driver takes them."""
        if self.fixed:
            values = {**self.fixed, **values}
        try:
            for key, processor in self.processors.items():
                values[key] = processor(values[key])
        except (TypeError, ValueError) as exc:
            raise InvalidEvent(f"cannot store {key}: {exc}") from None
        positional = self.positional
        return values if positional is None else positional(values)


class _DriverStatement:
    """Core statements compiled once and run straight on the DBAPI connection.

    SQLAlchemy's per-execute bookkeeping costs more than SQLite's own insert + commit, and
    append is the one call on every move; the SQL and the value conversions still come from
    SQLAlchemy, so both stay in step with the table definition. The statements (by name)
    share one connection per thread."""

    def __init__(self, engine: Engine, statements: dict, given: frozenset[str] = frozenset()):
        """`given`: binds the caller hands over as the driver takes them (no conversion)."""
        dialect = engine.dialect
        self.engine = engine
        self.statements = {
            name: _Compiled(dialect, statement, given) for name, statement in statements.items()
        }
        self.integrity_error = dialect.loaded_dbapi.IntegrityError
        self.driver_error = dialect.loaded_dbapi.Error
        self.keep = isinstance(engine.pool, NullPool)
        # a kept SQLite connection runs its own BEGIN and COMMIT, from the driver's statement
        # cache: the driver's implicit ones parse their SQL again on every transaction
        self.explicit = self.keep and dialect.name == "sqlite"
        self.local = _thread_local()

    def execute(
        self, name: str, values: dict[str, Any], then: tuple[str, tuple] | None = None
    ) -> int:
        """Run statement `name` in its own transaction; returns the row count, or -1 on a
        constraint violation. `then` (sql, params) runs in the same transaction when a row
        was written."""
        statement = self.statements[name]
        params = statement.params(values)
        explicit = self.explicit
        pooled = None
        try:
            # the pool's wrapper, the driver's own connection, and a cursor of it (a kept
            # connection keeps its cursor too: one object less to make and close per append)
            pooled, raw, cursor = self._connection()
            try:
                if explicit:
                    cursor.execute("BEGIN")
                cursor.execute(statement.sql, params)
                count = cursor.rowcount
                if then is not None and count == 1:
                    cursor.execute(*then)
            finally:
                if not self.keep:
                    cursor.close()
            if explicit:
                cursor.execute("COMMIT")
            else:
                raw.commit()
        except self.integrity_error:
            raw.rollback()
            count = -1
        except (TypeError, ValueError) as exc:  # some drivers serialise JSON only now
            raw.rollback()
            self._give_back(pooled)
            raise InvalidEvent(f"cannot store event: {exc}") from None
        except BaseException as exc:
            self._fail(pooled, statement.sql, params, exc)
        self._give_back(pooled)
        return count

    def prepared(self, name: str, build: Callable[[], Any]) -> str:
        """Statement `name`, compiled from `build()` on first use (a few names at most)."""
        if name not in self.statements:
            self.statements[name] = _Compiled(self.engine.dialect, build(), frozenset())
        return name

    def fetch(self, name: str, values: dict[str, Any]) -> list:
        """The rows of SELECT `name`, each value converted as SQLAlchemy would. A kept SQLite
        connection reads outside any transaction, so each read sees every commit before it
        (this process's and any other's); the rows are read to the end, which ends the
        statement's read of the file at once."""
        statement = self.statements[name]
        params = statement.params(values)
        pooled = None
        try:
            pooled, _raw, cursor = self._connection()
            try:
                cursor.execute(statement.sql, params)
                rows = cursor.fetchall()
            finally:
                if not self.keep:
                    cursor.close()
        except BaseException as exc:
            self._fail(pooled, statement.sql, params, exc)
        self._give_back(pooled)  # a pooled one's transaction ends as the pool takes it back
        results = statement.results
        if not results:
            return rows
        converted = []
        for row in rows:
            found = list(row)
            for i, convert in results:
                found[i] = convert(found[i])
            converted.append(found)
        return converted

    def _fail(self, pooled, sql: str, params, error: BaseException) -> NoReturn:
        """A statement failed: its connection is not used again (`_lost`), and the driver's
        error is raised as SQLAlchemy raises it for the same statement (an outage is an
        OperationalError whichever way the query went: companion/web/errors.py), anything
        else as it was."""
        self._lost(pooled, error)
        if isinstance(error, self.driver_error):
            raise DBAPIError.instance(sql, params, error, self.driver_error) from error
        raise error

    def _connection(self):
        """SQLite: each thread keeps its own connection for appends and reads (the pool's
        checkout and reset cost as much as the insert itself); other databases use the
        pool."""
        if not self.keep:
            pooled = self.engine.raw_connection()
            try:
                raw = pooled.dbapi_connection
                return pooled, raw, raw.cursor()
            except BaseException:
                pooled.close()
                raise
        kept = getattr(self.local, "kept", None)
        if kept is None:
            pooled = self.engine.raw_connection()
            raw = pooled.dbapi_connection
            if self.explicit:
                raw.isolation_level = None  # the driver's implicit transactions off
            kept = self.local.kept = (pooled, raw, raw.cursor())
        return kept

    def _give_back(self, pooled) -> None:
        """A pooled connection goes back to the pool after each statement; a kept one stays."""
        if not self.keep and pooled is not None:
            pooled.close()

    def _lost(self, pooled, error: BaseException) -> None:
        """A statement failed: its connection is not used again. A kept one is dropped; a
        pooled one is thrown away, and when the database went away (stopped, restarted)
        every connection the pool made before it too, as SQLAlchemy does after its own
        queries: the first request after the outage does not find a dead one."""
        if pooled is None:  # no connection was made: nothing to give back
            return
        if self.keep:
            self._drop_connection(pooled)
            return
        raw = pooled.dbapi_connection
        dialect = self.engine.dialect
        if isinstance(error, self.driver_error) and dialect.is_disconnect(error, raw, None):
            self.engine.pool._invalidate(pooled, error)  # this one and every older one
        elif pooled.is_valid:
            pooled.invalidate(error if isinstance(error, Exception) else None)

    def release(self):
        """Give back this thread's kept connection (other threads' go when they end)."""
        kept = getattr(self.local, "kept", None)
        if kept is not None:
            self.local.kept = None
            kept[0].close()  # its cursor with it

    def _drop_connection(self, pooled):
        kept = getattr(self.local, "kept", None)
        if self.keep and kept is not None and kept[0] is pooled:
            self.local.kept = None
            pooled.invalidate()


def _thread_local() -> threading.local:
    """Attributes of the OS thread. Under gevent's monkey patching (`palazzo serve`, gunicorn's
    gevent worker) `threading.local` is a greenlet's, and each client connection runs in a
    greenlet of its own: a connection kept "per thread" was opened anew (a connect and four
    PRAGMAs) for every phone's first tap and left to the garbage collector. The thread's own
    `_thread._local` instead: its greenlets take turns on one connection, and none can give
    the turn away inside a statement or its transaction (the driver's calls never yield)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        return monkey.get_original("_thread", "_local")()
    return threading.local()


MAX_STORED_PAYLOAD = 1024 * 1024  # what a row may hold and still be read (older rows had no cap)


def _event(row) -> StoredEvent:
    """A row as a StoredEvent; a payload that cannot be read comes back empty and `unreadable`
    (a corrupt or hand-edited row, or one stored before payloads were bounded), so one bad row
    is reported by its seq instead of breaking every read of its game. `row`: the columns of
    _EVENT_SELECT, in its order (a SQLAlchemy row or the driver's tuple)."""
    seq, id_, type_, text, by, at, v = row[:7]
    try:
        payload = loads(text, max_depth=MAX_PAYLOAD_DEPTH, max_bytes=MAX_STORED_PAYLOAD)
        if not isinstance(payload, dict):
            raise JsonRefused("it is not a JSON object")
    except (JsonRefused, TypeError) as e:
        return StoredEvent(seq, id_, type_, {}, by, at, unreadable=str(e), v=v)
    return StoredEvent(seq, id_, type_, payload, by, at, v=v)


# The payload is read as text and parsed here with limits, not by the driver.
_EVENT_SELECT = select(
    *(
        cast(events_t.c[name], Text).label(name) if name == "payload" else events_t.c[name]
        for name in _EVENT_COLUMNS
    )
)


# The reads every request makes, built once: building a statement costs SQLAlchemy more than
# SQLite takes to answer it (the compiled form is cached either way).
_GAME_BY_ID = select(games_t.c.id, games_t.c.created_at, games_t.c.meta).where(
    games_t.c.id == bindparam("game_id", type_=String)
)
_LAST_SEQ = select(func.coalesce(func.max(events_t.c.seq), 0)).where(
    events_t.c.game_id == bindparam("game_id", type_=String)
)
LAST_SEQS_CHUNK = 512  # games one `last_seqs` query asks about (SQLite allows 32766 values)


def _last_seqs_statement(size: int):
    """The last seq of each of `size` games named g0, g1, ... (None: no events yet): the
    watcher's poll."""
    names = [bindparam(f"g{i}", type_=String) for i in range(size)]
    latest = (
        select(func.max(events_t.c.seq))
        .where(events_t.c.game_id == games_t.c.id)
        .correlate(games_t)
        .scalar_subquery()
    )
    return select(games_t.c.id, latest).where(games_t.c.id.in_(names))


_EVENTS_AFTER = _EVENT_SELECT.where(
    events_t.c.game_id == bindparam("game_id", type_=String),
    events_t.c.seq > bindparam("after_seq", type_=Integer),
).order_by(events_t.c.seq)
_FIRST_EVENTS_AFTER = _EVENTS_AFTER.limit(bindparam("limit", type_=Integer))


class EventStore:
    """One engine per store, a connection per call: safe to share across threads."""

    def __init__(self, url: str | None = None):
        url = normalise_url(url or default_url())
        self.engine = make_engine(url)
        # Appends on a file database keep one connection per thread outside the pool (a
        # server's threads live forever and would otherwise hold the whole pool).
        file_db = url.startswith("sqlite") and url not in ("sqlite://", "sqlite:///:memory:")
        self._append_engine = make_engine(url, poolclass=NullPool) if file_db else self.engine
        # SQLite keeps JSON as text: a payload goes in as the text its check measured, so an
        # append serialises it once (PostgreSQL's driver adapts the value itself)
        self._payload_text = self.engine.dialect.name == "sqlite"
        given = frozenset({"payload"}) if self._payload_text else frozenset()
        # the appends, and the read of a game's record that every request of a game makes
        self._driver = _DriverStatement(
            self._append_engine,
            {
                "guarded": _append_statement(),
                "plain": _plain_append_statement(),
                "snapshot": _snapshot_statement(self.engine.dialect.name),
                "game": _GAME_BY_ID,
                "events": _EVENTS_AFTER,
                "first_events": _FIRST_EVENTS_AFTER,
            },
            given,
        )
        # game -> a seq known to be stored (this process appended or read it): rows are never
        # deleted, so an append right after it needs no guard against a gap (see append)
        self._stored_seq: dict[str, int] = {}
        self.notifies = self.engine.dialect.name == "postgresql"
        # PostgreSQL: what it tells the other processes on the database, and hears of them
        # (`notes.listen`, `notes.nudge`; events/notify.py); None on SQLite
        self.notes = Notes(self.engine) if self.notifies else None
        # Every table, this package's and the others', comes from the one migration history:
        # a fresh database gets them, an older one is brought up to date, a newer one refused.
        try:
            migrate.ensure(self.engine)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self._driver.release()
        self._append_engine.dispose()
        self.engine.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- games -------------------------------------------------------------------------------

    def create_game(self, game_id: str, meta: dict[str, Any] | None = None) -> GameRecord:
        check_text("game_id", game_id, MAX_GAME_ID_LEN)
        record = GameRecord(game_id, datetime.now(UTC), dict(meta or {}))
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(games_t).values(
                        id=game_id, created_at=record.created_at, meta=record.meta
                    )
                )
        except IntegrityError:
            raise GameExists(game_id) from None
        return record

    def game(self, game_id: str) -> GameRecord | None:
        """The game's record. Every request of a game asks for it (who the browser is at the
        game): run on the driver like an append, it costs a fifth of what SQLAlchemy's
        connection, execution and result objects spent around the same query."""
        if not is_key(game_id):
            return None
        rows = self._driver.fetch("game", {"game_id": game_id})
        return GameRecord(*rows[0]) if rows else None

    def read(self, name: str, build: Callable[[], Any], values: dict[str, Any]) -> list:
        """The rows of the SELECT `build()` gives (compiled once, kept as `name`), run on the
        driver as `game` is: for another package's read of this database that every request
        makes. Each row is a list in the SELECT's column order, converted as SQLAlchemy
        would; a few names at most (each is kept for the store's life)."""
        driver = self._driver
        return driver.fetch(driver.prepared(name, build), values)

    def games(self) -> list[GameRecord]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_t).order_by(games_t.c.created_at, games_t.c.id))
            return [GameRecord(r.id, r.created_at, r.meta) for r in rows]

    def update_meta(self, game_id: str, key: str, change: Callable[[Any], Any]) -> Any:
        """Change one key of the game's meta: `change(its value, or None)` gives the new value
        (None: the key goes). Read and written in one transaction that no other change of the
        same game's meta interleaves (PostgreSQL locks the row; SQLite takes its write lock
        before reading), so two requests changing the meta at once lose nothing of each
        other's. `change` may run again; it must only compute. Returns the new value."""
        if not is_key(game_id):
            raise UnknownGame(game_id)
        check_text("meta key", key, MAX_GAME_ID_LEN)
        row_of_game = games_t.c.id == game_id
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "sqlite":
                # a write first: the transaction holds the database's write lock before it
                # reads, so no other writer changes the row between the read and the write
                conn.execute(update(games_t).where(row_of_game).values(meta=games_t.c.meta))
            row = conn.execute(select(games_t.c.meta).where(row_of_game).with_for_update()).first()
            if row is None:
                raise UnknownGame(game_id)
            meta = dict(row.meta or {})
            value = change(meta.get(key))
            if value is None:
                meta.pop(key, None)
            else:
                meta[key] = value
            conn.execute(update(games_t).where(row_of_game).values(meta=meta))
        return value

    def update_game_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        """Replaces, never merges: for a game's whole meta at once (a test's setup, a copy).
        A change of one key while the game is played goes through `update_meta`."""
        if not is_key(game_id):
            raise UnknownGame(game_id)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(games_t).where(games_t.c.id == game_id).values(meta=dict(meta))
            ).rowcount
        if not done:
            raise UnknownGame(game_id)

    # -- events ------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        *,
        id: str,
        type: str,
        payload: dict[str, Any],
        by: str,
        expected_seq: int,
        at: datetime | None = None,
        v: int = 1,
    ) -> AppendResult:
        """Hot path is a single INSERT + commit; only a refused insert pays for the re-read
        that tells a harmless retry (same id) from a lost race (seq taken)."""
        check_text("game_id", game_id, MAX_GAME_ID_LEN)
        text = check_event(id, type, payload, by)
        if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
            raise InvalidEvent(f"expected_seq must be an int >= 0, got {expected_seq!r}")
        at = utc(at)
        if v != 1:
            check_version(v)
        seq = expected_seq + 1
        values = {
            "game_id": game_id,
            "seq": seq,
            "id": id,
            "type": type,
            "payload": text if self._payload_text else payload,
            "by": by,
            "at": at,
            "v": v,
            "expected_seq": expected_seq,
        }
        then = Notes.appended(game_id, seq) if self.notifies else None
        # seq - 1 is stored (or seq is the first): the primary key alone keeps the log gapless
        # and free of duplicates, so the plain INSERT does; otherwise (a process's first append
        # to a game, an expected_seq ahead of anything seen) the guarded one checks it
        known = expected_seq == 0 or self._stored_seq.get(game_id, -1) >= expected_seq
        if known:
            del values["expected_seq"]
        if self._driver.execute("plain" if known else "guarded", values, then) == 1:
            self._note_stored(game_id, seq)
            return AppendResult(StoredEvent(seq, id, type, dict(payload), by, at, v=v), False)
        return self._refused(game_id, id, expected_seq)

    def _note_stored(self, game_id: str, seq: int) -> None:
        known = self._stored_seq
        if known.get(game_id, -1) < seq:  # two threads may race here: the larger is kept
            known.pop(game_id, None)
            known[game_id] = seq  # the newest last, so the oldest go first
            if len(known) > KNOWN_SEQS:
                try:
                    del known[next(iter(known))]
                except (KeyError, RuntimeError, StopIteration):  # another thread got there
                    pass

    def _refused(self, game_id: str, event_id: str, expected_seq: int) -> AppendResult:
        # The idempotency check comes first: a retry whose original landed must succeed even
        # though its expected_seq is now stale.
        with self.engine.connect() as conn:
            row = conn.execute(
                _EVENT_SELECT.add_columns(events_t.c.game_id).where(events_t.c.id == event_id)
            ).first()
            if row is not None:
                if row.game_id != game_id:
                    raise EventIdClash(event_id, game_id, row.game_id)
                return AppendResult(_event(row), True)
            if conn.execute(select(games_t.c.id).where(games_t.c.id == game_id)).first() is None:
                raise UnknownGame(game_id)
            last = self._last_seq(conn, game_id)
        if last:
            self._note_stored(game_id, last)
        raise SeqConflict(game_id, expected_seq, last)

    def events(
        self, game_id: str, after_seq: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """The log after `after_seq`, in order; at most `limit` events if given (the first
        event alone says which game a log is). On the driver, like a game's record: a screen
        whose game's seq is not known for sure asks for the new events at each request."""
        if not is_key(game_id):
            return []
        values: dict[str, Any] = {"game_id": game_id, "after_seq": after_seq}
        if limit is not None:
            values["limit"] = limit
        rows = self._driver.fetch("events" if limit is None else "first_events", values)
        return [_event(row) for row in rows]

    def last_seq(self, game_id: str) -> int:
        if not is_key(game_id):
            return 0
        with self.engine.connect() as conn:
            return self._last_seq(conn, game_id)

    def last_seqs(self, game_ids: Iterable[str]) -> dict[str, int]:
        """last_seq of several games in one query (0 for a game without events). The live
        streams' watcher asks this for every watched game several times a second: run on the
        driver, one statement per power of two of games (the list padded with its first id),
        up to LAST_SEQS_CHUNK games a query, where building and compiling the IN clause for
        each call cost more than the query itself. Each game's max is its own subquery,
        answered from the primary key's end (SQLite's and PostgreSQL's min/max shortcut): a
        GROUP BY over the games' events read every event of them, so the poll grew with the
        logs (50 games of 300 events: 2.5 ms a poll, against 0.1 ms)."""
        ids = list(game_ids)
        found: dict[str, int] = {}
        for start in range(0, len(ids), LAST_SEQS_CHUNK):
            chunk = ids[start : start + LAST_SEQS_CHUNK]
            size = 1 << (len(chunk) - 1).bit_length()
            name = self._driver.prepared(f"last_seqs:{size}", partial(_last_seqs_statement, size))
            padded = chunk + chunk[:1] * (size - len(chunk))
            rows = self._driver.fetch(name, {f"g{i}": g for i, g in enumerate(padded)})
            found.update((game_id, seq) for game_id, seq in rows)
        return {game_id: found.get(game_id) or 0 for game_id in ids}

    @staticmethod
    def _last_seq(conn, game_id: str) -> int:
        return conn.execute(_LAST_SEQ, {"game_id": game_id}).scalar_one()

    def find(self, game_id: str, event_id: str) -> StoredEvent | None:
        if not (is_key(game_id) and is_key(event_id)):
            return None
        query = _EVENT_SELECT.where(events_t.c.game_id == game_id, events_t.c.id == event_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return _event(row) if row else None

    # -- snapshots ---------------------------------------------------------------------------

    def save_snapshot(self, game_id: str, seq: int, state: dict[str, Any]) -> None:
        """A cache entry: overwriting or losing a race to an identical save is fine. Saved
        through the appends' driver statement: through the ORM it cost as much as 50 appends'
        own work."""
        values = {"game_id": game_id, "seq": seq, "state": state, "saved_at": datetime.now(UTC)}
        if self._driver.execute("snapshot", values) == -1 and self.game(game_id) is None:
            raise UnknownGame(game_id)

    def latest_snapshot(
        self, game_id: str, max_seq: int | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        if not is_key(game_id):
            return None
        query = select(snapshots_t.c.seq, cast(snapshots_t.c.state, Text).label("state")).where(
            snapshots_t.c.game_id == game_id
        )
        if max_seq is not None:
            query = query.where(snapshots_t.c.seq <= max_seq)
        with self.engine.connect() as conn:
            row = conn.execute(query.order_by(snapshots_t.c.seq.desc()).limit(1)).first()
        if row is None:
            return None
        try:  # a snapshot is only a cache: one that cannot be read is as good as none
            state = loads(row.state, max_depth=64, max_bytes=16 * MAX_STORED_PAYLOAD)
        except (JsonRefused, TypeError):
            return None
        return (row.seq, state) if isinstance(state, dict) else None

    def drop_snapshots(self, game_id: str, from_seq: int) -> int:
        with self.engine.begin() as conn:
            return conn.execute(
                delete(snapshots_t).where(
                    snapshots_t.c.game_id == game_id, snapshots_t.c.seq >= from_seq
                )
            ).rowcount

    # -- JSON Lines --------------------------------------------------------------------------

    def export_jsonl(self, game_id: str) -> str:
        return "".join(jsonl.dumps_line(e) + "\n" for e in self.events(game_id))

    def import_jsonl(
        self, game_id: str, text: str, meta: dict[str, Any] | None = None
    ) -> list[StoredEvent]:
        """All or nothing: a half-imported game would be worse than none."""
        check_text("game_id", game_id, MAX_GAME_ID_LEN)
        stored = jsonl.events_from_lines(jsonl.parse_jsonl(text))
        rows = [{"game_id": game_id, **{c: getattr(e, c) for c in _EVENT_COLUMNS}} for e in stored]
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(games_t).values(
                        id=game_id, created_at=datetime.now(UTC), meta=dict(meta or {})
                    )
                )
                if rows:
                    conn.execute(insert(events_t), rows)
        except IntegrityError:
            if self.game(game_id) is not None:
                raise GameExists(game_id) from None
            with self.engine.connect() as conn:
                ids = [r["id"] for r in rows]
                clash = conn.execute(
                    select(events_t.c.id, events_t.c.game_id).where(events_t.c.id.in_(ids)).limit(1)
                ).first()
            if clash is not None:
                raise EventIdClash(clash.id, game_id, clash.game_id) from None
            raise
        return stored
