"""Pushes take turns (companion/web/turns.py): a waiting request before the next push.

Asserted by order, never by time. The gevent cases run in their own process, patched as
`palazzo serve` is, so this test process keeps its threads.
"""

from __future__ import annotations

import threading
import time

from companion.web.live import SeqWatcher, seq_stream
from companion.web.turns import Turns
from tests.support.servers import under_gevent
from tests.support.web_fixtures import WAIT

ORDER = r"""
from gevent import monkey

monkey.patch_all()
import json, socket, sys
import gevent
from companion.service.quiet import quiet_waiter
from companion.web.turns import Turns

def order(turns):
    # a request's bytes have arrived while a move's pushes were woken: who runs first?
    done = []
    server, client = socket.socketpair()

    def answer():
        server.recv(64)  # waits on the socket, as a connection's greenlet waits for a request
        done.append("request")

    def push(name):
        with turns.turn():
            done.append(name)

    reader = gevent.spawn(answer)
    gevent.sleep(0)  # the request's greenlet now waits for its bytes
    client.sendall(b"POST /games/g/events")  # they arrive...
    pushes = [gevent.spawn(push, f"push {n}") for n in range(3)]  # ...as 3 pushes wake
    gevent.joinall([reader, *pushes])
    return done

def starved(turns):
    # the loop never idles (a greenlet always ready): a push is drawn anyway, while it spins
    spins = []

    def spin():
        while len(spins) < 100_000:
            spins.append(1)
            gevent.sleep(0)

    spinner = gevent.spawn(spin)
    gevent.sleep(0)
    with turns.turn():
        drawn_at = len(spins)
    spinner.kill()
    return drawn_at < 100_000

def busy(turns):
    # the loop never idles: the first push waits its patience in vain; pushes that asked
    # later, queued behind it, then go at once instead of each waiting its own patience
    spins, drawn = [], []

    def spin():
        while len(spins) < 10_000_000:
            spins.append(1)
            gevent.sleep(0)

    def push():
        with turns.turn():
            drawn.append(len(spins))

    spinner = gevent.spawn(spin)
    first = gevent.spawn(push)
    gevent.sleep(0.1)  # half its patience: the later ones' own would end 0.1 s after its
    later = [gevent.spawn(push) for _ in range(2)]
    gevent.joinall([first, *later])
    spinner.kill()
    return drawn

def waves(turns, named):
    # a move's pushes (wave "a") and another's ("b") are woken as a request's bytes arrive;
    # a second request arrives while the first push of "a" is drawn: does it get in before
    # the rest of "a", or only before "b"?
    done = []
    first, first_client = socket.socketpair()
    second, second_client = socket.socketpair()

    def answer(sock, name):
        sock.recv(64)
        done.append(name)

    def push(wave, name):
        with turns.turn(wave if named else None):
            done.append(name)
            if name == "a0":
                second_client.sendall(b"GET /games/h/me/panel")

    readers = [gevent.spawn(answer, first, "request 1"), gevent.spawn(answer, second, "request 2")]
    gevent.sleep(0)
    first_client.sendall(b"POST /games/g/events")
    pushes = [gevent.spawn(push, w, n) for w, n in (("a", "a0"), ("a", "a1"), ("a", "a2"), ("b", "b0"))]
    gevent.joinall([*readers, *pushes])
    return done

assert quiet_waiter() is not None, "under gevent the turns wait for the loop to idle"
print(json.dumps({
    "turns": order(Turns(quiet_waiter())),
    "as_woken": order(Turns(None)),
    "not_starved": starved(Turns(quiet_waiter(), patience=0.05)),
    "busy": busy(Turns(quiet_waiter(), patience=0.2)),
    "waves": waves(Turns(quiet_waiter()), True),
    "one_by_one": waves(Turns(quiet_waiter()), False),
}))
"""


