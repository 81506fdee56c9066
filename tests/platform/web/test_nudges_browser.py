"""Nudges in Chromium: a phone asks for its alerts when its stream says something
changed besides the log, not every few seconds; one that cannot stream (a proxy that breaks
streams) still sees a check within seconds, and one whose stream opens again asks for what it
may have missed while it was down. Unasked, a phone looks only once a minute, so each wait
here (well under that) passes only by the way it tests."""

from __future__ import annotations

import pytest

from tests.support.phone_game import as_seat, choose_hands, host_game
from tests.support.screens_browser import WIDTH, join
from tests.support.web_fixtures import csrf_token_for

LOOKS_JS = "() => (window.alertLooks || 0) >= 1"
COUNT_LOOKS = """
(() => {
  window.alertLooks = 0;
  document.addEventListener("htmx:afterRequest", (e) => {
    if ((e.detail.pathInfo.requestPath || "").includes("/me/alerts")) window.alertLooks += 1;
  });
})();
"""
SOON = 30_000  # ms: a guard against a hang, and half the minute of a look nobody asked for


def open_check(app, game_id: str) -> None:
    """Ben asks the table for a money check (from the test's own client, not a page)."""
    client = app.test_client()
    as_seat(client, game_id, 1)
    data = {"csrf_token": csrf_token_for(client), "action": "start"}
    assert client.post(f"/games/{game_id}/count/money", data=data).status_code == 303


def test_a_phone_that_cannot_stream_still_sees_a_check_within_seconds(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    ada = phones(WIDTH)
    ada.route("**/stream*", lambda route: route.fulfill(status=503, body="no"))
    ada.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    ada.wait_for_function("() => Object.values(palazzo.feeds).some(f => f.pollTimer)")
    open_check(app, game_id)  # no seq moves: only a look of the alerts shows it
    banner = ada.locator("[data-count-banner=money]")
    banner.wait_for(timeout=SOON)  # polling the seq, the nudged elements ask every 5 s
    assert "A money check is open" in banner.inner_text()
    assert [e for e in ada.errors if "503" not in e] == []  # only the streams refused here


@pytest.mark.parametrize("app_config", [{"LIVE_STREAM_MAX_AGE": 2.0}])
def test_a_stream_that_opens_again_asks_for_what_it_missed(app, live_server, phones):
    """The server ends a stream (its age limit here; a Wi-Fi drop at a table) and the phone
    opens it again: a nudge may have gone by meanwhile, so its alerts ask once."""
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    page = phones(WIDTH)
    page.add_init_script(COUNT_LOOKS)
    ada = join(lambda *a, **k: page, live_server, game_id, tokens.seats[0])
    assert ada.evaluate("window.alertLooks") == 0  # the page came with its alerts
    with ada.expect_request(lambda r: "/stream" in r.url, timeout=SOON):
        pass  # the stream ended (2 s) and is asked for again
    ada.wait_for_function(LOOKS_JS, timeout=SOON)
    assert ada.errors == []
