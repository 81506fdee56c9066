"""A sentence of the story worded once per seq and hearer (`text_of(..., shared=True)`) is the
sentence each seat is told on its own: its private details to it alone, the table's words to
every other seat, in each reader's language."""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import play, simulation_catalog
from companion.games.princes.story import read
from companion.games.princes.words import RETRACTED, describe, hearer, newest_first, text_of
from tests.builders import DATA, load_log
from tests.conftest import lang_speaking

TEST_CARDS = json.loads((DATA / "test_professions.json").read_text())["professions"]


def _by_the_mover(events: list[dict]) -> list[dict]:
    """Each move sent from its player's phone (`by` its seat), the rest by the host."""
    return [
        {**e, "seq": i, "by": str(e["player"]) if isinstance(e.get("player"), int) else "host"}
        for i, e in enumerate(events, 1)
    ]


def _taught_game():
    """The 2-player test game with its cards taught from seat 0's phone and one from the host's
    device, an undo of a move, and a correction: every way a sentence depends on its reader."""
    log = load_log("game_2p.jsonl")
    lessons = [
        {
            "type": "profession_taught",
            "profession": pid,
            **{k: card[k] for k in ("name", "building", "landscape", "freedom")},
        }
        for pid, card in TEST_CARDS.items()
    ]
    events = _by_the_mover([log[0], *lessons, *log[1:]])
    for n, e in enumerate(events[1 : 1 + len(lessons)]):
        e["by"] = "0" if n % 2 else "host"
    return read(events)


def _autoplay_game():
    log, _ = play(5, seed=7, catalog=simulation_catalog())
    return read(_by_the_mover(log), simulation_catalog())


@pytest.mark.parametrize("game", [_taught_game, _autoplay_game])
def test_a_shared_sentence_is_the_one_each_seat_is_told(game):
    replay = game()
    kinds = {f.type for f in replay.facts}
    assert {"profession_taught", RETRACTED, "prestige_card_chosen"} & kinds
    private = 0
    for language in ("en", "de", "fr"):  # one replay: each language keeps its own sentences
        with lang_speaking(language):
            for fact in replay.facts:
                for viewer in (None, *range(replay.state.n)):
                    own = text_of(replay, fact, viewer)
                    assert text_of(replay, fact, viewer, shared=True) == own
                    if fact.type != RETRACTED:
                        heard = hearer(fact, viewer)
                        assert describe(fact, replay.state, heard) == own
                        if heard is not None and own != text_of(replay, fact, None):
                            private += 1
    assert private  # the owner's sentences differ from the table's, and each gets its own


def test_the_shared_sentences_keep_the_owner_s_card_to_the_owner():
    replay = _taught_game()
    chosen = next(f for f in replay.facts if f.type == "prestige_card_chosen")
    owner, other = chosen.event["player"], 1 - chosen.event["player"]
    with lang_speaking("en"):
        mine = text_of(replay, chosen, owner, shared=True)
        theirs = text_of(replay, chosen, other, shared=True)
        table = text_of(replay, chosen, None, shared=True)
    assert mine != theirs == table
    assert mine == text_of(replay, chosen, owner) and theirs == text_of(replay, chosen, other)


def test_the_recent_events_shared_or_not_are_the_same():
    replay = _autoplay_game()
    with lang_speaking("de"):
        for seat in (None, *range(replay.state.n)):
            assert newest_first(replay, seat, last=8, shared=True) == newest_first(
                replay, seat, last=8
            )
