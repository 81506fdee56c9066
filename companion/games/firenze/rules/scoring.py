"""Final Scoring: the majority bonus per tower colour, then the Celebration cards; ties share.

The majority goes to the most seals on a tower (balconies count); a tie goes to the tied player
whose seal sits highest on that tower. Celebration cards' values are read off the cards at the
end (`celebrations_scored`), as they are not printed in the rulebook.
"""

from __future__ import annotations

from .catalog import COLOURS, END_BONUS
from .refusals import N_, refuse
from .schema import CelebrationsScored


def celebrations(player: dict) -> list[dict]:
    return [c for c in player["hand"] if c["kind"] == "celebration"]


def finish(state: dict):
    """The last turn is over: score now, or wait for the Celebration cards to be turned over."""
    if any(celebrations(p) for p in state["players"]):
        state["phase"] = "scoring"
    else:
        _score(state, [[] for _ in state["players"]])


def celebrations_scored(state: dict, ev: CelebrationsScored):
    if state["phase"] != "scoring":
        refuse("not_scoring", N_("Celebration cards are turned over at the final scoring"))
    if len(ev.points) != state["n"]:
        refuse("bad_celebrations", N_("Give every player's Celebration cards, seat by seat"))
    for p, points in zip(state["players"], ev.points, strict=True):
        if len(points) != len(celebrations(p)):
            refuse(
                "bad_celebrations",
                N_("%(name)s has %(have)s Celebration cards, not %(given)s"),
                name=p["name"],
                have=len(celebrations(p)),
                given=len(points),
            )
        if any(abs(x) > 99 for x in points):
            refuse("bad_celebrations", N_("A Celebration card moves the marker by at most 99"))
    _score(state, ev.points)


def majority_winner(state: dict, colour: str) -> int | None:
    """The seat that takes this colour's majority bonus, or None if nobody has a seal there."""
    best = None
    for seat, p in enumerate(state["players"]):
        mine = [s["height"] for s in p["seals"] if s["colour"] == colour]
        if not mine:
            continue
        rank = (len(mine), max(mine))
        if best is None or rank > best[0]:
            best = (rank, seat)
    return best[1] if best else None


def _score(state: dict, points: list[list[int]]):
    scores = []
    for seat, p in enumerate(state["players"]):
        majority = {
            c: state["board"]["majority"][c] for c in COLOURS if majority_winner(state, c) == seat
        }
        celebrated = sum(points[seat])
        scores.append(
            {
                "player": seat,
                "name": p["name"],
                "commissions": p.get("pp_commissions", 0),
                "level_tiles": sum(tile["pp"] for tile in p["level_tiles"]),
                "end_bonus": END_BONUS if p["end_tile"] else 0,
                "cards": p.get("pp_cards", 0),
                "before_scoring": p["pp"],
                "majority": majority,
                "celebrations": celebrated,
                "total": p["pp"] + sum(majority.values()) + celebrated,
            }
        )
    for s, p in zip(scores, state["players"], strict=True):
        p["pp"] = s["total"]
    best = max(s["total"] for s in scores)
    state["final"] = {
        "scores": scores,
        "winners": [s["player"] for s in scores if s["total"] == best],
    }
    state["phase"] = "over"
