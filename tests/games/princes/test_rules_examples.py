"""The rulebook's worked examples and base-game rules, played through the engine's events.

The authority is the English 2022 rulebook (the numbers are quoted in each test's docstring);
the Profession cards other than the Poet are TEST DATA from tests/data/test_professions.json.
"""

from __future__ import annotations

import pytest

from companion.games.princes.rules import GameState, Refusal, apply_in_place
from companion.games.princes.rules.principality import counts
from companion.games.princes.rules.work import work_value
from tests.support.builders import Table, bonus, build, freedom, recruit, take, work

ALEXANDRA, LEON, JEN, WOLFGANG = 0, 1, 2, 3


# --- Auction phase: "Example" (p. 3) ---------------------------------------------------------


def test_auction_example_four_players():
    """Alexandra opens a Park at 200 and wins; Leon opens the Jester, Wolfgang wins it for 700;
    Leon (who did not win) opens again, a Forest, and wins it for 600; Jen, the last player,
    takes a Builder for 200."""
    t = Table(("Alexandra", "Leon", "Jen", "Wolfgang"))
    assert t.opener == ALEXANDRA  # the starting player opens
    t.do("auction_opened", player=ALEXANDRA, object="park")
    assert t.current["bid"] == 200
    for s in (LEON, JEN, WOLFGANG):
        t.do("bid_passed", player=s)
    t.do("landscape_placed", player=ALEXANDRA, landscape="park")
    assert t.p(ALEXANDRA).money == 3500 - 200 and t.p(ALEXANDRA).landscapes["park"] == 1

    # (2) Leon is next clockwise; Alexandra cannot bid any more.
    assert t.opener == LEON
    t.do("auction_opened", player=LEON, object="jester")
    t.do("bid_raised", player=JEN, amount=300)
    t.do("bid_raised", player=WOLFGANG, amount=400)
    assert t.current["turn"] == LEON  # Alexandra is skipped
    t.do("bid_raised", player=LEON, amount=500)
    t.do("bid_raised", player=JEN, amount=600)
    t.do("bid_raised", player=WOLFGANG, amount=700)
    t.do("bid_passed", player=LEON)
    t.do("bid_passed", player=JEN)
    assert t.p(WOLFGANG).money == 3500 - 700 and t.p(WOLFGANG).jesters == 1
    assert t.p(LEON).money == t.p(JEN).money == 3500  # the others pay nothing

    # (3) Leon did not win, so he chooses again; only he and Jen may bid.
    assert t.opener == LEON
    t.do("auction_opened", player=LEON, object="forest")
    t.do("bid_raised", player=JEN, amount=300)
    t.do("bid_raised", player=LEON, amount=400)
    t.do("bid_raised", player=JEN, amount=500)
    t.do("bid_raised", player=LEON, amount=600)
    t.do("bid_passed", player=JEN)
    t.do("landscape_placed", player=LEON, landscape="forest")
    assert t.p(LEON).money == 3500 - 600 and t.p(LEON).landscapes["forest"] == 1

    # (4) Only Jen may still bid: she takes a Builder for 200.
    assert t.opener == JEN
    t.refused("last_player_took", player=JEN, object="park")  # a Park was taken this round
    t.take_last(JEN, "builder")
    assert t.p(JEN).money == 3500 - 200 and t.p(JEN).builders == 1
    # (5) Everybody has acquired something: the Action phase begins with the starting player.
    assert t.state.phase == "action" and t.state.turn == ALEXANDRA
    assert all(p.has_pawn is False for p in t.state.players)


# --- Complete a Work: "Work scoring example" (p. 6) ------------------------------------------


def test_poet_work_scoring_example():
    """Round 3 (minimum 12): Travel, a Theater, 2 Jesters, no Lake, the Poet and 2 more Profession
    cards plus a Recruiting card (4 cards in all, the tally's "4"), no Bonus card: Work Value 15.
    Taking 7 PP leaves 1500 - 7 x 200 = 100 Florin."""
    t = Table(hands={ALEXANDRA: ["poet", "test_library_lake_travel", "test_hospital_park_travel"]})
    t.win(ALEXANDRA, "jester")  # round 1: 200
    t.leave_all()
    t.act({ALEXANDRA: [build("theater"), freedom("travel")]})  # 700 + 300, +3 PP
    t.win(ALEXANDRA, "jester")  # round 2: 300
    t.leave_all()
    t.act()
    t.win(ALEXANDRA, "recruiting")  # round 3: 300
    t.leave_all()
    assert t.state.round == 3 and t.state.turn == JEN  # Jen starts round 3
    t.do("turn_ended", player=JEN)
    a = t.p(ALEXANDRA)
    assert a.landscapes["lake"] == 0 and a.jesters == 2
    assert sorted(a.hand) == sorted(
        ["poet", "test_library_lake_travel", "test_hospital_park_travel", "recruiting"]
    )
    wv = work_value(t.state, ALEXANDRA, "poet")
    assert wv["parts"] == {"landscape": 0, "freedom": 3, "building": 4, "jesters": 4, "cards": 4}
    assert wv["total"] == 15
    money = 3500 - 200 - 700 - 300 - 300 - 300
    assert (a.money, a.fame) == (money, 3)
    t.refused("work_completed", player=ALEXANDRA, profession="poet", bonus_cards=[], prestige=8)
    t.do("work_completed", player=ALEXANDRA, profession="poet", bonus_cards=[], prestige=7)
    assert a.money == money + 100  # 1500 Florin less 7 x 200
    assert a.fame == 3 + 7
    assert a.best_this_round == 15  # the Pawn on space 15
    assert a.table == ["poet"] and "poet" not in a.hand


