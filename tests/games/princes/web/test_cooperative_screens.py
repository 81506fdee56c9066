"""Cooperative Building on the screens: the host's form, the builder's proposal, the partner's
own accept/decline with the payment, everyone else waiting, the table screen and the end.

Flask's test client against a real store; each seat is its own client (its own session), so a
seat can only act for itself. The browser test of two phones is in test_cooperative_browser.py.
"""

from __future__ import annotations

import re

import pytest

from companion.games.princes.rules import cooperation_proposal
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
    record,
    refusal_in,
    state,
    text,
)
from tests.support.web_fixtures import csrf_token_for

ADA, BEN, CY = 0, 1, 2
COOP = {"muse_princess": False, "cooperative": True}


@pytest.fixture
def game(app):
    """A 3-player Cooperative Building game (no grid) in round 1's Action phase, Ada first."""
    game_id, _ = host_game(app, grid=False, expansions=COOP)
    choose_hands(app, game_id)
    for seat, kind in (
        (ADA, "auctions_left"),
        (BEN, "auctions_left"),
        (CY, "last_player_declined"),
    ):
        record(app, game_id, str(seat), type=kind, player=seat)
    assert state(app, game_id).phase == "action"
    return game_id


def client_for(app, game_id, seat):
    c = app.test_client()
    as_seat(c, game_id, seat)
    return c


def propose(client, game_id, partner=BEN, building="tower", payment=200):
    return post_event(
        client,
        game_id,
        type="cooperation_proposed",
        player=ADA,
        partner=str(partner),
        building=building,
        partner_payment=str(payment),
    )


# -- hosting ----------------------------------------------------------------------------------


def test_the_host_form_starts_a_cooperative_game_without_the_grid(app, client):
    form = {"csrf_token": csrf_token_for(client), "name_0": "Ada", "name_1": "Ben", "start": "0"}
    r = client.post("/host", data={**form, "cooperative": "on", "grid": "on"})
    assert r.status_code == 422
    words = text(r.text)
    assert "The game was not started" in words and "without the grid" in words
    assert "shared board" in words
    r = client.post("/host", data={**form, "cooperative": "on"})
    assert r.status_code == 303
    game_id = r.headers["Location"].split("/")[2]
    assert state(app, game_id).expansions["cooperative"] is True


# -- the proposal and the answer ------------------------------------------------------------------


def test_proposed_on_one_phone_accepted_on_the_partners(app, game):
    ada, ben, cy = (client_for(app, game, s) for s in (ADA, BEN, CY))
    menu = panel(ada, game)
    assert "Build with a neighbour" in text(menu)
    screen = text(panel(ada, game, "?do=coop"))
    assert "Ben" in screen and "Cy" in screen  # both neighbours at a table of three
    chosen = panel(ada, game, f"?do=coop&partner={BEN}")
    assert "Propose to Ben" in text(chosen)
    assert 'name="partner_payment"' in chosen and 'value="tower"' in chosen

    r = propose(ada, game, payment=200)
    assert r.status_code == 200, r.text
    words = text(r.text)
    assert "Waiting for Ben" in words and "200 Florin" in words
    assert "Withdraw the proposal" in words

    ben_panel = panel(ben, game)
    words = text(ben_panel)
    assert "Ada proposes a cooperative Building" in words
    assert "Tower" in words and "200 Florin" in words
    assert f"keep {3500 - 200}" in words  # what Ben keeps: his own purse, on his own phone
    assert "Accept and pay 200 Florin" in words and "Decline" in words

    cy_words = text(panel(cy, game))
    assert "Ada proposes to build the Tower with Ben" in cy_words
    assert "Accept" not in cy_words

    board = app.test_client()
    as_host(board, game)
    table = text(board.get(f"/games/{game}/table/board").text).replace(" ,", ",")
    assert "Ben to act" in table
    assert "Ada proposes to build the Tower together with Ben, who would pay 200 Florin" in table

    r = post_event(ben, game, type="cooperation_accepted", player=str(BEN))
    assert r.status_code == 200, r.text
    s = state(app, game)
    assert (s.players[ADA].money, s.players[BEN].money) == (3500 + 200 - 700, 3500 - 200)
    assert (s.players[ADA].fame, s.players[BEN].fame) == (3, 3)
    for phone in (ada, ben):  # in both Principalities, on both phones
        assert "Buildings: Tower" in text(panel(phone, game))
    assert "Buildings:" not in text(panel(cy, game))
    html = board.get(f"/games/{game}/table/board").text
    assert text(html).count("Tower (with") == 2  # in both Principalities
    assert "data-proposal" not in html  # answered
    history = text(board.get(f"/games/{game}/history").text)
    assert "Ben accepted: Ada and Ben built a Tower together" in history


