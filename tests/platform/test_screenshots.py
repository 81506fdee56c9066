"""Tests never write into the repo: README screenshots come from `scripts/screenshots` only."""

from __future__ import annotations

import re

from tests import ROOT

TESTS = ROOT / "tests"


def test_only_the_screenshot_helper_knows_the_screenshots_folder():
    spelled = re.compile(r"""["']screenshots["']|docs/screenshots/\w""")
    offenders = [
        str(p.relative_to(TESTS))
        for p in TESTS.rglob("*.py")
        if p.name not in {"shots.py", "test_screenshots.py"}
        and spelled.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == [], (
        "take README screenshots with tests.support.shots.shoot(page, 'name.png') in a test marked "
        f"@pytest.mark.screenshots, never by writing docs/screenshots directly: {offenders}"
    )
