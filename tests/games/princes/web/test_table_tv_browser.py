"""The table screen made for a TV, in a real Chromium: at 1920x1080 and 3840x2160 every
player's Principality, the auction in progress, the supply and the last events are on one
screen without scrolling, for 2 to 5 players; a landscape tablet and a phone lay it out too;
the dots of who is here follow the phones' live streams."""

from __future__ import annotations

import time

import pytest

from companion import presence
from companion.web.join_links import join_path, kept_tokens
from tests.games.princes.web import polled
from tests.support.shots import shoot, wanted
from tests.support.table_games import tv_game
from tests.support.web_fixtures import BROWSER_WAIT

pytestmark = pytest.mark.browser

TV = {"1080p": (1920, 1080), "4K": (3840, 2160)}


def open_table(browser, live_server, game_id, tokens, width, height, **kwargs):
    context = browser.new_context(viewport={"width": width, "height": height}, **kwargs)
    context.set_default_timeout(BROWSER_WAIT)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    page.goto(f"{live_server}/games/{game_id}/table")
    page.wait_for_selector("#board .seat-card")
    return context, page


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, left: r.left, bottom: r.bottom, right: r.right,"
        " width: r.width, height: r.height}; })",
    )


def assert_within(page, selector: str, width: int, height: int, at_least: int = 1) -> None:
    found = boxes(page, selector)
    assert len(found) >= at_least, selector
    for box in found:
        assert box["width"] > 0 and box["height"] > 0, (selector, box)
        assert box["top"] >= 0 and box["left"] >= 0, (selector, box)
        assert box["bottom"] <= height + 0.5 and box["right"] <= width + 0.5, (selector, box)


# 4K is 1080p drawn twice as large: 5 and 2 players cover both ends.
SCREENS_FOR = {5: ["1080p", "4K"], 4: ["1080p"], 3: ["1080p"], 2: ["1080p", "4K"]}


@pytest.mark.parametrize("players", [5, 4, 3, 2])
def test_the_whole_table_on_one_tv_screen(app, browser, live_server, players):
    """One page per game, resized to each of its TV screens (the layout is CSS alone)."""
    game_id, tokens = tv_game(app, players=players)
    context, page = open_table(browser, live_server, game_id, tokens, *TV["1080p"])
    try:
        for screen in SCREENS_FOR[players]:
            width, height = TV[screen]
            page.set_viewport_size({"width": width, "height": height})
            whole_table_fits(page, players, width, height)
    finally:
        context.close()


def whole_table_fits(page, players: int, width: int, height: int) -> None:
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # every player's Principality, whole
    assert_within(page, ".seat-card .pgrid", width, height, at_least=players)
    assert page.locator(".seat-card .pgrid .sq").count() == 49 * players
    assert_within(page, ".seat-card .seat-name", width, height, at_least=players)
    # the auction in progress, large; the supply and its stacks in view beside it
    assert_within(page, "[data-auction]", width, height)
    bid = page.locator(".auction-bid .bid")
    assert float(bid.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= height / 25
    assert page.locator("[data-supply]").get_attribute("open") is not None
    assert_within(page, "[data-supply] dl", width, height)
    # the last events, the newest first, in view; the Fame track across the players
    assert_within(page, ".board-told .told li:nth-child(-n+4)", width, height, at_least=4)
    assert_within(page, "svg.fame-track-wide", width, height)
    assert_within(page, "#presence li", width, height, at_least=players)
    # the grids are big enough to read across a room: a square at least 2.5% of the height
    square = boxes(page, ".seat-card .pgrid .sq")[0]
    assert square["height"] >= height * 0.025, square


@pytest.mark.parametrize(
    ("sizes", "mobile"), [([(1024, 768)], False), ([(360, 740), (390, 844)], True)]
)
def test_a_tablet_and_a_phone_lay_the_table_out_too(app, browser, live_server, sizes, mobile):
    """A landscape tablet; phones of two widths, one page resized (the layout is CSS alone)."""
    game_id, tokens = tv_game(app, players=5)
    extra = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True} if mobile else {}
    context, page = open_table(browser, live_server, game_id, tokens, *sizes[0], **extra)
    try:
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert page.locator(".seat-card .pgrid").count() == 5
            for box in boxes(page, ".seat-card .pgrid"):
                assert box["left"] >= 0 and box["right"] <= width + 0.5, (width, box)
            auction, first_seat = boxes(page, "[data-auction]")[0], boxes(page, ".seat-card")[0]
            if mobile:  # the auction comes before the players, so a phone sees it first
                assert auction["bottom"] <= first_seat["top"], width
            else:  # landscape: side by side
                assert auction["right"] <= first_seat["left"]
    finally:
        context.close()


def dot(page, seat: int) -> str:
    return page.get_attribute(f'#presence li[data-seat="{seat}"]', "class") or ""


def test_the_dots_follow_the_phones_live_streams(app, browser, live_server):
    game_id, tokens = tv_game(app, players=3)
    presence.forget(game_id)
    context, table = open_table(browser, live_server, game_id, tokens, 1920, 1080)
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        assert dot(table, 1) == "absent"
        ben = phone.new_page()
        with app.test_request_context():
            ben.goto(live_server + join_path(game_id, kept_tokens(game_id).seats[1]))
        ben.wait_for_url("**/me")
        ben.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
        table.wait_for_function(
            "() => document.querySelector('#presence li[data-seat=\"1\"]').className === 'here'"
        )
        # Still here long after any request: it is the open stream that says so, not a timer.
        time.sleep(presence.POLLING_GRACE + 1)
        polled.watch(table, "/table/presence", "#presence")
        polled.next_look(table, "/table/presence")  # the dots asked again since
        assert dot(table, 1) == "here"
        assert dot(table, 0) == "absent"
        ben.close()  # the phone's page closes its stream: away
        table.wait_for_function(
            "() => document.querySelector('#presence li[data-seat=\"1\"]').className === 'away'",
            timeout=presence.POLLING_GRACE * 1000 + 8000,
        )
        assert "seen" in table.inner_text('#presence li[data-seat="1"]')
        ben = phone.new_page()  # and back: here again
        ben.goto(f"{live_server}/games/{game_id}/me")
        table.wait_for_function(
            "() => document.querySelector('#presence li[data-seat=\"1\"]').className === 'here'"
        )
    finally:
        phone.close()
        context.close()


@pytest.mark.screenshots
@pytest.mark.skipif(not wanted(), reason="a README picture: scripts/screenshots takes it")
def test_screenshot_of_the_table_on_a_tv(app, browser, live_server):
    game_id, tokens = tv_game(app, players=5)
    for seat in range(4):
        presence.stream_opened(game_id, seat)
    presence.seen(game_id, 4, now=time.monotonic() - 95)  # Mira's phone went to sleep
    context, page = open_table(browser, live_server, game_id, tokens, 1920, 1080)
    try:
        page.wait_for_selector('#presence li[data-seat="0"].here')
        shot = shoot(page, "table-tv.png")
    finally:
        context.close()
        presence.forget(game_id)
    assert shot is not None and shot.stat().st_size > 50_000
