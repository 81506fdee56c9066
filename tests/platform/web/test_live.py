"""Live updates: the seq watcher, the /seq fallback and the SSE stream on a real server."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from companion.web import REPO_ROOT
from companion.web.live import SeqWatcher, get_watcher, seq_stream
from tests.platform.web.live import FakeListener, FakeLog
from tests.support.phone_game import as_host
from tests.support.web_fixtures import WAIT, append_event, viewer_cookie

# -- the watcher on its own --------------------------------------------------------------------


@pytest.fixture
def log():
    return FakeLog()


@pytest.fixture
def watcher(log):
    watcher = SeqWatcher(log.last_seqs, interval=0.02)
    yield watcher
    watcher.stop()


def test_watcher_wakes_waiters_when_seq_grows(watcher, log):
    with watcher.watching("g"):
        assert watcher.refresh("g") == 0
        threading.Timer(0.1, lambda: log.seqs.__setitem__("g", 3)).start()
        assert watcher.wait_past("g", 0, timeout=WAIT) == 3  # woken: a timeout returns 0


def test_watcher_times_out_with_the_old_seq(watcher, log):
    log.seqs["g"] = 5
    with watcher.watching("g"):
        watcher.refresh("g")
        started = time.monotonic()
        assert watcher.wait_past("g", 5, timeout=0.2) == 5
        assert 0.15 < time.monotonic() - started < WAIT


def test_watcher_polls_only_watched_games(watcher, log):
    time.sleep(0.1)
    assert log.reads == 0  # nobody watching: no queries
    with watcher.watching("a"), watcher.watching("a"), watcher.watching("b"):
        assert watcher.watched() == {"a": 2, "b": 1}
        time.sleep(0.1)
        assert log.reads > 0
    assert watcher.watched() == {}
    time.sleep(0.05)
    reads = log.reads
    time.sleep(0.1)
    assert log.reads == reads


def test_watcher_survives_store_errors(watcher, log):
    with watcher.watching("g"):
        watcher.refresh("g")
        log.fail = True
        time.sleep(0.1)
        log.fail = False
        log.seqs["g"] = 1
        assert watcher.wait_past("g", 0, timeout=WAIT) == 1


def test_a_new_stream_of_a_watched_game_takes_the_watchers_seq_without_a_query(log):
    """The watcher is sure of a watched game's seq (announced here, polled moments ago): a
    new stream of it asks no query; a game nobody watched yet is read from the store."""
    watcher = SeqWatcher(log.last_seqs, interval=60)  # one poll now, the next in a minute
    log.seqs["g"] = 4
    try:
        with watcher.watching("g"):
            deadline = time.monotonic() + WAIT
            while watcher.current("g") is None and time.monotonic() < deadline:
                time.sleep(0.01)  # the poller's first read
            assert watcher.current("g") == 4
            watcher.announce("g", 6)  # appended by this process
            reads = log.reads
            assert watcher.refresh("g") == 6 and log.reads == reads
            log.seqs["h"] = 2
            with watcher.watching("h"):
                assert watcher.refresh("h") == 2 and log.reads == reads + 1
    finally:
        watcher.stop()


def test_stop_releases_waiters(watcher):
    with watcher.watching("g"):
        watcher.refresh("g")
        threading.Timer(0.1, watcher.stop).start()
        started = time.monotonic()
        watcher.wait_past("g", 0, timeout=WAIT)
        assert time.monotonic() - started < WAIT / 2  # released, not timed out


# -- /seq --------------------------------------------------------------------------------------


def test_seq_endpoint(client, store, game):
    as_host(client, game)
    response = client.get(f"/games/{game}/seq")
    assert response.status_code == 200
    assert response.mimetype == "text/plain" and response.data == b"0"
    assert response.headers["Cache-Control"] == "no-store"
    append_event(store, game)
    append_event(store, game)
    assert client.get(f"/games/{game}/seq").data == b"2"


def test_unknown_game_is_404(client):
    assert client.get("/games/nope/seq").status_code == 404
    assert client.get("/games/nope/stream").status_code == 404
    assert client.get("/games/" + "x" * 65 + "/seq").status_code == 404


# -- the stream on a real server ---------------------------------------------------------------


def test_stream_sends_retry_then_current_seq(sse, store, game):
    append_event(store, game)
    stream = sse(f"/games/{game}/stream")
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    assert stream.response.getheader("Cache-Control") == "no-cache"
    assert stream.next_message() == {"retry": "1000"}
    assert stream.next_message() == {"id": "1", "event": "seq", "data": "1"}


def test_stream_emits_each_new_seq(sse, store, game):
    """Each append reaches the stream (how fast: benchmarks/web_render_fanout.py)."""
    stream = sse(f"/games/{game}/stream")
    assert stream.next_seq() == 0
    for expected in (1, 2, 3):
        assert append_event(store, game) == expected
        assert stream.next_seq() == expected


def test_a_burst_ends_at_the_last_seq(sse, store, game):
    stream = sse(f"/games/{game}/stream")
    assert stream.next_seq() == 0
    for _ in range(5):
        append_event(store, game)
    seen = []
    while not seen or seen[-1] < 5:
        seen.append(stream.next_seq())
    assert seen == sorted(seen) and seen[-1] == 5


def test_stream_never_carries_game_content(sse, store, game):
    stream = sse(f"/games/{game}/stream")
    stream.next_seq()
    append_event(store, game, type="secret.hand", payload={"cards": "SECRET-JESTER"})
    messages = []
    while not any(m.get("data") == "1" for m in messages):
        messages.append(stream.next_message())
    for message in messages:
        assert set(message) <= {"retry", "id", "event", "data", "comment"}
        assert "SECRET" not in repr(message) and "secret" not in repr(message)
        if "data" in message:
            assert message["data"].isdigit() and message["event"] == "seq"


def test_last_event_id_is_honoured(sse, store, game):
    append_event(store, game)
    append_event(store, game)
    up_to_date = sse(f"/games/{game}/stream", headers={"Last-Event-ID": "2"})
    assert up_to_date.next_message() == {"retry": "1000"}
    assert up_to_date.next_message() == {"comment": "keep-alive"}  # nothing to say
    behind = sse(f"/games/{game}/stream", headers={"Last-Event-ID": "1"})
    assert behind.next_seq() == 2
    via_query = sse(f"/games/{game}/stream?since=2")
    assert via_query.next_message() == {"retry": "1000"}
    append_event(store, game)
    assert via_query.next_seq() == 3  # the append, not a replay of 2
    garbage = sse(f"/games/{game}/stream", headers={"Last-Event-ID": "abc²"})
    assert garbage.next_seq() == 3


def test_heartbeat_keeps_idle_streams_alive(sse, game):
    stream = sse(f"/games/{game}/stream")
    stream.next_seq()
    started = time.monotonic()
    assert stream.next_message() == {"comment": "keep-alive"}
    # LIVE_HEARTBEAT is 1 s in tests: not at once (a loaded machine may make it later)
    assert time.monotonic() - started > 0.5


@pytest.mark.parametrize("app_config", [{"LIVE_STREAM_MAX_AGE": 1.0}])
def test_stream_ends_after_max_age(sse, game):
    stream = sse(f"/games/{game}/stream")
    stream.next_seq()
    started = time.monotonic()
    with pytest.raises(EOFError):
        while time.monotonic() - started < WAIT:  # a hang guard: it ends after a second
            stream.next_message()
    assert time.monotonic() - started > 0.5


def test_closed_streams_are_forgotten(app, sse, game):
    stream = sse(f"/games/{game}/stream")
    stream.next_seq()
    watcher = get_watcher(app)
    assert watcher.watched() == {game: 1}
    stream.close()
    deadline = time.monotonic() + WAIT
    while watcher.watched() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert watcher.watched() == {}


def test_a_table_of_phones(sse, store, game):
    """Twelve phones and the host all hear about a move (how fast: benchmarks/)."""
    streams = [sse(f"/games/{game}/stream") for _ in range(13)]
    for stream in streams:
        assert stream.next_seq() == 0
    append_event(store, game)
    for stream in streams:
        assert stream.next_seq() == 1


def append_from_another_process(app, game: str) -> None:
    """One event appended to `game` by a separate Python process (its own EventStore)."""
    script = (
        "import sys; from events import EventStore\n"
        "s = EventStore(sys.argv[1])\n"
        "s.append(sys.argv[2], id='from-elsewhere', type='test.ping', payload={}, by='cli', expected_seq=0)\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, app.config["DATABASE_URL"], game], cwd=REPO_ROOT, check=True
    )


def test_events_written_by_another_process_are_seen(sse, app, store, game, live_server):
    stream = sse(f"/games/{game}/stream")
    assert stream.next_seq() == 0
    append_from_another_process(app, game)
    assert stream.next_seq() == 1
    asking = urllib.request.Request(
        f"{live_server}/games/{game}/seq", headers={"Cookie": viewer_cookie(app, game)}
    )
    with urllib.request.urlopen(asking, timeout=WAIT) as response:
        assert response.read() == b"1"


@pytest.mark.postgres
def test_stream_on_postgresql(sse_factory_pg):
    sse, store, game = sse_factory_pg
    stream = sse(f"/games/{game}/stream")
    assert stream.next_seq() == 0
    append_event(store, game)
    assert stream.next_seq() == 1


@pytest.fixture
def sse_factory_pg(request):
    """The live stack on PostgreSQL: app_config pointed at a fresh database."""
    url = request.getfixturevalue("pg_fresh_url")
    request.getfixturevalue("app_config")["DATABASE_URL"] = url
    store = request.getfixturevalue("store")
    game = request.getfixturevalue("game")
    return request.getfixturevalue("sse"), store, game


@pytest.fixture
def slow_poll(app_config):
    app_config["LIVE_POLL_INTERVAL"] = 3600  # the store poll never comes round in this test
    return app_config


def test_an_event_recorded_here_is_announced_without_waiting_for_the_poll(slow_poll, app, sse):
    """Events this process records wake its streams at once; only other processes' events
    wait for the poll."""
    from companion.web.recording import get_table

    with app.app_context():
        table = get_table(app)
        game_id, _ = table.create_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    stream = sse(f"/games/{game_id}/stream")
    assert stream.next_seq() == 1
    table.record(
        game_id, {"type": "correction", "player": 0, "money": 100, "reason": "x"}, by="host"
    )
    assert stream.next_seq() == 2  # WAIT: far less than the hour-long poll


# -- who may open a stream, and how many ---------------------------------------------------------


def _status(live_server, path: str, cookie: str | None = None) -> int:
    request = urllib.request.Request(live_server + path, headers={"Cookie": cookie or ""})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_stream_needs_a_session_of_that_game(app, live_server, store, game):
    other = "g-other"
    store.create_game(other, {})
    for path in (f"/games/{game}/stream", f"/games/{game}/seq"):
        assert _status(live_server, path) == 403  # knowing the id is not enough
        assert _status(live_server, path, viewer_cookie(app, other)) == 403
    assert _status(live_server, f"/games/{game}/seq", viewer_cookie(app, game, seat=1)) == 200
    assert _status(live_server, f"/games/{game}/seq", viewer_cookie(app, game, spectator=True))
    assert get_watcher(app).open_streams() == {}  # the refused ones took no slot


def test_seat_and_spectator_sessions_open_streams(app, sse, game):
    for role in ({"seat": 0}, {"spectator": True}, {"host": True}):
        stream = sse(f"/games/{game}/stream", headers={"Cookie": viewer_cookie(app, game, **role)})
        assert stream.response.status == 200
        assert stream.next_seq() == 0


@pytest.mark.parametrize("app_config", [{"LIVE_MAX_STREAMS_PER_CLIENT": 3}])
def test_one_client_cannot_open_more_than_its_share(app, sse, live_server, game):
    streams = [sse(f"/games/{game}/stream") for _ in range(3)]
    for stream in streams:
        assert stream.next_seq() == 0
    assert get_watcher(app).open_streams() == {"127.0.0.1": 3}
    refused = sse(f"/games/{game}/stream")
    assert refused.response.status == 429
    assert "too many live screens" in refused.response.read().decode()
    streams[0].close()  # its slot comes back once the server notices (next heartbeat at most)
    deadline = time.monotonic() + WAIT
    while get_watcher(app).open_streams() != {"127.0.0.1": 2} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert get_watcher(app).open_streams() == {"127.0.0.1": 2}
    assert sse(f"/games/{game}/stream").next_seq() == 0


def test_a_seat_with_an_open_stream_stays_present(app, sse, game):
    from companion import presence

    presence.forget(game)
    stream = sse(f"/games/{game}/stream", headers={"Cookie": viewer_cookie(app, game, seat=2)})
    stream.next_seq()
    presence.forget(game)  # as if the phone's page load were long ago
    assert stream.next_message(timeout=3) == {"comment": "keep-alive"}
    assert presence.seconds_ago(game, 2) is not None and presence.seconds_ago(game, 2) < 2


def test_a_seat_is_here_while_its_stream_is_open_and_away_once_it_closes(app, sse, game):
    """The table's dots come from the streams themselves, not from a timer."""
    from companion import presence

    presence.forget(game)
    assert not presence.here(game, 1) and presence.words(None) == "not joined yet"
    stream = sse(f"/games/{game}/stream", headers={"Cookie": viewer_cookie(app, game, seat=1)})
    stream.next_seq()
    assert presence.streaming(game, 1) and presence.here(game, 1)
    # long after any request, it is still here: its stream is open
    assert presence.here(game, 1, now=time.monotonic() + 3600)
    stream.close()  # the phone closed the page: the server sees it at the next heartbeat
    deadline = time.monotonic() + 5
    while presence.streaming(game, 1) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not presence.streaming(game, 1)
    assert not presence.here(game, 1, now=time.monotonic() + presence.POLLING_GRACE + 1)
    assert presence.seconds_ago(game, 1) is not None  # away, seen a moment ago
    # a spectator's stream says nothing about any seat
    spectator = sse(
        f"/games/{game}/stream", headers={"Cookie": viewer_cookie(app, game, spectator=True)}
    )
    spectator.next_seq()
    assert not any(presence.streaming(game, s) for s in range(5))


