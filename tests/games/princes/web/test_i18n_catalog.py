"""The catalog's own messages in German and French through the web edge: a bad teach form (the
catalog screen and a phone), a bad catalog file, a bad import link, the deck's counts, and a
form field that is not even the right kind of value. Each is told in the reader's language and
none keeps its English words; what is kept or recorded is the same in every language."""

from __future__ import annotations

import pytest

from companion.games.princes.learned import LearnedCatalog
from tests.games.princes.web.catalog_screen import import_file
from tests.support.phone_game import (
    as_seat,
    game_in_action_phase,
    panel,
    post_event,
    post_teach,
    resend_of,
    text,
)
from tests.support.web_fixtures import csrf_token_for


def read_in(client, lang: str) -> None:
    client.get(f"/?lang={lang}")


def told(client, lang: str, post) -> str:
    """The words of the page `post()` answers with, read in `lang` (always a 422)."""
    read_in(client, lang)
    r = post()
    assert r.status_code == 422, r.text
    return text(r.text)


def told_all(client, post) -> dict[str, str]:
    return {lang: told(client, lang, post) for lang in ("en", "de", "fr")}


def check(words: dict[str, str], english: list[str], wanted: dict[str, list[str]]) -> None:
    for phrase in english:
        assert phrase in words["en"], words["en"]
    for lang in ("de", "fr"):
        for phrase in wanted[lang]:
            assert phrase in words[lang], (lang, words[lang])
        for phrase in english:
            assert phrase not in words[lang], (lang, phrase)


def test_a_bad_teach_form_on_the_catalog_screen(app, client):
    def post():
        form = {"csrf_token": csrf_token_for(client), "name": "Smith", "building": "tower"}
        return client.post("/catalog/professions", data=form)

    words = told_all(client, post)
    check(
        words,
        ["Tap the Landscape the card shows.", "Tap the Freedom the card shows."],
        {
            "de": ["Tippe die Landschaft an, die die Karte zeigt.", "Tippe die Freiheit an"],
            "fr": ["Touchez le paysage que montre la carte.", "Touchez la liberté"],
        },
    )
    assert "smith" not in LearnedCatalog(app.instance_path).catalog().professions


def test_a_whole_deck_pass_in_german_and_french(app, client):
    def post():
        form = {
            "csrf_token": csrf_token_for(client),
            "rows": "2",
            **{"name_0": "Smith", "building_0": "tower", "landscape_0": "lake"},
            "freedom_0": "travel",
            **{"name_1": "Scribe", "building_1": "library"},
        }
        return client.post("/catalog/professions/deck", data=form)

    words = {}
    for lang in ("en", "de", "fr"):
        LearnedCatalog(app.instance_path).forget_profession("smith")
        words[lang] = told(client, lang, post)
    check(
        words,
        ["Kept 1 card: Smith.", "1 card still to fix below", "4 of 21 Profession cards known"],
        {
            "de": ["1 Karte behalten: Smith.", "1 Karte unten ist noch zu berichtigen"],
            "fr": ["1 carte gardée : Smith.", "1 carte reste à corriger"],
        },
    )
    assert "4 von 21 Personenkarten bekannt" in words["de"]
    assert "4 cartes de profession connues sur 21" in words["fr"]


@pytest.mark.parametrize(
    "body, english, de, fr",
    [
        (
            b"[1, 2]",
            "A catalog file is one JSON object",
            "Eine Katalogdatei ist ein JSON-Objekt",
            "Un fichier de catalogue est un objet JSON",
        ),
        (
            b'{"landscape_cells": {"lake": 40}}',
            "A Lake covers 1 to 12 squares",
            "See bedeckt 1 bis 12 Felder",
            "Lac couvre 1 à 12 cases",
        ),
        (
            b'{"professions": {"smith": {"building": "castle", "landscape": "lake",'
            b' "freedom": "travel"}}}',
            'Profession "smith": unknown Building "castle"',
            "Personenkarte „smith“: unbekanntes Gebäude „castle“",
            "Carte de profession « smith » : bâtiment inconnu « castle »",
        ),
    ],
)
def test_a_bad_catalog_file(app, client, body, english, de, fr):
    before = LearnedCatalog(app.instance_path).export()

    words = told_all(client, lambda: import_file(client, body))
    check(
        words,
        ["Nothing was imported", english],
        {"de": ["Nichts wurde eingelesen", de], "fr": ["Rien n’a été importé", fr]},
    )
    assert LearnedCatalog(app.instance_path).export() == before


@pytest.mark.parametrize(
    "url, form, english, de, fr",
    [
        (
            "/catalog/landscapes",
            {"landscape": "lake", "cells": "40"},
            "Tap how many squares a Lake covers (1 to 12).",
            "Tippe an, wie viele Felder ein See bedeckt (1 bis 12).",
            "Touchez le nombre de cases que couvre un Lac (1 à 12).",
        ),
    ],
)
def test_a_bad_link_or_size(client, url, form, english, de, fr):
    words = told_all(
        client, lambda: client.post(url, data={"csrf_token": csrf_token_for(client), **form})
    )
    check(words, [english], {"de": [de], "fr": [fr]})


def test_the_link_import_speaks_the_readers_language(client):
    """The browser fetches another Palazzo's link (static/catalog-import.js); what it says on
    a bad or unreachable link comes from the page, in the reader's language."""
    wanted = {
        "en": ["Give the link another Palazzo shows under Share", "could not be opened"],
        "de": ["Gib den Link an, den ein anderes Palazzo", "ließ sich von diesem Gerät aus"],
        "fr": ["Donnez le lien qu’un autre Palazzo montre", "n’a pas pu être ouvert"],
    }
    for lang, phrases in wanted.items():
        read_in(client, lang)
        page = client.get("/catalog").text
        for phrase in phrases:
            assert phrase in page.replace("&#39;", "'").replace("&#34;", '"'), (lang, phrase)


@pytest.fixture
def action(app):
    return game_in_action_phase(app)


def test_a_bad_teach_form_on_a_phone(app, client, action):
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))

    def post():
        return post_teach(
            client, action, what="profession", resend=resend, name="!!!", building="tower"
        )

    words = told_all(client, post)
    check(
        words,
        ["Type the card's name as printed on it", "Tap the Landscape the card shows."],
        {
            "de": ["Gib den Namen der Karte so ein, wie er darauf gedruckt ist"],
            "fr": ["Saisissez le nom de la carte tel qu’il y est imprimé"],
        },
    )


def test_a_mangled_teach_form_on_a_phone(app, client, action):
    as_seat(client, action, 0)

    def post():
        return post_teach(client, action, what="profession", resend="{not json")

    words = told_all(client, post)
    check(
        words,
        ["This form's move could not be read: go back and try again"],
        {
            "de": ["Der Zug dieses Formulars ist nicht lesbar"],
            "fr": ["Le coup de ce formulaire est illisible"],
        },
    )


@pytest.mark.parametrize(
    "form, english, de, fr",
    [
        (
            {"type": "bid_raised", "player": "0", "amount": "lots"},
            'amount must be a whole number, not "lots"',
            "amount muss eine ganze Zahl sein, nicht „lots“",
            "amount doit être un nombre entier, pas « lots »",
        ),
        (
            {"type": "bid_raised", "player": "0", "amount": "300", "admin": "1"},
            'Raising the bid: unexpected field "admin"',
            "Das Gebot erhöhen: unerwartetes Feld „admin“",
            "Surenchérir : champ inattendu « admin »",
        ),
    ],
)
def test_a_malformed_form_field(app, client, action, form, english, de, fr):
    as_seat(client, action, 0)
    words = told_all(client, lambda: post_event(client, action, **form))
    check(words, [english], {"de": [de], "fr": [fr]})
