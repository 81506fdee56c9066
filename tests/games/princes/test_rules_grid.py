"""Placing a Building or Landscape (p. 7) on the 7 x 7 Principality, and counting empty spaces.

Row 0 is the top; the Palazzo covers rows 5-6, columns 0-2 (catalog.PALAZZO_CELLS).
"""

from __future__ import annotations

from companion.games.princes.rules.catalog import PALAZZO_CELLS
from companion.games.princes.rules.principality import empty_spaces
from tests.support.builders import Table, nearly_full

A, LEON, JEN = 0, 1, 2
TOWER_BY_PALAZZO = [[4, 0], [4, 1], [4, 2]]  # edge to edge with the Palazzo's top row
TOWER_AT_CORNER = [[4, 3], [3, 3], [2, 3]]  # touches the Palazzo at [5, 2] by a corner
CHAPEL_NEXT_TO_IT = [[2, 4], [3, 4], [4, 4]]  # edge to edge with that Tower


def grid_table(**kw) -> Table:
    kw.setdefault("sizes", None)  # the first placement teaches a Landscape
    t = Table(grid=True, **kw)
    return t


def refused_build(t, building, cells):
    return t.refused("building_built", player=t.state.turn, building=building, cells=cells).code


def test_palazzo_is_where_the_catalog_says_and_not_empty():
    t = grid_table()
    assert sorted(PALAZZO_CELLS) == [(5, 0), (5, 1), (5, 2), (6, 0), (6, 1), (6, 2)]
    assert empty_spaces(t.p(A), True, {}) == 49 - 6


def test_pieces_lie_completely_within_the_grid():
    t = grid_table()
    t.to_action()
    assert refused_build(t, "tower", [[0, 5], [0, 6], [0, 7]]) == "outside_grid"
    assert refused_build(t, "tower", [[-1, 3], [0, 3], [1, 3]]) == "outside_grid"
    t.do("building_built", player=A, building="tower", cells=[[0, 0], [0, 1], [0, 2]])


def test_building_shape_size_and_connection():
    t = grid_table()
    t.to_action()
    assert refused_build(t, "tower", [[0, 0], [0, 1]]) == "wrong_shape"  # 2 of 3
    assert refused_build(t, "tower", [[0, 0], [0, 1], [0, 3]]) == "wrong_shape"  # not joined
    assert refused_build(t, "tower", [[0, 0], [1, 1], [2, 2]]) == "wrong_shape"  # diagonal only
    assert refused_build(t, "tower", [[0, 0], [0, 0], [0, 1]]) == "wrong_shape"  # twice
    assert refused_build(t, "tower", [[0, 0], [0, 1], "x"]) == "wrong_shape"
    assert refused_build(t, "tower", []) == "wrong_shape"
    assert refused_build(t, "tower", None) == "cells_required"
    assert refused_build(t, "university", [[0, c] for c in range(5)]) == "wrong_shape"  # 5 of 7
    # an L of 7 is a fine University (any connected cells of the right size)
    t.do(
        "building_built",
        player=A,
        building="university",
        cells=[[0, 0], [0, 1], [0, 2], [0, 3], [1, 3], [2, 3], [2, 2]],
    )
    assert t.p(A).pieces[0][0] == "university"
    assert empty_spaces(t.p(A), True, {}) == 43 - 7


def test_no_overlap_with_pieces_or_the_palazzo():
    t = grid_table()
    t.to_action()
    assert refused_build(t, "tower", [[4, 2], [5, 2], [3, 2]]) == "overlap"  # Palazzo
    t.do("building_built", player=A, building="tower", cells=[[0, 0], [0, 1], [0, 2]])
    assert refused_build(t, "chapel", [[0, 2], [1, 2], [2, 2]]) == "overlap"


