"""A seat's phone: joining, the private panel in each phase, every form, refusals inline."""

from __future__ import annotations

import re

import pytest

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules.catalog import BONUS_CARDS, PRESTIGE_CARDS
from companion.web.recording import get_table
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    disabled,
    form_for,
    has_number,
    host_game,
    panel,
    post_event,
    post_teach,
    record,
    recruiting_round,
    refusal_in,
    resend_of,
    squares,
    state,
    text,
    to_action_phase,
)


@pytest.fixture
def game(app):
    """A 3-player game with a grid, starting hands not chosen yet."""
    game_id, tokens = host_game(app)
    return game_id, tokens


@pytest.fixture
def auction(app, game):
    game_id, tokens = game
    choose_hands(app, game_id)
    return game_id


# -- joining ----------------------------------------------------------------------------------


def test_a_seat_link_opens_its_phone_and_again_restores_it(app, client, game):
    game_id, tokens = game
    r = client.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game_id}/me")
    page = client.get(f"/games/{game_id}/me")
    assert page.status_code == 200 and "Ben" in text(page.text)
    assert "no-store" in page.headers["Cache-Control"]
    # Reload the link, or open it on another phone: the same seat.
    assert client.get(f"/games/{game_id}/join/{tokens.seats[1]}").status_code == 303
    other = app.test_client()
    other.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    assert "Ben" in text(other.get(f"/games/{game_id}/me").text)


def test_host_and_spectator_links_go_to_their_screens(app, client, game):
    game_id, tokens = game
    r = client.get(f"/games/{game_id}/join/{tokens.host}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game_id}/host")
    r = app.test_client().get(f"/games/{game_id}/join/{tokens.spectator}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game_id}/table")


def test_a_wrong_link_is_a_friendly_404(client, game):
    game_id, tokens = game
    r = client.get(f"/games/{game_id}/join/not-a-token")
    assert r.status_code == 404 and "Scan the QR code" in r.text
    r = client.get(f"/games/nope/join/{tokens.seats[0]}")
    assert r.status_code == 404
    assert client.get(f"/games/{game_id}/me").status_code == 403


def test_without_a_seat_the_phone_screen_says_what_to_do(app, client, game):
    game_id, _ = game
    for path in ("/me", "/me/panel"):
        r = client.get(f"/games/{game_id}{path}")
        assert r.status_code == 403 and "scan your seat" in r.text.lower()
    as_host(client, game_id)  # the host alone holds no seat: scribe mode is for that
    assert client.get(f"/games/{game_id}/me").status_code == 403
    assert app.test_client().get("/games/no-such-game/me").status_code == 404


# -- setup -----------------------------------------------------------------------------------


def test_setup_chooses_three_of_the_known_professions(app, client, game):
    game_id, _ = game
    as_seat(client, game_id, 0)
    html = panel(client, game_id)
    assert "Your starting hand" in html and "Keep these 3" in html
    assert 'name="professions" value="mason"' in html  # taught to this installation
    r = post_event(
        client, game_id, type="starting_hand_chosen", player="0", professions=["poet", "alchemist"]
    )
    assert r.status_code == 422
    form = form_for(r.text, "starting_hand_chosen")
    assert refusal_in(form) == "bad_starting_hand" and "Keep 3 different" in form
    assert "Rule: Setup (p. 2)" in form
    r = post_event(
        client,
        game_id,
        type="starting_hand_chosen",
        player="0",
        professions=["poet", "alchemist", "botanist"],
    )
    assert r.status_code == 200
    assert "Done: Ada kept Poet, Alchemist and Botanist as a starting hand" in text(
        r.text
    ) and "Still choosing: Ben, Cy" in text(r.text)


def test_the_hand_list_does_not_shrink_when_others_choose(app, client, game):
    """Listing only what is left would tell Ada which cards Ben kept."""
    game_id, _ = game
    as_seat(client, game_id, 0)
    before = re.findall(r'name="professions" value="(\w+)"', panel(client, game_id))
    record(
        app,
        game_id,
        "1",
        type="starting_hand_chosen",
        player=1,
        professions=["mason", "painter", "jurist"],
    )
    after = re.findall(r'name="professions" value="(\w+)"', panel(client, game_id))
    assert before == after and "mason" in after


