"""Count your Florins in Chromium on 390 px phones: Ada's mistaken raise to
400 is recorded while the table saw her pay 300 for the Jester; her count finds the event, she
marks it, the host corrects that event's effect, and her phone then shows the count agrees.
`scripts/screenshots` saves count.png (Ada's phone, the mismatch found)."""

from __future__ import annotations

import re

import pytest

from tests.support import a11y, shots
from tests.support.phone_game import button, choose_hands, has_number, host_game, money, state
from tests.support.web_fixtures import BROWSER_WAIT

WIDTH = 390


@pytest.mark.screenshots
def test_a_wrong_price_is_found_at_its_event_and_fixed_by_the_host(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    ada, ben, cy, host = (phones(WIDTH) for _ in range(4))
    for page in (ada, ben, cy, host):
        page.set_default_timeout(BROWSER_WAIT)
    for page, token in zip((ada, ben, cy), tokens.seats, strict=True):
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        page.wait_for_function(
            "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
        )
    host.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    host.wait_for_url("**/host")

    # The auction by paddle. Ada taps Raise once too often: the log has her Jester at 400,
    # the table saw Ben drop out at 300 and took 300 Florin from her.
    button(ada, "Jester").tap()
    button(ben, "Raise to 300").tap()
    button(cy, "Pass").tap()
    button(ada, "Raise to 400").tap()
    ben.get_by_text("bid 400 by Ada", exact=False).first.wait_for()
    button(ben, "Pass").tap()
    ada.get_by_text("You won the Jester for 400 Florin").first.wait_for()
    assert money(ada) == "3100 Florin"
    jester = state(app, game_id).events_applied  # the seq of Ben's pass: the last event

    # Ben asks the table for a money check from his phone.
    ben.get_by_role("link", name="Count your Florins").tap()
    ben.get_by_role("button", name="Ask everyone to count their Florins").tap()
    ben.get_by_text("Ben asked everyone to count their Florins").wait_for()
    ben.fill("#count-amount", "3500")
    ben.get_by_role("button", name="Compare with the log").tap()
    ben.get_by_text("Your count and the log agree: 3500 Florin").wait_for()

    # Ada's phone shows the open check by itself; she counts 3200 Florin behind her screen.
    ada.locator("[data-count-banner=money]").get_by_role(
        "link", name=re.compile("A money check is open")
    ).tap(timeout=BROWSER_WAIT)
    ada.fill("#count-amount", "3200")
    ada.get_by_role("button", name="Compare with the log").tap()
    verdict = ada.locator("[data-verdict]")
    verdict.wait_for()
    said = verdict.inner_text()
    assert "You counted 3200 Florin; the log has 3100 Florin" in said
    assert f"Look first at event {jester}: Ben passed; Ada won the Jester for 400 Florin" in said
    assert "the table paid a different amount here" in said
    line = ada.locator(f'tr[data-line="{jester}"]')
    assert "first" in (line.get_attribute("class") or "")
    line.get_by_role("button", name=f"Here is where we disagree: event {jester}").tap()
    ada.get_by_text(f"You marked event {jester}").wait_for()
    assert ada.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert a11y.audit(ada) == []  # names, landmarks, headings, contrast (clue rows included)
    shots.shoot(ada, "count.png", full_page=True)

    # The host sees who disagrees and where, never an amount, and corrects that event.
    host.get_by_role("link", name=re.compile("A money check is open")).tap(timeout=BROWSER_WAIT)
    row = host.locator('[data-standing="0"]')
    row.wait_for()
    assert f"Ada: disagrees at event {jester}" in row.inner_text()
    assert "marked by Ada" in row.inner_text()
    assert "Ben: agrees" in host.locator('[data-standing="1"]').inner_text()
    assert "not counted yet" in host.locator('[data-standing="2"]').inner_text()
    for secret in (3100, 3200):
        assert not has_number(host.content(), secret)
    row.get_by_role("link", name="Correct").tap()
    assert host.locator("#fix-event").input_value() == str(jester)
    assert a11y.audit(host) == []
    host.fill("#fix-amount", "100")
    host.fill("#fix-reason", "Ada paid 300 for the Jester")
    host.get_by_role("button", name="Record the correction").tap()
    host.get_by_text(f"Host corrected Ada's money for event {jester}").wait_for()

    # Ada's phone follows the log live: her count and the log now agree.
    ada.locator('[data-verdict="agrees"]').wait_for()
    assert "Your count and the log agree: 3200 Florin" in ada.locator("[data-verdict]").inner_text()
    fixed = ada.locator(f'tr[data-line="{jester + 1}"]').inner_text()
    assert "+100" in fixed and "3200" in fixed
    host.locator('[data-standing="0"]', has_text="agrees").wait_for()
    for page in (ada, ben, cy, host):
        assert page.errors == []
    a11y.large_text(ada)  # 200 % text still fits the phone
    assert a11y.overflowing(ada) == []

    # The same page on a German phone: longer words, and still readable and within the screen
    # at 200 % text.
    ada.goto(ada.url.split("?")[0] + "?lang=de")
    ada.get_by_text("Deine Zählung und das Protokoll stimmen überein: 3200 Florin").wait_for()
    assert "Dein Geld, Ereignis für Ereignis" in ada.inner_text("[data-ledger]")
    assert a11y.audit(ada) == []
    a11y.large_text(ada)
    wide = a11y.overflowing(ada)
    assert wide == [], wide
