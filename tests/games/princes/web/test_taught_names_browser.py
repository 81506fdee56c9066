"""The teach form in Chromium on a German phone: the card's name in German first, the other
languages folded away, each language's reader then sees its own name."""

from __future__ import annotations

from companion.games.princes.learned import LearnedCatalog
from tests.support.web_fixtures import phone_context

WIDTH = 360


def test_a_german_phone_teaches_a_card_its_name_in_german_and_french(browser, app, live_server):
    context = phone_context(browser, WIDTH, 740, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(live_server + "/catalog")
        page.get_by_text("Eine weitere Karte eingeben (noch 18)").tap()
        form = page.locator("details.new-card form")
        names = form.locator("fieldset.card-names")
        # the reader's language first, labelled in its own words; the others folded away
        assert names.locator("label").first.inner_text() == "Deutsch"
        assert not form.locator("#new-name-fr").is_visible()
        form.locator("#new-name-de").fill("Glasbläser")
        form.get_by_text("Der Name in den anderen Sprachen (falls du ihn kennst)").tap()
        form.locator("#new-name-fr").fill("Souffleur de verre")
        for name, value in (("building", "workshop"), ("landscape", "lake"), ("freedom", "travel")):
            form.locator(f'input[name="{name}"][value="{value}"] + span').tap()
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        form.get_by_role("button", name="Diese Karte behalten").tap()
        page.wait_for_selector("[data-message]")
        assert "Karte „Glasbläser“ behalten: Werkstatt, See, Reisefreiheit." in page.inner_text(
            "[data-message]"
        )
        kept = LearnedCatalog(app.instance_path).catalog().professions["glasblaser"]
        assert kept.names == {"de": "Glasbläser", "fr": "Souffleur de verre"}
        page.goto(live_server + "/catalog?lang=fr")
        cards = page.locator("ul.cards-known").inner_text()
        assert "Souffleur de verre" in cards and "Glasbläser" not in cards
        page.goto(live_server + "/catalog?lang=en")  # no English name: the name it was taught with
        assert "Glasbläser" in page.locator("ul.cards-known").inner_text()
    finally:
        context.close()
