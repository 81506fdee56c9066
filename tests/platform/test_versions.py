"""Versioned events: each stored event says which shape it was written in, a game's upcasters
read the older shapes, and a newer release's event is refused, never misread."""

from __future__ import annotations

import json

import pytest

from companion.app import GAMES
from companion.cli import main
from companion.core.exits import EXIT_USAGE
from companion.core.versions import NewerShape, Upcaster, Versions
from companion.service.table import Table
from events import EventStore
from tests.platform import old_data

PRINCES = GAMES["princes_of_florence"]
OPENING = {"players": ["Ada", "Bea", "Cy"], "start_player": 0}


def test_upcasters_run_in_order_and_refuse_a_newer_version():
    versions = Versions(
        [
            Upcaster("moved", 3, lambda p: {"to": p["where"]}),
            Upcaster("moved", 2, lambda p: {"where": p["at"]}),
        ]
    )
    assert versions.of("moved") == 3 and versions.of("other") == 1
    assert versions.upcast("moved", 1, {"at": 5}) == {"to": 5}
    assert versions.upcast("moved", 3, {"to": 5}) == {"to": 5}
    with pytest.raises(NewerShape, match="newer release of Palazzo"):
        versions.upcast("moved", 4, {"to": 5})
    with pytest.raises(ValueError, match="follows no version"):
        Versions([Upcaster("moved", 3, dict)])


def test_the_store_keeps_each_events_version(store):
    store.create_game("g1")
    store.append("g1", id="e1", type="a", payload={}, by="host", expected_seq=0)
    store.append("g1", id="e2", type="b", payload={"x": 1}, by="host", expected_seq=1, v=2)
    assert [e.v for e in store.events("g1")] == [1, 2]
    text = store.export_jsonl("g1")
    lines = [json.loads(line) for line in text.splitlines()]
    assert "v" not in lines[0] and lines[1]["v"] == 2
    store.import_jsonl("g2", text.replace('"e1"', '"f1"').replace('"e2"', '"f2"'))
    assert [e.v for e in store.events("g2")] == [1, 2]


def test_a_new_opening_is_stored_in_version_2_naming_its_edition(store):
    table = Table(store, GAMES)
    game_id, state = table.create_game(OPENING)
    first = store.events(game_id)[0]
    assert first.v == 2 and first.payload["edition"] == "2022"
    assert state.edition == "2022"


def test_a_version_1_opening_is_read_in_todays_shape(store):
    """As 0.1.0 stored it: no edition (the 2022 one), or an older one named."""
    store.create_game("old")
    store.append("old", id="o1", type="game_started", payload=OPENING, by="host", expected_seq=0)
    table = Table(store, GAMES)
    assert table.state("old").edition == "2022"
    assert store.events("old")[0].payload == OPENING  # the row is never rewritten
    assert (
        PRINCES.versions.upcast("game_started", 1, {**OPENING, "edition": "older_german"})[
            "edition"
        ]
        == "older_german"
    )


def test_a_stored_event_of_a_newer_release_is_left_out_with_the_rest(store):
    table = Table(store, GAMES)
    game_id, _ = table.create_game(OPENING)
    seq = table.seq(game_id)
    store.append(
        game_id, id="n1", type="game_started", payload={}, by="host", expected_seq=seq, v=9
    )
    store.append(game_id, id="n2", type="anything", payload={}, by="host", expected_seq=seq + 1)
    table = Table(store, GAMES)  # a fresh process reads the log
    left_out = table.unreadable(game_id)
    assert set(left_out) == {seq + 1, seq + 2}
    assert "newer release of Palazzo" in str(left_out[seq + 1])


@pytest.mark.parametrize("game", [g["game"] for g in old_data.exports()])
def test_palazzo_replay_reads_each_log_0_1_0_exported(game, tmp_path, capsys):
    export = next(g for g in old_data.exports() if g["game"] == game)
    log = tmp_path / "log.jsonl"
    log.write_text(export["log"], encoding="utf-8")
    assert main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == old_data.figures()["games"][game]["summary"]


def test_palazzo_replay_refuses_a_log_of_a_newer_release(tmp_path, capsys):
    export = old_data.exports()[0]["log"].splitlines()
    first = json.loads(export[0])
    newer = [json.dumps({**first, "v": 3}), *export[1:]]
    log = tmp_path / "newer.jsonl"
    log.write_text("\n".join(newer) + "\n", encoding="utf-8")
    before = old_data.digest(log)
    assert main(["replay", str(log)]) == EXIT_USAGE
    said = capsys.readouterr().err
    assert "line 1: game_started was written by a newer release of Palazzo" in said
    assert "Traceback" not in said and old_data.digest(log) == before


def test_a_store_opened_on_a_version_column_keeps_it(tmp_path):
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with EventStore(url) as store:
        store.create_game("g")
        store.append("g", id="a", type="t", payload={}, by="host", expected_seq=0, v=3)
    with EventStore(url) as store:
        assert store.events("g")[0].v == 3
