"""A whole solo game against Wolfgang, replayed from its log, with the numbers checked by hand.

`tests/data/solo_game.jsonl` is what a table would have recorded: Alexandra against Wolfgang
(standard: 1500 Florin), 2 dummy players (4 auctions a round), Alexandra starting. The Automa
cards and most Profession cards in it are TEST DATA (tests/data/README.md).
"""

from __future__ import annotations

import json
import re

import pytest

from companion import cli
from companion.games.princes.rules import GameState, Refusal, apply_in_place, replay, solo_of
from companion.games.princes.rules.solo import checklist, solo_prompt
from companion.games.princes.words.automa import tell
from companion.games.princes.words.solo import step_said
from tests.support.solo_table import DATA, SOLO_CATALOG, SOLO_CATALOG_DATA, SoloTable, load_jsonl

LOG = load_jsonl(DATA / "solo_game.jsonl")

# Hand ledger, round by round (Florin and PP at the end of each round, Best Work included):
#
# R1  You: Forest rolled 2, no modifier: forced, 300. Travel 300. Work (Forest 3 + Travel 3 +
#     3 cards = 9), 4 PP + 100 F. Best Work 9: +3.                      -> 3000 F, 7 PP
#     W: Builder 2+1D6 rolled 3: 500. Profession card 300. Travel (his Poet) 300. -> 400 F, 0 PP
# R2  You: Jester 5+1D6 rolled 3: 900. Work (Forest, Travel, Jester 2, 3 cards = 11), 5 PP +
#     100 F. Best Work 11: +3.                                          -> 2200 F, 15 PP
#     W: Prestige 2+1D6 rolled 1: 300, takes Most Builders (6 now). Bonus card 300 with 100 F:
#     1 space back (-1 PP); takes Each category (3 now) onto the Poet. Theater (Poet) 300 with
#     0 F: 2 spaces back, 100 change, +3 PP.                              -> 100 F, 0 PP
# R3  You: Builder 3+1D6 rolled 4: 800. Tower 300, +3. Work with the Tower card (Forest,
#     Travel, Tower 4, Jester 2, 3 cards = 15), 7 PP + 100 F.             -> 1200 F, 25 PP
#     W: Jester 7+1D6 rolled 2: 900 with 100 F: 4 back (-4). Work with the Poet: 12 + 2 (Jester)
#     + 4 (categories: Jester, Builder, Prestige card, Freedom) = 18: +9. Work: 12 + 2 = 14: +7.
#     Best Work 18: +3.                                                   -> 0 F, 15 PP
# R4  You: Recruiting card 1+1D6 rolled 5: 700; recruit the Poet from his row. Theater 300,
#     +3. No Work.                                                        -> 200 F, 28 PP
#     W: Prestige 3+1D6 rolled 4: 700 with 0 F: 4 back, 100 change (11 PP); Most Jesters (1 to
#     1: 3 now). Bonus 300: 100 F + 1 back (10); Each Prestige card +2 (4 now). Profession card
#     300: 2 back, 100 change. Nobody works: no Best Work.               -> 100 F, 8 PP
# R5  You: Lake 2+1D6 rolled 1: 400 with 200 F: sell 2 PP. Work with the Poet (Theater 4, Lake 3,
#     Travel 3, Jester 2, 4 cards = 16), 8 PP.                            -> 0 F, 34 PP
#     W: Jester 9+1D6 rolled 6: 1500 with 100 F: 7 back (1 PP). Forced Works (4 and 3 face-down
#     cards, 3 rounds left): 15 + 4 (Jesters) + 1 (Recruiting card) + 4 (2 Prestige cards) = 24:
#     +12; 15 + 4 + 1 = 20: +10. Best Work 24: +3.                       -> 0 F, 26 PP
# R6  You: Prestige 5+1D6 rolled 1: 700 with 0 F: sell 7 PP; keep Most Landscapes. -> 0 F, 27 PP
#     W: Forest (his Studio card), 1D6 rolled 4: 400: 2 back (24). Forced Work with your
#     Recruiting card: 16 + 4 + 1 = 21: 10 PP + 100 F. Bonus 300: 100 F + 1 back (33); Each
#     Jester +2 and Each Work on the table +1 tie at 4: the recorded pick. Best Work 21: +3.
#                                                                         -> 0 F, 36 PP
# R7  You: Jester declined; Lake rolled 1, no modifier: forced, 200: sell 2 PP; 2nd Lake +3.
#                                                                         -> 0 F, 28 PP
#     W: Prestige 5+1D6 rolled 3: 800: 4 back (32); Most Forests (1 to 1: 4). Forced Work with the
#     Studio: 17 + 4 + 1 + 5 (5 Works) = 27: 13 PP + 100 F. Profession card (fallback): 100 F + 1
#     back. Best Work 27: +3.                                              -> 0 F, 47 PP
# Final: You 28 + Most Landscapes (3 to his 1) 7 = 35.
#        Wolfgang 47 + Most Builders (1 to 1) 3 + Most Jesters (2 to 1) 6 + Most Forests (1 to 1)
#        4 = 60. Wolfgang wins.
LEDGER = {  # round: (your Florin, your PP, Wolfgang's Florin, Wolfgang's PP)
    1: (3000, 7, 400, 0),
    2: (2200, 15, 100, 0),
    3: (1200, 25, 0, 15),
    4: (200, 28, 100, 8),
    5: (0, 34, 0, 26),
    6: (0, 27, 0, 36),
    7: (0, 28, 0, 47),
}


