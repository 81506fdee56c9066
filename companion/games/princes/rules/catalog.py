"""The game's components as data: every number the rulebook prints, and what a table teaches.

The engine reads these tables and never repeats a number in its own code, so a rule is written
once. The rulebook (2022 English edition) does not print the Profession cards' preferences, the
Landscape tiles' sizes or the Automa cards: those are learned from the physical components and
carried, with their source, in a `Catalog` that merges the built-in entries with what an
installation or a game has been taught.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field

from companion.core.lang import LANGUAGES, N_, MarkedError

from .refusals import Named, said

ROUNDS = 7
MINIMUM_WORK_VALUE = {1: 7, 2: 10, 3: 12, 4: 14, 5: 15, 6: 16, 7: 17}
MIN_PLAYERS, MAX_PLAYERS = 2, 5

STARTING_MONEY = 3500
TWO_PLAYER_STARTING_MONEY = 2500
SOLO_STARTING_MONEY = 3500
WOLFGANG_STARTING_MONEY = {"easy": 0, "standard": 1500, "hard": 3500}

OPENING_BID = 200
TWO_PLAYER_OPENING_BID = 300
RAISE = 100

LANDSCAPES = ("forest", "lake", "park")
FREEDOMS = ("travel", "religion", "opinion")
AUCTION_STACKS = {
    "forest": 6,
    "lake": 6,
    "park": 6,
    "prestige": 14,
    "recruiting": 5,
    "jester": 7,
    "builder": 6,
}
TWO_PLAYER_LANDSCAPE_OBJECT = "landscape"
OBJECT_NAMES = {
    "forest": "Forest",
    "lake": "Lake",
    "park": "Park",
    "prestige": "Prestige card",
    "recruiting": "Recruiting card",
    "jester": "Jester",
    "builder": "Builder",
    "landscape": "Landscape",
}

BUILDINGS = {  # id: (name, squares)
    "university": ("University", 7),
    "laboratory": ("Laboratory", 7),
    "workshop": ("Workshop", 7),
    "library": ("Library", 5),
    "opera": ("Opera", 5),
    "studio": ("Studio", 5),
    "hospital": ("Hospital", 5),
    "theater": ("Theater", 5),
    "tower": ("Tower", 3),
    "chapel": ("Chapel", 3),
}
BUILDING_SIZE_CLASS = {7: "large", 5: "medium", 3: "small"}
BUILDINGS_OF_EACH_TYPE = 3
BUILDING_COST_BY_BUILDERS = (700, 300, 300, 0)  # index: Builders owned
MAX_BUILDERS = 3
BUILDERS_FOR_ADJACENT_BUILDINGS = 2
BUILDER_PRESTIGE = (0, 3, 3)  # index: Builders owned before this one (2nd and 3rd earn 3 PP)

PROFESSION_CARD_COST = 300
BONUS_CARD_COST = 300
FREEDOM_COST = 300
CARDS_DRAWN_TO_CHOOSE = 5
PROFESSION_DECK = 21
PROFESSIONS_PER_LANDSCAPE = {"forest": 9, "lake": 7, "park": 5}
STARTING_HAND = 3
RECRUITING_CARD = "recruiting"

ACTIONS_PER_TURN = 2
# Actions a player may take only once in an Action phase, and what the table is told.
ONCE_PER_TURN = {  # marked for translation (companion/core/lang.py): the refusal's message
    "profession_taken": N_("Take a Profession card only once per Action phase"),
    "freedom_introduced": N_("Introduce a Freedom only once per Action phase"),
}
# The expansions in the 2022 box, by their game_started option (Rulebook, pp. 14-16).
EXPANSIONS = ("muse_princess", "cooperative")

WORK_VALUE = {"building": 4, "landscape": 3, "freedom": 3, "jester": 2, "card": 1}
FLORIN_PER_WORK_VALUE = 100
FLORIN_PER_PRESTIGE_TAKEN = 200
FLORIN_PER_FAME_SOLD = 100

PRESTIGE_FOR_BUILDING = 3
PRESTIGE_FOR_REPEATED_LANDSCAPE = 3
PRESTIGE_FOR_BEST_WORK = 3

GRID_SIZE = 7
# Row 0 is the top. Source: a published translation of the rules (not printed in seed 000).
PALAZZO_CELLS = tuple((r, c) for r in (5, 6) for c in (0, 1, 2))

# Solo play (seed 000, "SOLO RULES").
SOLO_FREEDOMS_OF_EACH = 2
SOLO_DUMMIES = (2, 3)
WOLFGANG_FLORIN_PER_FAME = 200
WOLFGANG = "Wolfgang"
AUTOMA_ROUND_GROUPS = ("1-2", "3-4", "5-7")
# Three cards a round, each used once, stacked by their backs (ruling S2): the deck of 21 holds
# so many cards of each back.
AUTOMA_DECK_SHAPE = {"1-2": 6, "3-4": 6, "5-7": 9}
AUTOMA_GROUP_ROUNDS = {"1-2": (1, 2), "3-4": (3, 4), "5-7": (5, 6, 7)}
AUTOMA_DECK = 21
AUTOMA_ACTIONS = ("work", "build", "profession", "freedom", "bonus")
AUTOMA_FALLBACK = ("profession", "build", "bonus", "freedom")
SOLO_FINAL_AUCTION_PRICE = 200
SOLO_FORCED_BUY_ROLLS = (1, 2)
SOLO_PROTECTED_IN_FINAL_AUCTION = 2  # the two highest die modifiers cannot go for 200

# The Muse and the Princess (seed 000, pp. 14-16). A bid is the space's number x 100 Florin,
# payable in cash; the cards' bid spaces are not in the rulebook's text (ruling M1).
CHARACTERS = {  # id: (name, lowest bid space, highest bid space)
    "banker": ("Banker", 0, 5),
    "cardinal": ("Cardinal", 3, 15),
    "merchant": ("Merchant", 3, 15),
    "muse": ("Muse", 3, 15),
    "princess": ("Princess", 3, 15),
    "professor": ("Professor", 3, 15),
}
FLORIN_PER_CHARACTER_SPACE = 100
BANKER_MONEY = 600  # placed at setup and whenever the Banker is returned
BANKER_GAIN_UNBOUGHT = 100  # each Character Auction phase nobody buys it
BANKER_FLORIN_PER_PRESTIGE = 200  # the exchange at the end of the game
CARDINAL_EXTRA_ACTIONS = 1
MERCHANT_PRESTIGE = 1  # plus MERCHANT_PRESTIGE_PER_OPPONENT for each opponent with more PP
MERCHANT_PRESTIGE_PER_OPPONENT = 1
# The Princess's Work Value, per item in the Principality (Freedoms, Jesters, Bonus cards: 0).
PRINCESS_WORK_VALUE = {"landscape": 3, "building": 2, "builder": 2, "card": 1}
# When each Character may be used, per effect (the Muse works by itself, the Banker pays out at
# once): "immediately" after buying it, on the holder's "own_turn" in the Action phase, right
# after the holder "won_bid" on an object, or at the "auction_end" (ruling M3).
CHARACTER_MOMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "cardinal": {"extra_action": ("own_turn",)},
    "merchant": {
        "pay_object": ("won_bid",),
        "prestige": ("immediately", "own_turn", "won_bid", "auction_end"),
    },
    "princess": {"work": ("own_turn",)},
    "professor": {
        "prestige": ("immediately", "own_turn", "won_bid", "auction_end"),
        "bonus": ("immediately", "own_turn", "won_bid", "auction_end"),
    },
}
CHARACTERS_FACE_UP_AFTER_USE = ("banker",)  # the others are flipped face down when used
# Cooperative Building (seed 000, "COOPERATIVE BUILDING EXPANSION"; rulings C3, C6).
COOPERATION_PAYMENT_STEP = 100  # Florin move in 100s; 0 is allowed
SQUARES_CHARGED_PER_SHARED_BUILDING = 1  # without the grid each side is charged 1 square
# Building alone along a neighbour's border ("Additional rule for building alone", p. 17): with
# this many Builders only where the other side holds none of the edition's blockers, with
# BORDER_BUILDERS_ANYTHING or more whatever it holds; with fewer, not at all (every book alike).
BORDER_BUILDERS = 1
BORDER_BUILDERS_ANYTHING = 2
BORDER_FACING = ("empty", "landscape", "building")  # what the neighbour's side holds there


# The rules of the box (docs/rulings.md, "The older edition"). The 2022 edition (seed
# 000) is the authority and the default; a club with the older box plays by its German (seed
# 002) or French (seed 001) rulebook, which differ from the 2022 book in five places and nowhere
# else. Each difference is a field here, read through `rules.editions.edition()`; the books'
# own section titles, for the refusals, are in companion/translations/<language>/citations.toml
# ([edition]), keyed by the topics below.
@dataclass(frozen=True)
class Edition:
    title: str  # marked: what the host chooses and every screen shows
    book: str  # the rulebook's language: "en", "de" or "fr"
    # 1. The last player's price: None is the opening bid (300 with 2 players: contract ruling 2,
    #    the German "den Grundpreis"); a number is that price whatever the opening bid (French).
    last_player_price: int | None
    # 2. With BORDER_BUILDERS, what on the neighbour's side stops a Building built alone there.
    border_blocked_by: tuple[str, ...]
    # 3. When the Merchant (for PP) and the Professor may be used: CHARACTER_MOMENTS' effects
    #    this edition times otherwise ("any_time": from the purchase to the next Character
    #    Auction, on any player's turn).
    character_moments: Mapping[str, Mapping[str, tuple[str, ...]]]
    # 4. After a failed cooperative negotiation, may the builder negotiate again this action?
    renegotiate: bool
    # 5. The 4 Profession cards are dealt face up (2022) or face down (the older books); the app
    #    keeps every hand private either way, so this is only said (docs/rulings.md).
    deal_face_up: bool


DEFAULT_EDITION = "2022"
_OLDER_MOMENTS = {
    "merchant": {"prestige": ("any_time",)},
    "professor": {"prestige": ("any_time",), "bonus": ("any_time",)},
}
EDITIONS = {
    "2022": Edition(
        title=N_("2022 edition"),
        book="en",
        last_player_price=None,
        border_blocked_by=("building", "landscape"),
        character_moments={},
        renegotiate=True,
        deal_face_up=True,
    ),
    "older_german": Edition(
        title=N_("older edition, German rulebook"),
        book="de",
        last_player_price=None,
        border_blocked_by=("building",),
        character_moments=_OLDER_MOMENTS,
        renegotiate=False,
        deal_face_up=False,
    ),
    "older_french": Edition(
        title=N_("older edition, French rulebook"),
        book="fr",
        last_player_price=OPENING_BID,
        border_blocked_by=("building",),
        character_moments=_OLDER_MOMENTS,
        renegotiate=False,
        deal_face_up=False,
    ),
}
# What a refusal under an edition cites from that edition's own book (citations.toml [edition]).
EDITION_TOPICS = (
    "last_player_price",
    "building_alone_at_border",
    "character_moments",
    "failed_negotiation",
)

# Bonus cards (seed 000, "Overview of the 20 different Bonus cards"): each adds, per unit of a
# Principality count, the weight given. Counts are defined in `principality_counts`.
BONUS_CARDS = {
    "per_building": ("Each Building +1", {"buildings": 1}),
    "per_large_building": ("Each large Building +2", {"large_buildings": 2}),
    "per_medium_building_and_forest": (
        "Each medium Building and each Forest +1",
        {"medium_buildings": 1, "forests": 1},
    ),
    "per_small_building_and_landscape": (
        "Each small Building and each Landscape +1",
        {"small_buildings": 1, "landscapes": 1},
    ),
    "per_building_size": ("Each Building size +2", {"building_sizes": 2}),
    "per_landscape": ("Each Landscape +1", {"landscapes": 1}),
    "per_forest": ("Each Forest +2", {"forests": 2}),
    "per_lake": ("Each Lake +2", {"lakes": 2}),
    "per_park": ("Each Park +2", {"parks": 2}),
    "per_freedom": ("Each Freedom +2", {"freedoms": 2}),
    "per_jester": ("Each Jester +2", {"jesters": 2}),
    "per_jester_and_freedom": ("Each Jester and each Freedom +1", {"jesters": 1, "freedoms": 1}),
    "per_builder": ("Each Builder +2", {"builders": 2}),
    "per_builder_and_lake": ("Each Builder and each Lake +1", {"builders": 1, "lakes": 1}),
    "per_prestige_card": ("Each Prestige card +2", {"prestige_cards": 2}),
    "per_prestige_card_and_freedom": (
        "Each Prestige card and each Freedom +1",
        {"prestige_cards": 1, "freedoms": 1},
    ),
    "per_landscape_type": ("Each Landscape type +2", {"landscape_types": 2}),
    "per_category": (
        "Each category (Forest, Lake, Park, Jester, Builder, Prestige card, Freedom) +1",
        {"categories": 1},
    ),
    "per_profession_in_hand": (
        "Each Profession or Recruiting card in hand +1",
        {"cards_in_hand": 1},
    ),
    "per_work_on_table": ("Each own Profession or Recruiting card on the table +1", {"works": 1}),
}
CATEGORIES = ("forests", "lakes", "parks", "jesters", "builders", "prestige_cards", "freedoms")

# Prestige cards (seed 000, "Overview of the 14 different Prestige cards").
# kind "most": the most of a count (at least 1), a tie scores the smaller number;
# kind "fewest": the fewest of a count, a tie scores the smaller number;
# kind "at_least": every listed count reaches its threshold.
PRESTIGE_CARDS = {
    "most_buildings": ("Most Buildings", "most", "buildings", 6, 3),
    "two_large_buildings": (
        "At least 2 large Buildings",
        "at_least",
        {"large_buildings": 2},
        5,
        None,
    ),
    "fewest_empty_spaces": ("Fewest empty spaces", "fewest", "empty_spaces", 8, 4),
    "all_landscape_types": (
        "All three Landscape types",
        "at_least",
        {"landscape_types": 3},
        8,
        None,
    ),
    "most_landscapes": ("Most Landscapes", "most", "landscapes", 7, 4),
    "most_forests": ("Most Forests", "most", "forests", 7, 4),
    "most_lakes": ("Most Lakes", "most", "lakes", 6, 3),
    "all_freedoms": ("All three Freedoms", "at_least", {"freedom_types": 3}, 8, None),
    "buildings_freedoms_works": (
        "4 Buildings + 2 Freedoms + 4 Works",
        "at_least",
        {"buildings": 4, "freedoms": 2, "works": 4},
        6,
        None,
    ),
    "most_jesters": ("Most Jesters", "most", "jesters", 6, 3),
    "most_builders": ("Most Builders", "most", "builders", 6, 3),
    "most_parks": ("Most Parks", "most", "parks", 5, 3),
    "builder_jester_landscapes": (
        "1 Builder + 1 Jester + 2 Landscapes",
        "at_least",
        {"builders": 1, "jesters": 1, "landscapes": 2},
        7,
        None,
    ),
    "most_works": ("Most Works", "most", "works", 7, 4),
}


# A Profession card taught at the table may be given its name in each edition's language; the
# catalog file and the `profession_taught` event carry them as `name_en`, `name_de`, `name_fr`
# next to `name` (the name it was taught with, shown where its reader's language has none), so
# a file of one name a card still reads, and an older Palazzo reading a newer file ignores them.
NAME_LANGUAGES = LANGUAGES
NAME_KEYS = {language: f"name_{language}" for language in NAME_LANGUAGES}
NAME_MAX = 40
# what the table teaches of a Profession card: an event's, a form's, a catalog entry's words
PROFESSION_TAUGHT_KEYS = ("name", *NAME_KEYS.values(), "building", "landscape", "freedom")


def taught_names(data: Mapping[str, object]) -> dict[str, str]:
    """The names per language in a catalog entry or an event (`name_de` ...): language -> name,
    only those given, tidied."""
    names = {}
    for language, key in NAME_KEYS.items():
        value = data.get(key)
        text = " ".join(value.split())[:NAME_MAX] if isinstance(value, str) else ""
        if text:
            names[language] = text
    return names


@dataclass(frozen=True)
class Profession:
    id: str
    name: str
    building: str
    landscape: str
    freedom: str
    source: str = ""
    verified: bool = False
    # its name in each language the table gave (language -> name); none: `name` everywhere
    names: dict[str, str] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            **{NAME_KEYS[language]: name for language, name in self.names.items()},
            "building": self.building,
            "landscape": self.landscape,
            "freedom": self.freedom,
            "source": self.source,
            "verified": self.verified,
        }


BUILTIN_PROFESSIONS = {
    "poet": Profession(
        "poet", "Poet", "theater", "lake", "travel", "seed 000, Work scoring example", True
    ),
    "alchemist": Profession(
        "alchemist",
        "Alchemist",
        "laboratory",
        "lake",
        "opinion",
        "published play guide, older printing (unverified)",
        False,
    ),
    "botanist": Profession(
        "botanist",
        "Botanist",
        "laboratory",
        "park",
        "religion",
        "published play guide, older printing (unverified)",
        False,
    ),
}


class CatalogError(MarkedError):
    """A catalog file or a taught entry that cannot be right (unknown ids, bad sizes); its
    message is marked and translated at the edge."""


def profession_from_dict(pid: object, data: dict) -> Profession:
    if (
        not isinstance(pid, str)
        or not pid
        or not pid.replace("_", "").isalnum()
        or pid != pid.lower()
    ):
        raise CatalogError(
            N_('Profession id "%(id)s" must be a lower-case snake_case name'), id=str(pid)[:40]
        )
    if not isinstance(data, dict):
        raise CatalogError(N_('Profession "%(id)s" must be an object'), id=pid)
    building, landscape, freedom = data.get("building"), data.get("landscape"), data.get("freedom")
    if not isinstance(building, str) or building not in BUILDINGS:
        raise CatalogError(
            N_('Profession "%(id)s": unknown Building "%(value)s"'),
            id=pid,
            value=str(building)[:40],
        )
    if landscape not in LANDSCAPES:
        raise CatalogError(
            N_('Profession "%(id)s": unknown Landscape "%(value)s"'),
            id=pid,
            value=str(landscape)[:40],
        )
    if freedom not in FREEDOMS:
        raise CatalogError(
            N_('Profession "%(id)s": unknown Freedom "%(value)s"'), id=pid, value=str(freedom)[:40]
        )
    names = taught_names(data)
    name = data.get("name") or next(iter(names.values()), None) or pid.replace("_", " ").title()
    return Profession(
        pid,
        str(name)[:NAME_MAX],
        building,
        landscape,
        freedom,
        str(data.get("source", "taught at the table"))[:200],
        bool(data.get("verified", True)),
        names,
    )


AUTOMA_CARD_KEYS = ("rounds", "auction", "first_action", "second_action", "test_data")


def automa_card_from_dict(number: str, data: dict) -> dict:
    """Check one transcribed Automa card (see the catalog file format) and normalise it.

    Each top-panel object says its die modifier explicitly: `mod` when the card shows one value
    ("Where just one value is shown, it applies to both the 4- and 5-player game", Solo rules,
    Auction phase, pp. 11-13), or `mod4` and `mod5` when it shows two; `null` where it shows only
    1D6. Anything else is refused, so a missing value never silently means "no modifier"."""
    if not str(number).isdigit() or not 1 <= int(number) <= 99:
        raise CatalogError(
            N_('Automa card number "%(number)s" must be a number from 1 to 99'),
            number=str(number)[:20],
        )
    if not isinstance(data, dict):
        raise CatalogError(N_("Automa card %(number)s must be an object"), number=number)
    unknown = sorted(map(str, set(data) - set(AUTOMA_CARD_KEYS)))
    if unknown:
        raise CatalogError(
            N_("Automa card %(number)s: unknown key %(keys)s; a card has %(known)s"),
            number=number,
            keys=", ".join(unknown)[:80],
            known=", ".join(AUTOMA_CARD_KEYS[:4]),
        )
    if data.get("rounds") not in AUTOMA_ROUND_GROUPS:
        raise CatalogError(
            N_("Automa card %(number)s: rounds must be one of %(groups)s"),
            number=number,
            groups=", ".join(AUTOMA_ROUND_GROUPS),
        )
    auction = data.get("auction")
    allowed = set(AUCTION_STACKS) - set(LANDSCAPES) | {TWO_PLAYER_LANDSCAPE_OBJECT}
    if not isinstance(auction, list) or not auction:
        raise CatalogError(
            N_("Automa card %(number)s: the top panel needs its objects left to right"),
            number=number,
        )
    objects = []
    for item in auction:
        if not isinstance(item, dict) or item.get("object") not in allowed:
            raise CatalogError(
                N_("Automa card %(number)s: unknown auction object in %(item)s"),
                number=number,
                item=repr(item)[:80],
            )
        objects.append({"object": item["object"], **_automa_modifiers(number, item)})
    if len({o["object"] for o in objects}) != len(objects):
        raise CatalogError(
            N_("Automa card %(number)s: an object appears twice in the top panel"), number=number
        )
    panels = {}
    for key in ("first_action", "second_action"):
        actions = data.get(key)
        if (
            not isinstance(actions, list)
            or not actions
            or any(a not in AUTOMA_ACTIONS for a in actions)
        ):
            raise CatalogError(
                N_("Automa card %(number)s: %(key)s must list actions among %(actions)s"),
                number=number,
                key=key,
                actions=", ".join(AUTOMA_ACTIONS),
            )
        panels[key] = list(actions)
    return {
        "rounds": data["rounds"],
        "auction": objects,
        **panels,
        **({"test_data": True} if data.get("test_data") else {}),
    }


def _automa_modifiers(number: str, item: dict) -> dict:
    """{mod4, mod5} of one top-panel object, from `mod` (one value shown) or both keys."""
    obj = item["object"]
    unknown = sorted(map(str, set(item) - {"object", "mod", "mod4", "mod5"}))
    if unknown:
        raise CatalogError(
            N_(
                "Automa card %(number)s, %(object)s: unknown key %(keys)s; an object has mod "
                "(one value shown) or mod4 and mod5 (two shown)"
            ),
            number=number,
            object=Named("objects", obj, OBJECT_NAMES.get(obj, obj)),
            keys=", ".join(unknown)[:80],
        )
    given = [k for k in ("mod", "mod4", "mod5") if k in item]
    if given not in (["mod"], ["mod4", "mod5"]):
        raise CatalogError(
            N_(
                "Automa card %(number)s, %(object)s: say its die modifier explicitly: mod when "
                "the card shows one value (it applies to both the 4- and 5-player game), mod4 "
                "and mod5 when it shows two; null where it shows only 1D6"
            ),
            number=number,
            object=Named("objects", obj, OBJECT_NAMES.get(obj, obj)),
        )
    for key in given:
        value = item[key]
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12
        ):
            raise CatalogError(
                N_("Automa card %(number)s, %(object)s: %(key)s must be null or 0..12"),
                number=number,
                object=Named("objects", obj, OBJECT_NAMES.get(obj, obj)),
                key=key,
            )
    if given == ["mod"]:
        return {"mod4": item["mod"], "mod5": item["mod"]}
    return {"mod4": item["mod4"], "mod5": item["mod5"]}


@dataclass(frozen=True)
class Catalog:
    """Built-in facts merged with what was taught; immutable so states can share it."""

    professions: dict = field(default_factory=lambda: dict(BUILTIN_PROFESSIONS))
    landscape_cells: dict = field(default_factory=lambda: {k: 0 for k in LANDSCAPES})
    automa_cards: dict = field(default_factory=dict)

    def merged(self, data: dict | None) -> Catalog:
        """This catalog with `data` (a catalog file's, or what a game taught) merged in, or a
        CatalogError. Every state read from a snapshot or a log merges what its game taught:
        the same data merged into the same catalog gives the catalog merged last time."""
        if not data:
            return self
        try:
            key = (id(self), repr(data))
        except RecursionError:  # hostile nesting: merged without the memo, and refused
            key = None
        found = _MERGED.get(key) if key is not None else None
        if found is not None and found[0] is self:
            with suppress(KeyError):  # a threaded server's other thread let it go meanwhile
                _MERGED.move_to_end(key)  # type: ignore[arg-type]
            return found[1]
        merged = self._merge(data)
        if key is not None:
            _MERGED[key] = (self, merged)  # self kept alive: its id stays its own
            while len(_MERGED) > MERGED_KEPT:
                try:
                    _MERGED.popitem(last=False)
                except KeyError:  # emptied by another thread meanwhile
                    break
        return merged

    def _merge(self, data: dict) -> Catalog:
        if not isinstance(data, dict):
            raise CatalogError(N_("A catalog file is one JSON object"))
        unknown = set(data) - {"professions", "landscape_cells", "automa_cards"}
        if unknown:
            raise CatalogError(
                N_("Unknown catalog keys: %(keys)s"), keys=", ".join(sorted(map(str, unknown)))[:80]
            )
        professions = dict(self.professions)
        for pid, entry in (data.get("professions") or {}).items():
            professions[pid] = profession_from_dict(pid, entry)
        if len(professions) > PROFESSION_DECK:
            raise CatalogError(
                N_("The Profession deck has %(deck)s cards; this catalog would know %(known)s"),
                deck=PROFESSION_DECK,
                known=len(professions),
            )
        cells = dict(self.landscape_cells)
        for kind, size in (data.get("landscape_cells") or {}).items():
            if kind not in LANDSCAPES:
                raise CatalogError(N_('Unknown Landscape "%(value)s"'), value=str(kind)[:40])
            if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= 12:
                raise CatalogError(
                    N_("A %(landscape)s covers 1 to 12 squares (0: not yet learned)"),
                    landscape=Named("objects", kind, OBJECT_NAMES[kind]),
                )
            cells[kind] = size
        cards = dict(self.automa_cards)
        for number, entry in (data.get("automa_cards") or {}).items():
            cards[str(int(number)) if str(number).isdigit() else number] = automa_card_from_dict(
                str(number), entry
            )
        return Catalog(professions, cells, cards)

    def to_dict(self) -> dict:
        return {
            "professions": {k: v.to_dict() for k, v in sorted(self.professions.items())},
            "landscape_cells": dict(self.landscape_cells),
            "automa_cards": dict(sorted(self.automa_cards.items(), key=lambda kv: int(kv[0]))),
        }

    def consistency(self) -> dict:
        """What a host checks after entering the deck: 21 cards with 9/7/5 Landscapes."""
        by_landscape = {k: 0 for k in LANDSCAPES}
        for p in self.professions.values():
            by_landscape[p.landscape] += 1
        problems = []
        if len(self.professions) != PROFESSION_DECK:
            problems.append(
                said(
                    N_("%(known)s of %(deck)s Profession cards known"),
                    known=len(self.professions),
                    deck=PROFESSION_DECK,
                )
            )
        for kind, want in PROFESSIONS_PER_LANDSCAPE.items():
            if by_landscape[kind] > want or (
                len(self.professions) == PROFESSION_DECK and by_landscape[kind] != want
            ):
                problems.append(
                    said(
                        N_("%(count)s Professions want a %(landscape)s; the deck has %(want)s"),
                        count=by_landscape[kind],
                        landscape=Named("objects", kind, OBJECT_NAMES[kind]),
                        want=want,
                    )
                )
        unverified = sorted(p.id for p in self.professions.values() if not p.verified)
        return {
            "known": len(self.professions),
            "by_landscape": by_landscape,
            "unverified": unverified,
            "problems": problems,
            "complete": not problems and not unverified,
        }


BUILTIN = Catalog()

# Catalogs merged lately, by (the catalog's id, the data's repr): a game's taught entries are
# merged again whenever a state of it is read (a snapshot, a replay, each teaching event of a
# log folded again), and checking every Automa card is a good part of a solo game's replay.
# `repr` tells 1 from "1" and True from 1, which the merge treats differently. Only merges
# that succeeded are kept; the oldest goes first past MERGED_KEPT (a few per game in play).
MERGED_KEPT = 256
_MERGED: OrderedDict[tuple[int, str], tuple[Catalog, Catalog]] = OrderedDict()
