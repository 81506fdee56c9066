"""Live updates: tell every open screen that a game's log grew, and nothing else.

A stream carries only the new `seq`, never a seat's content, so one URL can serve the host's
table and every phone without leaking anyone's hand; each screen then re-fetches its own
fragment with its own credentials. A screen showing only a fragment every reader of the game
shares may ask its stream to carry that fragment itself (`?push=`, companion/web/shared.py):
rendered once per seq and language, written to each such stream, no fetch; a seat's phone
may ask its stream for its own panel, drawn for that stream alone (its session is the seat's,
asked again at each push). Still, only a
browser holding a session of that game (a seat, the host or a spectator link) may open one,
and one client address only a few at once.

What a page shows besides the log has no seq: a phone's alerts and the links to an open check
(topic "alerts": a check opened or closed, a card claimed twice), the table screen's who is
here ("presence": a seat's phone came or went). A change nudges the game (`nudge`), and each of
its streams says `event: nudge` with the topic, nothing more; the elements showing that topic
ask again with their own credentials (`data-nudged`, static/palazzo.js), and otherwise only
once a minute (NUDGED_EVERY), where every phone used to ask every few seconds.

One watcher per app wakes the streams of a game when its seq grows. Events recorded in this
process are announced at once; on PostgreSQL every append anywhere is heard through
LISTEN/NOTIFY; polling `store.last_seqs` (one query for all watched games per tick) covers
SQLite shared by several processes and any time the LISTEN connection is down. Under
`palazzo serve` (gevent) the threads here are greenlets, so an open stream costs a socket and
a small coroutine, not a thread.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    request,
    stream_with_context,
)
from markupsafe import Markup, escape

from companion import presence
from companion.core.lang import _

from .access import require_viewer
from .shared import pushed, renew_request
from .store import app_extension, get_store
from .turns import Turns, push_turns
from .urls import kept_url_for

log = logging.getLogger(__name__)

bp = Blueprint("live", __name__)

EXTENSION_KEY = "palazzo.live"
PRESENCE_KEY = "palazzo.presence"
SEQ_EVENT = "palazzo:seq"  # the DOM event static/palazzo.js fires on a subscribed element
RETRY_MS = 1000  # browsers reconnect this soon after a Wi-Fi drop or a stream's end
# A nudged element (what a page shows besides the log) asks again at each nudge and, in case
# one never came (SQLite shared by several processes: nudges do not cross them), this often.
NUDGED_EVERY = 60
# Seconds between two nudges of one game about one topic: a burst (a player tapping "ask for
# a check" again and again, a phone's stream flapping) makes one nudge now and one after the
# gap, so no client makes every screen of its table ask more than once a second.
NUDGE_GAP = 1.0
_DIGITS = re.compile(r"\d{1,18}", re.ASCII)
_SSE_LINES = re.compile(r"\r\n|\r|\n")

LastSeqs = Callable[[Iterable[str]], dict[str, int]]
TOPICS = ("alerts", "presence")  # what a nudge may say changed (see the module's doc)
# What a seat's own pushed panel shows of them: its alerts, never who is here (the table's and
# the host's). Its stream says no other nudge: each would wake the phone's radio for nothing,
# at every phone of the table coming or going (a stream's reconnect every few minutes).
SEAT_TOPICS = ("alerts",)

# listen(on_append, stop, on_connection, on_nudge): blocks, calling on_append(game_id, seq) for
# every append any process commits and on_nudge(game_id, topic) for every nudge another process
# gives (EventStore.notes.listen on PostgreSQL).
Listen = Callable[
    [
        Callable[[str, int], None],
        threading.Event,
        Callable[[bool], None],
        Callable[[str, str], None],
    ],
    None,
]


def _check_topic(topic: str) -> None:
    if topic not in TOPICS:
        raise ValueError(f"no such topic of nudges: {topic!r}")


class _Watched:
    """One game someone watches: how many streams, the latest seq known, how many nudges it
    had (`SeqWatcher.nudge`) in all and by topic, their wake-up."""

    __slots__ = ("refs", "seq", "nudges", "topics", "quiet", "later", "cond")

    def __init__(self, lock: threading.Lock):
        self.refs = 0
        self.seq = -1
        self.nudges = 0
        self.topics: dict[str, int] = {}
        self.quiet: dict[str, float] = {}  # topic -> when its next nudge may be given
        self.later: set[str] = set()  # topics with a nudge waiting for that moment
        self.cond = threading.Condition(lock)


class SeqWatcher:
    """Knows the latest seq of every watched game and wakes that game's streams (only those)
    when it grows; also counts each client's open streams."""

    def __init__(
        self,
        last_seqs: LastSeqs,
        interval: float = 0.15,
        listen: Listen | None = None,
        tell: Callable[[str, str], None] | None = None,
        nudge_gap: float = NUDGE_GAP,
    ):
        """`tell(game_id, topic)`: a nudge given here, for the other processes on the same
        database (their `listen` hears it and calls `nudge(game_id, topic, heard=True)`)."""
        self._last_seqs = last_seqs
        self._interval = interval
        self._listen = listen
        self._tell = tell
        self._gap = nudge_gap
        self._lock = threading.Lock()
        self._games: dict[str, _Watched] = {}
        self._poll_due = threading.Condition(self._lock)  # the poller idles on it
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._listening = False
        self._failing = False
        self._read_at = float("-inf")  # when the last poll that answered began
        self._clients: Counter[str] = Counter()

    @property
    def stopped(self) -> bool:
        return self._stopping.is_set()

    @property
    def listening(self) -> bool:
        """True while a LISTEN connection hears every append (the poller rests meanwhile)."""
        return self._listening

    def watched(self) -> dict[str, int]:
        """Game id -> number of open streams (for tests and diagnostics)."""
        with self._lock:
            return {game_id: w.refs for game_id, w in self._games.items()}

    @contextmanager
    def watching(self, game_id: str) -> Iterator[None]:
        with self._lock:
            watched = self._games.get(game_id)
            if watched is None:
                watched = self._games[game_id] = _Watched(self._lock)
            watched.refs += 1
            self._ensure_threads()
            self._poll_due.notify_all()  # an idle poller waits for its first game
        try:
            yield
        finally:
            with self._lock:
                watched.refs -= 1
                if watched.refs <= 0 and self._games.get(game_id) is watched:
                    del self._games[game_id]

    # -- per-client stream slots ---------------------------------------------------------------

    def take_slot(self, client: str, cap: int) -> bool:
        """Count one more open stream for `client`, unless it already has `cap`."""
        with self._lock:
            if self._clients[client] >= cap:
                return False
            self._clients[client] += 1
            return True

    def give_slot(self, client: str) -> None:
        with self._lock:
            self._clients[client] -= 1
            if self._clients[client] <= 0:
                del self._clients[client]

    def open_streams(self) -> dict[str, int]:
        """Client -> open streams (for tests and diagnostics)."""
        with self._lock:
            return dict(self._clients)

    # -- news of seqs --------------------------------------------------------------------------

    def announce(self, game_id: str, seq: int) -> None:
        """A seq this process just appended: wake its streams now, not at the next poll or
        notification."""
        self._publish(game_id, seq)

    def refresh(self, game_id: str) -> int:
        """Where the game stands, for a new stream (it must not wait a tick to learn it): the
        watcher's seq when it is sure of it (`current`: the game's other streams keep it fresh;
        a query per stream opened was 1.6% of a club night's CPU), else the store's, read now."""
        seq = self.current(game_id)
        if seq is not None:
            return seq
        seq = self._last_seqs([game_id]).get(game_id, 0)
        self._publish(game_id, seq)
        return seq

    def current(self, game_id: str) -> int | None:
        """The game's latest seq if this watcher is sure of it: the game is watched and its
        news are fresh (the LISTEN connection is up, or the last poll began at most two
        intervals ago); None otherwise. A request of a watched game then reads the store only
        when the game moved past the cached fold: a stream hears a seq only from here, so a
        screen refreshing on it never gets an older fold."""
        with self._lock:
            watched = self._games.get(game_id)
            if watched is None or watched.seq < 0:
                return None
            fresh = time.monotonic() - self._read_at <= 2 * self._interval
            return watched.seq if self._listening or fresh else None

    def wait_past(self, game_id: str, seq: int, timeout: float) -> int:
        """Block until the game's seq exceeds `seq`, the timeout passes, or stop(); returns
        the latest seq known. Only for a game inside `watching()`."""
        return self.wait_news(game_id, seq, None, timeout)[0]

    def wait_news(
        self, game_id: str, seq: int, nudges: int | None, timeout: float
    ) -> tuple[int, int]:
        """`wait_past`, woken also by a nudge past `nudges` (None: seqs only); returns the
        latest seq and the game's count of nudges."""
        deadline = time.monotonic() + timeout
        with self._lock:
            watched = self._games.get(game_id)
            if watched is None:
                raise LookupError(f"wait_past outside watching({game_id!r})")
            while True:
                latest = max(watched.seq, seq)
                remaining = deadline - time.monotonic()
                nudged = nudges is not None and watched.nudges > nudges
                if latest > seq or nudged or remaining <= 0 or self.stopped:
                    return latest, watched.nudges
                watched.cond.wait(remaining)

    # -- nudges: what a page asks for besides the log ----------------------------------------

    def nudges(self, game_id: str) -> tuple[int, dict[str, int]]:
        """How many nudges the game had while watched here, in all and by topic (none for a
        game nobody watches)."""
        with self._lock:
            watched = self._games.get(game_id)
            return (0, {}) if watched is None else (watched.nudges, dict(watched.topics))

    def nudge(self, game_id: str, topic: str, *, heard: bool = False) -> None:
        """Something the screens of the game show outside its log changed (`topic`, one of
        TOPICS): each of its streams says `event: nudge` with the topic, and the elements a
        page shows it in (`data-nudged`, static/palazzo.js) ask now, instead of every few
        seconds all night. Told to the other processes too, unless `heard` from one. Within
        NUDGE_GAP of the last nudge about the topic, it is given at the gap's end (once for
        all that came meanwhile)."""
        _check_topic(topic)
        with self._lock:
            watched = self._games.get(game_id)
            if watched is not None:
                self._nudge(game_id, watched, topic)
        if not heard and self._tell is not None:
            try:
                self._tell(game_id, topic)
            except Exception:  # the others see it at their next look (NUDGED_EVERY)
                log.warning("live: telling the other processes of a nudge failed", exc_info=True)

    def _nudge(self, game_id: str, watched: _Watched, topic: str, due: bool = False) -> None:
        """With the lock held: the nudge now, or at the end of the topic's gap (`due`: now)."""
        now = time.monotonic()
        wait = watched.quiet.get(topic, now) - now
        if due or wait <= 0:
            watched.nudges += 1
            watched.topics[topic] = watched.topics.get(topic, 0) + 1
            watched.quiet[topic] = now + self._gap
            watched.cond.notify_all()
        elif topic not in watched.later:
            watched.later.add(topic)
            timer = threading.Timer(wait, self._nudge_later, (game_id, watched, topic))
            timer.daemon = True
            timer.start()

    def _nudge_later(self, game_id: str, watched: _Watched, topic: str) -> None:
        with self._lock:
            watched.later.discard(topic)
            if self._games.get(game_id) is watched and not self.stopped:
                self._nudge(game_id, watched, topic, due=True)

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            self._poll_due.notify_all()
            for watched in self._games.values():
                watched.cond.notify_all()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout=2)

    # -- background: the poller and the listener -------------------------------------------------

    def _ensure_threads(self) -> None:
        """Called with the lock held, on the first stream."""
        if self._threads or self.stopped:
            return
        targets = [("palazzo-seq-poller", self._poll)]
        if self._listen is not None:
            targets.append(("palazzo-seq-listener", self._run_listener))
        for name, target in targets:
            thread = threading.Thread(target=target, name=name, daemon=True)
            self._threads.append(thread)
            thread.start()

    def _publish(self, game_id: str, seq: int) -> None:
        with self._lock:
            watched = self._games.get(game_id)
            if watched is not None and seq > watched.seq:
                watched.seq = seq
                watched.cond.notify_all()

    def _read_all(self) -> None:
        with self._lock:
            games = list(self._games)
        if not games:
            return
        started = time.monotonic()
        try:
            seqs = self._last_seqs(games)
        except Exception:  # a locked SQLite file, a PostgreSQL restart: try next tick
            if not self._failing:
                log.warning("live: reading last seqs failed; retrying", exc_info=True)
            self._failing = True
            return
        self._failing = False
        for game_id, seq in seqs.items():
            self._publish(game_id, seq)
        with self._lock:
            self._read_at = started

    def _poll(self) -> None:
        while not self.stopped:
            with self._lock:
                while (not self._games or self._listening) and not self.stopped:
                    self._poll_due.wait()
            self._read_all()
            self._stopping.wait(self._interval)

    def _run_listener(self) -> None:
        assert self._listen is not None
        try:
            self._listen(self._publish, self._stopping, self._on_connection, self._heard)
        except Exception:  # never silently: the poller takes over
            log.exception("live: the LISTEN loop ended; polling instead")
            self._on_connection(False)

    def _heard(self, game_id: str, topic: str) -> None:
        if topic in TOPICS:  # one a newer version of Palazzo says is not for these pages
            self.nudge(game_id, topic, heard=True)

    def _on_connection(self, up: bool) -> None:
        if up:
            self._read_all()  # appends made while nobody listened
            with self._lock:
                games = list(self._games)
            for game_id in games:  # and nudges: every page asks once
                for topic in TOPICS:
                    self.nudge(game_id, topic, heard=True)
        with self._lock:
            self._listening = up
            self._poll_due.notify_all()


