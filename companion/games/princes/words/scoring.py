"""The end of the game as a score sheet: each player's PP broken down by where it came from.

Fame is won and lost one event at a time, so the breakdown is the sum of the story's per-event
fame sources (`companion.games.princes.story`) over the events that still count, plus each Prestige card the
rules scored at the end. It adds up to the final score by construction: whatever an event did to
fame is filed under one source or another, never dropped.
"""

from __future__ import annotations

from companion.core.lang import N_, _
from companion.games.princes.story import FAME_SOURCES

PRESTIGE = "prestige_cards"
SOURCES = (*FAME_SOURCES, PRESTIGE)
# The score sheet's rows, in the game's own words.
LABELS = {
    "works": N_("Works"),
    "best_work": N_("Best Work"),
    "buildings": N_("Buildings"),
    "landscapes": N_("Landscapes"),
    "builders": N_("Builders"),
    "characters": N_("Characters"),
    "fame_sold": N_("Fame sold"),
    "corrections": N_("Host corrections"),
    "other": N_("Other"),
    PRESTIGE: N_("Prestige cards"),
}


def ranks(scores: list[dict]) -> dict[int, int]:
    """Seat -> rank (1 = best) by total PP, then money (the rulebook's tie-break); players
    equal on both share a rank."""
    key = {x["player"]: (x["total"], x.get("money", 0)) for x in scores}
    return {
        seat: 1 + sum(1 for other in key.values() if other > mine) for seat, mine in key.items()
    }


def fame_by_source(replay) -> dict[int, dict[str, int]]:
    """Seat -> {source: PP} over the events that still count (undone ones left out)."""
    out: dict[int, dict[str, int]] = {}
    for fact in replay.counting_facts():
        for seat, parts in fact.fame_sources.items():
            mine = out.setdefault(seat, {})
            for source, pp in parts.items():
                mine[source] = mine.get(source, 0) + pp
    return out


def breakdown(replay) -> list[dict]:
    """One row per scored player, best first: name, total, money, rank, winner, and `parts`,
    (source, label, PP) for every source, Prestige cards last."""
    state = replay.state
    final = state.final or {}
    scores = final.get("scores", [])
    winners = set(final.get("winners", []))
    rank = ranks(scores)
    sources = fame_by_source(replay)
    rows = []
    for x in scores:
        seat = x["player"]
        mine = sources.get(seat, {})
        parts = [(s, _(LABELS[s]), mine.get(s, 0)) for s in FAME_SOURCES]
        parts.append((PRESTIGE, _(LABELS[PRESTIGE]), sum(x["prestige_cards"].values())))
        rows.append(
            {
                "seat": seat,
                "name": state.players[seat].name,
                "parts": parts,
                "fame": x["fame"],
                "prestige_cards": dict(x["prestige_cards"]),
                "total": x["total"],
                "money": x["money"],
                "rank": rank.get(seat),
                "winner": seat in winners,
            }
        )
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def sheet_rows(rows: list[dict]) -> list[tuple[str, list[int]]]:
    """The score sheet transposed: (label, PP per player) for each source anyone scored from;
    the sources nobody used are left out, Works and Prestige cards always shown."""
    out = []
    for i, (source, label, _pp) in enumerate(rows[0]["parts"] if rows else []):
        values = [r["parts"][i][2] for r in rows]
        if any(values) or source in ("works", PRESTIGE):
            out.append((label, values))
    return out


def pp_over_rounds(replay) -> list[dict]:
    """Each scored player's PP at the end of every round, then the final score (Prestige
    cards added): the chart's lines."""
    state = replay.state
    scores = (state.final or {}).get("scores", [])
    return [
        {
            "seat": x["player"],
            "name": state.players[x["player"]].name,
            "values": list(state.players[x["player"]].fame_by_round),
            "final": x["total"],
        }
        for x in scores
    ]


def summary_line(row: dict) -> str:
    """One player's breakdown in a line (for the BG Stats play's comments)."""
    parts = ", ".join(f"{label} {pp}" for _, label, pp in row["parts"] if pp)
    return f"{row['name']} {row['total']} PP ({parts or 'nothing'})"
