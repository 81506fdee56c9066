"""Inline SVG drawings of public facts: the Fame track, and fame round by round at the end.

Inline (not images fetched from a URL) so they arrive with the fragment that refreshes them,
and drawn in Python because the coordinates are arithmetic, not markup.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from companion.core.lang import _, pgettext

# One colour, one shape and one dash pattern per seat, so seats differ without colour too
# (red, green and the gold look alike to many colour-blind players): every mark of a seat is
# its shape in its colour with the player's initial on it (white: >= 4.5:1 on each colour).
SEAT_COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#9a6b00", "#6a1b9a")
SEAT_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon")
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
TRACK_SPACES = 50  # the Fame track's spaces 0..49; a lap adds 50


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def _initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()


def _shape(seat: int, x: float, y: float, r: float, extra: str = "") -> str:
    """The seat's shape centred on (x, y), about r from the centre to the edge."""
    colour, shape = seat_colour(seat), seat_shape(seat)
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"{extra}/>'
    if shape == "square":
        a = r * 0.9
        return (
            f'<rect x="{x - a:.1f}" y="{y - a:.1f}" width="{2 * a:.1f}" height="{2 * a:.1f}" '
            f'rx="{r * 0.15:.1f}" fill="{colour}"{extra}/>'
        )
    corners = {
        "diamond": [(0, -1.15), (1.15, 0), (0, 1.15), (-1.15, 0)],
        "triangle": [(0, -1.2), (1.25, 0.95), (-1.25, 0.95)],
        "hexagon": [(0.5, -0.95), (1.05, 0), (0.5, 0.95), (-0.5, 0.95), (-1.05, 0), (-0.5, -0.95)],
    }[shape]
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
    return f'<polygon points="{points}" fill="{colour}"{extra}/>'


def _marker(seat: int, name: str, x: float, y: float, r: float, extra: str = "") -> str:
    """The seat's shape with the player's initial on it (lower in a triangle, where the room is)."""
    dy = r * 0.55 if seat_shape(seat) == "triangle" else r * 0.4
    size = r * (1.0 if seat_shape(seat) == "triangle" else 1.15)
    return (
        _shape(seat, x, y, r, extra)
        + f'<text class="initial" x="{x:.1f}" y="{y + dy:.1f}" font-size="{size:.1f}" '
        f'font-weight="700" text-anchor="middle" fill="#fff">{escape(_initial(name))}</text>'
    )


@lru_cache(maxsize=256)
def seat_mark(seat: int, name: str) -> Markup:
    """A seat's mark for a screen (`{{ seat_mark(seat, name) }}`): shape, colour and initial.
    Hidden from screen readers: the player's name is always written beside it. Kept: the
    board draws one per seat at every move, and it depends on nothing else."""
    return Markup(
        f'<svg class="seat-mark" data-shape="{seat_shape(seat)}" viewBox="0 0 24 24" '
        f'aria-hidden="true" focusable="false">{_marker(seat, name, 12, 12, 10.5)}</svg>'
    )


