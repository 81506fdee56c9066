"""The table screen's board is rendered once per (game, seq, view, language) for every screen
that shows it, and a screen that already has it gets 304; a seat's own panel is its browser's
alone, answered 304 while unchanged, and what every phone starts from is worked out once per
seq."""

from __future__ import annotations

import pytest

from companion.games.firenze import web as firenze_web
from companion.games.princes.screens import phone as phone_screens
from companion.games.princes.web import seat as seat_screen
from companion.games.princes.web import table as table_screen
from companion.games.princes.web.counting import get_counts
from companion.web.recording import get_table
from tests.support.firenze_table import deal_row
from tests.support.firenze_table import host_game as host_firenze
from tests.support.phone_game import as_host, as_seat, choose_hands, host_game, record
from tests.support.table_games import as_role, mid_game
from tests.support.web_fixtures import viewer_cookie


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


def panel(c, game_id, **headers):
    return c.get(f"/games/{game_id}/me/panel", headers={"HX-Request": "true", **headers})


@pytest.fixture
def panels(monkeypatch):
    """The seats each phone panel was rendered for."""
    calls = []
    real = seat_screen.phone_panel
    monkeypatch.setattr(
        seat_screen, "phone_panel", lambda *a, **k: calls.append(a[1]) or real(*a, **k)
    )
    return calls


