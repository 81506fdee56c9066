"""Every event told in words (companion.games.princes.words), and what each viewer may hear."""

from __future__ import annotations

import json

import pytest

from companion.core.lang import seat_name
from companion.games.princes.rules import Fold
from companion.games.princes.story import Fact, Story, read
from companion.games.princes.words import describe
from companion.games.princes.words.telling import latest_undoable, newest_first, tell
from tests.support.builders import DATA, TEST_CATALOG, Table, load_log


def numbered(events, by=None):
    """Events as a log stores them: with seq, and recorded by the acting seat (or the host)."""
    out = []
    for i, e in enumerate(events, 1):
        who = (
            by
            if by is not None
            else (str(e["player"]) if "player" in e and e["type"] != "correction" else "host")
        )
        out.append({**e, "seq": i, "by": who})
    return out


def told(events, viewer=None, catalog=TEST_CATALOG):
    return [t.text for t in tell(read(numbered(events), catalog), viewer)]


def fact_of(table: Table, event: dict):
    """Apply one event on a builders.Table; the fact the story notes of it."""
    fold = Fold(table.state.catalog, table.state.clone(), effective=None)
    fact = Story().add(fold, event)
    table.do(event["type"], **{k: v for k, v in event.items() if k not in ("type", "by")})
    return fact


def step(table: Table, type_: str, viewer=None, **payload) -> str:
    """Apply one event on a builders.Table and tell it."""
    return describe(fact_of(table, {"type": type_, **payload}), table.state, viewer)


@pytest.fixture
def table():
    """Alexandra, Leon and Jen, hands chosen, round 1 auctions (Alexandra opens)."""
    return Table(hands={0: ["poet", "test_university_forest_travel", "test_opera_forest_travel"]})


def test_auction_words(table):
    assert (
        step(table, "auction_opened", player=0, object="jester")
        == "Alexandra opened an auction for the Jester at 200"
    )
    assert step(table, "bid_raised", player=1, amount=300) == "Leon raised to 300"
    assert step(table, "bid_passed", player=2) == "Jen passed"
    assert step(table, "bid_raised", player=0, amount=400) == "Alexandra raised to 400"
    text = step(table, "bid_passed", player=1)
    assert text == "Leon passed; Alexandra won the Jester for 400 Florin"


def test_a_win_at_700_and_the_last_player(table):
    table.do("auction_opened", player=0, object="jester")
    table.do("bid_raised", player=1, amount=300)
    table.do("bid_passed", player=2)
    for amount in (400, 500, 600):
        table.do("bid_raised", player=1 if amount == 500 else 0, amount=amount)
    assert step(table, "bid_raised", player=1, amount=700) == "Leon raised to 700"
    assert (
        step(table, "bid_passed", player=0)
        == "Alexandra passed; Leon won the Jester for 700 Florin"
    )
    assert step(table, "auctions_left", player=0) == "Alexandra left the auctions this round"
    text = step(table, "last_player_took", player=2, object="builder")
    assert text.startswith("Jen, the last player, took the Builder for 200 Florin")
    assert text.endswith("The auctions are over; Alexandra's turn")


def test_work_and_building_words(table):
    table.do("auction_opened", player=0, object="lake")
    table.do("bid_passed", player=1)
    table.do("bid_passed", player=2)
    assert step(table, "landscape_placed", player=0, landscape="lake") == "Alexandra placed a Lake"
    table.do("auctions_left", player=1)
    table.do("last_player_declined", player=2)
    assert (
        step(table, "building_built", player=0, building="theater") == "Alexandra built a Theater"
    )
    text = step(table, "work_completed", player=0, profession="poet", bonus_cards=[], prestige=3)
    # Poet: Theater 4 + Lake 3 + 3 cards = 10 -> 3 PP and 400 Florin
    assert (
        text == "Alexandra completed a Work with the Poet: Work Value 10, took 3 PP and 400 Florin"
    )
    assert step(table, "turn_ended", player=0) == "Alexandra ended the turn. Leon's turn"
    assert (
        step(table, "building_built", player=1, building="university") == "Leon built a University"
    )


def test_private_cards_are_told_to_their_owner_only(table):
    table.do("auction_opened", player=0, object="prestige")
    table.do("bid_passed", player=1)
    table.do("bid_passed", player=2)
    event = {"type": "prestige_card_chosen", "player": 0, "card": "most_jesters"}
    fact = fact_of(table, event)
    assert (
        describe(fact, table.state, 0)
        == "Alexandra chose the Prestige card \u201cMost Jesters\u201d"
    )
    for viewer in (None, 1, 2):
        assert describe(fact, table.state, viewer) == "Alexandra chose a Prestige card"


