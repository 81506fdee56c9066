"""Inline SVG drawings of public facts: the Fame track, and fame round by round at the end.

Inline (not images fetched from a URL) so they arrive with the fragment that refreshes them,
and drawn in Python because the coordinates are arithmetic, not markup.
"""

from __future__ import annotations

from markupsafe import Markup, escape

# One colour and one dash pattern per seat, so lines differ without colour too.
SEAT_COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#9a6b00", "#6a1b9a")
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
TRACK_SPACES = 50  # the Fame track's spaces 0..49; a lap adds 50


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()


def fame_track(players: list[dict], wide: bool = False) -> Markup:
    """The track 0..49 as a strip with one lane per player: `players` are dicts with
    `seat`, `name` and `fame`; a player past 50 wears a "+50" (laps) badge. `wide`: spaced
    out for a TV's width, where the phone's strip would be a thumbnail."""
    step, left, lane, top = (24.0 if wide else 6.6), 14.0, 28, 24
    width = left * 2 + step * (TRACK_SPACES - 1)
    height = top + lane * max(1, len(players)) + 6
    out = [
        f'<svg class="fame-track{" fame-track-wide" if wide else ""}" '
        f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} '
        f'{height}" role="img" aria-label="Fame track">'
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
                f'<text x="{x:.1f}" y="{top - 9}" font-size="13" text-anchor="middle" '
                f'fill="#5f5147">{space}</text>'
            )
    for i, p in enumerate(players):
        fame = max(0, int(p.get("fame") or 0))
        laps, pos = divmod(fame, TRACK_SPACES)
        x, y = left + pos * step, top + i * lane + lane / 2 - 2
        colour = seat_colour(p.get("seat", i))
        name = escape(p.get("name", ""))
        label = f"{name} {fame}" + (f" (+{laps * TRACK_SPACES})" if laps else "")
        anchor, dx = ("end", -15) if pos > (TRACK_SPACES - 8 if wide else 28) else ("start", 15)
        out.append(
            f"<g><title>{label}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="{colour}" stroke="#fff" '
            f'stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="13" font-weight="700" '
            f'text-anchor="middle" fill="#fff">{escape(_initial(p.get("name", "")))}</text>'
            f'<text x="{x + dx:.1f}" y="{y + 5:.1f}" font-size="15" font-weight="600" '
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

    out = [
        f'<svg class="fame-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
        f'{height}" role="img" aria-label="PP round by round">'
    ]
    for v in range(0, ymax + 1, 10 if ymax <= 60 else 20):
        _, y = xy(0, v)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
            f'stroke="#ddd2bb"/><text x="{left - 6}" y="{y + 4:.1f}" font-size="12" '
            f'text-anchor="end" fill="#5f5147">{v}</text>'
        )
    for r in range(steps + 1):
        x, _ = xy(r, 0)
        label = "End" if r > rounds else str(r)
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
        out.extend(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{seat_colour(seat)}"/>'
            for x, y in points[1:]
        )
        out.append("</g>")
    out.append("</svg>")
    return Markup("".join(out))
