"""One declared shape per Firenze event: a typed class per event type (companion.core.schema,
the base the Princes' events use too), checked before any rule.

`parse(event)` turns a log dict into its event object or refuses it (`bad_event`) naming the
field at fault, in Firenze's own words (`_explain`: the first fault in the order the fields are
declared, an unknown field before any other); fields nobody declared are refused too, so nothing
a refused request carried is kept. The envelope (`seq`, `by`, `at`, `id`) is the store's, not
the event's: it is left out before the check. Every text is trimmed, at most 80 characters.
"""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from companion.core.schema import ENVELOPE, Event, Shape, Shapes, event_type

from .catalog import CARD_KINDS, COLOURS
from .refusals import N_, Refusal, refuse

Colour = Literal[COLOURS]  # type: ignore[valid-type]
Kind = Literal[CARD_KINDS]  # type: ignore[valid-type]
LIMIT = 10**6  # no count or number on the table comes near it


def _trimmed(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("blank_text", "blank")
    return value.strip()


Int = Annotated[int, Field(ge=-LIMIT, le=LIMIT)]
Text = Annotated[str, StringConstraints(max_length=80), AfterValidator(_trimmed)]


class Place(Shape):
    """A commission on the board: a tower colour and the height it asks for."""

    colour: Colour
    height: Int


class Balcony(Shape):
    """A balcony tile as drawn at setup: its numeral, tower, the height it covers, its PP."""

    numeral: Int
    colour: Colour
    height: Int
    pp: Int


class Card(Shape):
    """An action card as it comes up: what the table reads on it."""

    name: Text
    kind: Kind
    start: bool = False


class Move(Shape):
    """Bricks a card moved: `source`/`to` are "pouch" or "storehouse:N", N the seat as in `player`."""

    source: Text
    to: Text
    colour: Colour
    count: Int = 1


class Effect(Shape):
    """What a card without printed text did, recorded as facts."""

    moves: list[Move] = Field(default_factory=list)
    pp: dict[str, Int] = Field(default_factory=dict)
    discard: list[Text] = Field(default_factory=list)


class BuildItem(Shape):
    """Bricks put on one tower: an existing one by its number, or a new one (`tower` empty)."""

    colour: Colour
    bricks: Int
    tower: Int | None = None
    bell: bool = False


class GameStarted(Event):
    type: Literal["game_started"]
    game: Literal["firenze"]
    players: list[Text]
    start_player: Int
    board: dict[str, Any]
    balconies: list[Balcony]
    neutral_seals: list[Place]
    campanile: bool = True
    variant: Text | None = None


class CardRevealed(Event):
    type: Literal["card_revealed"]
    card: Card
    bricks: list[Colour]


class CardTaken(Event):
    type: Literal["card_taken"]
    player: Int
    position: Int
    payment: list[Colour] = Field(default_factory=list)


class CardPlayed(Event):
    type: Literal["card_played"]
    player: Int
    card: Text
    position: Int | None = None
    bricks: list[Colour] | None = None
    target: Int | None = None
    give: Colour | None = None
    take: Colour | None = None
    tower: Int | None = None
    effect: Effect | None = None


class BricksExchanged(Event):
    type: Literal["bricks_exchanged"]
    player: Int
    position: Int
    give: list[Colour]
    take: Colour


class TowersBuilt(Event):
    type: Literal["towers_built"]
    player: Int
    build: list[BuildItem]
    cost: list[Colour] = Field(default_factory=list)


class CommissionFulfilled(Event):
    type: Literal["commission_fulfilled"]
    player: Int
    tower: Int


class ChurchCardFulfilled(Event):
    type: Literal["church_card_fulfilled"]
    player: Int
    card: Text
    effect: Effect | None = None


class MonumentReceived(Event):
    """The Monument passes into `player`'s hand, whoever's turn it is (ruling F15): from another
    player's hand (`source` "hand:N") or from the discard pile (`source` "discard")."""

    type: Literal["monument_received"]
    player: Int
    source: Text


class TurnEnded(Event):
    type: Literal["turn_ended"]
    player: Int
    surrender: list[Colour] = Field(default_factory=list)
    discard: list[Text] = Field(default_factory=list)


class CelebrationsScored(Event):
    type: Literal["celebrations_scored"]
    points: list[list[Int]]


SHAPES_TABLE: tuple[type[Event], ...] = (
    GameStarted,
    CardRevealed,
    CardTaken,
    CardPlayed,
    BricksExchanged,
    TowersBuilt,
    CommissionFulfilled,
    ChurchCardFulfilled,
    MonumentReceived,
    TurnEnded,
    CelebrationsScored,
)


def parse(event: dict) -> Any:
    """The event's declared object, or a `bad_event` refusal naming what is wrong."""
    if not isinstance(event, dict):
        refuse("bad_event", N_("An event is a JSON object with a type"))
    kind = event.get("type")
    if SHAPES.of(kind) is None:
        refuse("unknown_event", N_("Firenze has no event %(type)s"), type=repr(kind))
    body = {k: v for k, v in event.items() if k == "type" or k not in ENVELOPE}
    return SHAPES.check(body)


# -- a broken shape in Firenze's words --------------------------------------------------------


def _explain(cls: type[Event], errors: list[Any]) -> tuple[str, str, dict[str, object]]:
    """Firenze's message for the first fault, as a player reads the field: what the field at
    `where` is (a whole number, a short text, one of the colours...)."""
    error = min(errors, key=lambda e: _order(cls, e["loc"]))
    kind = event_type(cls)
    loc = tuple(error["loc"])
    if error["type"] == "invalid_key":  # a key that is not text
        if _is_part(_bare(_annotation_at(cls, loc[:-1]))):
            error = {**error, "type": "extra_forbidden"}
        else:
            return _what_it_is(dict, _where(kind, loc[:-1]))
    if error["type"] in ("extra_forbidden", "missing"):
        message = (
            N_("%(where)s: unknown field %(field)s")
            if error["type"] == "extra_forbidden"
            else N_("%(where)s: %(field)s is missing")
        )
        return "bad_event", message, {"where": _where(kind, loc[:-1]), "field": str(loc[-1])}
    if "[key]" in loc:  # a key that is not text: the object is not one
        loc = loc[: loc.index("[key]") - 1]
    return _what_it_is(_bare(_annotation_at(cls, loc)), _where(kind, loc))


def _what_it_is(tp: Any, where: str) -> tuple[str, str, dict[str, object]]:
    params: dict[str, object] = {"where": where}
    origin = typing.get_origin(tp)
    if origin is Literal:
        params["choices"] = ", ".join(map(str, typing.get_args(tp)))
        return "bad_event", N_("%(where)s is one of %(choices)s"), params
    words = {
        list: N_("%(where)s is a list"),
        dict: N_("%(where)s is an object"),
        bool: N_("%(where)s is true or false"),
        int: N_("%(where)s is a whole number"),
        str: N_("%(where)s is a short text"),
    }
    key = origin or tp
    message = words.get(key) or N_("%(where)s is an object")  # a part (a card, a move...)
    return "bad_event", message, params


def _where(kind: str, loc: tuple) -> str:
    """`card_played.effect.moves[1]`: lists counted from 1, as a player counts."""
    return kind + "".join(f"[{step + 1}]" if isinstance(step, int) else f".{step}" for step in loc)


def _is_part(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Shape)


def _bare(tp: Any) -> Any:
    """The type without its annotations and without `| None`."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (Union, types.UnionType):
            tp = next(a for a in typing.get_args(tp) if a is not type(None))
        else:
            return tp


def _annotation_at(cls: type[Event], loc: tuple) -> Any:
    tp: Any = cls
    for step in loc:
        tp = _bare(tp)
        if _is_part(tp):
            tp = tp.model_fields[step].annotation
        else:
            tp = typing.get_args(tp)[-1]  # a list's item, a dict's value
    return tp


def _order(cls: type[Event], loc: tuple) -> list[tuple[int, Any]]:
    """Where a fault sits in the order Firenze checks: field by field as declared, going into
    each; at every object its unknown fields first (by name)."""
    key: list[tuple[int, Any]] = []
    tp: Any = cls
    for step in loc:
        tp = _bare(tp)
        if _is_part(tp):
            if step not in tp.model_fields:
                key.append((0, str(step)))
                break
            key.append((1, list(tp.model_fields).index(step)))
            tp = tp.model_fields[step].annotation
        else:
            key.append((1, step if isinstance(step, int) else 0))
            tp = typing.get_args(tp)[-1] if step != "[key]" else tp
    return key


SHAPES = Shapes(Refusal, _explain)
SHAPES.declare(SHAPES_TABLE)
SCHEMAS: dict[str, type[Event]] = dict(SHAPES.classes)
