"""The presentation layer and the web layer see the engine only through its door, and the
presentation layer has no web in it: it could drive another screen (a printout, a bot)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent
LAYERS = {"presentation": ROOT / "presentation", "web": ROOT / "web"}
DOOR = {"companion.rules", "companion.rules.catalog"}
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
    rules = ROOT / "rules"
    return {
        m
        for m in imported(path, root)
        if m == "companion.rules"
        or (
            m.count(".") == 2
            and m.startswith("companion.rules.")
            and (rules / f"{m[16:]}.py").exists()
        )
    }


def test_the_layers_import_only_the_engines_door():
    checked = 0
    for layer, folder in LAYERS.items():
        files = sorted(folder.glob("*.py"))
        assert len(files) >= (3 if layer == "presentation" else 10)
        for path in files:
            for name in engine_imports(path):
                checked += 1
                assert name in DOOR, f"{layer}/{path.name} imports {name}: use companion.rules"
    assert checked > 15


def test_the_presentation_layer_has_no_web_in_it():
    for path in sorted(LAYERS["presentation"].glob("*.py")):
        for name in imported(path):
            assert name.split(".")[0] not in NO_WEB, f"presentation/{path.name} imports {name}"
            assert not name.startswith("companion.web"), f"presentation/{path.name}: {name}"


def test_a_forbidden_import_would_be_found(tmp_path):
    (tmp_path / "presentation").mkdir()
    fake = tmp_path / "presentation" / "probe.py"
    fake.write_text(
        "from companion.rules.work import work_value\nfrom flask import g\n"
        "from ..rules import auction\n"
    )
    assert engine_imports(fake, tmp_path) == {
        "companion.rules",
        "companion.rules.work",
        "companion.rules.auction",
    }
    assert "flask" in imported(fake, tmp_path)
