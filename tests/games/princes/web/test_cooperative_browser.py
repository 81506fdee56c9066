"""Cooperative Building in Chromium at 360 x 740: Ada proposes a Tower to Ben on her phone, Ben
accepts on his own phone with the payment shown, and the table screen follows, live."""

from __future__ import annotations

import re

import pytest

from companion.games.princes.rules import cooperative_buildings
from tests.support import shots
from tests.support.phone_game import button, has_number, host_game, money, record, redrawn, state
from tests.support.web_fixtures import BROWSER_WAIT

COOP = {"muse_princess": False, "cooperative": True}


@pytest.mark.screenshots
def test_a_proposal_accepted_on_two_phones(app, live_server, phones):
    game_id, tokens = host_game(app, grid=False, expansions=COOP, players=["Ada", "Ben", "Cy"])
    for seat, hand in enumerate(
        (
            ["poet", "alchemist", "botanist"],
            ["mason", "painter", "jurist"],
            ["doctor", "actor", "monk"],
        )
    ):
        record(app, game_id, str(seat), type="starting_hand_chosen", player=seat, professions=hand)
    for seat, kind in ((0, "auctions_left"), (1, "auctions_left"), (2, "last_player_declined")):
        record(app, game_id, str(seat), type=kind, player=seat)
    ada, ben, table = phones(), phones(), phones()
    for page, token in ((ada, tokens.seats[0]), (ben, tokens.seats[1]), (table, tokens.host)):
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
    table.goto(f"{live_server}/games/{game_id}/table")
    table.evaluate("window.notReloaded = true")
    for page in (ada, ben, table):
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )

    ada.get_by_role("link", name=re.compile("^Build with a neighbour")).tap()
    ada.get_by_role("link", name=re.compile("^Ben")).tap()
    ada.locator("label.option", has_text="Tower").tap()
    ada.fill("input[name=partner_payment]", "300")
    shots.shoot(ada, "coop-propose.png", full_page=True)
    with redrawn(ben):
        button(ada, "Propose to Ben").tap()
        ada.get_by_text("Waiting for Ben").first.wait_for()
    ben.get_by_text("Ada proposes a cooperative Building").first.wait_for()
    assert "300 Florin" in ben.locator("[data-payment]").inner_text()
    table.wait_for_function(
        "() => /proposes to build the Tower/.test(document.querySelector('#board').innerText)",
        timeout=BROWSER_WAIT,
    )
    shots.shoot(ben, "coop-answer.png", full_page=True)
    shots.shoot(ada, "coop-wait.png", full_page=True)
    shots.shoot(table, "coop-table.png")

    with redrawn(ada):
        button(ben, "Accept and pay 300 Florin").tap()
        ben.get_by_text(
            "Done: Ben accepted: Ada and Ben built a Tower together", exact=False
        ).first.wait_for()
    assert money(ben) == "3200 Florin"
    assert money(ada) == f"{3500 + 300 - 700} Florin"
    s = state(app, game_id)
    assert cooperative_buildings(s) == [{"building": "tower", "builder": 0, "partner": 1}]
    table.wait_for_function(
        "() => (document.querySelector('#board').innerText.match(/Tower \\(with/g) || []).length"
        " === 2",
        timeout=BROWSER_WAIT,
    )
    assert table.evaluate("window.notReloaded") is True
    board = table.inner_text("#board")
    assert not has_number(board, 3200) and not has_number(board, 3100)
    assert not has_number(ada.content(), 3200)  # Ben's purse never reaches Ada's phone
    for page in (ada, ben):
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert [e for e in page.errors if "422" not in e] == []
