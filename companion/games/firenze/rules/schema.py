"""One declared shape per Firenze event: a class per event type, checked before any rule.

`parse(event)` turns a log dict into its event object or refuses it (`bad_event`) naming the
field at fault; fields nobody declared are refused too, so nothing a refused request carried is
kept. The envelope (`type`, `seq`, `by`, `at`, `id`) is the store's, not the event's.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from .catalog import CARD_KINDS, COLOURS
from .refusals import N_, refuse

ENVELOPE = {"type", "seq", "by", "at", "id"}
Colour = Literal[COLOURS]  # type: ignore[valid-type]
Kind = Literal[CARD_KINDS]  # type: ignore[valid-type]


@dataclass(frozen=True)
class Place:
    """A commission on the board: a tower colour and the height it asks for."""

    colour: Colour
    height: int


@dataclass(frozen=True)
class Balcony:
    """A balcony tile as drawn at setup: its numeral, tower, the height it covers, its PP."""

    numeral: int
    colour: Colour
    height: int
    pp: int


@dataclass(frozen=True)
class Card:
    """An action card as it comes up: what the table reads on it."""

    name: str
    kind: Kind
    start: bool = False


@dataclass(frozen=True)
class Move:
    """Bricks a card moved: `source`/`to` are "pouch" or "storehouse:N", N the seat as in `player`."""

    source: str
    to: str
    colour: Colour
    count: int = 1


@dataclass(frozen=True)
class Effect:
    """What a card without printed text did, recorded as facts."""

    moves: list[Move] = field(default_factory=list)
    pp: dict[str, int] = field(default_factory=dict)
    discard: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class BuildItem:
    """Bricks put on one tower: an existing one by its number, or a new one (`tower` empty)."""

    colour: Colour
    bricks: int
    tower: int | None = None
    bell: bool = False


@dataclass(frozen=True)
class GameStarted:
    game: Literal["firenze"]
    players: list[str]
    start_player: int
    board: dict[str, Any]
    balconies: list[Balcony]
    neutral_seals: list[Place]
    campanile: bool = True
    variant: str | None = None


@dataclass(frozen=True)
class CardRevealed:
    card: Card
    bricks: list[Colour]


@dataclass(frozen=True)
class CardTaken:
    player: int
    position: int
    payment: list[Colour] = field(default_factory=list)


@dataclass(frozen=True)
class CardPlayed:
    player: int
    card: str
    position: int | None = None
    bricks: list[Colour] | None = None
    target: int | None = None
    give: Colour | None = None
    take: Colour | None = None
    tower: int | None = None
    effect: Effect | None = None


@dataclass(frozen=True)
class BricksExchanged:
    player: int
    position: int
    give: list[Colour]
    take: Colour


@dataclass(frozen=True)
class TowersBuilt:
    player: int
    build: list[BuildItem]
    cost: list[Colour] = field(default_factory=list)


@dataclass(frozen=True)
class CommissionFulfilled:
    player: int
    tower: int


@dataclass(frozen=True)
class ChurchCardFulfilled:
    player: int
    card: str
    effect: Effect | None = None


@dataclass(frozen=True)
class MonumentReceived:
    """The Monument passes into `player`'s hand, whoever's turn it is (ruling F15): from another
    player's hand (`source` "hand:N") or from the discard pile (`source` "discard")."""

    player: int
    source: str


@dataclass(frozen=True)
class TurnEnded:
    player: int
    surrender: list[Colour] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class CelebrationsScored:
    points: list[list[int]]


SCHEMAS: dict[str, type] = {
    "game_started": GameStarted,
    "card_revealed": CardRevealed,
    "card_taken": CardTaken,
    "card_played": CardPlayed,
    "bricks_exchanged": BricksExchanged,
    "towers_built": TowersBuilt,
    "commission_fulfilled": CommissionFulfilled,
    "church_card_fulfilled": ChurchCardFulfilled,
    "monument_received": MonumentReceived,
    "turn_ended": TurnEnded,
    "celebrations_scored": CelebrationsScored,
}


def parse(event: dict):
    """The event's declared object, or a `bad_event` refusal naming what is wrong."""
    if not isinstance(event, dict):
        refuse("bad_event", N_("An event is a JSON object with a type"))
    kind = event.get("type")
    cls = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        refuse("unknown_event", N_("Firenze has no event %(type)s"), type=repr(kind))
    body = {k: v for k, v in event.items() if k not in ENVELOPE}
    return _build(cls, body, kind)


def _build(cls, data, where: str):
    if not isinstance(data, dict):
        refuse("bad_event", N_("%(where)s is an object"), where=where)
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields)
    if extra:
        refuse(
            "bad_event",
            N_("%(where)s: unknown field %(field)s"),
            where=where,
            field=sorted(extra)[0],
        )
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                refuse("bad_event", N_("%(where)s: %(field)s is missing"), where=where, field=name)
            continue
        values[name] = _value(hints[name], data[name], f"{where}.{name}")
    return cls(**values)


def _value(tp, value, where: str):
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _value(inner[0], value, where)
    if tp is Any:
        return value
    if origin is Literal:
        if value not in args or isinstance(value, bool):
            refuse(
                "bad_event",
                N_("%(where)s is one of %(choices)s"),
                where=where,
                choices=", ".join(map(str, args)),
            )
        return value
    if origin is list:
        if not isinstance(value, list):
            refuse("bad_event", N_("%(where)s is a list"), where=where)
        return [_value(args[0], v, f"{where}[{i + 1}]") for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            refuse("bad_event", N_("%(where)s is an object"), where=where)
        return {k: _value(args[1], v, f"{where}.{k}") for k, v in value.items()}
    if dataclasses.is_dataclass(tp):
        return _build(tp, value, where)
    if tp is bool:
        if not isinstance(value, bool):
            refuse("bad_event", N_("%(where)s is true or false"), where=where)
        return value
    if tp is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**6:
            refuse("bad_event", N_("%(where)s is a whole number"), where=where)
        return value
    if tp is str:
        if not isinstance(value, str) or not value.strip() or len(value) > 80:
            refuse("bad_event", N_("%(where)s is a short text"), where=where)
        return value.strip()
    raise TypeError(f"undeclared field type {tp!r}")  # a programming error, not user input
