"""The house's layers, stated once and read off the import graph (docs/engine.md). Arrows point
one way: the composition root (companion/app.py) -> the games -> the platform -> the kernel.

- `companion/core` imports no game, no service, no web and no web framework;
- no game imports another game;
- a game reaches the platform only through its facades for games (`companion.web.for_games`,
  `companion.service.for_games`), and never the root or the command line;
- the platform (the service, the web, the server and its helpers, the command line) imports
  no game: only the composition root does, through `companion.games.<game>` or a submodule
  the game names public (its `PUBLIC`);
- the service imports nothing from the web, and no web framework;
- the event store imports nothing of Palazzo's.
Every import counts, also one inside a function; imports for type checkers only do not.
`lint-imports` (import-linter, `make lint`, pyproject.toml) holds the same rules with its own
graph; the last tests here show that it fails on an import from the platform into a game.
"""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).parent.parent  # the checkout
ROOT_MODULE = "companion.app"  # the composition root: the one module that names the games
FACADES = ("companion.web.for_games", "companion.service.for_games")  # the platform, for games
WEB_FRAMEWORK = ("flask", "jinja2", "jinja2_fragments", "werkzeug", "htmx_flask", "flask_babel")
GAMES = sorted(p.name for p in (ROOT / "companion" / "games").iterdir() if (p / "game.py").exists())


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, root: Path = ROOT) -> set[str]:
    """Every module a file imports, spelled absolutely (`from x import y` counts as x.y too)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    typing_only = {
        id(n)
        for block in ast.walk(tree)
        if isinstance(block, ast.If)
        and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
        for n in ast.walk(block)
    }
    package = module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def layer(module: str) -> str:
    """core, service, web, events, games.<game>, or the top (cli, serve, tools...)."""
    parts = module.split(".")
    if parts[0] == "events":
        return "events"
    if len(parts) > 1 and parts[1] in ("core", "service", "web"):
        return parts[1]
    if len(parts) > 2 and parts[1] == "games":
        return f"games.{parts[2]}"
    return "top"


def public(game: str) -> set[str]:
    door = importlib.import_module(f"companion.games.{game}")
    return {f"companion.games.{game}"} | {
        f"companion.games.{game}.{name}" for name in getattr(door, "PUBLIC", ())
    }


def offences(root: Path = ROOT, games: list[str] = GAMES) -> list[str]:
    """Every import that breaks a rule of the layers, as "file: what"."""
    doors = {game: public(game) for game in games}
    found = []
    files = sorted((root / "companion").rglob("*.py")) + sorted((root / "events").rglob("*.py"))
    for path in files:
        here = layer(module_name(path, root))
        for name in sorted(imports(path, root)):
            there = layer(name) if name.startswith(("companion.", "events")) else "outside"
            top = name.split(".")[0]
            where = f"{path.relative_to(root)}: {name}"
            if here == "core" and (there not in ("core", "outside") or top in WEB_FRAMEWORK):
                found.append(f"{where} (core imports no game, service or web)")
            elif here == "service" and (there in ("web", "top") or top in WEB_FRAMEWORK):
                found.append(f"{where} (the service imports nothing of the web)")
            elif here == "events" and top == "companion":
                found.append(f"{where} (the store knows nothing of Palazzo)")
            if here.startswith("games.") and there in ("web", "service", "top"):
                if not name.startswith(FACADES):
                    found.append(f"{where} (a game reaches the platform through its facades)")
            if there.startswith("games.") and here != there:
                game = there.split(".")[1]
                if here.startswith("games."):
                    found.append(f"{where} (a game imports no other game)")
                elif here in ("web", "service", "top") and module_name(path, root) != ROOT_MODULE:
                    found.append(f"{where} (only the composition root imports a game)")
                elif name not in doors.get(game, ()) and not any(
                    name.startswith(door + ".") and door != f"companion.games.{game}"
                    for door in doors.get(game, ())
                ):
                    found.append(f"{where} (enter {game} through its PUBLIC modules)")
    return found


def test_the_layers_hold():
    assert GAMES == ["firenze", "princes"]
    assert offences() == []


def test_every_game_names_its_public_modules():
    for game in GAMES:
        names = public(game)
        assert f"companion.games.{game}.game" in names
        for name in names:
            importlib.import_module(name)


@pytest.mark.parametrize(
    "where, text, rule",
    [
        ("companion/core/probe.py", "from companion.games.princes import rules\n", "core imports"),
        ("companion/core/probe.py", "import flask\n", "core imports"),
        ("companion/service/probe.py", "from companion.web import access\n", "the service"),
        ("companion/games/firenze/probe.py", "from ..princes.rules import x\n", "no other game"),
        ("companion/app.py", "from companion.games.princes.story import x\n", "PUBLIC"),
        ("companion/web/probe.py", "from companion.games.princes import game\n", "root imports"),
        ("companion/service/probe.py", "from companion.games.firenze import game\n", "root"),
        ("companion/cli2.py", "def f():\n    from .games.firenze.words import x\n", "root"),
        ("companion/games/firenze/probe.py", "from companion.web.access import x\n", "facades"),
        ("companion/games/princes/probe.py", "from companion.app import GAMES\n", "facades"),
        ("events/probe.py", "from companion.core import lang\n", "the store"),
    ],
)
def test_a_forbidden_import_would_be_found(tmp_path, where, text, rule):
    for game in GAMES:
        (tmp_path / "companion" / "games" / game).mkdir(parents=True)
    (tmp_path / "events").mkdir()
    probe = tmp_path / where
    probe.parent.mkdir(parents=True, exist_ok=True)
    probe.write_text(text)
    found = offences(tmp_path)
    assert found and all(rule in f for f in found), found


def test_a_typing_only_import_does_not_count(tmp_path):
    probe = tmp_path / "companion" / "core" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import flask\n")
    (tmp_path / "events").mkdir()
    assert offences(tmp_path, games=[]) == []


LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _lint_imports_on_a_copy(tmp_path: Path, probe: str | None) -> subprocess.CompletedProcess:
    """`lint-imports` with the project's contracts on a copy of the packages, with `probe` (a
    module of the platform's, importing a game) added, or as they are."""
    for package in ("companion", "events"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if probe is not None:
        (tmp_path / "companion" / "web" / "probe.py").write_text(probe)
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_import_linter_holds_the_copy_as_it_is(tmp_path):
    done = _lint_imports_on_a_copy(tmp_path, None)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_import_linter_fails_on_an_import_from_the_platform_into_a_game(tmp_path):
    done = _lint_imports_on_a_copy(tmp_path, "from companion.games.firenze import game\n")
    assert done.returncode != 0
    assert "companion.web.probe -> companion.games.firenze" in done.stdout, done.stdout
    assert "BROKEN" in done.stdout