def get_watcher(app: Flask | None = None) -> SeqWatcher:
    def make(app: Flask) -> SeqWatcher:
        store = get_store(app)
        notes = getattr(store, "notes", None)  # PostgreSQL's word between processes
        listen = notes.listen if notes is not None else None
        tell = notes.nudge if notes is not None else None
        return SeqWatcher(store.last_seqs, app.config["LIVE_POLL_INTERVAL"], listen, tell)

    return app_extension(app, EXTENSION_KEY, make)


def nudge(game_id: str, topic: str) -> None:
    """Something the game's pages show besides the log changed (`topic`: "alerts", a check
    opened or closed, a card claimed twice; "presence", a seat's phone came or went): every
    open stream of the game, in every process on PostgreSQL, says so, and the elements
    showing it ask again (`SeqWatcher.nudge`). Call it after the change is stored."""
    get_watcher().nudge(game_id, topic)


def get_presence(app: Flask | None = None) -> presence.Presence:
    """Who is here, as every process on the app's database sees it: kept in PostgreSQL when
    the store is (several workers), in this process's memory otherwise (companion/presence.py).
    """

    def make(app: Flask) -> presence.Presence:
        store = get_store(app)
        if getattr(store, "notifies", False):
            return presence.SharedPresence(store.engine, refresh=app.config["LIVE_HEARTBEAT"])
        return presence.LOCAL

    return app_extension(app, PRESENCE_KEY, make)


