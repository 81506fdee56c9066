"""Who sees what in Firenze: the log contract's summary, the table's view, a seat's own view.

Storehouses, towers, seals and Prestige are on the table for all to see; a hand of Personnel and
Celebration cards is private to its owner (the table sees how many) until the final scoring.
"""

from __future__ import annotations

from .cards import is_monument
from .catalog import (
    CARD_LIMIT,
    COLOURS,
    CONSTRUCTION_COST,
    MAX_BRICKS_PER_TURN,
    START_CARDS,
    STOREHOUSE_LIMIT,
    card_cost,
    teardown_split,
)
from .state import card_count, total
from .turn import commission_for


def current_player(state: dict) -> int | None:
    return state["turn"] if state.get("phase") == "play" else None


def row_view(state: dict) -> list[dict]:
    return [
        {
            "position": i,
            "name": slot["card"]["name"],
            "kind": slot["card"]["kind"],
            "bricks": dict(slot["bricks"]),
            "cost": card_cost(i),
        }
        for i, slot in enumerate(state.get("row", []), 1)
    ]


def _player(state: dict, seat: int, *, private: bool) -> dict:
    p = state["players"][seat]
    out = {
        "seat": seat,
        "name": p["name"],
        "pp": p["pp"],
        "storehouse": dict(p["storehouse"]),
        "towers": [dict(t) for t in p["towers"]],
        "buildings": [c["name"] for c in p["buildings"]],
        "hand_size": len(p["hand"]),
        "seals_left": p["seals_left"],
        "seals": [dict(s) for s in p["seals"]],
        "level_tiles": [dict(t) for t in p["level_tiles"]],
        "end_tile": p["end_tile"],
    }
    if private or state["phase"] == "over":
        out["hand"] = [{"name": c["name"], "kind": c["kind"]} for c in p["hand"]]
    return out


def board_view(state: dict) -> list[dict]:
    """Each tower's commissions, low to high: height, PP, who sealed it, balcony numeral."""
    out = []
    for colour in COLOURS:
        levels = []
        for h, pp in sorted(
            ((int(h), pp) for h, pp in state["board"]["commissions"][colour].items())
        ):
            balcony = next(
                (b for b in state["balconies"] if b["colour"] == colour and b["height"] == h),
                None,
            )
            seal = state["seals"].get(f"{colour}:{h}")
            levels.append(
                {
                    "height": h,
                    "pp": balcony["pp"] if balcony else pp,
                    "balcony": balcony["numeral"] if balcony else None,
                    "open": balcony is None or balcony["numeral"] == state["next_balcony"],
                    "sealed_by": None
                    if seal is None
                    else ("neutral" if seal == "neutral" else state["players"][seal]["name"]),
                }
            )
        out.append(
            {"colour": colour, "majority": state["board"]["majority"][colour], "levels": levels}
        )
    return out


def public_view(state: dict) -> dict:
    if state.get("phase") in (None, "not_started"):
        return {"game": "firenze", "phase": "not_started"}
    return {
        "game": "firenze",
        "phase": state["phase"],
        "current_player": current_player(state),
        "players": [_player(state, s, private=False) for s in range(state["n"])],
        "row": row_view(state),
        "board": board_view(state),
        "level_tiles": {int(h): pp for h, pp in state["level_tiles"].items()},
        "next_balcony": state["next_balcony"],
        "church": [c["name"] for c in state["church"]],
        "pouch": total(state["pouch"]),
        "deck": state["deck_unknown"] + len(state["deck_known"]),
        # the 10 Start cards lie on top of the deck: the next card has the Start symbol
        "start_cards_left": START_CARDS - state["start_revealed"] if state["deck_unknown"] else 0,
        "discard": len(state["discard"]),
        "end": state["end"],
        "final": state["final"],
        "pending": dict(state["pending"]),
    }


def construction_costs(state: dict, seat: int) -> list[dict]:
    """What building 1-6 bricks this turn would cost, and whether the storehouse covers it."""
    p = state["players"][seat]
    reduction = state["t"]["mason"] if state["turn"] == seat else 0
    have = total(p["storehouse"])
    return [
        {
            "bricks": n,
            "cost": max(0, CONSTRUCTION_COST[n] - reduction),
            "affordable": n + max(0, CONSTRUCTION_COST[n] - reduction) <= have,
        }
        for n in range(1, MAX_BRICKS_PER_TURN + 1)
    ]


def monument_sources(state: dict, seat: int) -> list[dict]:
    """Where a Monument could come to this seat from (ruling F15). Who took a card from the
    row is public, so naming the player who holds the Monument reveals no secret."""
    if state["phase"] != "play":
        return []
    out = []
    for s, p in enumerate(state["players"]):
        if s != seat and any(is_monument(c) for c in p["hand"]):
            out.append({"source": f"hand:{s}", "label": p["name"]})
    if any(is_monument(c) for c in state["discard"]):
        out.append({"source": "discard", "label": "the discard pile"})
    return out


def seat_view(state: dict, seat: int) -> dict:
    """A phone's view: everything public, plus this seat's hand and its options."""
    view = public_view(state)
    if state.get("phase") in (None, "not_started"):
        return view
    view["me"] = _player(state, seat, private=True)
    p = state["players"][seat]
    t = state["t"]
    mine = state["turn"] == seat and state["phase"] == "play"
    at_risk = []
    fulfil = []
    for tw in p["towers"]:
        offer = commission_for(state, tw)
        if not isinstance(offer, str):
            fulfil.append(
                {
                    "tower": tw["id"],
                    "colour": tw["colour"],
                    "height": tw["bricks"],
                    "pp": offer[0],
                    "balcony": offer[1]["numeral"] if offer[1] else None,
                    "level_tile": state["level_tiles"].get(str(tw["bricks"])),
                }
            )
        if (
            mine
            and not t["closed"]
            and tw["id"] in t["start_towers"]
            and tw["id"] not in t["worked"]
        ):
            to_pouch, back = teardown_split(tw["bricks"])
            at_risk.append(
                {
                    "tower": tw["id"],
                    "colour": tw["colour"],
                    "height": tw["bricks"],
                    "to_pouch": to_pouch,
                    "back": back,
                }
            )
    view["my_turn"] = mine
    view["turn_state"] = {"used": [], **t} if mine else None
    view["at_risk"] = at_risk
    view["fulfil_now"] = fulfil if not (state["campanile"]["active"] and not p["bell_done"]) else []
    view["construction"] = construction_costs(state, seat)
    view["monument_from"] = monument_sources(state, seat)
    view["limits"] = {
        "storehouse": total(p["storehouse"]),
        "storehouse_limit": STOREHOUSE_LIMIT,
        "cards": card_count(p),
        "card_limit": CARD_LIMIT,
    }
    return view


def summary(state: dict) -> dict:
    """The state as `palazzo replay --json` prints it for a Firenze log (in words:
    `companion.games.firenze.words.describe`)."""
    if state.get("phase") in (None, "not_started"):
        return {"game": "firenze", "phase": "not_started", "players": []}
    return {
        "game": "firenze",
        "phase": state["phase"],
        "current_player": current_player(state),
        "players": [_player(state, s, private=True) for s in range(state["n"])],
        "row": row_view(state),
        "pouch": dict(state["pouch"]),
        "church": [c["name"] for c in state["church"]],
        "final": state["final"],
    }
