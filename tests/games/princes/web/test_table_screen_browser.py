"""The host's flow in a real 360 px Chromium: the form, the seat QR codes, and a table screen
that follows the game live without reloading."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from PIL import Image
from pyzbar.pyzbar import decode

from companion import presence
from companion.serve import lan_ip
from companion.web.join_links import join_path, kept_tokens
from companion.web.recording import get_table
from tests.support import shots
from tests.support.builders import load_log
from tests.support.table_games import host, play, teach_test_deck
from tests.support.web_fixtures import BROWSER_WAIT, PHONE_VIEWPORT


def phone_context(browser):
    context = browser.new_context(
        viewport=PHONE_VIEWPORT, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(BROWSER_WAIT)
    return context


def test_host_a_game_scan_a_seat_and_watch_the_table_live(
    app, browser, phone, live_server, tmp_path
):
    errors: list[str] = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="Host a game").tap()
    for i, name in enumerate(["Ada", "Ben", "Cy"]):
        phone.fill(f"#name_{i}", name)
    phone.select_option("#start", "0")
    phone.get_by_role("button", name="Start the game").tap()
    phone.wait_for_url("**/games/*/host")
    game_id = urlsplit(phone.url).path.split("/")[2]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    codes = phone.locator("details[data-seat] svg.qr")
    assert codes.count() == 3
    shot = tmp_path / "seat1.png"
    phone.locator('details[data-seat="1"] svg.qr').screenshot(path=str(shot))
    with app.test_request_context():
        path = join_path(game_id, kept_tokens(game_id).seats[1])
        spectator = join_path(game_id, kept_tokens(game_id).spectator)
        host_link = f"/games/{game_id}/host/join/{kept_tokens(game_id).host}"
    port = urlsplit(live_server).port
    with Image.open(shot) as image:
        assert [r.data.decode() for r in decode(image)] == [f"http://{lan_ip()}:{port}{path}"]

    context = phone_context(browser)
    try:
        table = context.new_page()
        table.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        watcher = spectator if "games.join_link" in app.view_functions else host_link
        table.goto(live_server + watcher)
        if not table.url.endswith("/table"):
            table.goto(f"{live_server}/games/{game_id}/table")
        table.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
        table.evaluate("window.notReloaded = true")
        assert "Ada chose a starting hand" not in table.inner_text("#board")
        get_table(app).record(
            game_id,
            {
                "type": "starting_hand_chosen",
                "player": 0,
                "professions": ["poet", "alchemist", "botanist"],
            },
            by="0",
        )
        table.wait_for_function(
            "() => document.querySelector('#board').innerText.includes('Ada chose a starting hand')",
            timeout=BROWSER_WAIT,
        )
        assert table.evaluate("window.notReloaded") is True
        assert "Poet" not in table.inner_text("#board")
        assert table.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
    assert errors == []


def test_undo_from_the_host_page(app, phone, live_server):
    teach_test_deck(app)
    game_id, tokens = host(
        app,
        names=("Alexandra", "Leon"),
        start=1,
        freedoms={"travel": 2, "religion": 1, "opinion": 2},
    )
    play(
        app,
        game_id,
        *[e for e in load_log("game_2p.jsonl")[1:20] if e["type"] != "landscape_taught"],
    )
    phone.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    phone.wait_for_url(f"**/games/{game_id}/host")
    latest = phone.inner_text("#undo strong")
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.locator("#undo button").tap()
    phone.wait_for_function(
        "() => document.querySelector('#undo').innerText.includes('Host undid')",
        timeout=BROWSER_WAIT,
    )
    assert latest in phone.inner_text("#undo")
    assert get_table(app).events(game_id)[-1].type == "retracted"


@pytest.mark.screenshots
@pytest.mark.skipif(not shots.wanted(), reason="a README picture: scripts/screenshots takes it")
def test_screenshot_of_the_table_mid_game(app, browser, live_server):
    from companion.web.games import create_hosted_game
    from companion.web.join_links import keep_tokens

    teach_test_deck(app)
    events = load_log("game_3p_grid.jsonl")[:86]  # round 5, a Builder auction at 400
    with app.test_request_context():
        game_id, tokens = create_hosted_game(
            {k: v for k, v in events[0].items() if k != "type"}, settings={}
        )
        keep_tokens(game_id, tokens)
    play(app, game_id, *events[1:])
    for seat in range(3):
        presence.seen(game_id, seat)
    context = phone_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
        page.goto(f"{live_server}/games/{game_id}/table")
        page.wait_for_selector("#board svg.fame-track")
        written = shots.shoot(page, "table.png")
    finally:
        context.close()
    assert written is not None and written.stat().st_size > 10_000