def seat_line(seat: int) -> Markup:
    """A sample of the seat's line in the chart (its colour and dash), for the legend."""
    dash = SEAT_DASHES[seat % len(SEAT_DASHES)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return Markup(
        f'<svg class="seat-line" viewBox="0 0 30 8" aria-hidden="true" focusable="false">'
        f'<line x1="1" y1="4" x2="29" y2="4" stroke="{seat_colour(seat)}" stroke-width="2.5"'
        f"{dash_attr}/></svg>"
    )


def fame_track(players: list[dict], wide: bool = False) -> Markup:
    """The track 0..49 as a strip with one lane per player: `players` are dicts with
    `seat`, `name` and `fame`; a player past 50 wears a "+50" (laps) badge. `wide`: spaced
    out for a TV's width, where the phone's strip would be a thumbnail, with words large enough
    to read from across the room (22 units and more: >= 24 px at 1080p, static/table.css)."""
    step, left = (24.0 if wide else 6.6), 14.0
    lane, top, words, numbers, r = (32, 30, 23, 22, 13) if wide else (28, 24, 15, 13, 11)
    width = left * 2 + step * (TRACK_SPACES - 1)
    height = top + lane * max(1, len(players)) + 6
    title = _("Fame track")
    out = [
        f'<svg class="fame-track{" fame-track-wide" if wide else ""}" '
        f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} '
        f'{height}" role="img" aria-label="{escape(title)}">'
    ]
    out.append(
        f'<rect x="{left - 6:.1f}" y="{top - 4}" width="{step * (TRACK_SPACES - 1) + 12:.1f}" '
        f'height="{lane * max(1, len(players)) + 4}" rx="6" fill="#efe4cc"/>'
    )
    for space in range(0, TRACK_SPACES, 5):
        x = left + space * step
        out.append(
            f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" '
            f'y2="{top + lane * max(1, len(players))}" stroke="#cdbd9c" stroke-width="1"/>'
        )
        if space % (5 if wide else 10) == 0:
            out.append(
                f'<text x="{x:.1f}" y="{top - 9}" font-size="{numbers}" text-anchor="middle" '
                f'fill="#5f5147">{space}</text>'
            )
    for i, p in enumerate(players):
        fame = max(0, int(p.get("fame") or 0))
        laps, pos = divmod(fame, TRACK_SPACES)
        x, y = left + pos * step, top + i * lane + lane / 2 - 2
        seat = p.get("seat", i)
        name = escape(p.get("name", ""))
        label = f"{name} {fame}" + (f" (+{laps * TRACK_SPACES})" if laps else "")
        gap = r + 4
        anchor, dx = ("end", -gap) if pos > (TRACK_SPACES - 8 if wide else 28) else ("start", gap)
        out.append(
            f'<g data-seat="{seat}"><title>{label}</title>'
            + _marker(seat, p.get("name", ""), x, y, r, ' stroke="#fff" stroke-width="2"')
            + f'<text x="{x + dx:.1f}" y="{y + words / 3:.1f}" font-size="{words}" font-weight="600" '
            f'text-anchor="{anchor}" fill="#231a14">{label}</text></g>'
        )
    out.append("</svg>")
    return Markup("".join(out))


def fame_chart(series: list[dict], rounds: int = 7) -> Markup:
    """PP at the end of each round, one line per player (`seat`, `name`, `values` with the PP
    after rounds 1..n); every line starts at 0 before round 1. A series with a `final` score
    (Prestige cards added) ends with one more point, at "End"."""
    width, height, left, right, top, bottom = 360, 220, 34, 12, 12, 30
    end = any(s.get("final") is not None for s in series)
    steps = rounds + (1 if end else 0)
    peak = max(
        [v for s in series for v in s.get("values", [])]
        + [s["final"] for s in series if s.get("final") is not None]
        + [10]
    )
    ymax = -(-peak // 10) * 10
    plot_w, plot_h = width - left - right, height - top - bottom

    def xy(r, v):
        return left + plot_w * r / steps, top + plot_h * (1 - v / ymax)

    title = _("PP round by round")
    out = [
        f'<svg class="fame-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
        f'{height}" role="img" aria-label="{escape(title)}">'
    ]
    for v in range(0, ymax + 1, 10 if ymax <= 60 else 20):
        y = xy(0, v)[1]
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
            f'stroke="#ddd2bb"/><text x="{left - 6}" y="{y + 4:.1f}" font-size="12" '
            f'text-anchor="end" fill="#5f5147">{v}</text>'
        )
    for r in range(steps + 1):
        x = xy(r, 0)[0]
        label = escape(pgettext("chart", "End")) if r > rounds else str(r)
        out.append(
            f'<text x="{x:.1f}" y="{height - 10}" font-size="12" text-anchor="middle" '
            f'fill="#5f5147">{label}</text>'
        )
    for i, s in enumerate(series):
        seat = s.get("seat", i)
        points = [xy(0, 0)] + [xy(r, v) for r, v in enumerate(s.get("values", [])[:rounds], 1)]
        if end and s.get("final") is not None:
            points.append(xy(steps, s["final"]))
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        dash = SEAT_DASHES[seat % len(SEAT_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f"<g><title>{escape(s.get('name', ''))}</title>"
            f'<polyline points="{path}" fill="none" stroke="{seat_colour(seat)}" '
            f'stroke-width="2.5"{dash_attr} stroke-linejoin="round"/>'
        )
        out.extend(_shape(seat, x, y, 3.5) for x, y in points[1:])
        out.append("</g>")
    out.append("</svg>")
    return Markup("".join(out))