def test_a_refused_hand_keeps_the_ticks(app, client, game):
    game_id, _ = game
    as_seat(client, game_id, 1)
    record(
        app,
        game_id,
        "0",
        type="starting_hand_chosen",
        player=0,
        professions=["poet", "alchemist", "botanist"],
    )
    r = post_event(
        client,
        game_id,
        type="starting_hand_chosen",
        player="1",
        professions=["poet", "mason", "jurist"],
    )
    assert r.status_code == 422 and "card_not_available" in r.text
    assert re.search(r'value="mason"\s+checked', r.text)


# -- auction ---------------------------------------------------------------------------------


def test_the_opener_sees_the_objects_and_may_leave(app, client, auction):
    as_seat(client, auction, 0)
    html = panel(client, auction)
    for name in (
        "Forest",
        "Lake",
        "Park",
        "Prestige card",
        "Recruiting card",
        "Jester",
        "Builder",
        "Leave all auctions",
    ):
        assert name in html
    as_seat(client, auction, 1)
    html = panel(client, auction)
    assert "Ada is choosing what to auction" in text(html)
    assert 'value="auction_opened"' not in html


def test_the_paddle_raises_and_passes(app, client, auction):
    as_seat(client, auction, 0)
    r = post_event(client, auction, type="auction_opened", player="0", object="forest")
    assert "Done: Ada opened an auction for the Forest at 200" in text(r.text)
    assert "Ben is deciding" in text(r.text)
    as_seat(client, auction, 1)
    html = panel(client, auction)
    assert "Raise to 300" in html and ">Pass<" in html
    r = post_event(client, auction, type="bid_raised", player="1", amount="300")
    assert r.status_code == 200 and "Done: Ben raised to 300" in text(r.text)
    # A stale tap (the bid moved on): refused inline with the rule, nothing stored.
    as_seat(client, auction, 2)
    r = post_event(client, auction, type="bid_raised", player="2", amount="300")
    assert r.status_code == 422
    assert refusal_in(form_for(r.text, "bid_raised")) == "bid_not_plus_100"
    r = post_event(client, auction, type="bid_passed", player="2")
    as_seat(client, auction, 0)
    r = post_event(client, auction, type="bid_passed", player="0")
    assert r.status_code == 200
    as_seat(client, auction, 1)
    html = panel(client, auction)
    assert "Place your Landscape" in html and "data-cell=" in html


def test_a_raise_beyond_means_is_disabled_with_the_reason(app, client, auction):
    record(app, auction, type="correction", player=1, money=-3300, fame=0, reason="test")
    record(app, auction, "0", type="auction_opened", player=0, object="park")
    as_seat(client, auction, 1)
    form = form_for(panel(client, auction), "bid_raised")
    assert disabled(form)
    assert "You cannot raise to 300: 200 Florin plus 0 PP to sell is 200" in text(form)
    record(app, auction, type="correction", player=1, money=0, fame=1, reason="test")
    form = form_for(panel(client, auction), "bid_raised")  # fame may be sold for it
    assert not disabled(form) and "Raise to 300" in form


