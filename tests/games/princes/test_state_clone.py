"""GameState.clone copies every field once and shares the catalog: it must give
exactly what the round trip through to_dict/from_dict gives, at every step of real games
(the base game, the grid, the cooperative and Muse/Princess modules), and a change to the
copy must never reach the original."""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import apply_in_place, play, simulation_catalog
from companion.games.princes.rules.state import GameState

GAMES = [
    dict(players=5, seed=3),
    dict(players=3, seed=8, grid=True),
    dict(players=4, seed=5, expansions={"cooperative": True}),
    dict(players=2, seed=11, expansions={"muse_princess": True}),
]


def _text(state: GameState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-{g['seed']}")
def test_clone_is_the_round_trip_at_every_step(game):
    log, _ = play(catalog=simulation_catalog(), **game)
    state = GameState(simulation_catalog())
    for event in log:
        copy = state.clone()
        round_trip = GameState.from_dict(state.to_dict(), state.catalog)
        assert _text(copy) == _text(round_trip)
        assert copy.catalog == round_trip.catalog
        before = _text(state)
        apply_in_place(copy, event)  # the copy moves on: the original stays as it was
        assert _text(state) == before
        apply_in_place(state, event)
        assert _text(state) == _text(copy)


def test_a_changed_clone_leaves_every_nested_field_of_the_original():
    log, state = play(players=4, seed=2, grid=True, catalog=simulation_catalog())
    before = _text(state)
    copy = state.clone()
    for p in copy.players:
        p.hand.append("x")
        p.landscapes["forest"] += 1
        for piece in p.pieces:
            piece[1].append([9, 9])
        for work in p.works:
            work["value"] = -1
        for part in p.parts.values():
            for value in vars(part).values():
                if isinstance(value, list):
                    value.append("x")
    copy.auction["taken"].append("x")
    copy.rounds.append({})
    copy.stacks["forest"] = -1
    copy.bonus_deck.append("x")
    assert _text(state) == before
