"""Games for the table's screens' tests: hosted like the form does, played through the Table.

The Profession cards taught here are TEST DATA with names no real card has, so a test can look
for them in a page and know a hand leaked if it finds them.
"""

from __future__ import annotations

import json

from companion.games.princes.learned import LearnedCatalog
from companion.web.games import create_hosted_game
from companion.web.join_links import keep_tokens
from companion.web.recording import get_table
from tests.support.builders import DATA, load_log
from tests.support.phone_game import taught_professions

# Distinctive TEST DATA cards (not real Profession cards).
SECRET_CARDS = {
    "zanzibar_glassblower": ("Zanzibar Glassblower", "theater", "forest", "travel"),
    "quixotic_lamplighter": ("Quixotic Lamplighter", "tower", "lake", "opinion"),
    "velvet_cartographer": ("Velvet Cartographer", "chapel", "park", "religion"),
}
SECRET_NAMES = [v[0] for v in SECRET_CARDS.values()]
SIZES = {"forest": 4, "lake": 3, "park": 2}


UNUSED_TEST_CARDS = (
    "test_hospital_forest_opinion",
    "test_laboratory_park_travel",
    "test_studio_forest_religion",
)  # in no test log: room for the three above


def teach_test_deck(app) -> None:
    """A full deck of 21: the built-in three, 15 TEST DATA cards of tests/data and the three
    distinctive ones; and Landscape sizes."""
    learned = LearnedCatalog(app.instance_path)
    deck = json.loads((DATA / "test_professions.json").read_text())
    for pid in UNUSED_TEST_CARDS:
        del deck["professions"][pid]
    deck["professions"].update(taught_professions(SECRET_CARDS)["professions"])
    learned.teach({**deck, "landscape_cells": SIZES})  # one merge of the catalog, not five


def host(app, names=("Ada", "Ben", "Cy"), *, start=0, grid=False, freedoms=None):
    """(game_id, tokens) for a game started as the host form starts one."""
    started = {"players": list(names), "start_player": start, "grid": grid}
    if freedoms is not None:
        started["freedoms"] = freedoms
    with app.test_request_context():
        game_id, tokens = create_hosted_game(started, settings={})
        keep_tokens(game_id, tokens)
    return game_id, tokens


def host_solo(app) -> str:
    """A solo game against Wolfgang (standard, 2 dummy players), as the solo form starts one."""
    with app.test_request_context():
        game_id, _ = create_hosted_game(
            {
                "players": ["Ada", "Wolfgang"],
                "start_player": 0,
                "solo": {"difficulty": "standard", "dummies": 2},
            }
        )
    return game_id


def play(app, game_id, *events):
    """Record events as the seat named in each (`player`), or as the host."""
    for event in events:
        by = str(event["player"]) if "player" in event and event["type"] != "correction" else "host"
        get_table(app).record(game_id, dict(event), by=by)


def as_role(client, game_id, role, seat=None):
    with client.session_transaction() as s:
        games = dict(s.get("games") or {})
        games[game_id] = {"seat": seat} if role == "seat" else {role: True}
        s["games"] = games


ADA_MONEY = 8800  # 3500 - 200 (Jester) - 300 (Bonus card) + 5800 (correction)
ADA_HAND = ["zanzibar_glassblower", "quixotic_lamplighter", "velvet_cartographer"]


def mid_game(app):
    """Round 1, Action phase, Ben's turn: Ben holds a Prestige card ("Most Jesters"), Ada a
    Bonus card ("Each Jester +2") and a distinctive hand, and 8800 Florin."""
    teach_test_deck(app)
    game_id, tokens = host(app)
    play(
        app,
        game_id,
        {"type": "starting_hand_chosen", "player": 0, "professions": ADA_HAND},
        {
            "type": "starting_hand_chosen",
            "player": 1,
            "professions": ["poet", "alchemist", "botanist"],
        },
        {
            "type": "starting_hand_chosen",
            "player": 2,
            "professions": [
                "test_university_forest_travel",
                "test_workshop_forest_religion",
                "test_library_forest_opinion",
            ],
        },
        {"type": "auction_opened", "player": 0, "object": "prestige"},
        {"type": "bid_raised", "player": 1, "amount": 300},
        {"type": "bid_passed", "player": 2},
        {"type": "bid_passed", "player": 0},
        {"type": "prestige_card_chosen", "player": 1, "card": "most_jesters"},
        {"type": "auction_opened", "player": 0, "object": "jester"},
        {"type": "bid_passed", "player": 2},
        {"type": "last_player_took", "player": 2, "object": "builder"},
        {"type": "bonus_card_taken", "player": 0, "card": "per_jester"},
        {
            "type": "correction",
            "player": 0,
            "money": 5800,
            "fame": 2,
            "reason": "counted the bank again",
        },
        {"type": "turn_ended", "player": 0},
    )
    return game_id, tokens


def finished_game(app, name="game_3p_grid.jsonl"):
    """A whole game from tests/data, hosted and recorded event by event."""
    teach_test_deck(app)
    events = load_log(name)
    start = {k: v for k, v in events[0].items() if k != "type"}
    with app.test_request_context():
        game_id, tokens = create_hosted_game(start, settings={})
        keep_tokens(game_id, tokens)
    play(app, game_id, *[e for e in events[1:] if e["type"] != "landscape_taught"])
    return game_id, tokens


def tv_game(app, players: int = 5, seed: int = 3, round_: int = 4):
    """(game_id, tokens) of a game on the grid with `players` seats, played by a seeded random
    table (`rules.autoplay`) up to an auction in progress in round `round_`: every
    Principality has pieces, the Fame track has spread and a bid stands."""
    from companion.games.princes.rules import GameState, apply_in_place, simulation_catalog
    from companion.games.princes.rules import play as autoplay

    catalog = simulation_catalog()
    LearnedCatalog(app.instance_path).teach(catalog.to_dict())
    log, _ = autoplay(players, seed, grid=True, catalog=catalog)
    state = GameState(catalog)
    cut = len(log)
    for i, event in enumerate(log):
        apply_in_place(state, event)
        current = state.auction.get("current")
        if state.round >= round_ and state.phase == "auction" and current and current["bid"] > 300:
            cut = i + 1
            break
    start = {k: v for k, v in log[0].items() if k != "type"}
    with app.test_request_context():
        game_id, tokens = create_hosted_game(start, settings={})
        keep_tokens(game_id, tokens)
    play(app, game_id, *log[1:cut])
    return game_id, tokens
