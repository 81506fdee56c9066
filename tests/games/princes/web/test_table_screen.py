"""The table screen: public facts only, live, and who is connected."""

from __future__ import annotations

import re

import pytest

from companion import presence
from companion.games.princes.rules.catalog import BONUS_CARDS, PRESTIGE_CARDS
from tests.support.table_games import (
    ADA_MONEY,
    SECRET_NAMES,
    as_role,
    finished_game,
    host_solo,
    mid_game,
    play,
)

SECRETS = [
    str(ADA_MONEY),
    *SECRET_NAMES,
    BONUS_CARDS["per_jester"][0],
    PRESTIGE_CARDS["most_jesters"][0],
    "Poet",
    "Alchemist",
    "Botanist",
    "zanzibar",
    "most_jesters",
    "per_jester",
]


@pytest.fixture(autouse=True)
def fresh_presence():
    presence.forget()
    yield
    presence.forget()


@pytest.fixture
def game(app):
    return mid_game(app)[0]


def test_strangers_cannot_see_the_table(client, game):
    for path in ("table", "table/board", "table/presence"):
        assert client.get(f"/games/{game}/{path}").status_code == 403
    assert client.get("/games/nope/table").status_code == 404


@pytest.mark.parametrize("role, seat", [("spectator", None), ("host", None), ("seat", 1)])
def test_the_table_shows_public_facts_and_never_a_secret(client, game, role, seat):
    as_role(client, game, role, seat)
    for path in ("table", "table/board"):
        page = client.get(f"/games/{game}/{path}")
        assert page.status_code == 200
        for secret in SECRETS:
            assert secret not in page.text, (path, secret)
    text = client.get(f"/games/{game}/table").text
    assert (
        "Round <strong>1</strong> of 7" in text and "minimum Work Value <strong>7</strong>" in text
    )
    assert "Action phase" in text and '<strong class="turn">Ben</strong> to act' in text
    assert '<svg class="fame-track"' in text and "Ada 2" in text  # corrected +2 PP
    assert "1 Bonus" in text and "1 Prestige" in text  # counts are public
    assert "Cy, the last player, took the Builder for 200 Florin" in text
    assert "Host corrected Ada&#39;s money and fame by +2" in text
    assert "Prestige card 13" in text and "Bonus 19" in text  # the supply


def test_the_host_page_shows_no_secret_either(client, game):
    as_role(client, game, "host")
    page = client.get(f"/games/{game}/host").text
    for secret in SECRETS:
        assert secret not in page, secret


def test_an_auction_in_progress(app, client):
    from tests.support.table_games import host, teach_test_deck

    teach_test_deck(app)
    game_id, _ = host(app, names=("Ada", "Ben", "Cy", "Dee"))
    hands = [
        ["poet", "alchemist", "botanist"],
        [
            "test_university_forest_travel",
            "test_workshop_forest_religion",
            "test_library_forest_opinion",
        ],
        ["test_library_lake_travel", "test_opera_park_religion", "test_opera_forest_travel"],
        ["test_chapel_lake_travel", "test_tower_forest_travel", "test_studio_park_opinion"],
    ]
    play(
        app,
        game_id,
        *[
            {"type": "starting_hand_chosen", "player": s, "professions": h}
            for s, h in enumerate(hands)
        ],
        {"type": "auction_opened", "player": 0, "object": "lake"},
        {"type": "bid_passed", "player": 1},
        {"type": "bid_passed", "player": 2},
        {"type": "bid_passed", "player": 3},
        {"type": "landscape_placed", "player": 0, "landscape": "lake"},
        {"type": "auction_opened", "player": 1, "object": "jester"},
        {"type": "bid_raised", "player": 2, "amount": 300},
        {"type": "bid_raised", "player": 3, "amount": 400},
        {"type": "bid_passed", "player": 1},
    )
    as_role(client, game_id, "spectator")
    text = client.get(f"/games/{game_id}/table/board").text
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))
    assert "Auction: the Jester 400 Florin by Dee" in words
    assert '<strong class="bid">400</strong>' in text
    assert "Cy to raise or pass · still in: Cy, Dee" in words
    assert "Ada: the Lake for 200 Florin" in text
    assert "won the Lake" in text and text.count("in the auctions") == 3


