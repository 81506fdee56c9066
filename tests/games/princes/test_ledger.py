"""Count your Florins: a seat's ledger, the first place a count and the log part, and a
correction naming the event it fixes (rulings 30 and 34)."""

from __future__ import annotations

import pytest

from companion.games.princes.rules import Fold, NeedFullLog, Refusal, replay
from companion.games.princes.rules.catalog import STARTING_MONEY
from companion.games.princes.story import read
from companion.games.princes.words.ledger import Ledger, Line, compare, ledger
from companion.games.princes.words.telling import text_of
from tests.games.princes.misread import solo_fold
from tests.games.princes.story import GAMES, numbered
from tests.support.builders import TEST_CATALOG, load_log
from tests.support.solo_table import SOLO_CATALOG

ALEX, LEON, JEN = 0, 1, 2
JESTER_WON = 9  # game_3p_grid: Leon passes, Alexandra takes the Jester for 400 Florin


def first(n: int) -> list[dict]:
    return numbered(load_log("game_3p_grid.jsonl"))[:n]


def fix(fixes, money=0, fame=0, player=ALEX, seq=None, reason="counted at the table"):
    event = {"type": "correction", "player": player, "money": money, "fame": fame}
    event.update(reason=reason, fixes=fixes, by="host")
    return event if seq is None else {**event, "seq": seq}


@pytest.mark.parametrize(("name", "catalog"), GAMES)
def test_every_ledger_adds_up_to_the_purse(name, catalog):
    events = numbered(load_log(name))
    r = read(events, catalog)
    opening = read(events[:1], catalog).state
    for seat, p in enumerate(r.state.players):
        for track, now, start in (
            ("money", p.money, opening.players[seat].money),
            ("fame", p.fame, opening.players[seat].fame),
        ):
            book = ledger(r, seat, track, viewer=seat)
            assert (book.start, book.now) == (start, now)
            total = start
            for line in book.lines:
                total += line.delta
                assert line.total == total and line.delta and line.text
            assert total == now
            assert compare(book, now, r.seq, r).agrees
    assert any(ledger(r, 0, "money").lines)


def test_undone_events_leave_the_ledger():
    events = first(JESTER_WON)
    opened = {"type": "auction_opened", "player": LEON, "object": "forest", "by": "1"}
    events += [{**opened, "seq": 10}, {"type": "retracted", "seqs": [10], "seq": 11, "by": "1"}]
    events += [{**opened, "object": "builder", "seq": 12}]
    r = read(events, TEST_CATALOG)
    book = ledger(r, ALEX, "money", viewer=ALEX)
    assert [(line.seq, line.delta, line.total) for line in book.lines] == [
        (JESTER_WON, -400, STARTING_MONEY - 400)
    ]
    assert "Jester" in book.lines[0].text and "400" in book.lines[0].text


def test_a_count_that_agrees_has_no_clue():
    r = read(first(JESTER_WON), TEST_CATALOG)
    verdict = compare(ledger(r, ALEX, "money", ALEX), 3100, r.seq, r)
    assert verdict.agrees and verdict.first is None and verdict.difference == 0


@pytest.mark.parametrize(
    ("count", "clue"),
    [
        (3200, "amount"),  # the table paid 300 for the Jester, the log says 400
        (3500, "skipped"),  # nobody paid for the Jester
        (2700, "twice"),  # paid twice
    ],
)
def test_the_first_disagreement_is_found_at_the_price(count, clue):
    r = read(first(JESTER_WON + 4), TEST_CATALOG)
    verdict = compare(ledger(r, ALEX, "money", ALEX), count, r.seq, r)
    assert verdict.log == 3100 and verdict.difference == count - 3100
    assert verdict.first is not None and verdict.first.seq == JESTER_WON
    assert verdict.first.clue == clue


def test_a_difference_no_line_explains_has_no_guess_but_running_totals():
    r = read(first(JESTER_WON), TEST_CATALOG)
    verdict = compare(ledger(r, ALEX, "money", ALEX), 2000, r.seq, r)
    assert verdict.first is None and not verdict.agrees
    assert [line.total for line in verdict.lines] == [3100]


def test_the_table_never_went_below_zero_bounds_where_the_mistake_lies():
    lines = (
        Line(3, 3, "paid", -300, 200),
        Line(5, 5, "paid again", -200, 0),
        Line(8, 8, "income", 600, 600),
        Line(9, 9, "paid", -600, 0),
        Line(12, 12, "income", 600, 600),
    )
    book = Ledger(0, "money", 500, lines, 600)
    verdict = compare(book, 0, 12)  # 600 less than the log: the table cannot have had -600
    assert verdict.earliest == 12  # after event 9 the table would have had -600
    assert [line.clue for line in verdict.lines] == ["", "", "", "", "skipped"]
    assert compare(book, 1200, 12).earliest is None  # more money: no bound