def fold_by_round(events):
    """(state, {round: (money, fame, money, fame) when it ended}, {round: starting player})."""
    state = GameState(SOLO_CATALOG)
    seen, starts = {}, {}
    for event in events:
        before = state.round
        apply_in_place(state, event)
        if state.round != before:
            starts[state.round] = state.start_player
        if state.round != before and before or state.phase == "over":
            me, w = state.players
            seen.setdefault(before, (me.money, me.fame, w.money, w.fame))
    return state, seen, starts


def test_the_log_replays_to_the_final_score():
    state = replay(LOG, SOLO_CATALOG)
    assert state.phase == "over" and state.round == 7
    assert state.final == {
        "scores": [
            {
                "player": 0,
                "fame": 28,
                "prestige_cards": {"most_landscapes": 7},
                "total": 35,
                "money": 0,
            },
            {
                "player": 1,
                "fame": 47,
                "prestige_cards": {"most_builders": 3, "most_jesters": 6, "most_forests": 4},
                "total": 60,
                "money": 0,
            },
        ],
        "winners": [1],
    }
    assert str(step_said(state, solo_prompt(state))) == (
        "The game is over: Wolfgang wins (Alexandra 35 PP, Wolfgang 60 PP)"
    )


def test_every_round_ends_as_the_hand_ledger_says():
    state, seen, starts = fold_by_round(LOG)
    assert seen == LEDGER
    assert starts == {1: 0, 2: 1, 3: 0, 4: 1, 5: 0, 6: 1, 7: 0}
    assert [r["scored"] for r in state.rounds] == [[0], [0], [1], [], [1], [1], [1]]
    assert [r["best_work"] for r in state.rounds] == [9, 11, 18, 0, 24, 21, 27]


def test_wolfgangs_principality_at_the_end():
    state = replay(LOG, SOLO_CATALOG)
    w = state.players[1]
    assert (w.jesters, w.builders, w.buildings, w.freedoms) == (2, 1, ["theater"], ["travel"])
    assert w.landscapes == {"forest": 1, "lake": 0, "park": 0}
    assert w.table == [
        "test_chapel_lake_travel",
        "test_library_lake_travel",
        "test_opera_park_religion",
        "recruiting",
        "test_studio_forest_religion",
    ]
    assert w.hand == ["unknown"]
    assert state.profession_deck == 0 and state.stacks["recruiting"] == 0
    assert solo_of(state).drawn == [str(n) for n in range(1, 22)]
    me = state.players[0]
    assert me.table == [
        "test_university_forest_travel",
        "test_opera_forest_travel",
        "test_tower_forest_travel",
        "poet",
    ]
    assert (me.landscapes, me.buildings) == (
        {"forest": 1, "lake": 2, "park": 0},
        ["tower", "theater"],
    )