def test_placing_a_landscape_on_the_grid(app, client, auction):
    record(app, auction, "0", type="auction_opened", player=0, object="forest")
    record(app, auction, "1", type="bid_passed", player=1)
    record(app, auction, "2", type="bid_passed", player=2)
    as_seat(client, auction, 0)
    r = post_event(
        client,
        auction,
        type="landscape_placed",
        player="0",
        landscape="forest",
        cells="[[5,0],[4,0]]",
    )
    assert r.status_code == 422
    form = form_for(r.text, "landscape_placed")
    assert refusal_in(form) == "overlap" and "Placing a Building or Landscape" in form
    assert 'data-cell="4,0"' in form and 'aria-pressed="true"' in form  # still tapped
    for garbage in ("not json", "[[99,99]]", '{"a": 1}', "[[1,true]]", "[]"):
        r = post_event(
            client, auction, type="landscape_placed", player="0", landscape="forest", cells=garbage
        )
        assert r.status_code == 422, garbage
        assert refusal_in(r.text) in ("bad_event", "outside_grid", "wrong_shape"), garbage
    r = post_event(
        client,
        auction,
        type="landscape_placed",
        player="0",
        landscape="forest",
        cells="[[3,0],[4,0]]",
    )
    assert r.status_code == 200 and "Done: Ada placed a Forest" in text(r.text)
    assert squares(r.text, "forest") == 2  # drawn on the grid


def test_without_a_grid_an_unknown_landscape_size_is_taught_then_placed(app, client):
    game_id, _ = host_game(app, grid=False)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=0, object="park")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "2", type="bid_passed", player=2)
    as_seat(client, game_id, 0)
    html = panel(client, game_id)
    assert "Place the Park" in html and "data-cell" not in html
    r = post_event(client, game_id, type="landscape_placed", player="0", landscape="park")
    assert r.status_code == 422 and 'data-screen="teach_landscape"' in r.text
    assert "How many squares does a Park cover?" in r.text
    resend = resend_of(r.text)
    bad = post_teach(client, game_id, what="landscape", resend=resend, cells="99")
    assert bad.status_code == 422 and "1 to 12" in bad.text
    ok = post_teach(client, game_id, what="landscape", resend=resend, cells="4")
    assert ok.status_code == 200, ok.text
    assert "Done: Ada placed a Park" in text(ok.text)
    assert LearnedCatalog(app.instance_path).catalog().landscape_cells["park"] == 4
    with app.app_context():
        kinds = [e.type for e in get_table(app).events(game_id)]
    assert kinds[-2:] == ["landscape_taught", "landscape_placed"]


def test_two_players_name_the_landscape_they_took(app, client):
    game_id, _ = host_game(
        app, players=["Ada", "Ben"], grid=False, freedoms={"travel": 2, "religion": 2, "opinion": 1}
    )
    choose_hands(
        app, game_id, hands=(["poet", "alchemist", "botanist"], ["mason", "painter", "jurist"])
    )
    LearnedCatalog(app.instance_path).teach_landscape("lake", 3)
    record(app, game_id, "0", type="auction_opened", player=0, object="landscape")
    record(app, game_id, "1", type="bid_passed", player=1)
    as_seat(client, game_id, 0)
    html = panel(client, game_id)
    for kind in ("Forest", "Lake", "Park"):
        assert f"Place the {kind}" in html
    r = post_event(client, game_id, type="landscape_placed", player="0", landscape="lake")
    assert r.status_code == 200 and "Done: Ada placed a Lake" in text(r.text)


def test_two_players_with_a_grid_name_the_type_then_tap_the_squares(app, client):
    game_id, _ = host_game(
        app, players=["Ada", "Ben"], grid=True, freedoms={"travel": 2, "religion": 2, "opinion": 1}
    )
    choose_hands(
        app, game_id, hands=(["poet", "alchemist", "botanist"], ["mason", "painter", "jurist"])
    )
    record(app, game_id, "0", type="auction_opened", player=0, object="landscape")
    record(app, game_id, "1", type="bid_passed", player=1)
    as_seat(client, game_id, 0)
    html = panel(client, game_id)
    assert "Which Landscape did you take?" in html and "data-cell" not in html
    html = panel(client, game_id, "?do=place&landscape=park")
    assert "Tap the squares your Park covers" in text(html) and "data-cell" in html
    r = post_event(
        client,
        game_id,
        type="landscape_placed",
        player="0",
        landscape="park",
        cells="[[0,0],[1,0]]",
    )
    assert r.status_code == 200 and squares(r.text, "park") == 2


