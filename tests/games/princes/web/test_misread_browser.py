"""Fixing a misread in Chromium on a 390 px phone: the die for Wolfgang's purchase
typed as 3 while it showed 5, fixed after he bought and after the next step was recorded; the
page re-derives his payment and says what to move on the table.

TEST DATA deck and cards (tests/data/README.md): card 1 has the Builder leftmost at 2+1D6.
"""

from __future__ import annotations

import pytest

from tests.support import shots
from tests.support.solo_phone import first_card_in_chromium, teach_test_data, through_checklist


def step(page, name: str):
    through_checklist(page, name)  # the checklist's steps are tested in test_checklist_browser


@pytest.mark.screenshots
def test_a_mistyped_die_is_fixed_after_wolfgang_acted_on_it(phone390, app, live_server):
    page = phone390
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    teach_test_data(app.instance_path)
    first_card_in_chromium(page, live_server)
    step(page, "choose_object")
    page.get_by_role("button", name="Leave all auctions").tap()
    step(page, "roll")
    page.locator(".btn-die", has_text="3").tap()  # the die shows 5: a misread
    step(page, "your_turn")
    assert page.inner_text('[data-who="wolfgang"] [data-money]') == "1000"
    assert "rolled 3 + 2, he pays 500" in page.inner_text(".decisions")
    page.get_by_role("button", name="End my turn").tap()  # play went on past it
    step(page, "wolfgang_card")

    page.locator("[data-misreads] summary").tap()
    fix = page.locator("form.misread", has_text="Round 1, the die for Wolfgang's Builder: 3")
    fix.locator("select").select_option("5")
    fix.get_by_role("button", name="Fix").tap()
    page.wait_for_selector("[data-fixed]")
    fixed = page.inner_text("[data-fixed]")
    assert (
        "Fixed: the die shows 5, not 3" in fixed and "Take 200 Florin more from Wolfgang" in fixed
    )
    assert page.inner_text('[data-who="wolfgang"] [data-money]') == "800"
    assert "rolled 5 + 2, he pays 700" in page.inner_text(".decisions")
    step(page, "wolfgang_card")  # the step the game waits for is unchanged
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("[data-fixed]").is_visible()
    assert not errors
    if shots.wanted():
        page.locator("[data-fixed]").scroll_into_view_if_needed()
        shots.shoot(page, "misread.png")
