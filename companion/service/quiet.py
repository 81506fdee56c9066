"""A quiet moment: wait until the server has answered the requests waiting for it.

`palazzo serve` runs every request on one cooperative (gevent) thread. Work that must be long
(a long log's export, the pushes of a move) goes in steps and lets the requests that arrived
meanwhile go first, so a phone at another table never waits behind all of it. Letting them go
first means waiting until the event loop has nothing else pending (`gevent.idle`):
`gevent.sleep(0)` is not enough, because it may resume the sleeper before the loop looks at
its sockets again. Measured: a 1,500-event export's eight chunks ran back to back, 3 µs
apart, and a phone's page that arrived meanwhile waited for all of them.

The wait is bounded: on a server that never idles, the work goes on after `timeout`. Under
threads (the development server, the tests' live server) there is no event loop to wait for.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable


def _gevent_quiet(timeout: float) -> bool:
    """Until the gevent loop has no other event pending (True), or `timeout` seconds (False)."""
    from gevent import Timeout, get_hub

    hub = get_hub()
    idled = False
    with hub.loop.idle() as watcher, Timeout(timeout, False):
        hub.wait(watcher)
        idled = True
    return idled


def quiet_waiter() -> Callable[[float], bool] | None:
    """How to wait for a quiet moment in this process: gevent's idle when its monkey patching
    made the threads here greenlets (`palazzo serve`, gunicorn's gevent worker), else none."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        return _gevent_quiet
    return None


def let_others_run(timeout: float) -> None:
    """Between two steps of long work: the requests waiting are answered first (at most
    `timeout` seconds of waiting); under threads, only the GIL is released."""
    wait = quiet_waiter()
    if wait is None:
        time.sleep(0)
    else:
        wait(timeout)
