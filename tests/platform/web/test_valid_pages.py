"""Every screen is valid HTML, in every language: the Nu HTML Checker (vnu) finds no error.

The screens are the ones the browser tests open (home, the host form, a seat at each phase,
the scribe, the host page, the table screen, the TV's end screen, the guide, the catalog, the
club, a player's page, solo, Firenze's phone and table) and the offline page, fetched as their
viewers fetch them, in English, German and French, and handed to one vnu run (its JVM starts
once). A page known to be invalid goes along, so a checker that found nothing because it read
nothing fails.
"""

from __future__ import annotations

import pytest

from companion.web import i18n
from companion.web.join_links import kept_tokens
from tests.platform.web import vnu
from tests.support.firenze_table import deal_row
from tests.support.firenze_table import host_game as host_firenze
from tests.support.phone_game import as_host
from tests.support.table_games import (
    as_role,
    finished_game,
    host,
    host_solo,
    mid_game,
    play,
    teach_test_deck,
)

pytestmark = pytest.mark.slow

LANGUAGES = ("en", "de", "fr")
# The hands tests/support/table_games.py's deck holds (its TEST DATA cards and the built-in ones).
HANDS = (
    ["zanzibar_glassblower", "quixotic_lamplighter", "velvet_cartographer"],
    ["poet", "alchemist", "botanist"],
    [
        "test_university_forest_travel",
        "test_workshop_forest_religion",
        "test_library_forest_opinion",
    ],
)
INVALID = '<!doctype html><html lang="en"><title>x</title><p hx-get="/x">htmx unprefixed</p>'


def fetched(client, url: str) -> str:
    r = client.get(url, follow_redirects=True)
    assert r.status_code == 200, f"{url}: {r.status_code}"
    return r.text


def princes_screens(app, client) -> dict[str, tuple[str, tuple]]:
    """name -> (url, role) of each Princes screen: role is ("host",), ("seat", n),
    ("spectator",), ("solo",) or ()."""
    teach_test_deck(app)
    setup, _ = host(app, grid=True)
    auction, _ = host(app, grid=True)
    chosen = [
        {"type": "starting_hand_chosen", "player": s, "professions": h} for s, h in enumerate(HANDS)
    ]
    play(app, auction, *chosen, {"type": "auction_opened", "player": 0, "object": "jester"})
    middle, _ = mid_game(app)
    ended, _ = finished_game(app)
    solo = host_solo(app)
    return {
        "seat-setup": (f"/games/{setup}/me", ("seat", 0)),
        "seat-auction": (f"/games/{auction}/me", ("seat", 1)),
        "seat-action": (f"/games/{middle}/me", ("seat", 1)),
        "seat-end": (f"/games/{ended}/me", ("seat", 0)),
        "host-page": (f"/games/{middle}/host", ("host",)),
        "scribe": (f"/games/{middle}/scribe/2", ("host",)),
        "table": (f"/games/{middle}/table", ("spectator",)),
        "table-auction": (f"/games/{auction}/table", ("spectator",)),
        "table-end": (f"/games/{ended}/table", ("spectator",)),
        "tv-end": (f"/games/{ended}/end", ("spectator",)),
        "history": (f"/games/{middle}/history", ("host",)),
        "solo": (f"/games/{solo}/solo", ("solo",)),
        "player-page": ("/club/players/Alexandra", ()),
    }


def test_every_screen_is_valid_html_in_every_language(app, client, tmp_path):
    screens = princes_screens(app, client)
    firenze = host_firenze(client)
    deal_row(client, firenze)
    with app.test_request_context():
        firenze_tokens = kept_tokens(firenze)
    files = []
    for language in LANGUAGES:
        client.set_cookie(i18n.PHONE_COOKIE, language)
        client.set_cookie(i18n.TABLE_COOKIE, language)
        pages = {
            name: fetched(client, path)
            for name, path in {
                "home": "/",
                "host-form": "/host",
                "guide": "/guide",
                "catalog": "/catalog",
                "club": "/club",
                "solo-form": "/solo/new",
                "firenze-host-form": "/firenze/host",
                "offline": "/offline",
            }.items()
        }
        for name, (url, role) in screens.items():
            if role:
                game_id = url.split("/")[2]
                if role == ("solo",):
                    as_host(client, game_id, 0)  # the solo player hosts from their seat
                else:
                    as_role(client, game_id, role[0], *role[1:])
            pages[name] = fetched(client, url)
        for name, token in (
            ("firenze-phone", firenze_tokens.seats[0]),
            ("firenze-table", firenze_tokens.spectator),
        ):
            pages[name] = fetched(client, f"/games/{firenze}/join/{token}")
        assert f'<html lang="{language}"' in pages["home"]
        for name, page in pages.items():
            path = tmp_path / f"{language}-{name}.html"
            path.write_text(page)
            files.append(path)
    (tmp_path / "known-invalid.html").write_text(INVALID)
    found = vnu.check([*files, tmp_path / "known-invalid.html"])
    assert "known-invalid.html" in found, "vnu reported nothing, not even the invalid page"
    del found["known-invalid.html"]
    assert len(files) == len(LANGUAGES) * 23
    assert not found, "\n".join(f"{name}: {e}" for name, errors in found.items() for e in errors)
