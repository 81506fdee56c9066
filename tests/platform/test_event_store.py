"""Contract of the event store, run against SQLite and a real PostgreSQL."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import pytest

from events import (
    EventIdClash,
    EventStore,
    GameExists,
    InvalidEvent,
    InvalidJsonl,
    SeqConflict,
    StoredEvent,
    UnknownGame,
    default_url,
    parse_jsonl,
    to_line,
)


def add(store, game_id, n, *, start=0, prefix="e"):
    """Append n events in order, the way a single table would."""
    return [
        store.append(
            game_id,
            id=f"{prefix}{start + i}",
            type="bid",
            payload={"player": i % 3, "amount": 100 * i},
            by=str(i % 3),
            expected_seq=start + i,
        ).event
        for i in range(n)
    ]


# -- appending -----------------------------------------------------------------------------


def test_new_game_has_an_empty_log(store):
    store.create_game("g", {})
    assert store.events("g") == []
    assert store.last_seq("g") == 0


def test_seqs_are_gapless_from_one(store):
    store.create_game("g", {})
    appended = add(store, "g", 5)
    assert [e.seq for e in appended] == [1, 2, 3, 4, 5]
    assert store.events("g") == appended  # what append returns is exactly what is stored
    assert store.last_seq("g") == 5
    assert [e.seq for e in store.events("g", after_seq=3)] == [4, 5]


def test_logs_of_different_games_are_independent(store):
    store.create_game("a", {})
    store.create_game("b", {})
    add(store, "a", 3, prefix="a")
    add(store, "b", 2, prefix="b")
    assert [e.id for e in store.events("a")] == ["a0", "a1", "a2"]
    assert [e.seq for e in store.events("b")] == [1, 2]


def test_last_seqs_gives_each_games_last_seq_in_one_query(store):
    """The live watcher's poll: every game asked, its own last seq; 0 for a game without
    events and for an id no game has."""
    store.create_game("a", {})
    store.create_game("b", {})
    store.create_game("empty", {})
    add(store, "a", 3, prefix="a")
    add(store, "b", 2, prefix="b")
    statements = []
    fetch = store._driver.fetch  # the poll runs on the driver, one statement per fetch

    def counted(name, values):
        statements.append(name)
        return fetch(name, values)

    store._driver.fetch = counted
    assert store.last_seqs(["a", "b", "empty", "nosuch"]) == {
        "a": 3,
        "b": 2,
        "empty": 0,
        "nosuch": 0,
    }
    assert len(statements) == 1
    assert store.last_seqs([]) == {}
    add(store, "b", 1, start=2, prefix="b2")
    assert store.last_seqs(["b"]) == {"b": 3} == {"b": store.last_seq("b")}


def test_stale_expected_seq_is_refused_and_stores_nothing(store):
    store.create_game("g", {})
    add(store, "g", 2)
    with pytest.raises(SeqConflict) as err:
        store.append("g", id="late", type="bid", payload={}, by="1", expected_seq=1)
    assert err.value.last_seq == 2 and err.value.expected_seq == 1
    assert store.last_seq("g") == 2
    assert store.find("g", "late") is None


def test_expected_seq_ahead_of_the_log_cannot_leave_a_gap(store):
    store.create_game("g", {})
    add(store, "g", 1)
    with pytest.raises(SeqConflict) as err:
        store.append("g", id="ahead", type="bid", payload={}, by="1", expected_seq=5)
    assert err.value.last_seq == 1
    assert [e.seq for e in store.events("g")] == [1]


def test_two_stores_that_know_their_last_seq_still_keep_the_log_gapless(store_url):
    """Each store appends after a seq it knows is stored with a plain INSERT: when the other
    store (another process) appended meanwhile, the taken seq is refused, never doubled,
    and an expected_seq ahead of what either has seen is refused, never leaves a gap."""
    with EventStore(store_url) as one, EventStore(store_url) as two:
        one.create_game("g", {})
        one.append("g", id="a1", type="bid", payload={}, by="0", expected_seq=0)
        one.append("g", id="a2", type="bid", payload={}, by="0", expected_seq=1)
        two.append("g", id="b3", type="bid", payload={}, by="1", expected_seq=2)
        with pytest.raises(SeqConflict) as err:  # `one` knows seq 2, the log is at 3
            one.append("g", id="a3", type="bid", payload={}, by="0", expected_seq=2)
        assert err.value.last_seq == 3
        with pytest.raises(SeqConflict):
            one.append("g", id="a9", type="bid", payload={}, by="0", expected_seq=8)
        one.append("g", id="a4", type="bid", payload={}, by="0", expected_seq=3)
        with pytest.raises(SeqConflict):  # `two` knows seq 3, the log is at 4
            two.append("g", id="b4", type="bid", payload={}, by="1", expected_seq=3)
        with pytest.raises(SeqConflict):
            two.append("g", id="b9", type="bid", payload={}, by="1", expected_seq=6)
        assert [(e.seq, e.id) for e in two.events("g")] == [
            (1, "a1"),
            (2, "a2"),
            (3, "b3"),
            (4, "a4"),
        ]


def test_same_id_twice_stores_one_event_and_flags_the_retry(store):
    store.create_game("g", {})
    first = store.append(
        "g", id="bid-1", type="bid", payload={"amount": 300}, by="0", expected_seq=0
    )
    again = store.append(
        "g", id="bid-1", type="bid", payload={"amount": 300}, by="0", expected_seq=0
    )
    assert not first.duplicate and again.duplicate
    assert again.event == first.event
    assert store.events("g") == [first.event]


def test_duplicate_id_wins_over_the_seq_check(store):
    # The phone's first attempt landed, then more moves came in; its retry still carries the
    # old expected seq and must be recognised as a retry, not reported as a conflict.
    store.create_game("g", {})
    first = store.append("g", id="bid-1", type="bid", payload={}, by="0", expected_seq=0)
    add(store, "g", 3, start=1)
    again = store.append("g", id="bid-1", type="bid", payload={}, by="0", expected_seq=0)
    assert again.duplicate and again.event == first.event
    assert store.last_seq("g") == 4


def test_same_id_in_another_game_is_a_clash(store):
    store.create_game("a", {})
    store.create_game("b", {})
    store.append("a", id="x", type="bid", payload={}, by="0", expected_seq=0)
    with pytest.raises(EventIdClash) as err:
        store.append("b", id="x", type="bid", payload={}, by="0", expected_seq=0)
    assert err.value.other_game_id == "a"
    assert "already used" in str(err.value) and "'a'" not in str(err.value)  # names no game
    assert store.events("b") == []


def test_appending_to_a_missing_game_fails(store):
    with pytest.raises(InvalidEvent):
        store.append("g" * 65, id="x", type="bid", payload={}, by="0", expected_seq=0)
    with pytest.raises(UnknownGame):
        store.append("nope", id="x", type="bid", payload={}, by="0", expected_seq=0)
    with pytest.raises(UnknownGame):
        store.append("nope", id="y", type="bid", payload={}, by="0", expected_seq=3)


@pytest.mark.parametrize(
    "bad",
    [
        {"id": ""},
        {"id": "x" * 65},
        {"type": ""},
        {"by": 0},
        {"payload": ["not", "a", "dict"]},
        {"payload": {"seq": 3}},  # would collide with the envelope on export
        {"payload": {1: "int key"}},
        {"payload": {"cards": {"a set is not JSON"}}},
        {"expected_seq": -1},
        {"expected_seq": "0"},
        {"at": datetime(2025, 1, 1)},  # naive
    ],
)
def test_malformed_events_are_refused_before_storage(store, bad):
    store.create_game("g", {})
    event = {"id": "ok", "type": "bid", "payload": {}, "by": "0", "expected_seq": 0} | bad
    with pytest.raises(InvalidEvent):
        store.append("g", **event)
    assert store.events("g") == []


def test_timestamps_are_stored_in_utc(store):
    store.create_game("g", {})
    cest = timezone(timedelta(hours=2))
    at = datetime(2025, 6, 1, 20, 30, 15, 123456, tzinfo=cest)
    store.append("g", id="e", type="bid", payload={}, by="host", at=at, expected_seq=0)
    stored = store.events("g")[0].at
    assert stored == at and stored.tzinfo == UTC
    assert stored == datetime(2025, 6, 1, 18, 30, 15, 123456, tzinfo=UTC)
    default = store.append("g", id="f", type="bid", payload={}, by="host", expected_seq=1)
    assert abs(datetime.now(UTC) - default.event.at) < timedelta(minutes=1)


def test_find_looks_in_one_game_only(store):
    store.create_game("a", {})
    store.create_game("b", {})
    (event,) = add(store, "a", 1)
    assert store.find("a", event.id) == event
    assert store.find("b", event.id) is None
    assert store.find("a", "missing") is None


def test_payload_keeps_nested_json(store):
    store.create_game("g", {})
    payload = {
        "cards": ["jester", "recruit"],
        "board": {"3,4": "park"},
        "ok": True,
        "none": None,
        "price": 2.5,
        "name": "Lorenzo de’ Medici",
    }
    store.append("g", id="e", type="setup", payload=payload, by="host", expected_seq=0)
    assert store.events("g")[0].payload == payload


# -- games ---------------------------------------------------------------------------------


def test_games_hold_opaque_meta(store):
    record = store.create_game("g1", {"players": 4, "seats": {"0": "hash"}})
    assert record.id == "g1" and record.created_at.tzinfo == UTC
    assert store.game("g1") == record
    store.create_game("g2", {})
    assert [g.id for g in store.games()] == ["g1", "g2"]
    store.update_game_meta("g1", {"players": 5})
    assert store.game("g1").meta == {"players": 5}
    assert store.game("missing") is None


def test_game_ids_are_unique(store):
    store.create_game("g", {})
    with pytest.raises(GameExists):
        store.create_game("g", {"other": True})
    with pytest.raises(UnknownGame):
        store.update_game_meta("missing", {})


# -- snapshots -----------------------------------------------------------------------------


def test_snapshots_save_latest_and_drop(store):
    store.create_game("g", {})
    assert store.latest_snapshot("g") is None
    for seq in (10, 20, 30):
        store.save_snapshot("g", seq, {"round": seq // 10, "florins": [seq, 0]})
    assert store.latest_snapshot("g") == (30, {"round": 3, "florins": [30, 0]})
    assert store.latest_snapshot("g", max_seq=25) == (20, {"round": 2, "florins": [20, 0]})
    assert store.latest_snapshot("g", max_seq=9) is None

    store.save_snapshot("g", 20, {"round": "recomputed"})  # a cache: overwrite is fine
    assert store.latest_snapshot("g", max_seq=20) == (20, {"round": "recomputed"})

    assert store.drop_snapshots("g", 20) == 2  # undo retracted event 20 and later
    assert store.latest_snapshot("g") == (10, {"round": 1, "florins": [10, 0]})


def test_snapshots_belong_to_one_game(store):
    store.create_game("a", {})
    store.create_game("b", {})
    store.save_snapshot("a", 5, {"a": 1})
    assert store.latest_snapshot("b") is None
    store.drop_snapshots("b", 0)
    assert store.latest_snapshot("a") == (5, {"a": 1})
    with pytest.raises(UnknownGame):
        store.save_snapshot("missing", 1, {})


# -- JSON Lines ----------------------------------------------------------------------------


def test_export_lines_are_flat_objects(store):
    store.create_game("g", {})
    at = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    store.append("g", id="e1", type="bid", payload={"amount": 300}, by="2", at=at, expected_seq=0)
    text = store.export_jsonl("g")
    assert text.endswith("\n") and text.count("\n") == 1
    line = json.loads(text)
    assert line == {
        "seq": 1,
        "id": "e1",
        "type": "bid",
        "amount": 300,
        "by": "2",
        "at": "2025-03-01T12:00:00+00:00",
    }
    assert list(line) == ["seq", "id", "type", "amount", "by", "at"]


def test_export_then_import_is_identical(store):
    store.create_game("orig", {})
    add(store, "orig", 12)
    store.import_jsonl(
        "copy-of-orig",
        store.export_jsonl("orig").replace('"id": "e', '"id": "c'),
        meta={"imported": True},
    )
    copy = store.events("copy-of-orig")
    assert [(e.seq, e.type, e.payload, e.by, e.at) for e in copy] == [
        (e.seq, e.type, e.payload, e.by, e.at) for e in store.events("orig")
    ]
    assert store.game("copy-of-orig").meta == {"imported": True}


def test_export_import_roundtrip_across_stores(store, tmp_path):
    store.create_game("g", {})
    add(store, "g", 7)
    original = store.events("g")
    with EventStore(f"sqlite:///{tmp_path / 'other.db'}") as other:
        imported = other.import_jsonl("g", store.export_jsonl("g"))
        assert imported == original
        assert other.events("g") == original
        assert other.export_jsonl("g") == store.export_jsonl("g")


def test_import_fills_in_a_missing_envelope(store):
    text = '{"type": "setup", "players": 3}\n\n{"type": "bid", "amount": 200, "by": 1}\n'
    events = store.import_jsonl("g", text)
    assert [(e.seq, e.type, e.payload, e.by) for e in events] == [
        (1, "setup", {"players": 3}, "host"),
        (2, "bid", {"amount": 200}, "1"),
    ]
    assert all(len(e.id) == 32 for e in events) and events[0].id != events[1].id
    assert store.events("g") == events
    assert store.last_seq("g") == 2


@pytest.mark.parametrize(
    "text, problem",
    [
        ('{"seq": 1, "type": "a"}\n{"seq": 3, "type": "b"}\n', "line 2"),
        ('{"seq": 2, "type": "a"}\n', "line 1"),
        ('{"type": "a"}\nnot json\n', "line 2"),
        ("[1, 2]\n", "line 1"),
        ('{"type": "a", "id": "x"}\n{"type": "b", "id": "x"}\n', "twice"),
        ('{"type": "a", "at": "yesterday"}\n', "ISO"),
        ('{"amount": 3}\n', "type"),
    ],
)
def test_bad_imports_store_nothing(store, text, problem):
    with pytest.raises(InvalidJsonl, match=problem):
        store.import_jsonl("g", text)
    assert store.game("g") is None


def test_import_refuses_existing_games_and_foreign_ids(store):
    store.create_game("g", {})
    add(store, "g", 1)
    with pytest.raises(GameExists):
        store.import_jsonl("g", '{"type": "a"}\n')
    with pytest.raises(EventIdClash):
        store.import_jsonl("h", store.export_jsonl("g"))
    assert store.game("h") is None
    assert store.events("h") == []


def test_jsonl_helpers_are_pure():
    event = StoredEvent(3, "abc", "bid", {"amount": 1}, "0", datetime(2025, 1, 1, tzinfo=UTC))
    assert to_line(event) == {
        "seq": 3,
        "id": "abc",
        "type": "bid",
        "amount": 1,
        "by": "0",
        "at": "2025-01-01T00:00:00+00:00",
    }
    assert parse_jsonl('{"a": 1}\n\n  \n{"b": 2}') == [{"a": 1}, {"b": 2}]
    assert parse_jsonl("") == []


# -- persistence and configuration ---------------------------------------------------------


def test_a_new_store_on_the_same_database_sees_the_same_log(store_url):
    with EventStore(store_url) as first:
        first.create_game("g", {"k": "v"})
        add(first, "g", 4)
        first.save_snapshot("g", 4, {"s": 4})
        events = first.events("g")
    with EventStore(store_url) as second:
        assert second.events("g") == events
        assert second.game("g").meta == {"k": "v"}
        assert second.latest_snapshot("g") == (4, {"s": 4})
        second.append("g", id="next", type="bid", payload={}, by="0", expected_seq=4)
        assert second.last_seq("g") == 5


def test_default_database_is_sqlite_in_the_instance_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    monkeypatch.setenv("PALAZZO_INSTANCE", str(tmp_path / "inst"))
    assert default_url() == f"sqlite:///{tmp_path / 'inst' / 'palazzo.db'}"
    assert not (tmp_path / "inst").exists()
    with EventStore() as store:  # creates the instance dir on first use
        store.create_game("g", {})
    db = sqlite3.connect(tmp_path / "inst" / "palazzo.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT id FROM games").fetchall() == [("g",)]
    db.close()


def test_database_url_env_var_wins(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    monkeypatch.setenv("PALAZZO_INSTANCE", str(tmp_path / "unused"))
    monkeypatch.setenv("PALAZZO_DATABASE_URL", url)
    assert default_url() == url
    with EventStore() as store:
        store.create_game("g", {})
    assert (tmp_path / "elsewhere.db").exists()
    assert not (tmp_path / "unused").exists()


def test_in_memory_sqlite_works_for_quick_scripts():
    with EventStore("sqlite://") as store:
        store.create_game("g", {})
        add(store, "g", 2)
        assert store.last_seq("g") == 2


def test_last_seqs_of_many_games_at_once(store, monkeypatch):
    """The live watcher's poll: each game's last seq, 0 for a game without events or none at
    all, whatever the number of games (padded to a power of two, in chunks)."""
    import events.store

    ids = []
    for n in range(7):
        store.create_game(f"game-{n}", {})
        add(store, f"game-{n}", n, prefix=f"g{n}-")
        ids.append(f"game-{n}")
    expected = {g: store.last_seq(g) for g in ids} | {"no-such-game": 0}
    assert [expected[g] for g in ids] == list(range(7))
    assert store.last_seqs([]) == {}
    assert store.last_seqs(["game-3"]) == {"game-3": 3}
    assert store.last_seqs([*ids, "no-such-game"]) == expected
    assert store.last_seqs(["game-5", "game-5", "game-2"]) == {"game-5": 5, "game-2": 2}
    monkeypatch.setattr(events.store, "LAST_SEQS_CHUNK", 3)
    assert store.last_seqs([*ids, "no-such-game"]) == expected
    add(store, "game-0", 2)  # and a later poll sees what was appended since
    assert store.last_seqs(ids)["game-0"] == 2
