"""Articles that agree with the name (companion.core.grammar): "Ada hat den Gaukler gekauft",
"… die Werkstatt …", "Ada a acheté la Forêt", never the colon form "Ada hat gekauft: Gaukler"."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion.core import grammar, lang
from companion.core.refusal import Named
from tests import ROOT
from tests.conftest import lang_speaking

PO = ROOT / "companion/translations/{}/LC_MESSAGES/messages.po"
THINGS = re.compile(r"%\((object|building|card|landscape|freedom|profession|piece)\)s")


def catalog(language: str):
    with open(str(PO).format(language), "rb") as f:
        return read_po(f, locale=language)


def strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.fixture(params=["de", "fr"])
def speaking(request):
    """companion.core.lang speaking German or French (the compiled catalog)."""
    with lang_speaking(request.param) as language:
        yield language


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_marker_is_an_article_of_its_language_before_a_placeholder(language):
    forms = grammar.grammar(language)["articles"]
    bad = []
    for message in catalog(language):
        if not message.id:
            continue
        for text in strings(message):
            for m in re.finditer(r"\{(\w+)\}", text or ""):
                rest = text[m.end() :]
                if m.group(1) not in forms or not re.match(r"%\(\w+\)s", rest):
                    bad.append(text)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_printed_name_has_a_known_gender(language):
    """The names each edition prints: their gender is an entry (or, in German, a listed
    ending), never the default guessed for a name the table taught."""
    names = lang.names_catalog(language)
    genders = {k.casefold() for k in grammar.grammar(language)["genders"]}
    head_first = grammar.grammar(language).get("head") == "first"
    unknown = []
    for section in ("objects", "landscapes", "freedoms", "buildings", "characters"):
        for name in names[section].values():
            words = name.casefold().split()
            if head_first:
                known = name.casefold() in genders or words[0] in genders
            else:
                known = any(words[-1].endswith(g) for g in genders)
            if not known:
                unknown.append(name)
    for section in ("professions", "firenze_cards"):
        for name in names[section].values():
            key = name.casefold()
            if not (key in genders or (head_first and key.split()[0] in genders)):
                unknown.append(name)
    assert not unknown, unknown


def test_the_check_finds_a_stray_marker():
    text = "%(name)s hat {dne}%(object)s gekauft"
    assert grammar.articles("de", text, {"name": "Ada", "object": "Gaukler"})[0] == text


@pytest.mark.parametrize(
    "thing, said",
    [
        (Named("objects", "jester", "Jester"), "Ben hat den Gaukler für 300 ersteigert"),
        (Named("objects", "forest", "Forest"), "Ben hat den Wald für 300 ersteigert"),
        (
            Named("objects", "prestige", "Prestige card"),
            "Ben hat die Prestigekarte für 300 ersteigert",
        ),
    ],
)
def test_german_says_the_article_of_the_things_gender(german, thing, said):
    assert (
        lang.translate(
            "%(name)s won the %(object)s for %(price)s",
            {"name": "Ben", "object": thing, "price": 300},
        )
        == said
    )


def test_german_declines_case_weak_nouns_and_a_name_with_its_own_determiner(german):
    assert lang._("%(name)s built %(building)s", name="Ada", building="Atelier") == (
        "Ada hat ein Atelier errichtet"
    )
    assert lang._("%(name)s built %(building)s", name="Ada", building="Werkstatt") == (
        "Ada hat eine Werkstatt errichtet"
    )
    assert lang._(
        "%(name)s completed a Work with the %(card)s: Work Value %(value)s",
        name="Ada",
        card="Alchimist",
        value=9,
    ) == ("Ada hat mit dem Alchimisten ein Werk vollbracht: Werkzahl 9")
    covered = "%(square)s is already covered by %(what)s"
    assert (
        lang._(covered, square="Reihe 1", what="Wald") == "Reihe 1 ist schon von einem Wald belegt"
    )
    assert lang._(covered, square="Reihe 1", what="dein Palazzo") == (
        "Reihe 1 ist schon von deinem Palazzo belegt"
    )
    # a Profession card taught at the table: a person, der Bildhauer
    assert lang._("Yes: it is the %(card)s", card="Bildhauer") == "Ja, es ist der Bildhauer"


def test_french_elides_and_agrees(french):
    bought = "%(name)s bought the %(object)s"
    assert lang._(bought, name="Ada", object="Forêt") == "Ada a acheté la Forêt"
    assert lang._(bought, name="Ada", object="Saltimbanque") == "Ada a acheté le Saltimbanque"
    assert lang._(bought, name="Ada", object="Architecte") == "Ada a acheté l’Architecte"
    assert lang._("The %(object)s stack is exhausted", object="Lac") == "La pile du Lac est épuisée"
    assert lang._("The %(object)s stack is exhausted", object="Forêt") == (
        "La pile de la Forêt est épuisée"
    )


def test_english_has_no_markers_and_stays_as_it_was():
    assert lang._("%(name)s bought the %(object)s", name="Ada", object="Jester") == (
        "Ada bought the Jester"
    )


VERBS = {
    "de": r"\b(hat|haben|hast|wurde|kauft|deckt \w+|lehnst \w+|errichtet|genommen|gekauft|"
    r"ersteigert|versteigert|abgelehnt|angelegt|eingeführt|aufgedeckt|abwerfen|gewürfelt für)",
    "fr": r"\b(a|ont|achète|retourne|refusez|acheté|remporté|pris|construit|placé|refusé|"
    r"introduit|proposé|enchères|pour)",
}


def colon_form(language: str) -> re.Pattern:
    """A verb, a colon, then a thing's name: "Ada hat gekauft: %(object)s"."""
    return re.compile(VERBS[language] + r"\s*[:\u202f]\s*(<strong>)?" + THINGS.pattern)


def test_the_check_finds_the_colon_form_and_spares_labels():
    assert colon_form("de").search("%(name)s hat gekauft: %(object)s")
    assert colon_form("de").search("Wolfgang kauft: %(object)s (%(why)s)")
    assert colon_form("fr").search("%(name)s a acheté\u202f: %(object)s")
    assert not colon_form("de").search("Gebäude: %(building)s")
    assert not colon_form("de").search("%(name)s hat {den}%(object)s gekauft")
    assert not colon_form("fr").search("Bâtiment\u202f: %(building)s")


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_thing_named_in_an_event_is_not_set_after_a_colon(language):
    """The slip this guards: "Ada hat gekauft: Gaukler", "Ada a acheté : Forêt". A verb ends
    the words before the colon and the thing's name follows it. Labels ("Gebäude: Turm")
    begin with a noun, and stay."""
    shape = colon_form(language)
    found = [
        text
        for message in catalog(language)
        if message.id
        for text in strings(message)
        if text and shape.search(text)
    ]
    assert not found, "\n".join(found)
