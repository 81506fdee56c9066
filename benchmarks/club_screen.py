"""A phone or the table screen as the club night (benchmarks/club_night.py) drives it: its page
loaded through its QR link, its live stream held, the fragments it fetches or is pushed, its
taps, its whole-page reloads and its page's polls, each timed into the night's `Stats`."""

from __future__ import annotations

import asyncio
import html
import json
import os
import random
import re
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlencode, urlsplit

from benchmarks.club_idle import PAGE_KINDS
from benchmarks.loadclient import Connection, HttpError, read_chunk, read_head

if TYPE_CHECKING:
    from benchmarks.club_night import Table

DATA_SEQ = re.compile(rb'data-seq="(\d+)"')
LIVE_PUSH = re.compile(rb'data-live-push="([^"]+)"')
EVENT_ID = re.compile(rb"^id: (\d+)$", re.M)
# an element its page asks again every N s (htmx's `every`) and at each nudge of its stream
# about its topic (`event: nudge`): a seat's alerts and its checks' links, the table screen's
# who-is-here
POLLED = re.compile(
    rb'data-hx-get="([^"]+)"[^>]*?data-hx-trigger="(?:palazzo:nudge, )?every (\d+(?:\.\d+)?)s"'
    rb'(?: data-nudged="(\w+)")?'
)
CSRF = re.compile(rb"&#34;X-CSRF-Token&#34;: &#34;([^&]+)&#34;|\"X-CSRF-Token\": \"([^\"]+)\"")


@dataclass
class Stats:
    tap: list = field(default_factory=list)
    last_screen: list = field(default_factory=list)
    last_stream: list = field(default_factory=list)
    page: list = field(default_factory=list)  # every fragment fetch under load
    pages: dict = field(default_factory=lambda: {kind: [] for kind in PAGE_KINDS})
    page_by_kind: dict = field(default_factory=lambda: {"panel": [], "board": []})
    non_2xx: int = 0
    statuses: Counter = field(default_factory=Counter)  # the non-2xx answers by code
    failed: int = 0
    dropped_streams: int = 0
    missed: int = 0
    moves: int = 0
    pushed: int = 0  # fragments a stream carried (shown with no fetch)
    polls: list = field(default_factory=list)  # every poll answered, idle and under load


