"""Names read whole ("Diete/r" broken at 390 px on a French phone): on 390 px
phones in French and German, with long names, no word of a player's phone, the host page or
the table screen is drawn over two lines. Only the join links' addresses may break anywhere
(they are codes, and the copy button copies them whole); the helper finds those, so it sees
a broken word when there is one."""

from __future__ import annotations

import pytest

from tests.support import a11y
from tests.support.table_games import host, play, teach_test_deck
from tests.support.web_fixtures import phone_context

pytestmark = pytest.mark.browser

NAMES = ("Dieter", "Geneviève", "Maximilian")
HANDS = [
    ["zanzibar_glassblower", "quixotic_lamplighter", "velvet_cartographer"],
    ["poet", "alchemist", "botanist"],
    [
        "test_university_forest_travel",
        "test_workshop_forest_religion",
        "test_library_forest_opinion",
    ],
]


def settled(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def test_no_word_breaks_at_390_px(app, live_server, browser):
    """One game and one phone, read in French and then in German (`?lang=` on each page)."""
    teach_test_deck(app)
    game_id, tokens = host(app, names=NAMES, grid=True)
    play(
        app,
        game_id,
        *[
            {"type": "starting_hand_chosen", "player": s, "professions": h}
            for s, h in enumerate(HANDS)
        ],
        {"type": "auction_opened", "player": 0, "object": "jester"},
        {"type": "bid_raised", "player": 1, "amount": 300},
    )
    context = phone_context(browser, 390)
    try:
        page = context.new_page()
        for lang in ("fr", "de"):
            for seat in range(3):
                page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[seat]}?lang={lang}")
                page.wait_for_url("**/me*")
                settled(page)
                assert page.evaluate("document.documentElement.lang") == lang
                assert a11y.broken_words(page) == [], (lang, seat, a11y.broken_words(page))
            page.goto(f"{live_server}/games/{game_id}/table?lang={lang}")
            settled(page)
            assert a11y.broken_words(page) == [], lang
            page.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}?lang={lang}")
            settled(page)
            assert page.evaluate("document.documentElement.lang") == lang
            assert a11y.broken_words(page, skip=".join-address") == [], lang
            # the join links' codes break anywhere on purpose: the helper sees them
            page.eval_on_selector_all("details", "ds => ds.forEach(d => { d.open = true; })")
            assert a11y.broken_words(page) != []
    finally:
        context.close()
