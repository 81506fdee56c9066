"""A seat's mark (companion/games/princes/screens/drawings.py): colour, shape and initial, the same everywhere."""

from __future__ import annotations

import re

from companion.games.princes.screens.drawings import (
    SEAT_COLOURS,
    SEAT_SHAPES,
    fame_chart,
    seat_line,
    seat_mark,
)


def test_each_seat_has_its_own_shape_and_colour_and_shows_the_initial():
    marks = [
        seat_mark(seat, name) for seat, name in enumerate(["ada", "Alex", " Ben", "Cy", "Dan"])
    ]
    shapes = [re.search(r'data-shape="(\w+)"', m).group(1) for m in marks]
    assert shapes == list(SEAT_SHAPES) and len(set(shapes)) == 5 == len(set(SEAT_COLOURS))
    for mark, colour, initial in zip(marks, SEAT_COLOURS, "AABCD", strict=True):
        assert f'fill="{colour}"' in mark
        assert re.search(rf">{initial}</text>", mark)
        assert 'aria-hidden="true"' in mark  # the name is written beside it


def test_a_name_is_escaped_in_the_mark():
    assert "<b" not in seat_mark(0, "<b>x")
    assert "&lt;" in seat_mark(0, "<b>x")


def test_the_chart_marks_points_with_the_seat_shape_and_the_legend_shows_the_dash():
    chart = fame_chart([{"seat": 1, "name": "Ben", "values": [3, 5]}], rounds=2)
    assert chart.count("<rect") == 2  # Ben's square at each round's end
    assert 'stroke-dasharray="6 3"' in chart and 'stroke-dasharray="6 3"' in seat_line(1)
    assert "stroke-dasharray" not in seat_line(0)
