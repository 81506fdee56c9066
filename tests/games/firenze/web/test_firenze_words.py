"""Firenze's engine words in German and French at the web edge (docs/i18n.md): every kind of
refusal and its rule citation, the names of its cards and colours; the engine keeps the code,
the parameters and the English sentence, the edge translates with the Princes' one function."""

from __future__ import annotations

import html
import re

import pytest

from companion.core import lang
from companion.games.firenze.rules import Refusal
from companion.games.firenze.rules.catalog import Board, BoardError
from companion.web.i18n import refusal_message
from tests.games.firenze.refusals import CASES
from tests.games.firenze.web.firenze_web import kept_tokens_in
from tests.support.firenze_table import board_form, deal_row, host_game
from tests.support.web_fixtures import csrf_token_for


def refused(position, event) -> Refusal:
    with pytest.raises(Refusal) as r:
        position().add(event)
    return r.value


def told(app, language: str, refusal) -> tuple[str, str]:
    """(message, citation) as a reader of `language` reads them."""
    with app.test_request_context(f"/?lang={language}"):
        assert lang.current() == language
        return refusal_message(refusal), lang.citation(refusal.rule)


@pytest.mark.parametrize(
    ("code", "position", "event"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_every_firenze_refusal_is_told_in_german_and_french(app, code, position, event):
    r = refused(position, event)
    english, rule = told(app, "en", r)
    assert english == r.message and rule == r.rule  # the engine's English, as it was
    for language in ("de", "fr"):
        words, cited = told(app, language, r)
        assert words != english and "%(" not in words, (language, words)
        assert cited != rule and cited.strip(), (language, cited)


def test_the_undo_refusals_of_the_shared_fold_are_told_too(app):
    from tests.games.firenze.refusals import build, taken

    fold = taken()
    fold.add(build({"colour": "yellow", "bricks": 2}))
    fold.add({"type": "retracted", "seqs": [fold.last_seq]})
    with pytest.raises(Refusal) as r:
        fold.add({"type": "retracted", "seqs": [fold.effective[-1]["seq"]]})
    assert r.value.code == "retraction_past_reveal"
    assert told(app, "de", r.value)[0] == (
        "Eine aufgedeckte Karte kann nicht zurückgenommen werden"
    )
    assert told(app, "fr", r.value) == (
        "Une carte retournée ne peut pas être reprise",
        "décision de Palazzo : l’annulation",
    )


def test_cards_and_colours_are_named_in_the_readers_words(app):
    from tests.games.firenze.refusals import event_first, fresh, with_tower

    botch = refused(event_first, {"type": "card_played", "player": 0, "card": "Mason"})
    assert botch.params["card"] == "Botch" and botch.message == "Resolve the Botch first"
    assert told(app, "de", botch)[0] == "Handle zuerst den Pfusch ab"
    assert told(app, "fr", botch)[0] == "Résolvez d’abord la Malfaçon"
    colour = refused(
        with_tower,
        {
            "type": "towers_built",
            "player": 0,
            "build": [{"tower": 1, "colour": "yellow", "bricks": 1}],
        },
    )
    assert colour.message == "Tower 1 is white, not yellow"
    assert told(app, "de", colour) == (
        "Turm 1 ist in Weiß, nicht in Gelb",
        "Firenze-Spielregel (englische Ausgabe), 3) Türme bauen: jeder Turm hat nur eine Farbe",
    )
    assert told(app, "fr", colour)[0] == "La tour 1 est blanche, pas jaune"
    # a card the rulebook does not name keeps the name the table gave it
    clerk = refused(fresh, {"type": "card_played", "player": 0, "card": "Clerk"})
    assert told(app, "de", clerk)[0] == "Thomas hat keinen Clerk zum Ausspielen"


def test_a_board_error_is_told_in_each_language(app):
    with pytest.raises(BoardError) as e:
        Board.from_dict({"commissions": {}, "majority": {}, "level_tiles": {}})
    assert told_board(app, "de", e.value) == "Trage die Aufträge aller sechs Türme ein"
    assert told_board(app, "fr", e.value) == "Indiquez les commandes des six tours"


def told_board(app, language, error):
    with app.test_request_context(f"/?lang={language}"):
        return refusal_message(error)


def words(page: str, css: str) -> str:
    match = re.search(rf'<p class="{css}">(.*?)</p>', page, re.S)
    assert match, page
    return html.unescape(match.group(1))


def refusal_block(page: str) -> str:
    match = re.search(r'<div class="refusal".*?</div>', page, re.S)
    assert match, page
    return html.unescape(match.group(0))


@pytest.mark.parametrize(
    ("language", "message", "rule", "turn"),
    [
        (
            "de",
            "Karte 3 kostet 2 Steine: einen auf jede Karte links von ihr",
            "Firenze-Spielregel (englische Ausgabe), 1) Eine Karte wählen: Kartenkosten",
            "Thomas ist am Zug",
        ),
        (
            "fr",
            "La carte 3 coûte 2 briques\u202f: une sur chaque carte à sa gauche",
            "Règle de Firenze (édition anglaise), 1) Choisir une carte : coût des cartes",
            "C’est au tour de Thomas",
        ),
    ],
)
def test_a_phone_reads_firenze_refusals_in_its_language(app, client, language, message, rule, turn):
    game_id = host_game(client)
    deal_row(client, game_id)
    tokens = kept_tokens_in(app, game_id)
    thomas, holger = app.test_client(), app.test_client()
    thomas.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    holger.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    for phone in (thomas, holger):
        phone.get(f"/?lang={language}")  # the switch: this phone's cookie
    act = f"/firenze/{game_id}/act"
    page = thomas.post(
        act,
        data={"csrf_token": csrf_token_for(thomas), "action": "take", "position": "3"},
    )
    assert page.status_code == 422
    assert words(page.text, "refusal-message") == message
    assert rule in words(page.text, "refusal-rule")
    alert = refusal_block(page.text)  # the screen around it is the web layer's own words
    assert "Card 3 costs" not in alert and "Choose a card: Card Costs" not in alert
    other = holger.post(act, data={"csrf_token": csrf_token_for(holger), "action": "end"})
    assert other.status_code == 422 and words(other.text, "refusal-message") == turn
    assert "Thomas's turn" not in refusal_block(other.text)


def test_the_board_form_tells_a_contradiction_of_the_rulebook_in_german(client):
    client.get("/?lang=de")
    form = board_form(csrf_token_for(client))
    form["pp_green_3"] = "9"  # the rulebook prints green height 5 at 4 PP
    page = client.post("/firenze/board", data=form)
    assert page.status_code == 422
    alert = refusal_block(page.text)
    assert "Die Spielregel druckt den Auftrag für Höhe 5 am Turm in Grün mit 4 PP" in alert
    assert "The rulebook prints" not in alert


# -- the narration ----------------------------------------------------------------------------


def played_log() -> list[dict]:
    """Thomas takes the Princess, builds and fulfils a white commission and ends his turn;
    Holger takes the Mason and plays it, and the host takes that back."""
    from companion.games.firenze.rules import Fold
    from tests.support.firenze_deal import card, deal, draw, started

    fold = Fold()
    fold.add(started())
    row = [
        card("Princess", "personnel", True),
        card("Mason", "personnel", True),
        card("Workshop", "building", True),
        card("Feast", "celebration", True),
        card("Botch", "event", True),
        card("Chapel", "church", True),
    ]
    deal(fold, row)
    steps = [
        {"type": "card_taken", "player": 0, "position": 1},
        "reveal",
        {"type": "towers_built", "player": 0, "build": [{"colour": "white", "bricks": 2}]},
        {"type": "commission_fulfilled", "player": 0, "tower": 1},
        {"type": "turn_ended", "player": 0},
        {"type": "card_taken", "player": 1, "position": 1},
        "reveal",
        {"type": "card_played", "player": 1, "card": "Mason"},
    ]
    for step in steps:
        if step == "reveal":
            step = {
                "type": "card_revealed",
                "card": card("Guard", "personnel", True),
                "bricks": draw(fold.state, ("red",)),
            }
        fold.add(step)
    log = [dict(e) for e in fold.effective]
    log.append({"type": "retracted", "seqs": [log[-1]["seq"]], "seq": log[-1]["seq"] + 1})
    return log


def narrated(app, language: str) -> list:
    from companion.games.firenze.words import Story, told

    with app.test_request_context(f"/?lang={language}"):
        return told(Story.of(played_log()))


def test_a_firenze_game_is_narrated_in_each_language(app):
    lines = {language: narrated(app, language) for language in ("en", "de", "fr")}
    en, de, fr = ([line.text for line in lines[lang]] for lang in ("en", "de", "fr"))
    assert en[0] == "Firenze begins: Thomas, Holger and Daniela; Thomas starts"
    assert de[0] == "Firenze beginnt: Thomas, Holger und Daniela; Thomas fängt an"
    assert fr[0] == "Firenze commence\u202f: Thomas, Holger et Daniela\u202f; Thomas commence"
    assert en[1] == "Princess (Personnel card) turned over for the row, with 4 yellow bricks"
    assert de[1] == "Prinzessin (Personalkarte) für die Reihe aufgedeckt, darauf 4 Steine in Gelb"
    assert (
        fr[1]
        == "Princesse (carte Personnel) retournée pour la rangée, avec 4 briques de couleur jaune"
    )
    took = 7  # after the start and the six cards of the row
    # named, though it goes to his hand: everyone saw it taken from the row
    assert en[took] == "Thomas took card 1, Princess, with 4 yellow bricks"
    assert de[took] == "Thomas nahm Karte 1 (Prinzessin) und bekam 4 Steine in Gelb"
    assert fr[took] == "Thomas a pris la carte 1, Princesse, avec 4 briques de couleur jaune"
    assert en[took + 2] == "Thomas built a new white tower of 2 bricks"
    assert de[took + 2] == "Thomas baute einen neuen Turm in Weiß aus 2 Steinen"
    assert fr[took + 2] == "Thomas a construit une nouvelle tour blanche de 2 briques"
    assert en[took + 3] == "Thomas fulfilled the white commission for 2: 1 PP"
    assert de[took + 3] == "Thomas erfüllte den Auftrag für Höhe 2 am Turm in Weiß: 1 PP"
    assert fr[took + 3] == "Thomas a rempli la commande de hauteur 2 de la tour blanche\u202f: 1 PP"
    assert en[took + 4] == "Thomas ended the turn"
    # the Mason played and taken back: kept, marked, and named by the undo
    played = lines["de"][-2]
    assert played.text == "Holger spielte den Maurer aus" and played.undone
    assert de[-1] == "Zurückgenommen: Holger spielte den Maurer aus"
    assert fr[-1] == "Annulé\u202f: Holger a joué le Maçon"
    assert en[-1] == "Undone: Holger played Mason"
    for text in de + fr:
        assert "%(" not in text and not re.search(r"\b(Princess|Mason)\b", text), text


def test_the_summary_of_a_firenze_game_is_in_the_readers_language(app):
    from companion.app import FIRENZE
    from companion.games.firenze.rules import replay, summary

    state = replay(played_log())
    with app.test_request_context("/?lang=de"):
        text = FIRENZE.describe(summary(state))
    assert text.splitlines()[0] == "Firenze, im Spiel, Holger ist am Zug"
    assert "Thomas: 1 PP, 4 Steine, 1 Siegel gesetzt (6 übrig), keine Türme" in text
    assert FIRENZE.describe(summary(state)).splitlines()[0] == "Firenze, playing, Holger to play"


def test_the_table_and_the_host_tell_the_last_events_in_their_language(app, client):
    game_id = host_game(client)
    deal_row(client, game_id)
    tokens = kept_tokens_in(app, game_id)
    thomas = app.test_client()
    thomas.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    act = f"/firenze/{game_id}/act"
    token = csrf_token_for(thomas)
    taken = thomas.post(act, data={"csrf_token": token, "action": "take", "position": "1"})
    assert taken.status_code == 200
    table = html.unescape(client.get(f"/firenze/{game_id}/table?lang=de").text)
    assert "Letzte Ereignisse" in table
    assert "Thomas nahm Karte 1 (Prinzessin) und bekam 4 Steine in Gelb" in table
    assert "took card" not in table
    host = html.unescape(client.get(f"/firenze/{game_id}/host?lang=fr").text)
    assert "Dernier événement\u202f: Thomas a pris la carte 1, Princesse, avec 4 briques" in host
    # undone by the host: the table keeps the line, struck through, and tells the undo
    client.post(
        act,
        data={
            "csrf_token": csrf_token_for(client),
            "view": "host",
            "action": "undo",
            "seq": str(get_seq(app, game_id)),
        },
    )
    table = html.unescape(client.get(f"/firenze/{game_id}/table?lang=en").text)
    assert "<s>Thomas took card 1, Princess, with 4 yellow bricks</s> (undone)" in table
    assert "Undone: Thomas took card 1, Princess, with 4 yellow bricks" in table


def get_seq(app, game_id: str) -> int:
    from companion.web.store import get_store

    with app.app_context():
        return get_store().last_seq(game_id)
