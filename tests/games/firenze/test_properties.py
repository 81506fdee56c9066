"""Properties of the Firenze rules over random legal games (hypothesis), as for the Princes."""

from __future__ import annotations

import copy
import json

from hypothesis import given
from hypothesis import strategies as st

from companion.games.firenze.rules import apply, replay
from companion.games.firenze.rules.catalog import SEALS_PER_PLAYER
from companion.games.firenze.rules.state import brick_total, clone
from tests.support.firenze_bot import Bot
from tests.support.firenze_properties import SETTINGS
from tests.support.mutate import mutate_json


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_random_games_keep_every_brick_seal_and_limit(seed, players):
    bot = Bot(seed, players)
    turns = 0
    while bot.state["phase"] == "play" and turns < 120:
        seat = bot.state["turn"]
        bot.turn()
        turns += 1
        s = bot.state
        assert brick_total(s) == 88
        if s["phase"] == "play":
            me = s["players"][seat]
            assert sum(me["storehouse"].values()) <= 10
            nonceleb = [c for c in me["hand"] if c["kind"] != "celebration"] + me["buildings"]
            assert len(me["hand"]) + len(me["buildings"]) <= 5 or not nonceleb
        for p in s["players"]:
            assert p["seals_left"] + len(p["seals"]) == SEALS_PER_PLAYER[players]
        sealed = [(x["colour"], x["height"]) for p in s["players"] for x in p["seals"]]
        assert len(sealed) == len(set(sealed))
    bot.play(1)
    assert json.loads(json.dumps(bot.state)) == bot.state  # a snapshot is the state itself
    assert replay(bot.log) == bot.state  # the log alone gives the same table


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_apply_is_pure_and_a_refusal_changes_nothing(seed):
    bot = Bot(seed)
    bot.play(10)
    state = bot.state
    before = copy.deepcopy(state)
    for event in bot.log[-5:] + [{"type": "card_taken", "player": 9, "position": 1}]:
        try:
            apply(state, event)
        except Exception as e:  # noqa: BLE001 - a refusal is the expected outcome here
            assert getattr(e, "code", None), e
        assert state == before


def test_a_long_game_reaches_the_end_and_scores():
    ended = 0
    for seed in range(6):
        bot = Bot(seed)
        bot.play(400)
        if bot.state["phase"] == "over":
            ended += 1
            final = bot.state["final"]
            best = max(s["total"] for s in final["scores"])
            assert final["winners"] == [s["player"] for s in final["scores"] if s["total"] == best]
    assert ended >= 3


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), turns=st.integers(0, 60))
def test_a_clone_is_a_deep_copy_and_shares_nothing_mutable(seed, players, turns):
    """The state is copied as JSON (companion/core/jsoncopy.py): it must give what
    `copy.deepcopy` gave, and a clone and its original never change each other."""
    bot = Bot(seed, players)
    bot.play(turns)
    state = bot.state
    before = json.dumps(state, sort_keys=True)
    copied = clone(state)
    assert copied == copy.deepcopy(state) == state
    mutate_json(copied)
    assert json.dumps(state, sort_keys=True) == before
    other = clone(state)
    mutate_json(state)
    assert json.dumps(other, sort_keys=True) == before
