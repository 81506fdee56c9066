"""The club's figures of The Princes of Florence: what one finished game says, and the sums.

A finished game is read once, through the engine's own replay and story (`story.read`): the
auctions it settled (`Fact.settled`, the last player's purchase included, at the price the
auction set), the Works the engine recorded with their Work Value (Princess Works included),
the final scoring. Nothing here re-applies a rule.

`record` is that game as plain data (kept by the platform when the game ends, and the rows of
the CSV export); `contribution` turns it into counts and sums that add up across games and
subtract again when a host leaves a game out; `figures` turns summed contributions into the
means `palazzo stats --json` prints. Solo games count only in the `wolfgang` section.
"""

from __future__ import annotations

from companion.core.lang import N_
from companion.core.tally import mean

from .rules import BUILTIN, is_solo, solo_of
from .rules.catalog import EXPANSIONS as PLAYED_WITH
from .rules.catalog import MAX_PLAYERS, MIN_PLAYERS
from .story import read

ID = "princes_of_florence"
EXPANSIONS = tuple(PLAYED_WITH)  # what the club page's expansion filter chooses from
# the club page's filters: the expansions, in the players' words, and the player counts
EXPANSION_FILTERS = (
    ("muse_princess", N_("With the Muse and the Princess")),
    ("cooperative", N_("With Cooperative Building")),
)
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
WOLFGANG_SEAT = 1  # the solo game's second seat (rules/solo.py)
SOLO = "solo"  # the kind of play (`bucket`) of a game against Wolfgang
# the kinds of play the club page's player-count filter leaves alone: a solo game counts in
# Wolfgang's record whatever count is asked, and offers no count of its own to choose
KINDS_APART = frozenset({SOLO})


class NotFinished(Exception):
    """A log that did not reach the final scoring: why, in a few words."""


def record(events, catalog=None) -> dict:
    """One finished game as data; NotFinished if its log stops before the final scoring."""
    replay = read(events, catalog or BUILTIN)
    state = replay.state
    if not state.players:
        raise NotFinished("no game was started")
    if state.phase != "over" or not state.final:
        where = (
            "while choosing starting hands" if state.phase == "setup" else f"in round {state.round}"
        )
        raise NotFinished(f"the log stops {where}, before the final scoring")
    names = [p.name for p in state.players]
    n = len(names)
    purchases: list[dict] = []
    rnd, start = 1, state.start_player
    for fact in replay.counting_facts():
        if fact.opening is not None:  # the game's start player (the role moves each round)
            start = fact.opening["start_player"]
        if fact.round_began is not None:
            rnd = fact.round_began
        for r in fact.settled:
            purchases.append(
                {
                    "round": rnd,
                    "object": r["object"],
                    "price": r["price"],
                    "player": names[r["player"]],
                    "merchant": False,
                }
            )
        if (
            fact.type == "character_used"
            and fact.event.get("character") == "merchant"
            and fact.won_price is not None
        ):
            seat = fact.player
            mine = [p for p in purchases if seat is not None and p["player"] == names[seat]]
            if mine:
                mine[-1]["merchant"] = True
    works = [
        {
            "round": w["round"],
            "value": w["value"],
            "player": p.name,
            "profession": w.get("profession"),
            "profession_name": _profession_name(state.catalog, w.get("profession")),
            "princess": w.get("profession") is None,
        }
        for p in state.players
        for w in p.works
    ]
    totals = {x["player"]: x["total"] for x in state.final["scores"]}
    winners = set(state.final["winners"])
    seats = [
        {
            "name": names[s],
            "position": (s - start) % n + 1,
            "score": totals[s],
            "winner": s in winners,
        }
        for s in range(n)
    ]
    out = {
        "game": ID,
        "players": n,
        "expansions": sorted(k for k, on in state.expansions.items() if on),
        "solo": None,
        "seats": seats,
        "purchases": purchases,
        "works": works,
    }
    if is_solo(state):
        you = 1 - WOLFGANG_SEAT
        out["solo"] = {
            "difficulty": solo_of(state).difficulty,
            "won": WOLFGANG_SEAT in winners,
            "margin": totals[WOLFGANG_SEAT] - totals[you],
        }
    return out


def _profession_name(catalog, pid) -> str | None:
    card = catalog.professions.get(pid) if pid else None
    return card.name if card is not None else pid


def is_over(state) -> bool:
    """The game reached its final scoring: its log is everyone's to read."""
    return state.phase == "over" and bool(state.final)


def bucket(rec: dict) -> dict:
    """What the club page filters by: the number of players, the expansions played, and the
    kind of play (a solo game against Wolfgang is one of its own)."""
    return {
        "players": rec["players"],
        "expansions": rec["expansions"],
        "kind": SOLO if rec["solo"] else "",
    }


