"""The phone's screens in Chromium at 390 px: the grid offers every Building that fits and clears a
misplaced shape in one tap; a card taught in German with a French card's three wishes becomes
that card with two names; a money check opens as a banner that buzzes on every phone; the
first turn after a reload buzzes (with the tap browsers require)."""

from __future__ import annotations

import re

from companion.games.princes.learned import BY_GAME_SEAT, LearnedCatalog
from companion.web.live import nudge
from tests.games.princes.web import polled
from tests.support.notices_browser import buzzes
from tests.support.phone_game import button, choose_hands, host_game, record, state
from tests.support.screens_browser import WIDTH, join, live

SCULPTEUR = {"building": "studio", "landscape": "forest", "freedom": "religion"}


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def round_one_to_actions(app, game_id):
    """Ada wins a Lake and lays it along row 5; Ben takes the Jester; Cy declines."""
    record(app, game_id, "0", type="auction_opened", player=0, object="lake")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "2", type="bid_passed", player=2)
    lake = [[4, 0], [4, 1], [4, 2]]
    record(app, game_id, "0", type="landscape_placed", player=0, landscape="lake", cells=lake)
    record(app, game_id, "1", type="auction_opened", player=1, object="jester")
    record(app, game_id, "2", type="bid_passed", player=2)
    record(app, game_id, "2", type="last_player_declined", player=2)
    assert state(app, game_id).phase == "action"


def test_the_grid_offers_the_university_and_clears_a_shape(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    round_one_to_actions(app, game_id)
    # 0 Builders, a 7-square Workshop along row 1, rows 2-4 empty
    record(
        app,
        game_id,
        "0",
        type="building_built",
        player=0,
        building="workshop",
        cells=[[0, c] for c in range(7)],
    )
    ada = join(phones, live_server, game_id, tokens.seats[0])
    ada.get_by_role("link", name=re.compile("^Build a Building")).tap()
    for name in ("University", "Laboratory"):
        ada.get_by_role("link", name=re.compile(f"^{name}")).first.wait_for()
    ada.get_by_role("link", name=re.compile("^University")).first.tap()
    for cell in ("1,0", "1,1", "1,2"):  # next to the Workshop: the wrong place
        ada.locator(f"[data-cell='{cell}']").tap()
    ada.get_by_text("3 of 7 tapped").first.wait_for()
    button(ada, "Clear the squares").tap()
    ada.get_by_text("0 of 7 tapped").first.wait_for()
    assert ada.locator("[data-cell][aria-pressed='true']").count() == 0
    for c in range(7):
        ada.locator(f"[data-cell='2,{c}']").tap()
    button(ada, "Build the University").tap()
    ada.get_by_text("Done: Ada built a University", exact=False).first.wait_for()
    assert "university" in state(app, game_id).players[0].buildings
    fits(ada)


def test_a_german_phone_names_a_card_a_french_phone_taught(app, live_server, phones):
    learned = LearnedCatalog(app.instance_path)
    entry = {"name": "Sculpteur", "name_fr": "Sculpteur", **SCULPTEUR}
    learned.learn_new({"professions": {"sculpteur": entry}}, BY_GAME_SEAT, who="Zoé")
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    round_one_to_actions(app, game_id)
    ada = join(phones, live_server, game_id, tokens.seats[0], locale="de-DE")
    ada.goto(f"{live_server}/games/{game_id}/me?do=teach&for=profession_taken")
    ada.locator("#teach-name-de").fill("Bildhauer")
    for field, value in SCULPTEUR.items():
        ada.locator(f"label.chip:has(input[name={field}][value={value}])").tap()
    ada.locator("form[data-keep=teach-profession] button[type=submit]").first.tap()
    question = ada.locator("[data-same-card]")
    question.wait_for()
    assert "Ist das der Sculpteur?" in question.inner_text()
    fits(ada)
    button(ada, "Ja, es ist der Sculpteur").tap()
    ada.locator(".hand").get_by_text("Bildhauer").first.wait_for()
    assert state(app, game_id).players[0].hand[-1] == "sculpteur"
    known = learned.catalog().professions
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    assert "bildhauer" not in known
    fits(ada)


def test_a_money_check_is_a_banner_that_buzzes_on_every_phone(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    pages = [join(phones, live_server, game_id, t, buzz=True) for t in tokens.seats]
    ada, ben, cy = pages
    for page in pages:
        page.locator(".me-name").tap()  # browsers let a touched page vibrate
    before = [buzzes(p) for p in pages]
    ben.get_by_role("link", name="Count your Florins").tap()
    ben.get_by_role("button", name="Ask everyone to count their Florins").tap()
    for page, was in ((ada, before[0]), (cy, before[2])):
        banner = page.locator("[data-count-banner=money]")
        banner.wait_for(timeout=15000)  # nudged: unasked, the phone looks once a minute
        assert "A money check is open: count your Florins" in banner.inner_text()
        page.wait_for_function(f"() => window.buzzes.length === {was + 1}")
        top = banner.bounding_box()["y"]
        assert top < page.locator("#phone-panel .card").first.bounding_box()["y"]
        fits(page)
    polled.watch(ada, "/me/alerts", "#phone-alerts")  # another look of the alerts (nudged):
    with app.app_context():
        nudge(game_id, "alerts")
    polled.next_look(ada, "/me/alerts")  # drawn and buzzed once
    assert buzzes(ada) == before[0] + 1


def test_the_first_turn_after_a_reload_buzzes(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    ada, ben, cy = (
        join(phones, live_server, game_id, t, buzz=True, untouched=True) for t in tokens.seats
    )
    record(app, game_id, "0", type="auction_opened", player=0, object="jester")
    for page in (ada, cy):
        page.reload()
        live(page)
        page.locator("[data-buzz-hint]").wait_for()  # untouched: it asks for a tap
    cy.locator("[data-buzz-hint]").tap()
    cy.locator("[data-buzz-hint]").wait_for(state="hidden")
    record(app, game_id, "1", type="bid_raised", player=1, amount=300)
    cy.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    cy.wait_for_function("() => window.buzzes.length === 1")  # the turn after the reload
    record(app, game_id, "2", type="bid_passed", player=2)
    ada.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    assert buzzes(ada) == 0  # nobody touched her phone since the reload: no browser allows it
    ada.locator("[data-buzz-hint]").tap()
    ada.wait_for_function("() => window.buzzes.length === 1")  # held back, it comes now
    fits(ada)
