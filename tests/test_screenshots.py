"""Tests never write into the repo: README screenshots come from `scripts/screenshots` only."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_only_the_screenshot_helper_knows_the_screenshots_folder():
    spelled = re.compile(r"""["']screenshots["']|docs/screenshots/\w""")
    offenders = [
        str(p.relative_to(TESTS))
        for p in TESTS.rglob("*.py")
        if p.name not in {"shots.py", "test_screenshots.py"}
        and spelled.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == [], (
        "take README screenshots with tests.web.shots.shoot(page, 'name.png') in a test marked "
        f"@pytest.mark.screenshots, never by writing docs/screenshots directly: {offenders}"
    )
