"""The screen stays on while the game runs: static/awake.js in Chromium, with the browser's own
Screen Wake Lock (the permission granted as a player's browser grants it; localhost is a
secure context).

The page exposes the browser's WakeLockSentinel it holds (`window.palazzoWakeLock`); each
check reads that object, as the browser made it. Headless Chromium never hides a page
(its pages behave as visible foreground tabs whatever the window does), so hiding is played
the way the browser does it to a page: the lock it held is released through the browser's own
sentinel, the document reads as hidden, and `visibilitychange` fires; then shown again.
"""

from __future__ import annotations

import pytest

from companion.web.games import create_hosted_game
from companion.web.join_links import keep_tokens, kept_tokens
from tests.support.builders import load_log
from tests.support.firenze_table import deal_row
from tests.support.firenze_table import host_game as host_firenze
from tests.support.table_games import mid_game, play, teach_test_deck
from tests.support.web_fixtures import CHROMIUM, CHROMIUM_ARGS, phone_context

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # slow: `make test-fast` runs no browser

HELD = "() => !!window.palazzoWakeLock && !window.palazzoWakeLock.released"
NONE_HELD = "() => window.palazzoWakeLock === null"
SHOWN_AGAIN = "() => document.dispatchEvent(new Event('visibilitychange'))"


def almost_over(app):
    """(game_id, tokens, last): the test log's whole game but its last turn (Jen's), hosted."""
    teach_test_deck(app)
    events = load_log("game_3p_grid.jsonl")
    start = {k: v for k, v in events[0].items() if k != "type"}
    with app.test_request_context():
        game_id, tokens = create_hosted_game(start, settings={})
        keep_tokens(game_id, tokens)
    played = [e for e in events[1:] if e["type"] != "landscape_taught"]
    play(app, game_id, *played[:-1])
    return game_id, tokens, played[-1]


@pytest.fixture
def awake_phone(browser, live_server):
    """A phone whose browser lets the page keep the screen on."""
    context = phone_context(browser)
    context.grant_permissions(["screen-wake-lock"], origin=live_server)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    page.goto("about:blank")
    context.close()


