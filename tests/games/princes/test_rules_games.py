"""Two complete scripted games, replayed from their logs to the final scores.

tests/data/game_3p_grid.jsonl: 3 players on the 7 x 7 grid (Landscape sizes taught by the first
placement of each: Forest 4, Lake 3, Park 2). tests/data/game_2p.jsonl: 2 players without a grid
(sizes taught by landscape_taught), with a correction and an undo. Both use the TEST DATA
Profession cards of tests/data/test_professions.json (`test_<building>_<landscape>_<freedom>`).

Every final number is worked out by hand below from the rulebook, not copied from the engine:
costs 700/300/0 for a Building, 300 for a card or Freedom, 100 Florin per Work Value point less
200 per PP taken, +3 PP per Building, 2nd/3rd Builder, repeated Landscape and Best Work.
"""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.games.princes.rules import Fold, replay, summary
from tests.support.builders import DATA, TEST_CATALOG, load_log


def replayed(name):
    return summary(replay(load_log(name), TEST_CATALOG))


# --- 3 players, with a grid --------------------------------------------------------------
#
# Alexandra (A, seat 0): poet, university_forest_travel, opera_forest_travel
# Leon (L, seat 1): workshop_forest_religion, library_lake_travel, hospital_park_travel
# Jen (J, seat 2): chapel_forest_religion, tower_lake_opinion, studio_park_opinion
#
# Round 1 (A starts). A opens Jester 200, L 300, J passes, A 400, L passes: A pays 400.
#   A won her own auction: L opens Forest 200, J 300, L passes: J pays 300 (Forest, 4 squares).
#   L did not win, is the last player: Builder for 200.
#   A: Theater 700 (+3), Travel 300.            A 3500-400-700-300 = 2100, 3 PP
#   L: Workshop 300 (1 Builder, +3), takes university_lake_religion 300.   L 3500-200-300-300 = 2700, 3
#   J: Chapel 700 (+3); Work chapel_forest_religion = Chapel 4 + Forest 3 + 3 cards = 10 (min 7),
#      2 PP taken: 1000 - 400 = +600.          J 3500-300-700+600 = 3100, 3+2 = 5
#   Best Work: J (10) +3.                       A 3, L 3, J 8
# Round 2 (L starts). L opens Prestige 200, all pass: L pays 200, keeps most_builders.
#   J opens Lake 200, A 300, J 400, A 500, J passes: A pays 500 (Lake, 3 squares). J, last, declines.
#   L: Religion 300; Work workshop_forest_religion = 4 + 0 + Religion 3 + 4 cards = 11 (min 10).
#                                               L 2700-200-300+1100 = 3300
#   J: Bonus card per_forest 300; Tower 700 (+3).   J 3100-300-700 = 2100, 11
#   A: Work poet = Theater 4 + Lake 3 + Travel 3 + Jester 2 + 3 cards = 15, 5 PP: 1500-1000 = +500;
#      takes alchemist 300.                     A 2100-500+500-300 = 1800, 3+5 = 8
#   Best Work: A (15 > 11) +3.                  A 11, L 3, J 11
# Round 3 (J starts). J opens Recruiting 200, A passes, L 300, J passes: L pays 300 and at once
#   recruits A's Poet (A's table: a Recruiting card). J opens Builder 200, A 300, J passes: A pays
#   300. J, last, takes a Jester for 200.
#   J: Opinion 300; Work tower_lake_opinion = Tower 4 + 0 + Opinion 3 + Jester 2 + 3 cards
#      + per_forest (1 Forest x 2) 2 = 14 (min 12), 3 PP: 1400-600 = +800.
#                                               J 2100-200-300+800 = 2400, 11+3 = 14
#   A: Opera 300 (+3); Work opera_forest_travel = Opera 4 + no Forest + Travel 3 + Jester 2
#      + 4 cards (3 in hand, the Recruiting card on the table) = 13.   A 1800-300-300+1300 = 2500, 14
#   L: Library 300 (+3); Bonus card per_building 300.   L 3300-300-300-300 = 2400, 6
#   Best Work: J (14 > 13) +3.                  A 14, L 6, J 17
# Round 4 (A starts). A opens Park 200, L 300, J 400, A passes, L 500, J passes: L pays 500
#   (Park, 2 squares). A opens Forest 200, J passes: A pays 200. J, last, takes a Lake for 200.
#   A: University 300 (+3); Work university_forest_travel = 4 + 3 + 3 + 2 + 4 cards = 16 (min 14),
#      4 PP: 1600-800 = +800.                   A 2500-200-300+800 = 2800, 14+3+4 = 21
#   L: Travel 300; Work library_lake_travel = Library 4 + 0 + Travel 3 + 5 cards (poet included)
#      + per_building (Workshop, Library) 2 = 14.   L 2400-500-300+1400 = 3000, 6
#   J: takes theater_forest_opinion 300; Studio 700 (+3).   J 2400-200-300-700 = 1200, 20
#   Best Work: A (16 > 14) +3.                  A 24, L 6, J 20
# Round 5 (L starts). L opens Builder 200, J 300, A 400, L 500, J and A pass: L pays 500, his 2nd
#   Builder (+3). J opens Prestige 200, A 300, J 400, A passes: J pays 400, keeps most_lakes.
#   A, last, declines.
#   L: Hospital 300 (+3); Work hospital_park_travel = 4 + Park 3 + Travel 3 + 5 cards = 15 (min 15),
#      7 PP: 1500-1400 = +100.                  L 3000-500-300+100 = 2300, 6+3+3+7 = 19
#   J: Bonus card per_jester 300; Religion 300.    J 1200-400-300-300 = 200, 20
#   A: takes library_forest_opinion 300; Bonus card per_building_size 300.   A 2800-600 = 2200, 24
#   Best Work: L alone +3.                      A 24, L 22, J 20
# Round 6 (J starts). J leaves the auctions. A opens Jester 200, L 300, A 400, L passes: A pays
#   400. L, last, takes a Forest for 200.
#   J: sells 5 PP (+500); Theater 700 (+3).     J 200+500-700 = 0, 20-5+3 = 18
#   A: Opinion 300; Work library_forest_opinion = no Library + Forest 3 + Opinion 3 + 2 Jesters 4
#      + 5 cards + per_building_size (medium and large: 2 sizes x 2) 4 = 19 (min 16), 9 PP:
#      1900-1800 = +100.                        A 2200-400-300+100 = 1600, 24+9 = 33
#   L: University 300 (+3); Bonus card per_builder 300.   L 2300-200-300-300 = 1500, 25
#   Best Work: A alone +3.                      A 36, L 25, J 18
# Round 7 (A starts). A opens Builder 200, L 300, J passes, A 400, L 500, A passes: L pays 500,
#   his 3rd Builder (+3). A opens Lake 200, J 300, A passes: J pays 300 with 0 Florin, so 3 PP
#   are sold for it; her 2nd Lake (+3). A, last, takes a Prestige card for 200: most_forests.
#   A: Laboratory 300 (+3); Bonus card per_park 300.   A 1600-200-300-300 = 800, 36+3 = 39
#   L: Work university_lake_religion = 4 + 0 + Religion 3 + 5 cards + per_builder (3 x 2) 6 = 18
#      (min 17), 9 PP: 1800-1800 = 0; Tower for 0 (3 Builders, +3).
#                                               L 1500-500 = 1000, 25+3+9+3 = 40
#   J: Work theater_forest_opinion = 4 + 3 + 3 + Jester 2 + 4 cards + per_jester 2 = 18, 9 PP:
#      1800-1800 = 0.                           J 0, 18-3+3+9 = 27
#   Best Work: L and J tie at 18: both +3.      A 39, L 43, J 30
#
# Prestige cards at the end:
#   A most_forests: A 1, L 1, J 1 - tied for the most: 4 (not 7).         A 39 + 4 = 43
#   L most_builders: L 3, A 1, J 0 - alone: 6.                             L 43 + 6 = 49
#   J most_lakes: J 2, A 1, L 0 - alone: 6.                                J 30 + 6 = 36
# Winner: Leon.
# Empty spaces (43 squares outside the Palazzo):
#   A: Theater 5 + Opera 5 + University 7 + Laboratory 7 + Lake 3 + Forest 4 = 31 -> 12
#   L: Workshop 7 + Library 5 + Hospital 5 + University 7 + Tower 3 + Park 2 + Forest 4 = 33 -> 10
#   J: Chapel 3 + Tower 3 + Studio 5 + Theater 5 + Forest 4 + 2 Lakes 6 = 26 -> 17

