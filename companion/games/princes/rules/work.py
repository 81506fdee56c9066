"""The Work Value of playing a Profession card, part by part, on the state at that moment."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import bonus_value
from .catalog import BONUS_CARDS, WORK_VALUE, Profession
from .module import chain
from .principality import buildings_of, counts
from .refusals import N_, Named, refuse
from .state import GameState


def profession(state: GameState, pid: object) -> Profession:
    """The catalog's card for a Profession id the table sent; an unknown one is refused."""
    return state.catalog.professions[profession_id(state, pid)]


def profession_id(state: GameState, pid: object) -> str:
    if not isinstance(pid, str) or pid not in state.catalog.professions:
        refuse(
            "profession_unknown",
            N_(
                "Palazzo does not know the Profession card %(value)s yet: "
                "teach it its Building, Landscape and Freedom first"
            ),
            value=repr(pid),
        )
    return pid


def profession_named(state: GameState, pid: object) -> Named | str:
    """A Profession card as the reader knows it: the edition's name, or the names the table
    taught it in; the raw value a phone sent, quoted, when the catalog does not know it."""
    card = state.catalog.professions.get(pid) if isinstance(pid, str) else None
    return Named("professions", str(pid), card.name, card.names) if card else repr(pid)


def work_value(state: GameState, seat: int, pid: str, bonus_cards: Iterable[str] = ()) -> dict:
    """{parts: {name: points}, bonus: {card: points}, total}; the played card counts as on the
    table, so "cards in hand" excludes it and "Works" include it (Bonus card overview).
    Modules may add to it (`work_value` hook: the Muse adds the round number)."""
    player = state.players[seat]
    card = profession(state, pid)
    built = buildings_of(state, seat)
    bonus_cards = tuple(bonus_cards)
    c = (  # what Bonus cards read: counted only for some (each phone's hand asks without)
        counts(
            player,
            grid=state.grid,
            landscape_cells=state.catalog.landscape_cells,
            hand=len(player.hand) - 1,
            works=len(player.table) + 1,
            buildings=built,
        )
        if bonus_cards
        else {}
    )
    parts = {
        "building": WORK_VALUE["building"] if card.building in built else 0,
        "landscape": WORK_VALUE["landscape"] if player.landscapes[card.landscape] else 0,
        "freedom": WORK_VALUE["freedom"] if card.freedom in player.freedoms else 0,
        "jesters": WORK_VALUE["jester"] * player.jesters,
        "cards": WORK_VALUE["card"] * (len(player.hand) + len(player.table)),
    }
    bonus = {b: bonus_value(b, c) for b in bonus_cards}
    value = {
        "profession": pid,
        "parts": parts,
        "bonus": bonus,
        "total": sum(parts.values()) + sum(bonus.values()),
    }
    return chain(state, "work_value", value, seat)


def counts_for_a_work(state: GameState, seat: int, playing: bool) -> dict:
    """The counts a Bonus card reads when played with a Work now: the card played is on the
    table, not in hand (Bonus card overview); shared Buildings count too."""
    player = state.players[seat]
    return counts(
        player,
        grid=state.grid,
        landscape_cells=state.catalog.landscape_cells,
        hand=len(player.hand) - (1 if playing else 0),
        works=len(player.table) + (1 if playing else 0),
        buildings=buildings_of(state, seat),
    )


def bonus_values_now(state: GameState, seat: int, pid: str | None = None) -> dict:
    """What each Bonus card in hand would add to a Work played now (for the phone)."""
    player = state.players[seat]
    c = counts_for_a_work(state, seat, pid is not None or bool(player.hand))
    return {b: bonus_value(b, c) for b in player.bonus_cards if b in BONUS_CARDS}
