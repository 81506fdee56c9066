"""The Muse and the Princess's events, each a typed class: bidding for a Character, passing,
using one. The module (muse_princess.py) declares them (`Module.events`); they sit beside it
because the module's rules fill its file."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .refusals import N_
from .schema import Code, Event, Ident, Seat

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


EVENTS: tuple[type[Event], ...] = (
    CharacterBid,
    CharacterPassed,
    CharacterUsed,
)
