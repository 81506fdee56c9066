"""A sentence of the story worded once per seq and hearer (`text_of(..., shared=True)`) is the
sentence each seat is told on its own: its private details to it alone, the table's words to
every other seat, in each reader's language."""

from __future__ import annotations

import json

import pytest

from companion.app import GAMES
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import play, simulation_catalog
from companion.games.princes.story import read
from companion.games.princes.words import RETRACTED, describe, hearer
from companion.games.princes.words.notices import notices
from companion.games.princes.words.telling import newest_first, text_of
from companion.service.table import Table
from tests.conftest import lang_speaking
from tests.support.builders import DATA, load_log

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


def test_sentences_kept_from_seq_to_seq_follow_a_name_taught_meanwhile(store, tmp_path):
    """The service's story keeps its facts from one seq to the next, and so do their sentences
    (`_told_before`) while the game's catalog and names stay: a card's name taught in German
    mid-game is in every German sentence naming it from then on, shared or not."""
    learned = LearnedCatalog(tmp_path / "instance")
    table = Table(store, GAMES, learned)
    log = load_log("game_2p.jsonl")
    game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    pid, card = next(iter(TEST_CARDS.items()))
    lesson = {"type": "profession_taught", "profession": pid}
    lesson.update({k: card[k] for k in ("name", "building", "landscape", "freedom")})
    events = [*_taught_lessons(), *log[1:30], {**lesson, "name_de": "Steinmetz"}, *log[30:50]]
    german = []  # seat 0's starting hand told to it in German, at each seq
    for event in events:
        table.record(game_id, event, by="host")
        replay = table.replay(game_id)
        for language in ("en", "de"):
            with lang_speaking(language):
                for fact in replay.facts:
                    for seat in (None, 0, 1):
                        shared = text_of(replay, fact, seat, shared=True)
                        assert shared == text_of(replay, fact, seat)
                for seat in (0, 1):  # the host recorded every move: "recorded for you"
                    assert notices(replay, seat, last=3, shared=True) == notices(
                        replay, seat, last=3
                    )
                if language == "de":
                    hand = [f for f in replay.facts if f.type == "starting_hand_chosen"]
                    german.append(text_of(replay, hand[0], 0, shared=True) if hand else "")
    # Ada's hand holds the card: told to her by the catalog's name, then by the German one
    assert card["name"] in german[40] and "Steinmetz" not in german[40]
    assert "Steinmetz" in german[-1] and card["name"] not in german[-1]


def _taught_lessons() -> list[dict]:
    return [
        {
            "type": "profession_taught",
            "profession": pid,
            **{k: card[k] for k in ("name", "building", "landscape", "freedom")},
        }
        for pid, card in TEST_CARDS.items()
    ]
