"""Game-agnostic append-only event store: gapless per-game sequence numbers, idempotent
appends, snapshot cache and JSON Lines export/import, on SQLite or PostgreSQL.

The store (and with it SQLAlchemy, a second of CPU on a small machine) is imported on first use
of `EventStore` or `default_url`: `palazzo --help`, `palazzo replay` and the bounded JSON reader
need none of it.
"""

from typing import TYPE_CHECKING, Any

from .errors import (
    EventIdClash,
    EventStoreError,
    GameExists,
    InvalidEvent,
    InvalidJsonl,
    SeqConflict,
    UnknownGame,
)
from .jsonl import parse_jsonl, to_line
from .records import AppendResult, GameRecord, StoredEvent

if TYPE_CHECKING:
    from .store import EventStore, default_url

_LAZY = {"EventStore", "default_url"}

__all__ = [
    "AppendResult",
    "EventIdClash",
    "EventStore",
    "EventStoreError",
    "GameExists",
    "GameRecord",
    "InvalidEvent",
    "InvalidJsonl",
    "SeqConflict",
    "StoredEvent",
    "UnknownGame",
    "default_url",
    "parse_jsonl",
    "to_line",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
