"""Who is at the table right now: whose phone holds a live stream of the game this moment,
and when each seat's phone last asked the server for anything.

A seat is "here" while its phone holds a live stream (opened when the phone connects, closed
when the server sees the socket go), or, for a phone that polls instead of streaming, while it
asked within the last few seconds. Otherwise it is "away", with when it was last seen.

Two keepers, one answer. `palazzo serve` on SQLite is one process: the module-level functions
below keep presence in memory, and a restart forgetting it costs nothing (phones reconnect
their streams within a second). On PostgreSQL a club runs several worker processes, and a
phone's stream, its page loads and the table screen's poll may each land on a different one:
`SharedPresence` keeps one row per (game, seat, process) in the database, so every worker
answers the same (the web picks the keeper: companion.web.live.get_presence).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
import time
from typing import Protocol

from companion.core.lang import _

log = logging.getLogger(__name__)

_lock = threading.Lock()
_seen: dict[tuple[str, int], float] = {}
_streams: dict[tuple[str, int], int] = {}  # open live streams per seat
MAX_ENTRIES = 10_000  # a server left running for months must not grow without bound
POLLING_GRACE = 6.0  # a phone without a stream polls every 2 s: here if it asked this recently


def stream_opened(game_id: str, seat: int) -> bool:
    """A seat's phone opened its live stream: it is here until the stream closes. True when
    it is the seat's only one (the phone came: the table screen may say so now)."""
    seen(game_id, seat)
    with _lock:
        _streams[game_id, seat] = _streams.get((game_id, seat), 0) + 1
        return _streams[game_id, seat] == 1


def stream_closed(game_id: str, seat: int) -> bool:
    """The server saw a seat's stream end (the phone closed it, or its socket died). True
    when it was the seat's last one (the phone went)."""
    seen(game_id, seat)
    with _lock:
        left = _streams.get((game_id, seat), 0) - 1
        if left > 0:
            _streams[game_id, seat] = left
            return False
        return _streams.pop((game_id, seat), None) is not None


def streaming(game_id: str, seat: int) -> bool:
    with _lock:
        return _streams.get((game_id, seat), 0) > 0


def here(game_id: str, seat: int, now: float | None = None) -> bool:
    """Whether the seat's phone is with the table now: a live stream open, or a poll just now."""
    if streaming(game_id, seat):
        return True
    ago = seconds_ago(game_id, seat, now)
    return ago is not None and ago < POLLING_GRACE


def seen(game_id: str, seat: int, now: float | None = None) -> None:
    """Record that `seat`'s phone just made a request for `game_id`."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return
    with _lock:
        if len(_seen) >= MAX_ENTRIES and (game_id, seat) not in _seen:
            oldest = min(_seen, key=_seen.get)
            del _seen[oldest]
        _seen[(game_id, seat)] = time.monotonic() if now is None else now


def seconds_ago(game_id: str, seat: int, now: float | None = None) -> float | None:
    """Seconds since the seat was last seen, or None if never (since this server started)."""
    with _lock:
        at = _seen.get((game_id, seat))
    if at is None:
        return None
    return max(0.0, (time.monotonic() if now is None else now) - at)


def last_seen(game_id: str, seats: int, now: float | None = None) -> list[float | None]:
    """`seconds_ago` for seats 0..seats-1."""
    now = time.monotonic() if now is None else now
    return [seconds_ago(game_id, s, now) for s in range(seats)]


def words(ago: float | None, is_here: bool = False) -> str:
    """ "seen 5 s ago", for a person glancing at the table screen."""
    if is_here:
        return _("here now")
    if ago is None:
        return _("not joined yet")
    if ago < 2:
        return _("here now")
    if ago < 60:
        return _("seen %(num)s s ago", num=int(ago))
    if ago < 3600:
        return _("seen %(num)s min ago", num=int(ago // 60))
    return _("seen %(num)s h ago", num=int(ago // 3600))


def forget(game_id: str | None = None) -> None:
    """Drop what is known (one game, or everything: tests)."""
    with _lock:
        for key in [k for k in _seen if game_id is None or k[0] == game_id]:
            del _seen[key]
        for key in [k for k in _streams if game_id is None or k[0] == game_id]:
            del _streams[key]


# -- the keepers the web talks to ----------------------------------------------------------------

Seats = list[tuple[bool, float | None]]  # per seat: (here, seconds since last seen or None)


class Presence(Protocol):
    """What the screens need: streams opened and closed (True: the seat's phone came or went,
    as this process counts its streams), requests seen, and each seat's answer."""

    def stream_opened(self, game_id: str, seat: int) -> bool: ...

    def stream_closed(self, game_id: str, seat: int) -> bool: ...

    def seen(self, game_id: str, seat: int) -> None: ...

    def seats(self, game_id: str, count: int) -> Seats: ...

    def look(self, game_id: str, count: int) -> tuple[Seats, bool]: ...

    def stop(self) -> None: ...


