"""Everything the Firenze rulebook prints, in one place; and the board a table teaches once.

The rulebook sends players to the board and an overview sheet for most numbers. What it prints
is here; the rest (each tower's commission heights and Prestige Points, the majority bonuses,
the level tiles) is a `Board` the table teaches once and the installation remembers. Printed
numbers are checked against every taught board, so a typo cannot contradict the rulebook.
"""

from __future__ import annotations

import math

from .refusals import N_, named_colour, said

# Game Contents: 88 bricks.
COLOURS = ("white", "yellow", "green", "red", "blue", "purple")
BRICKS = {"white": 25, "yellow": 18, "green": 15, "red": 12, "blue": 10, "purple": 8}
TOTAL_BRICKS = sum(BRICKS.values())  # 88

ACTION_CARDS = 52  # including the Campanile
START_CARDS = 10
CAMPANILE = "Campanile"
MONUMENT = "Monument"  # the Celebration card a player may receive outside their turn
CARD_KINDS = ("event", "personnel", "celebration", "building", "church")
CHURCH_SPACES = 4

# Set Up, steps 5 and 7; Tips for Setting Up the Game.
SEALS_PER_PLAYER = {2: 9, 3: 7, 4: 6}
NEUTRAL_SEALS = 7  # 5 in normal play, 2 more for the variants
NORMAL_NEUTRAL_SEALS = 5
PLAYERS = (2, 4)
LEVELS_PER_TOWER = 6  # 36 commissions, 6 per tower colour
BALCONY_NUMERALS = (1, 2, 3, 4)
LEVEL_TILES = 4

# Set Up, step 8: the start player gets 2 white bricks, then clockwise one more each.
FIRST_START_BRICKS = 2

# 1) Choose a card: the row of six, 4 pouch bricks on each new card; a card costs one brick per
# card to its left.
ROW_SIZE = 6
BRICKS_PER_CARD = 4

# 3) Build Towers: construction cost by bricks used this turn.
MAX_BRICKS_PER_TURN = 6
CONSTRUCTION_COST = {0: 0, 1: 0, 2: 0, 3: 1, 4: 3, 5: 6, 6: 10}

# 6) Check Limits.
STOREHOUSE_LIMIT = 10
CARD_LIMIT = 5

# The End of the Game.
END_BONUS = 5

# Numbers printed in the examples: a taught board must agree with them.
PRINTED_COMMISSIONS = {("green", 5): 4, ("green", 6): 5}  # Construction Commissions; 5) Fulfil
PRINTED_LEVEL_TILES = {6: 2}  # Level Bonus example
PRINTED_MAJORITY = {"white": 2}  # Final Scoring example

# Card texts the rulebook prints (Set Up and the card images); Palazzo applies these itself.
# Marked for translation: a screen shows them with `_()`.
PRINTED_CARDS = {
    "Princess": N_("In this turn, pay no Card Cost for choosing a card from the Card Row."),
    "Campanile": N_(
        "Each player must build a bell tower for the Church 3 white Bricks high. "
        "No Commission can be fulfilled until its completion."
    ),
    "Wholesaler": N_(
        "Replace all the Bricks on one card of the Card Row with new Bricks from the Pouch."
    ),
    "Mason": N_("This turn, your Construction Costs are reduced by 3."),
    "Smuggler": N_("Exchange 1 Brick from your Storehouse for one in another player's Storehouse."),
    "Storehouse Fire": N_(
        "Place 3 Bricks from your Storehouse into the Pouch. The Bricks on this "
        "card may not be used for that purpose."
    ),
    "Saboteur": N_("Place 1 Brick from another player's Tower in the Pouch."),
    "Botch": N_("Place one Brick from one of your Towers in the Pouch."),
}
MASON_REDUCTION = 3
STOREHOUSE_FIRE_BRICKS = 3
BELL_TOWER_HEIGHT = 3
# Named in the rulebook without their text: the table records what they did.
NAMED_WITHOUT_TEXT = ("Patrician", "Monument", "Workshop", "Recognition")
# Every card the rulebook names: a screen names these in the reader's language (names.toml).
NAMED_CARDS = (*PRINTED_CARDS, *NAMED_WITHOUT_TEXT)


def teardown_split(bricks: int) -> tuple[int, int]:
    """4) Tear down: half to the pouch rounding up, the rest back: (to pouch, to storehouse)."""
    to_pouch = math.ceil(bricks / 2)
    return to_pouch, bricks - to_pouch


def card_cost(position: int) -> int:
    """Card Costs: the leftmost card (position 1) is free, each one costs one brick more."""
    return position - 1


def start_bricks(order: int) -> int:
    """White bricks for the player `order` places clockwise from the start player (0-based)."""
    return FIRST_START_BRICKS + order


