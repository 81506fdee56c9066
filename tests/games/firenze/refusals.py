"""What the tests of refusals share with other tests (CASES, D, H, T, after_take, bell_first,
build, building_used, built, campanile, crowded, deck_reshuffled, end, event_first, exchanged,
fresh, fulfil, hand, monument, monument_held, no_seals, other_board, over, play,
pouch_without_purple, raised, reveal, scoring, six_cards, started_only, swap, take, taken,
two_masons, with_tower): kept here, since a test module imports no other test module."""

from __future__ import annotations

import copy

from companion.games.firenze.rules import Fold
from tests.support.firenze_deal import (
    BALCONIES,
    BOARD,
    NEUTRAL,
    card,
    draw,
    give,
    new_game,
    started,
    tower_of,
)

T, H, D = 0, 1, 2


def fresh():
    return new_game()


def taken():
    """Thomas has taken card 1 (4 yellow) and the new card is turned over."""
    fold = new_game()
    fold.add({"type": "card_taken", "player": T, "position": 1})
    fold.add(
        {
            "type": "card_revealed",
            "card": card("Start 7", "personnel", True),
            "bricks": draw(fold.state, ("green",)),
        }
    )
    return fold


def with_tower(colour="white", height=2, seat=T):
    fold = taken()
    tower_of(fold.state, seat, colour, height)
    return fold


def built(colour, height):
    """Thomas built a new tower of `height` this turn (height <= 2, so no cost)."""
    fold = taken()
    give(fold.state, T, [colour] * height)
    fold.add({"type": "towers_built", "player": T, "build": [{"colour": colour, "bricks": height}]})
    return fold


def raised(colour, to):
    """Thomas added one brick this turn to a tower that stood at `to - 1`."""
    fold = taken()
    tid = tower_of(fold.state, T, colour, to - 1)
    give(fold.state, T, [colour])
    fold.add(
        {
            "type": "towers_built",
            "player": T,
            "build": [{"tower": tid, "colour": colour, "bricks": 1}],
        }
    )
    return fold


def hand(*cards, seat=T, fold=None):
    fold = fold or fresh()
    fold.state["players"][seat]["hand"].extend(card(n, k) for n, k in cards)
    return fold


def scoring():
    fold = hand(("Feast", "celebration"), seat=H)
    fold.state["phase"] = "scoring"
    return fold


def over():
    fold = fresh()
    fold.state["phase"] = "over"
    return fold


def campanile():
    fold = taken()
    fold.state["church"].append(card("Campanile", "church"))
    fold.state["campanile"]["active"] = True
    return fold


def deck_reshuffled():
    fold = taken()
    fold.state["deck_unknown"] = 0
    fold.state["discard"] = [card("Mason")]
    fold.add({"type": "turn_ended", "player": T})
    fold.add({"type": "card_taken", "player": H, "position": 1})
    return fold


def other_board(**change):
    board = copy.deepcopy(BOARD)
    for path, value in change.items():
        colour, height = path.split("_")
        board["commissions"][colour][height] = value
    return board


def take(seat=T, position=1, payment=()):
    return {"type": "card_taken", "player": seat, "position": position, "payment": list(payment)}


def build(*items, cost=(), seat=T):
    return {"type": "towers_built", "player": seat, "build": list(items), "cost": list(cost)}


def fulfil(tower=1, seat=T):
    return {"type": "commission_fulfilled", "player": seat, "tower": tower}


def reveal(name="Start 8", kind="personnel", start=True, bricks=("white",) * 4):
    return {"type": "card_revealed", "card": card(name, kind, start), "bricks": list(bricks)}


def play(name, seat=T, **fields):
    return {"type": "card_played", "player": seat, "card": name, **fields}


def end(seat=T, **fields):
    return {"type": "turn_ended", "player": seat, **fields}


def started_only():
    fold = Fold()
    fold.add(started())
    return fold


def after_take():
    fold = fresh()
    fold.add(take())
    return fold


def pouch_without_purple():
    fold = after_take()
    give(fold.state, H, ["purple"] * fold.state["pouch"]["purple"])
    return fold


def event_first():
    fold = fresh()
    fold.state["row"][0]["card"] = card("Botch", "event", True)
    fold.add(take())
    fold.add(reveal())
    return fold


def exchanged():
    fold = taken()
    fold.add(swap())
    return fold