def test_a_prestige_card_is_chosen_from_the_whole_list(app, client, auction):
    record(app, auction, "0", type="auction_opened", player=0, object="prestige")
    record(app, auction, "1", type="bid_passed", player=1)
    record(app, auction, "2", type="bid_passed", player=2)
    as_seat(client, auction, 0)
    html = panel(client, auction)
    for card in PRESTIGE_CARDS:
        assert f'name="card" value="{card}"' in html
    as_seat(client, auction, 1)
    assert "Ada is choosing a Prestige card" in text(panel(client, auction))
    as_seat(client, auction, 0)
    r = post_event(client, auction, type="prestige_card_chosen", player="0", card="most_jesters")
    assert r.status_code == 200
    assert "Your Prestige cards" in r.text and "Most Jesters: 6 PP (3 if tied)" in text(r.text)
    assert "0 PP if the game ended now" in text(r.text)


def test_the_last_player_takes_or_declines(app, client, auction):
    record(app, auction, "0", type="auctions_left", player=0)
    record(app, auction, "1", type="auctions_left", player=1)
    as_seat(client, auction, 2)
    html = panel(client, auction)
    assert "You are the last with a Pawn" in html and "Take the Jester for 200" in html
    r = post_event(client, auction, type="last_player_took", player="2", object="jester")
    assert (
        r.status_code == 200
        and "Done: Cy, the last player, took the Jester for 200 Florin" in text(r.text)
    )
    assert "Jesters: 1" in text(r.text)


# -- action phase ----------------------------------------------------------------------------


@pytest.fixture
def action(app, auction):
    to_action_phase(app, auction)
    return auction


def test_only_legal_actions_are_offered(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action)
    t = text(html)
    assert "Your turn · 2 actions left" in t
    assert "Complete a Work" in t and "none reaches 7 yet" in t
    for label in (
        "Build a Building",
        "Take a Profession card",
        "Acquire a Bonus card",
        "Travel",
        "Religion",
        "Opinion",
        "End my turn",
    ):
        assert label in t
    assert "Use your Recruiting card" not in t
    as_seat(client, action, 1)
    t = text(panel(client, action))
    assert "Ada is taking their turn" in t and "End my turn" not in t


def test_the_hand_shows_work_values_and_the_grid_the_pieces(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action)
    t = text(html)
    assert "Poet Theater · Lake · Travel Work Value 6 · below the minimum" in t
    assert "Botanist Laboratory · Park · Religion Work Value 3" in t
    assert squares(html, "lake") == 3 and squares(html, "palazzo") == 6


def test_a_work_below_the_minimum_is_refused_next_to_its_button(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action, "?do=work&profession=poet")
    t = text(html)
    assert "Landscape: Lake yes 3" in t and "Cards × 3 in hand and on the table 3" in t
    assert "Work Value 6" in t and "Below this round's minimum of 7" in t
    r = post_event(
        client, action, type="work_completed", player="0", profession="poet", prestige="0"
    )
    assert r.status_code == 422
    form = form_for(r.text, "work_completed")
    assert refusal_in(form) == "below_minimum"
    assert "Work Value 6 is below this round's minimum of 7" in text(form)
    assert "Rule: Complete a Work (pp. 5-6)" in form
    assert 'value="poet" checked' in r.text  # still on the Work screen


def test_a_work_with_prestige_instead_of_florin(app, client, action):
    record(app, action, "0", type="freedom_introduced", player=0, freedom="travel")
    as_seat(client, action, 0)
    html = panel(client, action, "?do=work&profession=poet&prestige=2")
    t = text(html)
    assert "Meets this round's minimum of 7" in t and "Work Value 9" in t
    for pp, florin in ((0, 900), (1, 700), (2, 500), (3, 300), (4, 100)):
        assert f"{pp} PP {florin} Florin" in t
    assert re.search(r'name="prestige" value="2"\s+checked', html)
    r = post_event(
        client, action, type="work_completed", player="0", profession="poet", prestige="5"
    )
    assert r.status_code == 422 and refusal_in(r.text) == "bad_prestige_split"
    r = post_event(
        client, action, type="work_completed", player="0", profession="poet", prestige="2"
    )
    assert r.status_code == 200 and "Done: Ada completed a Work with the Poet" in text(r.text)
    s = state(app, action)
    assert (s.players[0].money, s.players[0].fame) == (3500 - 200 - 300 + 500, 2)
    assert has_number(r.text, s.players[0].money)


