"""Stored events fold without their shape check; a hand-written log never does.

Every event's shape is checked at the door, when it is appended, so the
service folds what it reads back from the store without checking it again. A log given to
`palazzo replay` came from nowhere in particular: each of its events is checked. A row written
past the door (a damaged database) still gets the checked fold's answer, whatever the rules
would have made of it unchecked."""

from __future__ import annotations

import json

import pytest

import companion.games.princes.rules.engine as engine
from companion.app import GAMES
from companion.games.princes.rules import Refusal, play, replay, simulation_catalog
from companion.service.table import Table
from tests.platform.table import record_game, teach_everything
from tests.support.cli import replay_json
from tests.support.event_store_robust import put_raw_row


@pytest.fixture
def shape_checks(monkeypatch):
    """How many events the Princes' shape check has looked at."""
    seen = []
    real = engine.check_shape

    def counted(event):
        seen.append(event.get("type"))
        return real(event)

    monkeypatch.setattr(engine, "check_shape", counted)
    return seen


def with_a_note(log: list[dict]) -> tuple[list[dict], int]:
    """The log with a field no event declares on its first turn_ended: the rules themselves
    would not mind it, only the shape check does. Returns the log and that event's line."""
    at = next(i for i, e in enumerate(log) if e["type"] == "turn_ended")
    bad = [dict(e) for e in log]
    bad[at]["note"] = "typed by hand"
    return bad, at + 1


def test_a_stored_log_folds_without_the_shape_check_to_the_same_state(shape_checks):
    catalog = simulation_catalog()
    log, state = play(4, seed=3, catalog=catalog)
    shape_checks.clear()  # the autoplay asked the rules too
    checked = replay(log, catalog)
    assert len(shape_checks) == len(log)  # a log from nowhere: every event checked
    shape_checks.clear()
    stored = replay(log, catalog, trusted=True)
    assert shape_checks == []
    assert stored.to_dict() == checked.to_dict() == state.to_dict()


def test_a_hand_written_log_with_a_broken_shape_is_still_refused(tmp_path):
    catalog = simulation_catalog()
    log, _ = play(3, seed=4, catalog=catalog)
    bad, line = with_a_note(log)
    with pytest.raises(Refusal) as refused:
        replay(bad, catalog)
    assert (refused.value.code, refused.value.seq) == ("bad_event", line)
    assert "note" in refused.value.message
    out = replay_json(tmp_path, bad, "bad.jsonl")
    assert out.returncode == 3
    error = json.loads(out.stdout)["error"]
    assert (error["seq"], error["code"]) == (line, "bad_event") and "note" in error["message"]
    # trusted, the same log is not checked again: the note goes unnoticed (what the store's
    # door is for)
    assert replay(bad, catalog, trusted=True).phase == "over"


def test_a_trusted_log_the_rules_refuse_gets_the_checked_refusal():
    """A row past the door that the rules trip on: the log is folded again with every check,
    so the refusal is the one an untrusted replay gives, at the same seq."""
    catalog = simulation_catalog()
    log, _ = play(3, seed=4, catalog=catalog)
    at = next(i for i, e in enumerate(log) if e["type"] == "auction_opened")
    bad = [dict(e) for e in log]
    bad[at] = {"type": "auction_opened", "player": bad[at]["player"], "panels": [1]}
    with pytest.raises(Refusal) as checked:
        replay(bad, catalog)
    with pytest.raises(Refusal) as trusted:
        replay(bad, catalog, trusted=True)
    assert checked.value.code == "bad_event"
    assert (trusted.value.code, trusted.value.seq, trusted.value.message) == (
        checked.value.code,
        checked.value.seq,
        checked.value.message,
    )


def test_the_table_folds_stored_events_unchecked_and_checks_each_new_one(
    store, tmp_path, shape_checks
):
    catalog = simulation_catalog()
    log, _ = play(3, seed=5, catalog=catalog)
    table = Table(store, GAMES, teach_everything(tmp_path))
    shape_checks.clear()
    game_id = record_game(table, log[:30])
    assert len(shape_checks) >= 30  # every event recorded was checked at the door
    before = table.state(game_id).to_dict()

    shape_checks.clear()
    fresh = Table(store, GAMES, teach_everything(tmp_path))  # as after a restart
    assert fresh.state(game_id).to_dict() == before
    assert shape_checks == []  # read back from the store: not checked again

    seq = store.last_seq(game_id)
    with pytest.raises(Refusal) as refused:  # the door still checks a new event
        fresh.record(game_id, {**log[30], "note": "typed by hand"}, by="host")
    assert refused.value.code == "bad_event" and store.last_seq(game_id) == seq
    shape_checks.clear()
    fresh.record(game_id, log[30], by="host")
    assert log[30]["type"] in shape_checks and store.last_seq(game_id) > seq


def test_a_damaged_row_is_left_out_with_the_checked_reason(store, tmp_path):
    """A row written behind the store's back: unchecked, the rules would have refused it for
    another reason (no such object); the game is folded again with every check, so it is
    left out for its shape, as before, and the game goes on."""
    catalog = simulation_catalog()
    log, _ = play(3, seed=5, catalog=catalog)
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id = record_game(table, log[:5])
    opener = next(e for e in log[5:] if e["type"] == "auction_opened")
    seq = store.last_seq(game_id) + 1
    damaged = json.dumps({"player": opener["player"], "panels": [1]})
    put_raw_row(store, game_id, seq, damaged, "auction_opened")
    fresh = Table(store, GAMES, teach_everything(tmp_path))
    left_out = fresh.unreadable(game_id)
    with pytest.raises(Refusal) as shape:
        engine.check_shape({"type": "auction_opened", "player": opener["player"], "panels": [1]})
    assert shape.value.code == "bad_event"
    assert list(left_out) == [seq] and str(left_out[seq]) == shape.value.message
    assert fresh.state(game_id).to_dict() == table.state(game_id).to_dict()
    assert fresh.record(game_id, log[5], by="host").event.seq > seq