# -- LISTEN/NOTIFY: the poller rests while notifications flow ------------------------------------


def test_notifications_replace_the_poll_and_the_poll_covers_an_outage(log):
    listener = FakeListener()
    watcher = SeqWatcher(log.last_seqs, interval=0.02, listen=listener)
    try:
        with watcher.watching("g"):
            assert listener.ready.wait(WAIT)
            log.seqs["g"] = 4  # appended while the LISTEN connection was being set up
            listener.on_connection(True)
            assert watcher.listening and watcher.wait_past("g", 0, timeout=WAIT) == 4
            time.sleep(0.05)
            reads = log.reads
            time.sleep(0.2)
            assert log.reads == reads  # no polling while notifications flow
            listener.on_append("g", 5)
            assert watcher.wait_past("g", 4, timeout=WAIT) == 5
            listener.on_append("not-watched", 9)
            assert "not-watched" not in watcher.watched()
            listener.on_connection(False)  # the connection dropped: polling takes over
            log.seqs["g"] = 6
            assert watcher.wait_past("g", 5, timeout=WAIT) == 6
            assert log.reads > reads
    finally:
        watcher.stop()


@pytest.mark.postgres
def test_another_process_append_wakes_streams_through_notify(slow_poll, sse_factory_pg, app):
    """The poll never comes round (an hour), so only NOTIFY can carry it."""
    sse, store, game = sse_factory_pg
    stream = sse(f"/games/{game}/stream")
    assert stream.next_seq() == 0
    deadline = time.monotonic() + WAIT
    while not get_watcher(app).listening and time.monotonic() < deadline:
        time.sleep(0.02)
    assert get_watcher(app).listening
    append_from_another_process(app, game)
    assert stream.next_seq() == 1  # WAIT: far less than the hour-long poll