def nudge_message(topic: str) -> str:
    """No id: a browser's Last-Event-ID stays the seq it shows. No data but the topic: what
    changed is for each page to ask with its own credentials."""
    return f"event: nudge\ndata: {topic}\n\n"


def _seq_message(seq: int) -> str:
    return f"id: {seq}\nevent: seq\ndata: {seq}\n\n"


def _fragment_message(seq: int, html: str) -> str:
    """One `data:` line per line of the HTML (split where SSE splits lines, so the browser's
    EventSource joins them back into the same text). HTML without a CR (what the templates
    draw) is split by one `replace`, the same text as the regex's split gives."""
    if "\r" in html:
        data = "".join(f"data: {line}\n" for line in _SSE_LINES.split(html))
    else:
        data = "data: " + html.replace("\n", "\ndata: ") + "\n"
    return f"id: {seq}\nevent: fragment\n{data}\n"


# A shared fragment (the board) is the same text for every stream that carries it at a seq (one
# render per seq and language, companion/web/shared.py): its message is built once for them
# all. Keyed on the text itself (its hash is computed once per string and kept by Python);
# bounded. Never a seat's panel: drawn for one stream, it would only push the boards out.
_shared_message = functools.lru_cache(maxsize=64)(_fragment_message)


def _drawn(
    game_id: str, push: Callable[[int], tuple[int, str] | None], seq: int, turns: Turns | None
) -> tuple[int, str] | None:
    """The pushed fragment at `seq`, drawn in its turn if `turns`; None if it cannot be."""
    try:
        if turns is None:
            return push(seq)
        with turns.turn((game_id, seq)):  # one move's pushes: one wave
            return push(seq)
    except Exception:  # never the stream's end: the screen fetches it instead
        log.exception("live: could not draw the pushed fragment of %s", game_id)
        return None


