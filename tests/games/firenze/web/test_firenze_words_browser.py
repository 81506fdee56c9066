"""Firenze's engine words in Chromium: a German phone reads a refusal and its citation in
German, and a table screen reading German follows the last events live, in German."""

from __future__ import annotations

import re

from companion.web.join_links import kept_tokens
from tests.support.firenze_table import deal_row, host_game
from tests.support.web_fixtures import BROWSER_WAIT


def test_a_german_phone_and_table_read_firenze_in_german(app, client, live_server, phones):
    game_id = host_game(client)
    deal_row(client, game_id)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    phone, tv = phones(locale="de-DE"), phones(locale="de-DE")
    for page in (phone, tv):
        page.set_default_timeout(BROWSER_WAIT)
    phone.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    tv.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    tv.goto(f"{live_server}/firenze/{game_id}/table")
    tv.get_by_role("heading", name="Letzte Ereignisse").wait_for()

    # card 6 costs 5 bricks, one on each card to its left; Thomas has 2
    phone.get_by_role("button", name=re.compile(r"^Karte 6 nehmen")).first.tap()
    alert = phone.get_by_role("alert").first
    alert.wait_for()
    words = alert.inner_text()
    assert "Das Lager von Thomas hat 2 in Weiß, nicht 5" in words, words
    assert "Firenze-Spielregel (englische Ausgabe), Spielablauf: dein Lager" in words
    assert "storehouse" not in words and "Game Play" not in words

    phone.get_by_role("button", name=re.compile(r"^Karte 1 nehmen")).first.tap()
    told = "Thomas nahm Karte 1 (Prinzessin) und bekam 4 Steine in Gelb"
    tv.locator(".fz-recent").get_by_text(told).wait_for()  # live, without a reload
    assert "took card" not in tv.locator(".fz-recent").inner_text()
    # a refusal is answered with 422: the browser and htmx log that, and nothing else
    assert [e for e in phone.errors if "422" not in e] == [] and tv.errors == []
