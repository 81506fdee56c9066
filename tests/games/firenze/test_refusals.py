"""A refusal per rule: each illegal event names its reason, and the log and state stay as they were."""

from __future__ import annotations

import copy

import pytest

from companion.games.firenze.rules import CODES, Refusal
from tests.games.firenze.refusals import CASES, T, build, taken


@pytest.mark.parametrize(
    ("code", "position", "event"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_refused_with_its_reason_and_nothing_changes(code, position, event):
    fold = position()
    state = copy.deepcopy(fold.state)
    effective = copy.deepcopy(fold.effective)
    with pytest.raises(Refusal) as r:
        fold.add(event)
    assert r.value.code == code, r.value.message
    assert r.value.message and r.value.rule.startswith(("Firenze rulebook", "Palazzo ruling"))
    assert fold.state == state
    assert fold.effective == effective


def test_every_refusal_code_is_reached():
    reached = {c[0] for c in CASES} | {"bad_retraction", "retraction_past_reveal"}
    assert reached == set(CODES)


def test_undo_takes_back_the_latest_choice_but_not_a_card_turned_over():
    fold = taken()
    fold.add(build({"colour": "yellow", "bricks": 2}))
    before = copy.deepcopy(fold.state)
    fold.add({"type": "retracted", "seqs": [fold.last_seq]})
    assert fold.state["players"][T]["towers"] == []
    assert fold.state["players"][T]["storehouse"] == before["players"][T]["storehouse"] | {
        "yellow": 4
    }
    state = copy.deepcopy(fold.state)
    with pytest.raises(Refusal) as r:
        fold.add({"type": "retracted", "seqs": [fold.effective[-1]["seq"]]})  # the card turned over
    assert r.value.code == "retraction_past_reveal"
    with pytest.raises(Refusal) as r:
        fold.add({"type": "retracted", "seqs": [1]})
    assert r.value.code == "bad_retraction"
    assert fold.state == state
