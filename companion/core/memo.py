"""A bounded memo: answers worked out once and kept by everything they depend on.

The club-night latency work keeps many small answers (a link, a drawn card, a sentence) so that every screen a
move refreshes does not work them out again. Each store is a plain dict bounded by a number of
keys: a key set that keeps growing (games, languages, seats) starts afresh instead of growing
without end, which only costs the work again. Pure: no Flask, no game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")
_MISSING = object()


def memo(store: dict, key: Hashable, make: Callable[[], T], limit: int) -> T:
    """`store[key]`, or `make()` kept there; `store` is emptied first when it holds `limit`
    keys. The key must say everything the answer depends on."""
    found = store.get(key, _MISSING)
    if found is _MISSING:
        found = make()
        if len(store) >= limit:
            store.clear()
        store[key] = found
    return found
