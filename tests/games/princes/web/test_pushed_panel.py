"""A seat's phone names its panel (`data-live-push`), and its live stream, opened with the seat's
session, carries that seat's panel at each new seq: exactly what a fetch of /me/panel would
give, for that seat only, asked again at each push (a re-issued link ends it), and not to the
phone whose tap this process has just answered with it."""

from __future__ import annotations

import re
import urllib.request

import pytest

from companion.service.tokens import reissue_seat_token
from companion.web.recording import get_table
from companion.web.store import get_store
from tests.support.phone_game import HANDS, NAMES, choose_hands, host_game, record
from tests.support.web_fixtures import session_cookie

PUSH = "push=seat-panel"
TOKEN = "t" * 43  # a session's CSRF token (the phone's page put it there)
EVENT_ID = re.compile(r'name="event_id" value="[0-9a-f]{32}"')


@pytest.fixture
def game(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id


def seat_cookie(app, game_id: str, seat: int, token: str | None = TOKEN) -> dict:
    data: dict = {"games": {game_id: {"seat": seat}}}
    if token:
        data["_csrf"] = token
    return {"Cookie": session_cookie(app, data)}


def last_seq(app, game_id) -> int:
    with app.app_context():
        return get_table(app).seq(game_id)


def told(stream) -> dict:
    """The next message saying the seq, or carrying a fragment."""
    while True:
        message = stream.next_message()
        if message.get("event") in ("fragment", "seq"):
            return message


def fetched_panel(live_server, game_id: str, headers: dict) -> str:
    request = urllib.request.Request(
        f"{live_server}/games/{game_id}/me/panel", headers={**headers, "HX-Request": "true"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


def same(html: str) -> str:
    """A panel with its buttons' fresh event ids (minted at each drawing) set aside."""
    return EVENT_ID.sub('name="event_id" value="-"', html).strip()


def test_the_phone_page_names_its_panel_and_the_scribe_page_does_not(app, client, game):
    with client.session_transaction() as s:
        s["games"] = {game: {"seat": 0, "host": True}}
    assert 'data-live-push="seat-panel"' in client.get(f"/games/{game}/me").text
    assert "data-live-push" not in client.get(f"/games/{game}/scribe/1").text


def test_a_seats_stream_carries_its_panel_as_a_fetch_draws_it(app, sse, live_server, game):
    headers = seat_cookie(app, game, 0)
    stream = sse(f"/games/{game}/stream?{PUSH}", headers=headers)
    first = told(stream)
    seq = last_seq(app, game)
    assert first["event"] == "fragment" and first["id"] == str(seq)
    assert same(first["data"]) == same(fetched_panel(live_server, game, headers))
    assert f'data-rendered-seq="{seq}"' in first["data"] and 'id="phone-panel"' in first["data"]
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    moved = told(stream)
    assert moved["event"] == "fragment" and moved["id"] == str(seq + 1)
    assert same(moved["data"]) == same(fetched_panel(live_server, game, headers))
    # in German, as the phone's own language cookie says (not the table screen's)
    german = {"Cookie": headers["Cookie"] + "; palazzo_lang=de; palazzo_table_lang=fr"}
    de = told(sse(f"/games/{game}/stream?{PUSH}", headers=german))["data"]
    assert same(de) == same(fetched_panel(live_server, game, german)) != same(moved["data"])


def test_a_seats_stream_carries_no_other_seats_panel(app, sse, game):
    """Whatever it asks, a stream draws the panel of the seat its session holds; a host or a
    spectator without a seat, and a name no game registered, get the bare seq."""
    mine = told(sse(f"/games/{game}/stream?{PUSH}&seat=1", headers=seat_cookie(app, game, 2)))
    assert mine["event"] == "fragment" and 'data-seat="2"' in mine["data"]
    assert 'data-seat="1"' not in mine["data"]
    for role in ({"host": True}, {"spectator": True}):
        cookie = {"Cookie": session_cookie(app, {"games": {game: role}, "_csrf": TOKEN})}
        plain = told(sse(f"/games/{game}/stream?{PUSH}", headers=cookie))
        assert plain["event"] == "seq" and plain["data"] == str(last_seq(app, game))


def test_a_reissued_link_ends_the_old_sessions_pushes(app, sse, game):
    stream = sse(f"/games/{game}/stream?{PUSH}", headers=seat_cookie(app, game, 1))
    assert told(stream)["event"] == "fragment"
    with app.app_context():
        reissue_seat_token(get_store(app), game, 1)
    record(app, game, "0", type="auction_opened", player=0, object="lake")
    after = told(stream)
    assert after["event"] == "seq" and after["data"] == str(last_seq(app, game))


def test_without_a_csrf_token_the_stream_says_only_the_seq(app, sse, game):
    """A stream cannot store a token in the session: a panel drawn with a new one would post
    forms the server refuses."""
    bare = told(sse(f"/games/{game}/stream?{PUSH}", headers=seat_cookie(app, game, 0, None)))
    assert bare["event"] == "seq"


def test_the_tapping_phone_is_told_the_seq_the_others_their_panels(app, sse, live_server, game):
    """The phone that tapped has its panel at that seq in the tap's answer: its stream says
    just the seq (palazzo.js then sees the panel is current); the others get theirs drawn."""
    cookies = [seat_cookie(app, game, seat, f"{seat}" * 43) for seat in range(3)]
    streams = [sse(f"/games/{game}/stream?{PUSH}", headers=c) for c in cookies]
    assert {told(s)["event"] for s in streams} == {"fragment"}
    seq = last_seq(app, game)
    form = f"csrf_token={'0' * 43}&view=phone&type=auction_opened&player=0&object=lake"
    request = urllib.request.Request(
        f"{live_server}/games/{game}/events",
        data=form.encode(),
        headers={
            **cookies[0],
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert f'data-rendered-seq="{seq + 1}"' in answer.read().decode()
    mine, *theirs = [told(s) for s in streams]
    assert mine == {"id": str(seq + 1), "event": "seq", "data": str(seq + 1)}
    for message in theirs:
        assert message["event"] == "fragment" and message["id"] == str(seq + 1)


def pushed(app, game_id: str, seat: int, token: str):
    """What a stream of this seat's session (its CSRF token `token`) pushes at the game's seq."""
    from companion.games.princes.web.seat import pushed_panel

    seq = last_seq(app, game_id)
    with app.test_request_context("/", headers=seat_cookie(app, game_id, seat, token)):
        return pushed_panel(game_id, seq)


def test_the_pushes_of_one_seq_read_the_record_once_and_see_a_reissued_link(app, game, monkeypatch):
    """Each phone's stream asks who it is at each push: the pushes of one seq share one read of
    the game's record (RequestStore.pushing), yet a link re-issued here ends the old session's
    next push at once, and one re-issued by another process once WAVE_SECONDS have passed."""
    from companion.web import request_store
    from events.store import EventStore

    reads = []
    read = EventStore.game
    monkeypatch.setattr(EventStore, "game", lambda self, g: reads.append(g) or read(self, g))
    assert pushed(app, game, 0, "a" * 43) and pushed(app, game, 2, "b" * 43)
    assert pushed(app, game, 1, "c" * 43)
    assert len(reads) == 1  # three phones, one read
    with app.app_context():
        reissue_seat_token(get_store(app), game, 1)  # this process: forgotten at once
    assert pushed(app, game, 1, "d" * 43) is None
    assert pushed(app, game, 2, "e" * 43)
    other = EventStore(app.config["DATABASE_URL"])  # another process's store
    try:
        reissue_seat_token(other, game, 2)
    finally:
        other.close()
    monkeypatch.setattr(request_store, "WAVE_SECONDS", 0.0)  # the wave has passed
    assert pushed(app, game, 2, "f" * 43) is None
    assert pushed(app, game, 0, "g" * 43)


def test_what_every_phone_shows_alike_is_drawn_once_per_seq(app, monkeypatch):
    """The starting hand's cards with none ticked, and the alerts with no card claimed, are the
    same on every phone still choosing: drawn once per seq for all of them, each panel the
    very text it is when each phone draws its own; a phone with a card ticked draws its own
    cards."""
    from companion.games.princes.web import seat as seat_web

    game_id, _ = host_game(app)  # nobody has chosen a starting hand yet
    drawn: list[str] = []
    attribute, template = seat_web.get_template_attribute, seat_web.render_template
    monkeypatch.setattr(
        seat_web,
        "get_template_attribute",
        lambda name, macro: drawn.append(macro) or attribute(name, macro),
    )
    monkeypatch.setattr(
        seat_web, "render_template", lambda name, **c: drawn.append(name) or template(name, **c)
    )
    shared = {seat: pushed(app, game_id, seat, chr(97 + seat) * 43) for seat in range(len(NAMES))}
    assert all(shared.values())
    assert drawn == ["hand_options", "princes/phone/_alerts.html"]  # three phones, one drawing
    assert all('name="professions"' in html for _, html in shared.values())

    with monkeypatch.context() as own_drawing:  # each phone draws its own, nothing shared
        own_drawing.setattr(seat_web, "_hand_options_once", lambda replay, screen, *_: screen)
        own_drawing.setattr(seat_web, "_alerts_once", lambda shown: None)
        for seat in range(len(NAMES)):
            own = pushed(app, game_id, seat, chr(65 + seat) * 43)  # another session
            assert own is not None
            assert undrawn(own[1]) == undrawn(shared[seat][1])
    assert len(drawn) == 2

    with app.test_request_context("/", headers=seat_cookie(app, game_id, 1, "z" * 43)):
        pid = next(iter(HANDS[1]))
        ticked = seat_web.phone_panel(game_id, 1, params={"do": "hand", "professions": [pid]})
    assert len(drawn) == 2  # its own cards, drawn for it alone
    assert re.search(rf'value="{pid}"\s+checked>', ticked)


def undrawn(html: str) -> str:
    """A panel without what each drawing mints or names for its session (its CSRF token)."""
    return re.sub(r'data-drawn-for="[^"]*"|([A-Za-z])\1{42}', "", same(html))