def test_a_phone_panel_is_its_seats_alone_and_answered_304(app, game, panels):
    """A seat's panel shows its purse and hand: rendered for that seat's browser alone, kept
    by that browser only, and answered 304 while it is what that browser shows."""
    ada, ben = app.test_client(), app.test_client()
    as_seat(ada, game, 0)
    as_seat(ben, game, 1)
    mine, theirs = panel(ada, game), panel(ben, game)
    assert mine.status_code == theirs.status_code == 200 and mine.text != theirs.text
    assert mine.headers["Cache-Control"] == "private, no-cache" and panels == [0, 1]
    etag = mine.headers["ETag"]
    assert etag != theirs.headers["ETag"]
    same = panel(ada, game, **{"If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    assert panels == [0, 1]  # not rendered again
    # another seat showing Ada's ETag gets its own panel, never a 304 for Ada's
    other = panel(ben, game, **{"If-None-Match": etag})
    assert other.status_code == 200 and other.text == theirs.text and panels == [0, 1, 1]
    # so does another browser of Ada's seat (its session's CSRF token is in the forms)
    ada2 = app.test_client()
    as_seat(ada2, game, 0)
    again = panel(ada2, game, **{"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    # another language, another screen asked for: drawn again
    assert panel(ada, game, **{"If-None-Match": etag, "Accept-Language": "de"}).status_code == 200
    asked = ada.get(f"/games/{game}/me/panel?do=hand", headers={"If-None-Match": etag})
    assert asked.status_code == 200
    # a move: the panel shows the new seq
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    moved = panel(ada, game, **{"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert f'data-seq="{last_seq(app, game)}"' in moved.text
    # a check opened is no event, yet the panel shows it: not 304 either
    etag = moved.headers["ETag"]
    assert panel(ada, game, **{"If-None-Match": etag}).status_code == 304
    with app.app_context():
        get_counts(app).start(game, "money", by="host", seq=last_seq(app, game))
    checked = panel(ada, game, **{"If-None-Match": etag})
    assert checked.status_code == 200 and checked.headers["ETag"] != etag
    assert 'data-count-banner="money"' in checked.text


def test_the_full_phone_page_is_never_kept(app, game):
    ada = app.test_client()
    as_seat(ada, game, 0)
    page = ada.get(f"/games/{game}/me")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert "ETag" not in page.headers


def test_a_scribe_panel_is_not_the_seats_own(app, game, panels):
    """The host's scribe panel for a seat is the host's browser's: another ETag than the
    seat's phone, 304 for the host's browser only."""
    host, ada = app.test_client(), app.test_client()
    as_host(host, game)
    as_seat(ada, game, 0)
    url = f"/games/{game}/scribe/0/panel"
    scribe = host.get(url, headers={"HX-Request": "true"})
    mine = panel(ada, game)
    assert scribe.status_code == 200 and scribe.headers["ETag"] != mine.headers["ETag"]
    assert host.get(url, headers={"If-None-Match": scribe.headers["ETag"]}).status_code == 304
    assert ada.get(url, headers={"If-None-Match": scribe.headers["ETag"]}).status_code == 403


def test_the_phones_share_the_working_state_of_a_seq(app, game, monkeypatch):
    """What every seat's panel starts from (the state with the installation's catalog) is
    worked out once per seq for all the phones, not once per phone."""
    calls = []
    real = phone_screens.working_state
    monkeypatch.setattr(
        phone_screens, "working_state", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    phones = []
    for seat in range(3):
        c = app.test_client()
        as_seat(c, game, seat)
        phones.append(c)
    assert all(panel(c, game).status_code == 200 for c in phones) and len(calls) == 1
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    answers = [panel(c, game) for c in phones]
    assert len(calls) == 2 and len({a.text for a in answers}) == 3


def test_no_panel_changes_the_working_state_it_shares(app, monkeypatch):
    """Mid-game, every seat's panel and every screen it can ask for (build, take, work...),
    and the host's scribe panels: the one working state they share is never changed."""
    made = []
    real = phone_screens.working_state

    def watched(*a, **k):
        work = real(*a, **k)
        made.append((work, repr(work.to_dict())))
        return work

    monkeypatch.setattr(phone_screens, "working_state", watched)
    game_id, _ = mid_game(app)
    host = app.test_client()
    as_host(host, game_id)
    for seat in range(3):
        c = app.test_client()
        as_seat(c, game_id, seat)
        for do in ("", "build", "take", "work", "bonus", "coop", "recruit", "characters"):
            url = f"/games/{game_id}/me/panel" + (f"?do={do}" if do else "")
            assert c.get(url).status_code == 200
            assert host.get(url.replace("/me/", f"/scribe/{seat}/")).status_code == 200
    assert len(made) == 1
    work, before = made[0]
    assert repr(work.to_dict()) == before


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


# -- the table screen's stream carries the board ------------------------------------------------

PUSH = f"push={table_screen.BOARD}"


def next_fragment(stream) -> dict:
    """Skip the retry and heartbeats until a message that says the seq."""
    while True:
        message = stream.next_message()
        if message.get("event") in ("fragment", "seq"):
            return message


def test_a_table_screens_stream_carries_the_board_rendered_once(app, sse, game, renders):
    """The TV and the spectators' table screens need not fetch the board: their streams carry
    it, rendered once per seq and language for all of them."""
    cookie = {"Cookie": viewer_cookie(app, game, spectator=True)}
    streams, first = [], []
    for _ in range(3):  # one after another: a threaded test server could race on the first
        streams.append(sse(f"/games/{game}/stream?{PUSH}", headers=cookie))
        first.append(next_fragment(streams[-1]))
    seq = last_seq(app, game)
    assert {m["event"] for m in first} == {"fragment"} and {m["id"] for m in first} == {str(seq)}
    assert len({m["data"] for m in first}) == 1 and len(renders) == 1
    with app.test_client() as c:  # the very text a fetch of the board gets
        as_role(c, game, "spectator")
        assert board(c, game).text.strip() == first[0]["data"].strip()
    assert f'data-rendered-seq="{seq}"' in first[0]["data"]
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    moved = [next_fragment(s) for s in streams]
    assert {m["id"] for m in moved} == {str(seq + 1)} and len({m["data"] for m in moved}) == 1
    assert len(renders) == 2 and f'data-rendered-seq="{seq + 1}"' in moved[0]["data"]
    # a screen that reconnects showing the latest seq is sent nothing again
    again = sse(f"/games/{game}/stream?{PUSH}", headers={**cookie, "Last-Event-ID": str(seq + 1)})
    assert again.next_message() == {"retry": "1000"}
    with pytest.raises(TimeoutError):
        again.next_message(timeout=0.5)


def test_only_a_shared_fragment_is_ever_pushed(app, sse, game):
    """A seat's stream may carry the table's board too (public by construction); a name no
    game registered leaves the bare seq. (Its own panel is pushed only
    by name: tests/games/princes/web/test_pushed_panel.py.)"""
    seat = {"Cookie": viewer_cookie(app, game, seat=0)}
    mine = next_fragment(sse(f"/games/{game}/stream?{PUSH}", headers=seat))
    assert mine["event"] == "fragment" and 'id="board"' in mine["data"]
    assert "Poet" not in mine["data"] and "phone-panel" not in mine["data"]
    for push in ("push=princes-panel", "push=", "push=%00"):
        plain = next_fragment(sse(f"/games/{game}/stream?{push}", headers=seat))
        assert plain["event"] == "seq" and plain["data"] == str(last_seq(app, game))


def test_the_pushed_board_speaks_the_table_screens_language(app, sse, game):
    cookie = viewer_cookie(app, game, spectator=True)
    german = sse(
        f"/games/{game}/stream?{PUSH}",
        headers={"Cookie": f"{cookie}; palazzo_table_lang=de; palazzo_lang=fr"},
    )
    english = sse(f"/games/{game}/stream?{PUSH}", headers={"Cookie": cookie})
    de, en = next_fragment(german)["data"], next_fragment(english)["data"]
    assert de != en
    with app.test_client() as c:  # what the TV fetches in German, not the phone's French
        as_role(c, game, "spectator")
        c.set_cookie("palazzo_table_lang", "de")
        c.set_cookie("palazzo_lang", "fr")
        assert board(c, game).text.strip() == de.strip()


def test_a_firenze_table_screens_stream_carries_its_board(app, client, sse):
    game_id = host_firenze(client)
    deal_row(client, game_id)
    page = client.get(f"/firenze/{game_id}/table")
    assert 'data-live-push="firenze-board"' in page.text
    cookie = {"Cookie": viewer_cookie(app, game_id, spectator=True)}
    pushed = next_fragment(sse(f"/games/{game_id}/stream?push=firenze-board", headers=cookie))
    assert pushed["event"] == "fragment" and pushed["id"] == str(last_seq(app, game_id))
    board = client.get(f"/firenze/{game_id}/table/board")
    assert board.text.strip() == pushed["data"].strip()
    # another game's board is never drawn for it: the bare seq
    other = next_fragment(sse(f"/games/{game_id}/stream?{PUSH}", headers=cookie))
    assert other["event"] == "seq"
