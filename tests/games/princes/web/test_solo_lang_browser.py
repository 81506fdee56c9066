"""A solo game begun on a French phone in Chromium (the browser asks for French), its first
auction played by the French names of the controls, then switched to German on the page.

The Automa deck and Profession cards are TEST DATA (tests/data/README.md).
"""

from __future__ import annotations

from tests.support.solo_phone import HAND, teach_test_data, through_checklist


def test_a_solo_game_on_a_french_phone_then_in_german(phones, app, live_server):
    teach_test_data(app.instance_path)
    page = phones(locale="fr-FR")
    page.goto(live_server + "/solo/new")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.get_by_role("textbox", name="Votre nom").fill("Alexandra")
    page.get_by_role("radio", name="Moi", exact=True).tap()
    page.get_by_role("button", name="Commencer la partie solo").tap()
    page.wait_for_url("**/solo")
    through_checklist(page, "starting_hand", done="Fait")
    for pid in HAND:
        page.locator(f'.hand input[value="{pid}"]').check()
    assert page.inner_text(".hand .ticked") == "3 sur 3 cochées"
    page.get_by_role("button", name="Garder ces 3").tap()
    through_checklist(page, "auction_card", done="Fait")
    page.get_by_role("spinbutton", name="Le numéro imprimé sur la carte").fill("1")
    page.get_by_role("button", name="Piochée").tap()
    page.wait_for_selector('#solo-step[data-step="choose_object"]')
    assert page.get_by_role("list", name="Case du haut").is_visible()
    page.locator("#solo-step").get_by_role("button", name="Parc").tap()
    page.wait_for_selector('#solo-step[data-step="roll"]')
    page.get_by_role("group", name="Le dé montre").get_by_role("button", name="3").tap()
    page.wait_for_selector('#solo-step[data-step="buy_or_decline"]')
    assert page.get_by_role("button", name="Refuser").is_visible()
    auctions = page.inner_text(".solo-offers")
    assert "Vos enchères ce tour-ci" in auctions and "3 au dé" in auctions
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The switch on the page: the same game, now in German, on this phone only.
    page.get_by_role("navigation", name="Langue").get_by_role("link", name="DE").tap()
    page.wait_for_selector('html[lang="de"]')
    page.wait_for_selector('#solo-step[data-step="buy_or_decline"]')
    assert page.get_by_role("button", name="Ablehnen").is_visible()
    assert "Deine Versteigerungen in dieser Runde" in page.inner_text(".solo-offers")
    assert "Refuser" not in page.inner_text("#solo-live")
    assert page.errors == []
