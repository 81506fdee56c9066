"""Taps survive Wi-Fi drops: in Chromium a phone loses its connection mid-auction. It says so
at once, never pretends a tap went through, sends nothing while offline, and once back a tap
is recorded exactly once."""

from __future__ import annotations

import re

import pytest

from tests.support.phone_game import choose_hands, host_game, record
from tests.support.web_fixtures import BROWSER_WAIT


def _bids(app, game_id):
    from companion.web.recording import get_table

    with app.app_context():
        events = get_table(app).events(game_id)
    return [(e.type, e.by) for e in events if e.type in ("bid_raised", "bid_passed")]


def _seq(app, game_id) -> int:
    from companion.web.store import get_store

    return get_store(app).last_seq(game_id)


@pytest.fixture
def auction(app):
    """A three-seat game in its first auction: Ada opened the Lake, Ben is to bid."""
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=0, object="lake")
    return game_id, tokens


def _open_phone(browser, url):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(BROWSER_WAIT)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )
    return context, page


def raise_button(page):
    return page.get_by_role("button", name=re.compile(r"^Raise to"))


def test_a_phone_offline_mid_auction_says_so_and_sends_nothing(app, live_server, browser, auction):
    game_id, tokens = auction
    context, ben = _open_phone(browser, f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    try:
        raise_button(ben).wait_for()
        assert ben.locator("#offline").is_hidden()
        before = _seq(app, game_id)

        context.set_offline(True)
        ben.locator("#offline").wait_for(state="visible", timeout=BROWSER_WAIT)
        assert "Offline" in ben.locator("#offline").inner_text()
        assert raise_button(ben).is_disabled()
        # A tap that gets through anyway (a form submitted by other means) is stopped and
        # plainly refused on the phone.
        ben.evaluate("document.querySelector('form.paddle-raise').requestSubmit()")
        notice = ben.locator("#flash [data-offline-notice]")
        notice.wait_for()
        assert "Not sent" in notice.inner_text()
        assert "nothing was recorded" in notice.inner_text()
        ben.wait_for_timeout(300)
        assert _seq(app, game_id) == before and _bids(app, game_id) == []

        context.set_offline(False)
        ben.locator("#offline").wait_for(state="hidden", timeout=BROWSER_WAIT)
        assert raise_button(ben).is_enabled()
        ben.locator("#flash [data-dismiss]").tap()
        raise_button(ben).tap()
        ben.get_by_text("Done: Ben raised to 300").first.wait_for()
        assert _bids(app, game_id) == [("bid_raised", "1")]
        assert _seq(app, game_id) == before + 1
    finally:
        context.close()


def test_a_tap_whose_answer_is_lost_is_not_claimed_and_is_recorded_once(
    app, live_server, browser, auction
):
    """The bid reaches the server but the Wi-Fi drops before the answer: the phone says the
    tap is not confirmed, and once back it shows that the bid counted; the log has it once."""
    game_id, tokens = auction
    context, ben = _open_phone(browser, f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    try:
        raise_button(ben).wait_for()
        event_id = ben.locator("form.paddle-raise input[name=event_id]").input_value()

        def answer_lost(route):
            route.fetch()  # the server records the bid...
            route.abort("internetdisconnected")  # ...and the answer never arrives

        ben.route("**/events", answer_lost)
        raise_button(ben).tap()
        notice = ben.locator("#flash [data-offline-notice]")
        notice.wait_for()
        assert "Not confirmed" in notice.inner_text()
        assert "Done" not in ben.locator("#phone-panel").inner_text()
        ben.unroute("**/events")
        # The connection is back (the phone checks by itself): the screen catches up.
        ben.get_by_text("bid 300 by you", exact=False).first.wait_for(timeout=BROWSER_WAIT)
        ben.locator("#offline").wait_for(state="hidden")
        # The same button's event id sent again (a second tap, a retry) is stored once.
        again = ben.request.post(
            f"{live_server}/games/{game_id}/events",
            form={
                "csrf_token": ben.evaluate(
                    "JSON.parse(document.body.getAttribute('data-hx-headers'))['X-CSRF-Token']"
                ),
                "view": "phone",
                "event_id": event_id,
                "type": "bid_raised",
                "player": "1",
                "amount": "300",
            },
        )
        assert again.status == 200
        assert _bids(app, game_id) == [("bid_raised", "1")]
        assert [e for e in _events(app, game_id) if e.id == event_id][0].type == "bid_raised"
    finally:
        context.close()


def _events(app, game_id):
    from companion.web.recording import get_table

    with app.app_context():
        return get_table(app).events(game_id)
