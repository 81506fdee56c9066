"""The club's figures, computed by hand from small logs written for the test.

The hand-made game: Ada, Bea and Cy, Bea the start player (seat 1). Each round one Jester is
auctioned; round 1 Cy raises Bea's opening 200 to 300 and wins it; round 3 Ada wins one at 200
and Cy (Bea leaves the auctions), the last player with a Pawn, takes the Recruiting card at the fixed 200, no auction. Nobody
gains fame: every total is 0 and the richest win (a shared win). A second log (a seeded table
with the Muse and the Princess, tests/data) has a Merchant-paid purchase and a Princess Work;
three solo games give Wolfgang's record at each difficulty.
"""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.app import GAMES
from companion.core.tally import add
from companion.games.princes import stats
from companion.games.princes.rules import BUILTIN, simulation_catalog
from companion.games.princes.rules.autoplay import play
from companion.service.club import collect
from tests.support.builders import TEST_CATALOG, Table
from tests.support.club_stats import hand_game, taught
from tests.support.solo_table import SOLO_CATALOG, SOLO_CATALOG_DATA, SoloTable


@pytest.fixture(scope="module")
def hand():
    return hand_game()


def test_a_purchase_in_each_round_at_the_price_the_auction_set(hand):
    rec = stats.record(hand.log, TEST_CATALOG)
    buyers = [(p["round"], p["player"], p["price"]) for p in rec["purchases"]]
    assert buyers[:4] == [(1, "Cy", 300), (2, "Cy", 200), (3, "Ada", 200), (3, "Cy", 200)]
    assert [r for r, _, _ in buyers] == [1, 2, 3, 3, 4, 5, 6, 7]
    f = stats.figures(stats.contribution(rec))
    jester = f["auctions"]["jester"]
    assert jester["bought"] == 7
    assert jester["mean_price"] == round((300 + 6 * 200) / 7, 2) == 214.29
    assert jester["by_round"]["1"] == {"bought": 1, "mean_price": 300.0}
    assert jester["by_round"]["3"] == {"bought": 1, "mean_price": 200.0}
    assert f["auctions"]["recruiting"] == {
        "bought": 1,
        "mean_price": 200.0,
        "by_round": {"3": {"bought": 1, "mean_price": 200.0}},
    }
    assert set(jester["by_round"]) == {str(r) for r in range(1, 8)}


def test_positions_count_from_the_start_player_and_a_shared_win_for_each(hand):
    rec = stats.record(hand.log, TEST_CATALOG)
    # who paid what, by hand: rounds 1-3 as above, rounds 4-7 opened (and won) by the
    # round's start player: Bea, Cy, Ada, Bea; nobody has fame, so the richest win
    assert [p["player"] for p in rec["purchases"][4:]] == ["Bea", "Cy", "Ada", "Bea"]
    paid = {"Ada": 200 + 200, "Bea": 200 + 200, "Cy": 300 + 200 + 200 + 200}
    winners = {"Ada", "Bea"}  # the least spent, 400 each: a shared win
    assert min(paid.values()) == paid["Ada"] == paid["Bea"] < paid["Cy"]
    f = stats.figures(stats.contribution(rec))
    # Bea started: position 1; Cy sits after her (2); Ada last (3)
    seats = {s["name"]: s["position"] for s in rec["seats"]}
    assert seats == {"Bea": 1, "Cy": 2, "Ada": 3}
    assert f["positions"] == {
        "1": {"games": 1, "wins": int("Bea" in winners)},
        "2": {"games": 1, "wins": int("Cy" in winners)},
        "3": {"games": 1, "wins": int("Ada" in winners)},
    }
    assert {n for n, p in f["players"].items() if p["wins"]} == winners
    assert all(p["mean_score"] == 0.0 for p in f["players"].values())


def test_a_shared_win_counts_for_each_winner():
    """Two identical games where Ada and Cy end equal (same total, same money)."""
    t = Table(players=("Ada", "Bea", "Cy"), start=0)
    t.do("correction", player=1, money=-100, fame=0, reason="test: Bea poorer")
    while t.state.phase != "over":
        t.skip_round()
    rec = stats.record(t.log, TEST_CATALOG)
    assert {s["name"] for s in rec["seats"] if s["winner"]} == {"Ada", "Cy"}
    total = add(add({}, stats.contribution(rec)), stats.contribution(rec))
    f = stats.figures(total)
    assert f["positions"] == {
        "1": {"games": 2, "wins": 2},
        "2": {"games": 2, "wins": 0},
        "3": {"games": 2, "wins": 2},
    }
    assert f["players"]["Ada"]["wins"] == f["players"]["Cy"]["wins"] == 2
    assert f["games"] == 2


@pytest.fixture(scope="module")
def muse_log():
    log, state = play(3, 1, expansions={"muse_princess": True})
    assert state.phase == "over"
    return log