def test_the_board_is_live(app, client, game, store):
    as_role(client, game, "spectator")
    board = client.get(f"/games/{game}/table/board").text
    seq = store.last_seq(game)
    assert f'data-seq="{seq}"' in board and 'data-hx-trigger="palazzo:seq"' in board
    assert f'data-hx-get="/games/{game}/table/board"' in board and 'id="board"' in board
    play(app, game, {"type": "building_built", "player": 1, "building": "tower"})
    board = client.get(f"/games/{game}/table/board").text
    assert f'data-seq="{seq + 1}"' in board and "Ben built a Tower" in board
    assert "Tower 2" in board  # the supply went down


def test_presence_counts_a_seat_phone_fetching_its_screen(client, game):
    as_role(client, game, "seat", 2)
    client.get(f"/games/{game}/me")  # the seat's screen (whatever answers it)
    as_role(client, game, "spectator")
    fragment = client.get(f"/games/{game}/table/presence").text
    # Cy's phone polls instead of streaming: its words count seconds, so the dots ask by time
    assert 'data-hx-trigger="palazzo:nudge, every 3s" data-nudged="presence"' in fragment
    assert re.search(r"Cy: (here now|seen \d+ s ago)", fragment)
    assert "Ada: not joined yet" in fragment
    assert presence.seconds_ago(game, 1) is None


def test_presence_words():
    assert presence.words(None) == "not joined yet"
    assert presence.words(0.5) == "here now"
    assert presence.words(12.7) == "seen 12 s ago"
    assert presence.words(125) == "seen 2 min ago"
    assert presence.words(7300) == "seen 2 h ago"
    presence.seen("g", 0, now=100.0)
    assert presence.seconds_ago("g", 0, now=130.0) == 30.0
    presence.seen("g", -1)
    presence.seen("g", True)
    assert presence.last_seen("g", 2, now=130.0) == [30.0, None]


def test_a_solo_game_shows_a_notice_not_an_error(app, client):
    game_id = host_solo(app)
    as_role(client, game_id, "spectator")
    page = client.get(f"/games/{game_id}/table")
    assert page.status_code == 200 and "Solo game against Wolfgang" in page.text
    assert client.get(f"/games/{game_id}/history").status_code == 200
    assert client.get(f"/games/{game_id}/end").status_code == 200


def test_at_game_end_the_table_and_the_host_show_the_final_scores(app, client):
    """The TV no longer sends the table elsewhere ("See the scores"): its board is the end's
    sheet, chart and Prestige cards, as the end page shows them, live like any board; the
    host's page carries the same board, with each seat's colour beside its QR code."""
    game_id, _tokens = finished_game(app)
    as_role(client, game_id, "spectator")
    end = client.get(f"/games/{game_id}/end").text
    for url in (f"/games/{game_id}/table", f"/games/{game_id}/table/board"):
        board = client.get(url).text
        assert "See the scores" not in board
        assert "<strong>Leon</strong> wins!" in board and 'class="scores score-sheet"' in board
        assert 'class="fame-chart"' in board and "Most Builders" in board
        sheet = re.search(r'<table class="scores score-sheet">.*?</table>', board, re.S)
        assert sheet and sheet.group(0) in end  # the very sheet of the end page
    as_role(client, game_id, "host")
    host = client.get(f"/games/{game_id}/host").text
    assert "<strong>Leon</strong> wins!" in host
    colours = re.findall(
        r'<li id="join-seat-\d+" style="--seat: ([^"]*)">\s*<details class="qr-seat"', host
    )
    assert colours == ["#b3261e", "#1f5fa8", "#2e7d32"]  # each seat's colour beside its QR code
