"""The history page: every event in words, newest first, undone ones struck through."""

from __future__ import annotations

import re

import pytest

from tests.support.table_games import ADA_MONEY, SECRET_NAMES, as_role, mid_game, play


def without_times(page: str) -> str:
    """The page less its timestamps, whose digits may spell a purse by chance (e.g. .880092)."""
    return re.sub(r"<time\b[^>]*>.*?</time>", "", page)


@pytest.fixture
def game(app):
    return mid_game(app)[0]


def test_strangers_cannot_read_the_history(client, game):
    assert client.get(f"/games/{game}/history").status_code == 403
    assert client.get("/games/nope/history").status_code == 404


def test_newest_first_and_undone_events_struck_through(app, client, game, store):
    latest = store.last_seq(game)
    play(app, game, {"type": "retracted", "seqs": [latest]})
    as_role(client, game, "spectator")
    text = client.get(f"/games/{game}/history").text
    assert text.index("Host undid: Ada ended the turn") < text.index("Host corrected Ada")
    assert text.index("Host corrected Ada") < text.index("The game began: Ada, Ben and Cy")
    assert "<del>Ada ended the turn. Ben&#39;s turn</del>" in text
    assert text.count("(undone)") == 1


def test_a_seat_hears_its_own_cards_and_nobody_elses(client, game):
    as_role(client, game, "seat", 0)
    ada = client.get(f"/games/{game}/history").text
    assert "Ada kept Zanzibar Glassblower, Quixotic Lamplighter and Velvet Cartographer" in ada
    assert "Ada took the Bonus card \u201cEach Jester +2\u201d" in ada
    assert "Ben chose a Prestige card" in ada and "Most Jesters" not in ada
    assert "Host corrected Ada&#39;s money by +5800 Florin and fame by +2" in ada
    as_role(client, game, "seat", 1)
    ben = without_times(client.get(f"/games/{game}/history").text)
    assert "Ben chose the Prestige card \u201cMost Jesters\u201d" in ben
    for secret in (*SECRET_NAMES, "Each Jester +2", "+5800", str(ADA_MONEY)):
        assert secret not in ben
    as_role(client, game, "spectator")
    table = without_times(client.get(f"/games/{game}/history").text)
    for secret in (*SECRET_NAMES, "Each Jester +2", "Most Jesters", "5800", str(ADA_MONEY)):
        assert secret not in table
    assert "Ada chose a starting hand" in table


def test_every_time_is_a_valid_html_datetime(client, game):
    """`<time datetime>`: a valid global date and time string, at most 3 decimals of seconds
    (HTML allows 1 to 3; Python's isoformat gives 6)."""
    as_role(client, game, "spectator")
    stamps = re.findall(
        r'<time\b[^>]*\bdatetime="([^"]*)"', client.get(f"/games/{game}/history").text
    )
    assert stamps, "the history shows when each event happened"
    valid = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$")
    assert [s for s in stamps if not valid.match(s)] == []
