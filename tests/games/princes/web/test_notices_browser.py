"""Three phones in Chromium, at 360 and 390 px: a bid asked of Ben buzzes his phone (and only
his), the auction's end tells the winner and the losers the price, the host's undo tells the
player whose move it took back, and nobody's panel shows another purse. The journey runs at
360 px; its pages are then checked at each width (resized), not played twice."""

from __future__ import annotations

import re

import pytest

from tests.support import shots
from tests.support.notices_browser import COUNT_BUZZES, buzzes
from tests.support.phone_game import button, choose_hands, has_number, host_game, record, state
from tests.support.web_fixtures import PHONE_VIEWPORT


def latest(page) -> str:
    return page.locator(".notices li.is-latest").inner_text()


WIDTHS = (360, 390)


@pytest.mark.screenshots
def test_phones_tell_what_happened_to_you(app, live_server, phones):
    width = WIDTHS[0]
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    record(
        app, game_id, type="correction", player=1, money=1100, fame=0, reason="miscounted at setup"
    )
    record(
        app, game_id, type="correction", player=2, money=2100, fame=0, reason="miscounted at setup"
    )
    ada, ben, cy = pages = [phones(width) for _ in range(3)]
    for page, token in zip(pages, tokens.seats, strict=True):
        page.add_init_script(COUNT_BUZZES)
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
    assert latest(ada).startswith("Your turn to open an auction")
    # Browsers let a page vibrate only once it has been touched: each player taps their name.
    assert [buzzes(p) for p in pages] == [0, 0, 0]
    for page in pages:
        page.locator(".me-name").tap()

    # Ada opens the Jester from her phone: Ben's phone buzzes for his bid, and says so.
    button(ada, "Jester").tap()
    ben.get_by_text("Your bid: the Jester stands at 200 Florin").first.wait_for()
    ben.wait_for_function("() => window.buzzes.length === 1")
    assert navigator_has_vibrate(ben)
    button(ben, "Raise to 300").tap()
    cy.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    cy.wait_for_function("() => window.buzzes.length === 1")
    button(cy, "Pass").tap()
    ada.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    ada.wait_for_function("() => window.buzzes.length === 1")
    button(ada, "Pass").tap()

    # The end of the auction, on every phone that took part.
    ben.get_by_text("You won the Jester for 300 Florin").first.wait_for()
    for page in (ada, cy):
        page.get_by_text("Ben won the Jester for 300 Florin").first.wait_for()
    shots.shoot(ben, "phone-notice.png")

    # The host takes Ada's pass back: Ada's phone says what was undone; the win is gone.
    record(app, game_id, "host", type="retracted", seqs=[len_log(app, game_id)])
    ada.get_by_text("Host undid: Ada passed; Ben won the Jester for 300 Florin").first.wait_for()
    ben.locator(".notices").get_by_text("You won the Jester").wait_for(state="detached")
    ada.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    assert buzzes(ada) == 1  # her bid again, the same bid: her phone buzzed for it already

    # The recent events, folded away, open on a tap.
    ben.get_by_text("Recent events").tap()
    recent = ben.locator("details.recent").inner_text()
    assert "Ada opened an auction for the Jester at 200" in recent
    assert re.search(r"Ada passed; Ben won the Jester for 300 Florin\s*\(undone\)", recent)

    purses = {0: 3500, 1: 4600, 2: 5600}
    assert [p.money for p in state(app, game_id).players] == list(purses.values())
    for seat, page in enumerate(pages):
        html = page.content()
        for other, money in purses.items():
            if other != seat:
                assert not has_number(html, money), (seat, money)
        for each in WIDTHS:
            page.set_viewport_size({"width": each, "height": PHONE_VIEWPORT["height"]})
            assert page.evaluate("document.documentElement.scrollWidth") <= each, (seat, each)
        assert page.errors == []


def navigator_has_vibrate(page) -> bool:
    return page.evaluate("typeof navigator.vibrate === 'function'")


def len_log(app, game_id) -> int:
    from companion.web.recording import get_table

    with app.app_context():
        return get_table(app).seq(game_id)
