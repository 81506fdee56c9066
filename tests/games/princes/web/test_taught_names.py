"""A Profession card taught at the table may be named in English, German and French: each phone
reads it in its own language, falling back to the name it was taught with; the log keeps ids
and the taught data, never a reader's language; an old card of one name still loads."""

from __future__ import annotations

import json

import pytest

from companion.core.lang import N_, words
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import Named, said
from companion.games.princes.rules.catalog import BUILTIN, profession_from_dict
from companion.games.princes.rules.refusals import said_data
from companion.games.princes.rules.state import GameState
from companion.games.princes.rules.work import profession_named
from companion.games.princes.screens import solo as solo_screen
from companion.web.recording import get_table
from tests.games.princes.web.catalog_screen import import_file
from tests.support.phone_game import (
    as_seat,
    game_in_action_phase,
    panel,
    post_teach,
    resend_of,
    text,
)
from tests.support.web_fixtures import csrf_token_for

GLASS_BLOWER = {
    "name_en": "Glass Blower",
    "name_de": "Glasbläser",
    "name_fr": "Souffleur de verre",
    "building": "workshop",
    "landscape": "lake",
    "freedom": "travel",
}


def read_in(client, lang: str) -> None:
    client.get(f"/?lang={lang}")


@pytest.fixture
def action(app):
    return game_in_action_phase(app)


def test_a_card_taught_in_three_languages_is_read_in_each(app, client, action):
    as_seat(client, action, 0)
    read_in(client, "de")
    html = panel(client, action, "?do=teach&for=profession_taken")
    # the German reader's field comes first, the other languages folded after it
    assert (
        html.index('name="name_de"') < html.index('name="name_en"') < html.index('name="name_fr"')
    )
    r = post_teach(client, action, what="profession", resend=resend_of(html), **GLASS_BLOWER)
    assert r.status_code == 200, text(r.text)
    assert "Glasbläser" in text(r.text) and "Glass Blower" not in text(r.text)
    for lang, shown, hidden in (
        ("en", "Glass Blower", ("Glasbläser", "Souffleur de verre")),
        ("fr", "Souffleur de verre", ("Glasbläser", "Glass Blower")),
        ("de", "Glasbläser", ("Glass Blower", "Souffleur de verre")),
    ):
        read_in(client, lang)
        words = text(panel(client, action))
        assert shown in words, (lang, words)
        assert not any(h in words for h in hidden), (lang, words)
        history = text(client.get(f"/games/{action}/history").text)
        assert shown in history and not any(h in history for h in hidden), (lang, history)
    # the log: the card's id and what the table taught, no reader's language
    with app.app_context():
        taught = [e for e in get_table(app).events(action) if e.type == "profession_taught"]
    assert taught[-1].payload["profession"] == "glass_blower"
    assert taught[-1].payload["name_de"] == "Glasbläser"
    assert not {"lang", "language", "locale"} & set(taught[-1].payload)
    kept = LearnedCatalog(app.instance_path).catalog().professions["glass_blower"]
    assert kept.names == {"en": "Glass Blower", "de": "Glasbläser", "fr": "Souffleur de verre"}


def test_a_name_in_one_language_is_the_name_everywhere_else(app, client, action):
    as_seat(client, action, 0)
    read_in(client, "fr")
    html = panel(client, action, "?do=teach&for=profession_taken")
    form = {**GLASS_BLOWER, "name_en": "", "name_de": ""}
    r = post_teach(client, action, what="profession", resend=resend_of(html), **form)
    assert r.status_code == 200, text(r.text)
    kept = LearnedCatalog(app.instance_path).catalog().professions["souffleur_de_verre"]
    assert kept.name == "Souffleur de verre" and kept.names == {"fr": "Souffleur de verre"}
    for lang in ("en", "de"):
        read_in(client, lang)
        assert "Souffleur de verre" in text(panel(client, action))