class LocalPresence:
    """This process's memory (the functions above): one `palazzo serve` on SQLite."""

    def stream_opened(self, game_id: str, seat: int) -> bool:
        return stream_opened(game_id, seat)

    def stream_closed(self, game_id: str, seat: int) -> bool:
        return stream_closed(game_id, seat)

    def seen(self, game_id: str, seat: int) -> None:
        seen(game_id, seat)

    def seats(self, game_id: str, count: int) -> Seats:
        now = time.monotonic()
        return [(here(game_id, s, now), seconds_ago(game_id, s, now)) for s in range(max(0, count))]

    def look(self, game_id: str, count: int) -> tuple[Seats, bool]:
        """`seats`, and whether every seat's phone holds a live stream: the answer then
        changes only when one opens or closes (which nudges the table screen), not with
        time ("seen 5 s ago", a phone that polls instead of streaming)."""
        return self.seats(game_id, count), all(streaming(game_id, s) for s in range(count))

    def stop(self) -> None:
        """Nothing runs in the background here."""


LOCAL = LocalPresence()

SEEN_EVERY = 1.0  # a process writes a seat's "seen" at most this often (words count seconds)
KEEP_ROWS_DAYS = 8  # a seat's row outlives a week's session (its join), then goes
PRUNE_EVERY = 600.0  # seconds between a process's sweeps of rows nobody touched for that long


