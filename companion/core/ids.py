"""The ids a client names things by, checked whole (never a prefix: `aaaaaaaa\n` is not an id).

An event id is minted when a button is drawn, so a double tap or a retry after a dropped
connection sends the same id and the store keeps the event once; it is 8 to 64 URL-safe ASCII
characters. The web refuses a malformed one before anything is recorded.
"""

from __future__ import annotations

import os
import re
import threading

EVENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}", re.ASCII)
ID_BYTES = 16
POOLED_IDS = 256  # ids' worth of the system's random bytes asked for at once

_pool_lock = threading.Lock()


class _Pool:
    """Random bytes not yet used for an id, and where the unused ones start."""

    data = b""
    at = 0


_pool = _Pool()


def new_event_id() -> str:
    """A fresh event id: 32 hex digits, 128 random bits from the system's CSPRNG, the shape
    `uuid4().hex` has (minted on every event the service records itself). The bytes are
    asked for POOLED_IDS ids at a time: one system call each was a sixteenth of an append.
    A forked process forgets the pool, so no two processes mint the same id."""
    with _pool_lock:
        at, pool = _pool.at, _pool.data
        if at + ID_BYTES > len(pool):
            pool, at = os.urandom(ID_BYTES * POOLED_IDS), 0
            _pool.data = pool
        _pool.at = at + ID_BYTES
        return pool[at : at + ID_BYTES].hex()


def _forget_pool() -> None:
    global _pool_lock
    _pool_lock = threading.Lock()  # another thread may have held it at the fork
    _pool.data, _pool.at = b"", 0


os.register_at_fork(after_in_child=_forget_pool)


def is_event_id(value: object) -> bool:
    """Whether `value` is a well-formed event id, as a whole."""
    return isinstance(value, str) and EVENT_ID.fullmatch(value) is not None
