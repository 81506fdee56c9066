"""The table as the engine sees it: plain data that round-trips through JSON.

States are mutated only by the engine's handlers, and only after an event has passed every check,
so a refused event leaves a state untouched. `clone()` gives the pure `state + event -> state`
interface its copy; replay folds in place because nobody sees the intermediate states.
"""

from __future__ import annotations

from typing import Any

from companion.core.jsoncopy import json_copy

from .catalog import BUILTIN, DEFAULT_EDITION, LANDSCAPES, Catalog
from .module import Part, part_types

PLAYER_FIELDS = (
    "name",
    "money",
    "fame",
    "jesters",
    "builders",
    "buildings",
    "landscapes",
    "freedoms",
    "hand",
    "table",
    "bonus_cards",
    "prestige_cards",
    "pieces",
    "works",
    "best_this_round",
    "actions",
    "once_used",
    "acquired",
    "left_auctions",
    "fame_by_round",
)
# a player's fields that are lists: copied as lists both ways (to_dict, from_dict)
PLAYER_LISTS = (
    "buildings",
    "freedoms",
    "hand",
    "table",
    "bonus_cards",
    "prestige_cards",
    "fame_by_round",
    "once_used",
)


class Player:
    """One Principality with its owner's cards and purse."""

    __slots__ = PLAYER_FIELDS + ("parts",)

    def __init__(self, name: str, money: int):
        self.name = name
        self.money = money
        self.fame = 0
        self.jesters = 0
        self.builders = 0
        self.buildings: list[str] = []
        self.landscapes = {k: 0 for k in LANDSCAPES}
        self.freedoms: list[str] = []
        self.hand: list[str] = []  # Profession ids; "recruiting" for a Recruiting card
        self.table: list[str] = []  # Works: Profession ids, or "recruiting" once recruited
        self.bonus_cards: list[str] = []  # in hand, not yet played
        self.prestige_cards: list[str] = []
        self.pieces: list[list] = []  # [piece id, [[row, col], ...]] when the game has a grid
        self.works: list[dict] = []  # {round, profession, value, prestige}
        self.best_this_round = 0  # where the Pawn stands on the Fame track (0: no Work)
        self.actions = 0  # used this turn
        self.once_used: list[str] = []  # once-per-turn actions used this turn (event types)
        self.acquired: str | None = None  # the object won this round
        self.left_auctions = False
        self.fame_by_round: list[int] = []
        self.parts: dict[str, Part] = {}  # what modules keep per player, by module name

    @property
    def took_profession(self) -> bool:
        return "profession_taken" in self.once_used

    @property
    def introduced_freedom(self) -> bool:
        return "freedom_introduced" in self.once_used

    def part(self, module: str) -> Any:
        """The state module `module` keeps for this player (its Part dataclass)."""
        return self.parts[module]

    @property
    def has_pawn(self) -> bool:
        """Still in front of the player: may open or bid on auctions this round."""
        return self.acquired is None and not self.left_auctions

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in PLAYER_FIELDS}
        d["landscapes"] = dict(self.landscapes)
        for f in PLAYER_LISTS:
            d[f] = list(d[f])
        d["parts"] = {k: v.to_dict() for k, v in self.parts.items()}
        d["pieces"] = [[p, [list(c) for c in cells]] for p, cells in self.pieces]
        d["works"] = json_copy(self.works)
        return d

    def clone(self) -> Player:
        """`from_dict(to_dict())` in one pass (every move clones every player)."""
        p = Player.__new__(Player)
        p.name = self.name
        p.money = self.money
        p.fame = self.fame
        p.jesters = self.jesters
        p.builders = self.builders
        p.buildings = list(self.buildings)
        p.landscapes = dict(self.landscapes)
        p.freedoms = list(self.freedoms)
        p.hand = list(self.hand)
        p.table = list(self.table)
        p.bonus_cards = list(self.bonus_cards)
        p.prestige_cards = list(self.prestige_cards)
        p.pieces = [[piece, [list(c) for c in cells]] for piece, cells in self.pieces]
        p.works = json_copy(self.works)
        p.best_this_round = self.best_this_round
        p.actions = self.actions
        p.once_used = list(self.once_used)
        p.acquired = self.acquired
        p.left_auctions = self.left_auctions
        p.fame_by_round = list(self.fame_by_round)
        p.parts = {k: v.clone() for k, v in self.parts.items()}
        return p

    @classmethod
    def from_dict(cls, d: dict) -> Player:
        p = cls.__new__(cls)
        for f in PLAYER_FIELDS:
            setattr(p, f, d[f])
        p.landscapes = dict(d["landscapes"])
        for f in PLAYER_LISTS:
            setattr(p, f, list(d[f]))
        types = part_types(game=False)
        p.parts = {k: types[k].from_dict(v) for k, v in d.get("parts", {}).items()}
        p.pieces = [[piece, [list(c) for c in cells]] for piece, cells in d["pieces"]]
        p.works = json_copy(d["works"])
        return p


