"""Who is at the table right now: when each seat's phone last asked the server for anything.

Kept in memory only: it answers "is Jen's phone still with us?" during a game night, and a
restart forgetting it costs nothing (phones re-announce themselves within seconds, because
every open seat page refreshes on each event and its live stream reconnects).
"""

from __future__ import annotations

import threading
import time

_lock = threading.Lock()
_seen: dict[tuple[str, int], float] = {}
MAX_ENTRIES = 10_000  # a server left running for months must not grow without bound


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


def words(ago: float | None) -> str:
    """ "seen 5 s ago", for a person glancing at the table screen."""
    if ago is None:
        return "not joined yet"
    if ago < 2:
        return "here now"
    if ago < 60:
        return f"seen {int(ago)} s ago"
    if ago < 3600:
        return f"seen {int(ago // 60)} min ago"
    return f"seen {int(ago // 3600)} h ago"


def forget(game_id: str | None = None) -> None:
    """Drop what is known (one game, or everything: tests)."""
    with _lock:
        for key in [k for k in _seen if game_id is None or k[0] == game_id]:
            del _seen[key]