def test_buildings_touch_buildings_or_the_palazzo_only_at_corners_without_two_builders():
    t = grid_table()
    t.to_action()
    assert refused_build(t, "tower", TOWER_BY_PALAZZO) == "building_adjacent"
    t.do("building_built", player=A, building="tower", cells=TOWER_AT_CORNER)  # corner: fine
    t.end_turns()
    # one Builder is not enough to build edge to edge
    t.win(A, "builder")
    t.leave_all()
    t.do("turn_ended", player=LEON)
    t.do("turn_ended", player=JEN)
    assert refused_build(t, "chapel", CHAPEL_NEXT_TO_IT) == "building_adjacent"
    assert (
        refused_build(t, "library", [[4, 0], [3, 0], [2, 0], [1, 0], [0, 0]]) == "building_adjacent"
    )
    t.end_turns()
    # with 2 Builders, Buildings may touch each other and the Palazzo
    t.win(A, "builder")
    t.leave_all()
    t.do("turn_ended", player=JEN)
    t.do("building_built", player=A, building="chapel", cells=CHAPEL_NEXT_TO_IT)
    t.do(
        "building_built",
        player=A,
        building="library",
        cells=[[4, 0], [3, 0], [2, 0], [1, 0], [0, 0]],
    )
    assert empty_spaces(t.p(A), True, {}) == 43 - 3 - 3 - 5


def test_landscapes_go_anywhere_and_the_first_one_teaches_its_size():
    t = grid_table()
    assert t.state.catalog.landscape_cells["lake"] == 0
    t.to_action()
    t.do("building_built", player=A, building="tower", cells=TOWER_AT_CORNER)
    t.end_turns()
    t.do("auction_opened", player=LEON, object="lake")
    t.do("bid_passed", player=JEN)
    t.do("bid_raised", player=A, amount=300)
    t.do("bid_passed", player=LEON)
    # a Lake edge to edge with the Palazzo and the Tower is fine; on them it is not
    assert (
        t.refused(
            "landscape_placed", player=A, landscape="lake", cells=[[4, 2], [5, 2], [5, 3]]
        ).code
        == "overlap"
    )
    assert (
        t.refused(
            "landscape_placed", player=A, landscape="lake", cells=[[4, 7], [4, 6], [4, 5]]
        ).code
        == "outside_grid"
    )
    assert t.refused("landscape_placed", player=A, landscape="lake").code == "cells_required"
    assert (
        t.refused(
            "landscape_placed", player=A, landscape="forest", cells=[[5, 3], [6, 3], [6, 4]]
        ).code
        == "wrong_landscape"
    )
    t.do("landscape_placed", player=A, landscape="lake", cells=[[5, 3], [6, 3], [6, 4], [5, 4]])
    assert t.state.catalog.landscape_cells["lake"] == 4
    assert t.state.taught["landscape_cells"] == {"lake": 4}
    assert empty_spaces(t.p(A), True, {}) == 43 - 3 - 4
    t.leave_all()
    t.end_turns()
    # the next Lake must have the size the table taught
    t.do("auction_opened", player=JEN, object="lake")
    t.do("bid_raised", player=A, amount=300)
    t.do("bid_passed", player=LEON)
    t.do("bid_passed", player=JEN)
    assert (
        t.refused(
            "landscape_placed", player=A, landscape="lake", cells=[[0, 0], [0, 1], [0, 2]]
        ).code
        == "wrong_shape"
    )
    t.do("landscape_placed", player=A, landscape="lake", cells=[[0, 0], [0, 1], [0, 2], [1, 0]])
    assert t.p(A).fame == 3 + 3  # the Tower, and a second Lake


def test_without_a_grid_no_cells_and_a_landscape_size_is_needed():
    t = Table(sizes=None)
    t.do("auction_opened", player=A, object="park")
    t.do("bid_passed", player=LEON)
    t.do("bid_passed", player=JEN)
    assert (
        t.refused("landscape_placed", player=A, landscape="park", cells=[[0, 0]]).code
        == "cells_not_allowed"
    )
    r = t.refused("landscape_placed", player=A, landscape="park")
    assert r.code == "landscape_size_unknown"
    t.do("landscape_taught", landscape="park", cells=2)
    t.do("landscape_placed", player=A, landscape="park")
    assert empty_spaces(t.p(A), False, t.state.catalog.landscape_cells) == 43 - 2
    t.leave_all()
    assert (
        t.refused("building_built", player=A, building="tower", cells=[[0, 0], [0, 1], [0, 2]]).code
        == "cells_not_allowed"
    )
    t.do("building_built", player=A, building="university")
    assert empty_spaces(t.p(A), False, t.state.catalog.landscape_cells) == 43 - 2 - 7


