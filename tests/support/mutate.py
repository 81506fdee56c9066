"""Changing everything a copy holds, to see that the original shares none of it."""

from __future__ import annotations

from typing import Any


def mutate_json(value: Any) -> None:
    """Change every dict and list nested in `value`, in place: each gets one more entry, after
    its own entries were changed the same way (leaves are immutable: nothing to change)."""
    if isinstance(value, dict):
        for v in value.values():
            mutate_json(v)
        value["mutated"] = "mutated"
    elif isinstance(value, list):
        for v in value:
            mutate_json(v)
        value.append("mutated")