def swap(give=("yellow", "yellow", "yellow"), take="green"):
    return {
        "type": "bricks_exchanged",
        "player": T,
        "position": 6,
        "give": list(give),
        "take": take,
    }


def crowded():
    fold = taken()
    give(fold.state, T, ["red"] * 5)  # 2 white + 4 yellow + 5 red = 11
    return fold


def six_cards():
    return hand(*[(f"Clerk {i}", "personnel") for i in range(5)], fold=taken())


def two_masons():
    fold = hand(("Mason", "personnel"), ("Mason", "personnel"))
    fold.add(play("Mason"))
    return fold


def no_seals():
    fold = raised("white", 2)
    fold.state["players"][T]["seals_left"] = 0
    return fold


def bell_first():
    fold = raised("white", 2)
    fold.state["church"].append(card("Campanile", "church"))
    fold.state["campanile"]["active"] = True
    return fold


def building_used():
    """Thomas has a Workshop in front of him and has used it this turn."""
    fold = fresh()
    fold.state["players"][T]["buildings"].append(card("Workshop", "building"))
    fold.add(play("Workshop"))
    return fold


def monument(source, seat=H):
    return {"type": "monument_received", "player": seat, "source": source}


def monument_held():
    return hand(("Monument", "celebration"), seat=H)