def contribution(rec: dict) -> dict:
    """One game as counts and sums (`tally.add` sums them; minus one game subtracts it)."""
    if rec["solo"]:
        solo = rec["solo"]
        return {
            "solo_games": 1,
            "wolfgang": {
                solo["difficulty"]: {
                    "games": 1,
                    "wins": int(solo["won"]),
                    "margin": solo["margin"],
                }
            },
        }
    auctions: dict = {}
    for p in rec["purchases"]:
        a = auctions.setdefault(p["object"], {"bought": 0, "price": 0, "by_round": {}})
        a["bought"] += 1
        a["price"] += p["price"]
        r = a["by_round"].setdefault(str(p["round"]), {"bought": 0, "price": 0})
        r["bought"] += 1
        r["price"] += p["price"]
    works: dict = {"completed": 0, "value": 0, "by_round": {}}
    players: dict = {}
    for s in rec["seats"]:
        mine = players.setdefault(
            s["name"], {"games": 0, "wins": 0, "score": 0, "professions": {}, "work_values": {}}
        )
        mine["games"] += 1
        mine["wins"] += int(s["winner"])
        mine["score"] += s["score"]
    for w in rec["works"]:
        works["completed"] += 1
        works["value"] += w["value"]
        r = works["by_round"].setdefault(str(w["round"]), {"completed": 0, "value": 0})
        r["completed"] += 1
        r["value"] += w["value"]
        mine = players[w["player"]]
        if not w["princess"]:
            name = w["profession_name"]
            mine["professions"][name] = mine["professions"].get(name, 0) + 1
        v = str(w["value"])
        mine["work_values"][v] = mine["work_values"].get(v, 0) + 1
    return {
        "games": 1,
        "auctions": auctions,
        "works": works,
        "positions": {
            str(s["position"]): {"games": 1, "wins": int(s["winner"])} for s in rec["seats"]
        },
        "players": players,
    }


def figures(totals: dict) -> dict:
    """Summed contributions as the club reads them (the shape of `palazzo stats --json`)."""
    auctions = {
        obj: {
            "bought": a["bought"],
            "mean_price": mean(a["price"], a["bought"]),
            "by_round": {
                r: {"bought": x["bought"], "mean_price": mean(x["price"], x["bought"])}
                for r, x in sorted(a["by_round"].items(), key=lambda kv: int(kv[0]))
                if x["bought"]
            },
        }
        for obj, a in sorted((totals.get("auctions") or {}).items())
        if a["bought"]
    }
    w = totals.get("works") or {"completed": 0, "value": 0, "by_round": {}}
    works = {
        "completed": w["completed"],
        "mean_value": mean(w["value"], w["completed"]),
        "by_round": {
            r: {"completed": x["completed"], "mean_value": mean(x["value"], x["completed"])}
            for r, x in sorted(w["by_round"].items(), key=lambda kv: int(kv[0]))
            if x["completed"]
        },
    }
    players = {}
    for name, p in sorted((totals.get("players") or {}).items()):
        if not p["games"]:
            continue
        values = [int(v) for v, k in p["work_values"].items() if k]
        liked = sorted(((-k, n) for n, k in p["professions"].items() if k))
        players[name] = {
            "games": p["games"],
            "wins": p["wins"],
            "mean_score": mean(p["score"], p["games"]),
            "works": sum(p["work_values"].values()),
            "best_work": max(values) if values else None,
            "favourite_professions": [n for _, n in liked[:3]],
        }
    return {
        "games": totals.get("games", 0),
        "auctions": auctions,
        "works": works,
        "positions": {
            k: v
            for k, v in sorted((totals.get("positions") or {}).items(), key=lambda kv: int(kv[0]))
            if v["games"]
        },
        "players": players,
        "wolfgang": {
            d: {
                "games": x["games"],
                "wins": x["wins"],
                "mean_margin": mean(x["margin"], x["games"]),
            }
            for d, x in sorted((totals.get("wolfgang") or {}).items())
            if x["games"]
        },
    }


def purchase_rows(game_id: str, rec: dict) -> list[dict]:
    """The per-purchase table's rows of one game (the CSV export)."""
    return [{"game": game_id, **p} for p in rec.get("purchases", ())]


def game_rows(game_id: str, rec: dict) -> list[dict]:
    """The per-game table's rows: one a seat (the CSV export)."""
    solo = rec.get("solo") or {}
    return [
        {
            "game": game_id,
            "players": rec["players"],
            "expansions": " ".join(rec["expansions"]),
            "solo": solo.get("difficulty", ""),
            **s,
        }
        for s in rec["seats"]
    ]


# -- the club page's words (in the reader's language) -----------------------------------------

TEMPLATE = "princes/club.html"


def labels(figures: dict) -> dict:
    """The names the club page shows for this game's keys: objects and difficulty levels."""
    from .words import difficulty_name, object_name

    return {
        "objects": {obj: object_name(obj) for obj in figures.get("auctions", {})},
        "levels": {d: difficulty_name(d) for d in figures.get("wolfgang", {})},
    }
