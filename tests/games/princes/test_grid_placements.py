"""Every legal placement is offered: the grid's build menu is the set of Buildings the
engine accepts somewhere, found by an exact search, never by a greedy guess.

The property test builds random Principalities (pieces of random shapes, 0 to 3 Builders) and
compares the menu with a brute force: every polyomino of the Building's size, at every spot of
the grid (covering no piece), tried on the engine's own check of the squares, the first one it
takes confirmed by the whole engine.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.games.princes.rules.catalog import BUILDINGS, GRID_SIZE, LANDSCAPES
from companion.games.princes.rules.legal import allowed, candidate_events, find_cells
from companion.games.princes.rules.principality import (
    NEIGHBOURS,
    check_building_cells,
    check_landscape_cells,
    occupied,
)
from companion.games.princes.rules.refusals import Refusal
from tests.support.builders import Table

WORKSHOP_ALONG_ROW_1 = [[0, c] for c in range(GRID_SIZE)]
LANDSCAPES_IN_ROW_5 = [[4, c] for c in range(GRID_SIZE)]


def rich_grid_table() -> Table:
    t = Table(grid=True, sizes=None)
    t.do("correction", player=0, money=50000, fame=0, reason="test: rich enough for anything")
    t.to_action()
    return t


def issue_case() -> tuple[Table, int]:
    """0 Builders, a 7-square Workshop along row 1, Landscapes in row 5, rows 2-4 empty."""
    t = rich_grid_table()
    a = t.state.turn
    t.do("building_built", player=a, building="workshop", cells=WORKSHOP_ALONG_ROW_1)
    lay(t.p(a), "forest", LANDSCAPES_IN_ROW_5)
    return t, a


def lay(player, piece: str, cells) -> None:
    """A piece already in the Principality (how it got there is not what is tested)."""
    player.pieces.append([piece, [list(c) for c in cells]])
    if piece in BUILDINGS:
        player.buildings.append(piece)
    else:
        player.landscapes[piece] += 1


def menu(state, seat: int) -> set[str]:
    return {
        e["building"]
        for e in candidate_events(state, seat, professions=[], bonus_cards=[])
        if e["type"] == "building_built"
    }


@cache
def polyominoes(size: int) -> tuple[frozenset, ...]:
    """Every fixed shape of `size` squares joined edge to edge, moved to touch row 0, column 0."""

    def normal(cells):
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)

    shapes = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        shapes = {
            normal(shape | {(r + dr, c + dc)})
            for shape in shapes
            for r, c in shape
            for dr, dc in NEIGHBOURS
            if (r + dr, c + dc) not in shape
        }
    return tuple(shapes)


def spots(player, size: int):
    """Every polyomino of `size` squares at every spot of the grid, covering no piece."""
    taken = occupied(player)
    for shape in polyominoes(size):
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        for r0 in range(GRID_SIZE - height + 1):
            for c0 in range(GRID_SIZE - width + 1):
                cells = [[r + r0, c + c0] for r, c in sorted(shape)]
                if not any((r, c) in taken for r, c in cells):
                    yield cells


def accepted_somewhere(state, seat: int, building: str) -> bool:
    """Brute force: some spot of the grid where the engine takes the Building."""
    player = state.players[seat]
    for cells in spots(player, BUILDINGS[building][1]):
        try:
            check_building_cells(player, building, cells)
        except Refusal:
            continue
        event = {"type": "building_built", "player": seat, "building": building}
        # the rest of the engine's checks do not depend on the squares
        return allowed(state, {**event, "cells": cells})
    return False


def test_the_issue_case_offers_the_university_and_the_laboratory():
    t, a = issue_case()
    assert t.p(a).builders == 0
    offered = menu(t.state, a)
    assert {"university", "laboratory"} <= offered
    assert offered == {b for b in BUILDINGS if accepted_somewhere(t.state, a, b)}
    t.do("building_built", player=a, building="university", cells=[[2, c] for c in range(7)])


def random_principality(seed: int) -> tuple[Table, int]:
    rng = random.Random(seed)
    t = rich_grid_table()
    a = t.state.turn
    p = t.p(a)
    p.builders = rng.choice((0, 0, 1, 2, 3))
    for _ in range(rng.randrange(0, 9)):
        free = [
            (r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE) if (r, c) not in occupied(p)
        ]
        if not free:
            break
        unbuilt = [b for b in BUILDINGS if b not in p.buildings]
        piece = rng.choice(unbuilt + list(LANDSCAPES)) if unbuilt else rng.choice(LANDSCAPES)
        size = BUILDINGS[piece][1] if piece in BUILDINGS else rng.randrange(2, 5)
        cells = [rng.choice(free)]
        while len(cells) < size:
            grow = [
                (r + dr, c + dc)
                for r, c in cells
                for dr, dc in NEIGHBOURS
                if (r + dr, c + dc) in set(free) and (r + dr, c + dc) not in cells
            ]
            if not grow:
                break
            cells.append(rng.choice(grow))
        if len(cells) == size:
            lay(p, piece, cells)
    return t, a


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
@example(7)
def test_the_build_menu_is_every_building_the_engine_accepts_somewhere(seed):
    t, a = random_principality(seed)
    truth = {b for b in BUILDINGS if accepted_somewhere(t.state, a, b)}
    assert menu(t.state, a) == truth


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=7))
def test_a_landscape_is_placed_wherever_the_engine_takes_one(seed, size):
    """The auction's Landscape choices use the same search: a tile of any size is offered
    exactly when the engine takes it somewhere, and what is offered is taken."""
    t, a = random_principality(seed)
    p = t.p(a)
    found = find_cells(p, size, building=False)

    def takes(cells) -> bool:
        try:
            check_landscape_cells(p, "lake", cells, size)
        except Refusal:
            return False
        return True

    assert (found is not None) == any(takes(cells) for cells in spots(p, size))
    if found is not None:
        assert takes(found)
