"""The one fold both games share (companion/core/fold.py), seen through a third, toy game: a game is
its rules handed over as `FoldRules`; seqs, undo and replay are the fold's, written once."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest

import companion.core.fold
import companion.core.lang
from companion.core.fold import Fold, FoldRules, NeedFullLog, replay
from tests.support.rules_purity import FORBIDDEN, imported_modules


class No(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def refuse(code: str, message: str, **params: object):
    raise No(code, message % params if params else message)


def apply(state: dict, event: dict) -> dict:
    """Counters: `game_started`, `added {n}` (refused below 1), `rolled {n}` (chance), `over`."""
    kind = event.get("type")
    if kind == "game_started":
        return {"total": 0, "over": False}
    if state is None or "total" not in state:
        refuse("not_started", "Start first")
    if kind == "over":
        return {**state, "over": True}
    n = event.get("n")
    if kind not in ("added", "rolled") or not isinstance(n, int) or n < 1:
        refuse("bad_event", "added or rolled, n >= 1")
    return {**state, "total": state["total"] + n}


RULES: FoldRules[dict] = FoldRules(
    new_state=dict,
    apply=apply,
    refuse=refuse,
    refusal=No,
    is_over=lambda s: s.get("over", False),
    chance_events=frozenset({"rolled"}),
    past_chance=lambda e: ("the roll %(seq)s was seen", {"seq": e["seq"]}),
)
LOG = [
    {"type": "game_started", "seq": 1},
    {"type": "added", "n": 2, "seq": 2},
    {"type": "rolled", "n": 6, "seq": 3},
    {"type": "added", "n": 3, "seq": 4},
    {"type": "added", "n": 4, "seq": 5},
]


def folded() -> Fold[dict]:
    fold = Fold(RULES)
    for e in LOG:
        fold.add(e)
    return fold


def test_the_fold_keeps_seqs_and_undoes_the_latest_events_by_folding_again():
    fold = folded()
    assert fold.state == {"total": 15, "over": False} and fold.last_seq == 5
    fold.add({"type": "retracted", "seqs": [5, 4], "seq": 6})
    assert fold.state["total"] == 8 and fold.last_seq == 6
    assert [e["seq"] for e in fold.effective or []] == [1, 2, 3]
    fold.add({"type": "added", "n": 1})  # no seq: the next one
    assert fold.last_seq == 7 and fold.effective[-1]["seq"] == 7  # type: ignore[index]


@pytest.mark.parametrize(
    ("seqs", "code"),
    [
        ([4], "bad_retraction"),  # not the latest
        ([], "bad_retraction"),
        ([True], "bad_retraction"),
        ([5, 4, 3], "retraction_past_reveal"),  # chance the table saw
        ([5, 4, 3, 2, 1], "bad_retraction"),  # the start of the game
    ],
)
def test_a_refused_undo_or_event_leaves_the_fold_as_it_was(seqs, code):
    fold = folded()
    state, effective = copy.deepcopy(fold.state), copy.deepcopy(fold.effective)
    with pytest.raises(No) as r:
        fold.add({"type": "retracted", "seqs": seqs})
    assert r.value.code == code
    with pytest.raises(No):
        fold.add({"type": "added", "n": 0})
    assert (fold.state, fold.effective, fold.last_seq) == (state, effective, 5)


def test_undo_never_takes_back_the_start_nor_a_game_over_and_needs_the_log_behind_a_snapshot():
    fold = Fold(RULES)
    fold.add(LOG[0])
    with pytest.raises(No) as r:
        fold.add({"type": "retracted", "seqs": [1]})
    assert "host a new game" in r.value.message
    over = folded()
    over.add({"type": "over"})
    with pytest.raises(No) as r:
        over.add({"type": "retracted", "seqs": [6]})
    assert r.value.code == "game_over"
    snapshot = Fold(RULES, {"total": 15, "over": False})
    with pytest.raises(NeedFullLog):
        snapshot.add({"type": "retracted", "seqs": [5]})
    assert snapshot.add({"type": "added", "n": 1})["total"] == 16


def test_replay_raises_the_first_refusal_with_its_seq():
    assert replay(RULES, LOG)["total"] == 15
    with pytest.raises(No) as r:
        replay(RULES, [*LOG, {"type": "added", "n": -1, "seq": 9}, {"type": "added"}])
    assert r.value.seq == 9  # type: ignore[attr-defined]
    with pytest.raises(No) as r:
        replay(RULES, [LOG[0], {"type": "added"}])  # no seq: its place in the log
    assert r.value.seq == 2  # type: ignore[attr-defined]


def test_the_fold_is_pure_and_knows_no_game():
    """Of Palazzo the fold imports only companion.core.lang, for N_() (a marker: its refusals are
    translated at the game's edge), and that module imports nothing of Palazzo or the web."""
    path = Path(companion.core.fold.__file__)
    imported = set(imported_modules(path))
    assert not imported & (FORBIDDEN | {"random"}), imported
    tree = ast.parse(path.read_text())
    ours = [
        n.module
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module and n.module.split(".")[0] == "companion"
    ]
    ours += [
        a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import)
        for a in n.names
        if a.name.split(".")[0] == "companion"
    ]
    assert ours == ["companion.core.lang"], ours
    lang = set(imported_modules(Path(companion.core.lang.__file__)))
    assert not lang & (FORBIDDEN | {"random"}), lang
    # lang knows no game either: of Palazzo's own modules it reads the core's refusal words
    # and the core's grammar (articles for the names it fills in), which reads no module of ours
    said = [
        n.module
        for n in ast.walk(ast.parse(Path(companion.core.lang.__file__).read_text()))
        if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("companion")
    ]
    assert said == ["companion.core.grammar", "companion.core.refusal"], said
    grammar = Path(companion.core.lang.__file__).with_name("grammar.py")
    assert "import companion" not in grammar.read_text()
    assert "from companion" not in grammar.read_text()
