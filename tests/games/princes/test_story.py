"""The read model: the story the service keeps beside its one fold, and the score sheet on it."""

from __future__ import annotations

import json

import pytest

from companion.app import GAMES as ALL_GAMES
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import play, replay, simulation_catalog
from companion.games.princes.story import read
from companion.games.princes.words.scoring import breakdown, fame_by_source
from companion.service.table import SNAPSHOT_EVERY, Table
from tests.games.princes.story import GAMES, numbered
from tests.support.builders import DATA, TEST_CATALOG, load_log


@pytest.mark.parametrize(("name", "catalog"), GAMES)
def test_the_breakdown_adds_up_to_the_final_score(name, catalog):
    r = read(numbered(load_log(name)), catalog)
    assert r.state.phase == "over"
    rows = breakdown(r)
    assert len(rows) == len(r.state.final["scores"]) >= 2
    for row in rows:
        assert sum(pp for _, _, pp in row["parts"]) == row["total"], row
        parts = {source: pp for source, _, pp in row["parts"]}
        scored = sum(1 for done in r.state.rounds if row["seat"] in done["scored"])
        assert parts["best_work"] == 3 * scored
        assert parts["prestige_cards"] == sum(row["prestige_cards"].values())
        assert parts["works"] == sum(
            w.get("prestige", 0) for w in r.state.players[row["seat"]].works
        )
        assert parts["other"] == 0  # every fame change of these games has a known source
    assert any(dict((s, pp) for s, _, pp in row["parts"])["buildings"] for row in rows)


@pytest.mark.parametrize(("name", "catalog"), GAMES)
def test_money_and_fame_deltas_add_up_to_the_purses(name, catalog):
    events = numbered(load_log(name))
    r = read(events, catalog)
    start = read(events[:1], catalog).state
    assert r.state.to_dict() == replay(events, catalog).to_dict()  # the same fold
    for seat, p in enumerate(r.state.players):
        facts = r.counting_facts()
        assert start.players[seat].money + sum(f.money.get(seat, 0) for f in facts) == p.money
        assert sum(f.fame.get(seat, 0) for f in facts) == p.fame
        assert sum(f.fame.get(seat, 0) for f in facts if seat in f.touched) == p.fame


def test_facts_say_who_was_touched_and_what_was_settled():
    r = read(numbered(load_log("game_3p_grid.jsonl")), TEST_CATALOG)
    settled = [f for f in r.facts if f.settled]
    assert settled and all(f.settled[-1]["player"] in f.touched for f in settled)
    contested = [f for f in settled if len(f.bidders) > 1]
    assert contested and all(set(f.bidders) <= f.touched for f in contested)
    ended = [f for f in r.facts if f.rounds_ended]
    assert [done["round"] for f in ended for done in f.rounds_ended] == list(range(1, 8))
    assert ended[-1].final == r.state.final
    turns = [f for f in r.facts if f.new_turn]
    assert turns and all(f.turn in f.touched for f in turns)


def test_undone_events_leave_the_breakdown_and_are_marked():
    events = numbered(load_log("game_3p_grid.jsonl"))
    cut = next(i for i, e in enumerate(events) if e["type"] == "building_built")
    kept = events[: cut + 1]
    undo = {"type": "retracted", "seqs": [kept[-1]["seq"]], "seq": len(kept) + 1, "by": "host"}
    r = read([*kept, undo], TEST_CATALOG)
    builder = kept[-1]["player"]
    assert r.undone_by == {kept[-1]["seq"]: undo["seq"]}
    assert kept[-1]["seq"] not in r.counting
    assert fame_by_source(r).get(builder, {}).get("buildings", 0) == 0
    assert r.facts[-1].undone == (kept[-1]["seq"],)
    assert r.facts[-1].fame.get(builder) == -3 and builder in r.facts[-1].touched