GAME_3P_FINAL = {
    "scores": [
        {"player": 0, "fame": 39, "prestige_cards": {"most_forests": 4}, "total": 43, "money": 800},
        {
            "player": 1,
            "fame": 43,
            "prestige_cards": {"most_builders": 6},
            "total": 49,
            "money": 1000,
        },
        {"player": 2, "fame": 30, "prestige_cards": {"most_lakes": 6}, "total": 36, "money": 0},
    ],
    "winners": [1],
}


def test_three_player_grid_game_final_scores():
    s = replayed("game_3p_grid.jsonl")
    assert (s["round"], s["phase"], s["current_player"]) == (7, "over", None)
    assert s["final"] == GAME_3P_FINAL


def test_three_player_grid_game_principalities():
    a, l, j = replayed("game_3p_grid.jsonl")["players"]
    assert (a["money"], a["fame"], a["empty_spaces"]) == (800, 39, 12)
    assert (l["money"], l["fame"], l["empty_spaces"]) == (1000, 43, 10)
    assert (j["money"], j["fame"], j["empty_spaces"]) == (0, 30, 17)
    assert (a["jesters"], a["builders"], l["builders"], j["jesters"]) == (2, 1, 3, 1)
    assert a["landscapes"] == {"forest": 1, "lake": 1, "park": 0}
    assert l["landscapes"] == {"forest": 1, "lake": 0, "park": 1}
    assert j["landscapes"] == {"forest": 1, "lake": 2, "park": 0}
    assert a["buildings"] == ["theater", "opera", "university", "laboratory"]
    assert l["buildings"] == ["workshop", "library", "hospital", "university", "tower"]
    assert j["buildings"] == ["chapel", "tower", "studio", "theater"]
    assert a["freedoms"] == ["travel", "opinion"]
    assert l["freedoms"] == ["religion", "travel"]
    assert j["freedoms"] == ["opinion", "religion"]
    # the recruited Poet stays in Leon's hand; a Recruiting card holds its place on A's table
    assert a["table"] == [
        "recruiting",
        "test_opera_forest_travel",
        "test_university_forest_travel",
        "test_library_forest_opinion",
    ]
    assert a["hand"] == ["alchemist"] and l["hand"] == ["poet"]
    assert a["bonus_cards"] == ["per_park"] and l["bonus_cards"] == j["bonus_cards"] == []


