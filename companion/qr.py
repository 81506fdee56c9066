"""QR codes for joining a game: inline SVG for pages, PNG for files, text for the terminal.

Join links carry tokens, so QR images are produced in-process and embedded in the page;
there is deliberately no `/qr?u=...` route that would put a token into a URL (and so into
logs and browser history).
"""

from __future__ import annotations

import io
from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M

BORDER = 2  # quiet zone in modules; decoders want some, screens have little room


QR_KEPT = 256  # codes kept drawn: a club's join links, each drawn once per process


def _matrix(data: str, border: int = BORDER) -> list[list[bool]]:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=border)
    qr.add_data(data)
    qr.make(fit=True)
    return qr.get_matrix()


@lru_cache(maxsize=QR_KEPT)
def qr_svg(data: str, *, label: str = "QR code") -> str:
    """A self-contained <svg> element (no XML prolog, no ids) that scales to its box.

    Dark modules are merged into horizontal runs of one <path>, which keeps a join link's
    code to a few kB, and crispEdges stops phones from blurring module edges. Drawing one
    costs tens of milliseconds and a link never changes, so each is drawn once and kept
    (the host's page shows one per seat on every load).
    """
    matrix = _matrix(data)
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    label_attr = _escape_attr(label)
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{label_attr}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


def qr_png(data: str, *, box_size: int = 8) -> bytes:
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=BORDER, box_size=box_size)
    qr.add_data(data)
    qr.make(fit=True)
    buf = io.BytesIO()
    qr.make_image(fill_color="black", back_color="white").save(buf, format="PNG")
    return buf.getvalue()


def qr_terminal(data: str) -> str:
    """Half-block text rendering (two modules per character row) for a terminal.

    Inverted because most terminals draw light text on a dark background: the block
    characters are the code's light modules and its quiet zone.
    """
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=BORDER)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def _escape_attr(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )
