"""A language per phone and one for the table screen (companion/web/i18n.py): chosen by the
browser's Accept-Language until the switch on every screen says otherwise, and kept in a
cookie of its own for the table screen."""

from __future__ import annotations

import re

import pytest

from companion.web.i18n import PHONE_COOKIE, TABLE_COOKIE
from tests.support.table_games import as_role, mid_game

OFFLINE = {"en": "Offline.", "de": "Offline.", "fr": "Hors ligne."}
LANGUAGE = {"en": "Language", "de": "Sprache", "fr": "Langue"}


def html_lang(page) -> str:
    return re.search(r'<html lang="(\w+)"', page.text).group(1)


def switch(page) -> list[str]:
    nav = re.search(r'<nav class="lang-switch"(.*?)</nav>', page.text, re.S).group(1)
    return re.findall(r'hreflang="(\w+)"', nav)


@pytest.mark.parametrize(
    "accept, expected",
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de"),
        ("fr-CH, fr;q=0.9", "fr"),
        ("it-IT,en;q=0.3", "en"),
        ("es", "en"),
        ("", "en"),
    ],
)
def test_the_browser_language_is_the_default(client, accept, expected):
    page = client.get("/", headers={"Accept-Language": accept})
    assert page.status_code == 200
    assert html_lang(page) == expected
    assert f'aria-label="{LANGUAGE[expected]}"' in page.text
    assert "Cookie" in page.headers["Vary"] and "Accept-Language" in page.headers["Vary"]


def test_a_browsers_language_kept_is_what_its_header_gives(client, monkeypatch):
    """Each Accept-Language header is read once and its answer kept: asked again, in any
    order, each gives what a fresh reading gives; the kept answers are bounded."""
    from companion.web import i18n

    monkeypatch.setattr(i18n, "_best_of", {})
    monkeypatch.setattr(i18n, "BROWSER_HEADERS", 3)
    headers = ["de-DE,de;q=0.9,en;q=0.5", "fr-CH, fr;q=0.9", "it-IT,en;q=0.3", "", "de"]
    expected = ["de", "fr", "en", "en", "de"]
    for _ in range(2):
        for accept, language in zip(headers, expected, strict=True):
            assert html_lang(client.get("/", headers={"Accept-Language": accept})) == language
            assert i18n._best_of[accept] == language
            assert len(i18n._best_of) <= 3


def test_the_switch_is_kept_in_a_cookie_and_beats_the_browser(client):
    page = client.get("/?lang=fr", headers={"Accept-Language": "de"})
    assert html_lang(page) == "fr" and 'aria-label="Langue"' in page.text
    assert client.get_cookie(PHONE_COOKIE).value == "fr"
    again = client.get("/host", headers={"Accept-Language": "de"})  # no ?lang: the cookie
    assert html_lang(again) == "fr"
    client.get("/?lang=en")
    assert html_lang(client.get("/", headers={"Accept-Language": "de"})) == "en"


def test_an_unknown_language_changes_nothing(client):
    client.get("/?lang=de")
    page = client.get("/?lang=xx")
    assert html_lang(page) == "de" and client.get_cookie(PHONE_COOKIE).value == "de"
    page = client.get("/?lang=%3Cscript%3E")
    assert page.status_code == 200 and "<script>" not in page.text.split("</head>")[1]


def test_every_screen_has_the_switch_with_this_page_in_each_language(app, client):
    game = mid_game(app)[0]
    as_role(client, game, "host")
    for path in (
        "/",
        "/host",
        f"/games/{game}/table",
        f"/games/{game}/host",
        f"/games/{game}/history",
        f"/games/{game}/end",
    ):
        page = client.get(path)
        assert page.status_code == 200, path
        assert switch(page) == ["en", "de", "fr"], path
        assert 'href="?lang=de"' in page.text, path  # relative: the path is never repeated
    page = client.get(f"/games/{game}/history?lang=fr")
    assert 'aria-current="true">FR<' in page.text.replace("\n", "")


def test_the_table_screen_has_its_own_language(app, client):
    game = mid_game(app)[0]
    as_role(client, game, "host")
    client.get("/?lang=fr")  # the host's phone reads French
    table = client.get(f"/games/{game}/table", headers={"Accept-Language": "en"})
    assert html_lang(table) == "en"  # the TV has not chosen: its browser's language
    table = client.get(f"/games/{game}/table?lang=de")
    assert html_lang(table) == "de" and client.get_cookie(TABLE_COOKIE).value == "de"
    assert client.get_cookie(PHONE_COOKIE).value == "fr"  # the phone's choice is untouched
    board = client.get(f"/games/{game}/table/board", headers={"HX-Request": "true"}).text
    assert "Runde <strong>1</strong> von 7" in board  # the live fragment follows the cookie
    assert "Phase B (Aktionen)" in board and "Gerade geschehen" in board
    assert "Tour <strong>1</strong>" in client.get(f"/games/{game}/host").text  # phone: French
    assert html_lang(client.get(f"/games/{game}/host")) == "fr"
    assert html_lang(client.get(f"/games/{game}/table")) == "de"


def test_the_offline_banner_speaks_the_phones_language(client):
    for code, word in OFFLINE.items():
        assert f"<strong>{word}</strong>" in client.get(f"/?lang={code}").text


def test_the_language_kept_per_app_is_what_flask_babel_gives(app):
    """Each request's (language, translations) comes from the app's pair for its language:
    the same as Flask-Babel's own lookups give in that request, whichever language came
    before, by cookie, `?lang=` or the browser's header."""
    from flask_babel import get_locale, get_translations

    from companion.core import lang
    from companion.web import i18n

    asks = [
        {"headers": {"Cookie": f"{PHONE_COOKIE}=de"}},
        {"query_string": "lang=fr"},
        {"headers": {"Accept-Language": "it-IT,en;q=0.3"}},
        {"headers": {"Accept-Language": "fr-CH, fr;q=0.9"}},
        {"headers": {"Cookie": f"{PHONE_COOKIE}=de"}},
        {},
    ]
    expected = ["de", "fr", "en", "fr", "de", "en"]
    for kwargs, language in zip(asks + asks, expected + expected, strict=True):
        with app.test_request_context("/", **kwargs):
            got = i18n._current()
            assert got == (language, get_translations())  # Flask-Babel's, looked up afresh
            assert str(get_locale().language) == language == lang.current()
    assert set(app.extensions[i18n.LANGUAGES_KEY]) == {"de", "fr", "en"}
    with app.test_request_context("/?lang=de"):
        assert lang._("Host") != "Host"  # the kept translations do translate
