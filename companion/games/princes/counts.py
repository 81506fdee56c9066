"""The table's money and fame checks: who asked for one, and what each player counted.

A count is not something that happened at the table, so it is not an event in the log: the log
is exported to the host at any time and to everyone at the end, and a typed money count is its
player's secret. Nor would a count fit the log's rules (undo takes back the latest event, an
Action phase's moments close on the next event). It is kept beside the log, in the same
database (so every process and device sees it, and a reload or a restart keeps it), in two
tables with one row per check and one per player's count. Only the screens of
`companion/games/princes/web/counting.py` read it, each seat its own money count (docs/phone-panel.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import DateTime, String, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Field, SQLModel

from companion.core.lang import _
from companion.games.princes.words.ledger import TRACKS
from events.migrate import ensure as ensure_schema

MAX_MONEY = 1_000_000  # as a correction's bounds (companion/games/princes/rules/schema.py)
MAX_FAME = 1000
BY = 8  # "host" or a seat number


class CheckRow(SQLModel, table=True):
    """A check asked of the whole table for one track: money or fame."""

    __tablename__ = "count_checks"

    game_id: str = Field(primary_key=True, sa_type=String(64))
    track: str = Field(primary_key=True, sa_type=String(8))
    by: str = Field(sa_type=String(BY))  # who started it: "host" or the seat
    seq: int  # the log's seq when it started
    at: datetime = Field(sa_type=DateTime(timezone=True))


class CountRow(SQLModel, table=True):
    """One player's count in the open check: the amount and the seq their screen showed."""

    __tablename__ = "counts"

    game_id: str = Field(primary_key=True, sa_type=String(64))
    track: str = Field(primary_key=True, sa_type=String(8))
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    amount: int
    seq: int  # the count is the player's value just after this event
    marked: int | None = None  # the event the player says is where table and log part
    at: datetime = Field(sa_type=DateTime(timezone=True))


TABLES = [CheckRow.__table__, CountRow.__table__]  # type: ignore[attr-defined]

# The reads every phone panel makes, built once: building a select costs SQLAlchemy more than
# SQLite takes to answer it (the compiled form is cached either way; events/store.py does the
# same for the log's reads).
_CHECKS = CheckRow.__table__  # type: ignore[attr-defined]
_OPENED = select(_CHECKS.c.track, _CHECKS.c.seq, _CHECKS.c.at).where(
    _CHECKS.c.game_id == bindparam("game_id", type_=String)
)
_OPEN_TRACKS = select(_CHECKS.c.track).where(
    _CHECKS.c.game_id == bindparam("game_id", type_=String)
)


@dataclass(frozen=True)
class Count:
    seat: int
    amount: int
    seq: int
    marked: int | None


@dataclass(frozen=True)
class Check:
    """The open check of one track at one game, with the counts given so far (by seat)."""

    track: str
    by: str
    seq: int
    counts: dict


class CountError(ValueError):
    """A count that cannot be kept: told to the player, nothing changes."""


def read_amount(track: str, text: str) -> int:
    """A typed count: a whole number, money in 100s, within the track's bounds."""
    text = (text or "").strip().replace(" ", "").replace(",", "")
    unit = _("Florin") if track == "money" else _("PP")
    if not re.fullmatch(r"[0-9]{1,7}", text):
        raise CountError(_("Type your count as a whole number of %(unit)s", unit=unit))
    amount = int(text)
    if track == "money" and amount % 100:
        raise CountError(_("Money comes in 100 Florin: count again"))
    if amount > (MAX_MONEY if track == "money" else MAX_FAME):
        raise CountError(
            _("No purse holds %(amount)s %(unit)s: count again", amount=amount, unit=unit)
        )
    return amount