def test_a_correction_naming_the_event_sits_after_it_and_the_count_then_agrees():
    events = first(JESTER_WON + 2)
    events.append(fix(JESTER_WON, money=100, seq=len(events) + 1))
    r = read(events, TEST_CATALOG)
    book = ledger(r, ALEX, "money", ALEX)
    assert [(line.seq, line.at, line.total) for line in book.lines] == [
        (JESTER_WON, JESTER_WON, 3100),
        (JESTER_WON + 3, JESTER_WON, 3200),
    ]
    assert book.lines[1].fixes == JESTER_WON
    assert compare(book, 3200, JESTER_WON + 2, r).agrees  # counted before the correction
    told = text_of(r, r.fact(JESTER_WON + 3), ALEX)
    assert "event 9" in told and "+100" in told
    assert "+100" not in text_of(r, r.fact(JESTER_WON + 3), LEON)  # money stays secret


def test_a_correction_may_fix_the_starting_money():
    events = first(JESTER_WON)
    state = replay([*events, fix(1, money=-1000, seq=10)], TEST_CATALOG)
    assert state.players[ALEX].money == 2100


@pytest.mark.parametrize(
    ("correction", "words"),
    [
        (fix(5, money=100), "Event 5 did not change Alexandra's money"),  # auction opened
        (fix(JESTER_WON, fame=1), "did not change Alexandra's fame"),
        (fix(JESTER_WON, money=100, player=JEN), "did not change Jen's money"),
        (fix(99, money=100), "Event 99 is not one that still counts"),
        (fix(JESTER_WON, money=100, reason=" "), "needs a reason"),
        (fix(0, money=100), ""),  # not an event number at all
    ],
)
def test_a_correction_names_an_event_that_moved_that_players_track(correction, words):
    fold = Fold(TEST_CATALOG)
    for e in first(JESTER_WON):
        fold.add(e)
    before = fold.state.to_dict()
    with pytest.raises(Refusal) as refused:
        fold.add({**correction, "seq": 10})
    assert refused.value.code == "bad_correction" and words in refused.value.message
    assert fold.state.to_dict() == before and fold.last_seq == JESTER_WON


def test_a_correction_may_not_name_an_undone_event():
    events = first(JESTER_WON)
    opened = {"type": "auction_opened", "player": LEON, "object": "forest", "by": "1"}
    events += [{**opened, "seq": 10}, {"type": "retracted", "seqs": [10], "seq": 11, "by": "1"}]
    fold = Fold(TEST_CATALOG)
    for e in events:
        fold.add(e)
    with pytest.raises(Refusal, match="Event 10 is not one that still counts"):
        fold.add(fix(10, money=100, player=LEON, seq=12))


def test_a_fold_from_a_snapshot_asks_for_the_whole_log():
    events = first(JESTER_WON)
    state = replay(events, TEST_CATALOG)
    fold = Fold(TEST_CATALOG, state=state)
    with pytest.raises(NeedFullLog):
        fold.add(fix(JESTER_WON, money=100, seq=10))


def test_a_fixed_misread_keeps_the_ledger_adding_up():
    """Wolfgang bought the Builder on a die typed as 3 (500 Florin); the die showed 5: the
    misread's correction is a line of its own, and the lines still add up to his purse."""
    fold = solo_fold()
    events = [dict(e) for e in fold.effective or []]
    for e in (
        {"type": "automa_card_drawn", "card": 1},
        {"type": "auctions_left", "player": 0},
        {"type": "die_rolled", "value": 3, "source": "table"},
        {"type": "turn_ended", "player": 0},
        {"type": "automa_card_drawn", "card": 2},
    ):
        events.append({**e, "seq": len(events) + 1, "by": "0"})
    die = next(e["seq"] for e in events if e["type"] == "die_rolled")
    events.append({"type": "misread_corrected", "fixes": die, "value": 5, "seq": len(events) + 1})
    r = read(events, SOLO_CATALOG)
    book = ledger(r, 1, "money", viewer=1)
    assert book.start + sum(line.delta for line in book.lines) == r.state.players[1].money
    assert [line.delta for line in book.lines if line.seq == len(events)] == [-200]
    assert compare(book, r.state.players[1].money, r.seq, r).agrees