def test_the_service_gives_one_replay_per_seq(store, tmp_path):
    learned = LearnedCatalog(tmp_path / "instance")
    learned.teach(json.loads((DATA / "test_professions.json").read_text()))
    table = Table(store, ALL_GAMES, learned)
    log = load_log("game_3p_grid.jsonl")
    game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    for event in log[1:60]:
        table.record(game_id, event, by="host")
    first = table.replay(game_id)
    n = first.seq
    assert n > SNAPSHOT_EVERY  # so a fresh Table resumes from a snapshot below
    assert table.replay(game_id) is first  # nothing new: the same result, not a new fold
    assert len(first.facts) == n and first.counting == tuple(range(1, n + 1))
    assert [f.at for f in first.facts] == [e.at for e in store.events(game_id)]
    table.record(game_id, log[60], by="host")
    second = table.replay(game_id)
    assert second is not first and second.seq == n + 1 and second.facts[:n] == first.facts
    undo = table.record(game_id, {"type": "retracted", "seqs": [n + 1]}, by="host").event
    third = table.replay(game_id)
    assert third.undone_by == {n + 1: undo.seq} and third.counting[-1] == n
    assert third.state.to_dict() == {**first.state.to_dict(), "events_applied": n}
    assert table.state(game_id).to_dict() == third.state.to_dict()
    # another process, or a restart: resumed from a snapshot, the story is still whole
    fresh = Table(store, ALL_GAMES, learned).replay(game_id)
    assert [f.event for f in fresh.facts] == [f.event for f in third.facts]
    assert [(f.money, f.fame, f.touched) for f in fresh.facts] == [
        (f.money, f.fame, f.touched) for f in third.facts
    ]


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("expansions", [{}, {"muse_princess": True}])
def test_random_games_add_up_too(seed, expansions):
    """Seeded random tables (the Muse and the Princess too): every score sheet adds up and no
    fame change is left without a source."""
    log, _ = play(4, seed=seed, catalog=simulation_catalog(), expansions=expansions)
    r = read(numbered(log), simulation_catalog())
    assert r.state.phase == "over"
    for row in breakdown(r):
        parts = {source: pp for source, _, pp in row["parts"]}
        assert sum(parts.values()) == row["total"] and parts["other"] == 0, row
    if expansions:
        assert any(f.type.startswith("character_") for f in r.facts)


def test_every_character_purchase_is_named_the_last_bidders_too():
    """The bid that closes the Character Auction buys the bidder's own card at once;
    its line names that purchase like the others ("Cy bought the Cardinal")."""
    from companion.games.princes.words.telling import text_of
    from tests.support.builders import Table as Played

    t = Played(("Ada", "Bo", "Cy"), expansions={"muse_princess": True})
    t.leave_all()
    t.characters_round({0: ("muse", 3), 1: ("banker", 2), 2: ("cardinal", 4)})
    r = read(numbered(t.log), TEST_CATALOG)
    last = text_of(r, r.facts[-1])
    for bought in (
        "Ada bought the Muse for 300 Florin",
        "Bo bought the Banker for 200 Florin",
        "Cy bought the Cardinal for 400 Florin",
        "The Character Auction is over",
    ):
        assert bought in last, last


def test_every_fact_and_glance_the_story_builds_has_every_field():
    """The story builds its facts and glances at once (companion.core.frozen.built, no
    defaults filled in): each must still hold every field, as the dataclass would."""
    from dataclasses import fields

    from companion.games.princes.story import Fact, Glance, glance

    catalog = simulation_catalog()
    log, state = play(4, seed=3, catalog=catalog)
    facts = read(log, catalog).facts
    assert facts
    for fact in facts:
        assert set(fact.__dict__) == {f.name for f in fields(Fact)}
        assert fact == Fact(**fact.__dict__)
    seen = glance(state)
    assert set(seen.__dict__) == {f.name for f in fields(Glance)}
    assert seen == Glance(**seen.__dict__)