CASES = [
    ("unknown_event", fresh, {"type": "tower_demolished"}),
    ("bad_event", fresh, {"type": "card_taken", "player": T, "position": "1"}),
    ("bad_event", fresh, {**take(), "hidden": "kept?"}),
    ("bad_event", fresh, build({"colour": "pink", "bricks": 1})),
    ("bad_event", fresh, {"type": "card_taken", "player": True, "position": 1}),
    ("game_not_started", Fold, take()),
    ("game_already_started", fresh, started()),
    ("game_over", over, take()),
    ("unknown_player", fresh, take(seat=5)),
    ("not_your_turn", fresh, take(seat=H)),
    ("bad_player_count", Fold, started(players=["Solo"])),
    ("bad_player_count", Fold, started(players=["A", "B", "C", "D", "E"])),
    ("bad_player_count", Fold, started(players=["Ann", "ann"])),
    ("unknown_player", Fold, started(start_player=3)),
    ("bad_board", Fold, started(board=other_board(green_5=3))),  # the rulebook prints 4
    ("bad_board", Fold, started(board={**BOARD, "majority": {**BOARD["majority"], "white": 1}})),
    ("bad_board", Fold, started(board={**BOARD, "level_tiles": {"3": 1}})),
    ("bad_balconies", Fold, started(balconies=BALCONIES[:3])),
    ("bad_balconies", Fold, started(balconies=[*BALCONIES[:3], {**BALCONIES[3], "height": 9}])),
    (
        "bad_neutral_seals",
        Fold,
        started(neutral_seals=[*NEUTRAL, {"colour": "white", "height": 4}]),
    ),
    ("bad_neutral_seals", Fold, started(neutral_seals=NEUTRAL + NEUTRAL[:3])),
    ("bad_neutral_seals", Fold, started(neutral_seals=[NEUTRAL[0], NEUTRAL[0]])),
    ("setup_incomplete", started_only, take()),
    ("start_cards_first", started_only, reveal(start=False)),
    ("not_in_pouch", pouch_without_purple, reveal(bricks=["purple"] * 4)),
    ("wrong_brick_count", after_take, reveal(bricks=("white",) * 3)),
    ("card_not_in_deck", deck_reshuffled, reveal("Botch", "event", False)),
    ("campanile_left_out", after_take, reveal("Campanile", "church")),
    ("no_reveal_expected", fresh, reveal()),
    ("reveal_first", after_take, build({"colour": "white", "bricks": 1})),
    ("resolve_event_first", event_first, build({"colour": "white", "bricks": 1})),
    ("resolve_event_first", event_first, play("Mason")),
    ("card_already_taken", taken, take()),
    ("card_not_taken", fresh, build({"colour": "white", "bricks": 1})),
    ("card_not_taken", fresh, end()),
    ("no_such_card", fresh, take(position=7)),
    ("wrong_payment", fresh, take(position=3, payment=["white"])),
    ("not_in_storehouse", fresh, take(position=2, payment=["red"])),
    ("wrong_phase", lambda: built("white", 2), swap()),
    ("wrong_phase", scoring, take()),
    ("exchange_used", exchanged, swap(take="white")),
    ("bad_exchange", taken, swap(give=("yellow", "yellow"))),
    ("bad_exchange", taken, swap(take="red")),
    ("already_built", lambda: built("white", 2), build({"colour": "yellow", "bricks": 1})),
    ("bad_build", taken, build()),
    ("bad_build", taken, build({"colour": "yellow", "bricks": 0})),
    ("too_many_bricks", taken, build({"colour": "yellow", "bricks": 7})),
    ("wrong_construction_cost", taken, build({"colour": "yellow", "bricks": 3})),
    ("tower_unknown", taken, build({"tower": 9, "colour": "yellow", "bricks": 1})),
    ("wrong_colour", with_tower, build({"tower": 1, "colour": "yellow", "bricks": 1})),
    ("no_commission", lambda: built("white", 1), fulfil()),
    ("commission_sealed", lambda: raised("green", 3), fulfil()),
    ("balcony_locked", lambda: raised("red", 5), fulfil()),
    ("tower_unknown", with_tower, fulfil()),  # abandoned: torn down before fulfilling
    ("no_seals_left", no_seals, fulfil()),
    ("bell_tower_first", bell_first, fulfil()),
    ("bad_bell_tower", campanile, build({"colour": "red", "bricks": 1, "bell": True})),
    ("bad_bell_tower", taken, build({"colour": "white", "bricks": 1, "bell": True})),
    ("limits_not_met", crowded, end()),
    ("limits_not_met", crowded, end(surrender=["red", "red"])),
    ("not_in_storehouse", crowded, end(surrender=["blue"])),
    ("limits_not_met", six_cards, end()),
    ("bad_discard", six_cards, end(discard=["Start 9"])),
    ("not_in_hand", fresh, play("Mason")),
    ("same_name_twice", two_masons, play("Mason")),
    ("not_playable", lambda: hand(("Feast", "celebration")), play("Feast")),
    # a card whose text is printed is cited by that card, never by ruling F7
    (
        "bad_smuggler",
        lambda: hand(("Smuggler", "personnel")),
        play("Smuggler", target=T, give="white", take="white"),
    ),
    ("bad_smuggler", lambda: hand(("Smuggler", "personnel")), play("Smuggler", target=H)),
    ("bad_princess", lambda: hand(("Princess", "personnel")), play("Princess", position=2)),
    ("bad_mason", lambda: hand(("Mason", "personnel")), play("Mason", tower=1)),
    (
        "bad_wholesaler",
        lambda: hand(("Wholesaler", "personnel")),
        play("Wholesaler", position=2, bricks=["white"] * 3),
    ),
    (
        "bad_storehouse_fire",
        lambda: hand(("Storehouse Fire", "personnel")),
        play("Storehouse Fire", bricks=["white"]),
    ),
    ("bad_saboteur", lambda: hand(("Saboteur", "personnel")), play("Saboteur", target=T, tower=1)),
    ("bad_botch", lambda: hand(("Botch", "personnel")), play("Botch")),
    (
        "bad_effect",
        lambda: hand(("Patrician", "personnel")),
        play("Patrician", effect={"discard": ["Feast"]}),
    ),
    (
        "bad_effect",
        lambda: hand(("Clerk", "personnel")),
        play(
            "Clerk", effect={"moves": [{"source": "storehouse:0", "to": "pouch", "colour": "red"}]}
        ),
    ),
    (
        "not_on_church_space",
        fresh,
        {"type": "church_card_fulfilled", "player": T, "card": "Chapel"},
    ),
    ("building_used", building_used, play("Workshop")),
    ("no_monument", fresh, monument("hand:0")),
    ("no_monument", fresh, monument("discard")),
    ("no_monument", monument_held, monument("hand:1")),  # from yourself
    ("no_monument", lambda: hand(("Monument", "personnel")), monument("hand:0")),
    ("bad_event", fresh, monument("row:1")),
    ("bad_event", fresh, monument("hand:7")),
    ("unknown_player", monument_held, monument("hand:1", seat=5)),
    ("wrong_phase", scoring, monument("hand:1", seat=T)),
    ("game_over", over, monument("hand:1")),
    ("not_scoring", fresh, {"type": "celebrations_scored", "points": [[], [], []]}),
    ("bad_celebrations", scoring, {"type": "celebrations_scored", "points": [[], [], []]}),
    ("bad_celebrations", scoring, {"type": "celebrations_scored", "points": [[], [2]]}),
]
