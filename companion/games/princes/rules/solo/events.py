"""The solo game's events (Wolfgang): the facts the table reports and the steps it ticks off,
each a typed class; the module declares them (`Module.events`, this package's door)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints

from ..refusals import N_
from ..schema import Code, Event, Ident, Key, Level2

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


EVENTS: tuple[type[Event], ...] = (
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
)
