"""The same card in Chromium at 390 px, beyond the seat's phone: a French phone teaches
"Sculpteur"; later a German phone teaches the same three wishes as "Bildhauer", on the catalog
screen and on the solo page. Each time Palazzo asks "Ist das der Sculpteur?", and the answer "yes"
keeps one card with both names."""

from __future__ import annotations

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules.catalog import BUILTIN
from companion.web.recording import get_table
from tests.games.princes.web.same_card import SCULPTEUR, french_sculpteur
from tests.support.solo_phone import (
    keep_hand_in_chromium,
    start_in_chromium,
    teach_test_data,
    through_checklist,
)

WIDTH = 390


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def unexpected(errors: list[str]) -> list[str]:
    """The page's errors but the browser's (and htmx's) line for the 422 the question is
    answered with (nothing is kept until it is answered)."""
    return [e for e in errors if "status of 422" not in e and "Error Code 422" not in e]


def tap_wishes(form):
    for field, value in SCULPTEUR.items():
        form.locator(f"label.chip:has(input[name={field}][value={value}])").tap()


def test_the_catalog_screen_asks_a_german_phone_is_this_the_sculpteur(phones, app, live_server):
    learned = LearnedCatalog(app.instance_path)
    french = phones(WIDTH, locale="fr-FR")
    french.goto(live_server + "/catalog")
    french.locator("details.new-card > summary").tap()
    form = french.locator("details.new-card form")
    form.locator("#new-name-fr").fill("Sculpteur")
    tap_wishes(form)
    form.get_by_role("button", name="Garder cette carte").tap()
    french.wait_for_selector("[data-message]")
    assert learned.catalog().professions["sculpteur"].names == {"fr": "Sculpteur"}

    german = phones(WIDTH, locale="de-DE")
    german.goto(live_server + "/catalog")
    german.locator("details.new-card > summary").tap()
    form = german.locator("details.new-card form")
    form.locator("#new-name-de").fill("Bildhauer")
    tap_wishes(form)
    form.get_by_role("button", name="Diese Karte behalten").tap()
    question = german.locator("[data-same-card]")
    question.wait_for()
    assert "Ist das der Sculpteur?" in question.inner_text()
    assert german.locator("#new-name-de").input_value() == "Bildhauer"  # as typed
    assert "bildhauer" not in learned.catalog().professions  # nothing kept yet
    fits(german)
    question.get_by_role("button", name="Ja, es ist der Sculpteur").tap()
    german.wait_for_selector("[data-message]")
    assert "Eine Karte: Sculpteur heißt auch Bildhauer." in german.inner_text("[data-message]")
    fits(german)
    known = learned.catalog().professions
    assert set(known) == set(BUILTIN.professions) | {"sculpteur"}  # one card
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    # each reads it in its own language; the history says who named it
    assert "Bildhauer" in german.inner_text("ul.cards-known")
    history = german.inner_text("ol.catalog-history")
    assert "heißt auch Bildhauer" in history
    french.reload()
    cards = french.inner_text("ul.cards-known")
    assert "Sculpteur" in cards and "Bildhauer" not in cards
    assert unexpected(german.errors) == [] and french.errors == []


def test_the_solo_page_asks_a_german_player_is_this_the_sculpteur(phones, app, live_server):
    """Wolfgang flips a card (card 2, the auctions left) the installation knows only as the
    French "Sculpteur"; the German solo player teaches it as "Bildhauer"."""
    teach_test_data(app.instance_path, professions=False)
    learned = french_sculpteur(app)
    page = phones(WIDTH)
    game_id = start_in_chromium(page, live_server)
    through_checklist(page, "starting_hand")
    keep_hand_in_chromium(page, ["poet", "alchemist", "botanist"])
    through_checklist(page, "auction_card")
    page.fill("#automa-number", "2")
    page.get_by_role("button", name="Drawn").tap()
    through_checklist(page, "choose_object")
    page.locator("button[data-event=auctions_left]").tap()
    through_checklist(page, "reveal")
    page.get_by_role("navigation", name="Language").get_by_role("link", name="DE").tap()
    page.wait_for_selector('html[lang="de"]')
    page.wait_for_selector('#solo-step[data-step="reveal"]')
    page.get_by_text("Nicht in der Liste? Bring Palazzo diese Karte bei").tap()
    form = page.locator("form.teach-profession")
    form.locator("#teach-wolfgang-name-de").fill("Bildhauer")
    tap_wishes(form)
    form.get_by_role("button", name="Beibringen: das ist die Karte").tap()
    question = page.locator("[data-same-card]")
    question.wait_for()
    assert "Ist das der Sculpteur?" in question.inner_text()
    assert page.locator("#teach-wolfgang-name-de").input_value() == "Bildhauer"
    assert page.locator("#solo-step [role=alert]").count() == 0  # a question, not an error
    fits(page)
    question.get_by_role("button", name="Ja, es ist der Sculpteur").tap()
    page.wait_for_function(
        "() => { const s = document.getElementById('solo-step');"
        " return s && s.dataset.step !== 'reveal'; }"
    )
    fits(page)
    with app.app_context():
        log = [(e.type, e.payload.get("profession")) for e in get_table(app).events(game_id)]
    assert ("automa_profession_revealed", "sculpteur") in log
    assert not any(p == "bildhauer" for _t, p in log)
    known = learned.catalog().professions
    assert "bildhauer" not in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    assert "Bildhauer" in page.inner_text("#solo-live")  # Wolfgang's row, in German
    assert unexpected(page.errors) == []