STATE_FIELDS = (
    "players",
    "round",
    "phase",
    "start_player",
    "turn",
    "turns_taken",
    "grid",
    "edition",
    "expansions",
    "modules",
    "stacks",
    "building_supply",
    "freedom_supply",
    "profession_deck",
    "bonus_deck",
    "prestige_deck",
    "auction",
    "rounds",
    "final",
    "taught",
    "events_applied",
)


class GameState:
    """Everything public and private about one game; views decide who sees what."""

    __slots__ = STATE_FIELDS + ("catalog", "parts")

    def __init__(self, catalog: Catalog = BUILTIN):
        self.catalog = catalog
        self.players: list[Player] = []
        self.round = 0
        self.phase = "not_started"  # not_started, setup, auction, action, over
        self.start_player = 0
        self.turn: int | None = None  # whose action turn it is
        self.turns_taken = 0
        self.grid = False
        self.edition = DEFAULT_EDITION  # the rules of the box (catalog.EDITIONS)
        self.expansions = {"muse_princess": False, "cooperative": False}
        self.modules: list[str] = []  # the modules this game plays with, besides the base game
        self.parts: dict[str, Part] = {}  # what modules keep per game, by module name
        self.stacks: dict[str, int] = {}
        self.building_supply: dict[str, int] = {}
        self.freedom_supply: dict[str, int] = {}
        self.profession_deck = 0
        self.bonus_deck: list[str] = []
        self.prestige_deck: list[str] = []
        self.auction = new_auction(None)
        self.rounds: list[dict] = []  # per finished round: best work, who scored it
        self.final: dict | None = None
        self.taught: dict = {}  # catalog entries taught by this game's own events
        self.events_applied = 0

    def clone(self) -> GameState:
        """What `from_dict(to_dict(), catalog)` gives, in one pass: the mutable fields copied,
        the immutable ones shared, the catalog above all (already merged with what was
        taught, and frozen: never merged again). Every move and every screen clones."""
        s = GameState.__new__(GameState)
        s.catalog = self.catalog
        s.players = [p.clone() for p in self.players]
        s.round = self.round
        s.phase = self.phase
        s.start_player = self.start_player
        s.turn = self.turn
        s.turns_taken = self.turns_taken
        s.grid = self.grid
        s.edition = self.edition
        s.expansions = dict(self.expansions)
        s.modules = list(self.modules)
        s.parts = {k: v.clone() for k, v in self.parts.items()}
        s.stacks = dict(self.stacks)
        s.building_supply = dict(self.building_supply)
        s.freedom_supply = dict(self.freedom_supply)
        s.profession_deck = self.profession_deck
        s.bonus_deck = list(self.bonus_deck)
        s.prestige_deck = list(self.prestige_deck)
        s.auction = json_copy(self.auction)
        s.rounds = json_copy(self.rounds)
        s.final = json_copy(self.final)
        s.taught = json_copy(self.taught)
        s.events_applied = self.events_applied
        return s

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in STATE_FIELDS}
        d["players"] = [p.to_dict() for p in self.players]
        d["expansions"] = dict(self.expansions)
        d["modules"] = list(self.modules)
        d["parts"] = {k: v.to_dict() for k, v in self.parts.items()}
        d["auction"] = json_copy(self.auction)
        d["rounds"] = json_copy(self.rounds)
        d["final"] = json_copy(self.final)
        d["taught"] = json_copy(self.taught)
        for f in ("stacks", "building_supply", "freedom_supply"):
            d[f] = dict(d[f])
        d["bonus_deck"] = list(self.bonus_deck)
        d["prestige_deck"] = list(self.prestige_deck)
        return d

    @classmethod
    def from_dict(cls, d: dict, catalog: Catalog = BUILTIN) -> GameState:
        s = cls(catalog.merged(d.get("taught")))
        for f in STATE_FIELDS:
            if f != "players":
                setattr(s, f, json_copy(d[f]))
        s.players = [Player.from_dict(p) for p in d["players"]]
        types = part_types(game=True)
        s.parts = {k: types[k].from_dict(v) for k, v in d.get("parts", {}).items()}
        return s

    def part(self, module: str) -> Any:
        """The state module `module` keeps for this game (its Part dataclass)."""
        return self.parts[module]

    @property
    def n(self) -> int:
        return len(self.players)

    def seats_from(self, seat: int) -> list[int]:
        """Seats in clockwise order, starting with `seat`."""
        n = len(self.players)
        return [(seat + i) % n for i in range(n)]


def new_auction(opener: int | None) -> dict:
    return {"opener": opener, "current": None, "taken": [], "pending": []}