def test_starting_hands_profession_and_bonus_cards_are_private():
    events = [e for e in load_log("game_3p_grid.jsonl")]
    for viewer in (None, 0, 1, 2):
        texts = told(events, viewer)
        hand0 = "Alexandra kept Poet, Test University Forest Travel and Test Opera Forest Travel"
        assert (hand0 + " as a starting hand" in texts) == (viewer == 0)
        own_taken = [
            t for t in texts if t.startswith("Leon took the ") and "(Profession card)" in t
        ]
        assert bool(own_taken) == (viewer == 1)
        bonus = [t for t in texts if t.startswith("Jen took the Bonus card")]
        assert bool(bonus) == (viewer == 2)
        if viewer != 1:
            assert "Leon took a Profession card" in texts
        if viewer != 2:
            assert "Jen took a Bonus card" in texts


def test_money_totals_never_appear():
    """A distinctive purse (8800 Florin) is never told, to anyone, whatever happens."""
    events = load_log("game_3p_grid.jsonl")[:40]
    events.insert(
        5,
        {
            "type": "correction",
            "player": 0,
            "money": 5300,
            "fame": 0,
            "reason": "a distinctive purse",
        },
    )
    fold = Fold(TEST_CATALOG)
    purses = set()
    for e in events:
        fold.add(e)
        purses |= {str(p.money) for p in fold.state.players}
    assert "8800" in purses or any(int(m) > 8000 for m in purses)
    distinctive = {m for m in purses if int(m) > 4000}
    assert distinctive
    for viewer in (None, 0, 1, 2):
        text = " | ".join(told(events, viewer))
        assert not [m for m in distinctive if m in text]


def test_corrections_are_public_but_a_money_delta_only_for_its_owner(table):
    text = step(table, "correction", player=1, money=200, fame=2, reason="forgot the Builder")
    assert text == "Host corrected Leon's money and fame by +2: forgot the Builder"
    event = {
        "type": "correction",
        "player": 1,
        "money": -100,
        "fame": 0,
        "reason": "miscounted",
        "by": "host",
    }
    fact = fact_of(table, event)
    assert (
        describe(fact, table.state, 1) == "Host corrected Leon's money by -100 Florin: miscounted"
    )
    assert describe(fact, table.state, 0) == "Host corrected Leon's money: miscounted"


def test_retractions_tell_what_they_undid_and_mark_it():
    events = numbered(
        [
            {
                "type": "game_started",
                "players": ["Alexandra", "Leon"],
                "start_player": 0,
                "freedoms": {"travel": 2, "religion": 2, "opinion": 1},
            },
            {
                "type": "starting_hand_chosen",
                "player": 0,
                "professions": ["poet", "alchemist", "botanist"],
            },
            {
                "type": "starting_hand_chosen",
                "player": 1,
                "professions": [
                    "test_university_forest_travel",
                    "test_opera_forest_travel",
                    "test_tower_forest_travel",
                ],
            },
            {"type": "auction_opened", "player": 0, "object": "jester"},
            {"type": "bid_raised", "player": 1, "amount": 400},
        ]
    )
    events.append({"type": "retracted", "seqs": [5], "seq": 6, "by": "host"})
    replay = read(events, TEST_CATALOG)
    entries = tell(replay)
    assert entries[-1].text == "Host undid: Leon raised to 400"
    assert entries[4].retracted and entries[4].undone_by == 6
    assert replay.counting == (1, 2, 3, 4)
    assert latest_undoable(replay).seq == 4
    assert newest_first(replay)[0].seq == 6
    assert newest_first(replay, last=1)[0].text == "Host undid: Leon raised to 400"


def test_the_game_start_cannot_be_undone_and_two_player_freedoms_are_told():
    replay = read(
        numbered(
            [
                {
                    "type": "game_started",
                    "players": ["Alexandra", "Leon"],
                    "start_player": 1,
                    "freedoms": {"travel": 2, "religion": 1, "opinion": 2},
                }
            ]
        ),
        TEST_CATALOG,
    )
    assert latest_undoable(replay) is None
    assert tell(replay)[0].text == (
        "The game began: Alexandra and Leon; Leon starts; rules: 2022 edition; Freedoms "
        "in the supply: 2 Travel, 1 Religion, 2 Opinion"
    )


