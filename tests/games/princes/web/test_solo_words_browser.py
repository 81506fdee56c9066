"""Solo play's engine words on a French phone in Chromium: the step the app waits for and
Wolfgang's decision, as the solo page shows them after the language switch (docs/i18n.md).

The Automa deck and Profession cards are TEST DATA (tests/data/README.md); card 1 plays the
rulebook's auction example.
"""

from __future__ import annotations

import re

from tests.support.solo_phone import first_card_in_chromium, teach_test_data, through_checklist


def say(page) -> str:
    """The step's sentence, its spaces plain (French sets a narrow one before ":")."""
    return re.sub(r"\s+", " ", page.inner_text("#solo-step .say"))


def test_the_solo_step_and_wolfgangs_decision_read_in_french(phone, app, live_server):
    page = phone
    teach_test_data(app.instance_path)
    first_card_in_chromium(page, live_server)
    through_checklist(page, "choose_object")
    page.goto(page.url.split("?")[0] + "?lang=fr")  # the switch on every screen
    through_checklist(page, "choose_object")
    assert say(page).startswith("Enchère 1 sur 4 : choisissez un item à mettre aux enchères")
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.locator('#solo-step form:has(input[name="object"][value="jester"]) button').tap()
    through_checklist(page, "roll")
    assert say(page) == "Saltimbanque : lancez le dé (6+1D6)"
    page.locator(".btn-die", has_text="4").tap()
    through_checklist(page, "buy_or_decline")
    assert say(page).startswith("Saltimbanque : dernière offre 1000 — acheter pour 1100")
    page.locator('#solo-step form:has(input[name="type"][value="solo_declined"]) button').tap()
    through_checklist(page, "choose_object")
    decided = [re.sub(r"\s+", " ", d) for d in page.locator("li.who-you").all_inner_texts()]
    assert "Vous refusez le Saltimbanque ; si Wolfgang l’achète, il paie 1000" in decided
    assert not any("You decline" in d for d in decided)
