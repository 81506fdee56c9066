"""A seat's phone in a real Chromium takes its panel from its own stream: no fetch
per move, the ticks of a half-chosen hand kept across it; a screen the player opened
(?do=...) is fetched as before, never replaced by the stream's overview."""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.support.phone_game import (
    HANDS,
    choose_hands,
    host_game,
    record,
    redrawn,
    to_action_phase,
)
from tests.support.web_fixtures import BROWSER_WAIT

pytestmark = pytest.mark.browser


def open_phone(page, live_server, game_id, token):
    page.goto(f"{live_server}/games/{game_id}/join/{token}")
    page.wait_for_selector("#phone-panel")
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )


def seq_of(app, game_id) -> int:
    with app.app_context():
        return get_table(app).seq(game_id)


def shows_seq(page, seq: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#phone-panel').dataset.renderedSeq === '{seq}'",
        timeout=BROWSER_WAIT,
    )


def test_a_phone_takes_its_panel_from_its_stream(app, watched, live_server):
    page, errors, requests = watched
    game_id, tokens = host_game(app)
    open_phone(page, live_server, game_id, tokens.seats[0])
    assert [u for u in requests if "/stream" in u and "push=seat-panel" in u]
    page.evaluate("window.notReloaded = true")
    # Ada ticks two cards; Ben and Cy keep their hands meanwhile: her ticks survive.
    for name in HANDS[0][:2]:
        page.locator("label.option", has_text=name).tap()
    page.get_by_text("2 of 3 ticked").first.wait_for()
    with redrawn(page):
        for seat in (1, 2):
            record(
                app,
                game_id,
                str(seat),
                type="starting_hand_chosen",
                player=seat,
                professions=list(HANDS[seat]),
            )
    shows_seq(page, seq_of(app, game_id))
    page.get_by_text("2 of 3 ticked").first.wait_for()
    assert page.locator("input[value=poet]").is_checked()
    assert page.evaluate("window.notReloaded") is True
    assert not [u for u in requests if "/me/panel" in u]  # carried, not fetched
    assert page.locator("#phone-panel").count() == 1 and errors == []


def test_a_screen_the_player_opened_is_fetched_not_replaced(app, watched, live_server):
    page, errors, requests = watched
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)  # Ada's turn
    open_phone(page, live_server, game_id, tokens.seats[0])
    page.goto(f"{live_server}/games/{game_id}/me?do=build")
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )
    opened = page.locator("#phone-panel").get_attribute("data-hx-get")
    assert opened and opened.endswith("?do=build")
    record(app, game_id, type="correction", player=2, money=900, fame=0, reason="test")
    shows_seq(page, seq_of(app, game_id))
    assert page.locator("#phone-panel").get_attribute("data-screen") == "build"
    assert page.locator("#phone-panel").get_attribute("data-hx-get") == opened
    assert [u for u in requests if u.endswith("/me/panel?do=build")]  # fetched, its screen
    assert errors == []