def test_three_player_grid_game_round_by_round():
    state = replay(load_log("game_3p_grid.jsonl"), TEST_CATALOG)
    assert [(r["best_work"], r["scored"]) for r in state.rounds] == [
        (10, [2]),
        (15, [0]),
        (14, [2]),
        (16, [0]),
        (15, [1]),
        (19, [0]),
        (18, [1, 2]),
    ]
    assert [p.fame_by_round for p in state.players] == [
        [3, 11, 14, 24, 24, 36, 39],
        [3, 3, 6, 6, 22, 25, 43],
        [8, 11, 17, 20, 20, 18, 30],
    ]
    # the grid taught the Landscape sizes on their first placement
    assert state.taught["landscape_cells"] == {"forest": 4, "lake": 3, "park": 2}


# --- 2 players, without a grid ------------------------------------------------------------
#
# 2500 Florin each; Freedoms: Travel 2, Religion 1, Opinion 2; opening bid and last player 300;
# the Landscapes are one object. Leon starts.
# Alexandra (A): university_forest_travel, chapel_lake_travel, opera_park_religion
# Leon (L): workshop_forest_religion, tower_forest_travel, studio_park_opinion
#
# Round 1 (L starts). L opens Landscape 300, A 400, L 500, A passes: L pays 500, names Forest.
#   A, last, takes a Builder for 300.
#   L: Workshop 700 (+3); Work workshop_forest_religion = 4 + Forest 3 + 3 cards = 10, 1 PP: +800.
#                                               L 2500-500-700+800 = 2100, 3+1 = 4
#   A: University 300 (1 Builder, +3); Travel 300.   A 2500-300-300-300 = 1600, 3
#   Best Work: L +3.                            A 3, L 7
# Round 2 (A starts). A opens Landscape 300, L passes: A pays 300, names Forest. L, last: Jester 300.
#   A: Work university_forest_travel = 4 + 3 + 3 + 3 cards = 13; takes library_lake_travel 300.
#                                               A 1600-300+1300-300 = 2300
#   L: Religion 300; Tower 700 (+3).            L 2100-300-300-700 = 800, 10
#   Best Work: A +3.                            A 6, L 10
# Round 3 (L starts). L opens Builder 300, A 400, L 500, A passes: L pays 500. A, last: Jester 300.
#   L: Work tower_forest_travel = 4 + 3 + 0 + Jester 2 + 3 cards = 12; Bonus card per_forest 300.
#                                               L 800-500+1200-300 = 1200
#   A: Chapel 300 (+3); Work chapel_lake_travel = 4 + 0 + Travel 3 + Jester 2 + 4 cards = 13.
#                                               A 2300-300-300+1300 = 3000, 9
#   Best Work: A (13 > 12) +3.                  A 12, L 10
# Round 4 (A starts). A opens Prestige 300, L 400, A 500, L passes: A pays 500, keeps
#   all_landscape_types. L, last, takes the Landscape for 300: a Lake.
#   A: Library 300 (+3); Bonus card per_building 300.   A 3000-500-600 = 1900, 15
#   L: Studio 300 (+3); Opinion 300.            L 1200-300-600 = 300, 13
#   Nobody worked.
# Round 5 (L starts). L opens Landscape 300, A 400, L passes: A pays 400, names a Lake.
#   L, last, takes a Jester for 300.
#   L: Work studio_park_opinion = 4 + 0 + Opinion 3 + 2 Jesters 4 + 3 cards + per_forest 2 = 16
#      (min 15); takes hospital_park_travel 300.   L 300-300+1600-300 = 1300
#   A: Work library_lake_travel = 4 + Lake 3 + Travel 3 + Jester 2 + 4 cards + per_building
#      (University, Chapel, Library) 3 = 19, 2 PP: 1900-400 = +1500; Opinion 300.
#                                               A 1900-400+1500-300 = 2700, 15+2 = 17
#   Best Work: A (19 > 16) +3.                  A 20, L 13
# Round 6 (A starts). A leaves the auctions; L, last, takes a Prestige card for 300: most_jesters.
#   The host corrects A by -100 Florin (paid into the bank by mistake).
#   A records a Theater by mistake and takes it back (retracted); builds an Opera 300 (+3).
#                                               A 2700-100-300 = 2300, 23
#   L: Hospital 300 (+3); Travel 300 (the last one).   L 1300-300-600 = 400, 16
#   Nobody worked.
# Round 7 (L starts). L opens Jester 300, A 400, L 500; L sells 1 PP (+100) and, when A passes,
#   pays 500 in cash. A, last, takes the Landscape for 300: a Park.
#   L: Work hospital_park_travel = 4 + no Park + Travel 3 + 3 Jesters 6 + 4 cards = 17 (min 17),
#      7 PP: 1700-1400 = +300.                  L 400+100-500+300 = 300, 16-1+7 = 22
#   A: no action (her last card, opera_park_religion, is worth 4 + 3 + 0 + 2 + 4 = 13 < 17).
#                                               A 2300-300 = 2000, 23
#   Best Work: L alone +3.                      A 23, L 25
#
# Prestige cards at the end:
#   A all_landscape_types: Forest, Lake and Park: 8.     A 23 + 8 = 31
#   L most_jesters: L 3, A 1: 6.                         L 25 + 6 = 31
# Tied at 31: the most money wins, Alexandra (2000 against 300).
# Empty spaces (no grid; sizes taught: Forest 4, Lake 3, Park 2):
#   A: University 7 + Chapel 3 + Library 5 + Opera 5 + 4 + 3 + 2 = 29 -> 43 - 29 = 14
#   L: Workshop 7 + Tower 3 + Studio 5 + Hospital 5 + 4 + 3 = 27 -> 16

