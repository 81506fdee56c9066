"""One voice per language: the French screens address the player as "vous" throughout.

French has two ways of saying "you"; a phone that says "vous" on one line and "tu" on the next
reads as two apps. The French rulebook (seed 001) says "vous", and so does Palazzo.
"""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from tests import ROOT

FRENCH = ROOT / "companion/translations/fr/LC_MESSAGES/messages.po"
FAMILIAR = re.compile(r"\b(tu|toi|ton|ta|tes|te|t’|t')(?=\W|$)", re.IGNORECASE)
# An imperative in the familiar form at the start of a sentence ("Résous d’abord …"): the "vous"
# form ends in -ez ("Résolvez"). Only verbs whose familiar form is no noun of the game.
IMPERATIVE = re.compile(
    r"(?:^|[.:!?]\s|\u202f[:!?]\s)(Résous|Choisis|Prends|Fais|Mets|Vérifie|Touche|Regarde|"
    r"Attends|Donne|Compte|Joue|Lance|Ouvre|Scanne|Indique|Dis|Reviens|Rejoins|Tape|Annule|"
    r"Recommence|Retourne|Défausse|Coche|Décoche|Choisis|Utilise|Paie|Paye|Vends|Achète)\b"
    # or after a comma, before its object: "Pour la tour blanche, donne les PP"
    r"|,\s(donne|choisis|prends|mets|indique|touche|regarde|vérifie|résous)\s(?=les|la|le|l’|un|une|des)"
)


def familiar(text: str) -> list[str]:
    return FAMILIAR.findall(text) + IMPERATIVE.findall(text)


def test_the_check_finds_the_familiar_you():
    assert familiar("Choisis d’abord une carte de ton entrepôt")
    assert familiar("Tu as placé tous tes sceaux")
    assert familiar("Ce lot te coûte 3 florins")
    assert not familiar("Choisissez d’abord une carte de votre entrepôt")
    assert not familiar("Les tuiles, la tête, une tente, l’étape")
    assert familiar("Résous d’abord Malfaçon")
    assert familiar("Pour la tour blanche, donne les PP de chaque hauteur")
    assert not familiar("Pour la tour blanche, indiquez les PP de chaque hauteur")
    assert familiar("Enchère\u202f: Choisis un item")
    assert not familiar("Résolvez d’abord la Malfaçon") and not familiar("Carte retournée")


def test_the_french_catalog_says_vous_throughout():
    with open(FRENCH, "rb") as f:
        catalog = read_po(f, locale="fr")
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if familiar(s)]
    assert not found, "French that says tu instead of vous:\n" + "\n".join(found)
