"""What a real table does, as the rulebook words it, recorded as it happened: each
brick of a card's cost on the card it was placed on, the Wholesaler on a card of any size, many
new towers in one build, undo after undo."""

from __future__ import annotations

import pytest

from companion.games.firenze.rules import Fold, Refusal
from companion.games.firenze.rules.state import brick_total, expand
from companion.games.firenze.words import Story, tell
from tests.support.firenze_deal import card, draw, give, new_game, tower_of

T, H, D = 0, 1, 2


def take(seat, position, payment=()):
    return {"type": "card_taken", "player": seat, "position": position, "payment": list(payment)}


def reveal(fold, name="Clerk", kind="personnel"):
    fold.add({"type": "card_revealed", "card": card(name, kind, True), "bricks": draw(fold.state)})


def row_bricks(fold) -> list[list[str]]:
    return [expand(slot["bricks"]) for slot in fold.state["row"]]


# -- 1) Choose a card: "Place one Brick on each Card Row card to the left of your card. You can
#    use any color Brick to pay these Costs."


def test_each_brick_of_a_cards_cost_lands_on_the_card_it_was_placed_on():
    fold = new_game()  # the row: 4 yellow, 4 green, 4 red, 4 blue, 4 purple, 4 white
    give(fold.state, T, ["red", "green"])  # Thomas: 2 white (start), 1 red, 1 green
    fold.add(take(T, 4, ["red", "white", "green"]))
    row = row_bricks(fold)
    assert row[0].count("red") == 1 and len(row[0]) == 5  # card 1: 4 yellow + the red
    assert row[1].count("white") == 1 and len(row[1]) == 5  # card 2: 4 green + a white
    assert row[2].count("green") == 1 and len(row[2]) == 5  # card 3: 4 red + the green
    assert fold.state["players"][T]["storehouse"] == {
        "white": 1,
        "yellow": 0,
        "green": 0,
        "red": 0,
        "blue": 4,  # card 4's bricks
        "purple": 0,
    }
    assert brick_total(fold.state) == 88


def test_the_same_colours_in_another_order_are_another_table():
    orders = (["red", "white", "green"], ["green", "red", "white"])
    rows = []
    for payment in orders:
        fold = new_game()
        give(fold.state, T, ["red", "green"])
        fold.add(take(T, 4, payment))
        rows.append(row_bricks(fold)[:3])
    assert rows[0] != rows[1]
    assert rows[1][0].count("green") == 1 and rows[1][2].count("white") == 1


def test_a_card_cost_pays_exactly_one_brick_per_card_to_its_left():
    fold = new_game()
    with pytest.raises(Refusal) as r:
        fold.add(take(T, 3, ["white"]))
    assert r.value.code == "wrong_payment"
    assert r.value.message == "Card 3 costs 2 bricks: one on each card to its left"


# -- Wholesaler: "Replace all the Bricks on one card of the Card Row with new Bricks from the
#    Pouch."


def card_one_holding_six():
    """Thomas and Holger each take card 3 paying a white on cards 1 and 2: card 1 then holds
    4 yellow and 2 white; it is Holger's turn, a Wholesaler in his hand."""
    fold = new_game()
    fold.add(take(T, 3, ["white", "white"]))
    reveal(fold)
    fold.add({"type": "turn_ended", "player": T})
    fold.add(take(H, 3, ["white", "white"]))
    reveal(fold)
    fold.state["players"][H]["hand"].append(card("Wholesaler", "personnel"))
    return fold


def test_the_wholesaler_replaces_all_six_bricks_on_a_card():
    fold = card_one_holding_six()
    assert sorted(row_bricks(fold)[0]) == sorted(["yellow"] * 4 + ["white"] * 2)
    new = draw(fold.state, ("blue", "purple"), 6)
    pouch_before = dict(fold.state["pouch"])
    fold.add(
        {"type": "card_played", "player": H, "card": "Wholesaler", "position": 1, "bricks": new}
    )
    assert sorted(row_bricks(fold)[0]) == sorted(new)
    # the old ones went back to the pouch, the new ones came out of it (ruling F3)
    pouch = fold.state["pouch"]
    assert pouch["yellow"] == pouch_before["yellow"] + 4
    assert pouch["white"] == pouch_before["white"] + 2
    assert pouch["blue"] == pouch_before["blue"] - new.count("blue")
    assert brick_total(fold.state) == 88


def test_the_wholesaler_asks_for_as_many_new_bricks_as_the_card_holds():
    fold = card_one_holding_six()
    with pytest.raises(Refusal) as r:
        fold.add(
            {
                "type": "card_played",
                "player": H,
                "card": "Wholesaler",
                "position": 1,
                "bricks": draw(fold.state, n=4),
            }
        )
    assert r.value.code == "bad_wholesaler"
    assert r.value.message == "Card 1 holds 6 bricks: draw 6 new ones for it"
    assert r.value.rule == "Firenze rulebook, Wholesaler card"


# -- 3) Build Towers: "You can build as many towers as you like at one time. The towers may
#    differ in color or be of the same color." "You may add on at most 6 Bricks per turn." "The
#    Construction Costs are assessed according to the total number of Bricks used for building
#    in this turn."


def thomas_to_build():
    fold = new_game()
    fold.add(take(T, 1))  # 2 white + 4 yellow
    reveal(fold)
    tower_of(fold.state, T, "white", 2)
    give(fold.state, T, ["red", "red", "green"])
    return fold  # storehouse: 2 white, 4 yellow, 2 red, 1 green