def test_replay_is_deterministic_and_every_state_round_trips():
    first, second = replay(LOG, SOLO_CATALOG), replay(LOG, SOLO_CATALOG)
    assert first.to_dict() == second.to_dict()
    state = GameState(SOLO_CATALOG)
    for event in LOG:
        apply_in_place(state, dict(event))
        data = json.loads(json.dumps(state.to_dict()))
        again = GameState.from_dict(data, SOLO_CATALOG)
        assert again.to_dict() == state.to_dict()
        assert solo_prompt(again) == solo_prompt(state)


def test_palazzo_replay_prints_the_solo_game(tmp_path, capsys):
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps(SOLO_CATALOG_DATA))
    code = cli.main(["replay", str(DATA / "solo_game.jsonl"), "--catalog", str(catalog), "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    result = json.loads(out.out)
    assert result["final"]["winners"] == [1]
    assert [p["fame"] for p in result["players"]] == [28, 47]
    assert result["solo"]["prompt"]["step"] == "over"


@pytest.mark.parametrize("seed", range(12))
def test_simulated_tables_always_finish_and_replay_the_same(seed):
    difficulty = ("easy", "standard", "hard")[seed % 3]
    table = SoloTable(
        seed,
        difficulty=difficulty,
        dummies=2 + seed % 2,
        start=seed % 2 ^ 1,
        check_round_trip=seed < 3,
    )
    log = table.play()
    assert table.state.phase == "over" and len(solo_of(table.state).drawn) == 21
    assert replay(log, SOLO_CATALOG).to_dict() == table.state.to_dict()


def wolfgang_told(state) -> tuple[int, int]:
    """His Florin and PP as the checklist's steps moved them on the table, from his start."""
    money = sum(x["changes"][1]["money"] for x in solo_of(state).log if "changes" in x)
    fame = sum(x["changes"][1]["fame"] for x in solo_of(state).log if "changes" in x)
    return money, fame


def tick_the_rest(state):
    """The table ticks off every step left, after "Game over" too; each Done is accepted."""
    for entry in checklist(state):
        apply_in_place(state, {"type": "solo_step_done", "n": entry["n"]})
    assert checklist(state) == []


def test_every_point_wolfgang_scores_is_a_step_with_done_before_game_over():
    """The table moves his pieces only as the checklist says, so its steps add up to
    his purse; round 7's last Works and the Best Work are steps still to tick at "Game over",
    and ticking them is accepted then (nothing else is)."""
    state = GameState(SOLO_CATALOG)
    for event in LOG:
        apply_in_place(state, event)
        if state.phase != "over":
            tick_the_rest(state)  # the table ticks each step as it comes
    assert state.phase == "over"
    w = state.players[1]
    assert wolfgang_told(state) == (w.money - 1500, w.fame) == (-1500, 47)
    left = checklist(state)
    assert [x["round"] for x in left] == [7] * len(left)  # round 7's, as "Game over" comes
    says = [str(tell(x["told"], state)) for x in left]
    assert says[0].startswith("Wolfgang takes a Profession card")  # his last action
    assert says[-1].startswith("Round 7 ends: Wolfgang's Work of 27 is the best: 3 PP")
    with pytest.raises(Refusal) as refused:
        apply_in_place(state.clone(), {"type": "turn_ended", "player": 0})
    assert refused.value.code == "game_over"
    tick_the_rest(state)
    with pytest.raises(Refusal) as again:
        apply_in_place(state, {"type": "solo_step_done", "n": left[0]["n"]})
    assert again.value.code == "step_already_done"


def test_his_negative_fame_disk_is_named_when_he_drops_below_zero():
    """Round 2 of the logged game: a Bonus card paid with 100 Florin and 1 space takes him from
    0 to -1 PP (Solo rules: a Fame disk of another colour marks it)."""
    state = GameState(SOLO_CATALOG)
    for event in LOG:
        apply_in_place(state, event)
    moves = [str(tell(m, state)) for x in solo_of(state).log for m in x.get("moves", ())]
    assert (
        "He is at -1 PP now, below 0: mark it on the Fame track with a second Fame disk of "
        "another colour (his negative Fame disk)" in moves
    )
    assert any(m.startswith("He is back at ") for m in moves)


@pytest.mark.parametrize("seed", range(6))
def test_simulated_tables_are_told_every_florin_and_point(seed):
    table = SoloTable(seed, difficulty=("easy", "standard", "hard")[seed % 3], start=seed % 2)
    table.play()
    state = table.state
    start = {"easy": 0, "standard": 1500, "hard": 3500}[solo_of(state).difficulty]
    assert wolfgang_told(state) == (state.players[1].money - start, state.players[1].fame)
    tick_the_rest(state)


SOLO_TYPES = [
    "automa_card_drawn",
    "die_rolled",
    "solo_auction_offered",
    "solo_bought",
    "solo_declined",
    "automa_profession_revealed",
    "automa_cards_offered",
    "automa_tie_broken",
    "auctions_left",
    "recruiting_card_used",
    "turn_ended",
    "work_completed",
    "building_built",
    "landscape_placed",
    "prestige_card_chosen",
    "auction_opened",
    "fame_sold",
    "starting_hand_chosen",
]


def junk_value(rng, state):
    return rng.choice(
        [
            None,
            True,
            -1,
            0,
            1,
            2,
            3,
            7,
            99,
            "1",
            "",
            "wolfgang",
            "landscape",
            "jester",
            "forest",
            "prestige",
            "bonus",
            [],
            {},
            ["x"],
            {"a": 1},
            rng.choice(sorted(state.catalog.professions)),
            rng.choice(sorted(state.catalog.automa_cards) or ["1"]),
            state.prestige_deck[:5],
            state.bonus_deck[:5],
        ]
    )


@pytest.mark.parametrize("seed", range(4))
def test_junk_at_every_step_is_refused_without_a_trace(seed):
    """Events a confused phone might send, at every moment of simulated games: each is either
    accepted or refused with a registered code, and a refusal leaves the state exactly as it was."""
    import random

    from companion.games.princes.rules import Refusal

    rng = random.Random(seed)
    table = SoloTable(seed, dummies=2 + seed % 2)
    while table.state.phase != "over":
        for _ in range(3):
            kind = rng.choice(SOLO_TYPES)
            event = {"type": kind}
            for key in rng.sample(
                [
                    "player",
                    "card",
                    "value",
                    "object",
                    "owner",
                    "profession",
                    "deck",
                    "cards",
                    "panels",
                    "from_dummy",
                    "from_player",
                    "source",
                ],
                rng.randrange(4),
            ):
                event[key] = junk_value(rng, table.state)
            trial = table.state.clone()
            before = trial.to_dict()
            try:
                apply_in_place(trial, event)
            except Refusal as r:
                assert r.code and r.message and r.rule
                assert trial.to_dict() == before, (event, r.code)
        table.step()


def _strings(value):
    """Every string in a JSON-shaped value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def test_the_solo_state_keeps_facts_not_sentences():
    """The engine returns codes and numbers. Whole games of the simulated
    table: every string the solo part keeps (its decision log, the checklist's moves, the
    reasons of Wolfgang's choices; all of it in snapshots) is a code or an id, never a sentence;
    the words package words every entry."""
    for seed in (1, 2, 3):
        table = SoloTable(seed, dummies=2 + seed % 2)
        while table.state.phase != "over" and len(table.log) < 3000:
            table.step()
        solo = table.state.to_dict()["parts"]["solo"]
        assert solo["log"] and any(x.get("moves") for x in solo["log"])
        strings = set(_strings(solo))
        assert all(re.fullmatch(r"[a-z0-9_]+", s) for s in strings), sorted(
            s for s in strings if not re.fullmatch(r"[a-z0-9_]+", s)
        )
        for entry in solo["log"]:
            assert re.fullmatch(r"[a-z_]+", entry["told"]["code"])
            told = str(tell(entry["told"], table.state))
            assert " " in told and told[0].isupper(), told  # a sentence, from the facts
            for move in entry.get("moves", ()):
                assert str(tell(move, table.state))[0].isupper()
