"""Frozen dataclasses built at once, where one is built for every event recorded.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, about
0.2 µs a field: the Princes' story builds a 29-field Fact and an 11-field Glance for every event
it notes, a twentieth of an append. `built` sets them in one call instead. Pure.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def built(cls: type[T], **values: Any) -> T:
    """An instance of the frozen dataclass `cls` (one without slots) holding `values`, which
    must name every one of its fields: no default is filled in and no `__post_init__` runs
    (the tests of its callers check that every field is given; this is the hot path)."""
    made = object.__new__(cls)
    made.__dict__.update(values)
    return made
