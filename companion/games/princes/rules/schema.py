"""The base game's events, each a typed class (companion.core.schema.Event), and the field
shapes the Princes' events are made of (a seat, a Building, cells of the Principality).

A module's events are declared by the module itself (`Module.events`: solo/events.py,
muse_princess_events.py, cooperative.py) with these shapes; `module.register` gathers every
registered module's events into one table (`module.SHAPES`), which the engine's door
(`check_shape`), the phone's forms (web/recording.py) and docs/events.md's field table
(`make docs`, and a test keeps them equal) all read. A field that breaks its shape is refused
with `bad_event`, or with the code the rules would give for that field (`unknown_player` for a
seat, `bad_die` for a die, ...), so a player reads the same reason whichever check caught it.
Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import Field, StringConstraints

from companion.core import schema as core
from companion.core.schema import Code, Ident, Name, Shape, Text

from .catalog import GRID_SIZE, MAX_PLAYERS
from .module import REGISTRY, SHAPES
from .refusals import N_, Refusal, said

# -- the shapes fields are made of ------------------------------------------------------------


Seat = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1), Code("unknown_player")]
Florin = Annotated[int, Field(ge=0, le=1_000_000)]
BuildingId = Annotated[Ident, Code("building_unknown")]
Coordinate = Annotated[int, Field(ge=0, le=GRID_SIZE - 1)]
Square = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
Cells = Annotated[list[Square], Field(min_length=1, max_length=GRID_SIZE * GRID_SIZE)]

# A bounded JSON value, for the few fields whose inner shape the catalog checks (an Automa
# card's panels): each level is spelled out, so nothing nests deeper than the field needs.
Scalar = Union[None, bool, int, float, Annotated[str, StringConstraints(max_length=200)]]  # noqa: UP007
Key = Annotated[str, StringConstraints(min_length=1, max_length=40)]


# Each level spelled out: panels are an object of these (object -> list -> object -> value).
Level1 = Union[  # noqa: UP007
    Scalar,
    Annotated[list[Scalar], Field(max_length=24)],
    Annotated[dict[Key, Scalar], Field(max_length=24)],
]
Level2 = Union[  # noqa: UP007
    Scalar,
    Annotated[list[Level1], Field(max_length=24)],
    Annotated[dict[Key, Level1], Field(max_length=24)],
]


# -- the events -------------------------------------------------------------------------------


class Event(core.Event):
    """A Princes event: the shared envelope, its `by` a seat of this game (or a name)."""

    by: Annotated[str, StringConstraints(min_length=1, max_length=64)] | Seat | None = None


ENVELOPE = frozenset(Event.model_fields)


class Expansions(Shape):
    muse_princess: bool = False
    cooperative: bool = False


class SoloOptions(Shape):
    difficulty: Annotated[str, StringConstraints(max_length=20)]
    dummies: int


class FreedomSupply(Shape):
    travel: Annotated[int, Field(ge=0, le=9)]
    religion: Annotated[int, Field(ge=0, le=9)]
    opinion: Annotated[int, Field(ge=0, le=9)]


class GameStarted(Event):
    TITLE = N_("Starting the game")
    type: Literal["game_started"]
    game: Literal["princes_of_florence"] | None = None  # other games have their own schemas
    players: Annotated[list[Name], Field(max_length=8)]
    start_player: Seat = 0
    expansions: Expansions | None = None
    solo: Annotated[SoloOptions | None, Code("bad_solo_setup")] = None
    freedoms: Annotated[FreedomSupply | None, Code("bad_freedom_supply")] = None
    grid: bool = False
    # the rules of the box: the 2022 edition (the default) or the older one by its German or
    # French rulebook (catalog.EDITIONS; docs/rulings.md, "The older edition")
    edition: Literal["2022", "older_german", "older_french"] | None = None


class StartingHandChosen(Event):
    TITLE = N_("Choosing a starting hand")
    type: Literal["starting_hand_chosen"]
    player: Seat
    professions: Annotated[list[Ident], Field(max_length=4), Code("bad_starting_hand")]


class AuctionOpened(Event):
    TITLE = N_("Opening an auction")
    type: Literal["auction_opened"]
    player: Seat
    object: Ident


class BidRaised(Event):
    TITLE = N_("Raising the bid")
    type: Literal["bid_raised"]
    player: Seat
    amount: Annotated[Florin, Code("bid_not_plus_100")]


class BidPassed(Event):
    TITLE = N_("Passing")
    type: Literal["bid_passed"]
    player: Seat


class AuctionsLeft(Event):
    TITLE = N_("Leaving the auctions")
    type: Literal["auctions_left"]
    player: Seat


class LastPlayerTook(Event):
    TITLE = N_("Taking an object as the last player")
    type: Literal["last_player_took"]
    player: Seat
    object: Ident


class LastPlayerDeclined(Event):
    TITLE = N_("Declining as the last player")
    type: Literal["last_player_declined"]
    player: Seat


class LandscapePlaced(Event):
    TITLE = N_("Placing a Landscape")
    type: Literal["landscape_placed"]
    player: Seat
    landscape: Ident
    cells: Annotated[Cells | None, Code("wrong_shape", "outside_grid")] = None


class PrestigeCardChosen(Event):
    TITLE = N_("Choosing a Prestige card")
    type: Literal["prestige_card_chosen"]
    player: Seat
    card: Ident


class WorkCompleted(Event):
    """`profession` (and `bonus_cards`), or with The Muse and the Princess `princess: true`."""

    TITLE = N_("Completing a Work")
    type: Literal["work_completed"]
    player: Seat
    profession: Ident | None = None
    bonus_cards: Annotated[list[Ident], Field(max_length=12)] = []
    prestige: Annotated[int, Field(ge=0, le=100), Code("bad_prestige_split")] = 0
    princess: bool | None = None


class BuildingBuilt(Event):
    TITLE = N_("Building")
    type: Literal["building_built"]
    player: Seat
    building: BuildingId
    cells: Annotated[Cells | None, Code("wrong_shape", "outside_grid")] = None
    # Cooperative Building, built alone along a neighbour's border: what their side holds there
    border: Literal["empty", "landscape", "building"] | None = None


class ProfessionTaken(Event):
    TITLE = N_("Taking a Profession card")
    type: Literal["profession_taken"]
    player: Seat
    profession: Ident


class FreedomIntroduced(Event):
    TITLE = N_("Introducing a Freedom")
    type: Literal["freedom_introduced"]
    player: Seat
    freedom: Ident


class BonusCardTaken(Event):
    TITLE = N_("Taking a Bonus card")
    type: Literal["bonus_card_taken"]
    player: Seat
    card: Ident


class TurnEnded(Event):
    TITLE = N_("Ending a turn")
    type: Literal["turn_ended"]
    player: Seat


class RecruitingCardUsed(Event):
    """`from_player` (a seat) or, in the solo game, `from_dummy` (a dummy column 0..2)."""

    TITLE = N_("Using a Recruiting card")
    type: Literal["recruiting_card_used"]
    player: Seat
    from_player: Seat | None = None
    from_dummy: Annotated[int, Field(ge=0, le=2), Code("unknown_player")] | None = None
    profession: Ident


class FameSold(Event):
    TITLE = N_("Selling fame")
    type: Literal["fame_sold"]
    player: Seat
    points: Annotated[int, Field(ge=1, le=1000)]


class Retracted(Event):
    TITLE = N_("Undo")
    type: Literal["retracted"]
    seqs: Annotated[
        list[Annotated[int, Field(ge=1)]],
        Field(min_length=1, max_length=200),
        Code("bad_retraction"),
    ]


class Correction(Event):
    """`fixes` (optional) names the event whose effect on `player` it corrects: one that still
    counts and moved that player's money (for `money`) or fame (for `fame`), ruling 30."""

    TITLE = N_("A correction")
    type: Literal["correction"]
    player: Seat
    money: Annotated[int, Field(ge=-1_000_000, le=1_000_000), Code("bad_correction")] = 0
    fame: Annotated[int, Field(ge=-1000, le=1000), Code("bad_correction")] = 0
    reason: Annotated[Text, Code("bad_correction")]
    fixes: Annotated[int, Field(ge=1), Code("bad_correction")] | None = None


