"""What Firenze adds to the command line (`palazzo`, companion/cli.py): the club's figures of
its games in a few readable lines (in English, like the rest of the command line)."""

from __future__ import annotations

from companion.core.game import GameCommands


def describe_figures(f: dict) -> list[str]:
    if not f:
        return []
    lines = [f"{f['games']} finished games of Firenze, mean score {f['mean_score']}"]
    for pos, x in f["positions"].items():
        lines.append(f"  position {pos}: {x['wins']} wins in {x['games']} games")
    lines.append("  commissions: " + ", ".join(f"{c} {k}" for c, k in f["commissions"].items()))
    return lines


COMMANDS = GameCommands(describe_figures=describe_figures)
