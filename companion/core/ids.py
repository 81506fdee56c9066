"""The ids a client names things by, checked whole (never a prefix: `aaaaaaaa\n` is not an id).

An event id is minted when a button is drawn, so a double tap or a retry after a dropped
connection sends the same id and the store keeps the event once; it is 8 to 64 URL-safe ASCII
characters. The web refuses a malformed one before anything is recorded.
"""

from __future__ import annotations

import re
import secrets

EVENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}", re.ASCII)


def new_event_id() -> str:
    """A fresh event id: 32 hex digits, 128 random bits, the shape `uuid4().hex` has, without
    building a UUID (minted on every event the service records itself)."""
    return secrets.token_hex(16)


def is_event_id(value: object) -> bool:
    """Whether `value` is a well-formed event id, as a whole."""
    return isinstance(value, str) and EVENT_ID.fullmatch(value) is not None
