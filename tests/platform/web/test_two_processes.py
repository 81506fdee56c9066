"""Two processes of one club (gunicorn's workers) on one PostgreSQL database and one instance
folder: what one records, the other's taps are judged on, the same way for every game.

Each app here stands for one worker: its own Table (its own cached folds), its own live
watcher, the same database and instance folder (so the same session key: a browser's cookie
is good on both, as behind nginx)."""

from __future__ import annotations

import time

import pytest

from companion.app import create_app
from companion.web.live import get_watcher
from companion.web.store import get_store
from tests.support.firenze_table import ROW, ROW_BRICKS, host_game, turned_over
from tests.support.web_fixtures import csrf_token_for

pytestmark = pytest.mark.postgres
WAIT = 10.0
COUNTED = ("append", "events", "latest_snapshot", "last_seq", "find")


@pytest.fixture
def workers(tmp_path, pg_fresh_url, monkeypatch):
    monkeypatch.setenv("PALAZZO_DATABASE_URL", pg_fresh_url)
    config = {"INSTANCE_PATH": tmp_path / "instance", "TESTING": True}
    one, two = create_app(config), create_app(config)
    yield one, two
    for app in (one, two):
        get_watcher(app).stop()
        get_store(app).close()


def _same_browser(client, other):
    """`other` carries `client`'s session cookie: the same browser, served by another worker."""
    cookie = client.get_cookie("palazzo_session")
    other.set_cookie("palazzo_session", cookie.value)


def _heard(app, game_id: str, seq: int) -> None:
    watcher = get_watcher(app)
    deadline = time.monotonic() + WAIT
    while watcher.current(game_id) != seq and time.monotonic() < deadline:
        time.sleep(0.01)
    assert watcher.current(game_id) == seq


def _count_store_calls(app, monkeypatch) -> list[str]:
    store, calls = get_store(app), []
    for name in COUNTED:
        real = getattr(store, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)
    return calls


def test_a_firenze_tap_on_the_worker_that_did_not_make_the_last_move(workers, monkeypatch):
    """The host's device is served by either worker, move by move. A move made through one is
    heard by the other (its watcher, PostgreSQL's NOTIFY); the other's next tap is judged on
    the log's end at the first try, as a Princes tap is (`Table.catch_up`): one append, no
    failed insert, no snapshot read, no fold started again."""
    one, two = workers
    host_one, host_two = one.test_client(), two.test_client()
    game_id = host_game(host_one)
    token = csrf_token_for(host_one)
    _same_browser(host_one, host_two)
    act = f"/firenze/{game_id}/act"

    def reveal(client, i):
        (name, kind), colour = ROW[i], ROW_BRICKS[i]
        form = {"csrf_token": token, "view": "host", **turned_over(name, kind, colour)}
        response = client.post(act, data=form)
        assert response.status_code == 200, response.text

    reveal(host_two, 0)  # the second worker folds the game and keeps the fold
    with get_watcher(two).watching(game_id):
        reveal(host_one, 1)  # the other worker records the next move
        seq = get_store(one).last_seq(game_id)
        _heard(two, game_id, seq)
        calls = _count_store_calls(two, monkeypatch)
        reveal(host_two, 2)
    assert calls.count("append") == 1, calls
    assert "latest_snapshot" not in calls, calls
    monkeypatch.undo()
    assert get_store(one).last_seq(game_id) == seq + 1
    assert [e.type for e in get_store(one).events(game_id)][-3:] == ["card_revealed"] * 3
