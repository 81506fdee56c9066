"""The engine takes modules (docs/engine.md): a module declared here, for the tests only, uses
every hook the expansions will need, and each test shows the engine asking it at the right
moment through real events. Its rules are invented (bells, questions); the hooks are real."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from companion.games.princes.rules import (
    GameState,
    Module,
    Move,
    Part,
    Phase,
    Refusal,
    apply_in_place,
    current_player,
    register,
    replay,
    summary,
    unregister,
)
from companion.games.princes.rules.checks import seat
from companion.games.princes.rules.module import GAME_END, HOOKS, REGISTRY
from companion.games.princes.rules.rounds import end_phase
from companion.games.princes.rules.work import work_value
from tests.support.builders import Table, build, work

NAME = "test_bells"
A, LEON, JEN = 0, 1, 2


@dataclass
class Belfry(Part):
    """Per-game state the module owns."""

    rung: list[int] = field(default_factory=list)  # the round of each ring
    asked: int | None = None  # a question waiting for this seat's answer
    farewells: int = 0
    scored: bool = False


@dataclass
class Pocket(Part):
    """Per-player state the module owns."""

    bells: int = 0


def belfry(state: GameState) -> Belfry:
    part: Belfry = state.part(NAME)
    return part


def bell_rung(state, ev):
    s = seat(state, ev)
    belfry(state).rung.append(state.round)
    state.players[s].part(NAME).bells += 1
    end_phase(state)


def question_asked(state, ev):
    belfry(state).asked = seat(state, ev, "of")


def question_answered(state, ev):
    belfry(state).asked = None


def farewell_said(state, ev):
    belfry(state).farewells += 1
    end_phase(state)


def mark_scored(state):
    belfry(state).scored = True


def add_bells(state, scores):
    for entry in scores:
        entry["bells"] = state.players[entry["player"]].part(NAME).bells
        entry["total"] += entry["bells"]


def muse_like_value(state, s, value):
    value = dict(value, parts=dict(value["parts"], bells=state.round))
    value["total"] += state.round
    return value


BELLS = Module(
    name=NAME,
    title="The test bells",
    enabled_by=lambda ev: bool(ev.get(NAME)),
    phases=(
        Phase(
            "bells",
            "the Bell phase",
            {"bell_rung": Move(bell_rung, turn=True)},
            after="auction",
            whose_turn=lambda state: state.start_player,
        ),
        Phase(
            "action",
            moves={
                "question_asked": Move(question_asked, turn=True),
                "question_answered": Move(question_answered, turn=True),
            },
        ),
        Phase(
            "farewell",
            "the Farewell",
            {"farewell_said": Move(farewell_said, turn=True)},
            when=GAME_END,
            active=lambda state: bool(belfry(state).rung),
            whose_turn=lambda state: A,
        ),
    ),
    game_part=Belfry,
    player_part=Pocket,
    hooks={
        "acting_seat": lambda state, s: (
            belfry(state).asked if belfry(state).asked is not None else s
        ),
        "actions_per_turn": lambda state, s, n: n + 1,
        "object_price": lambda state, s, obj, price: 0 if obj == "jester" else price,
        "work_value": muse_like_value,
        "fame_may_be_sold": lambda state: False,
        "shared_buildings": lambda state, s: state.players[A].buildings if s == LEON else [],
        "game_end": mark_scored,
        "final_scoring": add_bells,
        "summary": lambda state: {"bells_rung": len(belfry(state).rung)},
        "player_summary": lambda state, s: {"bells": state.players[s].part(NAME).bells},
    },
)


@pytest.fixture(autouse=True)
def bells_module():
    register(BELLS)
    yield
    unregister(NAME)


def bells_table(**kw) -> Table:
    return Table(options={NAME: True}, **kw)


def ring(t: Table):
    t.do("bell_rung", player=t.state.start_player)


def test_a_module_phase_comes_right_after_the_phase_it_names():
    t = bells_table()
    assert t.state.modules == [NAME]
    t.leave_all()
    assert t.state.phase == "bells"
    assert current_player(t.state) == t.state.start_player == A
    r = t.refused("turn_ended", player=A)
    assert r.code == "wrong_phase"
    assert r.message == "That happens in the Action phase; the game is in the Bell phase"
    assert t.refused("bell_rung", player=LEON).code == "not_your_turn"
    ring(t)
    assert t.state.phase == "action" and t.state.turn == A
    assert t.refused("bell_rung", player=A).code == "wrong_phase"
    assert belfry(t.state).rung == [1] and t.p(A).part(NAME).bells == 1


def test_a_game_without_the_module_knows_its_events_but_refuses_them():
    t = Table()
    t.leave_all()
    assert t.state.phase == "action"
    r = t.refused("bell_rung", player=A)
    assert r.code == "unknown_event" and "The test bells" in r.message
    unregister(NAME)
    assert t.refused("bell_rung", player=A).code == "unknown_event"


def test_who_acts_now_can_move_to_another_seat():
    """A question waits for its answer: the turn's owner may do nothing until the asked seat
    answers (as a cooperation proposal waits for the partner)."""
    t = bells_table()
    t.leave_all()
    ring(t)
    t.do("question_asked", player=A, of=JEN)
    assert current_player(t.state) == JEN
    assert t.refused("building_built", player=A, building="tower").code == "not_your_turn"
    assert t.refused("question_answered", player=LEON).code == "not_your_turn"
    t.do("question_answered", player=JEN)
    assert current_player(t.state) == A
    t.do("building_built", player=A, building="tower")


def test_a_turn_may_allow_more_actions_with_once_per_turn_kinds_still_once():
    t = bells_table()
    t.do("correction", player=A, money=3000, fame=0, reason="test: money to act")
    t.leave_all()
    ring(t)
    deck = [p for p in t.state.catalog.professions if "_forest_" in p]
    t.do("profession_taken", player=A, profession=deck[0])
    r = t.refused("profession_taken", player=A, profession=deck[1])
    assert r.code == "once_per_round"
    t.do("building_built", player=A, building="tower")
    t.do("building_built", player=A, building="chapel")
    assert t.p(A).actions == 3
    r = t.refused("building_built", player=A, building="theater")
    assert r.code == "no_actions_left" and "all 3 actions" in r.message


def test_what_a_won_object_costs_can_change():
    t = bells_table()
    money = t.p(A).money
    t.win(A, "jester")
    assert t.p(A).money == money and t.p(A).jesters == 1
    t.win(LEON, "builder")
    assert t.p(LEON).money < money


def test_a_works_value_can_gain_a_part():
    """Round 3 asks 12; the Tower and Travel give 4 + 3 and the cards 3: 10, too little
    without the module's part (+ the round, as the Muse gives)."""
    hand = ["test_tower_forest_travel", "test_chapel_lake_travel", "test_tower_lake_opinion"]
    t = bells_table(hands={A: hand})
    t.leave_all()
    ring(t)
    t.turn(A, build("tower"), ("freedom_introduced", {"freedom": "travel"}))
    t.end_turns()
    t.leave_all()
    ring(t)
    t.end_turns()
    t.leave_all()
    ring(t)
    while t.state.turn != A:
        t.do("turn_ended", player=t.state.turn)
    assert t.state.round == 3
    value = work_value(t.state, A, "test_tower_forest_travel")
    assert value["parts"] == {
        "building": 4,
        "landscape": 0,
        "freedom": 3,
        "jesters": 0,
        "cards": 3,
        "bells": 3,
    }
    assert value["total"] == 13
    t.do("work_completed", player=A, **work("test_tower_forest_travel")[1])
    assert t.p(A).works[-1]["value"] == 13 and t.p(A).best_this_round == 13


