"""Everyone can use it (issue #10 item 3), checked in Chromium on every main screen: names in
the accessibility tree, landmarks and headings, WCAG AA contrast of every text node, no
sideways scrolling at 360 px with 200 % text, and a game played with the keyboard alone.

The screens are reached the way players reach them (join links, the host's forms); the checks
are in tests/web/a11y.py.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from companion.web.join_links import kept_tokens
from tests.web import a11y
from tests.web.conftest import phone_context
from tests.web.firenze_table import deal_row
from tests.web.firenze_table import host_game as host_firenze
from tests.web.solo_phone import teach_test_data
from tests.web.table_games import finished_game, host, mid_game, play, teach_test_deck

pytestmark = pytest.mark.browser

HANDS = [
    ["zanzibar_glassblower", "quixotic_lamplighter", "velvet_cartographer"],
    ["poet", "alchemist", "botanist"],
    [
        "test_university_forest_travel",
        "test_workshop_forest_religion",
        "test_library_forest_opinion",
    ],
]


@contextmanager
def opened(browser, width: int = 360):
    context = phone_context(browser, width)
    try:
        yield context.new_page()
    finally:
        context.close()


def settled(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def hands_chosen(app, game_id):
    play(
        app,
        game_id,
        *[
            {"type": "starting_hand_chosen", "player": s, "professions": h}
            for s, h in enumerate(HANDS)
        ],
    )


def auction_open(app, game_id):
    hands_chosen(app, game_id)
    play(app, game_id, {"type": "auction_opened", "player": 0, "object": "jester"})


# -- the screens: (name, how to get there) -> path opened in a fresh phone -----------------------


def scene(name, app, client, live_server, page) -> None:
    """Bring `page` to the screen called `name` as its player would reach it."""
    if name in ("landing", "host form", "catalog"):
        teach_test_deck(app)
        page.goto(live_server + {"landing": "/", "host form": "/host", "catalog": "/catalog"}[name])
        return
    if name == "solo":
        teach_test_data(app.instance_path)
        page.goto(live_server + "/")
        page.get_by_role("link", name="Play solo against Wolfgang").click()
        page.fill("#name", "Alexandra")
        page.get_by_role("radio", name="Me", exact=True).click()
        page.get_by_role("button", name="Start the solo game").click()
        page.wait_for_url("**/solo")
        page.locator("#solo-step").wait_for()
        return
    if name.startswith("firenze"):
        game_id = host_firenze(client)
        deal_row(client, game_id)
        with app.test_request_context():
            tokens = kept_tokens(game_id)
        token = tokens.seats[0] if name == "firenze phone" else tokens.spectator
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        return
    teach_test_deck(app)
    if name in ("seat: end", "end"):
        game_id, tokens = finished_game(app)
    elif name in ("seat: action", "table", "host page"):
        game_id, tokens = mid_game(app)
    else:
        game_id, tokens = host(app, grid=True)
        if name == "seat: auction":
            auction_open(app, game_id)
    if name == "host page":
        page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
        return
    if name in ("table", "end"):
        page.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
        page.goto(f"{live_server}/games/{game_id}/{'table' if name == 'table' else 'end'}")
        return
    seat = 1 if name == "seat: action" else 0
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[seat]}")
    page.wait_for_url("**/me")


SCREENS = [
    "landing",
    "host form",
    "host page",
    "seat: setup",
    "seat: auction",
    "seat: action",
    "seat: end",
    "table",
    "end",
    "solo",
    "catalog",
    "firenze phone",
    "firenze table",
]


@pytest.mark.parametrize("name", SCREENS)
def test_every_control_is_named_and_every_text_readable(name, app, client, live_server, browser):
    with opened(browser) as page:
        scene(name, app, client, live_server, page)
        settled(page)
        problems = a11y.audit(page)
        assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("name", SCREENS)
def test_200_percent_text_fits_360_px(name, app, client, live_server, browser):
    with opened(browser) as page:
        scene(name, app, client, live_server, page)
        settled(page)
        a11y.large_text(page)
        too_wide = a11y.overflowing(page)
        assert not too_wide, "\n".join(map(str, too_wide))


# -- the checks can fail ---------------------------------------------------------------------

BAD_PAGE = """<!doctype html><html lang="en">
<head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<header><a href="/">Home</a></header><main><h1>Bad</h1>
<p id="pale" style="color:#999;background:#fff">Grey on white: 2.85 to 1</p>
<p id="fine" style="color:#595959;background:#fff">Dark grey on white: 7 to 1</p>
<div style="background:#000"><p id="faded" style="color:#fff;opacity:0.3">White at 30 %</p></div>
<p id="large" style="color:#949494;background:#fff;font-size:24px">Large grey: 3.03 to 1</p>
<svg width="60" height="30"><circle cx="15" cy="15" r="14" fill="#ffd54f"/>
  <text id="svg" x="15" y="20" fill="#fff" font-size="14" text-anchor="middle">A</text></svg>
<input id="ghost" style="border:1px solid #ddd;background:#fff" aria-label="Name">
<button id="blank"><svg width="10" height="10"></svg></button>
<h3>Skipped a level</h3>
<div id="wide" style="width:500px">Too wide for a phone</div>
</main></body></html>"""


def test_the_checks_find_a_known_bad_page(browser):
    with opened(browser) as page:
        page.set_content(BAD_PAGE)
        found = {f["text"]: f for f in a11y.contrast(page)["found"]}
        assert found["Grey on white: 2.85 to 1"]["ratio"] == pytest.approx(2.85, abs=0.01)
        assert found["White at 30 %"]["ratio"] == pytest.approx(2.46, abs=0.01)  # #4d4d4d on black
        assert "Large grey: 3.03 to 1" not in found  # large text needs only 3:1
        assert "Dark grey on white: 7 to 1" not in found
        assert found["A"]["bg"] == "#ffd54f"  # SVG text is judged against the shape under it
        assert found["ghost"]["what"] == "control edge"
        problems = a11y.unnamed(page)
        assert "button without a name" in problems
        assert any("h1 to h3" in p for p in problems)
        assert [o["where"] for o in a11y.overflowing(page)][:2] == ["page", "div"]