GAME_2P_FINAL = {
    "scores": [
        {
            "player": 0,
            "fame": 23,
            "prestige_cards": {"all_landscape_types": 8},
            "total": 31,
            "money": 2000,
        },
        {"player": 1, "fame": 25, "prestige_cards": {"most_jesters": 6}, "total": 31, "money": 300},
    ],
    "winners": [0],
}


def test_two_player_game_final_scores():
    s = replayed("game_2p.jsonl")
    assert (s["round"], s["phase"], s["current_player"]) == (7, "over", None)
    assert s["final"] == GAME_2P_FINAL


def test_two_player_game_principalities():
    a, l = replayed("game_2p.jsonl")["players"]
    assert (a["money"], a["fame"], a["empty_spaces"]) == (2000, 23, 14)
    assert (l["money"], l["fame"], l["empty_spaces"]) == (300, 25, 16)
    assert a["buildings"] == ["university", "chapel", "library", "opera"]  # no Theater
    assert l["buildings"] == ["workshop", "tower", "studio", "hospital"]
    assert a["landscapes"] == {"forest": 1, "lake": 1, "park": 1}
    assert l["landscapes"] == {"forest": 1, "lake": 1, "park": 0}
    assert (a["jesters"], l["jesters"], a["builders"], l["builders"]) == (1, 3, 1, 1)
    assert a["hand"] == ["test_opera_park_religion"] and l["hand"] == []


