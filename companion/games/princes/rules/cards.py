"""What Bonus and Prestige cards are worth, read off the catalog's tables."""

from __future__ import annotations

from typing import Any

from .catalog import BONUS_CARDS, PRESTIGE_CARDS


def bonus_value(card: str, counts: dict[str, Any]) -> int:
    return sum(weight * counts[key] for key, weight in BONUS_CARDS[card][1].items())


def prestige_points(card: str, seat: int, all_counts: dict[int, dict[str, Any]]) -> int:
    """Points for `seat`'s card, comparing every Principality in `all_counts` (ruling 7)."""
    entry: tuple[Any, ...] = PRESTIGE_CARDS[card]
    _, kind, what, points, tie_points = entry
    mine = all_counts[seat]
    if kind == "at_least":
        return points if all(mine[k] >= v for k, v in what.items()) else 0
    values = [c[what] for c in all_counts.values()]
    if mine[what] is None or any(v is None for v in values):
        return 0
    if kind == "most":
        best = max(values)
        if mine[what] < 1 or mine[what] != best:  # "you cannot score the most for having nothing"
            return 0
    else:
        best = min(values)
        if mine[what] != best:
            return 0
    return tie_points if values.count(best) > 1 else points
