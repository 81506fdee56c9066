"""The solo screens in German and French, through the web edge: the new-game form and its
errors, the setup checklist, every step of a round, Wolfgang's panels, the misread fix, the
page's own refusals and the end, read on a German and a French phone."""

from __future__ import annotations

import html
import random
import re

import pytest

from companion.web.recording import get_table
from tests.support.solo_phone import HAND, SoloPhone, deck_order, play_to_the_end, teach_test_data
from tests.support.web_fixtures import csrf_token_for


def visible(page: str) -> str:
    """The words a reader sees (and hears: aria-label, title, placeholder), tags dropped."""
    attrs = " ".join(re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', page))
    body = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    words = re.sub(r"<[^>]+>", " ", body)
    said = html.unescape(words + " " + attrs).replace("\xa0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", said)  # no-break spaces (French typography) read as spaces


# The words of the solo screens (templates/princes/solo, companion/games/princes/web/solo*.py) and of the engine on
# them, in English: none may show on a German or a French phone. Checked on every page of a
# whole game.
ENGLISH = [
    "Dummy players",
    "face down",
    "This round",
    "Top panel",
    "Middle panel",
    "Bottom panel",
    "in use",
    "Your auctions this round",
    "Earlier rounds",
    "Fix a misread",
    "actually",
    "Buy for",
    "Decline",
    "Leave all auctions",
    "Wolfgang then buys",
    "Keep these",
    "Not in the list?",
    "Choose the card",
    "That's the card",
    "The number printed on the card",
    "Drawn",
    "Tap the number the die shows",
    "End my turn",
    "Nothing has happened",
    "not rolled yet",
    "Round ",
    "Auction phase",
    "Action phase",
    "minimum Work",
    "Tick the",
    "Wolfgang chooses",
    "Let Palazzo",
    "Set up the solo game",
    "Wolfgang's money",
    "The Starting Player marker",
    "The dummy players",
    "rounds 1-2",
    "test data",
    "Automa card ",
    "Wolfgang's row",
    "Dummy column",
    "Continue this game on another device",
    "Draw for me",
    "Roll for me",
    "from now on",
    # the engine's words on these screens: the step's sentence, Wolfgang's decisions
    "Wolfgang buys",
    "leftmost",
    "last bid",
    "he pays",
    "turns up",
    "completes a Work",
    "The game is over",
]
WORDS = {
    "de": {
        "new": [
            "Solo gegen Wolfgang spielen",
            "Schwierigkeit: Wolfgangs Startgeld",
            "2 Scheinspieler",
            "ein Spiel zu 5",
            "Wer beginnt?",
            "Ich würfle mit dem echten Würfel",
            "Solospiel beginnen",
        ],
        "errors": ["Gib deinen Namen ein", "Spiele mit 2 oder 3 Scheinspielern"],
        "setup": [
            "Wolfgangs Geld: 1500 Florin (Normal); deines: 3500 Florin",
            "Der Startspielermarker: zu dir",
            "Erledigt",
        ],
        "starting_hand": ["Die 3 Karten, die du behältst", "Diese 3 behalten", "von 3 ausgewählt"],
        "auction_card": ["Die Nummer auf der Karte", "Gezogen", "Scheinspieler-Spalte 1"],
        "choose_object": [
            "Runde 1 · Phase A (Versteigerung) · Mindest-Werkzahl 7",
            "Aus allen Versteigerungen aussteigen",
            "Oberes Feld: Preise · gilt jetzt",
            "Abwerbekarte",
        ],
        "roll": ["Tippe die Zahl, die der Würfel zeigt."],
        "buy_or_decline": ["Ablehnen", "Deine Versteigerungen in dieser Runde"],
        "reveal": ["Wolfgangs Karte", "Das ist die Karte", "Nicht in der Liste?"],
        "offer": ["gezogenen Prestigekarten", "Wolfgang wählt"],
        "over": ["Alexandra: ", "Frühere Runden", "Runde 6"],
    },
    "fr": {
        "new": [
            "Jouer en solo contre Wolfgang",
            "Difficulté : l’argent de départ de Wolfgang",
            "2 joueurs fictifs",
            "une partie à 5 joueurs",
            "Qui commence ?",
            "Je lance le vrai dé",
            "Commencer la partie solo",
        ],
        "errors": ["Entrez votre nom", "Jouez avec 2 ou 3 joueurs fictifs"],
        "setup": [
            "L’argent de Wolfgang : 1500 florins (Standard) ; le vôtre : 3500 florins",
            "Fait",
        ],
        "starting_hand": ["Les 3 cartes que vous gardez", "Garder ces 3", "sur 3 cochées"],
        "auction_card": ["Le numéro imprimé sur la carte", "Piochée", "Colonne du joueur fictif 1"],
        "choose_object": [
            "Tour 1 · Phase d’enchères (A) · œuvre minimale 7",
            "Quitter toutes les enchères",
            "Case du haut : les prix · en cours",
            "Carte de recrutement",
        ],
        "roll": ["Touchez le nombre que montre le dé."],
        "buy_or_decline": ["Refuser", "Vos enchères ce tour-ci"],
        "reveal": ["La carte de Wolfgang", "C’est cette carte", "Pas dans la liste ?"],
        "offer": ["cartes de prestige piochées", "Wolfgang choisit"],
        "over": ["Alexandra : ", "Tours précédents", "Tour 6"],
    },
}


def english_on(page: str) -> list[str]:
    words = visible(page)
    return [w for w in ENGLISH if w in words]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_new_game_form_and_its_errors_speak_the_phones_language(client, lang):
    page = client.get(f"/solo/new?lang={lang}").text
    for words in WORDS[lang]["new"]:
        assert words in visible(page), words
    for english in ("Play solo against Wolfgang", "Dummy players", "Who starts?", "Your name"):
        assert english not in visible(page), english
    data = {"csrf_token": csrf_token_for(client), "name": " ", "dummies": "4"}
    refused = client.post("/solo/new", data=data)
    assert refused.status_code == 422
    for words in WORDS[lang]["errors"]:
        assert words in visible(refused.text), words
    assert "Enter your name" not in refused.text
    assert "dummy players" not in refused.text


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_whole_solo_game_in_german_and_in_french(app, client, lang):
    """Every step of a whole game, drawn and answered through the page's own forms."""
    teach_test_data(app.instance_path)
    client.get(f"/?lang={lang}")
    solo = SoloPhone.start(client, auto_done=False)
    seen = {"setup": solo.html}
    solo.auto_done = True
    solo.tick_all()
    seen["starting_hand"] = solo.html
    solo.tap(type="starting_hand_chosen", professions=HAND)
    rng = random.Random(7)
    play_to_the_end(solo, rng, deck_order(rng), seen)
    for step, words in WORDS[lang].items():
        if step in ("new", "errors"):
            continue
        for w in words:
            assert w in visible(seen[step]), (step, w)
    for step, page in seen.items():
        assert not english_on(page), (step, english_on(page))
    with app.app_context():
        logged = get_table(app).events(solo.game_id)
    # The log stays language-free: ids and numbers only, whatever the phone reads.
    assert all(lang_word not in str(e.payload) for e in logged for lang_word in ("Runde", "Tour "))


APP_CHANCE = {
    "de": ["Für mich ziehen", "Für mich würfeln", "Ab jetzt mit dem echten Würfel würfeln"],
    "fr": ["Piocher pour moi", "Lancer le dé pour moi", "Désormais, lancer le vrai dé"],
}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_game_where_palazzo_rolls_and_draws_in_german_and_in_french(app, client, lang):
    """The app's die and deck, three dummies, the hard level, Wolfgang starting."""
    teach_test_data(app.instance_path)
    client.get(f"/?lang={lang}")
    choices = {"die": "app", "deck": "app", "dummies": "3", "difficulty": "hard"}
    solo = SoloPhone.start(client, start="wolfgang", **choices)
    solo.tap(type="starting_hand_chosen", professions=HAND)
    seen: dict[str, str] = {}
    play_to_the_end(solo, random.Random(3), [], seen)
    said = " ".join(visible(page) for page in seen.values())
    for words in APP_CHANCE[lang]:
        assert words in said, words
    for step, page in seen.items():
        assert not english_on(page), (step, english_on(page))


def alert_words(page: str) -> str:
    return " ".join(
        visible(m)
        for m in re.findall(
            r'(?:role="alert"|data-question="[a-z_]+")[^>]*>(.*?)</(?:div|p)>', page, re.S
        )
    )


TOLD = {
    "de": {
        "roll": "Dieses Spiel nutzt den echten Würfel: Tippe die Zahl, die er zeigt",
        "size": "Wie viele Felder bedeckt ein Park? (1 bis 12)",
        "fixed": "Korrigiert: der Würfel zeigt 5, nicht 3",
        "misread": "Runde 1, dein Würfel für den Park: 5, tatsächlich",
    },
    "fr": {
        "roll": "Cette partie utilise le vrai dé : touchez le nombre qu’il montre",
        "size": "Combien de cases couvre un Parc ? (1 à 12)",
        "fixed": "Corrigé : le dé montre 5, pas 3",
        "misread": "Tour 1, votre dé pour le Parc : 5, en réalité",
    },
}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_solo_pages_own_refusals_and_the_misread_fix_in_german_and_french(app, client, lang):
    """What the solo page's own routes refuse, and what a fixed misread says, in the phone's
    language; the refusal's code stays the same."""
    teach_test_data(app.instance_path, sizes=False)
    client.get(f"/?lang={lang}")
    solo = SoloPhone.start(client)
    solo.tap(type="starting_hand_chosen", professions=HAND)
    solo.tap(type="automa_card_drawn", card="1")
    solo.submit(
        next(f for f in solo.find(type="solo_auction_offered") if f.hidden["object"] == "park")
    )
    roll = solo.client.post(
        f"/games/{solo.game_id}/solo/roll",
        data={"event_id": "a" * 32},
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert roll.status_code == 422 and 'data-code="bad_event"' in roll.text
    assert TOLD[lang]["roll"] in alert_words(roll.text)
    assert "physical die" not in roll.text
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == "3"))
    solo.tap(type="solo_bought")
    assert solo.step == "your_choice"
    solo.submit(solo.form(action="/solo/landscape"))  # no size yet: the first-time question
    assert solo.status == 422 and TOLD[lang]["size"] in alert_words(solo.html)
    assert "How many squares" not in solo.html
    die = next(f for f in solo.find(action="/solo/misread") if "1" in f.selects.get("value", []))
    solo.submit(die, value="5")
    assert solo.status == 200
    assert TOLD[lang]["fixed"] in visible(solo.html)
    assert TOLD[lang]["misread"] in visible(solo.html)
    assert "Fixed:" not in solo.html and "actually" not in solo.html


