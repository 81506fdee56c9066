"""QR codes decode back to exactly the URL they were made from."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw
from pyzbar.pyzbar import decode

from companion import qr

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


def _rasterize(svg: str, scale: int = 8) -> Image.Image:
    """Draw the SVG's runs ("M x y h w v1 h-w z") onto a bitmap, independently of qr.py."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    path = re.search(r'<path fill="#000" d="([^"]*)"', svg).group(1)
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path):
        x, y, w = int(x), int(y), int(w)
        draw.rectangle([x * scale, y * scale, (x + w) * scale - 1, (y + 1) * scale - 1], fill=0)
    return image


@pytest.mark.parametrize("url", URLS)
def test_svg_decodes_to_the_url(url):
    svg = qr.qr_svg(url)
    assert svg.startswith('<svg class="qr"') and svg.endswith("</svg>")
    assert "<?xml" not in svg and " id=" not in svg  # safe to inline many times on one page
    assert [r.data.decode() for r in decode(_rasterize(svg))] == [url]


def test_svg_label_is_escaped():
    svg = qr.qr_svg("x", label='Seat "3" <b>')
    assert 'aria-label="Seat &quot;3&quot; &lt;b&gt;"' in svg


@pytest.mark.parametrize("url", URLS)
def test_terminal_text_decodes_to_the_url(url):
    text = qr.qr_terminal(url)
    lines = text.rstrip("\n").split("\n")
    # Each character is two modules tall; inverted: a drawn half is a light module.
    halves = {" ": (0, 0), "\xa0": (0, 0), "█": (1, 1), "▀": (1, 0), "▄": (0, 1)}
    scale = 6
    width = max(len(line) for line in lines)
    image = Image.new("L", (width * scale, len(lines) * 2 * scale), 255)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            top_light, bottom_light = halves[char]
            for half, light in ((0, top_light), (1, bottom_light)):
                if not light:
                    y = (row * 2 + half) * scale
                    draw.rectangle([col * scale, y, (col + 1) * scale - 1, y + scale - 1], fill=0)
    padded = Image.new("L", (image.width + 8 * scale, image.height + 8 * scale), 255)
    padded.paste(image, (4 * scale, 4 * scale))
    assert [r.data.decode() for r in decode(padded)] == [url]


def test_template_helper_inlines_svg(app):
    with app.test_request_context():
        html = app.jinja_env.from_string("{{ qr_svg(url, label='Join') }}").render(url=URLS[0])
    assert html.startswith('<svg class="qr"') and 'aria-label="Join"' in html
    assert [r.data.decode() for r in decode(_rasterize(html))] == [URLS[0]]


def test_no_qr_route_that_would_leak_tokens_into_urls(client):
    for path in ("/qr", "/qr.svg", "/qr.png"):
        assert client.get(path, query_string={"u": URLS[1]}).status_code == 404
