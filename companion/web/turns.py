"""Pushed fragments take turns, each after the requests waiting for the server.

`palazzo serve` is one cooperative (gevent) thread. A recorded move wakes every stream of its
table, and each stream that carries a fragment (a seat's panel, the board) draws it: 2-3 ms
of CPU each, run one after the other as soon as they are woken, before the event loop looks
at its sockets again. A player who taps meanwhile, at another table, waits behind all of them
with a phone in hand (the club night's tap p95 was 5.8x the idle panel's). So a push first
takes its turn (`Turns.turn`): one push is drawn at a time, and each first waits until the
event loop has nothing else pending (`gevent.idle`, the quiet moment of
companion/service/quiet.py): a request whose bytes have arrived is read and answered before
the next push is drawn, and a move's pushes, queued in the order they were woken, keep their
table's order.

No starvation: a push waits for a quiet moment at most PATIENCE from when it asked, and is
drawn then whatever is pending. A push that waited that long found the server busy (it never
idled): the pushes queued behind it then wait for nothing until the queue is empty, so a
saturated server draws its pushes as woken, back to back, as it did before (waiting for each
one's own deadline instead let one push through per turn of the event loop, and a server
short of CPU, whose every turn is long, fell seconds behind). Under threads (the development server, the tests' live server)
there is no event loop to wait for: the turns only draw one push at a time.

One move, one wave: a push names its wave (the game and the seq it draws, `turn(wave)`), and
a push whose turn comes right after one of the same wave is drawn at once, without waiting for
idle again. A move's pushes (its table's phones and board, woken together and queued together)
are then drawn back to back after one quiet moment: the last screen of a move no longer waits
behind every request that arrives between two of its pushes, and a request arriving meanwhile
waits for one wave at most (the screens of one table: 7 at most, ~15 ms of CPU), not for every
table's. Requests still get in between two waves, and between two moves of the same game. A
wave ends when no push is queued: a later push of it (a stream that reconnected) waits for
idle again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from companion.service.quiet import quiet_waiter

PATIENCE = 0.1  # seconds a push may wait for the server to be idle before it is drawn anyway


class Turns:
    """One push drawn at a time, each after the requests pending (see the module's doc)."""

    def __init__(self, wait_idle: Callable[[float], bool] | None = None, patience=PATIENCE):
        self._lock = threading.Lock()  # a greenlet's lock under gevent: woken in order
        self._wait_idle = wait_idle
        self._patience = patience
        self._queued = 0  # pushes that asked for a turn and are not drawn yet
        self._busy = False  # one waited PATIENCE in vain: the rest queued go at once
        self._wave: Hashable | None = None  # the wave of the push drawn last

    @contextmanager
    def turn(self, wave: Hashable | None = None) -> Iterator[None]:
        """Hold the turn: after the requests pending, unless the push drawn just before was
        of the same `wave` (a move's pushes: (game, seq)); None is a wave of its own."""
        asked = time.monotonic()
        self._queued += 1
        try:
            with self._lock:
                follows = wave is not None and wave == self._wave
                self._wave = wave
                left = asked + self._patience - time.monotonic()
                if self._wait_idle is not None and left > 0 and not self._busy and not follows:
                    self._busy = not self._wait_idle(left)
                yield
        finally:
            self._queued -= 1
            if not self._queued:  # nobody waits: the next push begins a wave of its own
                self._busy = False
                self._wave = None


_TURNS: Turns | None = None


def push_turns() -> Turns:
    """This process's turns (made at the first push, once gevent has patched or not)."""
    global _TURNS
    if _TURNS is None:
        _TURNS = Turns(quiet_waiter())
    return _TURNS
