"""The README is what a newcomer reads first: short enough to read (under 12 KB; the detail
lives in docs/), its two commands real Makefile targets, its picture and its local links
there to open."""

from __future__ import annotations

import re

from tests import ROOT

README = ROOT / "README.md"


def test_the_readme_is_under_12_kb():
    assert len(README.read_bytes()) < 12 * 1024


def test_its_commands_are_makefile_targets():
    said = set(re.findall(r"`make ([a-z-]+)", README.read_text()))
    assert {"run", "test", "test-fast"} <= said
    targets = set(re.findall(r"(?m)^([a-z-]+):", (ROOT / "Makefile").read_text()))
    assert said <= targets


def test_its_picture_and_links_are_there():
    text = README.read_text()
    links = {m.split("#")[0] for m in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in m}
    assert "docs/deploy.md" in links and any(p.startswith("docs/screenshots/") for p in links)
    missing = sorted(p for p in links if not (ROOT / p).is_file())
    assert missing == []
