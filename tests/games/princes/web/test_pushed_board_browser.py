"""The table screen in a real Chromium follows the game through its stream, which carries the
board itself (companion/web/shared.py): no fetch per move; without a stream it polls and
fetches the board as before."""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.support.phone_game import HANDS, host_game, record
from tests.support.web_fixtures import BROWSER_WAIT

pytestmark = pytest.mark.browser


def open_table(page, live_server, game_id, tokens):
    page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    page.goto(f"{live_server}/games/{game_id}/table")
    page.wait_for_selector("#board")


def shows(page, words: str) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#board').innerText.includes({words!r})",
        timeout=BROWSER_WAIT,
    )


def test_the_table_screen_takes_the_board_from_its_stream(app, watched, live_server):
    page, errors, requests = watched
    game_id, tokens = host_game(app)
    open_table(page, live_server, game_id, tokens)
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )
    assert [u for u in requests if "/stream" in u and "push=princes-board" in u]
    page.evaluate("window.notReloaded = true")
    for seat, name in enumerate(["Ada", "Ben"]):
        hand = HANDS[seat]
        record(app, game_id, str(seat), type="starting_hand_chosen", player=seat, professions=hand)
        shows(page, f"{name} chose a starting hand")
    with app.app_context():
        seq = get_table(app).seq(game_id)
    page.wait_for_function(
        f"() => document.querySelector('#board').dataset.renderedSeq === '{seq}'"
    )
    assert page.evaluate("window.notReloaded") is True
    assert not [u for u in requests if u.endswith("/table/board")]  # carried, not fetched
    assert page.locator("#board").count() == 1 and errors == []


def test_without_a_stream_the_table_screen_polls_and_fetches(app, watched, live_server):
    page, errors, requests = watched
    page.add_init_script("delete window.EventSource;")
    game_id, tokens = host_game(app)
    open_table(page, live_server, game_id, tokens)
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HANDS[0])
    shows(page, "Ada chose a starting hand")
    assert [u for u in requests if u.endswith("/table/board")]
    assert not [u for u in requests if "/stream" in u] and errors == []
