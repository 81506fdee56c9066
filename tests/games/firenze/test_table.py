"""Firenze on the shared event core: the same store and service as the Princes, either game."""

from __future__ import annotations

import pytest

from companion.app import GAMES
from companion.games.firenze.rules import Refusal, replay
from companion.service.table import SNAPSHOT_EVERY, Table
from tests.support.firenze_game import events


def test_a_firenze_game_recorded_through_the_table_replays_from_the_store(store):
    log = events() + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}]
    assert len(log) > 2 * SNAPSHOT_EVERY  # snapshots are taken and used on the way
    table = Table(store, GAMES)
    game_id, state = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    assert state["game"] == "firenze" and state["phase"] == "setup"
    for ev in log[1:]:
        table.record(game_id, ev, by="host")
    expected = replay(log)
    assert table.state(game_id) == expected
    assert Table(store, GAMES).state(game_id) == expected  # a new process: from a snapshot
    assert store.latest_snapshot(game_id)[1]["game"] == "firenze"
    assert [e.type for e in store.events(game_id)] == [e["type"] for e in log]


def test_refused_events_store_nothing_and_undo_goes_through_the_same_service(store):
    log = events()[:9]  # Thomas has taken his first card
    table = Table(store, GAMES)
    game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    for ev in log[1:]:
        table.record(game_id, ev, by="host")
    before, seq = table.state(game_id), table.seq(game_id)
    with pytest.raises(Refusal) as r:
        table.record(game_id, {"type": "card_taken", "player": 2, "position": 1}, by="2")
    assert r.value.code == "not_your_turn"
    with pytest.raises(Refusal):
        table.record(game_id, {"type": "card_taken", "player": 0, "sneaky": 1}, by="0")
    assert (table.state(game_id), table.seq(game_id)) == (before, seq)
    built = {"type": "towers_built", "player": 0, "build": [{"colour": "white", "bricks": 2}]}
    table.record(game_id, built, by="0", event_id="tap-1")
    again = table.record(game_id, built, by="0", event_id="tap-1")  # a double tap
    assert again.duplicate and table.seq(game_id) == seq + 1
    table.record(game_id, {"type": "retracted", "seqs": [seq + 1]}, by="host")
    assert table.state(game_id) == before


def test_one_registry_names_both_games_and_refuses_a_third():
    assert set(GAMES.ids()) == {"princes_of_florence", "firenze"}
    assert GAMES.of_event({"type": "game_started"}).id == "princes_of_florence"
    assert GAMES.of_event({"type": "game_started", "game": "firenze"}).title == "Firenze"
    with pytest.raises(Exception) as e:
        GAMES.of_event({"type": "game_started", "game": "chess"})
    assert e.value.code == "bad_event"


def test_a_firenze_story_told_when_first_read_says_what_one_told_at_once_says(store):
    """The service tells a recorded event's story when a screen first reads it, on the story's
    fold's state as it stands after it: the same facts as a story told from the log (a new process)."""
    log = events() + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}]
    table = Table(store, GAMES)
    game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    for i, ev in enumerate(log[1:], 1):
        table.record(game_id, ev, by="host")
        assert table._folds[game_id].untold is not None  # told when first read, not now
        if i % 11 == 0:
            table.replay(game_id)
    late, at_once = table.replay(game_id), Table(store, GAMES).replay(game_id)
    assert late.seq == at_once.seq == len(log)
    assert len(late.facts) == len(log)
    assert late.facts == at_once.facts and late.counting == at_once.counting
