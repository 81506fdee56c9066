"""scripts/merge-translations merges two branches' catalogs entry by entry, against their base."""

from __future__ import annotations

import importlib.util
from importlib.machinery import SourceFileLoader

from babel.messages.catalog import Catalog

from tests import ROOT

SCRIPT = ROOT / "scripts" / "merge-translations"
_loader = SourceFileLoader("merge_translations", str(SCRIPT))
script = importlib.util.module_from_spec(importlib.util.spec_from_loader(_loader.name, _loader))
_loader.exec_module(script)


def catalog(*entries: tuple[str, str]) -> Catalog:
    found = Catalog(locale="fr")
    for msgid, msgstr in entries:
        found.add(msgid, msgstr)
    return found


def test_a_translation_corrected_on_one_side_is_not_brought_back():
    base = catalog(("Choose a card", "Choisis une carte"))
    ours = catalog(("Choose a card", "Choisis une carte"), ("Offline.", "Hors ligne."))
    theirs = catalog(("Choose a card", "Choisissez une carte"), ("Build", "Construire"))
    assert script.merge(base, ours, theirs) == []
    assert ours.get("Choose a card").string == "Choisissez une carte"  # their correction wins
    assert ours.get("Offline.").string == "Hors ligne."  # ours kept
    assert ours.get("Build").string == "Construire"  # theirs added


def test_our_correction_stays_and_a_clash_is_named():
    base = catalog(("Choose a card", "Choisis une carte"), ("Pass", "Passe"))
    ours = catalog(("Choose a card", "Choisissez une carte"), ("Pass", "Passer"))
    theirs = catalog(("Choose a card", "Choisis une carte"), ("Pass", "Je passe"))
    assert script.merge(base, ours, theirs) == ["Pass"]
    assert ours.get("Choose a card").string == "Choisissez une carte"
    assert ours.get("Pass").string == "Passer"


def test_an_untranslated_entry_takes_the_other_sides_words_and_contexts_stay_apart():
    ours = catalog(("Bid", ""))
    theirs = catalog(("Bid", "Enchérir"))
    theirs.add("F", "F", context="square")
    theirs.add("F", "Forêt", context="landscape")
    script.merge(None, ours, theirs)
    assert ours.get("Bid").string == "Enchérir"
    assert ours.get("F", context="landscape").string == "Forêt"
    assert ours.get("F", context="square").string == "F"
