"""What the tests of live share with other tests (FakeListener, FakeLog): kept here, since a test
module imports no other test module."""

from __future__ import annotations

import threading


class FakeLog:
    def __init__(self):
        self.seqs: dict[str, int] = {}
        self.reads = 0
        self.fail = False

    def last_seqs(self, game_ids) -> dict[str, int]:
        self.reads += 1
        if self.fail:
            raise ConnectionError("database restarting")
        return {game_id: self.seqs.get(game_id, 0) for game_id in game_ids}


class FakeListener:
    """Stands in for EventStore.listen: the test drives connection and notifications."""

    def __init__(self):
        self.on_append = None
        self.on_connection = None
        self.on_nudge = None
        self.ready = threading.Event()

    def __call__(self, on_append, stop, on_connection, on_nudge):
        self.on_append, self.on_connection, self.on_nudge = on_append, on_connection, on_nudge
        self.ready.set()
        stop.wait()