def test_rounds_and_the_end_are_told():
    texts = told(load_log("game_3p_grid.jsonl"))
    assert "Round 1 of 7 begins" in texts[3]
    assert any("Round 1 ends: best Work 10 by Jen (+3 PP). Round 2 of 7 begins" in t for t in texts)
    assert texts[-1].endswith(
        "The game is over: Leon wins (Alexandra 43 PP, Leon 49 PP, Jen 36 PP)"
    )


def test_fame_sold_recruiting_and_teaching(table):
    table.do("correction", player=0, money=0, fame=3, reason="test")
    assert step(table, "fame_sold", player=0, points=2) == "Alexandra sold 2 PP for 200 Florin"
    assert (
        step(table, "landscape_taught", landscape="forest", cells=4)
        == "Host taught Palazzo that a Forest covers 4 squares"
    )
    event = {
        "type": "profession_taught",
        "profession": "alchemist",
        "name": "Alchemist",
        "building": "library",
        "landscape": "lake",
        "freedom": "opinion",
        "by": "1",
    }
    fact = fact_of(table, event)
    assert (
        describe(fact, table.state, 1)
        == "Leon changed the Alchemist: Laboratory, Lake, Opinion → Library, Lake, Opinion"
    )
    for viewer in (None, 0, 2):  # it may be a card in Leon's hand
        assert describe(fact, table.state, viewer) == (
            "Leon taught Palazzo a Profession card's preferences"
        )
    by_host = Fact(**{**fact.__dict__, "by": "host", "event": {**fact.event, "by": "host"}})
    for viewer in (None, 0, 1):  # the host's change is the table's business: from what to what
        assert describe(by_host, table.state, viewer) == (
            "Host changed the Alchemist: Laboratory, Lake, Opinion → Library, Lake, Opinion"
        )


def test_recruiting_words():
    texts = told(load_log("game_2p.jsonl"))
    assert all(isinstance(t, str) and t for t in texts)
    table = Table(hands={})
    event = {"type": "recruiting_card_used", "player": 0, "from_player": 1, "profession": "poet"}
    told_once = Fact(seq=9, type=event["type"], by="0", at=None, event=event)
    assert (
        describe(told_once, table.state)
        == "Alexandra used a Recruiting card to take the Poet from Leon's table"
    )


def test_a_solo_game_is_told_without_errors():
    catalog = TEST_CATALOG.merged(json.loads((DATA / "automa_test_deck.json").read_text()))
    texts = told(load_log("solo_game.jsonl"), None, catalog=catalog)
    assert texts[0].startswith("The game began: Alexandra and Wolfgang")
    assert any(t.startswith("Automa card 1 drawn") for t in texts)
    assert any("Wolfgang buys" in t for t in texts)
    assert "The game is over" in texts[-1]


def test_unknown_events_and_refused_logs_do_not_crash():
    events = numbered(
        [
            {"type": "game_started", "players": ["A", "B", "C"], "start_player": 0},
            {"type": "bid_raised", "player": 0, "amount": 300},
            {"type": "mystery_event"},
        ]
    )
    texts = told(events)
    assert texts[1] == "A raised to 300"  # told, though the rules refused it
    assert texts[2] == "Mystery event"


def test_the_muse_and_the_princess_told():
    """The Character Auction in words: bids, purchases by themselves (the Banker's money),
    the Characters used; the Professor's card told only to its owner."""
    t = Table(expansions={"muse_princess": True})
    t.leave_all()
    assert step(t, "character_bid", player=0, character="banker", space=2) == (
        "Alexandra put their Pawn on the Banker, space 2 (200 Florin)"
    )
    step(t, "character_bid", player=1, character="professor", space=3)
    text = step(t, "character_passed", player=2)
    assert text.startswith("Jen passed in the Character Auction")
    assert "Alexandra bought the Banker for 200 Florin and took the 600 Florin on it" in text
    assert "Leon bought the Professor for 300 Florin" in text
    assert "The Character Auction is over; Alexandra's turn" in text
    payload = {"player": 1, "character": "professor", "deck": "bonus", "card": "per_lake"}
    fact = fact_of(t, {"type": "character_used", **payload})
    assert describe(fact, t.state, None) == "Leon flipped the Professor for a free Bonus card"
    assert "Each Lake" in describe(fact, t.state, 1)
    assert "Each Lake" not in describe(fact, t.state, 0)


def test_one_helper_names_a_seat_for_both_games():
    names = ["Ada", "Bruno"]
    assert [seat_name(names, s) for s in (0, 1)] == names
    assert {seat_name(names, s) for s in (2, -1, None, True, "0")} == {"Someone"}
