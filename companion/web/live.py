"""Live updates: tell every open screen that a game's log grew, and nothing else.

A stream carries only the new `seq`, never game content, so one URL can serve the host's
table and every phone without leaking anyone's hand; each screen then re-fetches its own
fragment with its own credentials.

One watcher thread per app polls `store.last_seq` for the games someone is watching. That
costs one tiny query per watched game per tick whatever the number of phones, and, because
it reads the database rather than listening for in-process signals, it also sees events
written by another process or another server sharing a PostgreSQL database.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Blueprint, Flask, Response, abort, current_app, request, url_for
from markupsafe import Markup, escape

from .store import app_extension, get_store

log = logging.getLogger(__name__)

bp = Blueprint("live", __name__)

EXTENSION_KEY = "palazzo.live"
SEQ_EVENT = "palazzo:seq"  # the DOM event static/palazzo.js fires on a subscribed element
RETRY_MS = 1000  # browsers reconnect this soon after a Wi-Fi drop or a stream's end
MAX_GAME_ID_LEN = 64
_DIGITS = re.compile(r"\d{1,18}", re.ASCII)


class SeqWatcher:
    """Polls last_seq for watched games and wakes the streams waiting on them."""

    def __init__(self, last_seq: Callable[[str], int], interval: float = 0.15):
        self._last_seq = last_seq
        self._interval = interval
        self._cond = threading.Condition()
        self._seqs: dict[str, int] = {}
        self._refs: Counter[str] = Counter()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._failing = False

    @property
    def stopped(self) -> bool:
        return self._stopping.is_set()

    def watched(self) -> dict[str, int]:
        """Game id -> number of open streams (for tests and diagnostics)."""
        with self._cond:
            return dict(self._refs)

    @contextmanager
    def watching(self, game_id: str) -> Iterator[None]:
        with self._cond:
            self._refs[game_id] += 1
            self._ensure_thread()
            self._cond.notify_all()  # an idle poller waits for its first game
        try:
            yield
        finally:
            with self._cond:
                self._refs[game_id] -= 1
                if self._refs[game_id] <= 0:
                    del self._refs[game_id]
                    self._seqs.pop(game_id, None)

    def announce(self, game_id: str, seq: int) -> None:
        """A seq this process just appended: wake its streams now, not at the next poll (the
        poll still carries what other processes append)."""
        self._publish(game_id, seq)

    def refresh(self, game_id: str) -> int:
        """Read the store now (a new stream must not wait a tick to learn where it stands)."""
        seq = self._last_seq(game_id)
        self._publish(game_id, seq)
        return seq

    def wait_past(self, game_id: str, seq: int, timeout: float) -> int:
        """Block until the game's seq exceeds `seq`, the timeout passes, or stop(); returns
        the latest seq known."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                latest = self._seqs.get(game_id, seq)
                remaining = deadline - time.monotonic()
                if latest > seq or remaining <= 0 or self.stopped:
                    return latest
                self._cond.wait(remaining)

    def stop(self) -> None:
        self._stopping.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)

    # -- poller thread -----------------------------------------------------------------------

    def _ensure_thread(self) -> None:
        if self._thread is None and not self.stopped:
            self._thread = threading.Thread(
                target=self._run, name="palazzo-seq-watcher", daemon=True
            )
            self._thread.start()

    def _publish(self, game_id: str, seq: int) -> None:
        with self._cond:
            if game_id in self._refs and seq > self._seqs.get(game_id, -1):
                self._seqs[game_id] = seq
                self._cond.notify_all()

    def _run(self) -> None:
        while not self.stopped:
            with self._cond:
                while not self._refs and not self.stopped:
                    self._cond.wait()
                games = list(self._refs)
            for game_id in games:
                try:
                    seq = self._last_seq(game_id)
                except Exception:  # a locked SQLite file, a PostgreSQL restart: try next tick
                    if not self._failing:
                        log.warning("live: reading last_seq failed; retrying", exc_info=True)
                    self._failing = True
                    continue
                self._failing = False
                self._publish(game_id, seq)
            self._stopping.wait(self._interval)


def get_watcher(app: Flask | None = None) -> SeqWatcher:
    return app_extension(
        app,
        EXTENSION_KEY,
        lambda app: SeqWatcher(get_store(app).last_seq, app.config["LIVE_POLL_INTERVAL"]),
    )


def _seq_message(seq: int) -> str:
    return f"id: {seq}\nevent: seq\ndata: {seq}\n\n"


def seq_stream(
    watcher: SeqWatcher, game_id: str, known: int | None, heartbeat: float, max_age: float
) -> Iterator[str]:
    """The text/event-stream body. Each yield is flushed by waitress as its own chunk.

    Ends after `max_age` so a phone that vanished without closing its connection holds a
    server thread for minutes, not hours; live browsers reconnect within RETRY_MS, sending
    Last-Event-ID, and miss nothing.
    """
    deadline = time.monotonic() + max_age
    with watcher.watching(game_id):
        yield f"retry: {RETRY_MS}\n\n"
        current = watcher.refresh(game_id)
        if known is None or current != known:
            yield _seq_message(current)
            known = current
        while not watcher.stopped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            latest = watcher.wait_past(game_id, known, min(heartbeat, remaining))
            if latest > known:
                known = latest
                yield _seq_message(latest)
            else:
                yield ": keep-alive\n\n"


def _require_game(game_id: str) -> None:
    # Checked before the database sees it: PostgreSQL rejects NUL bytes with an error.
    if (
        len(game_id) > MAX_GAME_ID_LEN
        or not game_id.isprintable()
        or get_store().game(game_id) is None
    ):
        abort(404, description="There is no such game on this server.")


def _parse_seq(value: str | None) -> int | None:
    if value and _DIGITS.fullmatch(value.strip()):
        return int(value)
    return None


@bp.get("/games/<game_id>/seq")
def seq(game_id: str):
    """Polling fallback for browsers without a working EventSource."""
    _require_game(game_id)
    return Response(
        str(get_store().last_seq(game_id)),
        mimetype="text/plain",
        headers={"Cache-Control": "no-store"},
    )


@bp.get("/games/<game_id>/stream")
def stream(game_id: str):
    """Server-sent events: `event: seq` with the new seq whenever the log grows.

    The current seq is sent at once unless the browser already knows it (Last-Event-ID on
    reconnects, or ?since=<seq> on a first connect, since EventSource cannot set headers).
    """
    _require_game(game_id)
    known = _parse_seq(request.headers.get("Last-Event-ID"))
    if known is None:
        known = _parse_seq(request.args.get("since"))
    config = current_app.config
    body = seq_stream(
        get_watcher(), game_id, known, config["LIVE_HEARTBEAT"], config["LIVE_STREAM_MAX_AGE"]
    )
    return Response(
        body,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@bp.app_template_global()
def live_attrs(game_id: str, seq: int, refresh_url: str | None = None) -> Markup:
    """Attributes that subscribe an element to its game's seq stream (see static/palazzo.js).

    `seq` is the seq the element was rendered at; it is refreshed (hx-get, `refresh_url`
    if given) whenever the game moves past it. Use with hx-swap="outerHTML" and re-render
    the attributes in the fragment, so the new element carries its own seq.
    """
    attrs = {
        "data-stream-url": url_for("live.stream", game_id=game_id),
        "data-seq-url": url_for("live.seq", game_id=game_id),
        "data-seq": str(int(seq)),
        "hx-trigger": SEQ_EVENT,
    }
    if refresh_url is not None:
        attrs["hx-get"] = refresh_url
    return Markup(" ".join(f'{name}="{escape(value)}"' for name, value in attrs.items()))
