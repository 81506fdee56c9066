"""QR codes for joining a game: inline SVG for pages, PNG for files, text for the terminal.

Join links carry tokens, so QR images are produced in-process and embedded in the page;
there is deliberately no `/qr?u=...` route that would put a token into a URL (and so into
logs and browser history).
"""

from __future__ import annotations

import io
import os
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


# Black modules on a white field in colours of the xterm 256-colour cube (16 = #000000,
# 231 = #ffffff), which terminal themes leave alone, unlike the 16 named colours.
DARK_ON_LIGHT = "\x1b[38;5;16;48;5;231m"
RESET = "\x1b[0m"
HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_terminal(data: str, *, color: bool = False) -> str:
    """Half-block text rendering (two modules per character row) for a terminal.

    `color`: the text sets its own colours, black modules on a white field, so a phone reads
    it on a dark terminal and a light one alike (what `palazzo serve` prints to a terminal
    that takes colours: `terminal_takes_colors`). Without colours (a pipe, a log file,
    NO_COLOR) the drawn characters are the code's light modules and its quiet zone, as most
    terminals draw light text on a dark background; on a light one that reads as inverted.
    """
    matrix = _matrix(data)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))  # the last character row's lower half
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        if color:
            row = "".join(HALVES[t, b] for t, b in zip(top, bottom, strict=True))
            lines.append(f"{DARK_ON_LIGHT}{row}{RESET}")
        else:
            lines.append("".join(HALVES[not t, not b] for t, b in zip(top, bottom, strict=True)))
    return "\n".join(lines) + "\n"


def terminal_takes_colors(stream) -> bool:
    """Whether `stream` is a terminal that draws ANSI colours (https://no-color.org opts out)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        if not stream.isatty():
            return False
    except (AttributeError, ValueError):  # no isatty, or closed
        return False
    if os.name != "nt":
        return True
    return _windows_virtual_terminal(stream)


def _windows_virtual_terminal(stream) -> bool:
    """Windows 10+ consoles draw ANSI colours once asked to (ENABLE_VIRTUAL_TERMINAL_PROCESSING)."""
    try:
        import ctypes
        import msvcrt

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = msvcrt.get_osfhandle(stream.fileno())  # type: ignore[attr-defined]
        mode = ctypes.c_uint32()
        if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            return False
        return bool(kernel32.SetConsoleMode(handle, mode.value | 0x0004))
    except (AttributeError, ImportError, OSError, ValueError):
        return False


def _escape_attr(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )
