"""A Principality: where pieces may go on the 7 x 7 grid, and what it counts for the cards.

Without a grid the same Principality is tracked by counts; the empty spaces are then worked out
from the pieces' sizes (Buildings from the rulebook, Landscapes from what the table taught).
"""

from __future__ import annotations

from typing import Any

from .catalog import (
    BUILDERS_FOR_ADJACENT_BUILDINGS,
    BUILDING_SIZE_CLASS,
    BUILDINGS,
    CATEGORIES,
    GRID_SIZE,
    LANDSCAPES,
    PALAZZO_CELLS,
)
from .module import gather
from .refusals import N_, Named, refuse, said
from .state import GameState, Player

PALAZZO = "palazzo"
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def square_name(r: int, c: int) -> str:
    """A square as the grid on the phone labels it: rows and columns counted from 1 (a marked
    phrase, so a refusal names it in the reader's language)."""
    return said(N_("Row %(row)s, column %(column)s"), row=r + 1, column=c + 1)


def _piece(piece: str) -> str:
    """What covers a square, named in the reader's edition."""
    if piece == PALAZZO:
        return said(N_("your Palazzo"))
    if piece in BUILDINGS:
        return Named("buildings", piece, BUILDINGS[piece][0])
    return Named("landscapes", piece, piece.title())


def parse_cells(cells: object) -> list[tuple[int, int]]:
    """Cells as sent by a phone: a list of [row, col]; anything else is refused, not crashed on."""
    if not isinstance(cells, list) or not cells:
        refuse("wrong_shape", N_("Tap the squares the piece covers"))
    out = []
    for cell in cells:
        if (
            not isinstance(cell, (list, tuple))
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        ):
            refuse("wrong_shape", N_("One of the squares sent is not a square of the grid"))
        r, c = cell
        if not (0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE):
            refuse(
                "outside_grid",
                N_(
                    "%(square)s is outside the %(size)s x %(size)s Principality: a piece must "
                    "lie completely within the grid"
                ),
                square=square_name(r, c),
                size=GRID_SIZE,
            )
        out.append((r, c))
    if len(set(out)) != len(out):
        refuse("wrong_shape", N_("The same square is listed twice"))
    if not connected(out):
        refuse("wrong_shape", N_("A piece's squares must be joined edge to edge"))
    return out


def connected(cells: list[tuple[int, int]]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    cellset = set(cells)
    while todo:
        r, c = todo.pop()
        for dr, dc in NEIGHBOURS:
            nxt = (r + dr, c + dc)
            if nxt in cellset and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cellset)


def occupied(player: Player) -> dict:
    """Square -> what covers it, the Palazzo included."""
    return covered(player.pieces)


def covered(pieces: list) -> dict:
    """Square -> what covers it, from a Principality's pieces ([piece, cells], as the public
    view shows them), the Palazzo included."""
    taken = {cell: PALAZZO for cell in PALAZZO_CELLS}
    for piece, cells in pieces:
        for r, c in cells:
            taken[(r, c)] = piece
    return taken


def check_building_cells(player: Player, building: str, cells: object) -> list:
    size = BUILDINGS[building][1]
    cells = parse_cells(cells)
    if len(cells) != size:
        _wrong_size(_piece(building), size, len(cells))
    taken = occupied(player)
    _no_overlap(cells, taken)
    for r, c in cells:
        other = _touched(player, taken, (r, c))
        if other is not None:
            refuse(
                "building_adjacent",
                N_(
                    "%(square)s touches %(what)s edge to edge: Buildings may touch "
                    "only at corners until you have %(builders)s Builders"
                ),
                square=square_name(r, c),
                what=_piece(other),
                builders=BUILDERS_FOR_ADJACENT_BUILDINGS,
            )
    return cells


def _touched(player: Player, taken: dict, square: tuple[int, int]) -> str | None:
    """What a new Building on `square` would touch edge to edge that it may not (a Building or
    the Palazzo, until the player has enough Builders); None when nothing."""
    if player.builders >= BUILDERS_FOR_ADJACENT_BUILDINGS:
        return None
    r, c = square
    for dr, dc in NEIGHBOURS:
        other = taken.get((r + dr, c + dc))
        if other is not None and (other == PALAZZO or other in BUILDINGS):
            return other
    return None


def open_squares(player: Player, *, building: bool) -> set[tuple[int, int]]:
    """The squares a new piece may cover, each taken on its own: empty, and for a Building not
    edge to edge with a Building or the Palazzo (`_touched`). The checks above refuse a
    placement exactly when one of its squares is not among these, or the squares are not
    joined edge to edge, or not as many as the piece covers: so `placement` over these squares
    finds a piece wherever the engine would accept one."""
    taken = occupied(player)
    return {
        (r, c)
        for r in range(GRID_SIZE)
        for c in range(GRID_SIZE)
        if (r, c) not in taken and not (building and _touched(player, taken, (r, c)))
    }


def placement(squares: set[tuple[int, int]], size: int) -> list[list[int]] | None:
    """A piece of `size` squares joined edge to edge inside `squares`, or None when there is
    none. Exact, not a guess: an area of joined squares holds such a piece if and only if it
    has at least `size` squares (its first `size` squares in breadth-first order are joined,
    each to one before it), so the answer is None only when every area is smaller."""
    left = set(squares)
    while left:
        start = min(left)
        left.remove(start)
        area = [start]
        for r, c in area:  # grows while it is read: breadth-first
            for dr, dc in NEIGHBOURS:
                nxt = (r + dr, c + dc)
                if nxt in left:
                    left.remove(nxt)
                    area.append(nxt)
        if len(area) >= size:
            return [list(square) for square in area[:size]]
    return None


