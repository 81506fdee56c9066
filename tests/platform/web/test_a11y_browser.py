"""Everyone can use it, checked in Chromium on every main screen: names in
the accessibility tree, landmarks and headings, WCAG AA contrast of every text node, no
sideways scrolling at 360 px with 200 % text, and a game played with the keyboard alone.

The screens are reached the way players reach them (join links, the host's forms); the checks
are in tests/support/a11y.py.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from companion.web.join_links import kept_tokens
from tests.support import a11y
from tests.support.firenze_table import deal_row
from tests.support.firenze_table import host_game as host_firenze
from tests.support.solo_phone import teach_test_data
from tests.support.table_games import finished_game, host, mid_game, play, teach_test_deck
from tests.support.web_fixtures import BROWSER_WAIT, phone_context

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


@pytest.fixture(scope="module")
def phone_page(browser):
    """One phone page for the module's screens: a new context and page for each would cost a
    renderer each time, and the screens need nothing of a fresh one that `page` does not reset
    (each test serves a new origin, so storage is its own)."""
    context = phone_context(browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def page(phone_page):
    """The module's phone page as a fresh one would be: no cookies, 360 x 740, text at 100 %.
    Left blank afterwards, so its live streams close before this test's server stops (list it
    after `live_server`)."""
    phone_page.context.clear_cookies()
    phone_page.emulate_media(color_scheme="light")
    phone_page.set_viewport_size({"width": 360, "height": 740})
    a11y.large_text(phone_page, 100)
    yield phone_page
    phone_page.goto("about:blank")


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


# -- the screens: (name, how to get there), reached in the module's phone page -----------------


def scene(name, app, client, live_server, page) -> None:
    """Bring `page` to the screen called `name` as its player would reach it."""
    if name in ("landing", "host form", "catalog", "guide"):
        teach_test_deck(app)
        paths = {"landing": "/", "host form": "/host", "catalog": "/catalog", "guide": "/guide"}
        page.goto(live_server + paths[name])
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
    if name in ("seat: end", "end", "table: end"):
        game_id, tokens = finished_game(app)
    elif name in ("seat: action", "table", "host page", "history"):
        game_id, tokens = mid_game(app)
    else:
        game_id, tokens = host(app, grid=True)
        if name in ("seat: auction", "table: auction"):
            auction_open(app, game_id)
    if name == "host page":
        page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
        return
    if name in ("table", "end", "history", "table: end", "table: auction"):
        page.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
        where = {"end": "end", "history": "history"}.get(name, "table")
        page.goto(f"{live_server}/games/{game_id}/{where}")
        return
    seat = 1 if name == "seat: action" else 0
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[seat]}")
    page.wait_for_url("**/me")


SCREENS = [
    "landing",
    "guide",
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
# axe-core also looks at the table screen's other moments and the history.
AXE_SCREENS = [*SCREENS, "table: auction", "table: end", "history"]
DARK_PAPER = "rgb(26, 20, 17)"  # static/palazzo.css's --paper under prefers-color-scheme: dark
TV_SCREENS = ("table", "table: auction", "table: end", "end", "history")


@pytest.mark.parametrize("name", AXE_SCREENS)
def test_every_screen_is_named_readable_and_reflows(name, app, client, live_server, page):
    """Each screen, reached once, then checked as it is: every control named and every text
    readable (tests/support/a11y.py); Deque's axe-core, a second auditor, finds no WCAG 2.2 A/AA
    violation at a phone's width (the TV's screens at 1920 x 1080 too), in the light theme and
    in the dark one (prefers-color-scheme: dark); then with 200 % text it
    still fits 360 px, and names stay whole."""
    scene(name, app, client, live_server, page)
    settled(page)
    found: dict[str, list] = {}
    if name in SCREENS:
        found["audit"] = a11y.audit(page)
    found["axe"] = a11y.axe(page)
    page.emulate_media(color_scheme="dark")  # the phone asks for the dark theme
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_PAPER
    found["axe in the dark theme"] = a11y.axe(page)
    if name in TV_SCREENS:
        page.set_viewport_size({"width": 1920, "height": 1080})
        settled(page)
        found["axe at 1920 x 1080, dark"] = a11y.axe(page)
        page.emulate_media(color_scheme="light")
        found["axe at 1920 x 1080"] = a11y.axe(page)
        page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme="light")
    if name in SCREENS:
        a11y.large_text(page)
        found["too wide with 200 % text"] = a11y.overflowing(page)
        found["broken over two lines"] = a11y.broken_over_lines(page, ".topbar > *, .purse > *")
    problems = {check: list_ for check, list_ in found.items() if list_}
    assert not problems, "\n".join(f"{check}: {p}" for check, ps in problems.items() for p in ps)


def test_axe_core_sees_a_known_violation(app, live_server, page):
    """The auditor is awake: a link whose name leaves out its visible text is reported."""
    teach_test_deck(app)
    page.goto(live_server + "/")
    settled(page)
    assert a11y.axe(page) == []
    page.evaluate(
        "() => document.querySelector('.lang-switch a').setAttribute('aria-label', 'Elsewhere')"
    )
    problems = a11y.axe(page)
    assert any(p.startswith("label-content-name-mismatch") for p in problems), problems


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


def test_the_checks_find_a_known_bad_page(page):
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


# -- seats differ by more than their colour --------------------------------------------------


def test_seats_differ_by_shape_and_initial_not_only_by_colour(app, live_server, page):
    """Five seats, two of them sharing an initial: every mark of a seat (its card, its phone in
    the presence list, its marker on the Fame track) has its own shape and the initial."""
    teach_test_deck(app)
    game_id, tokens = host(app, names=("Ada", "Alex", "Ben", "Cy", "Dan"))
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    page.goto(f"{live_server}/games/{game_id}/table")
    settled(page)
    for where in (".seat-card", "#presence li"):
        marks = page.eval_on_selector_all(
            f"{where} .seat-mark", "ms => ms.map(m => [m.dataset.shape, m.textContent])"
        )
        assert [initial for _, initial in marks] == ["A", "A", "B", "C", "D"], where
        assert len({shape for shape, _ in marks}) == 5, marks
    track = page.eval_on_selector_all(
        "svg.fame-track:not(.fame-track-wide) g[data-seat]",  # the phone's (a TV's is wide)
        """gs => gs.map(g => {
            const s = g.querySelector("circle, rect, polygon");
            return [s.tagName + ':' + (s.getAttribute('points') || '').split(' ').length,
                    g.querySelector('text').textContent, getComputedStyle(s).fill];
        })""",
    )
    assert [initial for _, initial, _ in track] == ["A", "A", "B", "C", "D"]
    assert len({shape for shape, _, _ in track}) == 5, track
    assert len({fill for _, _, fill in track}) == 5, track
    assert a11y.low_contrast(page, "svg.fame-track") == []  # the initials on the shapes


# -- the keyboard alone (the host on a laptop) --------------------------------------------------

FOCUSED_JS = r"""
() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  // A chip's radio is hidden; its ring is drawn on the chip beside it.
  const ringed = el.matches('.chip input') ? el.nextElementSibling : el;
  const cs = getComputedStyle(ringed);
  return {
    name: (el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].innerText)
           || el.innerText || el.value || '').trim(),
    tag: el.tagName.toLowerCase(),
    ring: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2,
  };
}
"""


def tab_to(page, name: str, tag: str | None = None, limit: int = 120) -> dict:
    """Press Tab until the focused element's name starts with `name` (and is a `tag`); every
    stop on the way must show the focus ring."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS)
        if focused is None:
            continue
        seen.append(focused["name"][:30])
        assert focused["ring"], f"no visible focus on {focused}"
        if focused["name"].startswith(name) and tag in (None, focused["tag"]):
            return focused
    raise AssertionError(f"Tab never reached {name!r}; last stops: {seen[-12:]}")