def _nudged(
    watcher: SeqWatcher, game_id: str, told: dict[str, int], shown: tuple[str, ...] = TOPICS
) -> tuple[int, dict[str, int], list[str]]:
    """The game's nudges now, in all and by topic, and a message per topic of `shown` (what
    the stream's page shows) nudged since `told` (the counts by topic a stream last said)."""
    nudges, topics = watcher.nudges(game_id)
    said = [nudge_message(t) for t in shown if topics.get(t, 0) > told.get(t, 0)]
    return nudges, topics, said


def seq_stream(
    watcher: SeqWatcher,
    game_id: str,
    known: int | None,
    heartbeat: float,
    max_age: float,
    on_beat: Callable[[], None] | None = None,
    push: Callable[[int], tuple[int, str] | None] | None = None,
    turns: Turns | None = None,
    shared: bool = False,
    shown: tuple[str, ...] = TOPICS,
) -> Iterator[str]:
    """The text/event-stream body; the server flushes each yield as its own chunk.

    A keep-alive comment every `heartbeat` seconds finds a phone that vanished without closing
    its connection (the write fails and the stream ends), and the stream ends anyway after
    `max_age`, so an abandoned or idle stream holds its socket for a bounded time; live
    browsers reconnect within RETRY_MS, sending Last-Event-ID, and miss nothing. `on_beat`
    runs at each heartbeat (a seat's phone with an open stream is still at the table).
    `push(seq)`: the shared fragment this stream carries instead of the bare seq, as (the seq
    it shows, its HTML), or None; its `event: fragment` has that seq as its id. With `turns`,
    each push is drawn in its turn (companion/web/turns.py: after the requests waiting, one at
    a time). `shared`: the pushed fragment is the same text for every stream of the game (the
    board), so its message is built once for them all. `shown`: the topics of nudges the
    stream's page shows, the only ones it says.
    """
    message_of = _shared_message if shared else _fragment_message

    def told(seq: int) -> tuple[str, int]:
        drawn = None if push is None else _drawn(game_id, push, seq, turns)
        if drawn is not None and drawn[0] >= seq:
            return message_of(*drawn), drawn[0]
        return _seq_message(seq), seq

    deadline = time.monotonic() + max_age
    with watcher.watching(game_id):
        yield f"retry: {RETRY_MS}\n\n"
        nudges, topics = watcher.nudges(game_id)  # the page was drawn since: it has them
        current = watcher.refresh(game_id)
        if known is None or current != known:
            message, known = told(current)
            yield message
        while not watcher.stopped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            latest, now = watcher.wait_news(game_id, known, nudges, min(heartbeat, remaining))
            quiet = latest <= known and now <= nudges
            if latest > known:
                message, known = told(latest)
                yield message
            if now > nudges:  # after the new seq's fragment, which may show it already
                nudges, topics, said = _nudged(watcher, game_id, topics, shown)
                yield from said
            if quiet:
                if on_beat is not None:
                    on_beat()
                yield ": keep-alive\n\n"


