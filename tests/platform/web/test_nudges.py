"""Nudges: what a page shows besides the log (a phone's alerts and the links to an
open check, the table screen's who-is-here) is asked for again when the game's stream says
`event: nudge` with its topic, not every few seconds all night. A check opened or closed, a card
claimed twice and a phone coming or going nudge every stream of the game, in every process on
PostgreSQL, at most once a second per topic; the page asks with its own credentials, the nudge
says nothing but its topic."""

from __future__ import annotations

import threading
import time

import pytest

from companion.web.live import (
    NUDGE_GAP,
    TOPICS,
    SeqWatcher,
    get_watcher,
    nudge,
    nudge_message,
    nudged_attrs,
)
from events.notify import Notes
from tests.platform.web.live import FakeListener, FakeLog
from tests.support.phone_game import as_seat, host_game, post_event, record
from tests.support.web_fixtures import WAIT, csrf_token_for, session_cookie, viewer_cookie

# -- the watcher -------------------------------------------------------------------------------


def test_a_nudge_wakes_the_streams_of_its_game_only():
    watcher = SeqWatcher(FakeLog().last_seqs, interval=0.02, nudge_gap=0)
    try:
        with watcher.watching("g"), watcher.watching("h"):
            assert watcher.nudges("g") == (0, {})
            woken: list = []
            waiter = threading.Thread(
                target=lambda: woken.append(watcher.wait_news("g", 0, 0, timeout=WAIT))
            )
            waiter.start()
            watcher.nudge("g", "alerts")
            waiter.join(WAIT)
            assert woken == [(0, 1)]  # the seq as it was, one nudge
            assert watcher.wait_news("h", 0, 0, timeout=0.05) == (0, 0)  # h slept it through
            assert watcher.wait_news("g", 0, None, timeout=0.05) == (0, 1)  # seqs only: no wake
            watcher.nudge("g", "presence")
            watcher.nudge("g", "presence")
            assert watcher.nudges("g") == (3, {"alerts": 1, "presence": 2})
            with pytest.raises(ValueError):
                watcher.nudge("g", "everything")
        watcher.nudge("nobody-watches", "alerts")
        assert watcher.nudges("nobody-watches") == (0, {})
    finally:
        watcher.stop()


def test_an_element_is_nudged_about_a_topic_that_exists():
    """One spelling of a nudged element's attributes (what palazzo.js and the club night read)."""
    assert (
        nudged_attrs("presence", 3)
        == 'data-hx-trigger="palazzo:nudge, every 3s" data-nudged="presence"'
    )
    assert (
        nudged_attrs("alerts") == 'data-hx-trigger="palazzo:nudge, every 60s" data-nudged="alerts"'
    )
    with pytest.raises(ValueError):
        nudged_attrs("everything")


def test_a_nudge_is_told_to_the_other_processes_once_and_never_told_back():
    """Given here: told once (the others' listeners wake their streams). Heard from another
    process: this process's streams wake, and it is not told again (no echo between two)."""
    listener, told = FakeListener(), []
    watcher = SeqWatcher(
        FakeLog().last_seqs,
        interval=0.02,
        listen=listener,
        tell=lambda *a: told.append(a),
        nudge_gap=0,
    )
    try:
        with watcher.watching("g"):
            assert listener.ready.wait(WAIT)
            watcher.nudge("g", "alerts")
            assert told == [("g", "alerts")] and watcher.nudges("g") == (1, {"alerts": 1})
            listener.on_nudge("g", "presence")
            listener.on_nudge("g", "weather")  # a topic a newer Palazzo gives: not for us
            assert told == [("g", "alerts")]
            assert watcher.nudges("g") == (2, {"alerts": 1, "presence": 1})
            listener.on_connection(True)  # back after an outage: a nudge may have been missed
            assert told == [("g", "alerts")]
            assert watcher.nudges("g") == (4, {"alerts": 2, "presence": 2})
    finally:
        watcher.stop()


