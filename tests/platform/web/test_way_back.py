"""A way back: the home page lists this browser's games with a button to resume each, and the
logo leads back to the game you are in."""

from __future__ import annotations

import re

from tests.support.table_games import as_role, finished_game, host, host_solo, mid_game


def resume_links(page: str) -> dict[str, str]:
    """Game id -> the href of its Resume button on the home page."""
    return dict(
        re.findall(
            r'<li class="my-game" data-game="([^"]+)">.*?<a class="btn[^"]*" href="([^"]+)"',
            page,
            re.DOTALL,
        )
    )


def brand(page: str) -> str:
    return re.search(r'<a class="brand" href="([^"]+)"', page).group(1)


def test_a_new_browser_sees_no_games_only_how_to_start(client):
    page = client.get("/").text
    assert "Your games" not in page and "Host a game" in page


def test_the_home_page_lists_every_role_with_its_own_way_back(app, client):
    seat_game, _ = mid_game(app)
    hosted, _ = host(app, ("Dora", "Emil", "Fritz"))
    watched, _ = finished_game(app)
    as_role(client, seat_game, "seat", 1)
    as_role(client, hosted, "host")
    as_role(client, watched, "spectator")
    page = client.get("/").text
    links = resume_links(page)
    assert links == {
        seat_game: f"/games/{seat_game}/me",
        hosted: f"/games/{hosted}/host",
        watched: f"/games/{watched}/table",
    }
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "The Princes of Florence: Ada, Ben, Cy You play Ben · round 1 ·" in words
    assert "Dora, Emil, Fritz You host · choosing starting hands ·" in words
    assert "You watch · game over" in words
    # newest first: the one started last is the first in the list
    assert list(links) == [watched, hosted, seat_game]


def test_a_game_this_server_no_longer_has_is_left_out(app, client):
    game_id, _ = host(app)
    as_role(client, game_id, "host")
    as_role(client, "gone-game", "seat", 0)
    assert list(resume_links(client.get("/").text)) == [game_id]


def test_the_logo_leads_back_to_your_game(app, client):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "seat", 0)
    for path in ("history", "end", "table"):
        assert brand(client.get(f"/games/{game_id}/{path}").text) == f"/games/{game_id}/me"
    # on your own screen of the game, and outside games, it leads home (which lists the games)
    assert brand(client.get(f"/games/{game_id}/me").text) == "/"
    assert brand(client.get("/catalog").text) == "/"
    with client.session_transaction() as s:  # the host holding a seat goes to the phone
        s["games"] = {game_id: {"seat": 0, "host": True}}
    assert brand(client.get(f"/games/{game_id}/history").text) == f"/games/{game_id}/me"


def test_the_logo_leads_the_host_to_the_host_page(app, client):
    game_id, _ = host(app)
    as_role(client, game_id, "host")
    assert brand(client.get(f"/games/{game_id}/table").text) == f"/games/{game_id}/host"
    assert brand(client.get(f"/games/{game_id}/host").text) == "/"


def test_a_solo_game_resumes_on_its_own_page(app, client):
    game_id = host_solo(app)
    with client.session_transaction() as s:
        s["games"] = {game_id: {"seat": 0, "host": True}}
    assert resume_links(client.get("/").text) == {game_id: f"/games/{game_id}/solo"}
