"""JSON with limits: how big and how deep a value from outside may be.

Python's own parser follows nesting by recursion, so a line of 10,000 `[` is a RecursionError
rather than a clear refusal, and a value 900 levels deep parses but breaks whatever walks it
later (templates, copies, the next json.dumps). Everything that reads JSON from outside (a form
field, an uploaded file, a log line, a stored row) goes through `loads`; everything stored goes
through `check`. Both walk values with an explicit stack, never by recursion.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 8  # an event's deepest field (an Automa card's panels) needs 4
MAX_BYTES = 64 * 1024


class JsonRefused(ValueError):
    """Text that is not JSON within the limits; the message says what is wrong with it."""


def loads(text: str, *, max_depth: int = MAX_DEPTH, max_bytes: int = MAX_BYTES) -> Any:
    """Parse `text`, refusing (JsonRefused) what is too big, too deep or not JSON at all."""
    if len(text) > max_bytes:
        raise JsonRefused(f"it is larger than {_size(max_bytes)}")
    try:
        value = json.loads(text)
    except RecursionError:  # the parser gave up long before any limit of ours
        raise JsonRefused(f"it is nested more than {max_depth} levels deep") from None
    except json.JSONDecodeError as e:
        raise JsonRefused(
            f"it is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})"
        ) from None
    if depth(value) > max_depth:
        raise JsonRefused(f"it is nested more than {max_depth} levels deep")
    return value


def depth(value: Any) -> int:
    """How many lists and objects deep `value` nests (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        stack.extend((inner, level + 1) for inner in item)
    return deepest


def check(value: Any, *, max_depth: int = MAX_DEPTH, max_bytes: int = MAX_BYTES) -> str:
    """Refuse (JsonRefused) a value that is not plain JSON data within the limits, or that holds
    a NUL character (PostgreSQL cannot store one, so neither backend takes it). Returns the
    JSON text it measured, so a caller storing the value need not serialise it again."""
    stack = [] if max_depth > 0 and _flat(value) else [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth >= max_depth:
                raise JsonRefused(f"it is nested more than {max_depth} levels deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise JsonRefused(f"its keys must be text, not {type(key).__name__}")
                    if "\x00" in key:
                        raise JsonRefused("it holds a NUL character")
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, str):
            if "\x00" in item:
                raise JsonRefused("it holds a NUL character")
        elif item is not None and not isinstance(item, (bool, int, float)):
            raise JsonRefused(f"it holds a {type(item).__name__}, which JSON cannot carry")
    try:
        text = _ENCODE(value)
    except ValueError as e:
        raise JsonRefused(f"it is not plain JSON: {e}") from None
    if len(text) > max_bytes:
        raise JsonRefused(f"it is larger than {_size(max_bytes)}")
    return text


_SCALARS = (int, float, bool, type(None))
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


def _encoder():
    """`_ENCODER.encode`, less the C encoder it builds on every call (more than half the cost
    of a payload's text): built once, without the circular-reference check, which `check`'s
    walk has done already (a cycle nests deeper than any limit). The same text either way."""
    make = json.encoder.c_make_encoder
    if make is None:  # a Python without the C accelerator
        return _ENCODER.encode
    e = _ENCODER
    chunks = make(
        None,  # no circular-reference markers: see above
        e.default,
        json.encoder.encode_basestring,  # ensure_ascii=False's
        e.indent,
        e.key_separator,
        e.item_separator,
        e.sort_keys,
        e.skipkeys,
        e.allow_nan,
    )
    join = "".join

    def encode(value: Any) -> str:
        return join(chunks(value, 0))

    return encode


_ENCODE = _encoder()


def _flat(value: Any) -> bool:
    """A dict of text keys and plain values without NUL (an event's usual payload): nothing
    in it for `check`'s walk to find, told in one loop without the walk's stack."""
    if type(value) is not dict:
        return False
    for key, inner in value.items():
        if type(key) is not str or "\x00" in key:
            return False
        kind = type(inner)
        if kind is str:
            if "\x00" in inner:
                return False
        elif kind not in _SCALARS:
            return False
    return True


def _size(n: int) -> str:
    return f"{n // 1024} KB" if n >= 1024 else f"{n} bytes"
