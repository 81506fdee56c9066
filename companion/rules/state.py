"""The table as the engine sees it: plain data that round-trips through JSON.

States are mutated only by the engine's handlers, and only after an event has passed every check,
so a refused event leaves a state untouched. `clone()` gives the pure `state + event -> state`
interface its copy; replay folds in place because nobody sees the intermediate states.
"""

from __future__ import annotations

from .catalog import BUILTIN, LANDSCAPES, Catalog

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
    "took_profession",
    "introduced_freedom",
    "acquired",
    "left_auctions",
    "fame_by_round",
)


class Player:
    """One Principality with its owner's cards and purse."""

    __slots__ = PLAYER_FIELDS

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
        self.actions = 0
        self.took_profession = False
        self.introduced_freedom = False
        self.acquired: str | None = None  # the object won this round
        self.left_auctions = False
        self.fame_by_round: list[int] = []

    @property
    def has_pawn(self) -> bool:
        """Still in front of the player: may open or bid on auctions this round."""
        return self.acquired is None and not self.left_auctions

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in PLAYER_FIELDS}
        d["landscapes"] = dict(self.landscapes)
        for f in (
            "buildings",
            "freedoms",
            "hand",
            "table",
            "bonus_cards",
            "prestige_cards",
            "fame_by_round",
        ):
            d[f] = list(d[f])
        d["pieces"] = [[p, [list(c) for c in cells]] for p, cells in self.pieces]
        d["works"] = [dict(w) for w in self.works]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Player:
        p = cls.__new__(cls)
        for f in PLAYER_FIELDS:
            setattr(p, f, d[f])
        p.landscapes = dict(d["landscapes"])
        for f in (
            "buildings",
            "freedoms",
            "hand",
            "table",
            "bonus_cards",
            "prestige_cards",
            "fame_by_round",
        ):
            setattr(p, f, list(d[f]))
        p.pieces = [[piece, [list(c) for c in cells]] for piece, cells in d["pieces"]]
        p.works = [dict(w) for w in d["works"]]
        return p


STATE_FIELDS = (
    "players",
    "round",
    "phase",
    "start_player",
    "turn",
    "turns_taken",
    "grid",
    "two_player",
    "expansions",
    "solo",
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
    "modules",
)


class GameState:
    """Everything public and private about one game; views decide who sees what."""

    __slots__ = STATE_FIELDS + ("catalog",)

    def __init__(self, catalog: Catalog = BUILTIN):
        self.catalog = catalog
        self.players: list[Player] = []
        self.round = 0
        self.phase = "not_started"  # not_started, setup, auction, action, over
        self.start_player = 0
        self.turn: int | None = None  # whose action turn it is
        self.turns_taken = 0
        self.grid = False
        self.two_player = False
        self.expansions = {"muse_princess": False, "cooperative": False}
        self.solo: dict | None = None
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
        self.modules: dict = {}  # each expansion's own state, by name

    def clone(self) -> GameState:
        return GameState.from_dict(self.to_dict(), self.catalog)

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in STATE_FIELDS}
        d["players"] = [p.to_dict() for p in self.players]
        d["expansions"] = dict(self.expansions)
        d["solo"] = _copy(self.solo)
        d["auction"] = _copy(self.auction)
        d["rounds"] = _copy(self.rounds)
        d["final"] = _copy(self.final)
        d["taught"] = _copy(self.taught)
        d["modules"] = _copy(self.modules)
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
                setattr(s, f, _copy(d.get(f, {})) if f == "modules" else _copy(d[f]))
        s.players = [Player.from_dict(p) for p in d["players"]]
        return s

    @property
    def n(self) -> int:
        return len(self.players)

    def seats_from(self, seat: int):
        """Seats in clockwise order, starting with `seat`."""
        n = len(self.players)
        return [(seat + i) % n for i in range(n)]


def new_auction(opener: int | None) -> dict:
    return {"opener": opener, "current": None, "taken": [], "pending": []}


def _copy(value):
    """Deep copy of JSON-shaped data, faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