# --- Landscapes: "Remember" example (p. 4) ---------------------------------------------------


def test_landscape_prestige_example():
    """Only a Lake, then a Forest: no PP. Later another Lake: 3 PP."""
    t = Table()
    t.win(ALEXANDRA, "lake")
    t.skip_round()
    t.win(ALEXANDRA, "forest")
    assert t.p(ALEXANDRA).fame == 0
    t.skip_round()
    t.win(ALEXANDRA, "lake")
    assert t.p(ALEXANDRA).fame == 3
    assert t.p(ALEXANDRA).landscapes == {"forest": 1, "lake": 2, "park": 0}


# --- Bonus cards: "Overview of the 20 different Bonus cards" (p. 18) ------------------------

BONUS_EXAMPLES = {  # the rulebook's example value for each card, on the example Principality
    "per_building": 5,
    "per_large_building": 4,
    "per_medium_building_and_forest": 3,
    "per_small_building_and_landscape": 5,
    "per_building_size": 6,
    "per_landscape": 3,
    "per_forest": 4,
    "per_lake": 2,
    "per_park": 0,
    "per_freedom": 4,
    "per_jester": 0,
    "per_jester_and_freedom": 2,
    "per_builder": 4,
    "per_builder_and_lake": 3,
    "per_prestige_card": 2,
    "per_prestige_card_and_freedom": 3,
    "per_landscape_type": 4,
    "per_category": 5,
    "per_profession_in_hand": 1,
    "per_work_on_table": 3,
}
PLAYED = "test_opera_forest_travel"
HELD_BONUS = ["per_building_size", "per_building", "per_category"]


def bonus_example_table() -> Table:
    """Alexandra's Principality of the Bonus overview, built in 7 rounds of real events:
    2 Forests, 1 Lake, 0 Parks, 0 Jesters, 2 Builders, 1 Prestige card, 2 Freedoms, 2 Profession
    cards on the table, 1 being played, 1 Recruiting card in hand, University, Workshop, Opera,
    Tower, Chapel. Leon and Jen stay out of her way."""
    t = Table(
        hands={
            ALEXANDRA: ["test_university_forest_travel", "test_workshop_forest_religion", PLAYED]
        }
    )
    # round 1 (Alexandra starts): Forest for 200; University 700, Travel 300
    t.win(ALEXANDRA, "forest")
    t.leave_all()
    t.act({ALEXANDRA: [build("university"), freedom("travel")]})
    # round 2: Builder for 300; a Work worth 4+3+3+3 = 13 (minimum 10); Workshop 300
    t.win(ALEXANDRA, "builder")
    t.leave_all()
    t.act({ALEXANDRA: [work("test_university_forest_travel"), build("workshop")]})
    # round 3: second Builder (+3 PP); Religion; a Work worth 13 (minimum 12)
    t.win(ALEXANDRA, "builder")
    t.leave_all()
    t.act({ALEXANDRA: [freedom("religion"), work("test_workshop_forest_religion")]})
    # round 4 (Alexandra starts): second Forest for 200 (+3 PP); Opera, Tower
    t.win(ALEXANDRA, "forest")
    t.leave_all()
    t.act({ALEXANDRA: [build("opera"), build("tower")]})
    # round 5: Lake; Chapel and a Bonus card
    t.win(ALEXANDRA, "lake")
    t.leave_all()
    t.act({ALEXANDRA: [build("chapel"), bonus(HELD_BONUS[0])]})
    # round 6: Prestige card; two more Bonus cards
    t.win(ALEXANDRA, "prestige", card="most_forests")
    t.leave_all()
    t.act({ALEXANDRA: [bonus(HELD_BONUS[1]), bonus(HELD_BONUS[2])]})
    # round 7 (Alexandra starts): a Recruiting card for 200, kept in hand
    t.win(ALEXANDRA, "recruiting")
    t.leave_all()
    assert t.state.round == 7 and t.state.turn == ALEXANDRA
    return t


@pytest.fixture(scope="module")
def bonus_table():
    return bonus_example_table()