def has_room(player: Player, size: int, grid: bool, landscape_cells: dict) -> bool:
    """Whether `check_room` lets a piece of `size` squares in, without wording its refusal
    (asked for every seat an auction may reach, on every auction opened)."""
    if not size:
        return True
    empty = empty_spaces(player, grid, landscape_cells)
    if empty is not None and empty < size:
        return False
    return not grid or largest_free_area(player) >= size


def check_room(player: Player, what: str, size: int, grid: bool, landscape_cells: dict) -> None:
    """A piece needs as many empty squares as it covers ('each requiring 7 empty spaces'):
    without a grid the squares are still counted, so empty spaces never go below 0."""
    if has_room(player, size, grid, landscape_cells):
        return
    empty = empty_spaces(player, grid, landscape_cells)
    if size and empty is not None and empty < size:
        refuse(
            "no_room",
            N_(
                "%(name)s's Principality has %(empty)s empty squares left: a %(what)s covers %(size)s"
            )
            if empty != 1
            else N_("%(name)s's Principality has 1 empty square left: a %(what)s covers %(size)s"),
            name=player.name,
            empty=empty,
            what=what,
            size=size,
        )
    if grid and size and largest_free_area(player) < size:
        refuse(
            "no_room",
            N_(
                "%(name)s's largest free area is %(area)s squares joined edge to edge: "
                "a %(what)s covers %(size)s"
            ),
            name=player.name,
            area=largest_free_area(player),
            what=what,
            size=size,
        )


def largest_free_area(player: Player) -> int:
    """The most empty squares joined edge to edge: a piece must lie on such an area."""
    taken = occupied(player)
    free = {(r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE)} - set(taken)
    best = 0
    while free:
        todo = [free.pop()]
        area = 1
        while todo:
            r, c = todo.pop()
            for dr, dc in NEIGHBOURS:
                nxt = (r + dr, c + dc)
                if nxt in free:
                    free.remove(nxt)
                    todo.append(nxt)
                    area += 1
        best = max(best, area)
    return best


def check_landscape_cells(player: Player, landscape: str, cells: object, size: int) -> list:
    """`size` 0 means the table has not taught this tile yet: the first placement teaches it."""
    cells = parse_cells(cells)
    if size and len(cells) != size:
        _wrong_size(_piece(landscape), size, len(cells))
    _no_overlap(cells, occupied(player))
    return cells


def _no_overlap(cells, taken):
    for cell in cells:
        if cell in taken:
            refuse(
                "overlap",
                N_("%(square)s is already covered by %(what)s"),
                square=square_name(*cell),
                what=_piece(taken[cell]),
            )


def _wrong_size(what: str, size: int, given: int) -> None:
    refuse(
        "wrong_shape",
        N_("A %(what)s covers %(size)s squares, not %(given)s"),
        what=what,
        size=size,
        given=given,
    )


def empty_spaces(player: Player, grid: bool, landscape_cells: dict) -> int | None:
    """Squares covered by nothing; the Palazzo's are not empty (ruling 6)."""
    total = GRID_SIZE * GRID_SIZE - len(PALAZZO_CELLS)
    if grid:
        return total - sum(len(cells) for _, cells in player.pieces)
    covered = 0  # plain loops: asked for every seat on every Landscape auction
    for b in player.buildings:
        covered += BUILDINGS[b][1]
    for part in player.parts.values():
        covered += part.squares_covered()
    for kind, count in player.landscapes.items():
        if count:
            cells = landscape_cells.get(kind)
            if not cells:
                return None
            covered += count * cells
    return total - covered


def buildings_of(state: GameState, seat: int) -> list[str]:
    """The Buildings that count in a Principality: its own, and those a module shares with it
    (a cooperative Building counts in both Principalities for all purposes)."""
    return state.players[seat].buildings + gather(state, "shared_buildings", seat)


def counts(
    player: Player,
    *,
    grid: bool = False,
    landscape_cells: dict | None = None,
    hand: int | None = None,
    works: int | None = None,
    buildings: list[str] | None = None,
) -> dict:
    """The numbers Bonus and Prestige cards are written in terms of; `buildings`, when given,
    are the Buildings that count there (`buildings_of`), shared ones included."""
    built = player.buildings if buildings is None else buildings
    sizes = [BUILDING_SIZE_CLASS[BUILDINGS[b][1]] for b in built]
    ls = player.landscapes
    c: dict[str, Any] = {
        "buildings": len(built),
        "large_buildings": sizes.count("large"),
        "medium_buildings": sizes.count("medium"),
        "small_buildings": sizes.count("small"),
        "building_sizes": len(set(sizes)),
        "forests": ls["forest"],
        "lakes": ls["lake"],
        "parks": ls["park"],
        "landscapes": sum(ls.values()),
        "landscape_types": sum(1 for k in LANDSCAPES if ls[k]),
        "freedoms": len(player.freedoms),
        "freedom_types": len(set(player.freedoms)),
        "jesters": player.jesters,
        "builders": player.builders,
        "prestige_cards": len(player.prestige_cards),
        "cards_in_hand": len(player.hand) if hand is None else hand,
        "works": len(player.table) if works is None else works,
    }
    c["categories"] = sum(1 for k in CATEGORIES if c[k])
    c["empty_spaces"] = empty_spaces(player, grid, landscape_cells or {})
    return c