def build(*items, cost=()):
    return {"type": "towers_built", "player": T, "build": list(items), "cost": list(cost)}


def test_three_new_towers_and_an_addition_in_one_build():
    fold = thomas_to_build()
    fold.add(
        build(
            {"tower": 1, "colour": "white", "bricks": 1},
            {"colour": "red", "bricks": 1},
            {"colour": "red", "bricks": 1},
            {"colour": "green", "bricks": 1},
            cost=["yellow", "yellow", "yellow"],  # 4 bricks built cost 3
        )
    )
    towers = fold.state["players"][T]["towers"]
    assert [(t["id"], t["colour"], t["bricks"]) for t in towers] == [
        (1, "white", 3),
        (2, "red", 1),
        (3, "red", 1),
        (4, "green", 1),
    ]
    assert expand(fold.state["players"][T]["storehouse"]) == ["white", "yellow"]
    assert brick_total(fold.state) == 88


@pytest.mark.parametrize(
    ("items", "cost", "code"),
    [
        # the cost of the whole build, not of each tower: 4 bricks cost 3
        (
            [("red", 1), ("red", 1), ("green", 1), ("yellow", 1)],
            ["yellow"],
            "wrong_construction_cost",
        ),
        # six bricks at most over the whole build, however many towers
        ([("yellow", 2), ("yellow", 2), ("red", 2), ("green", 1)], [], "too_many_bricks"),
    ],
)
def test_the_cost_and_the_limit_are_judged_over_the_whole_build(items, cost, code):
    fold = thomas_to_build()
    give(fold.state, T, ["green"] * 3)
    with pytest.raises(Refusal) as r:
        fold.add(build(*({"colour": c, "bricks": n} for c, n in items), cost=cost))
    assert r.value.code == code


def test_a_turns_building_is_one_record():
    fold = thomas_to_build()
    fold.add(build({"colour": "red", "bricks": 1}))
    with pytest.raises(Refusal) as r:
        fold.add(build({"colour": "green", "bricks": 1}))
    assert r.value.code == "already_built"  # ruling F4: record it all at once


# -- Undo (ruling F10): the latest events, as often as the log allows, never past a card
#    turned over.


def thomas_fulfils():
    """Only logged events (an undo folds the log again): Thomas takes card 1 (4 yellow),
    builds a yellow tower of 2 and fulfils the yellow commission for 2 (1 PP)."""
    fold = new_game()
    fold.add(take(T, 1))
    fold.add(
        {"type": "card_revealed", "card": card("Clerk", "personnel", True), "bricks": ["white"] * 4}
    )
    fold.add(build({"colour": "yellow", "bricks": 2}))
    fold.add({"type": "commission_fulfilled", "player": T, "tower": 1})
    return fold


def test_undo_after_undo_takes_back_the_next_event_that_counts():
    fold = thomas_fulfils()
    built, fulfilled = (e["seq"] for e in fold.effective[-2:])
    fold.add({"type": "retracted", "seqs": [fulfilled]})
    undo_seq = fold.last_seq
    # the undo itself never counts: undoing it is refused, the build is next
    with pytest.raises(Refusal) as r:
        fold.add({"type": "retracted", "seqs": [undo_seq]})
    assert r.value.code == "bad_retraction"
    assert fold.effective[-1]["seq"] == built
    fold.add({"type": "retracted", "seqs": [built]})
    thomas = fold.state["players"][T]
    assert thomas["towers"] == [] and thomas["pp"] == 0 and thomas["storehouse"]["yellow"] == 4
    # then the card turned over stops it
    with pytest.raises(Refusal) as r:
        fold.add({"type": "retracted", "seqs": [fold.effective[-1]["seq"]]})
    assert r.value.code == "retraction_past_reveal"


def test_each_undo_says_what_it_took_back():
    fold, story = Fold(), Story()  # as the service keeps them: the story beside the one fold
    for event in thomas_fulfils().effective:
        story.add(fold, event)
    seq = story.last_seq
    story.add(fold, {"type": "retracted", "seqs": [seq], "seq": seq + 1})
    story.add(fold, {"type": "retracted", "seqs": [seq - 1], "seq": seq + 2})
    assert tell(story.facts[seq + 1], story) == (
        "Undone: Thomas fulfilled the yellow commission for 2: 1 PP"
    )
    assert tell(story.facts[seq + 2], story) == (
        "Undone: Thomas built a new yellow tower of 2 bricks"
    )


# -- 6) Check Limits: the message states the count the limit is judged on.


def test_a_storehouse_over_the_limit_is_told_with_its_count():
    fold = new_game()
    fold.add(take(T, 1))  # 2 white + 4 yellow
    reveal(fold)
    give(fold.state, T, ["red"] * 5)  # 11
    with pytest.raises(Refusal) as r:
        fold.add({"type": "turn_ended", "player": T})
    assert r.value.message == "Your storehouse holds 11 bricks: surrender 1"


def test_a_printed_cards_refusal_cites_that_card():
    fold = new_game()
    fold.add(take(T, 1))
    reveal(fold)
    fold.state["players"][T]["hand"].append(card("Storehouse Fire", "personnel"))
    with pytest.raises(Refusal) as r:
        fold.add({"type": "card_played", "player": T, "card": "Storehouse Fire", "bricks": []})
    assert r.value.code == "bad_storehouse_fire"
    assert r.value.rule == "Firenze rulebook, Storehouse Fire card"