def test_bonus_example_principality_is_the_rulebooks(bonus_table):
    a = bonus_table.p(ALEXANDRA)
    c = counts(a)
    assert (c["forests"], c["lakes"], c["parks"], c["jesters"], c["builders"]) == (2, 1, 0, 0, 2)
    assert (c["prestige_cards"], c["freedoms"], c["works"]) == (1, 2, 2)
    assert sorted(a.hand) == sorted([PLAYED, "recruiting"])
    assert sorted(a.buildings) == sorted(["university", "workshop", "opera", "tower", "chapel"])
    # 3500 - 200 - 700 - 300 | -300 +1300 -300 | -300 -300 +1300 | -200 -300 -300
    # | -300 -300 -300 | -300 -300 -300 | -200
    assert a.money == 900
    # University, Workshop, 2nd Builder, 2nd Forest, Opera, Tower, Chapel: 7 x 3;
    # Best Work in rounds 2 and 3 (nobody else worked): 2 x 3
    assert a.fame == 21 + 6


@pytest.mark.parametrize("card,value", sorted(BONUS_EXAMPLES.items()))
def test_bonus_card_examples(bonus_table, card, value):
    wv = work_value(bonus_table.state, ALEXANDRA, PLAYED, [card])
    assert wv["bonus"] == {card: value}


def test_bonus_cards_played_with_a_work():
    """The three held Bonus cards add 6 + 5 + 5 to Opera 4 + Forest 3 + Travel 3 + 4 cards."""
    t = bonus_example_table()  # its own table: this test plays the Work
    a = t.p(ALEXANDRA)
    t.refused(
        "work_completed", player=ALEXANDRA, profession=PLAYED, bonus_cards=["per_park"], prestige=0
    )  # not held
    t.refused(
        "work_completed", player=ALEXANDRA, profession=PLAYED, bonus_cards=[], prestige=0
    )  # 14 < 17 (round 7)
    money = a.money
    t.do("work_completed", player=ALEXANDRA, profession=PLAYED, bonus_cards=HELD_BONUS, prestige=0)
    assert a.works[-1]["value"] == 14 + 6 + 5 + 5
    assert a.money == money + 3000
    assert a.bonus_cards == [] and "per_building" not in t.state.bonus_deck  # out of the game


# --- Prestige cards: "Overview of the 14 different Prestige cards" (p. 19) --------------------


def prestige_example_table(card: str) -> Table:
    """Alexandra's end-of-game Principality of the Prestige overview, built in 7 rounds of real
    events (14 actions, all used): 2 Forests, 1 Lake, 0 Parks, 0 Jesters, 2 Builders, the one
    Prestige card `card`, 2 Freedoms, 4 Profession cards and 1 Recruiting card on the table (Leon
    recruited a Work away), 1 Profession card in hand (recruited from Leon), University, Workshop,
    Opera, Tower, Chapel. Returned just after her last action in round 7."""
    t = Table(
        hands={
            ALEXANDRA: [
                "test_university_forest_travel",
                "test_university_lake_religion",
                "test_chapel_forest_religion",
            ],
            LEON: [
                "test_hospital_park_travel",
                "test_studio_park_opinion",
                "test_laboratory_park_travel",
            ],
            JEN: [
                "test_opera_park_religion",
                "test_tower_lake_opinion",
                "test_library_lake_travel",
            ],
        }
    )
    # round 1: Forest; Leon builds a Hospital and works (4 + 3 cards = 7, minimum 7)
    t.win(ALEXANDRA, "forest")
    t.leave_all()
    t.act(
        {
            ALEXANDRA: [build("university"), freedom("travel")],
            LEON: [build("hospital"), work("test_hospital_park_travel")],
        }
    )
    # round 2: Lake; two Works: 4+3+3+3 = 13 and 4+3+0+3 = 10 (minimum 10)
    t.win(ALEXANDRA, "lake")
    t.leave_all()
    t.act(
        {ALEXANDRA: [work("test_university_forest_travel"), work("test_university_lake_religion")]}
    )
    # round 3: Alexandra a Builder, Leon a Recruiting card he uses on his turn
    t.win(ALEXANDRA, "builder")
    t.win(LEON, "recruiting")
    t.leave_all()
    t.act(
        {
            ALEXANDRA: [build("chapel"), freedom("religion")],
            LEON: [recruit(ALEXANDRA, "test_university_forest_travel")],
        }
    )
    # round 4: Alexandra's Recruiting card, used at once on Leon's Hospital Work
    t.win(ALEXANDRA, "recruiting")
    t.do(
        "recruiting_card_used",
        player=ALEXANDRA,
        from_player=LEON,
        profession="test_hospital_park_travel",
    )
    t.leave_all()
    # 4+3+3 + 4 cards = 14 (minimum 14)
    t.act({ALEXANDRA: [work("test_chapel_forest_religion"), take("test_chapel_lake_travel")]})
    # round 5: second Builder; 4+3+3 + 5 cards = 15 (minimum 15)
    t.win(ALEXANDRA, "builder")
    t.leave_all()
    t.act({ALEXANDRA: [work("test_chapel_lake_travel"), take("test_tower_forest_travel")]})
    # round 6: second Forest; 4+3+3 + 6 cards = 16 (minimum 16)
    t.win(ALEXANDRA, "forest")
    t.leave_all()
    t.act({ALEXANDRA: [build("tower"), work("test_tower_forest_travel")]})
    # round 7 (Alexandra starts): the Prestige card; Workshop and Opera
    t.win(ALEXANDRA, "prestige", card=card)
    t.leave_all()
    t.do("building_built", player=ALEXANDRA, building="workshop")
    t.do("building_built", player=ALEXANDRA, building="opera")
    return t