def test_the_partner_declines_and_the_builder_may_withdraw(app, game):
    ada, ben = client_for(app, game, ADA), client_for(app, game, BEN)
    propose(ada, game)
    r = post_event(ben, game, type="cooperation_declined", player=str(BEN))
    assert r.status_code == 200
    assert "Build with a neighbour" in text(panel(ada, game))  # the action is not used
    propose(ada, game, partner=CY)
    r = post_event(ada, game, type="cooperation_declined", player=str(ADA))
    assert r.status_code == 200
    s = state(app, game)
    assert s.players[ADA].actions == 0 and s.players[ADA].money == 3500


def exported(app, game_id) -> str:
    with app.app_context():
        return get_table(app).export_jsonl(game_id)


def test_a_seat_answers_only_for_itself(app, game):
    """Every refused answer leaves the stored log and the state exactly as they were."""
    ada, ben, cy = (client_for(app, game, s) for s in (ADA, BEN, CY))
    propose(ada, game)
    log, before = exported(app, game), state(app, game).to_dict()
    r = post_event(cy, game, type="cooperation_accepted", player=str(BEN))
    assert r.status_code == 403
    r = post_event(cy, game, type="cooperation_accepted", player=str(CY))
    assert r.status_code == 422 and refusal_in(r.text) == "not_partner"
    r = post_event(ada, game, type="cooperation_accepted", player=str(ADA))
    assert r.status_code == 422 and refusal_in(r.text) == "not_partner"
    r = post_event(
        ben,
        game,
        type="cooperation_proposed",
        player=str(BEN),
        partner=str(CY),
        building="chapel",
        partner_payment="0",
    )
    assert r.status_code == 422 and refusal_in(r.text) == "cooperation_pending"
    assert exported(app, game) == log and state(app, game).to_dict() == before
    assert cooperation_proposal(state(app, game))["partner"] == BEN  # still waiting for Ben


def test_the_partners_purse_stays_on_the_partners_phone(app, game):
    """Ada never learns Ben's Florin: her proposal beyond them is taken; Ben's phone shows the
    accept button disabled with the reason, and the fame he could sell."""
    ada, ben = client_for(app, game, ADA), client_for(app, game, BEN)
    record(app, game, "host", type="correction", player=BEN, money=-300, fame=2, reason="test")
    r = propose(ada, game, payment=3300)
    assert r.status_code == 200 and refusal_in(r.text) is None
    assert not has_number(r.text, 3200)  # Ben's purse
    ben_panel = panel(ben, game)
    accept = form_for(ben_panel, "cooperation_accepted")
    assert disabled(accept)
    assert "The payment is 3300 Florin and you have 3200" in text(accept)
    r = post_event(ben, game, type="fame_sold", player=str(BEN), points="1")
    assert r.status_code == 200
    assert not disabled(form_for(r.text, "cooperation_accepted"))


def test_a_refused_proposal_comes_back_next_to_its_form(app, game):
    ada = client_for(app, game, ADA)
    r = propose(ada, game, payment=150)
    assert r.status_code == 422 and refusal_in(r.text) == "bad_payment"
    assert 'value="150"' in r.text and "Propose to Ben" in text(r.text)


def test_the_end_scores_the_shared_building_for_both(app, game):
    ada, ben = client_for(app, game, ADA), client_for(app, game, BEN)
    propose(ada, game, building="workshop", payment=0)
    post_event(ben, game, type="cooperation_accepted", player=str(BEN))
    s = state(app, game)
    while s.phase != "over":
        if s.phase == "auction":
            opener = s.auction["opener"]
            last = [x for x in range(s.n) if s.players[x].has_pawn] == [opener]
            kind = "last_player_declined" if last else "auctions_left"
            record(app, game, str(opener), type=kind, player=opener)
        else:
            record(app, game, str(s.turn), type="turn_ended", player=s.turn)
        s = state(app, game)
    viewer = app.test_client()
    as_host(viewer, game)
    end = text(viewer.get(f"/games/{game}/end").text)
    assert "Cooperative Buildings" in end and "Workshop: Ada and Ben" in end
    assert re.search(r"Ada \d+ PP", text(viewer.get(f"/games/{game}/history").text))
