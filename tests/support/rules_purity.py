"""What the tests of rules purity share with other tests (FORBIDDEN, imported_modules): kept here,
since a test module imports no other test module."""

import ast
from pathlib import Path

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


def imported_modules(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]