def test_a_burst_of_nudges_makes_one_now_and_one_after_the_gap():
    """A player tapping "ask for a check" again and again, or a flapping stream: every screen
    of the table asks at most twice per gap, and the last change is never left unsaid."""
    gap = 0.3
    watcher = SeqWatcher(FakeLog().last_seqs, interval=0.02, nudge_gap=gap)
    try:
        with watcher.watching("g"):
            started = time.monotonic()
            for _ in range(20):
                watcher.nudge("g", "alerts")
            watcher.nudge("g", "presence")  # another topic has its own gap
            assert watcher.nudges("g") == (2, {"alerts": 1, "presence": 1})
            assert watcher.wait_news("g", 0, 2, timeout=WAIT) == (0, 3)  # the burst's last
            assert time.monotonic() - started >= gap * 0.9
            assert watcher.nudges("g") == (3, {"alerts": 2, "presence": 1})
            assert watcher.wait_news("g", 0, 3, timeout=2 * gap) == (0, 3)  # and no more
            time.sleep(gap)
            watcher.nudge("g", "alerts")  # after a quiet gap: at once
            assert watcher.nudges("g") == (4, {"alerts": 3, "presence": 1})
    finally:
        watcher.stop()


def test_a_nudge_that_cannot_be_told_still_wakes_this_process_s_streams(caplog):
    def down(game_id, topic):
        raise ConnectionError("PostgreSQL restarting")

    watcher = SeqWatcher(FakeLog().last_seqs, interval=0.02, tell=down)
    try:
        with watcher.watching("g"):
            watcher.nudge("g", "alerts")
            assert watcher.nudges("g") == (1, {"alerts": 1})
        assert "telling the other processes of a nudge failed" in caplog.text
    finally:
        watcher.stop()


def test_notes_tell_appends_from_nudges_and_skip_their_own():
    ours, theirs = Notes(engine=None), Notes(engine=None)
    appended, nudged = [], []

    def read(notes, payload):
        notes.read(payload, lambda g, s: appended.append((g, s)), lambda *a: nudged.append(a))

    read(ours, "7:game-1")
    read(ours, f"nudge:{theirs.token}:alerts:game-2")
    read(ours, f"nudge:{ours.token}:alerts:game-3")  # its own, heard back through PostgreSQL
    read(ours, "nudge")
    read(ours, f"nudge:{theirs.token}:alerts")
    read(ours, "garbage:x")
    assert appended == [("game-1", 7)] and nudged == [("game-2", "alerts")]
    assert ours.token != theirs.token
    with pytest.raises(ValueError):
        ours.nudge("game-1", "a:b")


# -- a stream says it ----------------------------------------------------------------------------


def next_event(stream) -> dict:
    """The next message that is an event (heartbeats and the retry skipped)."""
    while True:
        message = stream.next_message()
        if "event" in message:
            return message


def test_the_stream_says_nudge_and_nothing_more(app, sse):
    game_id, _ = host_game(app)
    stream = sse(f"/games/{game_id}/stream")
    assert stream.next_seq() == 1
    with app.app_context():
        nudge(game_id, "alerts")
    message = next_event(stream)
    assert message == {"event": "nudge", "data": "alerts"}  # no id: Last-Event-ID stays the seq
    assert nudge_message("alerts") == "event: nudge\ndata: alerts\n\n"
    later = sse(f"/games/{game_id}/stream")  # opened after it: its page has what it said
    assert later.next_seq() == 1
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(later)["event"] == "seq"
    assert next_event(stream)["event"] == "seq"


HAND = ["poet", "alchemist", "botanist"]
OTHER_HAND = ["mason", "painter", "jurist"]


def open_or_close(client, game_id, action, track="money"):
    data = {"csrf_token": csrf_token_for(client), "action": action}
    assert client.post(f"/games/{game_id}/count/{track}", data=data).status_code == 303


