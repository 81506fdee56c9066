"""A game of the Princes in a few lines of text: what `palazzo replay` prints.

The command line reads it in English (it has no reader's language); it is built from the same
summary `palazzo replay --json` prints.
"""

from __future__ import annotations


def describe(s: dict) -> str:
    lines = [
        f"Round {s['round']}, {s['phase']}"
        + (
            f", {s['players'][s['current_player']]['name']} to act"
            if s.get("current_player") is not None
            else ""
        )
    ]
    for p in s["players"]:
        ls = p["landscapes"]
        lines.append(
            f"  {p['name']}: {p['fame']} PP, {p['money']} Florin, "
            f"{len(p['buildings'])} Buildings, {sum(ls.values())} Landscapes, "
            f"{p['jesters']} Jesters, {p['builders']} Builders, "
            f"{len(p['table'])} Works"
            + "".join(
                f", {c['character'].title()} ({'face up' if c['face_up'] else 'used'})"
                for c in p.get("characters", ())
            )
        )
    if "banker_money" in s:
        lines.append(f"  Banker: {s['banker_money']} Florin on the card")
    if s.get("final"):
        names = [s["players"][w]["name"] for w in s["final"]["winners"]]
        for sc in s["final"]["scores"]:
            lines.append(
                f"  {s['players'][sc['player']]['name']}: total {sc['total']} "
                f"({sc['fame']} + Prestige {sum(sc['prestige_cards'].values())}), "
                f"{sc['money']} Florin"
            )
        lines.append("Winner: " + " and ".join(names))
    return "\n".join(lines)