STORY = {
    "de": [
        "(solo gegen Wolfgang, Normal)",
        "Automa-Karte 1 gezogen",
        "Alexandra hat den Park zur Versteigerung gestellt",
        "Der Würfel zeigt 3",
        "Alexandra hat den Park gekauft",
    ],
    "fr": [
        "(solo contre Wolfgang, Standard)",
        "Carte Automa 1 piochée",
        "Alexandra a mis le Parc aux enchères",
        "Le dé montre 3",
        "Alexandra a acheté le Parc",
    ],
}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_story_of_a_solo_game_in_german_and_french(app, client, lang):
    """The solo facts told in the history and the undo box, in the phone's language."""
    teach_test_data(app.instance_path)
    client.get(f"/?lang={lang}")
    solo = SoloPhone.start(client)
    solo.tap(type="starting_hand_chosen", professions=HAND)
    solo.tap(type="automa_card_drawn", card="1")
    park = next(f for f in solo.find(type="solo_auction_offered") if f.hidden["object"] == "park")
    solo.submit(park)
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == "3"))
    undo = visible(client.get(f"/games/{solo.game_id}/host/undo").text)
    assert STORY[lang][3] in undo and "The die shows" not in undo
    solo.tap(type="solo_bought")
    history = visible(client.get(f"/games/{solo.game_id}/history").text)
    for words in STORY[lang]:
        assert words in history, words
    for english in ("solo against Wolfgang", "drawn", "put up the", "The die shows", "bought the"):
        assert english not in history, english


CATALOG_SAID = {
    "de": "Der Stapel der Personenkarten hat 21 Karten; dieser Katalog würde 22 kennen",
    "fr": "La pioche des cartes de profession compte 21 cartes ; ce catalogue en connaîtrait 22",
}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_card_the_catalog_refuses_is_told_in_german_and_french(app, client, lang):
    """A 22nd Profession card taught as Wolfgang's is turned up: the catalog's refusal, in the
    phone's language, inline on the solo page (its code kept)."""
    teach_test_data(app.instance_path)
    client.get(f"/?lang={lang}")
    solo = SoloPhone.start(client)
    solo.tap(type="starting_hand_chosen", professions=HAND)
    solo.tap(type="automa_card_drawn", card="2")
    solo.tap(type="auctions_left")
    teach = next(f for f in solo.find(action="/solo/profession") if f.hidden.get("teach"))
    solo.submit(teach, name="Cartographer", building="tower", landscape="lake", freedom="travel")
    assert solo.status == 422 and 'data-code="bad_catalog_entry"' in solo.html
    assert CATALOG_SAID[lang] in alert_words(solo.html)
    assert "Profession deck" not in solo.html
