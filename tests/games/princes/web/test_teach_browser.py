"""Teaching in Chromium on a 390 x 844 phone: the Profession deck in one pass, the Automa deck
before play and then drawn by the app, ticks that survive a reload.

The Automa deck and Profession cards are TEST DATA (tests/data/README.md). `scripts/screenshots`
saves the Automa card editor as automa-editor.png.
"""

from __future__ import annotations

import pytest

from companion.games.princes.learned import LearnedCatalog
from companion.web.recording import get_table
from tests.games.princes.web.catalog_teaching import DECK, editor_form
from tests.support import shots
from tests.support.phone_game import host_game
from tests.support.solo_phone import (
    first_card_in_chromium,
    keep_hand_in_chromium,
    start_in_chromium,
    teach_test_data,
    through_checklist,
)
from tests.support.web_fixtures import BROWSER_WAIT

WIDTH = 390


@pytest.fixture
def page(browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(BROWSER_WAIT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def chip(page, name: str, value: str):
    page.locator(f'input[name="{name}"][value="{value}"] + span').tap()


def copy_card(page, card: dict) -> int:
    """Copy `card` into the Automa card editor as a player would, left to right; returns the
    taps it took (a choice from a list counts 2), the Keep button included."""
    form = editor_form("", card)
    page.wait_for_function("() => window.palazzoAutomaEditor === true")  # its script is loaded
    taps = 0
    if not page.locator(f'input[name="rounds"][value="{card["rounds"]}"]').is_checked():
        chip(page, "rounds", card["rounds"])
        taps += 1
    last = len(card["auction"]) - 1
    for i, item in enumerate(card["auction"]):
        obj = item["object"]
        if not (i == last and form[f"mod4_{obj}"] == "none"):  # the last row places itself
            chip(page, f"mod4_{obj}", form[f"mod4_{obj}"])
            taps += 1
        if form[f"mod5_{obj}"] == "more":
            chip(page, f"mod5_{obj}", "more")
            taps += 1
        elif form[f"mod5_{obj}"] == "other":  # then the list of values opens
            chip(page, f"mod5_{obj}", "other")
            page.select_option(f'select[name="mod5x_{obj}"]', form[f"mod5x_{obj}"])
            taps += 3
    for key, value in form.items():
        if key.startswith(("first_", "second_")):
            chip(page, key, value)
            taps += 1
    return taps + 1  # Keep this card


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_profession_deck_taught_in_one_pass(page, app, live_server):
    page.goto(live_server + "/catalog")
    page.get_by_role("link", name="Teach the whole deck in one pass (18 to go)").tap()
    page.fill("#deck-names", "Café Owner\nGlass Blower\nScribe")
    page.get_by_role("button", name="List these names").tap()
    page.wait_for_url("**names=**")
    rows = page.locator("fieldset.deck-row")
    assert rows.count() == 3
    fits(page)
    cards = [
        ("opera", "park", "travel"),
        ("workshop", "lake", "religion"),
        ("library", "forest", "opinion"),
    ]
    for i, (building, landscape, freedom) in enumerate(cards):  # three taps a card
        chip(page, f"building_{i}", building)
        chip(page, f"landscape_{i}", landscape)
        chip(page, f"freedom_{i}", freedom)
    page.get_by_role("button", name="Keep these cards").tap()
    page.wait_for_selector("[data-message]")
    assert "Kept 3 cards: Café Owner, Glass Blower and Scribe." in page.inner_text("[data-message]")
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert known["cafe_owner"].building == "opera" and known["scribe"].freedom == "opinion"


@pytest.mark.screenshots
def test_the_automa_deck_taught_before_play_then_drawn_by_the_app(page, app, live_server):
    teach_test_data(app.instance_path, automa=False)
    game_id = start_in_chromium(page, live_server)
    offer = page.locator("[data-deck-offer]")
    assert "Palazzo knows 0 of 21 Automa cards" in offer.inner_text()
    offer.get_by_role("link", name="Teach the Automa deck").tap()
    page.wait_for_url("**/catalog/automa**")
    fits(page)
    counts = []
    for n, (number, card) in enumerate(sorted(DECK.items(), key=lambda kv: int(kv[0])), 1):
        assert page.input_value("#automa-card-number") == number  # the next card, by default
        assert page.evaluate(  # every chip lies inside the editor's card at 390 px
            """() => { const edge = document.querySelector('form.automa-editor')
                .getBoundingClientRect().right;
              return [...document.querySelectorAll('form.automa-editor .chip')]
                .every(c => c.getBoundingClientRect().right <= edge + 0.5); }"""
        )
        taps = copy_card(page, card)
        for place, item in enumerate(card["auction"], 1):  # the taps numbered the rows
            assert page.locator(f'input[name="at_{item["object"]}"][value="{place}"]').is_checked()
        counts.append(taps)
        if number == "3":
            shots.shoot(page.locator("form.automa-editor"), "automa-editor.png")
        page.get_by_role("button", name="Keep this card").tap()
        page.wait_for_selector(f"text=Kept Automa card {number} ({n} of 21).")
    assert page.locator("[data-complete]").is_visible()
    # About ten taps a card (docs/catalog.md), Keep included: 10 to 13 on the test deck, whose
    # cards show two modifiers on many objects; 9 or 10 for a card that shows one per object.
    assert max(counts) <= 13 and sum(counts) / len(counts) < 12, counts
    page.locator("[data-back]").tap()
    page.wait_for_url(f"**/games/{game_id}/solo")
    page.get_by_role("button", name="Let Palazzo draw the Automa deck").tap()
    page.wait_for_selector("[data-deck-offer]", state="detached")
    assert "Palazzo shuffles and draws it" in page.inner_text("#solo-step")  # the setup step
    through_checklist(page, "starting_hand")
    keep_hand_in_chromium(page)
    through_checklist(page, "auction_card")
    page.get_by_role("button", name="Draw for me").tap()
    page.wait_for_selector('#solo-step[data-step="choose_object"]')
    with app.app_context():
        drawn = [e for e in get_table(app).events(game_id) if e.type == "automa_card_drawn"]
    assert len(drawn) == 1 and DECK[str(drawn[0].payload["card"])]["rounds"] == "1-2"
    assert drawn[0].by == "host" and "panels" in drawn[0].payload  # the log stays self-contained


def test_ticks_survive_a_reload(page, app, live_server):
    game_id, tokens = host_game(app)
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    page.wait_for_selector('form[data-keep="hand"]')
    page.locator('form[data-keep="hand"] input[value="poet"]').check()
    page.locator('form[data-keep="hand"] input[value="alchemist"]').check()
    page.reload()
    page.wait_for_selector('form[data-keep="hand"]')
    assert page.locator('form[data-keep="hand"] input[value="poet"]').is_checked()
    assert page.locator('form[data-keep="hand"] input[value="alchemist"]').is_checked()
    assert page.inner_text('form[data-keep="hand"] [data-count]') == "2"


def test_an_automa_card_taught_mid_game_uses_the_same_editor(page, app, live_server):
    teach_test_data(app.instance_path, automa=False)
    first_card_in_chromium(page, live_server)
    page.wait_for_selector("#solo-step form.automa-editor")  # swapped in by htmx, with its script
    taps = copy_card(page, DECK["1"])
    assert taps <= 13
    page.get_by_role("button", name="Save card 1 and use it").tap()
    page.wait_for_selector('#solo-step[data-step="choose_object"]')
    kept = LearnedCatalog(app.instance_path).catalog().automa_cards["1"]
    assert kept["auction"] == DECK["1"]["auction"]


def test_a_card_taught_for_a_starting_hand_is_recorded_with_the_hand(page, app, live_server):
    """A card taught while the hand is short waits on the phone (nothing in the log,
    nothing in the installation's catalog) and is recorded with the hand when it is kept."""
    game_id, tokens = host_game(app)
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    page.wait_for_selector('form[data-keep="hand"]')
    page.locator('form[data-keep="hand"] input[value="mason"]').check()
    page.get_by_text("One of my cards is not listed").tap()
    page.wait_for_selector('form[data-keep="teach-profession"]')
    page.fill("#teach-name-en", "Glass Blower")
    for name, value in (("building", "workshop"), ("landscape", "lake"), ("freedom", "travel")):
        chip(page, name, value)
    page.locator('form[data-keep="teach-profession"] button[type="submit"]').tap()
    page.wait_for_selector('form[data-keep="hand"] input[value="glass_blower"]:checked')
    with app.app_context():
        assert "profession_taught" not in [e.type for e in get_table(app).events(game_id)]
    assert "glass_blower" not in LearnedCatalog(app.instance_path).catalog().professions
    page.locator('form[data-keep="hand"] input[value="alchemist"]').check()
    page.locator('form[data-keep="hand"] button[type="submit"]').tap()
    page.wait_for_selector("text=Hand chosen")
    with app.app_context():
        events = get_table(app).events(game_id)
        taught = [e.payload["profession"] for e in events if e.type == "profession_taught"]
        assert "glass_blower" in taught and events[-1].type == "starting_hand_chosen"
        hand = get_table(app).state(game_id).players[1].hand
        assert sorted(hand) == ["alchemist", "glass_blower", "mason"]
    assert "glass_blower" in LearnedCatalog(app.instance_path).catalog().professions
