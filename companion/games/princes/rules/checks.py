"""Small checks every handler shares, so each refusal is phrased once."""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeGuard

from .catalog import FLORIN_PER_FAME_SOLD, OPENING_BID
from .module import Event, chain, every
from .refusals import N_, refuse
from .state import GameState


def seat(state: GameState, event: Event, key: str = "player") -> int:
    """The seat `event` names in `key`, or the refusal (asked several times for each event)."""
    value = event.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(state.players):
        refuse(
            "unknown_player",
            N_("There is no player %(value)s at this table: %(key)s is a seat from 0 to %(last)s"),
            value=repr(value),
            key=key,
            last=state.n - 1,
        )
    return value


def whole(event: Event, key: str, low: int, high: int | None = None) -> int:
    value = event.get(key)
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        if high is None:
            refuse(
                "bad_event",
                N_("The %(key)s must be a whole number (at least %(low)s), not %(value)s"),
                key=key,
                low=low,
                value=repr(value),
            )
        refuse(
            "bad_event",
            N_("The %(key)s must be a whole number (%(low)s..%(high)s), not %(value)s"),
            key=key,
            low=low,
            high=high,
            value=repr(value),
        )
    return value


def known(value: object, table: Collection[str]) -> TypeGuard[str]:
    """Is `value` one of a table's ids? Payloads come from phones: a list or an object where an
    id belongs is simply unknown, never a crash."""
    return isinstance(value, str) and value in table


def selling_allowed(state: GameState) -> bool:
    """Fame may be sold unless a module forbids it (The Muse and the Princess)."""
    return every(state, "fame_may_be_sold")


def means(state: GameState, s: int) -> int:
    """What a player can raise for a bid: cash plus fame they may sell (ruling 1)."""
    p = state.players[s]
    return p.money + (FLORIN_PER_FAME_SOLD * p.fame if selling_allowed(state) else 0)


def opening_bid(state: GameState) -> int:
    """An auction opens at 200, unless a module says otherwise (2 players: 300)."""
    return chain(state, "opening_bid", OPENING_BID)


def pay(state: GameState, s: int, amount: int, what: str) -> None:
    """Actions are paid in cash; the player sells fame first if they want to (Earning Money)."""
    p = state.players[s]
    if p.money < amount:
        refuse(
            "cannot_afford",
            N_(
                "%(what)s costs %(amount)s Florin and you have %(money)s (sell fame first to raise the money)"
            )
            if selling_allowed(state) and p.fame
            else N_("%(what)s costs %(amount)s Florin and you have %(money)s"),
            what=what,
            amount=amount,
            money=p.money,
        )
