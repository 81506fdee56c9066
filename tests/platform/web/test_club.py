"""The club page through the real app and store: a game's summary kept when its last event is
recorded, the figures on /club, a player's page, the host leaving a game out, the CSV export."""

from __future__ import annotations

import csv
import io

import pytest

from companion.web.club import get_club
from companion.web.recording import get_table
from tests.platform.web.club_games import record_game
from tests.support.club_stats import hand_game, taught
from tests.support.web_fixtures import csrf_token_for, session_cookie

TOKEN = "t" * 43


@pytest.fixture(scope="module")
def hand_log():
    return taught(hand_game().log)


def test_a_game_counts_once_it_ends_and_the_host_can_leave_it_out(app, client, hand_log):
    with app.app_context():
        game_id = record_game(app, hand_log[:-1])
        assert get_club().game(game_id) is None  # not finished: nothing kept, nothing shown
        get_table(app).record(game_id, hand_log[-1], by="host")
        assert get_club().game(game_id)["left_out"] is False
    page = client.get("/club").get_data(as_text=True)
    assert "1 finished game" in page and "214.29" in page
    assert 'role="img"' in page and "Ada" in page
    assert client.get("/club?players=4").get_data(as_text=True).count("214.29") == 0
    assert "214.29" in client.get("/club?players=3&expansions=none").get_data(as_text=True)
    assert "214.29" not in client.get("/club?expansions=cooperative").get_data(as_text=True)
    me = client.get("/club/players/Ada").get_data(as_text=True)
    assert "Ada" in me and "Best Work" in me
    assert client.get("/club/players/Nobody").status_code == 404
    rows = list(csv.DictReader(io.StringIO(client.get("/club/purchases.csv").get_data(True))))
    assert [(r["round"], r["player"], r["price"]) for r in rows][:2] == [
        ("1", "Cy", "300"),
        ("2", "Cy", "200"),
    ]
    assert {r["kind"] for r in rows} == {"princes_of_florence"} and rows[0]["ended"][:2] == "20"
    games = list(csv.DictReader(io.StringIO(client.get("/club/games.csv").get_data(True))))
    assert {r["position"] for r in games} == {"1", "2", "3"}
    assert {r["name"]: r["winner"] for r in games} == {
        "Ada": "True",
        "Bea": "True",
        "Cy": "False",
    }

    # only the host may leave it out
    token = csrf_token_for(client)
    refused = client.post(
        f"/club/games/{game_id}/counted", data={"csrf_token": token, "counted": "no"}
    )
    assert refused.status_code == 403
    host = app.test_client()
    name, value = session_cookie(app, {"games": {game_id: {"host": True}}, "_csrf": TOKEN}).split(
        "=", 1
    )
    host.set_cookie(name, value)
    cookie: dict = {}
    assert "Leave it out" in host.get("/club").get_data(as_text=True)
    form = {"csrf_token": TOKEN, "counted": "no"}
    done = host.post(f"/club/games/{game_id}/counted", data=form, headers=cookie)
    assert done.status_code == 303
    page = host.get("/club", headers=cookie).get_data(as_text=True)
    assert "214.29" not in page and "Count it again" in page
    form["counted"] = "yes"
    host.post(f"/club/games/{game_id}/counted", data=form, headers=cookie)
    assert "214.29" in host.get("/club", headers=cookie).get_data(as_text=True)


def test_the_home_page_links_the_club(client):
    assert 'href="/club"' in client.get("/").get_data(as_text=True)


def test_a_solo_game_shows_in_wolfgangs_record_only(app, client):
    """A solo game recorded by an installation that knows the TEST Automa deck (the payloads
    carry the cards, so the log replays anywhere): Wolfgang's row, no player's row."""
    from tests.support.solo_phone import teach_test_data
    from tests.support.solo_table import SoloTable

    teach_test_data(app.instance_path)
    log = SoloTable(3, difficulty="hard").play()
    with app.app_context():
        game_id = record_game(app, log)
        kept = get_club().game(game_id)
    assert kept is not None and kept["names"] == ["Alexandra", "Wolfgang"]
    page = client.get("/club").get_data(as_text=True)
    assert "0 finished games" in page  # the Princes' multiplayer tables: none
    assert "No solo game has finished yet." not in page
    assert ">Hard</th><td>1</td>" in page
    fr = client.get("/club", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert ">Difficile</th><td>1</td>" in fr
    assert client.get("/club/players/Alexandra").status_code == 404