@pytest.mark.parametrize("app_config", [{"TRUSTED_PROXIES": 1, "LIVE_MAX_STREAMS_PER_CLIENT": 1}])
def test_behind_a_trusted_proxy_each_phone_has_its_own_share(app, client, game):
    """With PALAZZO_TRUSTED_PROXIES=1 the cap counts the phone (X-Forwarded-For), not the
    proxy every request comes through."""
    as_host(client, game)
    proxy = {"REMOTE_ADDR": "127.0.0.1"}

    def open_stream(phone: str):
        return client.get(
            f"/games/{game}/stream", headers={"X-Forwarded-For": phone}, environ_base=proxy
        )

    ada, ben = open_stream("192.168.1.20"), open_stream("192.168.1.21")
    assert ada.status_code == 200 and ben.status_code == 200
    assert open_stream("192.168.1.20").status_code == 429
    assert get_watcher(app).open_streams() == {"192.168.1.20": 1, "192.168.1.21": 1}
    ada.close()
    ben.close()
    assert get_watcher(app).open_streams() == {}


def test_a_pushed_fragment_comes_back_as_the_same_text():
    """An EventSource joins a message's `data:` lines with newlines: a fragment with any line
    ends, and a player's name with a Unicode line separator, arrives as it was drawn (with
    its newlines normalised, as HTML does anyway)."""
    from companion.web.live import _fragment_message

    html = '<section id="board">\n  <p>Ada\u2028Lovelace</p>\r\n<p>Ben</p>\r</section>\n'
    message = _fragment_message(7, html)
    assert message.endswith("\n\n") and "\n\n" not in message[:-2]
    lines = message[:-2].split("\n")
    assert lines[:2] == ["id: 7", "event: fragment"]
    data = "\n".join(line.removeprefix("data: ") for line in lines[2:])
    assert data == html.replace("\r\n", "\n").replace("\r", "\n")


