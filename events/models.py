"""The three tables. Events are keyed by (game_id, seq) so the database itself guarantees one
event per position; the globally unique `id` is the idempotency key that makes retries safe."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, String
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

from .records import MAX_BY_LEN, MAX_GAME_ID_LEN, MAX_ID_LEN, MAX_TYPE_LEN

# How SQLAlchemy's SQLite DATETIME stores a value, which `isoformat(" ", "microseconds")` of a
# naive datetime writes alike.
SQLITE_DATETIME = (
    "%(year)04d-%(month)02d-%(day)02d %(hour)02d:%(minute)02d:%(second)02d.%(microsecond)06d"
)

SQLITE_DATETIME_FIELDS = "%04d-%02d-%02d %02d:%02d:%02d.%06d"  # the same, by position


class UTCDateTime(TypeDecorator):
    """SQLite has no time zones and PostgreSQL answers in the session's zone; storing UTC and
    always handing back aware UTC values makes both backends round-trip identically."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: timestamps must be timezone-aware")
        value = value.astimezone(UTC)
        return value if dialect.name == "postgresql" else value.replace(tzinfo=None)

    def bind_processor(self, dialect):
        """SQLite: the value as SQLAlchemy's DATETIME would store it, formatted in one call."""
        default = super().bind_processor(dialect)
        impl = self.impl_instance.dialect_impl(dialect)
        if dialect.name != "sqlite" or getattr(impl, "_storage_format", None) != SQLITE_DATETIME:
            return default

        def process(value: datetime | None) -> str | None:
            if type(value) is datetime and value.tzinfo is UTC:  # every append's
                # its fields, as the storage format spells them: a third cheaper than
                # isoformat, which asks the zone for an offset only to be cut off
                return SQLITE_DATETIME_FIELDS % (
                    value.year,
                    value.month,
                    value.day,
                    value.hour,
                    value.minute,
                    value.second,
                    value.microsecond,
                )
            naive = self.process_bind_param(value, dialect)
            return None if naive is None else naive.isoformat(" ", "microseconds")

        return process

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=MAX_GAME_ID_LEN)
    created_at: datetime = Field(sa_type=UTCDateTime)
    meta: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)


class EventRow(SQLModel, table=True):
    __tablename__ = "events"

    game_id: str = Field(primary_key=True, foreign_key="games.id", sa_type=String(MAX_GAME_ID_LEN))
    seq: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    id: str = Field(unique=True, sa_type=String(MAX_ID_LEN))
    type: str = Field(sa_type=String(MAX_TYPE_LEN))
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    by: str = Field(sa_type=String(MAX_BY_LEN))
    at: datetime = Field(sa_type=UTCDateTime)
    # the version of the event's shape it was written in (companion/core/versions.py)
    v: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class SnapshotRow(SQLModel, table=True):
    __tablename__ = "snapshots"

    game_id: str = Field(primary_key=True, foreign_key="games.id", sa_type=String(MAX_GAME_ID_LEN))
    seq: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    state: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    saved_at: datetime = Field(sa_type=UTCDateTime)


# SQLModel sets __table__ on table classes; its stubs do not say so.
TABLES = [GameRow.__table__, EventRow.__table__, SnapshotRow.__table__]  # type: ignore[attr-defined]