def test_a_request_that_arrived_is_answered_before_the_pushes_drawn_after_it():
    """Under gevent, pushes woken with a request's bytes pending let it run first, and keep
    the order they were woken in; drawn as woken (no turns), the pushes would all go first:
    the order this test tells apart. And a loop that never idles still gets its pushes."""
    seen = under_gevent(ORDER)
    assert seen["as_woken"] == ["push 0", "push 1", "push 2", "request"]
    assert seen["turns"] == ["request", "push 0", "push 1", "push 2"]
    assert seen["not_starved"]
    first, *later = seen["busy"]  # spins seen when each push was drawn
    assert first > 200 and all(at - first <= 5 for at in later), seen["busy"]


def test_a_moves_pushes_are_drawn_as_one_wave_and_requests_get_in_between_waves():
    """Under gevent, a move's pushes (one wave: its game and seq) follow each other without
    waiting for idle again: a request arriving while the wave is drawn is answered after the
    wave, before the next move's. Pushes naming no wave each wait for idle, as before: the
    same request gets in right after the first push (the order that tells them apart)."""
    seen = under_gevent(ORDER)
    assert seen["waves"] == ["request 1", "a0", "a1", "a2", "request 2", "b0"]
    assert seen["one_by_one"] == ["request 1", "a0", "request 2", "a1", "a2", "b0"]


def test_a_wave_ends_when_no_push_is_queued():
    """A push queued behind one of its wave follows it without waiting for idle; a late push
    of a wave already drawn (a stream that reconnected, nothing queued) waits again."""
    waited = []
    turns = Turns(lambda timeout: waited.append(timeout) or True)
    for wave in (("g", 4), ("g", 4)):  # one after the other, nothing queued between
        with turns.turn(wave):
            pass
    assert len(waited) == 2
    queued = threading.Event()

    def second() -> None:
        queued.set()
        with turns.turn(("g", 5)):  # queued on the lock while the first holds the turn
            pass

    follower = threading.Thread(target=second)
    with turns.turn(("g", 5)):
        follower.start()
        queued.wait(WAIT)
        deadline = time.monotonic() + WAIT
        while turns._queued < 2 and time.monotonic() < deadline:  # it asked for its turn
            time.sleep(0.001)
    follower.join(WAIT)
    assert not follower.is_alive() and len(waited) == 3  # the first of the wave waited


def test_under_threads_the_turns_draw_one_push_at_a_time():
    """No event loop to wait for: the turns only keep two pushes from being drawn at once."""
    turns = Turns()
    inside: list[int] = []
    most = []

    def push():
        with turns.turn():
            inside.append(1)
            most.append(len(inside))
            time.sleep(0.005)
            inside.pop()

    threads = [threading.Thread(target=push) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(most) == 6 and max(most) == 1


class CountingTurns(Turns):
    """Turns that note each push drawn inside one."""

    def __init__(self):
        super().__init__()
        self.taken = 0
        self.holding = False
        self.waves = []

    def turn(self, wave=None):
        outer = super().turn(wave)
        self.waves.append(wave)

        class Held:
            def __enter__(inner):
                outer.__enter__()
                self.taken += 1
                self.holding = True

            def __exit__(inner, *exc):
                self.holding = False
                return outer.__exit__(*exc)

        return Held()


def test_the_stream_draws_each_push_in_its_turn():
    seqs = {"g": 3}
    watcher = SeqWatcher(lambda games: {g: seqs.get(g, 0) for g in games}, interval=0.01)
    turns = CountingTurns()
    drawn_in_turn = []

    def push(seq: int):
        drawn_in_turn.append(turns.holding)
        return seq, f"<p>{seq}</p>"

    body = seq_stream(watcher, "g", 1, heartbeat=5.0, max_age=5.0, push=push, turns=turns)
    try:
        assert next(body).startswith("retry:")
        assert "event: fragment" in next(body)  # the current seq, drawn in a turn
        watcher.announce("g", 4)
        assert "data: <p>4</p>" in next(body)
    finally:
        body.close()
        watcher.stop()
    assert drawn_in_turn == [True, True] and turns.taken == 2
    assert turns.waves == [("g", 3), ("g", 4)]  # each push in its move's wave