class Counts:
    """The checks of every game in one database (the event store's)."""

    def __init__(self, store):
        """`store`: the event store, whose database keeps the checks too; its driver runs the
        reads every phone panel makes (`opened`, `open_tracks`) at a fifth of SQLAlchemy's
        cost."""
        self.store = store
        self.engine = engine = store.engine  # the writes, and the reads no panel makes
        ensure_schema(engine)  # the tables come from the one migration history

    def _upsert(self, table, values: dict, keys: tuple, update: dict):
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(table).values(**values)
        return stmt.on_conflict_do_update(index_elements=list(keys), set_=update)

    def start(self, game_id: str, track: str, by: str, seq: int) -> None:
        """Ask the table for a new count: the counts of the last check of this track go."""
        _check_track(track)
        now = datetime.now(UTC)
        checks, counts = CheckRow.__table__, CountRow.__table__  # type: ignore[attr-defined]
        values = {"game_id": game_id, "track": track, "by": by, "seq": seq, "at": now}
        with self.engine.begin() as conn:
            conn.execute(delete(counts).where(counts.c.game_id == game_id, counts.c.track == track))
            conn.execute(
                self._upsert(
                    checks, values, ("game_id", "track"), {"by": by, "seq": seq, "at": now}
                )
            )

    def close(self, game_id: str, track: str) -> None:
        _check_track(track)
        checks, counts = CheckRow.__table__, CountRow.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as conn:
            for t in (counts, checks):
                conn.execute(delete(t).where(t.c.game_id == game_id, t.c.track == track))

    def give(self, game_id: str, track: str, seat: int, amount: int, seq: int, by: str) -> bool:
        """A player's count (again: the newer one stands); opens a check if none is open (True:
        this count opened it)."""
        opened = self.check(game_id, track) is None
        if opened:
            self.start(game_id, track, by, seq)
        counts = CountRow.__table__  # type: ignore[attr-defined]
        now = datetime.now(UTC)
        values = {"game_id": game_id, "track": track, "seat": seat}
        values.update(amount=amount, seq=seq, marked=None, at=now)
        with self.engine.begin() as conn:
            conn.execute(
                self._upsert(
                    counts,
                    values,
                    ("game_id", "track", "seat"),
                    {"amount": amount, "seq": seq, "at": now},
                )
            )
        return opened

    def mark(self, game_id: str, track: str, seat: int, marked: int | None) -> bool:
        """The player's "here is where we disagree" (None: taken back); False if no count."""
        counts = CountRow.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as conn:
            done = conn.execute(
                counts.update()
                .where(counts.c.game_id == game_id, counts.c.track == track, counts.c.seat == seat)
                .values(marked=marked)
            ).rowcount
        return bool(done)

    def check(self, game_id: str, track: str) -> Check | None:
        _check_track(track)
        checks, counts = CheckRow.__table__, CountRow.__table__  # type: ignore[attr-defined]
        with self.engine.connect() as conn:
            row = conn.execute(
                select(checks).where(checks.c.game_id == game_id, checks.c.track == track)
            ).first()
            if row is None:
                return None
            given = conn.execute(
                select(counts).where(counts.c.game_id == game_id, counts.c.track == track)
            ).all()
        return Check(
            track,
            row.by,
            row.seq,
            {r.seat: Count(r.seat, r.amount, r.seq, r.marked) for r in given},
        )

    def opened(self, game_id: str) -> dict[str, str]:
        """The open checks of a game: track -> a key naming that check (when and at which seq
        it was asked), so a phone buzzes once for each check, not at each look (one query)."""
        rows = self.store.read("counts.opened", lambda: _OPENED, {"game_id": game_id})
        return {track: f"{track}-{seq}-{at.timestamp():.0f}" for track, seq, at in rows}

    def open_tracks(self, game_id: str) -> set[str]:
        """Which tracks have a check open at this game (one query: every phone panel asks)."""
        rows = self.store.read("counts.open", lambda: _OPEN_TRACKS, {"game_id": game_id})
        return {row[0] for row in rows}


def _check_track(track: str) -> None:
    if track not in TRACKS:
        raise CountError(f"No such check: {track!r}")
