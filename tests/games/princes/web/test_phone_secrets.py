"""A phone shows its own seat's purse and cards, and nothing of anybody else's."""

from __future__ import annotations

import re

import pytest

from companion.games.princes.rules.catalog import BONUS_CARDS, PRESTIGE_CARDS
from tests.support.phone_game import (
    as_seat,
    choose_hands,
    has_number,
    host_game,
    panel,
    record,
    state,
    text,
)

OTHERS_CARDS = ("Mason", "Painter", "Jurist", "Doctor", "Actor", "Monk")


@pytest.fixture
def game(app):
    """Distinct purses (4500, 5600, 6700 Florin), distinct hands; Ben holds a Prestige card
    and a Bonus card; Ben's turn in the Action phase."""
    game_id, _ = host_game(app)
    for seat, money in ((0, 1200), (1, 2600), (2, 3400)):
        record(
            app,
            game_id,
            type="correction",
            player=seat,
            money=money,
            fame=0,
            reason="distinct purses for the test",
        )
    choose_hands(app, game_id)
    for event in (
        ("0", "auction_opened", {"object": "lake"}),
        ("1", "bid_passed", {}),
        ("2", "bid_passed", {}),
        ("0", "landscape_placed", {"landscape": "lake", "cells": [[0, 0], [0, 1]]}),
        ("1", "auction_opened", {"object": "prestige"}),
        ("2", "bid_passed", {}),
        ("1", "prestige_card_chosen", {"card": "most_builders"}),
        ("2", "last_player_took", {"object": "jester"}),
        ("0", "turn_ended", {}),
        ("1", "bonus_card_taken", {"card": "per_forest"}),
    ):
        by, kind, fields = event
        record(app, game_id, by, type=kind, player=int(by), **fields)
    assert [p.money for p in state(app, game_id).players] == [4500, 5600, 6700]
    return game_id


def test_a_phone_shows_its_own_purse_and_no_one_elses(app, client, game):
    for seat, mine, theirs in (
        (0, 4500, (5600, 6700)),
        (1, 5600, (4500, 6700)),
        (2, 6700, (4500, 5600)),
    ):
        as_seat(client, game, seat)
        for html in (
            client.get(f"/games/{game}/me").text,
            panel(client, game),
            panel(client, game, "?do=work"),
            panel(client, game, "?do=build"),
        ):
            assert has_number(html, mine)
            for number in theirs:
                assert not has_number(html, number), (seat, number)


def test_a_phone_shows_no_one_elses_cards(app, client, game):
    as_seat(client, game, 0)
    for query in ("", "?do=work", "?do=build"):
        t = text(panel(client, game, query))
        assert "Poet" in t
        for name in OTHERS_CARDS + ("Most Builders", "Each Forest +2"):
            assert name not in t, (query, name)
    as_seat(client, game, 1)
    t = text(panel(client, game))
    assert "Mason" in t and "Most Builders: 6 PP (3 if tied)" in t and "Each Forest +2" in t
    assert "Poet" not in t and "Doctor" not in t


def test_there_is_no_way_to_ask_for_another_seat(app, client, game):
    as_seat(client, game, 0)
    for path in ("/me?seat=1", "/me/panel?seat=1", "/me/panel?seat=2&player=2"):
        html = client.get(f"/games/{game}{path}").text
        assert has_number(html, 4500) and not has_number(html, 5600)
    assert client.get(f"/games/{game}/scribe/1").status_code == 403
    assert client.get(f"/games/{game}/scribe/1/panel").status_code == 403


def test_card_lists_do_not_shrink_when_an_opponent_takes_a_card(app, client, game):
    """Which Bonus, Prestige and Profession cards are gone is the others' secret."""
    record(app, game, "1", type="turn_ended", player=1)
    record(app, game, "2", type="turn_ended", player=2)
    # Round 2: Ben (the new start player) leaves, Cy opens the Prestige card, Ada wins it.
    record(app, game, "1", type="auctions_left", player=1)
    record(app, game, "2", type="auction_opened", player=2, object="prestige")
    record(app, game, "0", type="bid_raised", player=0, amount=300)
    record(app, game, "2", type="bid_passed", player=2)
    as_seat(client, game, 0)
    html = panel(client, game)
    assert re.findall(r'name="card" value="(\w+)"', html) == list(PRESTIGE_CARDS)
    record(app, game, "0", type="prestige_card_chosen", player=0, card="most_jesters")
    record(app, game, "2", type="last_player_declined", player=2)
    record(app, game, "1", type="turn_ended", player=1)
    record(app, game, "2", type="turn_ended", player=2)
    html = panel(client, game, "?do=bonus")
    assert re.findall(r'name="card" value="(\w+)"', html) == list(BONUS_CARDS)  # per_forest too
    taken = re.findall(r'name="profession" value="(\w+)"', panel(client, game, "?do=take"))
    assert {"mason", "painter", "jurist", "doctor", "actor", "monk"} <= set(taken)


def test_a_seats_stream_never_carries_another_seats_amounts(app, sse, game):
    """A phone's live stream carries its own panel: its seat's, never another's."""
    from tests.support.web_fixtures import session_cookie

    for seat, mine, theirs in ((0, 4500, (5600, 6700)), (1, 5600, (4500, 6700))):
        cookie = session_cookie(app, {"games": {game: {"seat": seat}}, "_csrf": "c" * 43})
        stream = sse(f"/games/{game}/stream?push=seat-panel", headers={"Cookie": cookie})
        message = stream.next_message()
        while message.get("event") != "fragment":
            message = stream.next_message()
        assert has_number(message["data"], mine)
        for number in theirs:
            assert not has_number(message["data"], number), (seat, number)
        if seat == 0:
            for name in OTHERS_CARDS + ("Most Builders", "Each Forest +2"):
                assert name not in text(message["data"]), name
