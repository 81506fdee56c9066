"""The ids a client names things by, checked whole (never a prefix: `aaaaaaaa\n` is not an id).

An event id is minted when a button is drawn, so a double tap or a retry after a dropped
connection sends the same id and the store keeps the event once; it is 8 to 64 URL-safe ASCII
characters. The web refuses a malformed one before anything is recorded.
"""

from __future__ import annotations

import os
import re

EVENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}", re.ASCII)
ID_BYTES = 16
POOLED_IDS = 256  # ids' worth of the system's random bytes asked for at once

# ids minted ahead, each handed out once: list.pop and list.extend are atomic, so threads
# share the list without a lock (two that find it empty both refill it, with other bytes)
_minted: list[str] = []


def new_event_id() -> str:
    """A fresh event id: 32 hex digits, 128 random bits from the system's CSPRNG, the shape
    `uuid4().hex` has (minted on every event the service records itself). The bytes are
    asked for POOLED_IDS ids at a time, and cut into ids at once: one system call each was a
    sixteenth of an append. A forked process forgets the ids, so no two processes share one."""
    try:
        return _minted.pop()
    except IndexError:
        pass
    text, size = os.urandom(ID_BYTES * POOLED_IDS).hex(), 2 * ID_BYTES
    ids = [text[at : at + size] for at in range(0, len(text), size)]
    mine = ids.pop()
    _minted.extend(ids)
    return mine


os.register_at_fork(after_in_child=_minted.clear)


def is_event_id(value: object) -> bool:
    """Whether `value` is a well-formed event id, as a whole."""
    return isinstance(value, str) and EVENT_ID.fullmatch(value) is not None