def test_a_card_needs_a_name_in_some_language(app, client, action):
    as_seat(client, action, 0)
    read_in(client, "de")
    html = panel(client, action, "?do=teach&for=profession_taken")
    form = {**GLASS_BLOWER, "name_en": "", "name_de": "", "name_fr": "!!!"}
    r = post_teach(client, action, what="profession", resend=resend_of(html), **form)
    assert r.status_code == 422
    assert "Gib den Namen der Karte so ein, wie er darauf gedruckt ist" in text(r.text)
    assert "glass_blower" not in LearnedCatalog(app.instance_path).catalog().professions


def test_an_old_card_of_one_name_still_loads_and_is_that_name_everywhere(app, client):
    old = {"name": "Weaver", "building": "studio", "landscape": "park", "freedom": "travel"}
    card = profession_from_dict("weaver", old)
    assert card.name == "Weaver" and card.names == {}
    assert card.to_dict()["name"] == "Weaver" and "name_de" not in card.to_dict()
    (LearnedCatalog(app.instance_path).path).write_text(
        json.dumps({"professions": {"weaver": old}})
    )
    for lang in ("en", "de", "fr"):
        read_in(client, lang)
        page = client.get("/catalog").text
        assert "<strong>Weaver</strong>" in page
    # the host's edit form shows its one name as the English name, the others empty
    assert 'id="c-weaver-name-en" name="name_en"' in page and 'value="Weaver"' in page


def test_the_catalog_screen_teaches_and_shows_names_per_language(app, client):
    form = {"csrf_token": csrf_token_for(client), **GLASS_BLOWER}
    read_in(client, "fr")
    r = client.post("/catalog/professions", data=form)
    assert r.status_code == 200
    assert "Carte « Souffleur de verre » gardée" in text(r.text)
    read_in(client, "de")
    page = client.get("/catalog").text
    assert "<strong>Glasbläser</strong>" in page and "<strong>Glass Blower</strong>" not in page
    # the edit form holds every language's name, to correct one or add one
    for value in ("Glass Blower", "Glasbläser", "Souffleur de verre"):
        assert f'value="{value}"' in page


def test_export_and_import_carry_the_names(app, client):
    client.post("/catalog/professions", data={"csrf_token": csrf_token_for(client), **GLASS_BLOWER})
    exported = json.loads(client.get("/catalog/export.json").text)
    entry = exported["professions"]["glass_blower"]
    assert (entry["name_de"], entry["name_fr"]) == ("Glasbläser", "Souffleur de verre")
    other = BUILTIN.merged(exported)  # another installation reads the same file
    assert other.professions["glass_blower"].names["fr"] == "Souffleur de verre"
    LearnedCatalog(app.instance_path).forget_profession("glass_blower")
    assert import_file(client, json.dumps(exported).encode()).status_code == 200
    kept = LearnedCatalog(app.instance_path).catalog().professions["glass_blower"]
    assert kept.names["de"] == "Glasbläser"


def test_the_engine_names_a_taught_card_in_the_readers_language(app):
    """What the engine says naming a card (Wolfgang's decisions, a misread's fix) carries the
    table's names, also in the JSON form a snapshot keeps; the solo screen names it the same."""
    card = profession_from_dict("glass_blower", GLASS_BLOWER)
    catalog = BUILTIN.merged({"professions": {card.id: card.to_dict()}})
    named = profession_named(GameState(catalog), card.id)  # the one way the engine names it
    assert isinstance(named, Named)
    kept = said_data(said(N_("%(name)s has the %(card)s face up"), name="Ada", card=named))
    for lang, shown in (("de", "Glasbläser"), ("fr", "Souffleur de verre")):
        with app.test_request_context(f"/?lang={lang}"):
            assert words(named) == shown and shown in words(kept)
            assert solo_screen.profession_name([catalog], "glass_blower") == shown
    with app.test_request_context("/?lang=en"):
        assert words(named) == "Glass Blower"