class ProfessionTaught(Event):
    TITLE = N_("Teaching a Profession card")
    type: Literal["profession_taught"]
    profession: Annotated[Ident, Code("bad_catalog_entry")]
    name: Annotated[Name, Code("bad_catalog_entry")] | None = None
    # the card's name in each language the table gave it (catalog.NAME_KEYS): taught data
    name_en: Annotated[Name, Code("bad_catalog_entry")] | None = None
    name_de: Annotated[Name, Code("bad_catalog_entry")] | None = None
    name_fr: Annotated[Name, Code("bad_catalog_entry")] | None = None
    building: Annotated[Ident, Code("bad_catalog_entry")]
    landscape: Annotated[Ident, Code("bad_catalog_entry")]
    freedom: Annotated[Ident, Code("bad_catalog_entry")]
    source: Annotated[Text, Code("bad_catalog_entry")] | None = None
    verified: bool | None = None  # as in the catalog file
    # copied from the installation's catalog with the move that needed it: nobody taught it
    recalled: bool | None = None


class LandscapeTaught(Event):
    TITLE = N_("Teaching a Landscape's size")
    type: Literal["landscape_taught"]
    landscape: Annotated[Ident, Code("bad_catalog_entry")]
    cells: Annotated[int, Field(ge=1, le=12), Code("bad_catalog_entry")]