def _require_viewer(game_id: str):
    # Checked before the database sees it: PostgreSQL rejects NUL bytes with an error.
    if not game_id.isprintable():
        abort(404, description=_("There is no such game on this server."))
    return require_viewer(game_id)


def _parse_seq(value: str | None) -> int | None:
    if value and _DIGITS.fullmatch(value.strip()):
        return int(value)
    return None


@bp.get("/games/<game_id>/seq")
def seq(game_id: str):
    """Polling fallback for browsers without a working EventSource."""
    _require_viewer(game_id)
    return Response(
        str(get_store().last_seq(game_id)),
        mimetype="text/plain",
        headers={"Cache-Control": "no-store"},
    )


@bp.get("/games/<game_id>/stream")
def stream(game_id: str):
    """Server-sent events: `event: seq` with the new seq whenever the log grows.

    Needs a session of this game (403 otherwise) and a free slot among the client's
    LIVE_MAX_STREAMS_PER_CLIENT (429 otherwise: the page then polls /seq). The current seq is
    sent at once unless the browser already knows it (Last-Event-ID on reconnects, or
    ?since=<seq> on a first connect, since EventSource cannot set headers). `?push=<name>`:
    a shared fragment of the game the stream carries itself (`event: fragment`), drawn in
    this request's context, once per seq and language for every stream that asks; or the
    panel of the seat this session holds, drawn for this stream alone.
    """
    me = _require_viewer(game_id)
    known = _parse_seq(request.headers.get("Last-Event-ID"))
    if known is None:
        known = _parse_seq(request.args.get("since"))
    config = current_app.config
    watcher = get_watcher()
    client = request.remote_addr or "?"
    if not watcher.take_slot(client, config["LIVE_MAX_STREAMS_PER_CLIENT"]):
        abort(
            429,
            description=_(
                "This device has too many live screens open. Close a few tabs; this one "
                "still follows the game, a little more slowly."
            ),
        )
    on_beat, gone = _here_while_open(watcher, game_id, me.seat)
    fragment = pushed(request.args.get("push"))
    draw = None
    if fragment is not None:

        def draw(seq: int) -> tuple[int, str] | None:
            renew_request()  # asked again as a new request would (who, the record, the log)
            return fragment.render(game_id, seq)

    body = seq_stream(
        watcher,
        game_id,
        known,
        config["LIVE_HEARTBEAT"],
        config["LIVE_STREAM_MAX_AGE"],
        on_beat,
        draw,
        push_turns(),
        shared=fragment is not None and not fragment.seat,
        shown=SEAT_TOPICS if fragment is not None and fragment.seat else TOPICS,
    )
    if fragment is not None:  # drawn with this request's language and URLs
        body = stream_with_context(body)
    response = Response(
        body,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )

    def closed() -> None:
        watcher.give_slot(client)
        gone()

    response.call_on_close(closed)
    return response


