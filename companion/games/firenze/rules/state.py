"""The Firenze table as the engine sees it: plain JSON data, so a snapshot is the state itself.

Bricks are counted by colour (`{"white": 3, ...}`); every brick is always somewhere: the pouch,
a card in the row, a storehouse or a tower. Handlers check everything before changing anything.
"""

from __future__ import annotations

from collections import Counter

from companion.core.jsoncopy import json_copy

from .catalog import COLOURS
from .refusals import N_, Named, named_colour, refuse, said

POUCH = said(N_("The pouch"))


def new_state() -> dict:
    return {"game": "firenze", "phase": "not_started", "events_applied": 0}


def clone(state: dict) -> dict:
    """A copy for the pure `apply`: the state is plain JSON (a snapshot is the state itself)."""
    return json_copy(state)


def bricks(colours=()) -> dict:
    """A brick count with every colour present (zeros included), from a list of colours."""
    counted = Counter(colours)
    return {c: counted.get(c, 0) for c in COLOURS}


def total(pile: dict) -> int:
    return sum(pile.values())


def has(pile: dict, colours) -> bool:
    return all(pile.get(c, 0) >= n for c, n in Counter(colours).items())


def require(pile: dict, colours, where: Named | str, code: str = "not_in_storehouse"):
    """Refuse unless `pile` holds all these bricks; names the first missing colour. `where`
    is a marked phrase (`POUCH`, `storehouse_of(...)`) or a player's name."""
    for c, n in Counter(colours).items():
        if pile.get(c, 0) < n:
            refuse(
                code,
                N_("%(where)s has %(have)s %(colour)s, not %(need)s"),
                where=where,
                have=pile.get(c, 0),
                colour=named_colour(c),
                need=n,
            )


def storehouse_of(player: dict) -> Named:
    """A player's storehouse, in words."""
    return said(N_("%(name)s's storehouse"), name=player["name"])


def move(source: dict, target: dict, colours):
    """Move checked bricks (call `require` first)."""
    for c in colours:
        source[c] -= 1
        target[c] += 1


def expand(pile: dict) -> list[str]:
    return [c for c in COLOURS for _ in range(pile.get(c, 0))]


def new_player(name: str, seals: int, white: int) -> dict:
    return {
        "name": name,
        "storehouse": bricks(["white"] * white),
        "towers": [],  # {"id", "colour", "bricks", "bell"}
        "next_tower": 1,
        "hand": [],  # Personnel and Celebration cards: {"name", "kind"}
        "buildings": [],
        "pp": 0,
        "seals_left": seals,
        "seals": [],  # {"colour", "height", "balcony"}
        "level_tiles": [],
        "end_tile": False,
        "bell_done": False,
    }


def tower(player: dict, tower_id) -> dict:
    for t in player["towers"]:
        if t["id"] == tower_id:
            return t
    refuse(
        "tower_unknown",
        N_("%(name)s has no tower %(tower)s"),
        name=player["name"],
        tower=tower_id,
    )
    raise AssertionError  # unreachable


def card_count(player: dict) -> int:
    """6) Card Limit: Personnel and Celebration in hand and Buildings in play."""
    return len(player["hand"]) + len(player["buildings"])


def brick_total(state: dict) -> int:
    """Every brick in the game: the invariant is 88."""
    n = total(state["pouch"]) + sum(total(slot["bricks"]) for slot in state["row"])
    for p in state["players"]:
        n += total(p["storehouse"]) + sum(t["bricks"] for t in p["towers"])
    return n


def slot(state: dict, position: int) -> dict:
    """The card row's card at `position` (1 = leftmost, as printed under the row)."""
    if not 1 <= position <= len(state["row"]):
        refuse("no_such_card", N_("The row has no card %(position)s"), position=position)
    return state["row"][position - 1]


def seal_key(colour: str, height: int) -> str:
    return f"{colour}:{height}"
