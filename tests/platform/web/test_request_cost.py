"""What a request costs besides drawing its page: the game's record read once, the store not
asked for a watched game's seq, the session cookie not signed again when nothing changed
(a club night's server spends its CPU on the screens, not on the plumbing)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import event

from companion.web import sessions
from companion.web.live import SeqWatcher, get_watcher
from companion.web.recording import current_replay
from tests.support.phone_game import as_seat, host_game, panel
from tests.support.web_fixtures import WAIT, append_event


@pytest.fixture
def statements(store):
    """The SQL the app's store runs in this thread, as a list (cleared by the test when it
    wants): through SQLAlchemy, and straight on the driver (appends, a game's record), as
    SQLite itself traces them."""
    seen: list[str] = []

    def note(conn, cursor, statement, *_):
        seen.append(" ".join(statement.split()).lower())

    event.listen(store.engine, "before_cursor_execute", note)
    _pooled, raw, _cursor = store._driver._connection()
    raw.set_trace_callback(lambda statement: note(None, None, statement))
    yield seen
    raw.set_trace_callback(None)
    event.remove(store.engine, "before_cursor_execute", note)


def _reads_of(table: str, statements: list[str]) -> int:
    return sum(1 for s in statements if s.startswith("select") and f"from {table}" in s)


def test_a_seat_fragment_reads_its_games_record_once(app, client, statements):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 0)
    panel(client, game_id)  # the fold is cached, the session has its token
    statements.clear()
    assert "phone-panel" in panel(client, game_id)
    # the blueprint's game check, who this browser is, the 404 check, the phone's notices:
    # one query between them
    assert _reads_of("games", statements) == 1


def test_a_record_changed_in_the_request_is_read_again(app, store, game):
    with app.test_request_context():
        assert store.game(game).meta == {"name": "test"}
        store.update_game_meta(game, {"name": "renamed"})
        assert store.game(game).meta == {"name": "renamed"}
    with app.test_request_context():  # and nothing is kept from one request to the next
        store.game(game)
    store.update_game_meta(game, {"name": "outside"})  # as another process would
    with app.test_request_context():
        assert store.game(game).meta == {"name": "outside"}


# -- the seq a watched game's streams know ----------------------------------------------------


def test_the_watcher_knows_a_seq_only_while_its_news_are_fresh():
    seqs = {"g": 4}
    failing = threading.Event()

    def last_seqs(ids):
        if failing.is_set():
            raise ConnectionError("database restarting")
        return {i: seqs.get(i, 0) for i in ids}

    watcher = SeqWatcher(last_seqs, interval=0.02)
    try:
        assert watcher.current("g") is None  # nobody watches it
        with watcher.watching("g"):
            deadline = time.monotonic() + WAIT
            while watcher.current("g") != 4 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert watcher.current("g") == 4
            failing.set()  # the polls stop answering: the seq is no longer sure
            time.sleep(0.1)
            assert watcher.current("g") is None
        assert watcher.current("g") is None
    finally:
        watcher.stop()


def _wait_for(watcher, game_id, seq):
    deadline = time.monotonic() + WAIT
    while watcher.current(game_id) != seq and time.monotonic() < deadline:
        time.sleep(0.01)
    assert watcher.current(game_id) == seq


def test_a_watched_game_at_the_folds_seq_costs_no_read_of_the_log(app, store, game, statements):
    watcher = get_watcher(app)
    append_event(store, game)
    with watcher.watching(game):
        watcher.refresh(game)
        _wait_for(watcher, game, 1)
        with app.test_request_context():
            assert current_replay(game).seq == 1  # the fold is made
        statements.clear()
        with app.test_request_context():
            assert current_replay(game).seq == 1
        assert _reads_of("events", statements) == 0
        # another process appends: once the watcher has heard, the next request reads it
        append_event(store, game)
        _wait_for(watcher, game, 2)
        with app.test_request_context():
            assert current_replay(game).seq == 2
    # not watched: each request asks the store, as before
    statements.clear()
    with app.test_request_context():
        assert current_replay(game).seq == 2
    assert _reads_of("events", statements) == 1


# -- the session cookie -------------------------------------------------------------------------


def _set_cookie(response) -> str | None:
    return next(
        (v for k, v in response.headers.items() if k == "Set-Cookie" and "palazzo_session" in v),
        None,
    )


def test_an_unchanged_session_is_not_signed_again(app, client, monkeypatch):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 0)
    first = client.get(f"/games/{game_id}/me")  # the page gives the session its CSRF token
    assert first.status_code == 200
    again = client.get(f"/games/{game_id}/me/panel", headers={"HX-Request": "true"})
    assert again.status_code == 200
    assert _set_cookie(again) is None  # nothing changed: no new cookie
    # a day on, the same request signs it again, so its expiry slides
    later = time.time() + sessions.REFRESH_AFTER + 60
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    refreshed = client.get(f"/games/{game_id}/me/panel", headers={"HX-Request": "true"})
    assert _set_cookie(refreshed) is not None
    assert "Expires=" in _set_cookie(refreshed)


def test_a_changed_session_is_sent_at_once(app, client):
    game_id, tokens = host_game(app)
    with app.test_request_context():
        from companion.web.join_links import join_path

        link = join_path(game_id, tokens.seats[1])
    answer = client.get(link)  # joining changes the session
    assert _set_cookie(answer) is not None
    with client.session_transaction() as session:
        assert session["games"][game_id]["seat"] == 1


def test_a_forged_cookie_is_an_empty_session(app, client):
    game_id, _ = host_game(app)
    client.set_cookie("palazzo_session", "eyJnYW1lcyI6e319.forged.signature")
    answer = client.get(f"/games/{game_id}/me/panel", headers={"HX-Request": "true"})
    assert answer.status_code == 403


def test_a_value_changed_inside_the_session_is_sent(app, client):
    """Flask marks a session modified only when a key of its own is set; a change inside one
    of its values must reach the browser all the same."""
    game_id, _ = host_game(app)
    as_seat(client, game_id, 0)
    client.get(f"/games/{game_id}/me")
    with client.session_transaction() as session:
        session["games"][game_id]["seat"] = 2  # nested: `modified` stays False
    with client.session_transaction() as session:
        assert session["games"][game_id]["seat"] == 2


# -- a cookie verified once ------------------------------------------------------------------


def _open(app, cookie: str):
    """The session a request with `cookie` opens."""
    with app.test_request_context(headers={"Cookie": cookie}):
        from flask import session

        return dict(session), session._get_current_object()  # type: ignore[attr-defined]


@pytest.fixture
def verifications(app, monkeypatch):
    """How often the app's signer checked a cookie's signature."""
    signer = app.session_interface.get_signing_serializer(app)
    count = []
    loads = signer.loads

    def counted(*args, **kwargs):
        count.append(1)
        return loads(*args, **kwargs)

    monkeypatch.setattr(signer, "loads", counted)
    return count


def test_a_cookie_is_verified_once_and_gives_what_verifying_gives(app, verifications):
    from tests.support.web_fixtures import session_cookie

    data = {"games": {"g1": {"seat": 2, "key": "k" * 16}}, "_csrf": "t" * 43}
    cookie = session_cookie(app, data)
    first, _ = _open(app, cookie)
    second, _ = _open(app, cookie)
    assert first == second == data
    assert len(verifications) == 1


def test_a_change_to_one_requests_session_stays_in_that_request(app):
    from tests.support.web_fixtures import session_cookie

    cookie = session_cookie(app, {"games": {"g1": {"seat": 2}}})
    with app.test_request_context(headers={"Cookie": cookie}):
        from flask import session

        session["games"]["g1"]["seat"] = 4  # nested, in place
        session["_csrf"] = "x" * 43
    again, session = _open(app, cookie)
    assert again == {"games": {"g1": {"seat": 2}}}
    assert not session.modified and session.loaded is not None


def test_a_kept_cookie_still_expires_and_a_forged_one_is_refused(app, monkeypatch):
    from tests.support.web_fixtures import session_cookie

    cookie = session_cookie(app, {"games": {"g1": {"host": True}}})
    assert _open(app, cookie)[0]  # verified, and kept
    at = cookie.rindex(".") + 2  # a character of the signature's first bytes (never padding)
    forged = cookie[:at] + ("A" if cookie[at] != "A" else "B") + cookie[at + 1 :]
    assert _open(app, forged)[0] == {}
    lifetime = app.permanent_session_lifetime.total_seconds()
    later = time.time() + lifetime + 5
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    assert _open(app, cookie)[0] == {}  # past its age: an empty session, kept or not
    monkeypatch.undo()
    assert _open(app, cookie)[0] == {"games": {"g1": {"host": True}}}
    app.permanent_session_lifetime = 1  # a shorter lifetime counts at once
    soon = time.time() + 5
    monkeypatch.setattr(sessions.time, "time", lambda: soon)
    assert _open(app, cookie)[0] == {}


def test_a_new_key_forgets_what_the_old_one_verified(app, verifications):
    from tests.support.web_fixtures import session_cookie

    cookie = session_cookie(app, {"games": {"g1": {"host": True}}})
    assert _open(app, cookie)[0]
    app.secret_key = "another key"
    assert _open(app, cookie)[0] == {}
    app.config["SECRET_KEY_FALLBACKS"] = ["another key"]  # (no longer the old one)
    assert _open(app, cookie)[0] == {}


def test_the_kept_cookies_are_bounded(app, monkeypatch):
    from tests.support.web_fixtures import session_cookie

    monkeypatch.setattr(sessions, "VERIFIED_MAX", 3)
    cookies = [session_cookie(app, {"n": n}) for n in range(7)]
    for n, cookie in enumerate(cookies):
        assert _open(app, cookie)[0] == {"n": n}
        assert len(app.session_interface._verified) <= 3


@pytest.mark.parametrize(
    "start",
    [
        {},
        {"Vary": "Origin"},
        {"Vary": "Accept-Language, HX-Request"},
        {"Cache-Control": "private, no-cache", "Content-Security-Policy": "default-src 'none'"},
        {"Content-Type": "application/json"},
        {"X-Frame-Options": "SAMEORIGIN", "Referrer-Policy": "same-origin"},
    ],
)
def test_the_headers_are_those_werkzeugs_setdefault_and_vary_set(start):
    """add_headers and `vary` write each header once instead of reparsing it: the headers,
    in their order, are those `setdefault` and `response.vary.add` give."""
    from flask import Response

    from companion.web import headers

    def by_werkzeug(response):
        h = response.headers
        h.setdefault("Content-Security-Policy", headers.CONTENT_SECURITY_POLICY)
        h.setdefault("Referrer-Policy", "no-referrer")
        h.setdefault("X-Content-Type-Options", "nosniff")
        h.setdefault("X-Frame-Options", "DENY")
        response.vary.add("HX-Request")
        if response.mimetype == "text/html":
            h.setdefault("Cache-Control", "no-store")

    def made():
        response = Response("<p>x</p>")
        for key, value in start.items():
            response.headers[key] = value
        return response

    ours, theirs = made(), made()
    headers.vary(ours, "Cookie", "Accept-Language")  # as i18n does first
    theirs.vary.add("Cookie")
    theirs.vary.add("Accept-Language")
    headers.add_headers(ours)
    by_werkzeug(theirs)
    assert list(ours.headers.items()) == list(theirs.headers.items())


def test_an_unchanged_session_answers_vary_cookie_and_no_cookie(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 0)
    client.get(f"/games/{game_id}/me")
    answer = client.get(f"/games/{game_id}/me/panel", headers={"HX-Request": "true"})
    assert _set_cookie(answer) is None
    assert answer.headers["Vary"] == "Cookie, Accept-Language, HX-Request"


# -- Flask's question whether a hook is a coroutine function ----------------------------------


def test_each_hook_is_asked_once_whether_it_is_a_coroutine(app, client, monkeypatch):
    """Flask asks it of every hook of every request; the answer for one callable never
    changes, so the app keeps it: a second request asks nothing, and gets the same hooks."""
    import flask.app

    asked: list = []
    real = flask.app.iscoroutinefunction

    def counting(func):
        asked.append(func)
        return real(func)

    monkeypatch.setattr(flask.app, "iscoroutinefunction", counting)
    assert client.get("/").status_code == 200
    first = len(asked)
    assert first > 5  # the request's hooks and view, each asked
    assert client.get("/").status_code == 200
    assert len(asked) == first  # the second request asked none again
    hook = app.before_request_funcs[None][0]
    assert app.ensure_sync(hook) is hook  # a plain function is itself, as Flask gives it


def test_a_coroutine_hook_still_goes_through_flask(app):
    """An `async def` callable is never given as itself: Flask's answer for it (without
    asgiref installed, its error) is given each time; an unhashable callable is asked too."""

    async def hook() -> None:
        return None

    for _ in range(2):
        try:
            got = app.ensure_sync(hook)
        except RuntimeError:  # Flask without asgiref: its own error, each time
            continue
        assert got is not hook  # with asgiref: Flask's wrapper

    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self) -> None:
            return None

    call = Unhashable()
    assert app.ensure_sync(call) is call
