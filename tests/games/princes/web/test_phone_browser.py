"""A table in Chromium at 360 x 740: the host creates the game through the form, three phones
join, choose hands, bid with the paddle, place a Landscape on the grid, complete a Work (refused
first, below the minimum), each seeing only its own money, while the host's table screen
follows live."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from companion.web.join_links import kept_tokens
from tests.support import shots
from tests.support.phone_game import (
    button,
    has_number,
    money,
    record,
    redrawn,
    state,
    teach_test_professions,
)
from tests.support.web_fixtures import BROWSER_WAIT

HANDS = {
    "Ada": ("Poet", "Alchemist", "Botanist"),
    "Ben": ("Mason", "Painter", "Jurist"),
    "Cy": ("Doctor", "Actor", "Monk"),
}


@pytest.mark.screenshots
def test_three_phones_play_round_one(app, live_server, phones):
    # The host creates the game through the form; its page carries the live table screen.
    teach_test_professions(app)
    host = phones()
    host.goto(f"{live_server}/host")
    for i, name in enumerate(["Ada", "Ben", "Cy"]):
        host.fill(f"#name_{i}", name)
    host.select_option("#start", "0")
    host.locator("input[name=grid]").check()
    host.get_by_role("button", name="Start the game").tap()
    host.wait_for_url("**/games/*/host")
    host.locator("details.host-board > summary").tap()  # the host unfolds the live board
    game_id = urlsplit(host.url).path.split("/")[2]
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    host.evaluate("window.notReloaded = true")
    record(app, game_id, type="correction", player=1, money=1100, fame=0, reason="test purse")
    record(app, game_id, type="correction", player=2, money=2100, fame=0, reason="test purse")
    ada, ben, cy = pages = [phones() for _ in range(3)]
    for page, token in zip(pages, tokens.seats, strict=True):
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        page.get_by_text("Your starting hand").first.wait_for()
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )

    # Starting hands. Ada ticks two cards, Ben keeps his hand meanwhile: Ada's panel is
    # redrawn live and her ticks survive it.
    for name in HANDS["Ada"][:2]:
        ada.locator("label.option", has_text=name).tap()
    with redrawn(ada):
        for name in HANDS["Ben"]:
            ben.locator("label.option", has_text=name).tap()
        ben.get_by_text("3 of 3 ticked").first.wait_for()
        button(ben, "Keep these 3").tap()
        ben.get_by_text("Ben kept", exact=False).first.wait_for()
    ada.get_by_text("2 of 3 ticked").first.wait_for()
    assert ada.locator("input[value=poet]").is_checked()
    ada.locator("label.option", has_text=HANDS["Ada"][2]).tap()
    button(ada, "Keep these 3").tap()
    for name in HANDS["Cy"]:
        cy.locator("label.option", has_text=name).tap()
    button(cy, "Keep these 3").tap()

    # The auction, by paddle: Ada opens the Lake, Ben raises, Cy passes, Ada raises, Ben passes.
    button(ada, "Lake").tap()
    button(ben, "Raise to 300").tap()
    button(cy, "Pass").tap()
    button(ada, "Raise to 400").tap()
    ben.get_by_text("bid 400 by Ada", exact=False).first.wait_for()
    host.wait_for_function(
        "() => /400/.test(document.querySelector('#board .auction, #board')"
        ".innerText) && /Lake/.test(document.querySelector('#board').innerText)",
        timeout=BROWSER_WAIT,
    )  # the table screen, live
    button(ben, "Pass").tap()
    ada.get_by_text("Place your Landscape").first.wait_for()
    for cell in ("0,0", "0,1", "0,2"):
        ada.locator(f"[data-cell='{cell}']").tap()
    ada.get_by_text("3 tapped").first.wait_for()
    button(ada, "Place the Lake").tap()
    ada.get_by_text("Done: Ada placed a Lake").first.wait_for()
    button(ben, "Leave all auctions").tap()
    button(cy, "Decline").tap()

    # Ada's turn: a Work below the minimum is refused next to its button.
    ada.get_by_text("Your turn · 2 actions left").first.wait_for()
    assert ada.locator(".pgrid .sq-lake").count() == 3
    shots.shoot(ada, "phone.png", full_page=True)
    ada.get_by_role("link", name=re.compile("^Complete a Work")).tap()
    ada.get_by_text("Below this round's minimum of 7").first.wait_for()
    # The screen knows the rules would refuse it: the button is off and says why.
    complete = button(ada, "Complete the Work")
    assert complete.is_disabled()
    why = ada.locator("form:has(button:text('Complete the Work')) .why")
    assert "needs a Work Value of 7 or more" in why.inner_text()

    # With the Freedom of Travel it reaches 9: two PP instead of 400 Florin.
    ada.get_by_role("link", name="Back").tap()
    button(ada, "Travel").tap()
    ada.get_by_text("Done: Ada introduced the Travel Freedom").first.wait_for()
    ada.get_by_role("link", name=re.compile("^Complete a Work")).tap()
    ada.get_by_text("Meets this round's minimum of 7").first.wait_for()
    ada.locator("label.chip", has_text="2 PP").tap()
    button(ada, "Complete the Work").tap()
    ada.get_by_text("Done: Ada completed a Work with the Poet", exact=False).first.wait_for()

    assert [p.money for p in state(app, game_id).players] == [3300, 4600, 5600]
    ben.get_by_text("Ada is taking their turn").first.wait_for()
    for page, mine in ((ada, 3300), (ben, 4600), (cy, 5600)):
        assert money(page) == f"{mine} Florin"
        html = page.content()
        for other in {3300, 4600, 5600} - {mine}:
            assert not has_number(html, other)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # A refusal is answered with 422: the browser and htmx log that, and nothing else.
        assert [e for e in page.errors if "422" not in e] == []
    assert ada.locator("[data-fame]").inner_text().replace("\xa0", " ") == "2 PP"
    host.wait_for_function(
        "() => /Poet/.test(document.querySelector('#board').innerText)", timeout=BROWSER_WAIT
    )
    board = host.inner_text("#board")
    assert host.evaluate("window.notReloaded") is True  # updated live, never reloaded
    assert not any(has_number(board, m) for m in (3300, 4600, 5600))
    # the Poet is a Work on Ada's table now (the recent events tell it); her hand stays hers
    assert "Alchemist" not in ben.content() and "Mason" not in ada.content()