class SharedPresence:
    """Presence in PostgreSQL, shared by every process on the database.

    One row per (game, seat, process): how many of that seat's streams the process holds now,
    and when the process last saw the seat. Writes are one upsert each, and "seen" at most
    once a second per seat and process; a table screen's poll reads its game's rows in one
    query. The database's clock stamps every row, so machines whose clocks differ agree.

    A process that dies without closing its streams cannot lower its counts; so while it holds
    streams it touches its rows every `refresh` seconds (one UPDATE for all of them), and a
    count whose row is older than three of those no longer makes a seat "here".
    """

    def __init__(self, engine, refresh: float = 15.0):
        from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table

        self.engine = engine
        self.refresh = refresh
        self.fresh = 3 * refresh
        metadata = MetaData()
        self.table = Table(
            "presence",
            metadata,
            Column("game_id", String(64), primary_key=True),
            Column("seat", Integer, primary_key=True),
            Column("process", String(160), primary_key=True),
            Column("streams", Integer, nullable=False),
            Column("seen_at", DateTime(timezone=True), nullable=False),
        )
        self._lock = threading.Lock()
        self._written: dict[tuple[str, int], float] = {}
        self._open = 0  # streams this process holds (of any game)
        self._streaming: dict[tuple[str, int], int] = {}  # ... by (game, seat)
        self._refresher: threading.Thread | None = None
        self._stopping = threading.Event()
        self._pruned = time.monotonic()
        self._failing = False
        self._pid = -1
        self._name = ""
        from events.migrate import ensure

        ensure(engine)  # the table comes from the one migration history (events/migrations)

    @property
    def process(self) -> str:
        """This process's name in the rows: machine, pid (a forked worker gets its own), and a
        random part, so a pid the system reuses never inherits a dead process's rows."""
        pid = os.getpid()
        if pid != self._pid:
            self._pid = pid
            self._name = f"{socket.gethostname()[:100]}:{pid}:{secrets.token_hex(4)}"
        return self._name

    # -- writes ----------------------------------------------------------------------------------

    def _upsert(self, game_id: str, seat: int, delta: int) -> None:
        from sqlalchemy import func
        from sqlalchemy.dialects.postgresql import insert

        table = self.table
        statement = insert(table).values(
            game_id=game_id,
            seat=seat,
            process=self.process,
            streams=max(delta, 0),
            seen_at=func.clock_timestamp(),
        )
        statement = statement.on_conflict_do_update(
            index_elements=[table.c.game_id, table.c.seat, table.c.process],
            set_={
                "streams": func.greatest(table.c.streams + delta, 0),
                "seen_at": func.clock_timestamp(),
            },
        )
        self._write(statement)

    def _write(self, statement) -> None:
        """Presence is a courtesy: a database hiccup costs a dot on the table screen, never
        the phone's page or its stream."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with self.engine.begin() as conn:
                conn.execute(statement)
        except SQLAlchemyError:
            if not self._failing:
                log.warning("presence: writing to the database failed", exc_info=True)
            self._failing = True
            return
        self._failing = False

    def stream_opened(self, game_id: str, seat: int) -> bool:
        if not _is_seat(seat):
            return False
        with self._lock:
            self._open += 1
            key = (game_id, seat)
            self._streaming[key] = came = self._streaming.get(key, 0) + 1
            if self._refresher is None:
                self._refresher = threading.Thread(
                    target=self._keep_fresh, name="palazzo-presence", daemon=True
                )
                self._refresher.start()
        self._upsert(game_id, seat, 1)
        return came == 1

    def stream_closed(self, game_id: str, seat: int) -> bool:
        if not _is_seat(seat):
            return False
        with self._lock:
            self._open = max(0, self._open - 1)
            left = self._streaming.get((game_id, seat), 0) - 1
            if left > 0:
                self._streaming[game_id, seat] = left
            went = left <= 0 and self._streaming.pop((game_id, seat), None) is not None
        self._upsert(game_id, seat, -1)
        return went

    def seen(self, game_id: str, seat: int) -> None:
        if not _is_seat(seat):
            return
        now = time.monotonic()
        with self._lock:
            if self._streaming.get((game_id, seat)):
                # its open stream says it is here (its row is kept fresh, and stamped when the
                # stream closes): a write per fragment it fetches would say nothing more
                return
            if now - self._written.get((game_id, seat), -SEEN_EVERY) < SEEN_EVERY:
                return
            if len(self._written) >= MAX_ENTRIES:
                self._written.clear()
            self._written[game_id, seat] = now
        self._upsert(game_id, seat, 0)

    def _keep_fresh(self) -> None:
        """While this process holds streams: its rows say so, every `refresh` seconds."""
        from sqlalchemy import delete, func, literal_column, update

        table = self.table
        while True:
            self._stopping.wait(self.refresh)
            with self._lock:
                if self._open == 0 or self._stopping.is_set():
                    self._refresher = None
                    return
            self._write(
                update(table)
                .where(table.c.process == self.process, table.c.streams > 0)
                .values(seen_at=func.clock_timestamp())
            )
            if time.monotonic() - self._pruned > PRUNE_EVERY:
                self._pruned = time.monotonic()
                self._write(
                    delete(table).where(
                        table.c.seen_at
                        < func.clock_timestamp()
                        - literal_column(f"interval '{KEEP_ROWS_DAYS} days'")
                    )
                )

    def stop(self) -> None:
        """No more refreshes: an app that is done with its database (a test's, at its end)
        ends its refresher instead of leaving it writing to a store that goes away."""
        self._stopping.set()
        with self._lock:
            refresher = self._refresher
        if refresher is not None and refresher is not threading.current_thread():
            refresher.join(timeout=5)

    # -- the answer ------------------------------------------------------------------------------

    def seats(self, game_id: str, count: int) -> Seats:
        return self.look(game_id, count)[0]

    def look(self, game_id: str, count: int) -> tuple[Seats, bool]:
        """`seats`, and whether every seat's phone holds a live stream (in any process)."""
        from sqlalchemy import text

        query = text(
            "SELECT seat, EXTRACT(EPOCH FROM clock_timestamp() - max(seen_at)) AS ago,"
            " bool_or(streams > 0 AND seen_at > clock_timestamp() - make_interval(secs => :fresh))"
            " AS streaming"
            " FROM presence WHERE game_id = :game_id AND seat < :count GROUP BY seat"
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query, {"game_id": game_id, "count": count, "fresh": self.fresh})
            found = {row.seat: (bool(row.streaming), max(0.0, float(row.ago))) for row in rows}
        out: Seats = []
        for s in range(max(0, count)):
            streaming, ago = found.get(s, (False, None))
            out.append((streaming or (ago is not None and ago < POLLING_GRACE), ago))
        return out, all(found.get(s, (False, None))[0] for s in range(count))


def _is_seat(seat) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 2**31