def test_prestige_example_principality_is_the_rulebooks():
    t = prestige_example_table("most_forests")
    a = t.p(ALEXANDRA)
    c = counts(a, landscape_cells=t.state.catalog.landscape_cells)
    assert (c["forests"], c["lakes"], c["parks"], c["jesters"], c["builders"]) == (2, 1, 0, 0, 2)
    assert (c["prestige_cards"], c["freedoms"], c["buildings"], c["large_buildings"]) == (
        1,
        2,
        5,
        2,
    )
    assert a.table == [
        "recruiting",
        "test_university_lake_religion",
        "test_chapel_forest_religion",
        "test_chapel_lake_travel",
        "test_tower_forest_travel",
    ]
    assert a.hand == ["test_hospital_park_travel"]
    # 3500 | -200 -700 -300 | -300 +1300 +1000 | -300 -300 -300 | -200 +1400 -300
    # | -300 +1500 -300 | -300 -300 +1600 | -200 -300 -300
    assert a.money == 5400
    # 3 PP each: University, Chapel, 2nd Builder, 2nd Forest, Tower, Workshop, Opera (7) and
    # Best Work in rounds 2, 4, 5, 6 (4)
    assert a.fame == 33
    # empty spaces: 43 - (7 + 7 + 5 + 3 + 3) - 2 Forests x 4 - 1 Lake x 3 = 7
    assert c["empty_spaces"] == 7


def _set(player, **fields):
    """The opponent a note describes: set directly, as no single game has them all."""
    for k, v in fields.items():
        setattr(player, k, v)


FIVE_BUILDINGS = ["library", "studio", "hospital", "theater", "laboratory"]

PRESTIGE_EXAMPLES = {
    # card: (opponents as the note describes them, the rulebook's points)
    "most_buildings": ({LEON: {"buildings": FIVE_BUILDINGS}}, 3),
    "two_large_buildings": ({LEON: {"buildings": ["laboratory", "university"]}}, 5),
    # Jen: 7+7+7+5+5 = 31 squares of Buildings + 2 Forests x 4 = 39 covered, 4 empty < 7
    "fewest_empty_spaces": (
        {
            JEN: {
                "buildings": ["laboratory", "university", "workshop", "library", "studio"],
                "landscapes": {"forest": 2, "lake": 0, "park": 0},
            }
        },
        0,
    ),
    "all_landscape_types": ({}, 0),
    "most_landscapes": ({LEON: {"landscapes": {"forest": 1, "lake": 2, "park": 0}}}, 4),
    "most_forests": ({LEON: {"landscapes": {"forest": 1, "lake": 0, "park": 0}}}, 7),
    "most_lakes": (
        {
            LEON: {"landscapes": {"forest": 0, "lake": 1, "park": 0}},
            JEN: {"landscapes": {"forest": 0, "lake": 1, "park": 0}},
        },
        3,
    ),
    "all_freedoms": ({}, 0),
    "buildings_freedoms_works": ({}, 6),
    "most_jesters": ({}, 0),  # nobody has a Jester: still 0
    "most_builders": ({LEON: {"builders": 1}}, 6),
    "most_parks": ({}, 0),  # nobody has a Park: no tie "for the most"
    "builder_jester_landscapes": ({}, 0),
    "most_works": (
        {
            LEON: {
                "table": [
                    "test_studio_park_opinion",
                    "test_laboratory_park_travel",
                    "test_university_forest_travel",
                    "recruiting",
                    "poet",
                ]
            }
        },
        4,
    ),
}


@pytest.mark.parametrize("card", sorted(PRESTIGE_EXAMPLES))
def test_prestige_card_examples(card):
    opponents, points = PRESTIGE_EXAMPLES[card]
    t = prestige_example_table(card)
    for seat, fields in opponents.items():
        _set(t.p(seat), **fields)
    t.end_turns()
    assert t.state.phase == "over"
    mine = t.state.final["scores"][ALEXANDRA]
    assert mine["prestige_cards"] == {card: points}
    assert mine["total"] == 33 + points and mine["money"] == 5400


def test_prestige_fewest_empty_spaces_alone_and_tied():
    """8 PP for the fewest alone, 4 when tied."""
    t = prestige_example_table("fewest_empty_spaces")
    t.end_turns()
    assert t.state.final["scores"][ALEXANDRA]["prestige_cards"] == {"fewest_empty_spaces": 8}
    t = prestige_example_table("fewest_empty_spaces")
    # Leon: 7 + 7 + 5 + 3 + 3 = 25 squares of Buildings + 2 Forests x 4 + 1 Lake x 3 = 36
    # covered: 7 empty, like Alexandra.
    _set(
        t.p(LEON),
        buildings=["laboratory", "workshop", "library", "tower", "chapel"],
        landscapes={"forest": 2, "lake": 1, "park": 0},
    )
    t.end_turns()
    assert t.state.final["scores"][ALEXANDRA]["prestige_cards"] == {"fewest_empty_spaces": 4}


