"""Plain values handed out by the store, decoupled from the ORM rows so callers can keep them
after the session is gone and compare them across games and backends."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .boundedjson import JsonRefused, check
from .errors import InvalidEvent

# Keys a payload may not use: export flattens the payload next to the envelope, so a payload
# field with one of these names would be lost on the way back in.
# `v`: the version of the event's shape (companion/core/versions.py), written only when not 1.
ENVELOPE_KEYS = frozenset({"seq", "id", "type", "by", "at", "v"})
MAX_VERSION = 1000  # a shape's version: a few a decade
MAX_ID_LEN = 64
MAX_TYPE_LEN = 64
MAX_BY_LEN = 64
MAX_GAME_ID_LEN = 64
MAX_PAYLOAD_DEPTH = 8
MAX_PAYLOAD_BYTES = 32 * 1024  # a payload is a few fields; a log of big ones is an attack


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    id: str
    type: str
    payload: dict[str, Any]
    by: str
    at: datetime  # timezone-aware, UTC
    # Set when the stored row cannot be read back (bad JSON, too deep, ...): the payload is
    # then empty and this says why, so a reader can report the event instead of failing.
    unreadable: str | None = None
    # the version of the shape the event was written in (1: the first; every 0.1.0 event)
    v: int = 1


@dataclass(frozen=True, slots=True)
class AppendResult:
    event: StoredEvent
    duplicate: bool  # True when the id was already stored: a retry, nothing new was written

    @property
    def seq(self) -> int:
        return self.event.seq


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: str
    created_at: datetime
    meta: dict[str, Any]


def utc(at: datetime | None) -> datetime:
    """Naive datetimes are refused: guessing their zone would silently skew the log."""
    if at is None:
        return datetime.now(UTC)
    if type(at) is datetime and at.tzinfo is UTC:
        return at  # already what the rest would make of it (the service's own times)
    if not isinstance(at, datetime):
        raise InvalidEvent(f"at must be a datetime, got {type(at).__name__}")
    if at.tzinfo is None or at.utcoffset() is None:
        raise InvalidEvent("at must be timezone-aware")
    return at.astimezone(UTC)


def check_text(name: str, value: Any, max_len: int) -> None:
    if type(value) is str and 0 < len(value) <= max_len and "\x00" not in value:
        return  # the usual answer, in one test (every append checks four of them)
    if not isinstance(value, str) or not value:
        raise InvalidEvent(f"{name} must be a non-empty string, got {str(value)[:40]!r}")
    if len(value) > max_len:
        raise InvalidEvent(f"{name} is longer than {max_len} characters")
    if "\x00" in value:
        raise InvalidEvent(f"{name} holds a NUL character")


def is_key(value: Any, max_len: int = MAX_GAME_ID_LEN) -> bool:
    """Could `value` be stored as a key at all? Lookups answer "not found" for anything else
    (PostgreSQL refuses a NUL in a query, SQLite would only never find it)."""
    return isinstance(value, str) and 0 < len(value) <= max_len and "\x00" not in value


def check_event(event_id: Any, event_type: Any, payload: Any, by: Any) -> str:
    """Refuse (InvalidEvent) what the store cannot keep; returns the payload's JSON text."""
    check_text("id", event_id, MAX_ID_LEN)
    check_text("type", event_type, MAX_TYPE_LEN)
    check_text("by", by, MAX_BY_LEN)
    if not isinstance(payload, dict):
        raise InvalidEvent(f"payload must be a dict, got {type(payload).__name__}")
    if not ENVELOPE_KEYS.isdisjoint(payload):  # one pass in C; which key, only when one is
        key = next(k for k in payload if k in ENVELOPE_KEYS)
        raise InvalidEvent(f"payload key {key!r} is reserved for the envelope")
    # a key that is not text is refused by `check`, which looks at every key anyway
    try:
        return check(payload, max_depth=MAX_PAYLOAD_DEPTH, max_bytes=MAX_PAYLOAD_BYTES)
    except JsonRefused as e:
        raise InvalidEvent(f"payload cannot be stored: {e}") from None


def check_version(v: Any) -> int:
    """An event's shape version: a whole number from 1 (InvalidEvent otherwise)."""
    if type(v) is int and 1 <= v <= MAX_VERSION:
        return v
    raise InvalidEvent(
        f"v (the version of the event's shape) must be a whole number 1-{MAX_VERSION}, got {str(v)[:20]!r}"
    )