def test_fame_may_not_be_sold_nor_bid():
    """100 Florin and 5 PP: without the module the opening bid of 200 is within reach (fame
    sold covers it); with it, only cash counts."""
    for options, allowed in (({}, True), ({NAME: True}, False)):
        t = Table(options=options)
        t.do("correction", player=A, money=100 - t.p(A).money, fame=5, reason="test: poor")
        if allowed:
            t.do("auction_opened", player=A, object="jester")
            continue
        assert t.refused("fame_sold", player=A, points=1).code == "selling_forbidden"
        r = t.refused("auction_opened", player=A, object="jester")
        assert r.code == "bid_beyond_means"


def test_a_building_can_count_in_a_second_principality():
    hand = ["test_tower_forest_travel", "test_chapel_lake_travel", "test_tower_lake_opinion"]
    t = bells_table(hands={LEON: hand})
    t.leave_all()
    ring(t)
    t.turn(A, build("tower"))
    assert t.state.turn == LEON
    r = t.refused("building_built", player=LEON, building="tower")
    assert r.code == "building_already_built"
    assert work_value(t.state, LEON, "test_tower_forest_travel")["parts"]["building"] > 0
    assert work_value(t.state, JEN, "test_opera_park_religion")["parts"]["building"] == 0


def test_a_game_end_phase_waits_for_its_event_before_the_final_scoring():
    t = bells_table()
    for _ in range(7):
        t.leave_all()
        ring(t)
        t.end_turns()
    assert t.state.phase == "farewell" and t.state.final is None
    assert current_player(t.state) == A
    assert t.refused("farewell_said", player=LEON).code == "not_your_turn"
    t.do("farewell_said", player=A)
    assert t.state.phase == "over" and belfry(t.state).scored
    bells = {x["player"]: x["bells"] for x in t.state.final["scores"]}
    assert bells == {A: 3, LEON: 2, JEN: 2}  # the starting player rings, and moves on
    for x in t.state.final["scores"]:
        p = t.p(x["player"])
        assert x["total"] == p.fame + sum(x["prestige_cards"].values()) + x["bells"]


