"""A Firenze turn on phones in Chromium at 360 px: take a card, turn over the next one, build,
the warning before a tower is torn down, fulfil a commission; the other phones follow live
and never see the hand."""

from __future__ import annotations

import re

import pytest

from companion.web.join_links import kept_tokens
from tests.games.firenze.web.firenze_browser import quick_turn
from tests.support import shots
from tests.support.firenze_table import deal_row, host_game
from tests.support.web_fixtures import BROWSER_WAIT


def tap(page, name: str):
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).first.tap()


def reveal(page, name: str, kind: str, colour: str):
    page.fill("input[name=name]", name)
    page.select_option("select[name=kind]", kind)
    for i in range(4):
        page.select_option(f"select[name=brick_{i}]", colour)
    tap(page, "Put it in the row")


@pytest.mark.screenshots
def test_a_firenze_turn_on_phones(app, client, live_server, phones):
    game_id = host_game(client)
    deal_row(client, game_id)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas = phones()
    thomas.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    thomas.wait_for_url(f"**/firenze/{game_id}/me")
    thomas.get_by_text("Your turn").first.wait_for()
    holger = phones()
    holger.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    holger.get_by_text("Thomas's turn").first.wait_for()
    daniela = app.test_client()
    daniela.get(f"/games/{game_id}/join/{tokens.seats[2]}")

    # Thomas takes the free Princess (4 yellow on it), turns over the next card, builds a
    # yellow tower of 2 with two of them and keeps it for later.
    tap(thomas, "Take card 1")
    thomas.get_by_text("Turn over the next card").first.wait_for()
    reveal(thomas, "Clerk", "personnel", "white")
    thomas.get_by_text("3. Build").first.wait_for()
    assert thomas.locator("[data-hand]").inner_text().count("Princess") == 1
    thomas.select_option("select[name=new_colour_0]", "yellow")
    thomas.fill("input[name=new_bricks_0]", "2")
    tap(thomas, "Build")
    thomas.locator("[data-fulfil='yellow-2']").wait_for()  # he could fulfil now
    assert thomas.evaluate("document.documentElement.scrollWidth") <= 360
    shots.shoot(thomas, "firenze-phone.png", full_page=True)
    tap(thomas, "End my turn")
    holger.get_by_text("Your turn").first.wait_for(timeout=BROWSER_WAIT)  # live, without a reload
    assert "Princess" not in holger.content()

    # Holger's and Daniela's turns; back to Thomas, whose yellow tower must grow or fall.
    holger_client = app.test_client()
    holger_client.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    quick_turn(holger_client, game_id, "green")
    quick_turn(daniela, game_id, "red")
    thomas.get_by_text("Your turn").first.wait_for(timeout=BROWSER_WAIT)
    tap(thomas, "Take card 1")
    reveal(thomas, "Clerk", "personnel", "blue")
    warning = thomas.locator("[data-warning=tear-down]")
    warning.wait_for()
    assert "yellow tower (2 high) will be torn down" in warning.inner_text()
    assert "1 to the pouch, 1 back" in warning.inner_text()
    thomas.fill("input[name=add_1]", "1")
    tap(thomas, "Build")
    # yellow 3: 2 PP on the test board, and the level tile for 3 is still there (1 PP)
    button = thomas.locator("[data-fulfil='yellow-3']")
    assert "2 PP + level tile 1 PP" in button.inner_text()
    button.tap()
    thomas.locator("[data-pp]").filter(has_text="3").wait_for()
    assert thomas.evaluate("document.documentElement.scrollWidth") <= 360
    table = phones()
    table.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    table.wait_for_url(f"**/firenze/{game_id}/table")
    table.get_by_text("Commissions").first.wait_for()
    assert "Princess" not in table.locator("#fz-board").inner_text()  # no hand on the table
    assert table.evaluate("document.documentElement.scrollWidth") <= 360
    shots.shoot(table, "firenze-table.png", full_page=True)


