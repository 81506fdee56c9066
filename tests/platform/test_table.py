"""The Table service: validate-then-append on real databases (SQLite and PostgreSQL)."""

import json
import logging
import threading

import pytest

from companion.app import GAMES
from companion.games.princes.game import SNAPSHOT_FORMAT
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import BUILTIN, Refusal, replay
from companion.games.princes.rules.autoplay import play, simulation_catalog
from companion.service.table import SNAPSHOT_EVERY, Table, engine_event
from events import EventStore
from tests.platform.table import record_game, teach_everything


def test_a_refused_event_leaves_log_and_state_unchanged(store, tmp_path):
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    before_state = table.state(game_id).to_dict()
    before_log = table.export_jsonl(game_id)
    with pytest.raises(Refusal) as refused:
        table.record(game_id, {"type": "bid_raised", "player": 0, "amount": 300}, by="0")
    assert refused.value.code == "wrong_phase"
    assert table.export_jsonl(game_id) == before_log
    assert table.state(game_id).to_dict() == before_state
    assert Table(store, GAMES).state(game_id).to_dict() == before_state  # and from the database


def test_a_refused_start_creates_no_game(store):
    table = Table(store, GAMES)
    with pytest.raises(Refusal) as refused:
        table.create_game({"players": ["Solo"], "start_player": 0})
    assert refused.value.code == "bad_player_count"
    assert store.games() == []


def test_the_same_event_id_twice_is_stored_once(store, tmp_path):
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id, _ = table.create_game(
        {
            "players": ["Ada", "Ben"],
            "start_player": 0,
            "freedoms": {"travel": 2, "religion": 2, "opinion": 1},
        }
    )
    hand = {
        "type": "starting_hand_chosen",
        "player": 0,
        "professions": ["poet", "sim_00", "sim_01"],
    }
    first = table.record(game_id, hand, by="0", event_id="tap-1")
    again = table.record(game_id, hand, by="0", event_id="tap-1")
    assert not first.duplicate and again.duplicate
    assert again.event == first.event
    assert [e.type for e in table.events(game_id)].count("starting_hand_chosen") == 1


def test_unknown_profession_is_refused_until_taught_then_the_log_carries_it(store, tmp_path):
    learned = LearnedCatalog(tmp_path / "instance")
    table = Table(store, GAMES, learned)
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    hand = {
        "type": "starting_hand_chosen",
        "player": 0,
        "professions": ["poet", "painter", "sculptor"],
    }
    with pytest.raises(Refusal) as refused:
        table.record(game_id, hand, by="0")
    assert refused.value.code == "profession_unknown"
    assert table.seq(game_id) == 1
    learned.teach_profession("painter", "studio", "park", "opinion")
    learned.teach_profession("sculptor", "workshop", "forest", "religion")
    recorded = table.record(game_id, hand, by="0")
    assert [e.type for e in recorded.taught] == ["profession_taught", "profession_taught"]
    # the exported log replays on a machine that was never taught these cards
    lines = [json.loads(x) for x in table.export_jsonl(game_id).splitlines()]
    assert replay(lines, BUILTIN).players[0].hand == ["poet", "painter", "sculptor"]


