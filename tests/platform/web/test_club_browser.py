"""The club page in Chromium at 390 px and 1920 px, in three languages: readable tables and
charts with names, nothing wider than the screen, no unnamed control, AA contrast."""

from __future__ import annotations

import pytest

from tests.platform.web.club_games import record_game
from tests.support import a11y
from tests.support.web_fixtures import phone_context

pytestmark = pytest.mark.browser


@pytest.fixture
def club_url(app, live_server):
    from tests.support.club_stats import hand_game, taught
    from tests.support.firenze_bot import Bot

    bot = Bot(0)
    bot.play(2000)
    with app.app_context():
        record_game(app, taught(hand_game().log))
        record_game(app, bot.log)
    return live_server + "/club"


@pytest.mark.parametrize(
    ("width", "height", "locale", "words"),
    [
        (390, 844, "en-GB", ("The club's figures", "Wins by position", "Firenze")),
        (1920, 1080, "de-DE", ("Die Zahlen des Clubs", "Siege nach Platz", "Firenze")),
        (390, 844, "fr-FR", ("Les chiffres du club", "Victoires par place", "Firenze")),
    ],
)
def test_the_club_page_reads_well_on_a_phone_and_a_wide_screen(
    browser, club_url, width, height, locale, words
):
    context = phone_context(browser, width, height, locale=locale)
    try:
        page = context.new_page()
        page.goto(club_url)
        text = page.inner_text("main")
        for w in words:
            assert w in text
        # the Princes' Jester row and Firenze's commission chart, each in its own section
        charts = page.locator("svg[role=img]")
        assert charts.count() >= 4
        for i in range(charts.count()):
            assert charts.nth(i).get_attribute("aria-labelledby")
            label = page.evaluate(
                "(svg) => svg.querySelector('title').textContent", charts.nth(i).element_handle()
            )
            assert label.strip()
        assert page.locator("table.club-table caption").count() >= 6
        assert a11y.overflowing(page) == []
        assert a11y.audit(page) == []
        page.click("a[href^='/club/players/Ada']")
        page.wait_for_url("**/club/players/Ada")
        assert page.locator("h1").inner_text() == "Ada"
        assert a11y.overflowing(page) == []
    finally:
        context.close()
