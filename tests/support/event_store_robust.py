"""What the tests of event store robust share with other tests (put_raw_row): kept here, since a
test module imports no other test module."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import text


def put_raw_row(store, game_id: str, seq: int, payload_text: str, type_: str = "bid"):
    """Write a row behind the store's back, as a damaged or pre-limits database would hold."""
    with store.engine.begin() as conn:
        conn.execute(
            text(
                'INSERT INTO events (game_id, seq, id, type, payload, "by", at) '
                "VALUES (:g, :s, :i, :t, :p, 'host', :a)"
            ),
            {
                "g": game_id,
                "s": seq,
                "i": f"raw-{game_id}-{seq}",
                "t": type_,
                "p": payload_text,
                "a": datetime(2026, 1, 1, tzinfo=UTC),
            },
        )
