"""The five kinds of action cards, the printed card texts, and the deck running out."""

from __future__ import annotations

import pytest

from companion.games.firenze.rules import Refusal
from companion.games.firenze.rules.state import brick_total
from tests.games.firenze.refusals import D, H, T, build, hand, play, reveal, take, taken
from tests.support.firenze_deal import card, draw, give, new_game, tower_of


def test_princess_makes_the_card_free_and_mason_takes_three_off_the_construction_cost():
    fold = hand(("Princess", "personnel"), ("Mason", "personnel"))
    fold.add(play("Princess"))
    fold.add(take(position=6))  # no payment: the Princess
    fold.add(reveal())
    give(fold.state, T, ["red"] * 5)
    fold.add(play("Mason"))
    fold.add(build({"colour": "red", "bricks": 4}))  # 4 bricks cost 3, minus 3: nothing
    s = fold.state
    assert [c["name"] for c in s["players"][T]["hand"]] == []
    assert [c["name"] for c in s["discard"]] == ["Princess", "Mason"]
    assert s["players"][T]["towers"][0]["bricks"] == 4
    assert brick_total(s) == 88


def test_event_cards_resolve_at_once_buildings_stay_duplicates_go_churches_wait():
    fold = new_game()
    s = fold.state
    s["row"][0]["card"] = card("Storehouse Fire", "event", True)
    fold.add(take())  # 4 yellow came with the card; Thomas has 2 white besides
    fold.add(reveal())
    with pytest.raises(Refusal):  # the bricks on this card may not be burnt
        fold.add(play("Storehouse Fire", bricks=["yellow", "yellow", "white"]))
    with pytest.raises(Refusal):  # three if he can: he has only the two white to give
        fold.add(play("Storehouse Fire", bricks=["white"]))
    fold.add(play("Storehouse Fire", bricks=["white", "white"]))
    s = fold.state
    assert s["players"][T]["storehouse"]["yellow"] == 4
    assert s["players"][T]["storehouse"]["white"] == 0
    assert s["discard"][-1]["name"] == "Storehouse Fire"
    fold.add({"type": "turn_ended", "player": T})
    # Holger: a Building in front of him; a second identical one is discarded at once
    s = fold.state
    s["row"][0]["card"] = card("Workshop", "building", True)
    s["row"][1]["card"] = card("Workshop", "building", True)
    fold.add(take(seat=H))
    fold.add(reveal())
    assert [b["name"] for b in fold.state["players"][H]["buildings"]] == ["Workshop"]
    fold.add({"type": "turn_ended", "player": H})
    fold.add({"type": "card_taken", "player": 2, "position": 1})
    fold.add(reveal(bricks=draw(fold.state)))
    fold.add({"type": "turn_ended", "player": 2})
    fold.state["players"][H]  # noqa: B018
    fold.add(take())
    fold.add(reveal(bricks=draw(fold.state)))
    fold.add({"type": "turn_ended", "player": T})
    fold.state["row"][0]["card"] = card("Workshop", "building", False)
    fold.add(take(seat=H))
    fold.add(reveal(name="Chapel", kind="church", start=False, bricks=draw(fold.state)))
    assert [b["name"] for b in fold.state["players"][H]["buildings"]] == ["Workshop"]
    assert fold.state["discard"][-1]["name"] == "Workshop"


def test_wholesaler_draws_new_bricks_then_returns_the_old_ones():
    fold = hand(("Wholesaler", "personnel"), fold=taken())
    old = dict(fold.state["row"][0]["bricks"])  # four green: the card that moved to position 1
    assert old["green"] == 4
    pouch = dict(fold.state["pouch"])
    fold.add(play("Wholesaler", position=1, bricks=["purple"] * 4))
    s = fold.state
    assert s["row"][0]["bricks"]["purple"] == 4 and s["row"][0]["bricks"]["green"] == 0
    assert s["pouch"]["green"] == pouch["green"] + 4
    assert s["pouch"]["purple"] == pouch["purple"] - 4
    assert brick_total(s) == 88


def test_smuggler_saboteur_and_botch():
    fold = hand(
        ("Smuggler", "personnel"), ("Saboteur", "personnel"), ("Botch", "personnel"), fold=taken()
    )
    s = fold.state
    give(s, H, ["red"])
    theirs = tower_of(s, H, "blue", 2)
    mine = tower_of(s, T, "green", 1)
    fold.add(play("Smuggler", target=H, give="yellow", take="red"))
    fold.add(play("Saboteur", target=H, tower=theirs))
    fold.add(play("Botch", tower=mine))
    s = fold.state
    assert s["players"][T]["storehouse"]["red"] == 1
    assert s["players"][H]["storehouse"]["yellow"] == 1
    assert s["players"][H]["towers"][0]["bricks"] == 1
    assert s["players"][T]["towers"] == []  # one brick less: nothing left
    assert brick_total(s) == 88