def test_most_buildings_leon_example():
    """Leon's card "most Buildings" 6 (3): 6 alone, 3 tied, 0 if someone has more."""
    for leon_buildings, points in ((6, 6), (5, 3), (4, 0)):  # Alexandra has 5
        t = prestige_example_table("most_forests")
        _set(
            t.p(LEON),
            prestige_cards=["most_buildings"],
            buildings=(FIVE_BUILDINGS + ["tower"])[:leon_buildings],
        )
        t.end_turns()
        assert t.state.final["scores"][LEON]["prestige_cards"] == {"most_buildings": points}


# --- Build a Building (p. 7) and Builder (p. 5) ---------------------------------------------


def test_builder_costs_and_prestige():
    """700 with no Builder, 300 with 1 or 2, 0 with 3; the 2nd and 3rd Builder earn 3 PP each."""
    t = Table()
    a = t.p(ALEXANDRA)
    t.to_action()
    money = a.money
    t.act({ALEXANDRA: [build("tower")]})
    assert money - a.money == 700 and a.fame == 3
    fame = a.fame
    for builders, cost, pp in ((1, 300, 0), (2, 300, 3), (3, 0, 3)):
        t.win(ALEXANDRA, "builder")
        assert a.builders == builders and a.fame == fame + pp
        t.leave_all()
        money = a.money
        building = ("chapel", "library", "opera")[builders - 1]
        t.act({ALEXANDRA: [build(building)]})
        assert money - a.money == cost
        fame = a.fame


def test_builder_cap_of_three():
    """Each player is limited to 3 Builders: they may not open, raise or take one (ruling 3)."""
    t = Table()
    for _ in range(3):
        t.win(ALEXANDRA, "builder")
        t.skip_round()
    assert t.p(ALEXANDRA).builders == 3 and t.state.round == 4 and t.opener == ALEXANDRA
    r = t.refused("auction_opened", player=ALEXANDRA, object="builder")
    assert r.code == "builder_cap"
    t.leave_all()
    t.end_turns()
    # round 5: Leon opens a Builder auction; Alexandra may not raise it, so she is not even
    # asked: Jen's pass settles it
    assert t.opener == LEON
    t.do("auction_opened", player=LEON, object="builder")
    assert t.current["in"] == [LEON, JEN]
    t.do("bid_passed", player=JEN)
    assert t.current is None
    assert t.p(LEON).builders == 1
    t.skip_round()
    # round 6: Leon wins Jen's Jester auction, Jen leaves: Alexandra is the last player, and
    # may not take a Builder for 200 either
    t.win(LEON, "jester")
    t.do("auctions_left", player=JEN)
    assert t.opener == ALEXANDRA
    assert t.refused("last_player_took", player=ALEXANDRA, object="builder").code == "builder_cap"


# --- Round end: Best Work (p. 10) ----------------------------------------------------------


def test_best_work_ties_all_score_and_nobody_without_a_work():
    """Alexandra and Leon both complete a Work of 7 (4 Building + 3 cards): both score 3 PP;
    Jen, without a Work, scores nothing. A round without Works scores nobody."""
    t = Table()
    t.to_action()
    t.act(
        {
            ALEXANDRA: [build("laboratory"), work("test_laboratory_park_travel")],
            LEON: [build("opera"), work("test_opera_park_religion")],
        }
    )
    assert t.state.rounds[-1] == {"round": 1, "best_work": 7, "scored": [ALEXANDRA, LEON]}
    assert [p.fame for p in t.state.players] == [3 + 3, 3 + 3, 0]
    t.skip_round()
    assert t.state.rounds[-1] == {"round": 2, "best_work": 0, "scored": []}
    assert [p.fame for p in t.state.players] == [6, 6, 0]


def test_a_second_work_in_a_round_keeps_the_higher_value():
    """The Pawn marks the higher Work Value of the two, not the sum; both Works are paid."""
    t = Table()
    a = t.p(ALEXANDRA)
    t.win(ALEXANDRA, "jester")
    t.leave_all()
    t.act({ALEXANDRA: [build("laboratory"), freedom("travel")]})
    t.win(ALEXANDRA, "park")
    t.leave_all()
    t.do("turn_ended", player=LEON)
    t.do("turn_ended", player=JEN)
    money = a.money
    # Laboratory 4 + Park 3 + Travel 3 + Jester 2 + 3 cards = 15
    t.do(
        "work_completed",
        player=ALEXANDRA,
        profession="test_laboratory_park_travel",
        bonus_cards=[],
        prestige=0,
    )
    # no Hospital: Park 3 + Travel 3 + Jester 2 + 3 cards = 11 (minimum 10)
    t.do(
        "work_completed",
        player=ALEXANDRA,
        profession="test_hospital_park_travel",
        bonus_cards=[],
        prestige=1,
    )
    assert a.best_this_round == 15
    assert a.money == money + 1500 + 1100 - 200 and a.fame == 3 + 1
    t.do("turn_ended", player=ALEXANDRA)
    assert t.state.rounds[-1] == {"round": 2, "best_work": 15, "scored": [ALEXANDRA]}


