"""Firenze's events are declared on the typed base both games share (companion/core/schema.py),
and a broken one is refused in Firenze's own words: the first fault in the order its fields are
declared, unknown fields first, lists counted from 1 as a player counts."""

import pytest

from companion.core.schema import Event
from companion.games.firenze.rules import SCHEMAS, Refusal
from companion.games.firenze.rules.schema import SHAPES, parse
from tests import ROOT


def refused(event: dict) -> Refusal:
    with pytest.raises(Refusal) as r:
        parse(event)
    return r.value


def test_every_firenze_event_is_a_typed_class_of_the_shared_base():
    assert len(SCHEMAS) == 11
    assert all(issubclass(cls, Event) for cls in SCHEMAS.values())


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "towers_built", "player": 0, "build": [{"colour": "pink", "bricks": 1}]},
            "towers_built.build[1].colour is one of white, yellow, green, red, blue, purple",
        ),
        (
            {"type": "card_taken", "player": 0, "position": "1", "sneaky": 1},
            "card_taken: unknown field sneaky",
        ),
        ({"type": "card_taken", "position": 1}, "card_taken: player is missing"),
        (
            {"type": "card_taken", "player": True, "position": 1},
            "card_taken.player is a whole number",
        ),
        (
            {"type": "card_taken", "player": 0, "position": 10**7},
            "card_taken.position is a whole number",
        ),
        (
            {"type": "church_card_fulfilled", "player": 0, "card": "   "},
            "church_card_fulfilled.card is a short text",
        ),
        (
            {"type": "card_played", "player": 0, "card": "X", "effect": {"pp": {"0": "2"}}},
            "card_played.effect.pp.0 is a whole number",
        ),
        (
            {"type": "card_played", "player": 0, "card": "X", "effect": {"moves": 3}},
            "card_played.effect.moves is a list",
        ),
        (
            {"type": "celebrations_scored", "points": [[1], 2]},
            "celebrations_scored.points[2] is a list",
        ),
        (
            {"type": "card_revealed", "card": "Chapel", "bricks": []},
            "card_revealed.card is an object",
        ),
    ],
)
def test_a_broken_field_is_named_as_before(event, message):
    refusal = refused(event)
    assert (refusal.code, refusal.message) == ("bad_event", message)


def test_texts_are_trimmed_and_the_envelope_is_the_stores():
    ev = parse(
        {"type": "church_card_fulfilled", "player": 1, "card": " Chapel ", "seq": 4, "by": "1"}
    )
    assert (ev.card, ev.player, ev.effect) == ("Chapel", 1, None)
    assert refused({"type": "tower_demolished"}).code == "unknown_event"
    assert refused([1]).code == "bad_event"  # type: ignore[arg-type]


def test_docs_firenze_md_is_generated_from_the_shapes():
    text = (ROOT / "docs" / "firenze.md").read_text("utf-8")
    assert SHAPES.markdown() in text, "docs/firenze.md is out of date: run `make docs`"