def _here_while_open(
    watcher: SeqWatcher, game_id: str, seat: int | None
) -> tuple[Callable[[], None] | None, Callable[[], None]]:
    """A seat's open stream says its phone is here, until it closes: (what each heartbeat
    does, what the close does). The phone coming or going nudges the table screen's
    who-is-here (topic "presence")."""
    if seat is None:
        return None, lambda: None
    keeper = get_presence()
    if keeper.stream_opened(game_id, seat):
        watcher.nudge(game_id, "presence")

    def on_beat() -> None:
        keeper.seen(game_id, seat)

    def gone() -> None:
        if keeper.stream_closed(game_id, seat):
            watcher.nudge(game_id, "presence")

    return on_beat, gone


@bp.app_template_global()
def nudged_attrs(topic: str, every: int = NUDGED_EVERY) -> Markup:
    """Attributes that make an element (with its own data-hx-get) ask again when its game's stream
    is nudged about `topic` (static/palazzo.js), and every `every` seconds besides."""
    _check_topic(topic)
    return Markup(f'data-hx-trigger="palazzo:nudge, every {int(every)}s" data-nudged="{topic}"')


@bp.app_template_global()
def live_attrs(game_id: str, seq: int, refresh_url: str | None = None) -> Markup:
    """Attributes that subscribe an element to its game's seq stream (see static/palazzo.js).

    `seq` is the seq the element was rendered at; it is refreshed (data-hx-get, `refresh_url`
    if given) whenever the game moves past it. Use with data-hx-swap="outerHTML" and re-render
    the attributes in the fragment, so the new element carries its own seq.
    """
    # a panel and the board carry these at every draw: the links built once (kept_url_for),
    # the attributes written in one f-string (a dict and a join per draw cost more)
    at = int(seq)
    said = (
        f'data-stream-url="{escape(kept_url_for("live.stream", game_id=game_id))}" '
        f'data-seq-url="{escape(kept_url_for("live.seq", game_id=game_id))}" '
        # data-rendered-seq: never touched by script, palazzo.js asks again while past it
        f'data-seq="{at}" data-rendered-seq="{at}" data-hx-trigger="{escape(SEQ_EVENT)}"'
    )
    if refresh_url is not None:
        said += f' data-hx-get="{escape(refresh_url)}"'
    return Markup(said)
