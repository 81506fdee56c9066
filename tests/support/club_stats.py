"""What the tests of club stats share with other tests (TEST_CARDS, hand_game, taught): kept here,
since a test module imports no other test module."""

from __future__ import annotations

import json

from tests.support.builders import DATA, Table

TEST_CARDS = json.loads((DATA / "test_professions.json").read_text())["professions"]


def taught(events: list[dict]) -> list[dict]:
    """The log with the TEST cards taught right after its start, as a table teaches them: it
    replays on the built-in catalog (the store, the club page)."""
    lessons = [
        {
            "type": "profession_taught",
            "profession": pid,
            **{k: card[k] for k in ("name", "building", "landscape", "freedom")},
        }
        for pid, card in TEST_CARDS.items()
    ]
    return [events[0], *lessons, *events[1:]]


def hand_game() -> Table:
    t = Table(players=("Ada", "Bea", "Cy"), start=1)
    t.win(2, "jester")  # round 1: Bea opens at 200, Cy raises to 300 and wins
    t.leave_all()
    t.end_turns()
    t.win(t.opener, "jester")  # round 2: 200
    t.leave_all()
    t.end_turns()
    t.win(0, "jester")  # round 3: Ada opens and wins at 200 ...
    t.do("auctions_left", player=t.opener)
    t.take_last(t.opener, "recruiting")  # ... the last player takes the Recruiting card
    t.leave_all()
    t.end_turns()
    while t.state.phase != "over":  # rounds 4-7: one Jester each at the opening bid
        t.win(t.opener, "jester")
        t.leave_all()
        t.end_turns()
    return t