def test_snapshot_plus_tail_equals_a_full_replay(store, tmp_path):
    log, final = play(5, seed=11, catalog=simulation_catalog())
    assert len(log) > 3 * SNAPSHOT_EVERY
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id = record_game(table, log)
    assert (
        store.latest_snapshot(game_id)[0] == (table.seq(game_id) // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
    )
    fresh = Table(store, GAMES)  # a restarted server: empty cache, snapshot + tail
    from_snapshot = fresh.state(game_id).to_dict()
    full = replay([engine_event(e) for e in store.events(game_id)], BUILTIN).to_dict()
    assert from_snapshot == full
    assert full["final"] == final.final


def test_a_snapshot_of_another_format_is_ignored_and_the_log_folded_again(store, tmp_path):
    """A snapshot is a cache: one written before snapshots carried their format (a bare state,
    as older releases saved them) or in another format is never upgraded; the state is folded
    from the log, and the next snapshot is written in today's format."""
    table = Table(store, GAMES)
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    for i in range(SNAPSHOT_EVERY - 2):  # the game stands at seq 49: no snapshot yet
        table.record(
            game_id,
            {"type": "correction", "player": i % 3, "money": 100, "reason": f"count {i}"},
            by="host",
        )
    truth = table.state(game_id).to_dict()
    wrong = dict(truth, players=[dict(p, money=0) for p in truth["players"]])
    store.save_snapshot(game_id, table.seq(game_id), wrong)  # a bare state, no format
    assert Table(store, GAMES).state(game_id).to_dict() == truth
    store.save_snapshot(
        game_id, table.seq(game_id), {"game": "princes_of_florence", "format": 1, "state": wrong}
    )
    assert Table(store, GAMES).state(game_id).to_dict() == truth
    table.record(game_id, {"type": "correction", "player": 0, "money": 0, "reason": "x"}, by="host")
    seq, data = store.latest_snapshot(game_id)
    assert seq == SNAPSHOT_EVERY and data["game"] == "princes_of_florence"
    assert data["format"] == SNAPSHOT_FORMAT


def test_undo_reaching_behind_a_snapshot_rebuilds_from_the_whole_log(store, tmp_path):
    table = Table(store, GAMES)
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    for i in range(SNAPSHOT_EVERY + 1):
        table.record(
            game_id,
            {"type": "correction", "player": i % 3, "money": 100, "reason": f"count {i}"},
            by="host",
        )
    last = table.seq(game_id)
    fresh = Table(store, GAMES)  # cache starts from the snapshot at 50
    fresh.record(game_id, {"type": "retracted", "seqs": [last - 2, last - 1, last]}, by="host")
    assert store.latest_snapshot(game_id) is None  # the snapshot at 50 held a retracted event
    kept = [engine_event(e) for e in store.events(game_id)][: last - 3]
    assert Table(store, GAMES).state(game_id).to_dict() == replay(kept, BUILTIN).to_dict()


def test_phones_racing_from_two_servers_lose_nothing_and_double_nothing(store_url):
    """Two processes' worth of Table objects, 4 threads each sending 15 corrections; a retry
    of every tenth event with the same id. All land once, in a gapless order."""
    stores = [EventStore(store_url), EventStore(store_url)]
    tables = [Table(s, GAMES) for s in stores]
    game_id, _ = tables[0].create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    errors = []

    def phone(t, k):
        try:
            for i in range(15):
                ev = {"type": "correction", "player": k % 3, "money": 100, "reason": f"{k}-{i}"}
                tables[t].record(game_id, ev, by="host", event_id=f"phone{k}-{i}")
                if i % 10 == 0:
                    tables[1 - t].record(game_id, ev, by="host", event_id=f"phone{k}-{i}")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=phone, args=(k % 2, k)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    stored = tables[0].events(game_id)
    assert [e.seq for e in stored] == list(range(1, 1 + 1 + 8 * 15))
    assert len({e.id for e in stored}) == len(stored)
    state = Table(stores[1], GAMES).state(game_id)
    assert sum(p.money for p in state.players) == 3 * 3500 + 8 * 15 * 100
    for s in stores:
        s.close()


def test_export_then_import_gives_the_same_game(store, tmp_path):
    log, _ = play(3, seed=5, grid=True, catalog=simulation_catalog())
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id = record_game(table, log)
    text = table.export_jsonl(game_id)
    with EventStore(f"sqlite:///{tmp_path / 'other-club.db'}") as other:  # ids stay unique
        other.import_jsonl("copy", text)
        assert Table(other, GAMES).state("copy").to_dict() == table.state(game_id).to_dict()
        assert other.export_jsonl("copy") == text


@pytest.mark.parametrize(
    "expansions",
    [{"cooperative": True}, {"cooperative": True, "muse_princess": True}],
    ids=["cooperative", "both-expansions"],
)
def test_a_game_with_the_expansions_survives_snapshots_and_export(store, tmp_path, expansions):
    """A whole simulated game with Cooperative Building (and the Characters): recorded through
    the Table, folded again from a snapshot after a restart, exported and imported elsewhere,
    it is the same game; and the simulation really built together."""
    log, final = play(4, seed=7, catalog=simulation_catalog(), expansions=expansions)
    kinds = {e["type"] for e in log}
    assert {"cooperation_proposed", "cooperation_accepted"} <= kinds
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id = record_game(table, log)
    full = replay([engine_event(e) for e in store.events(game_id)], BUILTIN).to_dict()
    assert (
        Table(store, GAMES).state(game_id).to_dict() == full
    )  # a restarted server: snapshot + tail
    assert table.state(game_id).final == final.final
    text = table.export_jsonl(game_id)
    with EventStore(f"sqlite:///{tmp_path / 'other-club.db'}") as other:
        other.import_jsonl("copy", text)
        assert Table(other, GAMES).state("copy").to_dict() == table.state(game_id).to_dict()


def test_a_retry_that_would_still_be_legal_is_not_applied_twice(store):
    table = Table(store, GAMES)
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    ev = {"type": "correction", "player": 1, "money": 500, "reason": "miscounted change"}
    table.record(game_id, ev, by="host", event_id="fix-1")
    again = table.record(game_id, ev, by="host", event_id="fix-1")
    assert again.duplicate
    assert table.state(game_id).players[1].money == 4000
    assert table.seq(game_id) == 2


def test_a_solo_game_recorded_with_learned_cards_replays_anywhere(store, tmp_path):
    """The installation knows the (test) Automa deck and Professions; the game's log must carry
    what it used, so the export replays on a machine that knows neither."""
    from tests.support.solo_table import SOLO_CATALOG_DATA, SoloTable

    learned = LearnedCatalog(tmp_path / "instance")
    learned.teach(SOLO_CATALOG_DATA)
    log = SoloTable(seed=3).play()
    assert not any("panels" in e for e in log)
    table = Table(store, GAMES, learned)
    game_id = record_game(table, log)
    lines = [json.loads(x) for x in table.export_jsonl(game_id).splitlines()]
    drawn = [e for e in lines if e["type"] == "automa_card_drawn"]
    assert drawn and all("panels" in e for e in drawn)  # each card is drawn once a game
    assert any(e["type"] == "profession_taught" for e in lines)
    final = replay(lines, BUILTIN)
    assert final.phase == "over"
    assert final.to_dict()["final"] == table.state(game_id).to_dict()["final"]


def test_a_server_with_a_stale_cache_judges_on_the_latest_state(store_url):
    """Two processes: the second still holds the state from before the first one's event, and
    the move it is sent is legal only after that event."""
    first, second = Table(EventStore(store_url), GAMES), Table(EventStore(store_url), GAMES)
    game_id, _ = first.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    assert second.state(game_id).phase == "setup"  # second caches this state
    first.record(game_id, {"type": "correction", "player": 0, "fame": 2, "reason": "x"}, by="host")
    # selling 2 PP is legal only with the fame the first server just recorded
    second.record(game_id, {"type": "fame_sold", "player": 0, "points": 2}, by="0")
    assert first.state(game_id).players[0].money == 3500 + 200
    with pytest.raises(Refusal) as refused:  # and a real refusal still is one
        second.record(game_id, {"type": "fame_sold", "player": 0, "points": 1}, by="0")
    assert refused.value.code == "not_enough_fame"


def test_the_log_kept_in_memory_follows_appends_from_elsewhere(store, tmp_path):
    """Table.events keeps each game's log in this process and tops it up: what another
    Table (another process) appends is there at the next read, and a slice is a slice."""
    learned = teach_everything(tmp_path)
    log, _ = play(3, seed=5, catalog=simulation_catalog())
    here, elsewhere = Table(store, GAMES, learned), Table(store, GAMES, learned)
    game_id = record_game(here, log[:10])
    before = here.events(game_id)
    assert before == store.events(game_id) and len(before) >= 10
    for ev in log[10:14]:
        elsewhere.record(game_id, ev, by="host")
    after = here.events(game_id)
    assert after == store.events(game_id) and after[: len(before)] == before
    last = after[-1].seq
    assert [e.seq for e in here.events(game_id, after_seq=last - 2)] == [last - 1, last]
    assert here.events("no-such-game") == []


def test_the_story_notes_each_event_at_the_time_the_store_keeps(store, tmp_path):
    """The service takes the time once and gives it to both: the fact shown on the screens and
    the stored row agree, before and after the game is folded again from the database."""
    table = Table(store, GAMES, teach_everything(tmp_path))
    game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    table.record(
        game_id, {"type": "correction", "player": 1, "money": 100, "reason": "x"}, by="host"
    )
    stored = [e.at for e in store.events(game_id)]
    assert [f.at for f in table.replay(game_id).facts] == stored
    assert [f.at for f in Table(store, GAMES).replay(game_id).facts] == stored


def test_a_story_told_when_first_read_says_what_one_told_at_once_says(store, tmp_path, caplog):
    """The story of a recorded event is told when a screen first reads it, from the fold as
    it stands after it: read between some moves and not others, undos among them, its facts,
    undos and counting seqs are those of a story told event by event from the log (a
    restarted server)."""
    log, _ = play(5, seed=11, catalog=simulation_catalog())
    table = Table(store, GAMES, teach_everything(tmp_path))
    started = {k: v for k, v in log[0].items() if k != "type"}
    game_id, _ = table.create_game(started)
    undos = 0
    for i, ev in enumerate(log[1:], 1):
        table.record(game_id, ev, by="host")
        assert table._folds[game_id].untold is not None  # told when first read, not now
        if i % 37 == 0:  # take the move back and make it again
            last = table.seq(game_id)
            try:
                table.record(game_id, {"type": "retracted", "seqs": [last]}, by="host")
            except Refusal:  # chance the table saw is never undone
                continue
            undos += 1
            table.record(game_id, ev, by="host")
        if i % 13 == 0:
            table.replay(game_id)
    assert undos >= 3
    late, at_once = table.replay(game_id), Table(store, GAMES).replay(game_id)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # told, not refolded
    assert late.seq == at_once.seq == store.last_seq(game_id)
    assert late.facts == at_once.facts
    assert late.undone_by == at_once.undone_by and late.counting == at_once.counting
    assert late.state.to_dict() == at_once.state.to_dict()


def test_a_table_told_of_another_process_move_records_the_next_in_one_try(
    store, tmp_path, monkeypatch
):
    """`catch_up`: the seq another process reached, heard before a tap, is folded in with one
    read, so the tap's move is stored at the first try: no failed insert, no snapshot read,
    no fold started again (the PostgreSQL tap's extra round trips). Without it, the same
    move on a stale fold takes those."""
    learned = teach_everything(tmp_path)
    log, _ = play(3, seed=5, catalog=simulation_catalog())
    here, stale, elsewhere = (
        Table(store, GAMES, learned),
        Table(store, GAMES, learned),
        Table(store, GAMES, learned),
    )
    game_id = record_game(here, log[:10])

    def seen(table):
        state = table.state(game_id)
        return state.phase, [p.money for p in state.players], table.replay(game_id).seq

    assert seen(stale) == seen(here)  # both cache the fold at this seq
    for ev in log[10:12]:
        elsewhere.record(game_id, ev, by="host")
    seq = store.last_seq(game_id)
    calls: list[str] = []
    for name in ("append", "events", "latest_snapshot", "last_seq", "find"):
        real = getattr(store, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)
    here.catch_up(game_id, seq)
    assert calls == ["events"]  # the other process's moves, read once
    here.catch_up(game_id, seq)  # known already: nothing read
    assert calls == ["events"]
    here.record(game_id, log[12], by="host")  # a building: nothing to teach first
    assert calls == ["events", "append"]
    assert [e.seq for e in store.events(game_id)][-3:] == [seq - 1, seq, seq + 1]
    calls.clear()
    stale.record(game_id, log[13], by="host")  # the same on a fold it was not told of
    assert "latest_snapshot" in calls and len(calls) >= 5  # refused or lost, then again
    monkeypatch.undo()
    assert seen(here) == seen(elsewhere) == seen(stale)
    assert seen(here)[2] == seq + 2
