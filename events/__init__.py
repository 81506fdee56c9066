"""Game-agnostic append-only event store: gapless per-game sequence numbers, idempotent
appends, snapshot cache and JSON Lines export/import, on SQLite or PostgreSQL."""

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
from .store import EventStore, default_url

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
