"""The club's figures of Firenze: wins by position, commissions fulfilled by colour, scores.

Read from the engine's own replay of a finished log (the seals each player placed, the final
scoring), kept apart from the Princes' figures: the platform sums each game's contributions
under its own game id (see companion/games/princes/stats.py for the pattern).
"""

from __future__ import annotations

from companion.core.tally import mean

from .rules import GAME, Refusal, replay
from .rules.catalog import COLOURS
from .rules.catalog import PLAYERS as PLAYED_BY

ID = GAME
EXPANSIONS: tuple = ()  # nothing for the club page's expansion filter
EXPANSION_FILTERS: tuple = ()
PLAYERS = PLAYED_BY  # the club page's player-count filter
KINDS_APART: frozenset = frozenset()  # every game counts by its player count


class NotFinished(Exception):
    """A log that did not reach the final scoring: why, in a few words."""


def record(events, catalog=None) -> dict:
    """One finished game as data; NotFinished if its log stops before the final scoring."""
    try:
        state = replay(events)
    except Refusal as r:
        raise NotFinished(f"event {getattr(r, 'seq', '?')} is refused ({r.code})") from None
    if not state.get("players"):
        raise NotFinished("no game was started")
    if state.get("phase") != "over" or not state.get("final"):
        raise NotFinished("the log stops before the final scoring")
    n = len(state["players"])
    final = state["final"]
    totals = {x["player"]: x["total"] for x in final["scores"]}
    winners = set(final["winners"])
    return {
        "game": ID,
        "players": n,
        "expansions": [],
        "solo": None,
        "seats": [
            {
                "name": p["name"],
                "position": (s - state["start_player"]) % n + 1,
                "score": totals[s],
                "winner": s in winners,
                "commissions": {
                    c: sum(1 for seal in p["seals"] if seal["colour"] == c) for c in COLOURS
                },
            }
            for s, p in enumerate(state["players"])
        ],
    }


def is_over(state) -> bool:
    """The game reached its final scoring: its log is everyone's to read."""
    return state.get("phase") == "over" and bool(state.get("final"))


def bucket(rec: dict) -> dict:
    """What the club page filters by: the number of players (one kind of play, no expansions)."""
    return {"players": rec["players"], "expansions": [], "kind": ""}


def contribution(rec: dict) -> dict:
    commissions: dict = {}
    players: dict = {}
    for s in rec["seats"]:
        for c, k in s["commissions"].items():
            commissions[c] = commissions.get(c, 0) + k
        mine = players.setdefault(s["name"], {"games": 0, "wins": 0, "score": 0})
        mine["games"] += 1
        mine["wins"] += int(s["winner"])
        mine["score"] += s["score"]
    return {
        "games": 1,
        "seats": len(rec["seats"]),
        "score": sum(s["score"] for s in rec["seats"]),
        "positions": {
            str(s["position"]): {"games": 1, "wins": int(s["winner"])} for s in rec["seats"]
        },
        "commissions": commissions,
        "players": players,
    }


def figures(totals: dict) -> dict:
    return {
        "games": totals.get("games", 0),
        "mean_score": mean(totals.get("score", 0), totals.get("seats", 0)),
        "positions": {
            k: v
            for k, v in sorted((totals.get("positions") or {}).items(), key=lambda kv: int(kv[0]))
            if v["games"]
        },
        "commissions": {c: (totals.get("commissions") or {}).get(c, 0) for c in COLOURS},
        "players": {
            name: {
                "games": p["games"],
                "wins": p["wins"],
                "mean_score": mean(p["score"], p["games"]),
            }
            for name, p in sorted((totals.get("players") or {}).items())
            if p["games"]
        },
    }


def purchase_rows(game_id: str, rec: dict) -> list[dict]:
    return []  # Firenze has no auctions


def game_rows(game_id: str, rec: dict) -> list[dict]:
    return [
        {
            "game": game_id,
            "players": rec["players"],
            "expansions": "",
            "solo": "",
            **{k: v for k, v in s.items() if k != "commissions"},
        }
        for s in rec["seats"]
    ]


# -- the club page's words (in the reader's language) -----------------------------------------

TEMPLATE = "firenze/club.html"


def labels(figures: dict) -> dict:
    """The names the club page shows for this game's keys: the tower colours."""
    from .words import colour_name

    return {"colours": {c: colour_name(c) for c in figures.get("commissions", {})}}