def test_work_below_the_rounds_minimum_is_refused():
    t = Table()
    t.to_action()
    # 3 cards only: 3 < 7
    r = t.refused(
        "work_completed",
        player=ALEXANDRA,
        profession="test_laboratory_park_travel",
        bonus_cards=[],
        prestige=0,
    )
    assert r.code == "below_minimum" and "7" in r.message


# --- Two Player Rules (p. 11) --------------------------------------------------------------


def test_two_player_setup():
    """2500 Florin each; 5 Freedoms (1 of each plus 2 of two different types) or 4."""
    t = Table(("Alexandra", "Leon"), freedoms={"travel": 2, "religion": 1, "opinion": 2})
    assert [p.money for p in t.state.players] == [2500, 2500]
    assert t.state.freedom_supply == {"travel": 2, "religion": 1, "opinion": 2}
    t4 = Table(("Alexandra", "Leon"), freedoms={"travel": 1, "religion": 2, "opinion": 1})
    assert sum(t4.state.freedom_supply.values()) == 4
    for bad in (
        {"travel": 1, "religion": 1, "opinion": 1},
        {"travel": 3, "religion": 1, "opinion": 1},
        {"travel": 2, "religion": 2, "opinion": 2},
        {"travel": 2},
        None,
    ):
        state = GameState()
        event = {
            "type": "game_started",
            "players": ["Alexandra", "Leon"],
            "start_player": 0,
            "grid": False,
        }
        if bad is not None:
            event["freedoms"] = bad
        with pytest.raises(Refusal) as info:
            apply_in_place(state, event)
        assert info.value.code == "bad_freedom_supply"
        assert state.to_dict() == GameState().to_dict()


def test_two_player_auction():
    """Opening bid 300; the three Landscapes are one object whose winner names the type; the
    other player cannot take another Landscape this round; the last player pays 300."""
    t = Table(("Alexandra", "Leon"))
    assert t.refused("auction_opened", player=ALEXANDRA, object="lake").code == "unknown_object"
    t.do("auction_opened", player=ALEXANDRA, object="landscape")
    assert t.current["bid"] == 300
    t.do("bid_raised", player=LEON, amount=400)
    t.do("bid_passed", player=ALEXANDRA)
    assert t.p(LEON).money == 2100
    assert (
        t.refused("landscape_placed", player=ALEXANDRA, landscape="lake").code == "nothing_to_place"
    )
    t.do("landscape_placed", player=LEON, landscape="lake")  # Leon names the Lake
    assert t.p(LEON).landscapes["lake"] == 1 and t.state.stacks["lake"] == 5
    # Alexandra, the last player: no Landscape this round; anything else for 300
    assert t.opener == ALEXANDRA
    r = t.refused("last_player_took", player=ALEXANDRA, object="landscape")
    assert r.code == "stack_taken_this_round"
    t.take_last(ALEXANDRA, "jester")
    assert t.p(ALEXANDRA).money == 2200 and t.p(ALEXANDRA).jesters == 1
    assert t.state.phase == "action"


def test_two_player_landscape_type_exhausted():
    """Six Lakes: after them, the Landscape winner must name another type."""
    t = Table(("Alexandra", "Leon"))
    for _ in range(6):
        t.win(t.opener, "landscape", landscape="lake")
        t.skip_round()
    assert t.state.stacks["lake"] == 0 and t.state.round == 7
    t.do("auction_opened", player=ALEXANDRA, object="landscape")
    t.do("bid_passed", player=LEON)
    assert (
        t.refused("landscape_placed", player=ALEXANDRA, landscape="lake").code == "stack_exhausted"
    )
    t.do("landscape_placed", player=ALEXANDRA, landscape="park")


# --- Auction phase: basic rules (p. 3) -----------------------------------------------------


def test_bids_are_limited_by_money_plus_sellable_fame():
    """A bid may exceed cash while the fame to sell covers it (ruling 1); the winner pays cash
    first, and the shortfall is paid by selling just enough fame."""
    t = Table()
    t.do("correction", player=ALEXANDRA, money=-3300, fame=3, reason="test: 200 Florin, 3 PP")
    a = t.p(ALEXANDRA)
    t.do("auction_opened", player=ALEXANDRA, object="jester")  # 200
    t.do("bid_raised", player=LEON, amount=300)
    t.do("bid_passed", player=JEN)
    t.do("bid_raised", player=ALEXANDRA, amount=400)
    t.do("bid_raised", player=LEON, amount=500)
    r = t.refused("bid_raised", player=ALEXANDRA, amount=600)  # 200 + 3 x 100 = 500
    assert r.code == "bid_beyond_means" and "500" in r.message
    t.do("bid_passed", player=ALEXANDRA)
    assert t.p(LEON).jesters == 1 and (a.money, a.fame) == (200, 3)
    # Alexandra opens again and wins at 400: 200 cash + 2 PP sold
    t.do("auction_opened", player=ALEXANDRA, object="builder")
    t.do("bid_raised", player=JEN, amount=300)
    t.do("bid_raised", player=ALEXANDRA, amount=400)
    t.do("bid_passed", player=JEN)
    assert (a.money, a.fame, a.builders) == (0, 1, 1)


