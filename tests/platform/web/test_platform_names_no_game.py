"""The platform's templates and modules name no game's screen: what differs per game comes
from its declaration (its guide, its history, its title), so a third game needs no edit in
companion/web or companion/service, and a game renamed or removed leaves no broken link."""

from __future__ import annotations

import re
from pathlib import Path

from companion.app import create_app
from companion.web.games import OWNERS
from tests import ROOT

ENDPOINT = re.compile(r"""url_for\(\s*['"]([A-Za-z0-9_]+)\.""")


def _platform_files() -> list[Path]:
    """Templates outside a game's folder, and the platform's Python."""
    templates = [p for p in (ROOT / "templates").rglob("*.html") if not _a_games(p)]
    code = [
        *(ROOT / "companion" / "web").rglob("*.py"),
        *(ROOT / "companion/service").rglob("*.py"),
    ]
    return templates + code


def _a_games(path: Path) -> bool:
    return path.relative_to(ROOT / "templates").parts[0] in {"princes", "firenze"}


def test_no_platform_template_or_module_names_a_games_endpoint(tmp_path, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True})
    games_blueprints = set(app.extensions[OWNERS])
    assert {"hosting", "catalog", "firenze"} <= games_blueprints  # what it looks for
    named = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in _platform_files()
        for name in ENDPOINT.findall(path.read_text())
        if name in games_blueprints
    }
    assert not named


def test_the_guide_and_the_home_page_take_each_games_part_from_its_declaration(
    tmp_path, monkeypatch
):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True})
    client = app.test_client()
    guide = client.get("/guide").text
    assert 'href="/catalog"' in guide and '<section id="solo"' in guide  # the Princes' part
    home = client.get("/?lang=de").text
    assert "für <cite>Die Fürsten von Florenz</cite> und <cite>Firenze</cite>." in home