def test_a_building_used_with_its_effect_on_another_player_on_a_phone(
    app, client, live_server, phones
):
    """Ruling F16 and the effect form: Thomas takes the Workshop, uses it once this turn for
    2 PP to Holger, and the phone no longer offers it; the page stays 360 px wide."""
    game_id = host_game(client)
    deal_row(client, game_id)  # Princess, Mason, Workshop, ...
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas = phones()
    thomas.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    thomas.get_by_text("Your turn").first.wait_for()
    tap(thomas, "Take card 3")
    reveal(thomas, "Clerk", "personnel", "white")
    workshop = thomas.locator("[data-building='Workshop']")
    workshop.get_by_text("Use it (once a turn)").tap()
    workshop.get_by_text("What it did to Holger").tap()
    workshop.locator("input[name=p1_pp]").fill("2")
    assert thomas.evaluate("document.documentElement.scrollWidth") <= 360
    tap(thomas, "Use Workshop")
    workshop.get_by_text("used this turn").wait_for()
    assert workshop.get_by_text("Use it (once a turn)").count() == 0
    assert thomas.evaluate("document.documentElement.scrollWidth") <= 360
    assert thomas.errors == []
    table = phones()
    table.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    table.wait_for_url(f"**/firenze/{game_id}/table")
    assert re.search(r"Holger\D*2\s*PP", table.locator("#fz-board").inner_text())


@pytest.mark.screenshots
def test_a_french_and_a_german_phone_play_a_firenze_turn(app, client, live_server, phones):
    """Each phone reads its browser's language: Thomas's French phone takes a card, turns over
    the next and builds, with its controls named in French for a screen reader; Holger's
    German phone follows live; the switch turns Thomas's phone German. 360 px wide."""
    game_id = host_game(client)
    deal_row(client, game_id)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas, holger = phones(locale="fr-FR"), phones(locale="de-DE")
    for page, seat in ((thomas, 0), (holger, 1)):
        page.set_default_timeout(BROWSER_WAIT)
        page.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[seat]}")
    thomas.get_by_text("À vous de jouer").first.wait_for()
    holger.get_by_text("Thomas ist am Zug").first.wait_for()
    assert thomas.locator("html").get_attribute("lang") == "fr"
    assert holger.locator("html").get_attribute("lang") == "de"
    assert "Carte 2 · coûte 1 brique" in thomas.locator("[data-position='2']").inner_text()

    tap(thomas, "Prendre la carte 1")
    thomas.get_by_text("Retourner la carte suivante").first.wait_for()
    thomas.get_by_label("Nom de la carte").fill("Clerk")
    thomas.get_by_label("Type").select_option("personnel")
    for i in range(4):
        thomas.get_by_label(f"Brique {i + 1}").select_option("white")
    tap(thomas, "La placer dans la rangée")
    thomas.get_by_text("3. Construire").first.wait_for()
    assert thomas.get_by_text("Enregistré.").count() == 1
    thomas.select_option("select[name=new_colour_0]", "yellow")
    thomas.fill("input[name=new_bricks_0]", "2")
    thomas.get_by_role("button", name="Construire", exact=True).tap()
    thomas.locator("[data-fulfil='yellow-2']").wait_for()
    words = thomas.locator("#fz-panel").inner_text()
    assert "5. Remplir une commande" in words and "Vos tours" in words
    for english in ("Your turn", "Build", "End my turn", "Your storehouse", "Recorded"):
        assert english not in words, english
    assert thomas.evaluate("document.documentElement.scrollWidth") <= 360
    shots.shoot(thomas, "firenze-phone-fr.png", full_page=True)
    thomas.get_by_role("button", name="Finir mon tour").tap()
    holger.get_by_text("Du bist am Zug").first.wait_for()  # live, without a reload
    assert holger.get_by_role("button", name="Karte 1 nehmen").count() == 1
    assert holger.evaluate("document.documentElement.scrollWidth") <= 360

    thomas.get_by_role("link", name="Deutsch").tap()  # the switch on every screen
    thomas.get_by_text("Holger ist am Zug").first.wait_for()
    assert thomas.locator("html").get_attribute("lang") == "de"
    table = phones(locale="de-DE")  # the table screen, in its own language
    table.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    table.wait_for_url(f"**/firenze/{game_id}/table")
    board = table.locator("#fz-board").inner_text()
    assert "Kartenreihe" in board and "Baustellen" in board
    assert "Card row" not in board and "Commissions" not in board
    assert table.evaluate("document.documentElement.scrollWidth") <= 360
    shots.shoot(table, "firenze-table-de.png", full_page=True)
    assert thomas.errors == [] and holger.errors == [] and table.errors == []
