"""Hosting without friction and a way back, in a real Chromium phone at 360 and 390 px: "Who
starts?" follows the typed names, the host page is short with undo in reach, the join links
can be copied, the labels beside the QR codes follow the phones live, the home page resumes
each game and the logo leads back to it.

The journey runs once; each layout check is made at every width (`at_each_width` resizes the
phone), which covers both widths for half the Chromium of running the journey twice."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from companion.web.join_links import join_path, kept_tokens
from tests.support.web_fixtures import BROWSER_WAIT, PHONE_VIEWPORT, phone_context

pytestmark = pytest.mark.browser

WIDTHS = [360, 390]


def at_each_width(page):
    """Resize `page` to each of WIDTHS in turn (the phone's height kept), yielding the width;
    the page is left at the first width."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": PHONE_VIEWPORT["height"]})
        yield width
    page.set_viewport_size({"width": WIDTHS[0], "height": PHONE_VIEWPORT["height"]})


def start_options(page) -> list[str]:
    return page.eval_on_selector_all("#start option", "os => os.map(o => o.textContent)")


def test_host_a_game_on_a_phone_and_find_the_way_back(app, browser, live_server):
    width = WIDTHS[0]
    context = phone_context(browser, width)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    errors: list[str] = []
    try:
        host = context.new_page()
        host.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        host.goto(live_server + "/")
        assert "Your games" not in host.inner_text("main")
        host.get_by_role("link", name="Host a game").tap()
        host.wait_for_url("**/host")

        # "Who starts?" picks the names up as they are typed, before anything is sent.
        assert start_options(host)[1:3] == ["Player 1", "Player 2"]
        for i, name in enumerate(["Ada", "Ben", "Cleo", "Dario"]):
            host.locator(f"#name_{i}").press_sequentially(name)
        assert start_options(host)[1:6] == [
            "Player 1 (Ada)",
            "Player 2 (Ben)",
            "Player 3 (Cleo)",
            "Player 4 (Dario)",
            "Player 5",
        ]
        host.locator("#name_3").fill("")
        host.locator("#name_3").press_sequentially("Dora")
        assert start_options(host)[4] == "Player 4 (Dora)"
        host.select_option("#start", label="Player 3 (Cleo)")
        host.get_by_role("button", name="Start the game").tap()
        host.wait_for_url("**/games/*/host")
        game_id = urlsplit(host.url).path.split("/")[2]
        for each in at_each_width(host):
            assert host.evaluate("document.documentElement.scrollWidth") <= each, each

            # Undo is in reach: within the first screen.
            undo = host.locator("#undo").bounding_box()
            assert undo is not None and undo["y"] + 60 < PHONE_VIEWPORT["height"], each

        # Each QR code has its link beside it, as text and with a copy button.
        with app.test_request_context():
            seat_path = join_path(game_id, kept_tokens(game_id).seats[1])
        seat = host.locator('details[data-seat="1"]')
        address = seat.locator(".join-address").inner_text()
        assert address.endswith(seat_path) and address.startswith("http://")
        seat.get_by_role("button", name=re.compile("Copy the link")).tap()
        host.wait_for_function(
            "() => document.querySelector('details[data-seat=\"1\"] [data-copy]').textContent === 'Copied'"
        )
        assert host.evaluate("navigator.clipboard.readText()") == address

        # Ben's phone opens his link: the label beside his QR code follows, live.
        label = host.locator("#join-words-1")
        assert label.inner_text() == "— not joined yet"
        phone = context.browser.new_context(viewport={**PHONE_VIEWPORT, "width": width})
        ben = phone.new_page()
        ben.goto(live_server + seat_path)
        ben.wait_for_url("**/me")
        host.wait_for_function(
            "() => document.querySelector('#join-words-1').textContent === '— here now'",
            timeout=BROWSER_WAIT,
        )
        assert "Ben: here now" in host.inner_text("#presence")
        phone.close()  # his phone goes: away, without a reload of the host page
        host.wait_for_function(
            "() => /seen \\d+ s ago/.test(document.querySelector('#join-words-1').textContent)",
            timeout=BROWSER_WAIT,
        )

        # Everyone joined: the QR codes fold away and the page is short.
        for s in (0, 2, 3):
            other = context.browser.new_context(viewport={**PHONE_VIEWPORT, "width": width})
            page = other.new_page()
            with app.test_request_context():
                page.goto(live_server + join_path(game_id, kept_tokens(game_id).seats[s]))
            page.wait_for_url("**/me")
            other.close()
        host.reload()
        assert host.locator("details.joins").get_attribute("open") is None
        for each in at_each_width(host):
            height = host.evaluate("document.documentElement.scrollHeight")
            assert height < 2 * PHONE_VIEWPORT["height"], (each, height)

        # The home page lists the game; Resume goes back to hosting it; the logo too.
        host.goto(f"{live_server}/games/{game_id}/table")
        host.get_by_role("link", name="Palazzo").first.tap()
        host.wait_for_url(f"**/games/{game_id}/host")
        host.get_by_role("link", name="Palazzo").first.tap()
        host.wait_for_url(live_server + "/")
        game = host.locator(f'li.my-game[data-game="{game_id}"]')
        assert "Ada, Ben, Cleo, Dora" in game.inner_text()
        assert "You host" in game.inner_text()
        for each in at_each_width(host):
            assert host.evaluate("document.documentElement.scrollWidth") <= each, each
        game.get_by_role("link", name="Resume").tap()
        host.wait_for_url(f"**/games/{game_id}/host")
    finally:
        context.close()
    assert errors == []
