"""No refusal speaks English only (docs/i18n.md): every `refuse()` / `Refusal()` in companion/
gives its message marked with `N_()` (or passes on one marked elsewhere), so the web edge can
translate it. An f-string, a plain string or a sentence glued from pieces cannot be looked up
in a catalog: this scan finds them in every package, the engines and the web alike."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games.princes.rules import Refusal
from companion.games.princes.rules.catalog import CHARACTER_MOMENTS, EDITIONS
from companion.games.princes.rules.module import REGISTRY
from companion.games.princes.rules.muse_princess import WHEN
from tests import ROOT
from tests.platform.translations import extracted

PACKAGE = ROOT / "companion"
CALLS = {"refuse", "Refusal", "Refusal.__init__"}

# Calls still unmarked in an area another helper is finishing (docs/i18n.md "Still English"),
# as "path:function": each names what is wrong, and the test fails once it is fixed (so the
# line is removed then).
EXCLUDED: dict[str, str] = {}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def unmarked(message: ast.expr) -> str | None:
    """Why a refusal's message argument is not a marked message (None when it is one).

    Marked: `N_("...")` with a literal, a conditional between marked ones, or a value passed
    on (a parameter, `e.template`, an entry of a table of `N_()` messages): those are marked
    where they are written, which `pybabel extract` and tests/platform/test_translations.py check."""
    if isinstance(message, ast.Call) and _name(message.func) == "N_":
        if len(message.args) == 1 and isinstance(message.args[0], ast.Constant):
            return None
        return "N_() of something other than one literal string cannot be extracted"
    if isinstance(message, ast.IfExp):
        return unmarked(message.body) or unmarked(message.orelse)
    if isinstance(message, ast.Name | ast.Attribute | ast.Subscript):
        return None
    if isinstance(message, ast.JoinedStr):
        return "an f-string"
    if isinstance(message, ast.Constant):
        return "a plain string"
    if isinstance(message, ast.BinOp):
        return "a sentence glued from pieces"
    return f"{type(message).__name__}: not a marked message"


def scan(root: Path = PACKAGE) -> list[tuple[str, int, str, str]]:
    """(path, line, function, why) of each refusal whose message is not marked."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
                continue
            where = getattr(func, "name", "<module>")
            for node in ast.walk(func):
                if not (isinstance(node, ast.Call) and _name(node.func) in CALLS):
                    continue
                if any(isinstance(a, ast.Starred) for a in node.args):
                    found.append((rel, node.lineno, where, "*args hide the message"))
                    continue
                message = node.args[1] if len(node.args) > 1 else None
                message = message or next(
                    (k.value for k in node.keywords if k.arg == "message"), None
                )
                if message is None:
                    continue  # a refusal built elsewhere, or not a refusal's constructor
                why = unmarked(message)
                if why:
                    found.append((rel, node.lineno, where, why))
    # a call inside a nested function is met twice (its own and its outer function's walk)
    innermost: dict[tuple[str, int], tuple[str, int, str, str]] = {}
    for item in found:
        innermost[item[:2]] = item  # ast.walk meets the outer function first
    return sorted(innermost.values())


def test_every_refusal_in_companion_gives_a_marked_message():
    left = [
        f"{path}:{line} in {where}(): {why}"
        for path, line, where, why in scan()
        if f"{path}:{where}" not in EXCLUDED
    ]
    assert not left, "refusals the edge cannot translate:\n" + "\n".join(left)


@pytest.mark.parametrize("key", sorted(EXCLUDED))
def test_each_exclusion_is_still_needed(key):
    assert any(f"{path}:{where}" == key for path, _line, where, _why in scan()), (
        f"{key} gives a marked message now: remove it from EXCLUDED"
    )


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ('refuse("bad_event", f"{x!r} is not a Building")', "an f-string"),
        ('refuse("bad_event", "No squares needed")', "a plain string"),
        ('refuse("bad_event", "The " + name + " is gone")', "a sentence glued from pieces"),
        ('raise Refusal("bad_event", ", ".join(names))', "Call: not a marked message"),
        ('refuse(*("unknown_event", "gone"))', "*args hide the message"),
        ('refuse("x", N_("a") if y else "b")', "a plain string"),
    ],
)
def test_the_scan_finds_an_english_only_refusal(tmp_path, source, why):
    """The check can fail: each kind of English-only message is found where it is written."""
    module = tmp_path / "companion" / "engine.py"
    module.parent.mkdir()
    module.write_text(f"def handler(state, event, x, y, name, names):\n    {source}\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert scan(tmp_path / "companion") == [("companion/engine.py", 2, "handler", why)]
    finally:
        ROOT = saved


def test_the_scan_accepts_marked_messages(tmp_path):
    module = tmp_path / "companion" / "engine.py"
    module.parent.mkdir()
    module.write_text(
        "def handler(e, kind, message, once):\n"
        '    refuse("x", N_("No %(b)s left"), b=kind)\n'
        '    refuse("x", N_("a") if kind else N_("b"))\n'
        '    refuse("x", e.template, **e.params)\n'
        '    refuse("x", once[kind])\n'
        '    raise Refusal("x", message)\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert scan(tmp_path / "companion") == []
    finally:
        ROOT = saved


def test_the_words_a_module_lends_a_refusal_are_marked():
    """A module's title, its refusal of its events in a game without it and a move's refusal
    out of its phase are said in refusals (engine.check_move): marked messages too."""
    marked = {msgid for msgid, _context in extracted()}
    for module in REGISTRY.values():
        assert module.title in marked, module.name
        if module.foreign:
            code, message = module.foreign
            assert message in marked, module.name
            assert Refusal(code, message).message == message
        for phase in module.phases:
            for kind, move in phase.moves.items():
                out_of_phase = getattr(move, "out_of_phase", None)
                if out_of_phase:
                    assert out_of_phase[1] in marked, (module.name, kind)


def test_every_moment_a_character_is_used_has_words():
    """The Muse and the Princess says when a Character may be used from one table (WHEN):
    each set of moments the catalog gives has its whole sentence, none glued from pieces."""
    moments = {m for effects in CHARACTER_MOMENTS.values() for m in effects.values()}
    for edition in EDITIONS.values():  # and every edition's own timing
        moments |= {m for effects in edition.character_moments.values() for m in effects.values()}
    assert moments <= set(WHEN), moments - set(WHEN)
    marked = {msgid for msgid, _context in extracted()}
    assert all(message in marked for message in WHEN.values())