def test_a_check_opened_or_closed_nudges_every_stream_of_the_game(app, client, sse):
    game_id, _ = host_game(app)
    other_game, _ = host_game(app)
    ada = sse(f"/games/{game_id}/stream", {"Cookie": viewer_cookie(app, game_id, seat=0)})
    elsewhere = sse(f"/games/{other_game}/stream")
    assert ada.next_seq() == 1 and elsewhere.next_seq() == 1
    as_seat(client, game_id, 1)
    open_or_close(client, game_id, "start")
    assert next_event(ada) == {"event": "nudge", "data": "alerts"}
    data = {"csrf_token": csrf_token_for(client), "action": "count", "amount": "3500"}
    assert client.post(f"/games/{game_id}/count/money", data=data).status_code == 303
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(ada)["event"] == "seq"  # a count into an open check changes no banner
    with client.session_transaction() as session:
        session["games"] = {game_id: {"host": True}}
    open_or_close(client, game_id, "close")
    assert next_event(ada)["event"] == "nudge"
    record(app, other_game, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(elsewhere)["event"] == "seq"  # the other game heard no nudge


def test_a_first_count_opens_the_check_and_nudges(app, client, sse):
    game_id, _ = host_game(app)
    stream = sse(f"/games/{game_id}/stream")
    assert stream.next_seq() == 1
    as_seat(client, game_id, 2)
    data = {"csrf_token": csrf_token_for(client), "action": "count", "amount": "3500"}
    assert client.post(f"/games/{game_id}/count/money", data=data).status_code == 303
    assert next_event(stream)["event"] == "nudge"


def test_a_card_claimed_twice_nudges_the_holder_s_phone(app, client, sse):
    game_id, _ = host_game(app)
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    ada = sse(f"/games/{game_id}/stream", {"Cookie": viewer_cookie(app, game_id, seat=0)})
    assert ada.next_seq() == 2
    as_seat(client, game_id, 1)
    claim = ["poet", "mason", "painter"]  # Ada kept the Poet
    refused = post_event(
        client, game_id, type="starting_hand_chosen", player="1", professions=claim
    )
    assert refused.status_code == 422
    assert next_event(ada)["event"] == "nudge"


# -- across processes (PostgreSQL) ---------------------------------------------------------------


@pytest.mark.postgres
def test_a_nudge_crosses_to_the_other_processes_and_not_twice_here(request):
    """Another process's nudge reaches this one's streams through NOTIFY; this process's own,
    heard back through PostgreSQL, does not wake its streams a second time."""
    from events.store import EventStore

    url = request.getfixturevalue("pg_fresh_url")
    request.getfixturevalue("app_config")["DATABASE_URL"] = url
    app, sse = request.getfixturevalue("app"), request.getfixturevalue("sse")
    game_id, _ = host_game(app)
    stream = sse(f"/games/{game_id}/stream")
    assert stream.next_seq() == 1
    watcher = get_watcher(app)
    deadline = time.monotonic() + WAIT
    while not watcher.listening and time.monotonic() < deadline:
        time.sleep(0.02)
    assert watcher.listening
    # the LISTEN connection came up after the stream opened: a nudge may have passed unheard
    assert [next_event(stream)["data"] for _ in TOPICS] == list(TOPICS)
    with EventStore(url) as another_process:
        another_process.notes.nudge(game_id, "alerts")
        assert next_event(stream) == {"event": "nudge", "data": "alerts"}
    with app.app_context():
        nudge(game_id, "alerts")  # told to the others; heard back here, and skipped
    assert next_event(stream) == {"event": "nudge", "data": "alerts"}
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(stream)["event"] == "seq"
    deadline = time.monotonic() + 2 * NUDGE_GAP  # nor after it (an echo would wait its gap)
    while (left := deadline - time.monotonic()) > 0:
        try:
            assert "event" not in stream.next_message(left)
        except TimeoutError:
            break


# -- who is here ---------------------------------------------------------------------------------


def test_a_phone_coming_or_going_nudges_the_table_screen(app, sse):
    """A seat's first stream (the phone came) and its last one closing (it went) nudge the
    game's streams about presence; a second tab of the same phone does neither."""
    game_id, _ = host_game(app)
    table = sse(f"/games/{game_id}/stream")
    assert table.next_seq() == 1
    ada = viewer_cookie(app, game_id, seat=0)
    phone = sse(f"/games/{game_id}/stream", {"Cookie": ada})
    assert next_event(table) == {"event": "nudge", "data": "presence"}
    second_tab = sse(f"/games/{game_id}/stream", {"Cookie": ada})
    assert phone.next_seq() == 1 and second_tab.next_seq() == 1
    second_tab.close()
    _until(lambda: presence_streams(game_id, 0) == 1)  # the server saw it go (its heartbeat)
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(table)["event"] == "seq"  # no nudge: the phone is still here
    phone.close()
    assert next_event(table) == {"event": "nudge", "data": "presence"}
    assert presence_streams(game_id, 0) == 0


def test_a_seat_s_pushed_panel_hears_its_alerts_never_who_is_here(app, sse):
    """A seat's phone shows its alerts, not who is here: its stream (carrying its panel) says
    no presence nudge, which would wake its radio at every phone of the table coming or going
    (each stream reconnects every few minutes); the table screen's stream says them all."""
    game_id, _ = host_game(app)
    table = sse(f"/games/{game_id}/stream")
    assert table.next_seq() == 1
    ada = session_cookie(app, {"games": {game_id: {"seat": 0}}, "_csrf": "t" * 43})
    phone = sse(f"/games/{game_id}/stream?push=seat-panel", {"Cookie": ada})
    assert next_event(phone)["event"] == "fragment"
    assert next_event(table) == {"event": "nudge", "data": "presence"}  # Ada's phone came
    ben = sse(f"/games/{game_id}/stream", {"Cookie": viewer_cookie(app, game_id, seat=1)})
    assert ben.next_seq() == 1
    _until(lambda: presence_streams(game_id, 1) == 1)
    with app.app_context():
        nudge(game_id, "alerts")
    assert next_event(phone) == {"event": "nudge", "data": "alerts"}  # not Ben's presence
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HAND)
    assert next_event(phone)["event"] == "fragment"
    # Ben's phone came within the gap after Ada's: the table hears of it at the gap's end
    heard = [next_event(table) for _ in range(3)]
    assert {"event": "nudge", "data": "presence"} in heard, heard
    record(app, game_id, "1", type="starting_hand_chosen", player=1, professions=OTHER_HAND)
    assert next_event(phone)["event"] == "fragment"  # the presence nudge was never said here


