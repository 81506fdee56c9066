"""One client can never stall a club: a seat lengthens its game to 1,500 events,
two clients loop that game's most expensive pages, and another game's page and tap stay
within 3x of what they cost without the loop.

A real `palazzo serve` (gevent, one cooperative thread) on loopback and SQLite, the ratios
measured in the same run, bounded in requests and time. Marked `stress`: CI runs it
(`make test` runs everything); a developer skips it with `-m "not stress"`.
"""

from __future__ import annotations

import http.client
import multiprocessing
import re
import statistics
import time
import uuid
from urllib.parse import urlencode, urlsplit

import pytest

from companion.web.join_links import join_path
from companion.web.recording import get_table
from companion.web.store import get_store
from tests.support.phone_game import choose_hands, host_game
from tests.support.servers import Served

pytestmark = pytest.mark.stress

LONG = 1500  # events in the lengthened game
SAMPLES = 96  # of the other game's page, and of its taps, alone and looped
ROUNDS = 8  # alone and looped in turns
MAX_SAMPLES = 400  # of a looped round: its phone measures until the loop has run beside
LOOPED = ("/history", "/log.jsonl", "/host", "/count/fame", "/history/more?before=700")
RATIO = 3.0
DATA_SEQ = re.compile(r'data-seq="(\d+)"')
CSRF = re.compile(r"&#34;X-CSRF-Token&#34;: &#34;([^&]+)&#34;|\"X-CSRF-Token\": \"([^\"]+)\"")


class Browser:
    """One keep-alive connection with its own cookie, like one phone."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.cookie = ""

    def get(self, path: str, **headers) -> tuple[int, bytes, dict]:
        return self._send("GET", path, None, headers)

    def post(self, path: str, fields: dict) -> tuple[int, bytes, dict]:
        body = urlencode(fields)
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
        return self._send("POST", path, body, headers)

    def _send(self, method, path, body, headers):
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return response.status, data, dict(response.getheaders())

    def join(self, path: str) -> str:
        status, _, head = self.get(path)
        assert status == 303, status
        return urlsplit(head["Location"]).path


def lengthen(app, game_id: str, events: int) -> None:
    with app.app_context():
        table = get_table(app)
        while table.seq(game_id) < events:
            opened = table.record(
                game_id, {"type": "auction_opened", "player": 0, "object": "lake"}, by="0"
            )
            table.record(game_id, {"type": "retracted", "seqs": [opened.event.seq]}, by="0")


class Loop:
    """Clients asking for the long game's most expensive pages, back to back, while `on`:
    each in a process of its own, so their reading never slows this process's phone."""

    def __init__(self, url: str, join: str, game_id: str, clients: int = 2):
        ctx = multiprocessing.get_context("fork")
        self.on, self.stop = ctx.Event(), ctx.Event()
        self._done, self._bad = ctx.Value("i", 0), ctx.Value("i", 0)
        self.processes = [
            ctx.Process(
                target=_loop,
                args=(url, join, game_id, self.on, self.stop, self._done, self._bad),
                daemon=True,
            )
            for _ in range(clients)
        ]
        for process in self.processes:
            process.start()

    @property
    def done(self) -> int:
        return self._done.value

    @property
    def bad(self) -> int:
        return self._bad.value

    def running(self, on: bool) -> None:
        """Start (or pause) the loop; once started, every looped page has been asked."""
        if not on:
            self.on.clear()
            time.sleep(0.3)  # the requests under way end
            return
        asked = self.done
        self.on.set()
        deadline = time.monotonic() + 60
        while self.done < asked + len(LOOPED) and time.monotonic() < deadline:
            time.sleep(0.02)

    def close(self) -> None:
        self.stop.set()
        self.on.set()
        for process in self.processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()


def _loop(url, join, game_id, on, stop, done, bad) -> None:
    me = Browser(url)
    me.join(join)
    while not stop.is_set():
        if not on.wait(0.1):
            continue
        for page in LOOPED:
            status, data, _ = me.get(f"/games/{game_id}{page}")
            counter = done if status == 200 and data else bad
            with counter.get_lock():
                counter.value += 1


