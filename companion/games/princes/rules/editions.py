"""The rules of the box a game is played by: the one door to the catalog's `EDITIONS`.

A table chooses at `game_started` the 2022 edition (the authority, the default) or the older
edition by its German or French rulebook. Handlers never test which edition it is: they ask here
for the edition's number or switch (`edition(state).renegotiate`, `last_player_price(state)`,
`character_moments(...)`), and a refusal on a point where the books differ cites the chosen
book's own section in its own language (`refuse_per_book`), read from that language's
citations.toml ([edition]), so a German table reads the words of the book on its table.
"""

from __future__ import annotations

from typing import NoReturn

from companion.core.lang import book_citation

from .catalog import CHARACTER_MOMENTS, DEFAULT_EDITION, EDITIONS, Edition
from .checks import opening_bid
from .module import Event
from .refusals import N_, Refusal, listed, refuse
from .state import GameState


def edition(state: GameState) -> Edition:
    """The edition this game is played by."""
    return EDITIONS[state.edition]


def check_edition(ev: Event) -> str:
    """The `edition` a game_started names (the 2022 edition when it names none). Solo play is
    in the 2022 rulebook only."""
    chosen = ev.get("edition")
    if chosen is None:
        return DEFAULT_EDITION
    if not isinstance(chosen, str) or chosen not in EDITIONS:
        refuse(
            "bad_event",
            N_("The edition is one of %(editions)s, not %(value)s"),
            editions=listed(list(EDITIONS), N_("%(one)s, %(other)s")),
            value=repr(chosen)[:40],
        )
    if ev.get("solo") and chosen != DEFAULT_EDITION:
        refuse(
            "bad_solo_setup",
            N_("Solo play is in the 2022 rulebook only: play it by the 2022 edition"),
        )
    return chosen


def last_player_price(state: GameState) -> int:
    """What the last player with a Pawn pays for an object (difference 1)."""
    price = edition(state).last_player_price
    return opening_bid(state) if price is None else price


def character_moments(state: GameState, character: str, effect: str) -> tuple[str, ...]:
    """When a Character's effect may be used in this edition (difference 3; ruling M3)."""
    timed = edition(state).character_moments.get(character, {})
    return timed.get(effect, CHARACTER_MOMENTS[character][effect])


def cited(state: GameState, topic: str) -> str | None:
    """The chosen book's own section on `topic`, in its own language; None for the 2022
    edition, whose citations are the engine's own (refusals.CODES)."""
    book = edition(state)
    return None if state.edition == DEFAULT_EDITION else book_citation(book.book, topic)


def refuse_per_book(
    state: GameState, topic: str, code: str, message: str, **params: object
) -> NoReturn:
    """`refuse`, citing the chosen book on a point where the books differ."""
    refusal = Refusal(code, message, **params)
    rule = cited(state, topic) if topic else None
    if rule:
        refusal.rule = rule
    raise refusal
