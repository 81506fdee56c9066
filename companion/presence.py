"""Who is at the table right now: whose phone holds a live stream of the game this moment,
and when each seat's phone last asked the server for anything.

A seat is "here" while its phone holds a live stream (the stream registry below, kept by the
stream route itself: opened when the phone connects, closed when the server sees the socket
go), or, for a phone that polls instead of streaming, while it asked within the last few
seconds. Otherwise it is "away", with when it was last seen.

Kept in memory, per process: it answers "is Jen's phone still with us?" during a game night,
and a restart forgetting it costs nothing (phones reconnect their streams within a second).
With several processes a table screen sees the streams of its own process only.
"""

from __future__ import annotations

import threading
import time

from companion.core.lang import _

_lock = threading.Lock()
_seen: dict[tuple[str, int], float] = {}
_streams: dict[tuple[str, int], int] = {}  # open live streams per seat
MAX_ENTRIES = 10_000  # a server left running for months must not grow without bound
POLLING_GRACE = 6.0  # a phone without a stream polls every 2 s: here if it asked this recently


def stream_opened(game_id: str, seat: int) -> None:
    """A seat's phone opened its live stream: it is here until the stream closes."""
    seen(game_id, seat)
    with _lock:
        _streams[game_id, seat] = _streams.get((game_id, seat), 0) + 1


def stream_closed(game_id: str, seat: int) -> None:
    """The server saw a seat's stream end (the phone closed it, or its socket died)."""
    seen(game_id, seat)
    with _lock:
        left = _streams.get((game_id, seat), 0) - 1
        if left > 0:
            _streams[game_id, seat] = left
        else:
            _streams.pop((game_id, seat), None)


def streaming(game_id: str, seat: int) -> bool:
    with _lock:
        return _streams.get((game_id, seat), 0) > 0


def here(game_id: str, seat: int, now: float | None = None) -> bool:
    """Whether the seat's phone is with the table now: a live stream open, or a poll just now."""
    if streaming(game_id, seat):
        return True
    ago = seconds_ago(game_id, seat, now)
    return ago is not None and ago < POLLING_GRACE


def seen(game_id: str, seat: int, now: float | None = None) -> None:
    """Record that `seat`'s phone just made a request for `game_id`."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return
    with _lock:
        if len(_seen) >= MAX_ENTRIES and (game_id, seat) not in _seen:
            oldest = min(_seen, key=_seen.get)
            del _seen[oldest]
        _seen[(game_id, seat)] = time.monotonic() if now is None else now


def seconds_ago(game_id: str, seat: int, now: float | None = None) -> float | None:
    """Seconds since the seat was last seen, or None if never (since this server started)."""
    with _lock:
        at = _seen.get((game_id, seat))
    if at is None:
        return None
    return max(0.0, (time.monotonic() if now is None else now) - at)


def last_seen(game_id: str, seats: int, now: float | None = None) -> list[float | None]:
    """`seconds_ago` for seats 0..seats-1."""
    now = time.monotonic() if now is None else now
    return [seconds_ago(game_id, s, now) for s in range(seats)]


def words(ago: float | None, is_here: bool = False) -> str:
    """ "seen 5 s ago", for a person glancing at the table screen."""
    if is_here:
        return _("here now")
    if ago is None:
        return _("not joined yet")
    if ago < 2:
        return _("here now")
    if ago < 60:
        return _("seen %(num)s s ago", num=int(ago))
    if ago < 3600:
        return _("seen %(num)s min ago", num=int(ago // 60))
    return _("seen %(num)s h ago", num=int(ago // 3600))


def forget(game_id: str | None = None) -> None:
    """Drop what is known (one game, or everything: tests)."""
    with _lock:
        for key in [k for k in _seen if game_id is None or k[0] == game_id]:
            del _seen[key]
        for key in [k for k in _streams if game_id is None or k[0] == game_id]:
            del _streams[key]
