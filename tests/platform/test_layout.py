"""The tests are laid out as the code is (docs/testing.md, "Where a test goes"): the platform's
in `tests/platform/`, each game's in `tests/games/<game>/`, and a test module imports helpers,
fixtures and the code, never another test module."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import ROOT

TESTS = ROOT / "tests"
GAMES = sorted(p.name for p in (ROOT / "companion" / "games").iterdir() if (p / "game.py").exists())


def modules_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("test_*.py") if "data" not in p.relative_to(folder).parts)


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """The modules a file imports (the names it imports from one, too: they may be modules),
    relative imports resolved against its package."""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out |= {module, *(f"{module}.{a.name}" for a in node.names)}
    return out


def imported_tests(path: Path, root: Path = ROOT) -> list[str]:
    return sorted(m for m in imported(path, root) if m.rsplit(".", 1)[-1].startswith("test_"))


def test_every_test_lives_with_the_code_it_checks():
    homes = {("platform",), *(("games", game) for game in GAMES)}
    misplaced = [
        str(p.relative_to(TESTS))
        for p in modules_in(TESTS)
        if not {p.relative_to(TESTS).parts[:1], p.relative_to(TESTS).parts[:2]} & homes
    ]
    assert misplaced == [], "tests outside tests/platform and tests/games/<game>"


def test_no_test_module_imports_another():
    files = [*modules_in(TESTS), *TESTS.rglob("conftest.py"), *(TESTS / "support").rglob("*.py")]
    found = {str(p.relative_to(TESTS)): imported_tests(p) for p in files}
    assert {f: modules for f, modules in found.items() if modules} == {}


def test_the_check_sees_a_test_module_imported(tmp_path):
    """The check above can fail: an import of a test module is seen, relative or absolute."""
    (tmp_path / "tests" / "games").mkdir(parents=True)
    probe = tmp_path / "tests" / "games" / "test_probe.py"
    probe.write_text("from .test_other import helper\nfrom tests.platform import test_cli\n")
    assert imported_tests(probe, tmp_path) == [
        "tests.games.test_other",
        "tests.platform.test_cli",
    ]
