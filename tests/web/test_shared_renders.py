"""The table screen's board is rendered once per (game, seq, view, language) for every screen
that shows it, and a screen that already has it gets 304 (issue 22)."""

from __future__ import annotations

import pytest

from companion.games.firenze import web as firenze_web
from companion.games.princes.web import table as table_screen
from companion.web.recording import get_table
from tests.web.firenze_table import deal_row
from tests.web.firenze_table import host_game as host_firenze
from tests.web.phone_game import as_host, as_seat, choose_hands, host_game, record
from tests.web.table_games import as_role


@pytest.fixture
def renders(monkeypatch):
    """Every time the Princes' board context is worked out (once per render of the board)."""
    calls = []
    real = table_screen.board_context
    monkeypatch.setattr(
        table_screen, "board_context", lambda *a, **k: calls.append(a[0]) or real(*a, **k)
    )
    return calls


@pytest.fixture
def game(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id


def screens(app, game_id):
    """The TV (host), a spectator and the three seats' phones, each its own browser."""
    out = []
    for role, seat in (("host", None), ("spectator", None), ("seat", 0), ("seat", 1), ("seat", 2)):
        c = app.test_client()
        as_role(c, game_id, role, seat)
        out.append(c)
    return out


def last_seq(app, game_id) -> int:
    with app.app_context():
        return get_table(app).seq(game_id)


def board(c, game_id, **headers):
    return c.get(f"/games/{game_id}/table/board", headers={"HX-Request": "true", **headers})


def test_the_board_is_rendered_once_for_every_screen_at_a_seq(app, game, renders):
    clients = screens(app, game)
    answers = [board(c, game) for c in clients]
    assert all(a.status_code == 200 for a in answers)
    assert len({a.text for a in answers}) == 1 and len(renders) == 1
    assert len({a.headers["ETag"] for a in answers}) == 1
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    again = [board(c, game) for c in clients]
    assert len(renders) == 2 and len({a.text for a in again}) == 1
    assert again[0].text != answers[0].text and f'data-seq="{last_seq(app, game)}"' in again[0].text
    # another language is another rendering, shared in its turn
    german = [c.get(f"/games/{game}/table/board?lang=de") for c in clients[:3]]
    assert len(renders) == 3 and len({a.text for a in german}) == 1
    assert german[0].text != again[0].text  # told in German
    assert german[0].headers["ETag"] != again[0].headers["ETag"]


def test_an_unchanged_board_is_answered_304(app, game, renders):
    host = app.test_client()
    as_host(host, game)
    first = board(host, game)
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    same = board(host, game, **{"If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    assert len(renders) == 1
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    moved = board(host, game, **{"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert f'data-seq="{last_seq(app, game)}"' in moved.text
    # a stranger is refused before any of this: no 304 tells them the seq
    stranger = board(app.test_client(), game, **{"If-None-Match": moved.headers["ETag"]})
    assert stranger.status_code == 403


def test_a_phone_panel_is_never_shared(app, game):
    """A seat's panel shows its purse and hand: rendered for that seat alone, never kept."""
    ada, ben = app.test_client(), app.test_client()
    as_seat(ada, game, 0)
    as_seat(ben, game, 1)
    mine = ada.get(f"/games/{game}/me/panel", headers={"HX-Request": "true"})
    theirs = ben.get(f"/games/{game}/me/panel", headers={"HX-Request": "true"})
    assert "ETag" not in mine.headers and mine.headers["Cache-Control"] == "no-store"
    assert mine.text != theirs.text


def test_without_shared_renders_every_screen_renders_its_own(app, game, renders):
    app.config["RENDER_ONCE"] = False
    clients = screens(app, game)
    answers = [board(c, game) for c in clients]
    assert len(renders) == len(clients) and "ETag" not in answers[0].headers


def test_the_firenze_board_is_shared_and_answered_304(app, client, monkeypatch):
    game_id = host_firenze(client)
    deal_row(client, game_id)
    calls = []
    real = firenze_web._table_context
    monkeypatch.setattr(
        firenze_web, "_table_context", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    url = f"/firenze/{game_id}/table/board"
    first = client.get(url)
    assert first.status_code == 200 and len(calls) == 1
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and len(calls) == 1