def test_the_opener_rule():
    """The opener opens again if they did not win; if they won, the next player clockwise who
    still has a Pawn opens."""
    t = Table(("Alexandra", "Leon", "Jen", "Wolfgang"))
    t.win(LEON, "jester")  # Alexandra opened, Leon won
    assert t.opener == ALEXANDRA
    t.win(ALEXANDRA, "park")  # Alexandra opened and won: Leon has no Pawn, so Jen
    assert t.opener == JEN
    t.win(WOLFGANG, "forest")  # Jen did not win: she opens again, and is the last
    assert t.opener == JEN
    assert t.refused("auction_opened", player=WOLFGANG, object="lake").code == "already_acquired"
    # a last player may open an auction too: nobody can raise it, it settles at once for 200
    t.do("auction_opened", player=JEN, object="lake")
    t.do("landscape_placed", player=JEN, landscape="lake")
    assert t.p(JEN).money == 3300 and t.state.phase == "action"


def test_leaving_all_auctions():
    """A player whose turn it is to open may leave all auctions this round: they bid no more,
    and the next player clockwise with a Pawn opens."""
    t = Table()
    assert t.refused("auctions_left", player=LEON).code == "not_your_turn"
    t.do("auctions_left", player=ALEXANDRA)
    assert not t.p(ALEXANDRA).has_pawn and t.opener == LEON
    t.do("auction_opened", player=LEON, object="jester")
    assert t.current["in"] == [LEON, JEN]
    t.do("bid_raised", player=JEN, amount=300)
    assert t.refused("bid_raised", player=ALEXANDRA, amount=400).code == "not_your_turn"
    t.do("bid_passed", player=LEON)
    # Leon did not win: he opens again, now the last player with a Pawn
    assert t.opener == LEON
    t.do("last_player_declined", player=LEON)
    assert t.state.phase == "action" and t.p(ALEXANDRA).acquired is None


def test_one_object_per_player_and_per_stack():
    t = Table()
    t.win(ALEXANDRA, "jester")
    assert (
        t.refused("auction_opened", player=LEON, object="jester").code == "stack_taken_this_round"
    )
    t.do("auction_opened", player=LEON, object="builder")
    assert t.current["in"] == [LEON, JEN]  # Alexandra already acquired an object
    assert t.refused("bid_raised", player=ALEXANDRA, amount=300).code == "already_acquired"


def test_exhausted_stack():
    """5 Recruiting cards: once they are gone, nobody can acquire one."""
    t = Table()
    for _ in range(5):
        t.win(ALEXANDRA, "recruiting")
        t.skip_round()
    assert t.state.stacks["recruiting"] == 0 and t.p(ALEXANDRA).hand.count("recruiting") == 5
    t.do("auctions_left", player=t.opener)
    assert (
        t.refused("auction_opened", player=t.opener, object="recruiting").code == "stack_exhausted"
    )


# --- Action phase (p. 5) -------------------------------------------------------------------


def test_two_actions_and_once_per_round_actions():
    t = Table()
    t.to_action()
    t.do("profession_taken", player=ALEXANDRA, profession="poet")
    r = t.refused("profession_taken", player=ALEXANDRA, profession="alchemist")
    assert r.code == "once_per_round"
    t.do("freedom_introduced", player=ALEXANDRA, freedom="travel")
    assert (
        t.refused("bonus_card_taken", player=ALEXANDRA, card="per_jester").code == "no_actions_left"
    )
    t.end_turns()
    t.to_action()
    t.do("turn_ended", player=LEON)
    t.do("turn_ended", player=JEN)
    t.do("freedom_introduced", player=ALEXANDRA, freedom="religion")
    assert (
        t.refused("freedom_introduced", player=ALEXANDRA, freedom="opinion").code
        == "once_per_round"
    )
    t.do("profession_taken", player=ALEXANDRA, profession="alchemist")  # a new round
    assert t.p(ALEXANDRA).money == 3500 - 4 * 300


