"""Every event's declared shape: one typed class per event type, registered in one table.

A log comes from phones, hand-edited files and other installations, so before any rule looks
at an event its shape is checked here: which fields it has (and no others), their types, their
ranges and their sizes, and how deep a nested value may go. The rules (the handlers) then judge
what the event means in the game; the sizes here are caps against abuse, the rules may ask for
less. A field that breaks its shape is refused with `bad_event`, or with the code the rules
would give for that field (`unknown_player` for a seat, `bad_die` for a die, ...), so a player
reads the same reason whichever check caught it.

To add an event (an expansion's, say): write one `Event` subclass with a `type` literal, then
`register(TheClass)`; `docs/events.md`'s field table is generated from this table
(`make docs`, and a test keeps them equal).
Pure: no Flask, no database.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .catalog import GRID_SIZE, MAX_PLAYERS
from .module import REGISTRY
from .refusals import N_, Refusal, said

# -- the shapes fields are made of ------------------------------------------------------------


class Code:
    """Annotation: the refusal code a field's shape error gives (default `bad_event`);
    `out_of_range` for a value of the right kind beyond the field's bounds; `hint` says what
    the field holds, in the message."""

    def __init__(self, code: str, out_of_range: str | None = None, hint: str = ""):
        self.code = code
        self.out_of_range = out_of_range or code
        self.hint = hint


NO_CONTROL = r"^[^\x00-\x1f\x7f]*$"  # one line of text: no NUL, no control characters
Seat = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1), Code("unknown_player")]
Ident = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=NO_CONTROL)]
Name = Annotated[str, StringConstraints(max_length=64, pattern=NO_CONTROL)]
Text = Annotated[str, StringConstraints(max_length=500, pattern=NO_CONTROL)]
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


class Event(BaseModel):
    """An event as the engine reads it: the envelope (optional here: a hand-written log needs
    only `type` and the payload) and the payload fields its subclass declares, nothing else."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    TITLE: ClassVar[str] = ""  # the event in a player's words (marked), for messages

    type: str
    seq: Annotated[int, Field(ge=1)] | None = None
    id: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None
    by: Annotated[str, StringConstraints(min_length=1, max_length=64)] | Seat | None = None
    at: Annotated[str, StringConstraints(max_length=40)] | None = None


ENVELOPE = frozenset(Event.model_fields)


class Expansions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    muse_princess: bool = False
    cooperative: bool = False


class SoloOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    difficulty: Annotated[str, StringConstraints(max_length=20)]
    dummies: int


