"""Every worked example of the Firenze rulebook, replayed through the engine.

Positions are set up from a real dealt game, then bricks are moved from the pouch into the
example's storehouse and towers (the 88 bricks stay 88); every step after that is an event.
"""

from __future__ import annotations

import pytest

from companion.games.firenze.rules import Fold, Refusal
from companion.games.firenze.rules.scoring import majority_winner
from companion.games.firenze.rules.state import brick_total
from tests.support.firenze_deal import (
    card,
    deal,
    draw,
    empty_storehouse,
    give,
    new_game,
    started,
    tower_of,
)

THOMAS, HOLGER, DANIELA = 0, 1, 2


def test_thomas_takes_the_third_card_paying_one_brick_on_each_card_to_its_left():
    fold = Fold()
    fold.add(started())
    row = [
        card(n, k, True)
        for n, k in [
            ("Mason", "personnel"),
            ("Botch", "event"),
            ("Princess", "personnel"),
            ("Smuggler", "personnel"),
            ("Wholesaler", "event"),
            ("Saboteur", "event"),
        ]
    ]
    deal(fold, row=row)
    s = fold.state
    on_princess = dict(s["row"][2]["bricks"])
    before = [dict(slot["bricks"]) for slot in s["row"]]
    assert s["players"][THOMAS]["storehouse"]["white"] == 2  # the start player's 2 white
    fold.add({"type": "card_taken", "player": THOMAS, "position": 3, "payment": ["white", "white"]})
    s = fold.state
    me = s["players"][THOMAS]
    assert [c["name"] for c in me["hand"]] == ["Princess"]  # a Personnel card goes to the hand
    assert me["storehouse"] == {
        **{c: 0 for c in me["storehouse"]},
        **{c: k for c, k in on_princess.items() if k},
    }  # the four bricks that sat on the Princess
    assert s["row"][0]["bricks"]["white"] == before[0]["white"] + 1  # one brick on card 1
    assert s["row"][1]["bricks"]["white"] == before[1]["white"] + 1  # and one on card 2
    # the three cards to the right moved one place left; the new card waits to be turned over
    assert [slot["card"]["name"] for slot in s["row"]] == [
        "Mason",
        "Botch",
        "Smuggler",
        "Wholesaler",
        "Saboteur",
    ]
    assert s["pending"]["reveal"]
    fold.add(
        {
            "type": "card_revealed",
            "card": card("Start 7", "personnel", True),
            "bricks": draw(fold.state),
        }
    )
    assert fold.state["row"][5]["card"]["name"] == "Start 7"
    assert sum(fold.state["row"][5]["bricks"].values()) == 4
    assert brick_total(fold.state) == 88


def test_daniela_puts_three_bricks_on_the_wholesaler_to_take_its_blue():
    fold = Fold()
    fold.add(started())
    row = [card(f"Start {i}", "personnel", True) for i in range(1, 6)]
    row.append(card("Wholesaler", "event", True))
    blue_on_it = ["blue", "yellow", "yellow", "yellow"]
    deal(fold, row=row, bricks=[None] * 5 + [blue_on_it])
    s = fold.state
    s["turn"] = DANIELA  # Daniela's turn, having taken card 1
    s["t"]["taken"] = True
    empty_storehouse(s, DANIELA)
    give(s, DANIELA, ["white", "white", "red"])
    fold.add(
        {
            "type": "bricks_exchanged",
            "player": DANIELA,
            "position": 6,
            "give": ["white", "white", "red"],
            "take": "blue",
        }
    )
    s = fold.state
    assert s["players"][DANIELA]["storehouse"]["blue"] == 1
    assert sum(s["players"][DANIELA]["storehouse"].values()) == 1
    assert s["row"][5]["bricks"] == {
        "white": 2,
        "yellow": 3,
        "green": 0,
        "red": 1,
        "blue": 0,
        "purple": 0,
    }
    with pytest.raises(Refusal) as r:  # at most one exchange a turn
        fold.add(
            {
                "type": "bricks_exchanged",
                "player": DANIELA,
                "position": 6,
                "give": ["white", "white", "red"],
                "take": "red",
            }
        )
    assert r.value.code == "exchange_used"


