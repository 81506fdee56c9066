"""A Firenze table for tests: a board as a test table taught it, and helpers to deal and play.

The board's heights and PP below are test data, taught the way a table teaches a real board;
only the numbers the rulebook prints (green 5 = 4 PP, green 6 = 5 PP, the level-6 tile = 2 PP,
the white majority = 2 PP) are the game's own, and the engine refuses a board without them.
"""

from __future__ import annotations

from collections import Counter

from companion.games.firenze.rules import Fold
from companion.games.firenze.rules.catalog import COLOURS

HEIGHTS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 7}
BOARD = {
    "commissions": {c: {str(h): pp for h, pp in HEIGHTS.items()} for c in COLOURS},
    "majority": {"white": 2, "yellow": 3, "green": 3, "red": 4, "blue": 4, "purple": 5},
    "level_tiles": {"3": 1, "5": 2, "6": 2, "7": 3},
}
BALCONIES = [
    {"numeral": 1, "colour": "white", "height": 4, "pp": 7},
    {"numeral": 2, "colour": "red", "height": 5, "pp": 8},
    {"numeral": 3, "colour": "blue", "height": 3, "pp": 6},
    {"numeral": 4, "colour": "purple", "height": 6, "pp": 10},
]
NEUTRAL = [
    {"colour": "yellow", "height": 7},
    {"colour": "green", "height": 3},
    {"colour": "red", "height": 4},
    {"colour": "blue", "height": 2},
    {"colour": "purple", "height": 3},
]
START_KINDS = ["personnel", "building", "personnel", "celebration", "personnel", "church"]


def started(players=("Thomas", "Holger", "Daniela"), start_player=0, **extra) -> dict:
    return {
        "type": "game_started",
        "game": "firenze",
        "players": list(players),
        "start_player": start_player,
        "board": BOARD,
        "balconies": BALCONIES,
        "neutral_seals": NEUTRAL,
        "campanile": False,
        **extra,
    }


def draw(state: dict, prefer=COLOURS, n: int = 4) -> list[str]:
    """Bricks out of the pouch, first of the preferred colours (what chance dealt, in tests)."""
    pouch = Counter(state["pouch"])
    out = []
    for colour in list(prefer) + list(COLOURS):
        while len(out) < n and pouch[colour] > 0:
            pouch[colour] -= 1
            out.append(colour)
    return out


def card(name: str, kind: str = "personnel", start: bool = False) -> dict:
    return {"name": name, "kind": kind, "start": start}


def deal(fold: Fold, row=None, bricks=None):
    """The six start cards of the row (or `row`), with `bricks[i]` or four of one colour each:
    yellow, green, red, blue, purple, white from left to right."""
    row = row or [card(f"Start {i + 1}", START_KINDS[i], True) for i in range(6)]
    for i, c in enumerate(row):
        fold.add(
            {
                "type": "card_revealed",
                "card": c,
                "bricks": (bricks[i] if bricks else None)
                or draw(fold.state, (COLOURS[(i + 1) % len(COLOURS)],)),
            }
        )
    return fold


def new_game(**kw) -> Fold:
    fold = Fold()
    fold.add(started(**kw))
    return deal(fold)


def give(state: dict, seat: int, colours) -> None:
    """A test position: move bricks from the pouch to a storehouse (the 88 stay 88)."""
    for c in colours:
        assert state["pouch"][c] > 0
        state["pouch"][c] -= 1
        state["players"][seat]["storehouse"][c] += 1


def empty_storehouse(state: dict, seat: int) -> None:
    for c, k in state["players"][seat]["storehouse"].items():
        state["pouch"][c] += k
        state["players"][seat]["storehouse"][c] = 0


def tower_of(state: dict, seat: int, colour: str, height: int) -> int:
    """A test position: a tower already standing on the construction site, built from the pouch."""
    p = state["players"][seat]
    state["pouch"][colour] -= height
    tid = p["next_tower"]
    p["next_tower"] += 1
    p["towers"].append({"id": tid, "colour": colour, "bricks": height, "bell": False})
    if state["turn"] == seat:
        state["t"]["start_towers"].append(tid)
    return tid
