"""Every event's declared shape (companion/games/princes/rules/schema.py): one class per event the engine
handles, checked at the engine's door before any rule, and documented from the same table."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.schema import event_type
from companion.games.princes.rules import (
    EVENT_SCHEMAS,
    MISREAD_CORRECTED,
    Fold,
    GameState,
    Refusal,
    apply,
    check_shape,
    event_types,
    payload_fields,
    play,
    register,
    replay,
    simulation_catalog,
    unregister,
)
from companion.games.princes.rules.module import REGISTRY
from companion.games.princes.rules.schema import BASE_EVENTS, markdown
from tests import ROOT
from tests.support.builders import DATA, TEST_CATALOG, Table

DOCS = ROOT / "docs" / "events.md"


def test_every_event_the_engine_handles_has_exactly_one_declared_shape():
    """A module that adds events (an expansion) declares their shapes in schema.py too."""
    log_events = {"game_started", "retracted", MISREAD_CORRECTED}  # folded by the log itself
    assert set(EVENT_SCHEMAS) == set(event_types()) | log_events


def test_each_module_declares_its_own_events_and_takes_them_when_it_leaves():
    """Modules are one unit: a module's event shapes come with its declaration, the base
    game's first; the engine's door, the forms and the docs read that one table."""
    owners = {event_type(e): m.name for m in REGISTRY.values() for e in m.events}
    assert set(owners) == set(EVENT_SCHEMAS)
    assert {owners[k] for k in ("character_bid", "character_used")} == {"muse_princess"}
    assert owners["cooperation_proposed"] == "cooperative" and owners["die_rolled"] == "solo"
    assert list(EVENT_SCHEMAS)[: len(BASE_EVENTS)] == [event_type(e) for e in BASE_EVENTS]
    saved = dict(REGISTRY)
    unregister("muse_princess")
    try:
        assert "character_bid" not in EVENT_SCHEMAS
        assert payload_fields("cooperation_proposed")  # the others stay
        check_shape({"type": "character_bid", "player": "x"})  # no shape: the engine's to refuse
    finally:
        REGISTRY.clear()
        REGISTRY.update(saved)
        register(saved["muse_princess"])  # back in its place: the docs' order holds
    assert list(EVENT_SCHEMAS) == list(owners)
    with pytest.raises(Refusal) as r:
        check_shape({"type": "character_bid", "player": "x", "character": "c", "space": 1})
    assert r.value.code == "unknown_player"


def test_docs_events_md_is_generated_from_the_schemas():
    text = DOCS.read_text(encoding="utf-8")
    assert markdown() in text, "docs/events.md is out of date with the schemas: run `make docs`"
    for kind in EVENT_SCHEMAS:
        assert f"`{kind}`" in text


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.jsonl")))
def test_every_recorded_test_log_has_the_declared_shapes(name):
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip():
            check_shape(json.loads(line))


def test_simulated_games_have_the_declared_shapes():
    for players in (2, 3, 5):
        log, _ = play(players, seed=players)
        for event in log:
            check_shape(event)
        replay(log, simulation_catalog())


def refused(event) -> Refusal:
    with pytest.raises(Refusal) as info:
        check_shape(event)
    return info.value


def test_unknown_fields_and_other_events_fields_are_refused():
    r = refused({"type": "starting_hand_chosen", "player": 0, "professions": [], "panels": [1]})
    assert r.code == "bad_event" and "panels is not part of this event" in r.message
    r = refused({"type": "bid_passed", "player": 0, "admin": True})
    assert r.code == "bad_event" and "admin" in r.message


def test_missing_and_mistyped_fields_are_refused_with_the_fields_own_code():
    assert refused({"type": "bid_passed"}).code == "bad_event"
    assert refused({"type": "bid_passed", "player": True}).code == "unknown_player"
    assert refused({"type": "bid_passed", "player": "0"}).code == "unknown_player"
    assert refused({"type": "die_rolled", "value": 7}).code == "bad_die"
    assert refused({"type": "retracted", "seqs": "the last"}).code == "bad_retraction"
    r = refused({"type": "building_built", "player": 0, "building": "tower", "cells": [[0, 9]]})
    assert r.code == "outside_grid" and "0 to 6" in r.message


def test_nesting_beyond_what_the_event_needs_is_refused():
    deep: list = [0, 0]
    for _ in range(3):
        deep = [deep]
    assert (
        refused({"type": "building_built", "player": 0, "building": "tower", "cells": deep}).code
        == "wrong_shape"
    )
    panels = {"auction": [[[[[["too deep"]]]]]]}
    assert refused({"type": "automa_card_drawn", "card": 3, "panels": panels}).code in (
        "bad_catalog_entry",
    )


def test_oversized_values_are_refused():
    r = refused({"type": "correction", "player": 0, "money": 0, "reason": "x" * 501})
    assert r.code == "bad_correction" and "too long" in r.message
    r = refused({"type": "auction_opened", "player": 0, "object": "j" * 200_000})
    assert "too long" in r.message
    r = refused({"type": "retracted", "seqs": list(range(1, 300))})
    assert "too long" in r.message
    r = refused({"type": "correction", "player": 0, "reason": "a\x00b"})
    assert "characters that do not belong" in r.message


def test_the_engine_checks_the_shape_before_any_rule_and_changes_nothing():
    t = Table(("Alexandra", "Leon", "Jen"))
    before = t.state.to_dict()
    with pytest.raises(Refusal) as info:
        apply(t.state, {"type": "auction_opened", "player": 0, "object": "jester", "x": 1})
    assert info.value.code == "bad_event"
    assert t.state.to_dict() == before
    fold = Fold(TEST_CATALOG)
    for event in t.log:
        fold.add(event)
    with pytest.raises(Refusal):
        fold.add({"type": "retracted", "seqs": [1], "why": "oops"})
    assert fold.state.to_dict() == before


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=10,
)


@settings(max_examples=300)
@given(
    kind=st.sampled_from(sorted(EVENT_SCHEMAS)),
    # any field but `type`, which would replace the kind drawn (and an event without a known
    # type is the engine's to refuse, not the shape check's)
    fields=st.dictionaries(st.text(max_size=12).filter(lambda k: k != "type"), JSONISH, max_size=4),
)
def test_any_payload_is_accepted_or_refused_never_crashes(kind, fields):
    """Whatever a file or a phone sends: a Refusal with a registered code, or a state."""
    event = {"type": kind, **fields}
    try:
        check_shape(event)
    except Refusal as r:
        assert r.message and r.code
        return
    assert set(fields) <= set(payload_fields(kind)) | {"seq", "id", "by", "at"}
    try:
        apply(GameState(TEST_CATALOG), event)
    except Refusal:
        pass
