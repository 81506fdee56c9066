"""How Palazzo works: a page for hosts and players, linked from the home
page, in English, German and French, covering what a first club night needs: what to prepare
(teach or import the deck first), hosting, joining, the TV, the money check, undo and misreads,
solo. docs/guide.md says the same at more length."""

from __future__ import annotations

import re

import pytest

from tests import ROOT
from tests.support.phone_game import text

SECTIONS = ["prepare", "hosting", "joining", "tv", "money", "undo", "solo"]
TITLES = {
    "en": [
        "Before the first night",
        "Hosting",
        "Joining",
        "The TV",
        "The money check",
        "Undo and misreads",
        "Solo",
    ],
    "de": [
        "Vor dem ersten Abend",
        "Spielleitung",
        "Beitreten",
        "Der Fernseher",
        "Die Geldprüfung",
        "Zurücknehmen und falsch Abgelesenes",
        "Solo",
    ],
    "fr": [
        "Avant la première soirée",
        "Hébergement",
        "Rejoindre",
        "La télévision",
        "La vérification de l’argent",
        "Annuler et corriger une erreur de lecture",
        "Solo",
    ],
}
HEADLINE = {
    "en": "How Palazzo works",
    "de": "So funktioniert Palazzo",
    "fr": "Comment fonctionne Palazzo",
}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_home_page_leads_to_the_guide_in_each_language(client, lang):
    home = client.get(f"/?lang={lang}").get_data(as_text=True)
    assert 'href="/guide"' in home
    page = client.get(f"/guide?lang={lang}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert re.search(rf"<h1>{HEADLINE[lang]}</h1>", html)
    # every part, in the contents and as a section with its heading, in that language
    for section, title in zip(SECTIONS, TITLES[lang], strict=True):
        assert f'href="#{section}"' in html and f'<section id="{section}"' in html
        assert f'<h2 id="{section}-title">{title}</h2>' in html
    words = text(html)
    if lang != "en":  # translated, not English left in
        assert "Teach them once" not in words and "money check" not in words
    # what to prepare points at the catalog, where the deck is taught or imported
    assert 'href="/catalog"' in html


def test_the_guide_in_docs_covers_the_same_parts():
    guide = (ROOT / "docs" / "guide.md").read_text()
    for heading in TITLES["en"]:
        assert f"\n## {heading}\n" in guide, heading
    assert "/catalog" in guide and "catalog import" in guide