@contextmanager
def laptop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(BROWSER_WAIT)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_the_host_starts_a_game_and_a_player_bids_and_places_with_the_keyboard_only(
    app, live_server, browser
):
    from companion.web.recording import get_table

    teach_test_deck(app)
    with laptop(browser) as page:
        page.goto(f"{live_server}/host")
        for name in ["Ada", "Ben", "Cy"]:
            tab_to(page, "", "input")  # the next field: this seat's name
            page.keyboard.type(name)
        tab_to(page, "Track pieces on the 7 × 7 grid", "input")
        page.keyboard.press("Space")
        tab_to(page, "Start the game")
        page.keyboard.press("Enter")
        page.wait_for_url("**/games/*/host")
        game_id = page.url.split("/")[-2]
        started = get_table(app).state(game_id)
        assert [p.name for p in started.players] == ["Ada", "Ben", "Cy"] and started.grid

    with app.test_request_context():
        tokens = kept_tokens(game_id)
    start = get_table(app).state(game_id).start_player  # the form may draw it at random
    hands_chosen(app, game_id)
    with laptop(browser) as page:
        page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[start]}")
        page.wait_for_url("**/me")
        settled(page)
        tab_to(page, "Lake")
        page.keyboard.press("Enter")
        page.get_by_text("bid 200", exact=False).first.wait_for()
        assert get_table(app).events(game_id)[-1].type == "auction_opened"
        in_panel = "() => !!document.activeElement.closest('#phone-panel')"
        page.wait_for_function(in_panel)  # the answer replaced the panel; the place is kept
        others = [(start + 1) % 3, (start + 2) % 3]  # clockwise from the opener
        play(app, game_id, *[{"type": "bid_passed", "player": s} for s in others])
        page.get_by_text("Place your Landscape").first.wait_for()
        page.wait_for_function(in_panel)  # a live refresh too
        for cell in ("Row 1, column 1", "Row 1, column 2", "Row 1, column 3"):
            tab_to(page, cell)
            page.keyboard.press("Space")
            page.wait_for_function(
                "n => document.querySelector(`[aria-label='${n}']`).ariaPressed === 'true'",
                arg=cell,
            )
        tab_to(page, "Place the Lake")
        page.keyboard.press("Enter")
        page.get_by_text("placed a Lake", exact=False).first.wait_for()
        placed = get_table(app).events(game_id)[-1]
        assert placed.type == "landscape_placed"
        assert sorted(map(tuple, placed.payload["cells"])) == [(0, 0), (0, 1), (0, 2)]