def test_cards_without_printed_text_record_what_they_did():
    fold = hand(("Patrician", "personnel"), ("Feast", "celebration"), ("Builder", "personnel"))
    fold.add(play("Patrician", effect={"discard": ["Feast"]}))
    fold.add(
        play(
            "Builder",
            effect={
                "moves": [{"source": "pouch", "to": "storehouse:0", "colour": "red", "count": 2}],
                "pp": {"1": 1},
            },
        )
    )
    s = fold.state
    assert [c["name"] for c in s["players"][T]["hand"]] == []
    assert s["players"][T]["storehouse"]["red"] == 2
    assert s["players"][H]["pp"] == 1
    assert brick_total(s) == 88


def test_a_building_is_used_once_in_each_of_its_owners_turns():
    """Ruling F16: "You may use its function from then on out": once a turn, on your turn."""
    fold = taken()
    fold.state["players"][T]["buildings"].append(card("Workshop", "building"))
    gain = {"moves": [{"source": "pouch", "to": "storehouse:0", "colour": "red"}]}
    fold.add(play("Workshop", effect=gain))
    with pytest.raises(Refusal) as r:
        fold.add(play("Workshop", effect=gain))
    assert r.value.code == "building_used"
    with pytest.raises(Refusal) as r:  # not on another player's turn either
        fold.add(play("Workshop", seat=H))
    assert r.value.code == "not_your_turn"
    fold.add({"type": "turn_ended", "player": T})
    for seat in (H, D):
        fold.add(take(seat=seat))
        fold.add(reveal(bricks=draw(fold.state)))
        fold.add({"type": "turn_ended", "player": seat})
    fold.add(take())
    fold.add(reveal(bricks=draw(fold.state)))
    fold.add(play("Workshop", effect=gain))  # a new turn: usable again
    assert fold.state["players"][T]["storehouse"]["red"] == 2
    assert [b["name"] for b in fold.state["players"][T]["buildings"]] == ["Workshop"]


def test_the_monument_comes_to_a_player_outside_their_turn():
    """Ruling F15: from another player's hand or the discard pile, whoever's turn it is."""
    fold = hand(("Monument", "celebration"), ("Mason", "personnel"))  # Thomas's turn
    fold.add({"type": "monument_received", "player": D, "source": "hand:0"})
    s = fold.state
    assert [c["name"] for c in s["players"][T]["hand"]] == ["Mason"]
    assert s["players"][D]["hand"] == [card("Monument", "celebration")]
    assert s["turn"] == T  # nobody's turn changed
    fold.state["players"][D]["hand"].clear()
    fold.state["discard"].append(card("Monument", "celebration"))
    fold.add({"type": "monument_received", "player": T, "source": "discard"})
    assert fold.state["discard"] == []
    assert [c["name"] for c in fold.state["players"][T]["hand"]] == ["Mason", "Monument"]


def test_campanile_every_player_builds_a_white_bell_tower_before_any_commission():
    fold = new_game(campanile=True)
    fold.state["row"][0]["card"] = card("Campanile", "church", True)
    fold.add(take())
    fold.add(reveal())
    assert [c["name"] for c in fold.state["church"]] == ["Campanile"]
    give(fold.state, T, ["yellow"])
    fold.add(
        build(
            {"colour": "white", "bricks": 2, "bell": True},
            {"colour": "yellow", "bricks": 2},
            cost=["yellow"] * 3,
        )
    )
    with pytest.raises(Refusal) as r:
        fold.add({"type": "commission_fulfilled", "player": T, "tower": 2})
    assert r.value.code == "bell_tower_first"
    fold.add({"type": "turn_ended", "player": T})
    s = fold.state
    for seat, spare in ((1, "green"), (2, "red")):
        fold.add(take(seat=seat))
        fold.add(reveal(bricks=draw(fold.state)))
        fold.add(build({"colour": "white", "bricks": 3, "bell": True}, cost=[spare], seat=seat))
        assert fold.state["players"][seat]["bell_done"]
        fold.add({"type": "turn_ended", "player": seat})
    fold.add(take())
    fold.add(reveal(bricks=draw(fold.state)))
    give(fold.state, T, ["white"])
    fold.add(build({"tower": 1, "colour": "white", "bricks": 1}))
    s = fold.state
    assert not s["campanile"]["active"] and s["discard"][-1]["name"] == "Campanile"
    assert [tw["id"] for tw in s["players"][T]["towers"]] == [2]  # the bell tower went to church
    assert brick_total(s) == 88


def test_an_empty_deck_is_the_shuffled_discard_pile():
    fold = taken()
    s = fold.state
    s["deck_unknown"] = 0
    s["discard"] = [card("Mason"), card("Botch", "event")]
    fold.add({"type": "turn_ended", "player": T})
    fold.add(take(seat=H))
    fold.add(reveal("Botch", "event", False, bricks=draw(fold.state)))
    s = fold.state
    assert s["discard"] == []
    assert [c["name"] for c in s["deck_known"]] == ["Mason"]
    assert s["row"][-1]["card"]["name"] == "Botch"
