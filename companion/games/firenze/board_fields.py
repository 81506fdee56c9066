"""The board form: 86 numbers copied off the board, read into a `Board`, and when one is wrong,
which fields to mark.

A table copies the board once; a slip in one of 86 fields must not cost the other 85. So the
form keeps every value typed, and each problem names its fields: a blank or non-number field
itself, a height given twice on one tower, or the field the engine's `BoardError.at` points at
(a printed number contradicted, a tower or the level tiles incomplete).
"""

from __future__ import annotations

from companion.core.lang import N_

from .rules.catalog import COLOURS, LEVEL_TILES, LEVELS_PER_TOWER, BoardError
from .rules.refusals import named_colour

MAX_NUMBER = 99


class BoardFormError(BoardError):
    """A board form with fields that cannot even be read, or a height given twice: the
    engine never sees it; `fields` are the names to mark."""

    def __init__(self, message: str, fields: set[str], **params: object):
        super().__init__(message, **params)
        self.fields = fields


def read(form) -> tuple[dict, set[str]]:
    """The board data the engine checks, and the fields that are not whole numbers (0-99)."""
    bad: set[str] = set()

    def number(key: str):
        raw = str(form.get(key, "")).strip()
        if not raw.isdigit() or int(raw) > MAX_NUMBER:
            bad.add(key)
            return raw
        return int(raw)

    commissions = {}
    for c in COLOURS:
        levels: dict[str, object] = {}
        for i in range(LEVELS_PER_TOWER):
            height, pp = number(f"h_{c}_{i}"), number(f"pp_{c}_{i}")
            levels.setdefault(str(height), pp)
        commissions[c] = levels
    tiles: dict[str, object] = {}
    for i in range(LEVEL_TILES):
        height, pp = number(f"tile_h_{i}"), number(f"tile_pp_{i}")
        tiles.setdefault(str(height), pp)
    data = {
        "commissions": commissions,
        "majority": {c: number(f"majority_{c}") for c in COLOURS},
        "level_tiles": tiles,
    }
    return data, bad


def check(form) -> dict:
    """The board data, or a BoardFormError whose `fields` are the names to mark: fields that
    are not numbers first, then a height given twice (the engine never sees those)."""
    data, bad = read(form)
    if bad:
        raise BoardFormError(
            N_("Fill in each marked field with a whole number from the board"), bad
        )
    for c in COLOURS:
        seen: dict[int, int] = {}
        for i in range(LEVELS_PER_TOWER):
            height = int(form.get(f"h_{c}_{i}"))
            if height in seen:
                raise BoardFormError(
                    N_("The %(colour)s tower has the height %(height)s twice"),
                    {f"h_{c}_{seen[height]}", f"h_{c}_{i}"},
                    colour=named_colour(c),
                    height=height,
                )
            seen[height] = i
    heights = [int(form.get(f"tile_h_{i}")) for i in range(LEVEL_TILES)]
    if len(set(heights)) != LEVEL_TILES:
        raise BoardFormError(
            N_("Each level tile has its own height"),
            {f"tile_h_{i}" for i, h in enumerate(heights) if heights.count(h) > 1},
        )
    return data


def marked(form, error: BoardError) -> set[str]:
    """The fields a refused board is wrong in, from the form and the error's `at`."""
    if isinstance(error, BoardFormError):
        return set(error.fields)
    at = error.at
    if not at:
        return set()
    kind, *where = at

    def row(prefix: str, height, count: int) -> str | None:
        return next(
            (
                str(i)
                for i in range(count)
                if str(form.get(f"{prefix}{i}", "")).strip() == str(height)
            ),
            None,
        )

    if kind == "commission":
        colour, height = where
        i = row(f"h_{colour}_", height, LEVELS_PER_TOWER)
        if i is not None:
            return {f"pp_{colour}_{i}"}
        return {f"h_{colour}_{j}" for j in range(LEVELS_PER_TOWER)}
    if kind == "level_tile":
        i = row("tile_h_", where[0], LEVEL_TILES)
        if i is not None:
            return {f"tile_pp_{i}"}
        return {f"tile_h_{j}" for j in range(LEVEL_TILES)}
    if kind == "majority":
        return {f"majority_{where[0]}"}
    if kind == "tower":
        colour = where[0]
        return {f"{p}_{colour}_{j}" for p in ("h", "pp") for j in range(LEVELS_PER_TOWER)}
    return {f"tile_{p}_{j}" for p in ("h", "pp") for j in range(LEVEL_TILES)}
