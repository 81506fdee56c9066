"""The rules engine stays pure: no web framework, no database, no clock, no randomness."""

import ast
from pathlib import Path

import companion.games.princes.rules

FORBIDDEN = {
    "flask",
    "htmx_flask",
    "jinja2",
    "jinja2_fragments",
    "sqlmodel",
    "sqlalchemy",
    "psycopg",
    "sqlite3",
    "events",
    "datetime",
    "time",
    "os",
    "socket",
    "threading",
}
ALLOWED_ELSEWHERE = {"autoplay.py": {"random"}}


def imported_modules(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_the_engine_imports_nothing_impure():
    folder = Path(companion.games.princes.rules.__file__).parent
    files = sorted(folder.glob("*.py"))
    assert len(files) > 10
    for path in files:
        bad = set(imported_modules(path)) & FORBIDDEN
        assert not bad, f"{path.name} imports {bad}"
        if "random" in set(imported_modules(path)):
            assert "random" in ALLOWED_ELSEWHERE.get(path.name, ()), path.name
