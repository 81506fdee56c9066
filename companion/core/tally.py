"""Counts and sums that add up across games and subtract again, for the club's figures.

A game's contribution to the club's figures is a nested dict of numbers (games, wins, prices
paid, Work Values); the club keeps their sum, so a finished game adds its contribution once and
a game the host leaves out subtracts it, and a mean is a sum over a count read at the end.
"""

from __future__ import annotations


def add(total: dict, part: dict, sign: int = 1) -> dict:
    """`total` plus `sign` times `part`, key by key (nested dicts added in place)."""
    for key, value in part.items():
        if isinstance(value, dict):
            add(total.setdefault(key, {}), value, sign)
        elif isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"a tally holds numbers, not {value!r} under {key!r}")
        else:
            total[key] = total.get(key, 0) + sign * value
    return total


def mean(total: float, count: int) -> float | None:
    """Rounded to 2 decimals; None when nothing was counted."""
    return round(total / count, 2) if count else None
