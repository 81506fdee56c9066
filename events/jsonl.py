"""JSON Lines is the game's portable form: one flat object per event, easy to read, diff and
hand-edit, so a table's log can be saved, shared or replayed elsewhere."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from .boundedjson import JsonRefused, loads
from .errors import InvalidEvent, InvalidJsonl
from .records import (
    ENVELOPE_KEYS,
    StoredEvent,
    check_event,
    check_version,
)


def to_line(event: StoredEvent) -> dict[str, Any]:
    """Payload fields sit at top level, between the envelope keys, so lines read naturally."""
    return {
        "seq": event.seq,
        "id": event.id,
        "type": event.type,
        **event.payload,
        **({"unreadable": event.unreadable} if event.unreadable else {}),
        "by": event.by,
        "at": event.at.isoformat(),
        **({"v": event.v} if event.v != 1 else {}),
    }


def dumps_line(event: StoredEvent) -> str:
    return json.dumps(to_line(event), ensure_ascii=False)


def parse_jsonl(text: str) -> list[dict[str, Any]]:
    """Blank lines are tolerated because hand-edited files often end with a few."""
    lines = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = loads(raw)
        except JsonRefused as exc:
            raise InvalidJsonl(line_no, str(exc)) from None
        if not isinstance(obj, dict):
            raise InvalidJsonl(line_no, "each line must be a JSON object")
        lines.append(obj)
    return lines


def events_from_lines(
    lines: list[dict[str, Any]], now: datetime | None = None
) -> list[StoredEvent]:
    """Fill in a missing envelope (so hand-written scenarios stay short) and insist on a gapless
    1..n order, since replay depends on it."""
    now = now or datetime.now(UTC)
    events = []
    seen_ids: set[str] = set()
    for position, line in enumerate(lines, start=1):
        seq = line.get("seq", position)
        if isinstance(seq, bool) or not isinstance(seq, int) or seq != position:
            raise InvalidJsonl(position, f"seq {seq!r} out of order: expected {position}")
        event_id = line.get("id", uuid.uuid4().hex)
        by = line.get("by", "host")
        if isinstance(by, int) and not isinstance(by, bool):
            by = str(by)  # a seat number written bare
        at = line.get("at")
        try:
            at = now if at is None else _parse_at(at)
            payload = {k: v for k, v in line.items() if k not in ENVELOPE_KEYS}
            check_event(event_id, line.get("type"), payload, by)
            v = check_version(line.get("v", 1))
        except InvalidEvent as exc:
            raise InvalidJsonl(position, str(exc)) from None
        if event_id in seen_ids:
            raise InvalidJsonl(position, f"id {event_id!r} appears twice")
        seen_ids.add(event_id)
        events.append(StoredEvent(seq, event_id, line["type"], payload, by, at, v=v))
    return events


def _parse_at(value: Any) -> datetime:
    if not isinstance(value, str):
        raise InvalidEvent(f"at must be an ISO 8601 string, got {value!r}")
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidEvent(f"at {value!r} is not ISO 8601") from None
    # Exports always carry an offset; a bare time in a hand-written file is taken as UTC.
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
