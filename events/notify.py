"""PostgreSQL's word between the processes on one database: a seq appended, a game nudged.

Every append NOTIFYs the channel with "<seq>:<game_id>" in its own transaction, so any process
LISTENing hears of it when (and only if) it commits. A nudge (something a page shows outside
the log changed: a check opened, a phone came; its topic is a word the web layer chooses,
companion/web/live.py) says "nudge:<process>:<topic>:<game_id>", with the process's own token,
so the one that gave it, which woke its own streams already, does not wake them twice. A
notification is a hint, never the log: `EventStore.events()` stays the truth.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
from collections.abc import Callable

NOTIFY_CHANNEL = "events_appended"
NOTIFY_SQL = "SELECT pg_notify(%s, %s)"
LISTEN_RETRY_SECONDS = 1.0
_NUDGE = "nudge"

log = logging.getLogger(__name__)


class Notes:
    """What one EventStore says and hears on the channel (PostgreSQL only: `EventStore.notes`).
    An append's own note is sent in the append's transaction (`appended`)."""

    def __init__(self, engine):
        self.engine = engine
        self._pid = -1
        self._token = ""

    @property
    def token(self) -> str:
        """This process's name in its nudges (a forked worker gets its own)."""
        if os.getpid() != self._pid:
            self._pid, self._token = os.getpid(), secrets.token_hex(6)
        return self._token

    @staticmethod
    def appended(game_id: str, seq: int) -> tuple[str, tuple[str, str]]:
        """The statement an append runs in its own transaction."""
        return NOTIFY_SQL, (NOTIFY_CHANNEL, f"{seq}:{game_id}")

    def nudge(self, game_id: str, topic: str) -> None:
        """Tell the other processes that `game_id` was nudged here about `topic` (a word)."""
        if not topic.isalpha():
            raise ValueError(f"a nudge's topic is a word, not {topic!r}")
        payload = f"{_NUDGE}:{self.token}:{topic}:{game_id}"
        with self.engine.begin() as conn:
            conn.exec_driver_sql(NOTIFY_SQL, (NOTIFY_CHANNEL, payload))

    def read(
        self,
        payload: str,
        on_append: Callable[[str, int], None],
        on_nudge: Callable[[str, str], None] | None,
    ) -> None:
        head, _, rest = payload.partition(":")
        if head.isdigit():
            on_append(rest, int(head))
        elif head == _NUDGE and on_nudge is not None:
            token, _, rest = rest.partition(":")
            topic, _, game_id = rest.partition(":")
            if token and topic and game_id and token != self.token:
                on_nudge(game_id, topic)

    def listen(
        self,
        on_append: Callable[[str, int], None],
        stop: threading.Event,
        on_connection: Callable[[bool], None] | None = None,
        on_nudge: Callable[[str, str], None] | None = None,
        timeout: float = 1.0,
    ) -> None:
        """Call `on_append(game_id, seq)` for every append any process commits, and
        `on_nudge(game_id, topic)` for every nudge another process gives, until `stop` is set. Runs
        in the caller's thread (or greenlet) on its own connection, reconnecting after a
        failure; `on_connection(True)` follows each LISTEN, `on_connection(False)` each loss,
        so the caller can poll meanwhile and re-read what it missed."""
        import psycopg

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        connected, warned = False, False
        while not stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    connected, warned = True, False
                    if on_connection is not None:
                        on_connection(True)
                    while not stop.is_set():
                        for note in conn.notifies(timeout=timeout):
                            self.read(note.payload, on_append, on_nudge)
            except psycopg.Error:
                if not warned:  # once per outage, not once a second
                    log.warning("events: LISTEN connection lost; reconnecting", exc_info=True)
                warned = True
            finally:
                if connected and on_connection is not None:
                    on_connection(False)
                connected = False
            stop.wait(LISTEN_RETRY_SECONDS)