class BoardError(ValueError):
    """A taught board that cannot be right: the message says what to fix. Marked and with its
    values apart, like a refusal (`template`, `params`), so the web edge can translate it."""

    def __init__(self, message: str, at: tuple = (), **params: object):
        super().__init__(message % params if params else message)
        self.template = message
        self.params = params
        self.message = str(self)
        # what is wrong, so a form can mark that field: ("commission", colour, height),
        # ("tower", colour), ("majority", colour), ("level_tile", height), ("level_tiles",)
        self.at = at


class Board:
    """What the game board prints and the rulebook text does not: taught once at the table.

    `commissions[colour][height] = PP` (six heights per tower), `majority[colour] = PP`,
    `level_tiles[height] = PP` (four tiles).
    """

    def __init__(self, commissions: dict, majority: dict, level_tiles: dict):
        self.commissions = commissions
        self.majority = majority
        self.level_tiles = level_tiles

    @classmethod
    def from_dict(cls, data) -> Board:
        if not isinstance(data, dict):
            raise BoardError(
                N_("The board gives the commissions, the majority bonuses and the level tiles")
            )
        extra = set(data) - {"commissions", "majority", "level_tiles"}
        if extra:
            raise BoardError(
                N_("The board gives only the commissions, the majority bonuses and the level tiles")
            )
        commissions = {}
        raw = data.get("commissions")
        if not isinstance(raw, dict) or set(raw) != set(COLOURS):
            raise BoardError(N_("Teach the commissions of all six towers"))
        for colour in COLOURS:
            levels = _heights(
                raw[colour],
                said(N_("the %(colour)s tower"), colour=named_colour(colour)),
                ("tower", colour),
            )
            if len(levels) != LEVELS_PER_TOWER:
                raise BoardError(
                    N_("The %(colour)s tower has %(count)s commissions"),
                    at=("tower", colour),
                    colour=named_colour(colour),
                    count=LEVELS_PER_TOWER,
                )
            commissions[colour] = levels
        majority = data.get("majority")
        if not isinstance(majority, dict) or set(majority) != set(COLOURS):
            raise BoardError(N_("Teach the majority bonus (the flag) of all six towers"))
        for colour, pp in majority.items():
            if not _points(pp):
                raise BoardError(
                    N_("The %(colour)s majority bonus is a whole number of PP"),
                    at=("majority", colour),
                    colour=named_colour(colour),
                )
        tiles = _heights(data.get("level_tiles"), said(N_("the level tiles")), ("level_tiles",))
        if len(tiles) != LEVEL_TILES:
            raise BoardError(
                N_("There are %(count)s level tiles"), at=("level_tiles",), count=LEVEL_TILES
            )
        board = cls(commissions, dict(majority), tiles)
        board.check_printed()
        return board

    def check_printed(self):
        for (colour, height), pp in PRINTED_COMMISSIONS.items():
            if self.commissions[colour].get(height) != pp:
                raise BoardError(
                    N_(
                        "The rulebook prints the %(colour)s commission for %(height)s levels at %(pp)s PP"
                    ),
                    at=("commission", colour, height),
                    colour=named_colour(colour),
                    height=height,
                    pp=pp,
                )
        for height, pp in PRINTED_LEVEL_TILES.items():
            if self.level_tiles.get(height) != pp:
                raise BoardError(
                    N_("The rulebook prints the level tile for %(height)s at %(pp)s PP"),
                    at=("level_tile", height),
                    height=height,
                    pp=pp,
                )
        for colour, pp in PRINTED_MAJORITY.items():
            if self.majority[colour] != pp:
                raise BoardError(
                    N_("The rulebook prints the %(colour)s majority bonus at %(pp)s PP"),
                    at=("majority", colour),
                    colour=named_colour(colour),
                    pp=pp,
                )

    def to_dict(self) -> dict:
        return {
            "commissions": {
                c: {str(h): pp for h, pp in sorted(levels.items())}
                for c, levels in self.commissions.items()
            },
            "majority": dict(self.majority),
            "level_tiles": {str(h): pp for h, pp in sorted(self.level_tiles.items())},
        }


def _points(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99


def _heights(raw, what: str, at: tuple) -> dict[int, int]:
    """`{height: PP}` with heights as numbers or digit strings (JSON keys are strings); `what`
    is a marked phrase (`said`) naming the tower or the tiles, `at` where it is (BoardError)."""
    if not isinstance(raw, dict):
        raise BoardError(N_("For %(what)s, give the PP of each height"), at=at, what=what)
    out = {}
    for key, pp in raw.items():
        height = int(key) if isinstance(key, str) and key.isdigit() else key
        if not isinstance(height, int) or isinstance(height, bool) or not 1 <= height <= 99:
            raise BoardError(
                N_("For %(what)s, %(height)s is not a tower height"),
                at=at,
                what=what,
                height=str(key),
            )
        if not _points(pp):
            raise BoardError(
                N_("For %(what)s, the PP of height %(height)s is a whole number"),
                at=at,
                what=what,
                height=height,
            )
        out[height] = pp
    return out