def test_two_player_game_round_by_round():
    state = replay(load_log("game_2p.jsonl"), TEST_CATALOG)
    assert [(r["best_work"], r["scored"]) for r in state.rounds] == [
        (10, [1]),
        (13, [0]),
        (13, [0]),
        (0, []),
        (19, [0]),
        (0, []),
        (17, [1]),
    ]
    assert [p.fame_by_round for p in state.players] == [
        [3, 6, 12, 15, 20, 23, 23],
        [7, 10, 10, 13, 13, 16, 25],
    ]
    assert state.freedom_supply == {"travel": 0, "religion": 0, "opinion": 0}
    assert state.building_supply["theater"] == 3  # the retracted Theater


def test_the_undo_in_the_two_player_log_is_the_log_without_it():
    events = load_log("game_2p.jsonl")
    undo = next(i for i, e in enumerate(events) if e["type"] == "retracted")
    (seq,) = events[undo]["seqs"]
    assert events[seq - 1]["building"] == "theater"  # seqs are line numbers
    without = [e for i, e in enumerate(events) if i not in (seq - 1, undo)]
    assert replay(without, TEST_CATALOG).to_dict() == replay(events, TEST_CATALOG).to_dict()


@pytest.mark.parametrize("name", ["game_3p_grid.jsonl", "game_2p.jsonl"])
def test_logs_are_hand_written_json_lines(name):
    """One event per line with a type and its payload, no envelope (seq, id, by, at)."""
    lines = (DATA / name).read_text().splitlines()
    assert len(lines) > 80
    for line in lines:
        event = json.loads(line)
        assert "type" in event and not {"seq", "id", "at"} & set(event)


@pytest.mark.parametrize(
    "name,final", [("game_3p_grid.jsonl", GAME_3P_FINAL), ("game_2p.jsonl", GAME_2P_FINAL)]
)
def test_palazzo_replay_command(name, final, capsys):
    """`palazzo replay LOG --catalog tests/data/test_professions.json --json` agrees."""
    code = cli.main(
        ["replay", str(DATA / name), "--catalog", str(DATA / "test_professions.json"), "--json"]
    )
    out = capsys.readouterr()
    assert code == 0, out.err + out.out
    assert json.loads(out.out)["final"] == final


def test_summary_has_the_contract_shape():
    """`palazzo replay --json` prints round, phase, current_player, players (each with the
    contract's fields) and, once the game is over, final (docs: the event log contract)."""
    s = replayed("game_2p.jsonl")
    assert set(s) == {"round", "phase", "current_player", "players", "final"}
    for p in s["players"]:
        assert set(p) == {
            "name",
            "money",
            "fame",
            "jesters",
            "builders",
            "buildings",
            "landscapes",
            "freedoms",
            "hand",
            "table",
            "bonus_cards",
            "prestige_cards",
            "empty_spaces",
        }
        assert set(p["landscapes"]) == {"forest", "lake", "park"}
    assert set(s["final"]) == {"scores", "winners"}
    assert all(
        set(x) == {"player", "fame", "prestige_cards", "total", "money"}
        for x in s["final"]["scores"]
    )


def test_fold_of_the_logs_equals_replay():
    for name in ("game_3p_grid.jsonl", "game_2p.jsonl"):
        fold = Fold(TEST_CATALOG)
        for e in load_log(name):
            fold.add(e)
        assert fold.state.to_dict() == replay(load_log(name), TEST_CATALOG).to_dict()