def presence_streams(game_id: str, seat: int) -> int:
    from companion import presence

    with presence._lock:
        return presence._streams.get((game_id, seat), 0)


def _until(condition) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.02)


def test_the_dots_ask_by_time_only_while_a_seat_s_words_count_time(app, client):
    """Everyone's phone streaming: the dots change only when a phone comes or goes, which
    nudges them, so they look by themselves once a minute; a phone away ("seen 5 s ago")
    or polling instead of streaming: every 3 s, as the words move with time."""
    from companion import presence

    game_id, _ = host_game(app)
    seats = range(3)
    for seat in seats:
        presence.stream_opened(game_id, seat)
    try:
        with client.session_transaction() as session:
            session["games"] = {game_id: {"host": True}}
        dots = client.get(f"/games/{game_id}/table/presence").text
        assert 'data-hx-trigger="palazzo:nudge, every 60s" data-nudged="presence"' in dots
        presence.stream_closed(game_id, 1)  # Ben's phone went
        dots = client.get(f"/games/{game_id}/table/presence").text
        assert 'data-hx-trigger="palazzo:nudge, every 3s" data-nudged="presence"' in dots
        assert (
            'data-hx-trigger="palazzo:nudge, every 3s"' in client.get(f"/games/{game_id}/host").text
        )
    finally:
        presence.forget(game_id)
