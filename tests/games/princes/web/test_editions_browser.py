"""The older edition in Chromium at 360 x 740: Ben flips his Merchant from his own
phone while it is Ada's turn, as the older German rulebook allows ("zu einem beliebigen
Zeitpunkt bis zur nächsten Phase A2"); Ada's phone and the table follow, live, and Ada's turn
goes on."""

from __future__ import annotations

import re

from tests.support.phone_game import button, choose_hands, host_game, record, state

MUSE = {"muse_princess": True, "cooperative": False}


def test_the_merchant_used_off_turn_in_the_older_edition(app, live_server, phones):
    game_id, tokens = host_game(app, grid=False, expansions=MUSE, edition="older_german")
    choose_hands(app, game_id)
    for seat, kind in ((0, "auctions_left"), (1, "auctions_left"), (2, "last_player_declined")):
        record(app, game_id, str(seat), type=kind, player=seat)
    record(app, game_id, "0", type="character_passed", player=0)
    record(app, game_id, "1", type="character_bid", player=1, character="merchant", space=3)
    record(app, game_id, "2", type="character_passed", player=2)
    # Ada's turn: she introduces a Freedom; a correction puts her ahead on the Fame track
    record(app, game_id, "0", type="freedom_introduced", player=0, freedom="travel")
    record(app, game_id, "host", type="correction", player=0, money=0, fame=4, reason="test")
    assert state(app, game_id).turn == 0

    ada, ben, table = phones(), phones(), phones()
    for page, token in ((ada, tokens.seats[0]), (ben, tokens.seats[1]), (table, tokens.spectator)):
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
    table.goto(f"{live_server}/games/{game_id}/table")
    table.get_by_text("Rules: older edition, German rulebook").first.wait_for()

    # Not Ben's turn, yet his phone offers the Merchant, and says why.
    ben.get_by_text("Ada's turn").first.wait_for()
    ben.get_by_text("also on another player's turn").first.wait_for()
    flip = button(ben, "Flip the Merchant: +2 PP")
    assert flip.count() == 1
    flip.tap()
    ben.get_by_text(re.compile(r"Done: .*Merchant")).first.wait_for()
    assert button(ben, "Flip the Merchant").count() == 0  # face down now

    s = state(app, game_id)
    assert s.players[1].fame == 2 and s.turn == 0
    # Ada's phone and the table hear of it at once; Ada still has her turn
    told = "Ben flipped the Merchant: +2 PP"
    ada.get_by_text(told).first.wait_for(state="attached")  # in her phone's list of news
    table.get_by_text(told).first.wait_for()
    ada.get_by_text("Your turn").first.wait_for()
    for page in (ada, ben, table):
        assert page.evaluate("document.documentElement.scrollWidth <= 360"), page.url
        assert not page.errors, page.errors
