"""The store against hostile and damaged data, on SQLite and PostgreSQL: what cannot be stored
is refused before the database sees it, lookups with impossible keys find nothing, and a row
that cannot be read back is reported by its seq instead of failing every read of its game."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from events import InvalidEvent, InvalidJsonl, parse_jsonl
from events.boundedjson import JsonRefused, depth, loads
from tests.support.event_store_robust import put_raw_row


def nested(levels: int) -> list:
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    "payload, why",
    [
        ({"cells": nested(975)}, "nested more than"),
        ({"note": "x" * 40_000}, "larger than"),
        ({"name": "a\x00b"}, "NUL"),
        ({"a\x00": 1}, "NUL"),
        ({"when": datetime(2026, 1, 1)}, "JSON cannot carry"),
        ({"n": float("nan")}, "not plain JSON"),
    ],
)
def test_what_cannot_be_stored_is_refused_before_the_database(store, payload, why):
    store.create_game("g", {})
    with pytest.raises(InvalidEvent, match=why):
        store.append("g", id="e1", type="bid", payload=payload, by="0", expected_seq=0)
    assert store.events("g") == [] and store.last_seq("g") == 0


def test_keys_with_a_nul_are_refused_and_never_found(store):
    with pytest.raises(InvalidEvent, match="NUL"):
        store.create_game("g\x00x", {})
    store.create_game("g", {})
    with pytest.raises(InvalidEvent, match="NUL"):
        store.append("g", id="e\x001", type="bid", payload={}, by="0", expected_seq=0)
    with pytest.raises(InvalidEvent, match="NUL"):
        store.append("g\x00", id="e1", type="bid", payload={}, by="0", expected_seq=0)
    # lookups answer "no such game", never a driver error (PostgreSQL refuses a NUL outright)
    assert store.game("g\x00") is None
    assert store.events("g\x00") == []
    assert store.last_seq("g\x00") == 0
    assert store.find("g", "e\x00") is None and store.find("g\x00", "e1") is None
    assert store.latest_snapshot("g\x00") is None


def test_an_unreadable_row_is_reported_not_raised(store):
    store.create_game("g", {})
    store.append("g", id="e1", type="bid", payload={"amount": 1}, by="0", expected_seq=0)
    put_raw_row(store, "g", 2, '{"cells": ' + "[" * 975 + "]" * 975 + "}")
    store.append("g", id="e3", type="bid", payload={"amount": 3}, by="0", expected_seq=2)
    events = store.events("g")
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].unreadable is None and events[2].payload == {"amount": 3}
    assert events[1].payload == {} and "nested more than" in events[1].unreadable
    # the export says so too, rather than silently dropping the row
    lines = [json.loads(line) for line in store.export_jsonl("g").splitlines()]
    assert "nested more than" in lines[1]["unreadable"]


def test_a_corrupt_row_on_sqlite_is_reported(tmp_path):
    from events import EventStore

    with EventStore(f"sqlite:///{tmp_path / 'p.db'}") as store:
        store.create_game("g", {})
        put_raw_row(store, "g", 1, "{not json")
        put_raw_row(store, "g", 2, "[1, 2]")
        first, second = store.events("g")
        assert "not valid JSON" in first.unreadable
        assert "not a JSON object" in second.unreadable


def test_bounded_json_refuses_without_recursing():
    for hostile in ("[" * 100_000, "[" * 975 + "]" * 975, '{"a":' * 5000):
        with pytest.raises(JsonRefused, match="nested more than|not valid JSON"):
            loads(hostile, max_bytes=10**6)
    with pytest.raises(JsonRefused, match="larger than"):
        loads("1" * 70_000)
    assert loads('{"a": [1, {"b": 2}]}') == {"a": [1, {"b": 2}]}
    assert depth(nested(5000)) == 5000  # measured without recursion


def test_a_deep_line_in_an_imported_log_is_refused_at_its_line():
    good = json.dumps({"type": "bid", "amount": 1})
    with pytest.raises(InvalidJsonl, match="line 2: it is nested more than"):
        parse_jsonl(good + "\n" + "[" * 3000 + "]" * 3000 + "\n")


def test_sqlite_stores_a_time_as_the_same_text_whatever_its_zone():
    """The append's shortcut for a UTC time writes what SQLAlchemy's DATETIME would: the same
    text as the same instant given in another zone, or as a naive UTC value."""
    from datetime import timedelta, timezone

    from sqlalchemy import DateTime
    from sqlalchemy.dialects import sqlite

    from events.models import UTCDateTime

    dialect = sqlite.dialect()
    process = UTCDateTime().bind_processor(dialect)
    plain = DateTime().dialect_impl(dialect).bind_processor(dialect)
    for when in (
        datetime(2026, 11, 27, 6, 31, 3, 123456, tzinfo=UTC),
        datetime(2026, 1, 1, tzinfo=UTC),
        datetime(999, 12, 31, 23, 59, 59, 1, tzinfo=UTC),
    ):
        elsewhere = when.astimezone(timezone(timedelta(hours=-5)))
        assert process(when) == process(elsewhere) == plain(when.replace(tzinfo=None))
    assert process(None) is None
