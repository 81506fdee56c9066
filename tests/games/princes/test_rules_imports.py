"""The engine's shape, read off its import graph (docs/engine.md): no cycle inside
`companion/games/princes/rules`, no import inside a function there, the base game importing no module, and
code outside the package going through its door (`companion.games.princes.rules`, plus the catalog's data)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.games.princes.rules

RULES = Path(companion.games.princes.rules.__file__).parent
ROOT = RULES.parents[3]  # the checkout: companion/games/princes/rules
DOOR = "__init__"


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def local_imports(path: Path) -> set[str]:
    """The sibling modules a file of companion/games/princes/rules imports when it runs (`from .x import`,
    `from . import x`; from a file of a package such as `solo/`, `from ..x import`); imports for
    type checkers only (`if TYPE_CHECKING:`) do not count."""
    depth = len(path.relative_to(RULES).parts)  # 1: a module file, 2: a package's file
    tree = _tree(path)
    typing_only = {
        id(n)
        for block in tree.body
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for n in ast.walk(block)
    }
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == depth:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out


def sources() -> dict[str, list[Path]]:
    """Each sibling module of the rules and its files: a file, or a package (`solo/`)."""
    out = {p.stem: [p] for p in sorted(RULES.glob("*.py"))}
    for d in sorted(RULES.iterdir()):
        if (d / "__init__.py").exists():
            out[d.name] = sorted(d.rglob("*.py"))
    return out


def graph() -> dict[str, set[str]]:
    return {
        name: set().union(*(local_imports(p) for p in files)) - {name}
        for name, files in sources().items()
    }


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in g:
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def registers_a_module(path: Path) -> bool:
    """A file that declares a module other than the base game (it calls `register(Module(`);
    a package declares it at its door (`__init__.py`)."""
    if path.is_dir():
        path = path / "__init__.py"
    for node in _tree(path).body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "register"
            and call.args
            and isinstance(call.args[0], ast.Call)
        ):
            name = next((k.value for k in call.args[0].keywords if k.arg == "name"), None)
            return not (isinstance(name, ast.Name) and name.id == "BASE")
    return False


def variant_files(g: dict[str, set[str]]) -> set[str]:
    """The modules' files, and the files only they import (solo's `automa`)."""
    variants = {
        name
        for name, files in sources().items()
        if registers_a_module(files[0].parent if files[0].name == "__init__.py" else files[0])
    }
    changed = True
    while changed:
        changed = False
        for f in g:
            users = {u for u, deps in g.items() if f in deps and u != DOOR}
            if f not in variants and users and users <= variants:
                variants.add(f)
                changed = True
    return variants


def test_the_import_graph_has_no_cycle():
    g = graph()
    assert len(g) > 10
    assert cycle(g) is None, " -> ".join(cycle(g) or [])


def test_a_cycle_would_be_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_imports_inside_functions():
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside a function"


def test_the_base_game_imports_no_module():
    g = graph()
    variants = variant_files(g)
    assert {"solo", "automa"} <= variants
    assert "base" not in variants and "engine" not in variants
    for f, deps in g.items():
        if f in variants or f == DOOR:
            continue
        assert not deps & variants, f"{f}.py imports the module file(s) {deps & variants}"


def test_the_base_game_has_no_solo_branches():
    """Solo is a module with hooks: no base file asks whether the game is a solo game."""
    variants = variant_files(graph())
    for path in sorted(RULES.glob("*.py")):
        if path.stem in variants or path.stem == "state":
            continue
        assert "state.solo" not in path.read_text(), path.name


# The rules' numbers and citations (catalog, refusals) may name the 2-player rules, and the
# state reads the flag of a snapshot saved before they were a module.
DATA = {"catalog", "refusals"}


def test_the_base_game_has_no_two_player_branches():
    """The 2-player rules are a module with hooks: no base file asks whether two play, or
    names the 2-player objects and numbers."""
    variants = variant_files(graph())
    assert "two_player" in variants
    for path in sorted(RULES.glob("*.py")):
        if path.stem in variants or path.stem in DATA or path.stem == DOOR:
            continue
        text = path.read_text()
        for word in ("two_player", "TWO_PLAYER", "n == 2"):
            assert word not in text, f"{path.name} names {word}"


def outside_files() -> list[Path]:
    files = [p for p in (ROOT / "companion").rglob("*.py") if RULES not in p.parents]
    return files + sorted((ROOT / "benchmarks").glob("*.py"))


def rules_imports(path: Path) -> list[str]:
    """What a file outside the package imports from it: 'companion.games.princes.rules[.x]' names."""
    out = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            out += [
                a.name for a in node.names if a.name.startswith("companion.games.princes.rules")
            ]
        elif isinstance(node, ast.ImportFrom):
            if (
                node.level == 0
                and node.module
                and node.module.startswith("companion.games.princes.rules")
            ):
                out.append(node.module)
                if node.module == "companion.games.princes.rules":
                    out += [
                        f"companion.games.princes.rules.{a.name}"
                        for a in node.names
                        if _is_file(a.name)
                    ]
            elif node.level:
                package = path.relative_to(ROOT).parent.parts
                base = ".".join(package[: len(package) - node.level + 1])
                name = f"{base}.{node.module}" if node.module else base
                if name.startswith("companion.games.princes.rules"):
                    out.append(name)
    return out


def _is_file(name: str) -> bool:
    return (RULES / f"{name}.py").exists()


def test_outside_code_goes_through_the_door():
    seen = 0
    for path in outside_files():
        for name in rules_imports(path):
            seen += 1
            assert name in (
                "companion.games.princes.rules",
                "companion.games.princes.rules.catalog",
            ), f"{path.relative_to(ROOT)} imports {name}: use companion.games.princes.rules"
    assert seen > 10


def test_the_door_names_what_it_offers():
    for name in companion.games.princes.rules.__all__:
        assert hasattr(companion.games.princes.rules, name), name


def test_the_engines_public_functions_have_type_hints():
    """mypy (`make lint`) checks the bodies of annotated functions only: so every public one is."""
    bare = []
    for path in sorted(RULES.glob("*.py")):
        for node in _tree(path).body:
            members = node.body if isinstance(node, ast.ClassDef) else [node]
            for f in members:
                if not isinstance(f, ast.FunctionDef) or f.name.startswith("_"):
                    continue
                args = f.args.args + f.args.kwonlyargs
                if f.returns is None or any(
                    a.annotation is None and a.arg not in ("self", "cls") for a in args
                ):
                    bare.append(f"{path.name}:{f.lineno} {f.name}")
    assert not bare, bare