def test_without_a_grid_a_piece_needs_as_many_empty_squares():
    """'3 large Buildings, each requiring 7 empty spaces' (p. 7): without a grid the engine still
    counts squares, so a Principality never has fewer than 0 empty spaces."""
    t = nearly_full(("Alexandra", "Leon"))
    assert empty_spaces(t.p(A), False, t.state.catalog.landscape_cells) == 2
    t.leave_all()  # round 5: A starts
    r = t.refused("building_built", player=A, building="tower")  # 3 > 2
    assert r.code == "no_room" and "2 empty squares" in r.message
    t.end_turns()
    # round 6: Leon leaves, Alexandra takes the Landscape and must name one that fits
    t.do("auctions_left", player=LEON)
    t.do("last_player_took", player=A, object="landscape")
    assert t.refused("landscape_placed", player=A, landscape="lake").code == "no_room"
    t.do("landscape_placed", player=A, landscape="park")
    assert empty_spaces(t.p(A), False, t.state.catalog.landscape_cells) == 0


def test_nobody_bids_on_a_landscape_they_have_no_room_for():
    t = nearly_full(("Alexandra", "Leon", "Jen"))
    # round 5 (Leon opens a Lake): Alexandra could not place it, so she is not asked to bid,
    # nor may she open or take one herself
    t.do("auction_opened", player=LEON, object="lake")
    assert A not in t.current["in"]
    t.do("bid_passed", player=JEN)
    t.do("landscape_placed", player=LEON, landscape="lake")
    t.do("auctions_left", player=JEN)
    assert t.refused("last_player_took", player=A, object="forest").code == "no_room"
    t.take_last(A, "park")


def test_a_taught_landscape_size_must_agree_with_the_pieces_on_the_table():
    """With a grid, the Lakes already placed say how big a Lake is; without one, a size that
    would leave a Principality with fewer than 0 empty squares cannot be right either."""
    t = grid_table()
    t.do("auction_opened", player=A, object="lake")
    t.do("bid_passed", player=LEON)
    t.do("bid_passed", player=JEN)
    t.do("landscape_placed", player=A, landscape="lake", cells=[[0, 0], [0, 1], [0, 2]])
    assert t.refused("landscape_taught", landscape="lake", cells=4).code == "bad_catalog_entry"
    t.do("landscape_taught", landscape="lake", cells=3)  # the same size: fine
    t.do("landscape_taught", landscape="forest", cells=5)  # nothing placed yet: fine

    t = nearly_full(("Alexandra", "Leon"))  # 2 empty squares
    t.do("auction_opened", player=A, object="landscape")
    t.do("bid_passed", player=LEON)
    t.do("landscape_placed", player=A, landscape="park")  # 2 squares: 0 left
    assert t.refused("landscape_taught", landscape="park", cells=3).code == "bad_catalog_entry"
    t.do("landscape_taught", landscape="park", cells=1)  # a correction: 1 left
    assert empty_spaces(t.p(A), False, t.state.catalog.landscape_cells) == 1


def test_on_the_grid_a_landscape_needs_a_free_area_it_can_lie_on():
    """Enough empty squares is not enough: they must be joined edge to edge (a Landscape is
    placed at once, so nobody bids on one that fits nowhere)."""
    from companion.games.princes.rules.principality import largest_free_area
    from tests.support.builders import Table as Game

    t = Game(("Alexandra", "Leon", "Jen"), grid=True)
    size = t.state.catalog.landscape_cells["lake"]
    assert size >= 2
    # every square covered but a scattered few, none of them touching another
    free = [(0, 0), (0, 2), (2, 0), (2, 2), (0, 4), (4, 4)]
    palazzo = {(r, c) for r in (5, 6) for c in (0, 1, 2)}
    covered = [
        [r, c] for r in range(7) for c in range(7) if (r, c) not in free and (r, c) not in palazzo
    ]
    t.state.players[0].pieces = [["forest", covered]]  # set directly: no game gets here
    assert largest_free_area(t.p(0)) == 1
    assert t.refused("auction_opened", player=0, object="lake").code == "no_room"
    # the other way round: Leon's Principality is the scattered one, so Alexandra's Lake
    # auction runs without him
    t.state.players[0].pieces, t.state.players[1].pieces = [], [["forest", covered]]
    t.do("auction_opened", player=0, object="lake")
    assert t.current["in"] == [0, 2]