def test_bonus_cards_join_the_work_value(app, client, action):
    record(app, action, "0", type="bonus_card_taken", player=0, card="per_lake")
    as_seat(client, action, 0)
    t = text(panel(client, action))
    assert "Your Bonus cards Each Lake +2 +2 now" in t
    html = panel(client, action, "?do=work&profession=poet&bonus=per_lake&bonus=nonsense")
    t = text(html)
    assert "Bonus: Each Lake +2 2" in t and "Work Value 8" in t and "Meets" in t
    form = form_for(html, "work_completed")
    assert 'name="bonus_cards" value="per_lake"' in form
    r = post_event(
        client,
        action,
        type="work_completed",
        player="0",
        profession="poet",
        bonus_cards="per_lake",
        prestige="0",
    )
    assert r.status_code == 200
    assert state(app, action).players[0].bonus_cards == []


def test_building_on_the_grid(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action, "?do=build")
    assert "Tower" in html and "3 squares" in html and "data-cell" not in html
    html = panel(client, action, "?do=build&building=tower")
    assert "Tap the 3 squares your Tower covers" in text(html) and "data-cell=" in html
    r = post_event(
        client,
        action,
        type="building_built",
        player="0",
        building="tower",
        cells="[[4,0],[3,0],[2,0]]",
    )
    assert r.status_code == 422
    form = form_for(r.text, "building_built")
    assert refusal_in(form) == "building_adjacent" and "touches your Palazzo" in form
    assert "Rule: Placing a Building or Landscape (p. 7), rule 3" in form
    r = post_event(
        client,
        action,
        type="building_built",
        player="0",
        building="tower",
        cells="[[2,5],[3,5],[4,5]]",
    )
    assert r.status_code == 200 and "Done: Ada built a Tower" in text(r.text)
    assert squares(r.text, "building") == 3


def test_building_without_a_grid_is_one_tap(app, client):
    game_id, _ = host_game(app, grid=False)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auctions_left", player=0)
    record(app, game_id, "1", type="auctions_left", player=1)
    record(app, game_id, "2", type="last_player_declined", player=2)
    as_seat(client, game_id, 0)
    html = panel(client, game_id, "?do=build")
    form = form_for(html, "building_built", building="chapel")
    assert "Build the Chapel" in form and "700 Florin" in form and "cells" not in form
    r = post_event(client, game_id, type="building_built", player="0", building="chapel")
    assert r.status_code == 200 and "Buildings: Chapel" in text(r.text)


def test_taking_a_profession_card(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action, "?do=take")
    assert "Take a Profession card" in html and "A card Palazzo doesn't know yet" in text(html)
    offered = re.findall(r'name="profession" value="(\w+)"', html)
    assert "banker" in offered and "poet" not in offered  # not my own cards
    assert "mason" in offered  # Ben's hand is secret: it stays in the list
    r = post_event(client, action, type="profession_taken", player="0", profession="mason")
    assert r.status_code == 422
    assert (
        refusal_in(form_for(r.text, "profession_taken", profession="mason")) == "card_not_available"
    )
    r = post_event(client, action, type="profession_taken", player="0", profession="banker")
    assert r.status_code == 200 and "Done: Ada took the Banker (Profession card)" in text(r.text)
    assert "Take a Profession card" not in text(r.text)  # once per round