def test_a_fragment_without_cr_is_split_as_the_regex_splits_it():
    """The one-`replace` path (HTML without a CR) gives the regex's text, byte for byte."""
    from companion.web.live import _SSE_LINES, _fragment_message

    for html in ("", "\n", "<p>a</p>", "<p>a</p>\n", "\n\n<p>\u2028b</p>\n\n", "a\nb\nc"):
        data = "".join(f"data: {line}\n" for line in _SSE_LINES.split(html))
        assert _fragment_message(3, html) == f"id: 3\nevent: fragment\n{data}\n"


def test_a_shared_fragment_message_is_built_once_and_is_what_a_fresh_one_is():
    """The board's message, the same text for every stream at a seq: built once for them
    all, equal to a fresh build, and a new seq or a new text is built anew."""
    from companion.web.live import _fragment_message, _shared_message

    _shared_message.cache_clear()
    board = "<section>\n<p>seq 5</p>\n</section>"
    first = _shared_message(5, board)
    assert first == _fragment_message(5, board)
    assert _shared_message(5, "".join(board)) is first  # another stream, the same text
    assert _shared_message.cache_info().hits == 1
    assert _shared_message(6, board) == _fragment_message(6, board)
    other = board.replace("5", "6")
    assert _shared_message(6, other) == _fragment_message(6, other) != _shared_message(6, board)
    assert _shared_message.cache_info().maxsize == 64  # bounded


def test_only_a_shared_push_uses_the_shared_messages():
    """A seat's panel, drawn for one stream, is never kept with the boards."""
    from companion.web.live import _shared_message

    seqs = {"g": 3}
    for shared, kept in ((False, 0), (True, 1)):
        _shared_message.cache_clear()
        watcher = SeqWatcher(lambda games: {g: seqs.get(g, 0) for g in games}, interval=0.01)
        body = seq_stream(
            watcher, "g", 1, 5.0, 5.0, push=lambda seq: (seq, f"<p>{seq}</p>"), shared=shared
        )
        try:
            next(body)
            assert "data: <p>3</p>" in next(body)
        finally:
            body.close()
            watcher.stop()
        assert _shared_message.cache_info().currsize == kept