def hidden_then_shown(page) -> None:
    """The page goes to the background and comes back, as a phone's browser does it."""
    page.evaluate(
        """() => {
            window.beforeHiding = window.palazzoWakeLock;
            Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
            Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
            return window.palazzoWakeLock.release().then(() => {
                document.dispatchEvent(new Event("visibilitychange"));
            });
        }"""
    )
    page.wait_for_function(NONE_HELD)
    assert page.evaluate("() => window.beforeHiding.released")
    page.evaluate(
        """() => {
            delete document.visibilityState;
            delete document.hidden;
            document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )


def test_a_seat_keeps_the_screen_on_again_after_hidden_and_lets_go_at_the_end(
    app, live_server, awake_phone
):
    page = awake_phone
    game_id, tokens, last = almost_over(app)
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[2]}")
    page.wait_for_url("**/me")
    page.wait_for_function(HELD)
    assert page.locator("[data-awake]").get_attribute("data-awake-state") == "held"
    assert page.get_by_label("Keep the screen on during the game").is_checked()

    hidden_then_shown(page)
    page.wait_for_function(HELD)
    assert page.evaluate("() => window.palazzoWakeLock !== window.beforeHiding")

    table = page.context.new_page()
    table.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    table.goto(f"{live_server}/games/{game_id}/table")
    table.wait_for_function(HELD)
    kept = [p.evaluate_handle("() => window.palazzoWakeLock") for p in (page, table)]

    play(app, game_id, last)  # Jen's last turn: the game is over
    for p, lock in zip((page, table), kept, strict=True):
        p.wait_for_function("lock => lock.released", arg=lock)
        p.wait_for_function(NONE_HELD)
        assert p.locator("[data-awake]").is_hidden()
        assert p.locator("[data-awake]").get_attribute("data-awake-state") == "over"
    assert page.get_by_role("heading", name="The game is over").is_visible()
    page.evaluate(SHOWN_AGAIN)
    assert page.evaluate(NONE_HELD)  # shown again after the end: no lock asked
    table.close()
    assert page.errors == []


def test_firenze_s_phone_and_table_keep_the_screen_on_too(app, client, live_server, awake_phone):
    game_id = host_firenze(client)
    deal_row(client, game_id)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    for token in (tokens.seats[0], tokens.spectator):
        awake_phone.goto(f"{live_server}/games/{game_id}/join/{token}")
        awake_phone.wait_for_function(HELD)
    assert awake_phone.errors == []


def test_the_switch_lets_go_and_is_remembered_on_this_phone(app, live_server, awake_phone):
    page = awake_phone
    game_id, tokens = mid_game(app)
    page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    page.wait_for_function(HELD)
    lock = page.evaluate_handle("() => window.palazzoWakeLock")
    switch = page.get_by_label("Keep the screen on during the game")
    switch.uncheck()
    page.wait_for_function("lock => lock.released", arg=lock)
    assert page.evaluate(NONE_HELD)
    assert page.locator("[data-awake]").get_attribute("data-awake-state") == "off"

    page.reload()  # remembered on this device: still off, on another page of the game too
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    page.wait_for_url("**/me")
    assert not switch.is_checked()
    page.evaluate(SHOWN_AGAIN)  # shown again, switched off: no lock asked
    assert page.evaluate(NONE_HELD)
    switch.check()
    page.wait_for_function(HELD)
    assert page.errors == []


def test_a_browser_without_wake_lock_still_plays_and_says_so(app, live_server, awake_phone):
    page = awake_phone
    page.add_init_script("delete Navigator.prototype.wakeLock")
    game_id, tokens = mid_game(app)
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")  # Ben's turn
    page.wait_for_url("**/me")
    assert page.evaluate("() => !('wakeLock' in navigator)")
    assert page.locator("[data-awake]").get_attribute("data-awake-state") == "unsupported"
    assert page.get_by_text("This browser cannot keep the screen on").is_visible()
    assert page.get_by_label("Keep the screen on during the game").is_hidden()
    page.get_by_role("button", name="End my turn").tap()
    page.get_by_text("Cy is taking their turn").wait_for()
    assert page.errors == []


def test_a_browser_that_refuses_the_lock_says_so_and_plays_on(app, live_server, phone):
    """No permission granted (a battery saver, a browser's own rule): the request fails."""
    game_id, tokens = mid_game(app)
    phone.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    phone.wait_for_function("() => document.querySelector('[data-awake]').dataset.awakeState")
    assert phone.locator("[data-awake]").get_attribute("data-awake-state") == "refused"
    assert phone.get_by_text("This browser cannot keep the screen on").is_visible()
    assert phone.evaluate(NONE_HELD)
    phone.get_by_role("button", name="End my turn").tap()
    phone.get_by_text("Cy is taking their turn").wait_for()
    assert phone.locator("[data-awake]").get_attribute("data-awake-state") == "refused"


@pytest.fixture(scope="module")
def plain_http_browser(playwright_driver):
    """A Chromium that finds the test server under a name of the LAN (not localhost): the
    page comes over plain HTTP from a name that is no secure context, as on a club's Wi-Fi."""
    browser = playwright_driver.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP palazzo.lan 127.0.0.1"],
    )
    yield browser
    browser.close()


@pytest.fixture
def lan_name(app_config):
    """The server answers to the LAN's name, as a club's does (PALAZZO_ALLOWED_HOSTS)."""
    from companion.web.hosts import default_hosts

    app_config["ALLOWED_HOSTS"] = [*default_hosts(), "palazzo.lan"]


def test_on_plain_http_the_phone_says_once_why_the_screen_may_sleep(
    lan_name, app, live_server, plain_http_browser
):
    game_id, tokens = mid_game(app)
    port = live_server.rsplit(":", 1)[1]
    context = phone_context(plain_http_browser, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(f"http://palazzo.lan:{port}/games/{game_id}/join/{tokens.seats[1]}")
        page.wait_for_url("**/me")
        assert page.evaluate("() => window.isSecureContext") is False
        told = page.locator("[data-awake-insecure]")
        assert told.is_visible()
        assert "HTTPS" in told.inner_text() and "Bildschirm" in told.inner_text()
        told.get_by_role("button", name="OK").click()
        assert told.is_hidden()
        page.reload()
        page.locator("[data-awake]").wait_for(state="attached")
        assert page.locator("[data-awake]").get_attribute("data-awake-state") == "unsupported"
        assert told.is_hidden()  # told once on this phone
        page.goto("about:blank")
    finally:
        context.close()