def test_the_bonus_list_is_the_whole_deck(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action, "?do=bonus")
    assert re.findall(r'name="card" value="(\w+)"', html) == list(BONUS_CARDS)
    assert "Each Lake +2" in html and "worth 2 now" in html
    r = post_event(client, action, type="bonus_card_taken", player="0", card="per_lake")
    assert r.status_code == 200 and "Done: Ada took the Bonus card “Each Lake +2”" in text(r.text)
    r = post_event(client, action, type="bonus_card_taken", player="0", card="per_lake")
    assert r.status_code == 422 and refusal_in(r.text) == "card_not_available"


def test_actions_short_of_money_stay_visible_disabled_with_what_they_need(app, client, action):
    """At 0 Florin Build, Profession, Bonus and the Freedoms are not hidden: they
    show disabled, saying the Florin they need and to sell fame first (she has fame to sell)."""
    ada = state(app, action).players[0]
    record(
        app, action, type="correction", player=0, money=-ada.money, fame=5 - ada.fame, reason="t"
    )
    as_seat(client, action, 0)
    html = panel(client, action)
    t = text(html)
    for do in ("build", "take", "bonus"):
        assert f'data-needs="{do}"' in html and f"do={do}" not in html
    assert "needs 300 Florin: sell fame first" in t and "Build a Building" in t
    assert re.search(r'value="freedom_introduced".*?disabled', html, re.S)
    record(app, action, type="correction", player=0, fame=-5, reason="t")
    t = text(panel(client, action))
    assert "needs 300 Florin" in t and "sell fame first" not in t  # nothing left to sell


def test_freedom_and_end_of_turn(app, client, action):
    as_seat(client, action, 0)
    r = post_event(client, action, type="freedom_introduced", player="0", freedom="opinion")
    assert r.status_code == 200 and "Done: Ada introduced the Opinion Freedom" in text(r.text)
    assert "Introduce a Freedom" not in text(r.text)  # once per round
    r = post_event(client, action, type="turn_ended", player="0")
    assert r.status_code == 200 and "Ben is taking their turn" in text(r.text)


def test_after_two_actions_only_ending_the_turn_is_left(app, client, action):
    record(app, action, "0", type="freedom_introduced", player=0, freedom="travel")
    record(app, action, "0", type="bonus_card_taken", player=0, card="per_park")
    as_seat(client, action, 0)
    html = panel(client, action)
    assert "Both actions used" in html and "End my turn" in html
    assert 'value="freedom_introduced"' not in html and "Complete a Work" not in html
    assert "do=work" not in panel(client, action, "?do=work")


def test_recruiting_an_opponents_work(app, client, auction):
    """Ben works with the Mason; Ada, holding a Recruiting card, takes it on her turn."""
    g = auction
    recruiting_round(app, g)
    as_seat(client, g, 0)
    t = text(panel(client, g))
    assert "Use your Recruiting card" not in t  # nothing face up yet
    record(app, g, "0", type="turn_ended", player=0)
    record(app, g, "1", type="freedom_introduced", player=1, freedom="religion")
    record(app, g, "1", type="work_completed", player=1, profession="mason", prestige=0)
    record(app, g, "1", type="turn_ended", player=1)
    record(app, g, "2", type="turn_ended", player=2)
    # Round 2: Ben starts the auctions; all leave; Ada's turn comes after Ben's and Cy's.
    for seat in (1, 2):
        record(app, g, str(seat), type="auctions_left", player=seat)
    record(app, g, "0", type="last_player_declined", player=0)
    record(app, g, "1", type="turn_ended", player=1)
    record(app, g, "2", type="turn_ended", player=2)
    html = panel(client, g)
    assert "Use your Recruiting card" in html
    html = panel(client, g, "?do=recruit")
    assert "Recruit the Mason" in html and "from Ben" in html
    r = post_event(
        client, g, type="recruiting_card_used", player="0", from_player="1", profession="mason"
    )
    assert (
        r.status_code == 200
        and "Done: Ada used a Recruiting card to take the Mason from Ben's table" in text(r.text)
    )
    assert "Mason Tower · Forest · Religion" in text(r.text)


# -- any time --------------------------------------------------------------------------------