def test_a_game_end_phase_with_nothing_to_do_is_skipped():
    t = bells_table()
    for _ in range(7):
        t.leave_all()
        if t.state.phase == "bells":
            ring(t)
            belfry(t.state).rung.clear()
        t.end_turns()
    assert t.state.phase == "over" and belfry(t.state).farewells == 0


def test_a_modules_state_goes_through_clone_snapshot_replay_and_summary():
    t = bells_table()
    t.leave_all()
    ring(t)
    t.do("question_asked", player=A, of=LEON)
    state = t.state
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())), state.catalog)
    assert again.to_dict() == state.to_dict()
    assert isinstance(again.part(NAME), Belfry) and again.part(NAME).asked == LEON
    assert isinstance(again.players[A].part(NAME), Pocket)
    assert state.clone().part(NAME) == state.part(NAME)
    assert state.clone().part(NAME) is not state.part(NAME)
    assert replay(t.log, state.catalog).to_dict() == state.to_dict()
    out = summary(state)
    assert out["bells_rung"] == 1
    assert [p["bells"] for p in out["players"]] == [1, 0, 0]


def test_a_refused_event_leaves_a_modules_state_as_it_was():
    t = bells_table()
    t.leave_all()
    before = t.state.to_dict()
    with pytest.raises(Refusal):
        apply_in_place(t.state, {"type": "bell_rung", "player": JEN})
    assert t.state.to_dict() == before


def test_a_module_names_only_hooks_the_engine_asks():
    with pytest.raises(ValueError, match="no such hook"):
        register(Module(name="typo", title="Typo", hooks={"work_vlaue": lambda s, x: x}))
    assert "typo" not in REGISTRY and "work_value" in HOOKS


def test_made_up_event_types_are_refused_and_not_remembered():
    """The engine remembers which module declares each known event type (a lookup per
    event); a stranger's made-up types are refused every time and kept nowhere."""
    from companion.games.princes.rules import module

    for i in range(50):
        with pytest.raises(Refusal) as r:
            apply_in_place(GameState(), {"type": f"made_up_{i}"})
        assert r.value.code == "unknown_event"
    assert not any(k.startswith("made_up") for k in module._OWNERS)
    assert module.known_event("bid_raised") is module.REGISTRY[module.BASE]
