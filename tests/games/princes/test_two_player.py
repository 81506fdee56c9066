"""The 2-player rules as a module (Rulebook, Two Player Rules, p. 11): which games turn it on,
what it changes through the base game's hooks, and snapshots saved before it was a module.
The rules themselves are played in test_rules_examples.py and test_rules_games.py."""

from __future__ import annotations

import pytest

from companion.games.princes.rules import (
    GameState,
    Refusal,
    apply_in_place,
    is_two_player,
    public_view,
)
from companion.games.princes.rules.module import HOOKS, REGISTRY
from tests.support.builders import Table
from tests.support.solo_table import SOLO_CATALOG

ALEXANDRA, LEON = 0, 1


def test_two_people_turn_the_module_on_and_nothing_else_does():
    assert Table(("Alexandra", "Leon")).state.modules == ["two_player"]
    assert Table().state.modules == []
    assert Table(("A", "B", "C", "D", "E")).state.modules == []
    both = Table(("Alexandra", "Leon"), expansions={"muse_princess": True})
    assert set(both.state.modules) == {"muse_princess", "two_player"}
    solo = GameState(SOLO_CATALOG)
    apply_in_place(
        solo,
        {
            "type": "game_started",
            "players": ["Alexandra", "Wolfgang"],
            "start_player": 0,
            "solo": {"difficulty": "standard", "dummies": 2},
            "grid": False,
        },
    )
    assert solo.modules == ["solo"] and not is_two_player(solo)
    assert [p.money for p in solo.players] == [3500, 1500]  # the solo game's money, not 2500


def test_the_module_declares_only_hooks_the_base_game_asks():
    module = REGISTRY["two_player"]
    assert set(module.hooks) <= set(HOOKS)
    assert {"starting_money", "freedom_supply", "opening_bid", "auction_objects"} <= set(
        module.hooks
    )
    assert not module.phases and not module.anytime  # it changes numbers and objects only


def test_without_the_module_the_base_game_has_three_landscape_stacks_and_opens_at_200():
    t = Table()
    assert [p.money for p in t.state.players] == [3500] * 3
    assert t.state.freedom_supply == {"travel": 2, "religion": 2, "opinion": 2}
    r = t.refused("auction_opened", player=ALEXANDRA, object="landscape")
    assert r.code == "unknown_object"
    t.do("auction_opened", player=ALEXANDRA, object="lake")
    assert t.current["bid"] == 200
    assert public_view(t.state).get("two_player") is None
    assert public_view(Table(("Alexandra", "Leon")).state)["two_player"] is True


def test_a_three_player_game_refuses_a_two_player_freedom_supply():
    state = GameState()
    event = {
        "type": "game_started",
        "players": ["Alexandra", "Leon", "Jen"],
        "start_player": 0,
        "grid": False,
        "freedoms": {"travel": 2, "religion": 1, "opinion": 2},
    }
    with pytest.raises(Refusal) as info:
        apply_in_place(state, event)
    assert info.value.code == "bad_freedom_supply"
    assert state.to_dict() == GameState().to_dict()