def test_a_merchant_paid_purchase_counts_at_its_auction_price_and_a_princess_work(muse_log):
    rec = stats.record(muse_log, simulation_catalog())
    paid = [i for i, e in enumerate(muse_log) if e.get("effect") == "pay_object"]
    assert len(paid) == 1
    merchant = [p for p in rec["purchases"] if p["merchant"]]
    assert len(merchant) == 1
    # by hand: the object the Merchant's holder won just before, at the bid that won it
    seat = muse_log[paid[0]]["player"]
    before = muse_log[: paid[0]]
    opened = max(
        i for i, e in enumerate(before) if e["type"] in ("auction_opened", "last_player_took")
    )
    bids = [e["amount"] for e in before[opened:] if e["type"] == "bid_raised"]
    assert merchant[0]["object"] == before[opened]["object"]
    assert merchant[0]["player"] == rec["seats"][seat]["name"]
    assert merchant[0]["price"] == (bids[-1] if bids else 200)
    works = [e for e in muse_log if e["type"] == "work_completed"]
    assert len(rec["works"]) == len(works)
    princess = [w for w in rec["works"] if w["princess"]]
    assert len(princess) == 1 and princess[0]["profession"] is None
    f = stats.figures(stats.contribution(rec))
    assert f["works"]["completed"] == len(works)
    values = [w["value"] for w in rec["works"]]
    assert f["works"]["mean_value"] == round(sum(values) / len(values), 2)
    r = str(princess[0]["round"])
    in_round = [w["value"] for w in rec["works"] if str(w["round"]) == r]
    assert f["works"]["by_round"][r] == {
        "completed": len(in_round),
        "mean_value": round(sum(in_round) / len(in_round), 2),
    }


@pytest.fixture(scope="module")
def solo_logs():
    return {d: SoloTable(3, difficulty=d).play() for d in ("easy", "standard", "hard")}


def test_solo_games_go_to_wolfgangs_record_by_difficulty(solo_logs):
    total: dict = {}
    margins = {}
    for d, log in solo_logs.items():
        rec = stats.record(log, SOLO_CATALOG)
        scores = {s["name"]: s["score"] for s in rec["seats"]}
        margins[d] = scores["Wolfgang"] - scores["Alexandra"]
        assert rec["solo"]["difficulty"] == d
        add(total, stats.contribution(rec))
    f = stats.figures(total)
    assert f["games"] == 0 and f["players"] == {} and f["positions"] == {}
    assert f["wolfgang"] == {
        d: {"games": 1, "wins": int(margins[d] >= 0), "mean_margin": float(margins[d])}
        for d in ("easy", "hard", "standard")
    }


def test_a_game_left_out_subtracts_exactly_what_it_added(hand, muse_log):
    a = stats.contribution(stats.record(hand.log, TEST_CATALOG))
    b = stats.contribution(stats.record(muse_log, simulation_catalog()))
    both = add(add({}, a), b)
    assert stats.figures(add(both, b, -1)) == stats.figures(add({}, a))


def test_an_unfinished_log_is_not_a_record(hand):
    with pytest.raises(stats.NotFinished, match="round 5"):
        stats.record(hand.log[:40], TEST_CATALOG)


# -- the command line, in-process ----------------------------------------------------------


