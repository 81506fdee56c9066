"""README screenshots, taken only when `scripts/screenshots` runs the tests marked
`screenshots` (it sets PALAZZO_SCREENSHOTS=1): a plain test run never writes into the repo.

A test that shows a screen worth a picture calls `shoot(page_or_locator, "name.png")` at the
right moment and carries `@pytest.mark.screenshots`; nothing else in tests/ spells the folder
(tests/platform/test_screenshots.py checks that).
"""

from __future__ import annotations

import os
from pathlib import Path

from tests import ROOT

FOLDER = ROOT / "docs" / "screenshots"


def wanted() -> bool:
    return os.environ.get("PALAZZO_SCREENSHOTS") == "1"


def shoot(target, name: str, **options) -> Path | None:
    """Save `target` (a Playwright page or locator) as docs/screenshots/`name`, only when
    screenshots are wanted; returns the file written."""
    if not wanted():
        return None
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / name
    target.screenshot(path=str(path), **options)
    return path
