"""Complete, legal games played by a seeded random table: for benchmarks and property tests.

The players are not clever; they are legal, so every log this makes must replay cleanly.
"""

from __future__ import annotations

import random

from .catalog import (
    BUILDINGS,
    BUILTIN,
    FREEDOMS,
    LANDSCAPES,
    PROFESSION_DECK,
    PROFESSIONS_PER_LANDSCAPE,
    STARTING_HAND,
    Catalog,
)
from .engine import apply_in_place
from .legal import candidate_events
from .module import Event
from .setup import in_play
from .state import GameState
from .views import current_player

NAMES = ["Alexandra", "Leon", "Jen", "Chris", "Mira"]


def simulation_catalog() -> Catalog:
    """The built-in cards plus invented ones up to 21, for simulations only (marked so): real
    cards are taught by the table."""
    buildings = list(BUILDINGS)
    wanted = dict(PROFESSIONS_PER_LANDSCAPE)
    for card in BUILTIN.professions.values():
        wanted[card.landscape] -= 1
    landscapes = [k for k, n in wanted.items() for _ in range(n)]
    count = PROFESSION_DECK - len(BUILTIN.professions)
    profs = {
        f"sim_{i:02d}": {
            "name": f"Sim {i}",
            "building": buildings[i % 10],
            "landscape": landscapes[i],
            "freedom": FREEDOMS[i % 3],
            "source": "SIMULATION - not a real card",
        }
        for i in range(count)
    }
    return BUILTIN.merged(
        {"professions": profs, "landscape_cells": {"forest": 4, "lake": 3, "park": 2}}
    )


def play(
    players: int = 5,
    seed: int = 0,
    *,
    grid: bool = False,
    catalog: Catalog | None = None,
    max_events: int = 5000,
    expansions: dict | None = None,
) -> tuple[list[dict], GameState]:
    """A whole game at a seeded random table; `expansions`: e.g. {"muse_princess": True}."""
    rng = random.Random(seed)
    catalog = catalog or simulation_catalog()
    state = GameState(catalog)
    log: list[dict] = []

    def record(ev: Event) -> None:
        apply_in_place(state, ev)
        log.append(ev)

    started = {
        "type": "game_started",
        "players": NAMES[:players],
        "start_player": rng.randrange(players),
        "grid": grid,
        "expansions": {"muse_princess": False, "cooperative": False, **(expansions or {})},
    }
    if players == 2:
        extra = rng.sample(FREEDOMS, 2)
        started["freedoms"] = {f: 1 + (f in extra) for f in FREEDOMS}
    record(started)
    deck = sorted(catalog.professions)
    rng.shuffle(deck)
    for s in range(players):
        hand = [deck.pop() for _ in range(STARTING_HAND)]
        record({"type": "starting_hand_chosen", "player": s, "professions": hand})
    while state.phase != "over" and len(log) < max_events:
        seat = current_player(state)
        assert seat is not None  # a game in play always waits for someone
        if state.expansions.get("muse_princess") and rng.random() < 0.3:
            # a Character used out of turn, at a moment that allows it
            others = [
                ev
                for s in range(players)
                if s != seat
                for ev in candidate_events(state, s)
                if ev["type"] == "character_used"
            ]
            if others:
                record(rng.choice(others))
                continue
        free = [p for p in deck if not in_play(state, p)]
        options = candidate_events(
            state,
            seat,
            professions=rng.sample(free, min(2, len(free))),
            bonus_cards=state.bonus_deck[:1],
        )
        record(choose(rng, state, options))
    return log, state


def choose(rng: random.Random, state: GameState, options: list[Event]) -> Event:
    """Bid a little, work when possible, build and end turns; enough to reach round 7."""
    by_type: dict[str, list[Event]] = {}
    for ev in options:
        by_type.setdefault(ev["type"], []).append(ev)
    for kind, weight in (
        ("work_completed", 0.9),
        ("landscape_placed", 1),
        ("prestige_card_chosen", 1),
        ("bid_raised", 0.35),
        ("cooperation_proposed", 0.25),
        ("building_built", 0.6),
        ("recruiting_card_used", 0.5),
        ("bonus_card_taken", 0.3),
        ("profession_taken", 0.5),
        ("freedom_introduced", 0.4),
        ("auction_opened", 0.95),
        ("character_used", 0.3),
        ("character_bid", 0.6),
        ("cooperation_accepted", 0.8),
        ("last_player_took", 0.8),
    ):
        if kind in by_type and rng.random() < weight:
            return rng.choice(by_type[kind])
    for kind in (
        "bid_passed",
        "turn_ended",
        "auctions_left",
        "last_player_declined",
        "character_passed",
        "cooperation_declined",
    ):
        if kind in by_type:
            return by_type[kind][0]
    return rng.choice(options)


__all__ = ["play", "simulation_catalog", "LANDSCAPES"]