class Screen:
    """A phone or the table screen: its page, its stream, its fragment refreshes, its taps."""

    def __init__(self, table: Table, url: str, source: str, join: str, refresh: str | None):
        parts = urlsplit(url)
        self.table, self.source = table, source
        self.host, self.port = parts.hostname, parts.port
        self.conn = Connection(self.host, self.port, source)  # pages and refreshes
        self.tap_conn = Connection(self.host, self.port, source)  # a browser's second one
        self.join, self.refresh_path = join, refresh
        self.kind = "panel" if refresh is None else "board"  # a seat's panel, the shared board
        self.cookie = self.csrf = ""
        self.page = ""  # the whole page this screen shows (reloaded now and then)
        self.host_page = ""  # the host's page (the table screen's session is the host's)
        self.page_conn = Connection(self.host, self.port, source)  # a reload's own
        self.poll_conn = Connection(self.host, self.port, source)  # its page's polls
        self.polls: dict[str, float] = {}  # what its page asks again, every so many seconds
        self.poll_task: asyncio.Task | None = None
        self.poll_due: dict[str, float] = {}  # when it next asks for each
        self.nudged: dict[str, str] = {}  # ... and which it asks for when nudged, by topic
        self.poll_wake = asyncio.Event()  # a nudge: the polls look at `poll_due` again
        self.reopen = False  # its stream is being closed by a reload: reconnect at once
        self.stream_writer = None
        self.push = ""  # the fragment its stream carries (the page's data-live-push)
        self.rendered = 0
        # (seq, when) each time this screen showed a fragment / heard a seq on its stream
        self.history: dict[str, list[tuple[int, float]]] = {"shown": [], "heard": []}
        self.wanted = 0
        self.refreshing = False
        self.tapping = False  # a tap of its own on its way: palazzo.js fetches nothing meanwhile
        self.stream_task = None
        self.stream_open = asyncio.Event()
        self.closing = False

    async def open_page(self):
        status, head, _ = await self.conn.request("GET", self.join, {})
        assert status == 303, (status, self.join)
        self.cookie = head["set-cookie"].split(";")[0]
        page = urlsplit(head["location"]).path
        if self.refresh_path and self.refresh_path.endswith("/table/board"):
            if self.join == self.table.joins["host"]:
                self.host_page = page
            page = self.refresh_path.removesuffix("/board")  # the table screen (a TV)
        self.page = page
        status, head, body = await self.conn.request("GET", page, {"Cookie": self.cookie})
        assert status == 200, (status, page)
        if "set-cookie" in head:  # the page put its CSRF token in the session
            self.cookie = head["set-cookie"].split(";")[0]
        found = CSRF.search(body)
        self.csrf = (found.group(1) or found.group(2)).decode()
        self.rendered = max(int(s) for s in DATA_SEQ.findall(body))
        polled = POLLED.findall(body)
        self.polls = {html.unescape(u.decode()): float(n) for u, n, _ in polled}
        self.nudged = {html.unescape(u.decode()): t.decode() for u, _, t in polled if t}
        push = LIVE_PUSH.search(body)
        self.push = push.group(1).decode() if push else ""
        if self.refresh_path is None:  # a seat's phone refreshes its panel
            self.refresh_path = page + "/panel"

    async def stream(self, stats: Stats):
        """Hold the live stream; on `event: seq` refresh like palazzo.js does."""
        while not self.closing:
            path = f"/games/{self.table.game_id}/stream?since={self.rendered}"
            if self.push:
                path += f"&push={self.push}"
            try:
                reader, writer = await asyncio.open_connection(
                    self.host, self.port, local_addr=(self.source, 0)
                )
                writer.write(
                    f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                    f"Accept: text/event-stream\r\nCookie: {self.cookie}\r\n\r\n".encode()
                )
                self.stream_writer = writer
                status, _ = await read_head(reader)
                if status != 200:
                    stats.non_2xx += 1
                    stats.statuses[status] += 1
                    raise HttpError(f"stream answered {status}")
                self.stream_open.set()
                buffer = b""
                while chunk := await read_chunk(reader):
                    buffer += chunk
                    while b"\n\n" in buffer:
                        block, buffer = buffer.split(b"\n\n", 1)
                        if b"event: seq" in block:
                            seq = int(block.rsplit(b"data: ", 1)[1])
                            self.heard(seq, stats)
                        elif b"event: nudge" in block:  # its elements of that topic ask now
                            topic = block.rsplit(b"data: ", 1)[1].decode()
                            now = time.perf_counter()
                            for path, about in self.nudged.items():
                                if about == topic:
                                    self.poll_due[path] = now
                            self.poll_wake.set()
                        elif b"event: fragment" in block:  # shown as it arrives, no fetch
                            seq = int(EVENT_ID.search(block).group(1))
                            stats.pushed += 1
                            self.shown(seq, time.perf_counter(), stats)
                            self.heard(seq, stats)
                writer.close()
            except (OSError, HttpError, asyncio.IncompleteReadError, ValueError):
                if self.closing:
                    return
                if self.reopen:  # a reload closed it: the reloaded page opens its own
                    self.reopen = False
                    continue
                stats.dropped_streams += 1
                await asyncio.sleep(1.0)  # the browser's retry

    async def load(self, kind: str, stats: Stats | None, reopen: bool = True) -> float:
        """One whole page as a browser loads it, timed from the request to its last byte:
        `seat`/`table` this screen's own page reloaded (its stream then reopens from the seq the
        page shows, as palazzo.js does), `newcomer` the table screen opened through this
        table's spectator QR link by a new browser (the join and the page), `host` the host's
        page. With `stats`, the page's seq counts as shown and heard by this screen.
        `reopen=False` (the idle baseline, many loads in a row): the stream stays, as the
        server would keep each closed one until its next write (up to a heartbeat), and one
        address may hold only so many."""
        started = time.perf_counter()
        if kind == "newcomer":
            conn = Connection(self.host, self.port, self.source)
            try:
                status, head, _ = await conn.request("GET", self.table.joins["spectator"], {})
                assert status == 303, status
                cookie = head["set-cookie"].split(";")[0]
                path = urlsplit(head["location"]).path
                status, _, body = await conn.request("GET", path, {"Cookie": cookie})
            finally:
                conn.close()
        else:
            path = self.host_page if kind == "host" else self.page
            status, _, body = await self.page_conn.request("GET", path, {"Cookie": self.cookie})
        took = time.perf_counter() - started
        if status != 200:
            raise HttpError(f"{kind} page answered {status}")
        if kind in ("seat", "table"):
            seq = max(int(s) for s in DATA_SEQ.findall(body))
            if stats is not None:
                self.shown(seq, time.perf_counter(), stats)
                self.heard(seq, stats)
            else:
                self.rendered = max(self.rendered, seq)
            if reopen and self.stream_writer is not None:  # the old page's stream goes
                self.reopen = True
                self.stream_writer.close()
        return took

    async def poll(self, stats: Stats, rng: random.Random):
        """What its page asks again every so many seconds (a seat's alerts and its checks'
        links every minute, the table screen's who-is-here every minute while every phone of
        its table streams, else every 3 s; each at once when its stream is nudged about it),
        as htmx does: each period from the element's arrival (`shown`), as the element last
        drawn says it, on a connection of their own."""
        due = self.poll_due
        due.update({p: time.perf_counter() + rng.uniform(0, n) for p, n in self.polls.items()})
        while not self.closing and due:
            self.poll_wake.clear()  # before looking: a nudge from now on wakes the wait
            path = min(due, key=due.__getitem__)
            wait = due[path] - time.perf_counter()
            if wait > 0:
                try:  # until it is due, or a nudge makes something due sooner
                    await asyncio.wait_for(self.poll_wake.wait(), wait)
                except TimeoutError:
                    pass
                continue  # a new panel may have put it off meanwhile
            started = time.perf_counter()
            try:
                headers = {"Cookie": self.cookie, "HX-Request": "true"}
                status, _, body = await self.poll_conn.request("GET", path, headers)
            except (OSError, HttpError, asyncio.IncompleteReadError):
                if self.closing:
                    return
                stats.failed += 1
                self.poll_conn.close()
            else:
                if status >= 400:
                    stats.non_2xx += 1
                    stats.statuses[status] += 1
                else:  # 204: nothing new for the alerts
                    stats.polls.append(time.perf_counter() - started)
                    for drawn, every, _ in POLLED.findall(body):  # its new trigger
                        if html.unescape(drawn.decode()) == path:
                            self.polls[path] = float(every)
            due[path] = time.perf_counter() + self.polls[path]

    def heard(self, seq: int, stats: Stats):
        at = time.perf_counter()
        self.history["heard"].append((seq, at))
        self.table.reached(self, "heard", seq, at, stats)
        if seq > max(self.rendered, self.wanted):
            self.wanted = seq
            if not self.refreshing and not self.tapping:
                self.refreshing = True
                asyncio.get_running_loop().create_task(self.refresh(stats))

    async def refresh(self, stats: Stats):
        try:
            while self.wanted > self.rendered:
                started = time.perf_counter()
                try:
                    status, _, body = await self.conn.request(
                        "GET", self.refresh_path, {"Cookie": self.cookie, "HX-Request": "true"}
                    )
                except (OSError, HttpError, asyncio.IncompleteReadError):
                    stats.failed += 1
                    self.conn.close()
                    await asyncio.sleep(0.5)
                    continue
                done = time.perf_counter()
                if status != 200:
                    stats.non_2xx += 1
                    stats.statuses[status] += 1
                    await asyncio.sleep(0.5)
                    continue
                stats.page.append(done - started)
                stats.page_by_kind[self.kind].append(done - started)
                self.shown(max(int(s) for s in DATA_SEQ.findall(body)), done, stats)
        finally:
            self.refreshing = False

    def shown(self, seq: int, at: float, stats: Stats):
        if self.kind == "panel":  # a new panel, its polled elements new: htmx starts again
            self.poll_due.update({path: at + every for path, every in self.polls.items()})
        self.rendered = max(self.rendered, seq)
        self.history["shown"].append((seq, at))
        self.table.reached(self, "shown", seq, at, stats)

    def first_at(self, what: str, seq: int) -> float | None:
        """When this screen first showed (heard) `seq` or later (None: not yet)."""
        return next((at for done, at in self.history[what] if done >= seq), None)

    async def tap(self, event: dict, stats: Stats) -> bool:
        """A move through this phone's button; its stream's news of a later seq heard while
        the tap was on its way are fetched after its answer, as palazzo.js does."""
        self.tapping = True
        try:
            return await self._tap(event, stats)
        finally:
            self.tapping = False
            if self.wanted > self.rendered and not self.refreshing:
                self.refreshing = True
                asyncio.get_running_loop().create_task(self.refresh(stats))

    async def _tap(self, event: dict, stats: Stats) -> bool:
        fields = [("csrf_token", self.csrf), ("view", "phone"), ("event_id", uuid.uuid4().hex)]
        for key, value in event.items():
            if isinstance(value, list):
                fields += [(key, str(v)) for v in value]
            elif isinstance(value, dict):
                fields.append((key, json.dumps(value)))
            else:
                fields.append((key, str(value)))
        body = urlencode(fields).encode()
        headers = {
            "Cookie": self.cookie,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        started = time.perf_counter()
        try:
            status, _, answer = await self.tap_conn.request(
                "POST", f"/games/{self.table.game_id}/events", headers, body
            )
        except (OSError, HttpError, asyncio.IncompleteReadError):
            stats.failed += 1
            self.tap_conn.close()
            return False
        done = time.perf_counter()
        if status != 200:
            stats.non_2xx += 1
            stats.statuses[status] += 1
            if os.environ.get("CLUB_DEBUG"):
                print("tap refused", status, event, answer[:3000].decode(errors="replace"))
            return False
        stats.tap.append(done - started)
        seq = max(int(s) for s in DATA_SEQ.findall(answer))
        self.shown(seq, done, stats)
        self.table.posted(seq, started, stats)
        return True
