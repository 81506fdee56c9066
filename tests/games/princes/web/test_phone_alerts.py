"""Nothing to miss: a check the table asks for opens as a banner on every phone, and
a card another phone claims from your starting hand reaches your phone without a reload. Both
are outside the log, so each phone asks for its alerts every few seconds and is answered 204
while they are what it shows."""

from __future__ import annotations

import re

from tests.support.phone_game import as_seat, host_game, panel, post_event, record, text
from tests.support.web_fixtures import csrf_token_for


def alerts(client, game_id, seen=""):
    return client.get(f"/games/{game_id}/me/alerts", query_string={"seen": seen})


def shown_key(html: str) -> str:
    return re.search(r'data-alerts="(\w+)"', html).group(1)


def open_check(client, game_id, track="money"):
    data = {"csrf_token": csrf_token_for(client), "action": "start"}
    assert client.post(f"/games/{game_id}/count/{track}", data=data).status_code == 303


def test_a_money_check_opens_as_a_banner_on_every_phone(app, client):
    game_id, _ = host_game(app)
    keys = {}
    for seat in range(3):
        as_seat(client, game_id, seat)
        page = panel(client, game_id)
        assert "data-count-banner" not in page
        keys[seat] = shown_key(page)
        assert alerts(client, game_id, keys[seat]).status_code == 204  # nothing new
        # it asks again when its stream is nudged, and by itself now and then
        assert 'data-hx-trigger="palazzo:nudge, every 60s" data-nudged' in page
    as_seat(client, game_id, 1)
    open_check(client, game_id)
    for seat in range(3):
        as_seat(client, game_id, seat)
        r = alerts(client, game_id, keys[seat])
        assert r.status_code == 200
        banner = re.search(r'<p class="banner count-banner"[^>]*>.*?</p>', r.text, re.S).group(0)
        assert 'data-count-banner="money"' in banner and "data-alert-buzz=" in banner
        assert "A money check is open: count your Florins" in text(banner)
        assert alerts(client, game_id, shown_key(r.text)).status_code == 204  # drawn once
    # the panel drawn afresh shows it at its top, before the screen's own content
    page = panel(client, game_id)
    assert page.index("data-count-banner") < page.index('class="card')


def test_the_holder_hears_a_claim_on_its_card_without_a_reload(app, client):
    game_id, _ = host_game(app)
    record(
        app,
        game_id,
        "0",
        type="starting_hand_chosen",
        player=0,
        professions=["poet", "alchemist", "botanist"],
    )
    as_seat(client, game_id, 0)
    seen = shown_key(panel(client, game_id))
    assert alerts(client, game_id, seen).status_code == 204
    as_seat(client, game_id, 1)
    r = post_event(
        client,
        game_id,
        type="starting_hand_chosen",
        player="1",
        professions=["poet", "mason", "painter"],
    )
    assert r.status_code == 422
    as_seat(client, game_id, 0)
    r = alerts(client, game_id, seen)
    assert r.status_code == 200
    assert "Another player says the Poet was dealt to them" in text(r.text)
    as_seat(client, game_id, 2)  # nobody else hears which card
    assert "Poet" not in text(alerts(client, game_id).text)


def test_alerts_are_for_a_seat_only(app, client):
    game_id, _ = host_game(app)
    assert alerts(client, game_id).status_code in (401, 403)
