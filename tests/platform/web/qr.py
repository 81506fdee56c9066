"""What the tests of qr share with other tests (_rasterize): kept here, since a test module imports
no other test module."""

from __future__ import annotations

import re

from PIL import Image, ImageDraw


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