def test_supplies_three_of_each_building_and_players_minus_one_freedoms():
    t = Table(("Alexandra", "Leon", "Jen", "Wolfgang"))
    assert t.state.building_supply == {b: 3 for b in t.state.building_supply}
    assert t.state.freedom_supply == {"travel": 3, "religion": 3, "opinion": 3}
    t.to_action()
    t.act({ALEXANDRA: [build("tower")], LEON: [build("tower")], JEN: [build("tower")]})
    t.to_action()
    assert (
        t.refused("building_built", player=LEON, building="tower").code == "building_already_built"
    )
    t.do("turn_ended", player=LEON)
    t.do("turn_ended", player=JEN)
    assert (
        t.refused("building_built", player=WOLFGANG, building="tower").code == "building_sold_out"
    )
    t3 = Table()
    assert t3.state.freedom_supply == {"travel": 2, "religion": 2, "opinion": 2}
    t3.to_action()
    t3.act({ALEXANDRA: [freedom("travel")], LEON: [freedom("travel")]})
    t3.to_action()
    t3.do("turn_ended", player=LEON)
    assert t3.refused("freedom_introduced", player=JEN, freedom="travel").code == "freedom_sold_out"
    assert t3.refused("freedom_introduced", player=JEN, freedom="peace").code == "freedom_unknown"


def test_selling_fame_never_below_zero():
    t = Table()
    a = t.p(ALEXANDRA)
    assert t.refused("fame_sold", player=ALEXANDRA, points=1).code == "not_enough_fame"
    t.to_action()
    t.do("building_built", player=ALEXANDRA, building="tower")  # 3 PP
    t.do("fame_sold", player=ALEXANDRA, points=2)
    assert (a.fame, a.money) == (1, 3500 - 700 + 200)
    assert t.refused("fame_sold", player=ALEXANDRA, points=2).code == "not_enough_fame"
    assert t.refused("fame_sold", player=ALEXANDRA, points=0).code == "bad_event"
    t.do("fame_sold", player=ALEXANDRA, points=1)
    assert a.fame == 0


def test_actions_are_paid_in_cash():
    """An action costs Florin from the purse; fame is sold first, by the player (fame_sold)."""
    t = Table()
    t.do("correction", player=ALEXANDRA, money=-3300, fame=5, reason="test: 200 Florin, 5 PP")
    t.to_action()
    r = t.refused("freedom_introduced", player=ALEXANDRA, freedom="travel")
    assert r.code == "cannot_afford" and "sell fame" in r.message
    t.do("fame_sold", player=ALEXANDRA, points=1)
    t.do("freedom_introduced", player=ALEXANDRA, freedom="travel")
    assert t.p(ALEXANDRA).money == 0


# --- End of the game (p. 10) -----------------------------------------------------------------


def _play_out(t: Table):
    while t.state.phase != "over":
        t.skip_round()


def test_game_ends_after_round_seven_and_money_breaks_ties():
    t = Table()
    for _ in range(6):
        t.skip_round()
    assert t.state.round == 7
    t.do("correction", player=ALEXANDRA, money=0, fame=5, reason="test")
    t.do("correction", player=LEON, money=100, fame=5, reason="test")
    t.do("correction", player=JEN, money=5000, fame=4, reason="test")
    t.skip_round()
    assert t.state.phase == "over" and t.state.round == 7
    assert t.state.final["winners"] == [LEON]
    assert [s["total"] for s in t.state.final["scores"]] == [5, 5, 4]
    assert t.refused("fame_sold", player=ALEXANDRA, points=1).code == "game_over"
    assert t.refused("auction_opened", player=ALEXANDRA, object="jester").code == "game_over"


def test_shared_victory():
    t = Table()
    _play_out(t)
    assert t.state.final["winners"] == [ALEXANDRA, LEON, JEN]  # all 0 PP and 3500 Florin
    t = Table()
    for _ in range(6):
        t.skip_round()
    t.do("correction", player=ALEXANDRA, money=0, fame=2, reason="test")
    t.do("correction", player=JEN, money=0, fame=2, reason="test")
    _play_out(t)
    assert t.state.final["winners"] == [ALEXANDRA, JEN]


def test_starting_player_passes_to_the_left():
    t = Table()
    starts = []
    while t.state.phase != "over":
        starts.append(t.state.start_player)
        t.skip_round()
    assert starts == [0, 1, 2, 0, 1, 2, 0]


def test_a_player_with_three_builders_is_not_asked_to_bid_on_a_builder():
    """Ruling 3: they may not raise for a Builder, so the auction goes on without them."""
    from tests.support.builders import Table as Game

    t = Game(("Alexandra", "Leon", "Jen"))
    t.state.players[1].builders = 3  # Leon, as if from earlier rounds
    t.do("auction_opened", player=0, object="builder")
    assert t.current["in"] == [0, 2] and t.current["turn"] == 2
    t.do("bid_passed", player=2)
    assert t.p(0).builders == 1 and t.p(0).money == 3500 - 200


def test_three_or_more_players_may_name_the_standard_freedom_supply():
    from tests.support.builders import Table as Game

    t = Game(
        ("Alexandra", "Leon", "Jen", "Chris"), freedoms={"travel": 3, "religion": 3, "opinion": 3}
    )
    assert t.state.freedom_supply == {"travel": 3, "religion": 3, "opinion": 3}
    with pytest.raises(Exception) as refused:
        Game(("Alexandra", "Leon", "Jen"), freedoms={"travel": 3, "religion": 2, "opinion": 2})
    assert getattr(refused.value, "code", None) == "bad_freedom_supply"
