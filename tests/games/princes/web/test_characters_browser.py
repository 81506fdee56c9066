"""The Character Auction on three phones in Chromium at 360 x 740: tap a card, then a space
(only legal spaces offered); every Pawn shows on every phone and on the table, live; a Pawn
sent back bids again; purchases happen by themselves and the Character shows on its phone."""

from __future__ import annotations

import re

import pytest

from tests.support import shots
from tests.support.phone_characters import MUSE, leave_auctions
from tests.support.phone_game import button, choose_hands, host_game, record, state


def card_link(page, name: str):
    return page.get_by_role("link", name=re.compile(rf"^{re.escape(name)}\b"))


def fits_360(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= 360")


@pytest.mark.screenshots
def test_a_character_auction_on_three_phones(app, live_server, phones):
    game_id, tokens = host_game(app, grid=False, **MUSE)
    choose_hands(app, game_id)
    leave_auctions(app, game_id)
    ada, ben, cy = pages = [phones() for _ in range(3)]
    for page, token in zip(pages, tokens.seats, strict=True):
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        page.get_by_text("Character Auction").first.wait_for()
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
    table = phones()
    table.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    table.get_by_text("Character Auction").first.wait_for()

    # Ada taps the Merchant, then space 6.
    card_link(ada, "Merchant").tap()
    ada.get_by_text("choose a space").first.wait_for()
    assert button(ada, "Space 3").count() == 1 and button(ada, "Space 15").count() == 1
    button(ada, "Space 6").tap()
    ada.get_by_text("Your Pawn is on the Merchant, space 6").first.wait_for()
    # Everybody sees her Pawn, live.
    for page in (ben, cy, table):
        page.get_by_text("Ada: space 6 (600 Florin)").first.wait_for()

    # Ben goes higher: only spaces above 6 are offered; Ada's Pawn goes back.
    card_link(ben, "Merchant").tap()
    ben.get_by_text("choose a space").first.wait_for()
    assert button(ben, "Space 6").count() == 0 and button(ben, "Space 7").count() == 1
    button(ben, "Space 7").tap()
    cy.get_by_text("Ben: space 7 (700 Florin)").first.wait_for()
    assert fits_360(cy)
    shots.shoot(cy, "characters.png")
    button(cy, "Pass: no Character").tap()

    # Ada's turn again, her Pawn back in front of her: she bids on the Muse.
    card_link(ada, "Muse").tap()
    button(ada, "Space 3").tap()
    # Ben's turn came with his Pawn on the Merchant: bought; then Ada's with hers on the Muse.
    ada.get_by_text("Your Character: Muse").first.wait_for()
    ben.get_by_text("Your Character: Merchant").first.wait_for()
    table.get_by_text("Ben bought the Merchant for 700 Florin").first.wait_for()
    s = state(app, game_id)
    assert s.phase == "action"
    assert s.players[0].money == 3500 - 300 and s.players[1].money == 3500 - 700
    for page in pages + [table]:
        assert fits_360(page), page.url
        assert not page.errors, page.errors
    # Nobody's purse reaches the table.
    assert "3200" not in table.inner_text("body") and "2800" not in table.inner_text("body")
    record(app, game_id, "0", type="turn_ended", player=0)