class FreedomSupply(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
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


# -- solo (Wolfgang) ---------------------------------------------------------------------------

AutomaCardNumber = Union[  # noqa: UP007
    Annotated[int, Field(ge=1, le=99)],
    Annotated[str, StringConstraints(pattern=r"^[0-9]{1,2}$")],
]


class AutomaCardDrawn(Event):
    """`panels` teaches a card the catalog does not know (the catalog checks its contents)."""

    TITLE = N_("Drawing an Automa card")
    type: Literal["automa_card_drawn"]
    card: AutomaCardNumber
    panels: Annotated[dict[Key, Level2], Field(max_length=8), Code("bad_catalog_entry")] | None = (
        None
    )
    source: Literal["table", "app"] | None = None  # app: Palazzo drew it from its own deck


class DieRolled(Event):
    TITLE = N_("Rolling the die")
    type: Literal["die_rolled"]
    value: Annotated[int, Field(ge=1, le=6), Code("bad_die")]
    source: Annotated[Literal["table", "app"], Code("bad_die")] | None = None


class SoloAuctionOffered(Event):
    TITLE = N_("Offering an object to auction")
    type: Literal["solo_auction_offered"]
    object: Ident


class SoloBought(Event):
    TITLE = N_("Buying the object on offer")
    type: Literal["solo_bought"]
    object: Ident


class SoloDeclined(Event):
    TITLE = N_("Declining the object on offer")
    type: Literal["solo_declined"]
    object: Ident


class AutomaProfessionRevealed(Event):
    TITLE = N_("Revealing a face-down Profession card")
    type: Literal["automa_profession_revealed"]
    profession: Ident
    owner: Annotated[
        Literal["wolfgang"] | Annotated[int, Field(ge=0, le=2)], Code("not_expected_now")
    ]


class AutomaCardsOffered(Event):
    TITLE = N_("Drawing cards for Wolfgang")
    type: Literal["automa_cards_offered"]
    deck: Ident
    cards: Annotated[list[Ident], Field(max_length=12)]


class AutomaTieBroken(Event):
    TITLE = N_("Breaking Wolfgang's tie")
    type: Literal["automa_tie_broken"]
    card: Ident


class SoloStepDone(Event):
    """A step of the solo checklist ticked off: `n` is its decision-log entry (0: the setup)."""

    TITLE = N_("Ticking off a step")
    type: Literal["solo_step_done"]
    n: Annotated[int, Field(ge=0, le=100_000)]


class DieModeChanged(Event):
    TITLE = N_("Changing who rolls the die")
    type: Literal["die_mode_changed"]
    die: Annotated[Literal["table", "app"], Code("bad_die")]


# -- The Muse and the Princess ----------------------------------------------------------------

CharacterId = Annotated[Ident, Code("character_unknown")]


class CharacterBid(Event):
    TITLE = N_("Bidding for a Character")
    type: Literal["character_bid"]
    player: Seat
    character: CharacterId
    space: Annotated[int, Field(ge=0, le=15), Code("bad_character_space")]


class CharacterPassed(Event):
    TITLE = N_("Passing in the Character Auction")
    type: Literal["character_passed"]
    player: Seat


class CharacterUsed(Event):
    """`effect` (Merchant), `deck` and `card` (Professor) or `florin` (Banker), as the
    Character needs."""

    TITLE = N_("Using a Character")
    type: Literal["character_used"]
    player: Seat
    character: CharacterId
    effect: Annotated[Ident, Code("bad_character_effect")] | None = None
    deck: Annotated[Ident, Code("bad_character_effect")] | None = None
    card: Ident | None = None
    florin: Annotated[int, Field(ge=0, le=1_000_000), Code("bad_exchange")] | None = None


# -- Cooperative Building ----------------------------------------------------------------------


class CooperationProposed(Event):
    TITLE = N_("Proposing a cooperative Building")
    type: Literal["cooperation_proposed"]
    player: Seat
    partner: Seat
    building: BuildingId
    partner_payment: Annotated[
        int, Field(ge=0, le=1_000_000), Code("bad_payment", hint=N_("0 Florin or more, in 100s"))
    ]
    cells: Annotated[Cells | None, Code("cells_not_allowed")] = None


class CooperationAccepted(Event):
    TITLE = N_("Accepting a cooperative Building")
    type: Literal["cooperation_accepted"]
    player: Seat


class CooperationDeclined(Event):
    TITLE = N_("Declining a cooperative Building")
    type: Literal["cooperation_declined"]
    player: Seat


# -- corrections of what was copied from the table ----------------------------------------------


class MisreadCorrected(Event):
    """`fixes` names the event that copied the table wrongly; `value` is what the table shows
    (the kind of value that event's field holds: a die, a card number or id, cards)."""

    TITLE = N_("Correcting a misread")
    type: Literal["misread_corrected"]
    fixes: Annotated[int, Field(ge=1)]
    value: Annotated[int, Field(ge=0, le=99)] | Ident | Annotated[list[Ident], Field(max_length=12)]


# -- the table --------------------------------------------------------------------------------

EVENTS: dict[str, type[Event]] = {}


def register(*classes: type[Event]) -> None:
    """Declare events: each class's `type` literal names the event it checks."""
    for cls in classes:
        (kind,) = typing.get_args(cls.model_fields["type"].annotation)
        EVENTS[kind] = cls


register(
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
    AutomaCardDrawn,
    DieRolled,
    SoloAuctionOffered,
    SoloBought,
    SoloDeclined,
    AutomaProfessionRevealed,
    AutomaCardsOffered,
    AutomaTieBroken,
    SoloStepDone,
    DieModeChanged,
    CharacterBid,
    CharacterPassed,
    CharacterUsed,
    CooperationProposed,
    CooperationAccepted,
    CooperationDeclined,
    MisreadCorrected,
)


# -- checking ---------------------------------------------------------------------------------


def schema_of(kind: Any) -> type[Event] | None:
    return EVENTS.get(kind) if isinstance(kind, str) else None


def payload_fields(kind: str) -> dict[str, Any]:
    """The payload fields an event declares (name -> pydantic FieldInfo), envelope left out."""
    cls = EVENTS[kind]
    return {k: f for k, f in cls.model_fields.items() if k not in ENVELOPE}


def check_shape(event: Mapping[str, Any]) -> None:
    """Refuse an event whose shape is not its type's declared one; unknown types are the
    engine's to refuse (`unknown_event`). Raises Refusal, changes nothing."""
    cls = schema_of(event.get("type"))
    if cls is None:
        return
    if cls is GameStarted:
        event = _without_module_switches(event)
    try:
        cls.model_validate(event)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        message, params = _message(cls, first)
        raise Refusal(_code(cls, first), message, **params) from None
    except RecursionError:
        raise Refusal(
            "bad_event", N_("%(event)s: a value is nested far too deep"), event=said(cls.TITLE)
        ) from None


def _without_module_switches(event: Mapping[str, Any]) -> Mapping[str, Any]:
    """A registered module may be switched on by its own name in `game_started` (docs/engine.md,
    `enabled_by`); such a switch is true or false, and not part of the base game's shape."""
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


def _code(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = cls.model_fields.get(str(loc[0])) if loc else None
    if field is None or (len(loc) == 1 and error["type"] in ("extra_forbidden", "missing")):
        return "bad_event"
    for meta in _metadata(field):
        if isinstance(meta, Code):
            return meta.out_of_range if error["type"] in RANGE_ERRORS else meta.code
    return "bad_event"


RANGE_ERRORS = ("greater_than_equal", "less_than_equal")


def _hint(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = cls.model_fields.get(str(loc[0])) if loc else None
    hints = [m.hint for m in _metadata(field) if isinstance(m, Code) and m.hint] if field else []
    return hints[0] if hints else ""


def _metadata(field) -> list:
    """A field's annotations, looking inside `X | None` too."""
    found = list(field.metadata)
    for arg in typing.get_args(field.annotation):
        found += list(getattr(arg, "__metadata__", ()))
    return found


def _message(cls: type[Event], error: Any) -> tuple[str, dict[str, object]]:
    """The refusal's marked message and its parameters: the event in a player's words, what
    is wrong with it, and the field's hint if it has one."""
    params: dict[str, object] = {"event": said(cls.TITLE), "problem": _problem(cls, error)}
    hint = _hint(cls, error)
    if hint:
        return N_("%(event)s: %(problem)s (%(hint)s)"), {**params, "hint": said(hint)}
    return N_("%(event)s: %(problem)s"), params


def _problem(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = str(loc[0]) if loc else "the event"
    where = field + "".join(f"[{x}]" if isinstance(x, int) else "" for x in loc[1:])
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    shown = repr(given) if not isinstance(given, (dict, list)) else type(given).__name__
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    if kind == "extra_forbidden":
        return said(N_("%(field)s is not part of this event"), field=field)
    if kind == "missing":
        return said(N_("%(field)s is missing"), field=field)
    if kind in RANGE_ERRORS:
        return said(
            N_("%(field)s is out of range (%(range)s), not %(given)s"),
            field=where,
            range=_range(cls, loc, ctx),
            given=shown,
        )
    if kind in ("too_long", "string_too_long"):
        return said(
            N_("%(field)s is too long (at most %(most)s)"), field=where, most=ctx.get("max_length")
        )
    if kind in ("too_short", "string_too_short"):
        return said(
            N_("%(field)s is too short (at least %(least)s)"),
            field=where,
            least=ctx.get("min_length"),
        )
    if kind == "string_pattern_mismatch":
        return said(N_("%(field)s holds characters that do not belong there"), field=where)
    if kind.startswith("int"):
        text = N_("%(field)s must be a whole number, not %(given)s")
    elif kind.startswith("string") or kind == "str_type":
        text = N_("%(field)s must be text, not %(given)s")
    elif kind.startswith("list"):
        text = N_("%(field)s must be a list, not %(given)s")
    elif kind in ("model_type", "dict_type", "model_attributes_type"):
        text = N_("%(field)s must be an object, not %(given)s")
    elif kind.startswith("bool"):
        text = N_("%(field)s must be true or false, not %(given)s")
    elif kind.startswith("literal"):
        return said(
            N_("%(field)s must be one of %(expected)s, not %(given)s"),
            field=where,
            expected=ctx.get("expected"),
            given=shown,
        )
    else:
        text = N_("%(field)s is not the right kind of value (%(given)s)")
    return said(text, field=where, given=shown)


def _range(cls, loc, ctx) -> str:
    low, high = ctx.get("ge"), ctx.get("le")
    if low is None or high is None:  # one bound in the error: find the other on the field
        for meta in _bounds(cls, loc):
            low = getattr(meta, "ge", None) if low is None else low
            high = getattr(meta, "le", None) if high is None else high
    if low is not None and high is not None:
        return said(N_("%(low)s to %(high)s"), low=low, high=high)
    if low is not None:
        return said(N_("at least %(low)s"), low=low)
    return said(N_("at most %(high)s"), high=high)


def _bounds(cls, loc) -> list:
    field = cls.model_fields.get(str(loc[0])) if loc else None
    if field is None:
        return []
    found, todo = [], [field.annotation, *field.metadata]
    while todo:  # walk the annotation for the Field(ge=, le=) that carries the bounds
        item = todo.pop()
        if hasattr(item, "ge") or hasattr(item, "le"):
            found.append(item)
        todo += list(getattr(item, "__metadata__", ()))
        todo += list(typing.get_args(item))
        todo += [m for m in getattr(item, "metadata", ()) if m is not item]
    return found


# -- the documentation ------------------------------------------------------------------------

DOC_BEGIN = "<!-- schema: generated by `make docs` -->"
DOC_END = "<!-- schema: end -->"


def markdown() -> str:
    """The field table of every declared event, for docs/events.md."""
    lines = ["| event | field | shape |", "|---|---|---|"]
    for kind in EVENTS:
        first = True
        for name, field in payload_fields(kind).items():
            optional = "" if field.is_required() else " (optional)"
            label = f"`{kind}`" if first else ""
            lines.append(f"| {label} | `{name}`{optional} | {describe(field)} |")
            first = False
    return "\n".join(lines)


def describe(field: Any) -> str:
    """A field's type, range and size in words, from its declaration."""
    return _describe(field.annotation, list(field.metadata))


def _describe(annotation, metadata: list) -> str:
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _describe(args[0], list(args[1:]) + metadata)
    bounds = _constraints(metadata)
    if origin in (Union, types.UnionType):
        parts = [_describe(a, []) for a in args if a is not type(None)]
        text = " or ".join(dict.fromkeys(parts))
        return text + (" or null" if type(None) in args else "")
    if origin is Literal:
        return " or ".join(f"`{a!r}`".replace("'", '"') for a in args)
    if origin is list:
        return f"list{bounds} of {_describe(args[0], [])}"
    if origin is dict:
        return f"object{bounds} (depth-bounded)"
    if annotation is bool:
        return "true or false"
    if annotation is int:
        return "whole number" + bounds
    if annotation is float:
        return "number"
    if annotation is str:
        return "text" + bounds
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        inner = ", ".join(
            f"{k}: {_describe(f.annotation, list(f.metadata))}"
            for k, f in annotation.model_fields.items()
        )
        return "{" + inner + "}"
    return "JSON value"


def _constraints(metadata: list) -> str:
    """` 0..4` for a range, ` (1..64 long)` for a size, from Field/StringConstraints metadata."""
    found: dict[str, Any] = {}
    todo = list(metadata)
    while todo:
        meta = todo.pop(0)
        todo += [m for m in getattr(meta, "metadata", ()) if m is not meta]
        for name in ("ge", "le", "min_length", "max_length"):
            if getattr(meta, name, None) is not None:
                found.setdefault(name, getattr(meta, name))
    low, high = found.get("ge"), found.get("le")
    if low is not None or high is not None:
        return f" {'' if low is None else low}..{'' if high is None else high}"
    shortest, longest = found.get("min_length"), found.get("max_length")
    if shortest:
        return f" ({shortest}..{longest} long)"
    return f" (at most {longest} long)" if longest else ""


def write_doc(path: str) -> bool:
    """Replace the generated block in `path`; True if the file changed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start, end = text.index(DOC_BEGIN) + len(DOC_BEGIN), text.index(DOC_END)
    new = text[:start] + "\n" + markdown() + "\n" + text[end:]
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != text