def write(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return str(path)


def test_palazzo_stats_json_has_the_issues_shape(tmp_path, hand, solo_logs, capsys):
    logs = [
        write(tmp_path / "hand.jsonl", taught(hand.log)),
        write(tmp_path / "half.jsonl", taught(hand.log)[:60]),
        write(tmp_path / "easy.jsonl", solo_logs["easy"]),
    ]
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps(SOLO_CATALOG_DATA))  # the solo game's TEST cards
    assert cli.main(["stats", "--json", "--catalog", str(catalog), *logs]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1
    assert out["skipped"] == [
        {"file": logs[1], "why": "the log stops in round 5, before the final scoring"}
    ]
    assert out["auctions"]["jester"]["bought"] == 7
    assert out["auctions"]["jester"]["mean_price"] == 214.29
    assert out["works"] == {"completed": 0, "mean_value": None, "by_round": {}}
    assert set(out["positions"]) == {"1", "2", "3"}
    assert set(out["players"]) == {"Ada", "Bea", "Cy"}
    assert out["players"]["Ada"]["games"] == 1 and out["players"]["Ada"]["mean_score"] == 0.0
    assert set(out["wolfgang"]) == {"easy"}
    assert cli.main(["stats", *logs[:2]]) == 0
    text = capsys.readouterr().out
    assert "1 finished games of The Princes of Florence" in text
    assert f"Skipped {logs[1]}: the log stops in round 5" in text


def test_palazzo_stats_lists_an_unreadable_file_as_skipped(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert cli.main(["stats", "--json", str(bad), str(tmp_path / "missing.jsonl")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 0
    assert [x["file"] for x in out["skipped"]] == [str(bad), str(tmp_path / "missing.jsonl")]


def test_collect_reads_the_hand_log_on_the_built_in_catalog(hand):
    out = collect([("hand", taught(hand.log))], GAMES, BUILTIN)
    assert out["princes_of_florence"]["auctions"]["jester"]["bought"] == 7


# -- Firenze: its own figures, never in the Princes' tables ------------------------------------


@pytest.fixture(scope="module")
def firenze_log():
    from tests.support.firenze_bot import Bot

    bot = Bot(0)
    bot.play(2000)
    assert bot.state["phase"] == "over"
    return bot.log


def test_firenze_wins_by_position_commissions_by_colour_and_mean_score(firenze_log):
    from companion.games.firenze import stats as firenze_stats

    rec = firenze_stats.record(firenze_log)
    start = firenze_log[0]["start_player"]
    fulfilled = [e["player"] for e in firenze_log if e["type"] == "commission_fulfilled"]
    seats = rec["seats"]
    # by hand: each player's commissions are the commission_fulfilled events they logged
    for s, seat in enumerate(seats):
        assert sum(seat["commissions"].values()) == fulfilled.count(s)
        assert seat["position"] == (s - start) % 3 + 1
    best = max(x["score"] for x in seats)
    f = firenze_stats.figures(add({}, firenze_stats.contribution(rec)))
    assert f["games"] == 1
    assert sum(f["commissions"].values()) == len(fulfilled)
    assert f["mean_score"] == round(sum(x["score"] for x in seats) / 3, 2)
    assert f["positions"] == {
        str(x["position"]): {"games": 1, "wins": int(x["score"] == best)} for x in seats
    }


def test_palazzo_stats_keeps_firenze_apart(tmp_path, hand, firenze_log, capsys):
    logs = [
        write(tmp_path / "hand.jsonl", taught(hand.log)),
        write(tmp_path / "firenze.jsonl", firenze_log),
    ]
    assert cli.main(["stats", "--json", *logs]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and set(out["players"]) == {"Ada", "Bea", "Cy"}
    assert out["firenze"]["games"] == 1
    assert set(out["firenze"]["players"]) == {"Ann", "Ben", "Cleo"}
    assert "Firenze" in (cli.main(["stats", *logs]) == 0 and capsys.readouterr().out)


def test_a_players_best_work_and_favourite_professions(muse_log):
    rec = stats.record(muse_log, simulation_catalog())
    f = stats.figures(stats.contribution(rec))
    cards = simulation_catalog().professions
    for seat in rec["seats"]:
        mine = [e for e in muse_log if e["type"] == "work_completed"]
        mine = [e for e in mine if rec["seats"][e["player"]]["name"] == seat["name"]]
        values = [w["value"] for w in rec["works"] if w["player"] == seat["name"]]
        p = f["players"][seat["name"]]
        assert p["works"] == len(mine) == len(values)
        assert p["best_work"] == (max(values) if values else None)
        named = sorted({cards[e["profession"]].name for e in mine if "profession" in e})
        assert sorted(p["favourite_professions"]) == named[:3] or len(named) > 3


# -- the store: records and running sums, on SQLite and PostgreSQL -----------------------------


def test_the_club_keeps_sums_that_match_the_logs_on_each_backend(store, hand, firenze_log):
    from companion.service.club import Club
    from companion.service.table import Table as Service

    service = Service(store, GAMES)
    club = Club(store, GAMES)
    service.finished.append(club.note)
    ids = []
    for log in (taught(hand.log), firenze_log):
        game_id, _ = service.create_game({k: v for k, v in log[0].items() if k != "type"})
        for e in log[1:-1]:
            service.record(game_id, e, by="host")
        assert club.game(game_id) is None  # not over yet: nothing kept
        service.record(game_id, log[-1], by="host")
        ids.append(game_id)
    princes, _ = club.figures("princes_of_florence")
    firenze, _ = club.figures("firenze")
    expected = collect([("hand", taught(hand.log)), ("firenze", firenze_log)], GAMES)
    assert princes == expected["princes_of_florence"]
    assert firenze == expected["firenze"]
    assert club.leave_out(ids[0]) and club.figures("princes_of_florence")[0]["games"] == 0
    assert club.figures("firenze")[0]["games"] == 1  # the other game is untouched
    assert club.leave_out(ids[0], False)
    assert club.figures("princes_of_florence")[0] == princes
    assert club.figures("princes_of_florence", players=4)[0]["games"] == 0
    assert club.figures("princes_of_florence", 3, "none")[0] == princes
    assert not club.leave_out("no-such-game")
    assert [game_id for game_id, _, _ in club.records()] == ids
