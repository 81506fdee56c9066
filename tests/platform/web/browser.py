"""What the tests of browser share with other tests (scanned_qr): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from PIL import Image
from pyzbar.pyzbar import decode


def scanned_qr(page, live_server, tmp_path, url: str) -> list[str]:
    """What a reader decodes from the QR code of `url` the page draws, as Chromium shows it."""
    page.goto(f"{live_server}/_probe/qr?u={url}")
    shot = tmp_path / "qr.png"
    page.locator("#qr svg").screenshot(path=str(shot))
    with Image.open(shot) as image:
        return [r.data.decode() for r in decode(image)]