def test_selling_fame(app, client, action):
    as_seat(client, action, 2)
    assert "Sell fame" not in panel(client, action)
    record(app, action, type="correction", player=2, money=0, fame=3, reason="test")
    html = panel(client, action)
    assert "Sell fame: 100 Florin per PP" in html
    r = post_event(client, action, type="fame_sold", player="2", points="lots")
    assert r.status_code == 422 and "points must be a whole number" in form_for(r.text, "fame_sold")
    r = post_event(client, action, type="fame_sold", player="2", points="9")
    assert r.status_code == 422
    assert refusal_in(form_for(r.text, "fame_sold")) == "not_enough_fame"
    r = post_event(client, action, type="fame_sold", player="2", points="2")
    assert r.status_code == 200 and "Done: Cy sold 2 PP for 200 Florin" in text(r.text)
    assert "3700 Florin 1 PP" in text(r.text)


def test_undo_my_last_event(app, client, action):
    as_seat(client, action, 0)
    assert "Undo:" not in panel(client, action)  # the latest is Cy's
    r = post_event(client, action, type="freedom_introduced", player="0", freedom="travel")
    form = form_for(r.text, "retracted")
    assert "Undo: Ada introduced the Travel Freedom" in text(form)
    last = max(int(s) for s in re.findall(r'name="seqs" value="(\d+)"', form))
    as_seat(client, action, 1)
    assert "Undo:" not in panel(client, action)  # not Ben's to undo
    as_seat(client, action, 0)
    r = post_event(client, action, type="retracted", seqs=str(last))
    assert r.status_code == 200 and "Done: Ada undid: Ada introduced the Travel Freedom" in text(
        r.text
    )
    assert state(app, action).players[0].freedoms == []
    # A stale undo (the log moved on) is refused and says why.
    record(app, action, "0", type="freedom_introduced", player=0, freedom="opinion")
    record(app, action, type="correction", player=1, money=100, fame=0, reason="test")
    r = post_event(client, action, type="retracted", seqs=str(last + 1))
    assert r.status_code == 422 and "Undo takes back only the latest events" in r.text


def test_the_game_over_and_solo_screens_do_not_crash(app, client):
    game_id, _ = host_game(
        app, players=["Ada", "Wolfgang"], grid=False, solo={"difficulty": "easy", "dummies": 2}
    )
    as_seat(client, game_id, 0)
    assert "Solo game" in panel(client, game_id)


# -- garbage ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "?do=work&profession=%3Cscript%3E",
        "?do=build&building=../../etc",
        "?do=nothing",
        "?do=teach&for=bonus_card_taken",
        "?do=place&landscape=lake",
        "?do=work&prestige=-3",
        "?do=hand&professions=" + "x" * 500,
        "?do=recruit",
        "?do=take",
        "?do=bonus",
    ],
)
def test_odd_urls_show_a_sensible_screen(app, client, action, query):
    as_seat(client, action, 0)
    assert "<script>" not in panel(client, action, query)


def test_garbage_posts_never_give_a_500(app, client, action):
    as_seat(client, action, 0)
    for form in (
        {"type": "work_completed", "player": "0", "profession": ["a", "b"]},
        {"type": "work_completed", "player": "0", "profession": "poet", "prestige": "1e9"},
        {"type": "building_built", "player": "0", "building": "tower", "cells": '"[[1,1]]"'},
        {"type": "retracted", "seqs": "x"},
        {"type": "retracted"},
        {"type": "bonus_card_taken", "player": "0", "card": "\x00"},
        {"type": "turn_ended", "player": "7"},
    ):
        r = post_event(client, action, **form)
        assert r.status_code in (403, 422), (form, r.status_code)


def test_a_plain_form_post_gets_the_whole_page(app, client, action):
    as_seat(client, action, 0)
    r = post_event(
        client, action, htmx=False, type="freedom_introduced", player="0", freedom="religion"
    )
    assert r.status_code == 200 and "<html" in r.text and "phone.css" in r.text
