"""QR codes decode back to exactly the URL they were made from."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw
from pyzbar.pyzbar import decode

from companion import qr
from tests.platform.web.qr import _rasterize

URLS = [
    "http://192.168.1.20:5000/",
    "http://10.0.0.7:5000/join/3/Q2hhbmdlIHRoaXMgdG9rZW4gcGxlYXNlIQ-_x",
    "http://[fe80::1]:5000/games/g-1234abcd",
]


@pytest.mark.parametrize("url", URLS)
def test_png_decodes_to_the_url(url):
    png = qr.qr_png(url)
    assert png.startswith(b"\x89PNG")
    results = decode(Image.open(io.BytesIO(png)))
    assert [r.data.decode() for r in results] == [url]


@pytest.mark.parametrize("url", URLS)
def test_svg_decodes_to_the_url(url):
    svg = qr.qr_svg(url)
    assert svg.startswith('<svg class="qr"') and svg.endswith("</svg>")
    assert "<?xml" not in svg and " id=" not in svg  # safe to inline many times on one page
    assert [r.data.decode() for r in decode(_rasterize(svg))] == [url]


def test_svg_label_is_escaped():
    svg = qr.qr_svg("x", label='Seat "3" <b>')
    assert 'aria-label="Seat &quot;3&quot; &lt;b&gt;"' in svg


# A terminal's own colours: (text, background) as grey levels.
DARK_TERMINAL = (230, 30)
LIGHT_TERMINAL = (20, 250)
XTERM_GREYS = {16: 0, 231: 255}  # the 256-colour cube's black and white
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def _screen(text: str, theme: tuple[int, int], scale: int = 6) -> Image.Image:
    """Draw terminal text as a terminal with colours `theme` would, independently of qr.py:
    each character cell is two pixels tall halves, a half block's drawn half in the text colour
    and the rest in the background colour; SGR escapes 0, 38;5;N and 48;5;N change them."""
    halves = {" ": (0, 0), "\xa0": (0, 0), "█": (1, 1), "▀": (1, 0), "▄": (0, 1)}
    rows = []
    for line in text.rstrip("\n").split("\n"):
        fg, bg = theme
        cells = []
        for i, part in enumerate(SGR.split(line)):
            if i % 2:  # an escape's parameters
                codes = [int(c) for c in part.split(";") if c] or [0]
                while codes:
                    code = codes.pop(0)
                    if code == 0:
                        fg, bg = theme
                    elif code in (38, 48) and codes[:1] == [5]:
                        grey = XTERM_GREYS[codes[1]]
                        fg, bg = (grey, bg) if code == 38 else (fg, grey)
                        codes = codes[2:]
                    else:
                        raise AssertionError(f"an escape this drawing does not know: {part}")
            else:
                cells += [tuple(fg if drawn else bg for drawn in halves[c]) for c in part]
        rows.append(cells)
    width = max(len(r) for r in rows)
    image = Image.new("L", ((width + 8) * scale, (len(rows) * 2 + 8) * scale), theme[1])
    draw = ImageDraw.Draw(image)
    for row, cells in enumerate(rows):
        for col, greys in enumerate(cells):
            for half, grey in enumerate(greys):
                x, y = (col + 4) * scale, (row * 2 + half + 4) * scale
                draw.rectangle([x, y, x + scale - 1, y + scale - 1], fill=grey)
    return image


def _read(image: Image.Image) -> list[str]:
    return [r.data.decode() for r in decode(image)]


@pytest.mark.parametrize("url", URLS)
def test_terminal_text_in_colour_decodes_on_dark_and_light_terminals(url):
    """What `palazzo serve` prints to a terminal: black on white whatever the theme."""
    text = qr.qr_terminal(url, color=True)
    assert _read(_screen(text, DARK_TERMINAL)) == [url]
    assert _read(_screen(text, LIGHT_TERMINAL)) == [url]


@pytest.mark.parametrize("url", URLS)
def test_terminal_text_without_colour_is_drawn_for_a_dark_terminal(url):
    """Where no colour can be set (a pipe, NO_COLOR): light modules drawn, for the usual dark
    terminal. On a light one it reads inverted, which many decoders refuse (zbar does): the
    reason the colours are set wherever they can be."""
    text = qr.qr_terminal(url)
    assert "\x1b" not in text
    assert _read(_screen(text, DARK_TERMINAL)) == [url]
    assert _read(_screen(text, LIGHT_TERMINAL)) == []


def test_colours_only_on_a_terminal_that_takes_them(monkeypatch):
    class Stream(io.StringIO):
        def __init__(self, tty: bool):
            super().__init__()
            self.tty = tty

        def isatty(self):
            return self.tty

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert qr.terminal_takes_colors(Stream(True))
    assert not qr.terminal_takes_colors(Stream(False))  # a pipe, a file, a service's log
    monkeypatch.setenv("TERM", "dumb")
    assert not qr.terminal_takes_colors(Stream(True))
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not qr.terminal_takes_colors(Stream(True))


def test_template_helper_inlines_svg(app):
    with app.test_request_context():
        html = app.jinja_env.from_string("{{ qr_svg(url, label='Join') }}").render(url=URLS[0])
    assert html.startswith('<svg class="qr"') and 'aria-label="Join"' in html
    assert [r.data.decode() for r in decode(_rasterize(html))] == [URLS[0]]


def test_no_qr_route_that_would_leak_tokens_into_urls(client):
    for path in ("/qr", "/qr.svg", "/qr.png"):
        assert client.get(path, query_string={"u": URLS[1]}).status_code == 404