# -- corrections of what was copied from the table ----------------------------------------------


class MisreadCorrected(Event):
    """`fixes` names the event that copied the table wrongly; `value` is what the table shows
    (the kind of value that event's field holds: a die, a card number or id, cards)."""

    TITLE = N_("Correcting a misread")
    type: Literal["misread_corrected"]
    fixes: Annotated[int, Field(ge=1)]
    value: Annotated[int, Field(ge=0, le=99)] | Ident | Annotated[list[Ident], Field(max_length=12)]


# -- the base game's table ---------------------------------------------------------------------

# The base game's events, in the order docs/events.md lists them; base.py declares them.
BASE_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    StartingHandChosen,
    AuctionOpened,
    BidRaised,
    BidPassed,
    AuctionsLeft,
    LastPlayerTook,
    LastPlayerDeclined,
    LandscapePlaced,
    PrestigeCardChosen,
    WorkCompleted,
    BuildingBuilt,
    ProfessionTaken,
    FreedomIntroduced,
    BonusCardTaken,
    TurnEnded,
    RecruitingCardUsed,
    FameSold,
    Retracted,
    Correction,
    ProfessionTaught,
    LandscapeTaught,
    MisreadCorrected,
)

EVENTS = SHAPES  # every registered module's events (module.SHAPES): type -> class


# -- checking ---------------------------------------------------------------------------------


def schema_of(kind: Any) -> type[core.Event] | None:
    return SHAPES.of(kind)


def payload_fields(kind: str) -> dict[str, Any]:
    """The payload fields an event declares (name -> pydantic FieldInfo), envelope left out."""
    return SHAPES.payload_fields(kind)


def check_shape(event: Mapping[str, Any]) -> None:
    """Refuse an event whose shape is not its type's declared one; unknown types are the
    engine's to refuse (`unknown_event`). Raises Refusal, changes nothing."""
    SHAPES.check(event, _without_module_switches)


def _without_module_switches(cls: type[core.Event], event: Mapping[str, Any]) -> Mapping[str, Any]:
    """A registered module may be switched on by its own name in `game_started` (docs/engine.md,
    `enabled_by`); such a switch is true or false, and not part of the base game's shape."""
    if cls is not GameStarted:
        return event
    switches = [k for k in event if k in REGISTRY and k not in GameStarted.model_fields]
    for key in switches:
        if not isinstance(event[key], bool):
            raise Refusal(
                "bad_event",
                N_("%(event)s: %(field)s must be true or false"),
                event=said(GameStarted.TITLE),
                field=key,
            )
    return {k: v for k, v in event.items() if k not in switches} if switches else event


# -- the documentation ------------------------------------------------------------------------


def markdown() -> str:
    """The field table of every declared event, for docs/events.md."""
    return SHAPES.markdown()


def write_doc(path: str) -> bool:
    """Replace the generated block in `path`; True if the file changed."""
    return SHAPES.write_doc(path)
