"""Answers kept by the app: drawings and links that are the same for every screen asking with
the same key, across seqs."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from flask import current_app

from companion.core.memo import memo

T = TypeVar("T")


def kept_in_app(name: str, key: Hashable, make: Callable[[], T], limit: int) -> T:
    """`make()`, kept in this app's store `name` (in `app.extensions`) by `key`, which says
    everything the answer depends on (the language, the links' root, what it shows); at most
    `limit` keys."""
    return memo(current_app.extensions.setdefault(name, {}), key, make, limit)