class Phone:
    """Seat 0 of the other game: its panel, and its taps (an auction opened, then undone)."""

    def __init__(self, url: str, join: str, game_id: str, seq: int):
        self.browser, self.game_id, self.seq = Browser(url), game_id, seq
        page = self.browser.join(join)
        status, body, _ = self.browser.get(page)
        assert status == 200
        found = CSRF.search(body.decode())
        self.csrf = found.group(1) or found.group(2)

    def page(self) -> float:
        started = time.perf_counter()
        status, body, _ = self.browser.get(f"/games/{self.game_id}/me/panel", **{"HX-Request": "1"})
        took = time.perf_counter() - started
        assert status == 200 and DATA_SEQ.search(body.decode())
        return took

    def tap(self) -> float:
        if self.seq % 2:  # an auction is open: take it back
            event = {"type": "retracted", "seqs": str(self.seq)}
        else:
            event = {"type": "auction_opened", "player": "0", "object": "lake"}
        fields = {"csrf_token": self.csrf, "view": "phone", "event_id": uuid.uuid4().hex, **event}
        started = time.perf_counter()
        status, body, _ = self.browser.post(f"/games/{self.game_id}/events", fields)
        took = time.perf_counter() - started
        assert status == 200, body[:500]
        self.seq += 1
        return took

    def measure(self, samples: int, pages: list, taps: list, until=None) -> None:
        """`samples` pages and taps; with `until`, more until it holds (at most MAX_SAMPLES):
        a phone faster than the loop's pages keeps measuring while the loop goes on."""
        taken = 0
        while taken < samples or (until is not None and not until() and taken < MAX_SAMPLES):
            pages.append(self.page())
            taps.append(self.tap())
            taken += 1


def test_two_clients_looping_a_long_games_pages_leave_another_game_answered(app, instance_dir):
    long_game, long_tokens = host_game(app)
    choose_hands(app, long_game)
    lengthen(app, long_game, LONG)
    quiet, quiet_tokens = host_game(app)
    choose_hands(app, quiet)
    with app.test_request_context():
        quiet_seq = get_table(app).seq(quiet)
        phone_join = join_path(quiet, quiet_tokens.seats[0])
        host_join = f"/games/{long_game}/host/join/{long_tokens.host}"
        get_store(app).close()
    assert quiet_seq % 2 == 0  # the phone's taps start by opening an auction
    server = Served(instance_dir)
    loop = None
    alone: dict[str, list] = {"pages": [], "taps": []}
    looped: dict[str, list] = {"pages": [], "taps": []}
    try:
        phone = Phone(server.url, phone_join, quiet, quiet_seq)
        phone.measure(10, [], [])  # warm: the quiet game folded, its pages compiled
        loop = Loop(server.url, host_join, long_game)
        # alone and looped in turns, so a change in this machine's load hits both alike
        for _ in range(ROUNDS):
            loop.running(False)
            phone.measure(SAMPLES // ROUNDS, alone["pages"], alone["taps"])
            loop.running(True)
            before = loop.done

            def loop_ran_beside(before=before) -> bool:
                return loop.done - before >= SAMPLES // ROUNDS

            phone.measure(SAMPLES // ROUNDS, looped["pages"], looped["taps"], loop_ran_beside)
            assert loop_ran_beside()  # as many looped pages as the phone's samples, or more
    finally:
        if loop is not None:
            loop.close()
        server.stop()
    assert loop is not None and not loop.bad, loop.bad
    p50 = {k: (statistics.median(alone[k]), statistics.median(looped[k])) for k in alone}
    print(
        ", ".join(f"{k} p50 {a * 1e3:.1f} -> {b * 1e3:.1f} ms" for k, (a, b) in p50.items()),
        f"({loop.done} looped pages)",
    )
    for kind, (quiet_p50, looped_p50) in p50.items():
        assert looped_p50 <= RATIO * quiet_p50, (kind, quiet_p50, looped_p50)