# -- live regions --------------------------------------------------------------------------------


def test_a_live_refresh_is_read_out_once_through_the_one_polite_region(app, live_server, page):
    """A phone's newest notice, brought by another seat's move, reaches #announcer (polite,
    always in the page); the page as first loaded is not announced again."""
    teach_test_deck(app)
    game_id, tokens = host(app)
    hands_chosen(app, game_id)
    ben = page  # Ben's phone
    ben.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    ben.wait_for_url("**/me")
    settled(ben)
    ben.wait_for_function("() => Object.values(palazzo.feeds).some(f => f.source)")
    region = ben.locator("#announcer")
    assert region.get_attribute("aria-live") == "polite" and region.inner_text() == ""
    play(
        app,
        game_id,
        {"type": "auction_opened", "player": 0, "object": "jester"},
        {"type": "bid_raised", "player": 1, "amount": 300},
        {"type": "bid_passed", "player": 2},
        {"type": "bid_passed", "player": 0},
    )
    ben.wait_for_function(
        "() => /You won the Jester for 300 Florin/.test(document.querySelector('#announcer').textContent)"
    )
    assert ben.locator(".notices [data-announce]").count() == 1  # only the newest


def test_the_language_switch_names_each_language_in_its_own_words(app, live_server, page):
    """EN / DE / FR, each link named in its own language after its visible code ("DE Deutsch":
    label in name, WCAG 2.5.3; read in that language: `lang`), with
    `hreflang`, the current one marked; one compact row at 360 px; a tap switches."""
    teach_test_deck(app)
    page.goto(live_server + "/host?lang=de")
    settled(page)
    for current, label in (("de", "Sprache"), ("fr", "Langue")):
        switch = page.get_by_role("navigation", name=label, exact=True)
        links = switch.get_by_role("link").all()
        assert [link.inner_text() for link in links] == ["EN", "DE", "FR"]
        for code, name in (("en", "English"), ("de", "Deutsch"), ("fr", "Français")):
            link = switch.get_by_role("link", name=f"{code.upper()} {name}", exact=True)
            assert link.get_attribute("lang") == code
            assert link.get_attribute("hreflang") == code
            assert (link.get_attribute("aria-current") == "true") == (code == current)
        boxes = [link.bounding_box() for link in links]
        assert len({round(b["y"]) for b in boxes}) == 1, boxes  # one row
        assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes), boxes  # a target
        assert boxes[-1]["x"] + boxes[-1]["width"] <= 360 and boxes[0]["x"] > 360 / 3, boxes
        if current == "de":
            switch.get_by_role("link", name="FR Français", exact=True).click()
            # the link loads a new document: ask the page's <html> (which a locator finds
            # again after the load), not `document.documentElement`, null while it loads
            expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=BROWSER_WAIT)
            settled(page)
