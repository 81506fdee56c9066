"""The presentation layer and the web layer see the engine only through its door, and the
presentation layer has no web in it: it could drive another screen (a printout, a bot)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent
PRINCES = ROOT / "games" / "princes"
LAYERS = {
    "presentation": PRINCES / "words",
    "screens": PRINCES / "screens",
    "web": ROOT / "web",
    "princes web": PRINCES / "web",
}
DOOR = {"companion.games.princes.rules", "companion.games.princes.rules.catalog"}
NO_WEB = ("flask", "jinja2", "jinja2_fragments", "werkzeug", "htmx_flask", "events", "sqlmodel")


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every module a file imports, spelled absolutely (`root` is the companion package)."""
    package = "companion." + ".".join(path.relative_to(root).parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
                out.add(module)
                out.update(f"{module}.{a.name}" for a in node.names)
            else:
                out.add(node.module)
                out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def engine_imports(path: Path, root: Path = ROOT) -> set[str]:
    rules = PRINCES / "rules"
    door = "companion.games.princes.rules"
    return {
        m
        for m in imported(path, root)
        if m == door
        or (
            m.startswith(door + ".")
            and "." not in m[len(door) + 1 :]
            and (rules / f"{m[len(door) + 1 :]}.py").exists()
        )
    }


def test_the_layers_import_only_the_engines_door():
    checked = 0
    for layer, folder in LAYERS.items():
        files = sorted(folder.glob("*.py"))
        assert len(files) >= (3 if layer in ("presentation", "screens") else 8)
        for path in files:
            for name in engine_imports(path):
                checked += 1
                assert name in DOOR, (
                    f"{layer}/{path.name} imports {name}: use companion.games.princes.rules"
                )
    assert checked > 15


def test_the_presentation_layer_has_no_web_in_it():
    for path in sorted(LAYERS["presentation"].glob("*.py")):
        for name in imported(path):
            assert name.split(".")[0] not in NO_WEB, f"words/{path.name} imports {name}"
            assert not name.startswith("companion.web"), f"words/{path.name}: {name}"


def test_a_forbidden_import_would_be_found(tmp_path):
    (tmp_path / "games" / "princes" / "words").mkdir(parents=True)
    fake = tmp_path / "games" / "princes" / "words" / "probe.py"
    fake.write_text(
        "from companion.games.princes.rules.work import work_value\nfrom flask import g\n"
        "from ..rules import auction\n"
    )
    assert engine_imports(fake, tmp_path) == {
        "companion.games.princes.rules",
        "companion.games.princes.rules.work",
        "companion.games.princes.rules.auction",
    }
    assert "flask" in imported(fake, tmp_path)
