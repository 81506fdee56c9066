"""The platform in a real phone-sized Chromium: layout, htmx, CSRF, live refresh, QR."""

from __future__ import annotations

import pytest

from tests.platform.web.browser import scanned_qr
from tests.support.web_fixtures import BROWSER_WAIT, append_event


def test_landing_page_fits_a_360px_phone(watched, live_server):
    page, errors, _ = watched
    page.goto(live_server + "/")
    page.wait_for_function("() => window.htmx !== undefined && window.palazzo !== undefined")
    assert page.evaluate("htmx.version").startswith("2.")
    assert page.evaluate("window.innerWidth") == 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("document.body.scrollWidth") <= 360
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
    for target in page.locator("a, button").all():
        box = target.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (target.inner_text(), box)
    assert page.get_by_role("link", name="Host a game").get_attribute("href") == "/host"
    assert errors == []


def test_live_element_refreshes_over_sse_without_reload(watched, live_server, store, game):
    page, errors, requests = watched
    page.goto(f"{live_server}/_probe/games/{game}")
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )
    page.evaluate("window.notReloaded = true")
    for expected in (1, 2):
        append_event(store, game, type=f"test.move{expected}")
        page.wait_for_function(
            f"() => document.querySelector('#seq').textContent === '{expected}'",
            timeout=BROWSER_WAIT,
        )
    assert page.locator("#board li").all_inner_texts() == ["test.move1", "test.move2"]
    assert page.get_attribute("#board", "data-seq") == "2"
    assert page.evaluate("window.notReloaded") is True
    assert not [url for url in requests if url.endswith("/seq")]  # pushed, not polled
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []


def test_polling_fallback_without_eventsource(watched, live_server, store, game):
    page, errors, requests = watched
    page.add_init_script("delete window.EventSource;")
    page.goto(f"{live_server}/_probe/games/{game}")
    page.wait_for_function("() => window.palazzo && Object.keys(palazzo.feeds).length === 1")
    append_event(store, game)
    page.wait_for_function(
        "() => document.querySelector('#seq').textContent === '1'", timeout=BROWSER_WAIT
    )
    assert [url for url in requests if url.endswith(f"/games/{game}/seq")]
    assert not [url for url in requests if "/stream" in url]
    assert errors == []


def test_htmx_requests_carry_the_csrf_token(watched, live_server, game):
    page, errors, _ = watched
    page.goto(f"{live_server}/_probe/games/{game}")
    page.tap("#echo")
    page.wait_for_function(
        "() => document.querySelector('#echo-result').textContent === 'done: htmx'"
    )
    page.tap("#send")  # a plain form, with csrf_field()
    page.wait_for_url(f"{live_server}/_probe/echo")
    assert page.content().count("done: hello") == 1
    assert errors == []


def test_htmx_errors_land_in_the_flash_box(watched, live_server, game):
    page, _, _ = watched
    page.goto(f"{live_server}/_probe/games/{game}")
    board = page.inner_html("#board")
    page.tap("#broken")
    page.wait_for_selector("#flash .notice-error")
    assert "Nothing here" in page.inner_text("#flash")
    assert page.inner_html("#board") == board  # the error did not replace the target
    page.tap("#flash [data-dismiss]")
    page.wait_for_function("() => document.querySelector('#flash').children.length === 0")


def test_inline_qr_svg_scans_in_chromium(watched, live_server, tmp_path):
    page, errors, _ = watched
    url = "http://192.168.1.20:5000/join/1/Q2hhbmdlIHRoaXMgdG9rZW4gcGxlYXNlIQ"
    assert scanned_qr(page, live_server, tmp_path, url) == [url]
    assert errors == []


def test_broken_stream_falls_back_to_polling(watched, live_server, store, game):
    """A proxy or captive portal that answers the stream with an error: poll /seq instead."""
    page, _, requests = watched
    page.route("**/stream*", lambda route: route.fulfill(status=503, body="no"))
    page.goto(f"{live_server}/_probe/games/{game}")
    page.wait_for_function("() => Object.values(palazzo.feeds).some(f => f.pollTimer)")
    append_event(store, game)
    page.wait_for_function(
        "() => document.querySelector('#seq').textContent === '1'", timeout=BROWSER_WAIT
    )
    assert [url for url in requests if url.endswith(f"/games/{game}/seq")]


@pytest.mark.parametrize("app_config", [{"LIVE_STREAM_MAX_AGE": 1.0}])
def test_stream_reconnects_after_it_ends(watched, live_server, store, game):
    """Streams end (server limit, Wi-Fi drop); the browser reconnects and nothing is lost."""
    page, errors, requests = watched
    page.goto(f"{live_server}/_probe/games/{game}")
    page.wait_for_function("() => Object.values(palazzo.feeds).some(f => f.source)")
    if len([url for url in requests if "/stream" in url]) < 2:  # the first stream ends (1 s):
        page.wait_for_event("request", lambda r: "/stream" in r.url)  # the second is asked for
    append_event(store, game)
    page.wait_for_function(
        "() => document.querySelector('#seq').textContent === '1'", timeout=BROWSER_WAIT
    )
    assert len([url for url in requests if "/stream" in url]) >= 2
    assert not [url for url in requests if url.endswith("/seq")]
    assert errors == []
