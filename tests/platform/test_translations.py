"""Every message a player reads is translated into German and French, placeholders intact
(docs/i18n.md): the marked strings are extracted from the code and templates here, the way
`make translations` does, and each language's catalog must answer all of them."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.core import lang
from companion.games.firenze.rules import catalog as firenze_catalog
from companion.games.firenze.rules.refusals import CODES as firenze_codes
from companion.games.princes.rules import catalog as rules_catalog
from companion.games.princes.rules.refusals import CODES as refusal_codes
from tests.platform.translations import PLACEHOLDER, ROOT, extracted

PO = "companion/translations/{}/LC_MESSAGES/messages.po"
TRANSLATED = [code for code in lang.LANGUAGES if code != lang.DEFAULT]


def placeholders(text: str) -> list[str]:
    """The placeholders a message fills (a named one may be used more than once)."""
    return sorted({m.group(0) for m in PLACEHOLDER.finditer(text)})


def problems(catalog: Catalog, wanted: dict) -> list[str]:
    """What is wrong with one language's catalog: missing, untranslated, fuzzy, or a
    placeholder dropped, added or renamed."""
    out = []
    for (msgid, context), where in wanted.items():
        message = catalog.get(msgid if isinstance(msgid, str) else msgid[0], context=context)
        if message is None:
            out.append(f"missing {msgid!r} ({where}): run `make translations`")
            continue
        if message.fuzzy:
            out.append(f"fuzzy {msgid!r} ({where})")
        ids = [msgid] if isinstance(msgid, str) else list(msgid)
        strs = [message.string] if isinstance(message.string, str) else list(message.string)
        if not all(strs):
            out.append(f"untranslated {msgid!r} ({where})")
            continue
        expected = placeholders(ids[-1])
        for form, text in enumerate(strs):
            got = placeholders(text)
            # a singular form may spell out the count ("eine", "un"), never add a placeholder
            if got != expected and not (len(strs) > 1 and form == 0 and set(got) <= set(expected)):
                out.append(f"placeholders of {msgid!r}: {got} instead of {expected}")
    return out


def test_the_sources_have_marked_messages():
    found = extracted()
    assert ("Offline.", None) in found and ("F", "square") in found
    assert len(found) > 3


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language):
    with open(ROOT / PO.format(language), "rb") as f:
        catalog = read_po(f, locale=language)
    assert not catalog.fuzzy, f"{language}: the catalog's header is marked fuzzy"
    found = problems(catalog, extracted())
    assert not found, f"{language}:\n" + "\n".join(found)


def test_the_check_finds_a_dropped_placeholder_and_a_missing_message():
    catalog = Catalog(locale="de")
    catalog.add("Event %(seq)s is left out: %(why)s", "Ereignis %(seq)s fehlt")
    catalog.add("Offline.", "")
    catalog.add(("%(num)d card", "%(num)d cards"), ("eine Karte", "%(num)d Karten"))
    catalog.add(("%(num)d bid", "%(num)d bids"), ("ein Gebot", "viele Gebote"))
    catalog.add("F", "W", context="square")
    wanted = {
        ("Event %(seq)s is left out: %(why)s", None): "here",
        ("Offline.", None): "here",
        ("Language", None): "here",
        (("%(num)d card", "%(num)d cards"), None): "here",
        (("%(num)d bid", "%(num)d bids"), None): "here",
        ("F", "square"): "here",
        ("F", None): "here",
    }
    found = problems(catalog, wanted)
    assert any("placeholders of 'Event" in p for p in found)
    assert any(p.startswith("untranslated 'Offline.'") for p in found)
    assert any(p.startswith("missing 'Language'") for p in found)
    assert sum(p.startswith("missing 'F'") for p in found) == 1  # told apart by its context
    assert not any("card" in p for p in found)  # the singular may spell the one out
    assert any("bid" in p for p in found)  # the plural may not


NAMED = {
    "objects": rules_catalog.OBJECT_NAMES,
    "buildings": rules_catalog.BUILDINGS,
    "freedoms": dict.fromkeys(rules_catalog.FREEDOMS),
    "landscapes": dict.fromkeys(rules_catalog.LANDSCAPES),
    "bonus_cards": rules_catalog.BONUS_CARDS,
    "prestige_cards": rules_catalog.PRESTIGE_CARDS,
    "characters": rules_catalog.CHARACTERS,
    "professions": rules_catalog.BUILTIN_PROFESSIONS,
    # Firenze, a different game (our translation: no edition among our sources)
    "firenze_colours": dict.fromkeys(firenze_catalog.COLOURS),
    "firenze_kinds": dict.fromkeys(firenze_catalog.CARD_KINDS),
    "firenze_cards": dict.fromkeys(firenze_catalog.NAMED_CARDS),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_thing_has_its_name_in_each_edition(language):
    names = lang.names_catalog(language)
    assert set(names) == set(NAMED), "names.toml has exactly the catalog's kinds"
    for kind, things in NAMED.items():
        assert set(names[kind]) == set(things), f"{language} names.toml [{kind}]"
        assert all(v.strip() for v in names[kind].values())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rule_citation_has_its_editions_words(language):
    cited = lang.citations_catalog(language)
    rules = set(refusal_codes.values()) | set(firenze_codes.values())  # both games' citations
    assert set(cited) == rules, "citations.toml keys = the engines' rules"
    for english, there in cited.items():
        assert there.strip() and "docs/" not in there, (english, there)


def test_a_refusal_keeps_code_and_values_and_is_told_in_the_readers_edition(german):
    from companion.games.princes.rules.refusals import N_, Named, Refusal

    r = Refusal(
        "building_sold_out",
        N_("No %(building)s is left in the supply"),
        building=Named("buildings", "library", "Library"),
    )
    assert r.code == "building_sold_out" and r.params["building"].id == "library"
    assert r.message == "No Library is left in the supply"  # the engine's words: English
    assert lang.translate(r.template, r.params) == ("Im Vorrat ist keine Bibliothek mehr übrig")
    assert lang.citation(r.rule) == "Ein Gebäude errichten"


def test_the_narration_names_things_in_the_readers_edition(german):
    from companion.games.princes.words import and_, building_name, florin, object_name

    assert building_name("workshop") == "Werkstatt" and object_name("jester") == "Gaukler"
    assert and_(["Ada", "Ben", "Cy"]) == "Ada, Ben und Cy" and florin(300) == "300 Florin"


def test_french_messages_keep_french_typography():
    """A narrow no-break space before : ; ! ? and inside « » (`make translations` sets them):
    a line never breaks between a word and its mark."""
    from companion.tools.typography import french

    with open(ROOT / PO.format("fr"), "rb") as f:
        catalog = read_po(f, locale="fr")
    wrong = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wrong += [s for s in strings if message.id and s and french(s) != s]
    assert not wrong, "run `make translations` for French typography:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("typed", "set"),
    [
        ("Votre tour : jouez !", "Votre tour\u202f: jouez\u202f!"),
        ("%(name)s: %(what)s ; ok ?", "%(name)s\u202f: %(what)s\u202f; ok\u202f?"),
        ("la carte “%(card)s”", "la carte «\u202f%(card)s\u202f»"),
        ("« Oui »", "«\u202fOui\u202f»"),
        (
            '<strong class="x">%(n)s</strong> gagne !',
            '<strong class="x">%(n)s</strong> gagne\u202f!',
        ),
        (
            "%(money)s&nbsp;florins, https://example.org",
            "%(money)s&nbsp;florins, https://example.org",
        ),
    ],
)
def test_french_typography_sets_the_spaces_and_keeps_markup(typed, set):
    from companion.tools.typography import french

    assert french(typed) == set
    assert french(set) == set
