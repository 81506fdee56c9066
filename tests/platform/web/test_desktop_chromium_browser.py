"""The same platform checks in Debian's whole `chromium` as in its headless shell.

Every other browser test runs the headless shell (half the CPU: docs/testing.md); both come
from Debian's one Chromium source at the same version. This one drives the desktop browser
itself, so what the suite proves holds for the full browser too: a page that follows the game
live over its stream without a reload, htmx carrying the CSRF token, and a QR code it draws
that a reader decodes.
"""

from __future__ import annotations

from tests.platform.web.browser import scanned_qr
from tests.support.web_fixtures import BROWSER_WAIT, append_event, phone_context


def test_the_desktop_chromium_follows_live_posts_and_draws_a_scannable_qr(
    desktop_chromium, live_server, store, game, tmp_path
):
    context = phone_context(desktop_chromium)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{live_server}/_probe/games/{game}")
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
        page.evaluate("window.notReloaded = true")
        append_event(store, game, type="test.move1")
        page.wait_for_function(
            "() => document.querySelector('#seq').textContent === '1'", timeout=BROWSER_WAIT
        )
        assert page.locator("#board li").all_inner_texts() == ["test.move1"]
        assert page.evaluate("window.notReloaded") is True

        page.tap("#echo")  # an htmx POST: refused without the CSRF token
        page.wait_for_function(
            "() => document.querySelector('#echo-result').textContent === 'done: htmx'"
        )

        url = "http://192.168.1.20:5000/join/1/Q2hhbmdlIHRoaXMgdG9rZW4gcGxlYXNlIQ"
        assert scanned_qr(page, live_server, tmp_path, url) == [url]
        assert errors == []
    finally:
        context.close()
