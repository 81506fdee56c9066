"""The 2-player rules as a module (Rulebook, Two Player Rules, p. 11).

A game of two people (not the solo game, which seats Wolfgang as the second player) turns it
on. It changes only numbers and the Auction phase's objects, through hooks the base game asks:
2500 Florin each at the start, a Freedom supply the table draws (1 of each plus 2 of two
different types, or plus 1), an opening bid of 300, and one Landscape object instead of the
three stacks: its winner names the Landscape when placing it, and only then does it leave
the supply.
"""

from __future__ import annotations

from .catalog import (
    FREEDOMS,
    LANDSCAPES,
    TWO_PLAYER_LANDSCAPE_OBJECT,
    TWO_PLAYER_OPENING_BID,
    TWO_PLAYER_STARTING_MONEY,
)
from .module import Event, Module, register
from .refusals import N_, refuse
from .state import GameState

NAME = "two_player"
SEATS = 2


def enabled_by(ev: Event) -> bool:
    """Two people at the table; the solo game sets its own two seats up (solo.py)."""
    players = ev.get("players")
    return isinstance(players, list) and len(players) == SEATS and not ev.get("solo")


def is_two_player(state: GameState) -> bool:
    return NAME in state.modules


def starting_money(state: GameState, ev: Event, money: int) -> int:
    return TWO_PLAYER_STARTING_MONEY


def freedom_supply(state: GameState, ev: Event) -> dict[str, int]:
    """The table draws the supply: 1 of each Freedom plus 2 of two different types (5), or
    plus 1 (4, the harder game)."""
    given = ev.get("freedoms")
    if (
        not isinstance(given, dict)
        or set(given) != set(FREEDOMS)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in given.values())
    ):
        refuse(
            "bad_freedom_supply",
            N_(
                "A 2-player game names its Freedoms: {travel, religion, "
                "opinion} counts, 1 of each plus 2 of two different types"
            ),
        )
    extra = sorted(v - 1 for v in given.values())
    if extra not in ([0, 1, 1], [0, 0, 1]):
        refuse(
            "bad_freedom_supply",
            N_(
                "2 players: 1 of each Freedom plus 2 of two different "
                "types (5), or plus 1 (4, the harder game)"
            ),
        )
    return dict(given)


def opening_bid(state: GameState, bid: int) -> int:
    return TWO_PLAYER_OPENING_BID


def auction_objects(state: GameState, objects: list[str]) -> list[str]:
    """One Landscape object in place of the Forest, Lake and Park stacks."""
    return [TWO_PLAYER_LANDSCAPE_OBJECT] + [o for o in objects if o not in LANDSCAPES]


def landscape_choices(state: GameState, obj: str) -> list[str]:
    """The Landscape object is placed as any Landscape its winner names."""
    return list(LANDSCAPES) if obj == TWO_PLAYER_LANDSCAPE_OBJECT else []


register(
    Module(
        name=NAME,
        title=N_("the 2-player rules"),
        enabled_by=enabled_by,
        hooks={
            "starting_money": starting_money,
            "freedom_supply": freedom_supply,
            "opening_bid": opening_bid,
            "auction_objects": auction_objects,
            "landscape_choices": landscape_choices,
            "public_view": lambda state: {"two_player": True},
        },
    )
)