def holger_position():
    """Holger's turn: 4 towers (white 2, green 5, yellow 2, red 3), 8 storehouse bricks.
    Thomas (yellow seal) has the yellow 3 already."""
    fold = new_game(players=("Thomas", "Holger", "Daniela"), start_player=HOLGER)
    s = fold.state
    fold.add({"type": "card_taken", "player": HOLGER, "position": 1, "payment": []})
    fold.add(
        {
            "type": "card_revealed",
            "card": card("Start 7", "personnel", True),
            "bricks": draw(fold.state),
        }
    )
    s = fold.state
    empty_storehouse(s, HOLGER)
    give(s, HOLGER, ["white"] * 3 + ["green"] * 2 + ["yellow"] * 2 + ["blue"])
    towers = {
        c: tower_of(s, HOLGER, c, h)
        for c, h in [("white", 2), ("green", 5), ("yellow", 2), ("red", 3)]
    }
    s["seals"]["yellow:3"] = THOMAS
    s["players"][THOMAS]["seals"].append({"colour": "yellow", "height": 3, "balcony": False})
    assert brick_total(s) == 88
    return fold, towers


def holger_builds():
    fold, t = holger_position()
    four = [
        {"tower": t["white"], "colour": "white", "bricks": 2},
        {"tower": t["green"], "colour": "green", "bricks": 1},
        {"tower": t["yellow"], "colour": "yellow", "bricks": 1},
    ]
    five = four + [{"tower": None, "colour": "yellow", "bricks": 1}]
    before = fold.state
    with pytest.raises(Refusal) as r:  # 5 bricks cost 6: 11 bricks, he has 8
        fold.add(
            {
                "type": "towers_built",
                "player": HOLGER,
                "build": five,
                "cost": ["white", "green", "blue", "yellow", "white", "white"],
            }
        )
    assert r.value.code == "not_in_storehouse"
    with pytest.raises(Refusal) as r:  # and 5 bricks never cost only 3
        fold.add(
            {
                "type": "towers_built",
                "player": HOLGER,
                "build": five,
                "cost": ["white", "green", "blue"],
            }
        )
    assert r.value.code == "wrong_construction_cost"
    assert fold.state is before
    fold.add(
        {
            "type": "towers_built",
            "player": HOLGER,
            "build": four,
            "cost": ["white", "green", "blue"],
        }
    )
    s = fold.state
    assert s["players"][HOLGER]["storehouse"]["yellow"] == 1  # one yellow remains
    assert sum(s["players"][HOLGER]["storehouse"].values()) == 1
    heights = {tw["colour"]: tw["bricks"] for tw in s["players"][HOLGER]["towers"]}
    assert heights == {"white": 4, "green": 6, "yellow": 3, "red": 3}
    return fold, t


def test_holger_adds_four_bricks_for_three_and_a_fifth_would_cost_six():
    holger_builds()


def test_holger_tears_down_his_red_tower_then_fulfils_green_six_and_balcony_one():
    fold, t = holger_builds()
    pouch_red = fold.state["pouch"]["red"]
    pouch_green = fold.state["pouch"]["green"]
    fold.add({"type": "commission_fulfilled", "player": HOLGER, "tower": t["green"]})
    s = fold.state
    holger = s["players"][HOLGER]
    # the red tower, not added to, was torn down: 2 bricks to the pouch, 1 to the storehouse
    assert s["pouch"]["red"] == pouch_red + 2
    assert holger["storehouse"]["red"] == 1
    assert all(tw["colour"] != "red" for tw in holger["towers"])
    # green 6: 5 PP, plus the level-6 tile's 2; the 6 green bricks to the pouch
    assert holger["pp"] == 7
    assert "6" not in s["level_tiles"]
    assert s["seals"]["green:6"] == HOLGER
    assert s["pouch"]["green"] == pouch_green + 6
    assert s["next_balcony"] == 1
    fold.add({"type": "commission_fulfilled", "player": HOLGER, "tower": t["white"]})
    s = fold.state
    assert s["players"][HOLGER]["pp"] == 14  # Balcony I: 7 further PP (no level tile for 4)
    assert s["next_balcony"] == 2  # Balcony II (red) is open now
    with pytest.raises(Refusal) as r:  # the yellow 3 is already covered by Thomas's seal
        fold.add({"type": "commission_fulfilled", "player": HOLGER, "tower": t["yellow"]})
    assert r.value.code == "commission_sealed"
    assert brick_total(fold.state) == 88


def test_final_scoring_white_majority_and_the_yellow_tie_to_the_highest_seal():
    fold = new_game()
    s = fold.state
    seals = {
        THOMAS: [("white", 2), ("yellow", 2), ("yellow", 5)],
        HOLGER: [("white", 3), ("white", 5)],
        DANIELA: [("yellow", 3), ("yellow", 6)],
    }
    for seat, placed in seals.items():
        for colour, h in placed:
            s["players"][seat]["seals"].append({"colour": colour, "height": h, "balcony": False})
    assert majority_winner(s, "white") == HOLGER  # 1 / 2 / 0 seals
    assert majority_winner(s, "yellow") == DANIELA  # 2 and 2: her 6 beats his 5
    assert majority_winner(s, "green") is None
