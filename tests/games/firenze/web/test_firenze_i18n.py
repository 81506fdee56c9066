"""Firenze's screens in German and French through the web edge: a game hosted, dealt, played
and scored with each screen read in the reader's language (the host's form and page, the board
form, the phone at each stage of a turn, the table screen with its own language, the end), the
form errors told in it, and no English word left on any of them. The log stays language-free."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.core.lang import _
from companion.games.firenze.names import card_name, colour_name
from companion.games.firenze.rules.catalog import COLOURS, NAMED_WITHOUT_TEXT, PRINTED_CARDS
from companion.games.firenze.web import _common
from companion.web.join_links import kept_tokens
from companion.web.recording import get_table
from tests.support.firenze_table import ROW, board_form, deal_row, host_form, host_game, turned_over
from tests.support.phone_game import text
from tests.support.web_fixtures import csrf_token_for

PLAYERS = ("Thomas", "Holger", "Daniela")
CARDS = {*PRINTED_CARDS, *NAMED_WITHOUT_TEXT, *(name for name, _kind in ROW), "Clerk", "Banquet"}

WORDS = {
    "de": {
        "board": ["Den Firenze-Spielplan eingeben", "Mehrheitsbonus (die Fahne)"],
        "host_form": ["Eine Partie Firenze ausrichten", "Gezogene Balkone", "Spiel starten"],
        "names_error": "Gib 2 bis 4 Spielernamen in Sitzreihenfolge ein",
        "host": ["Die nächste Karte aufdecken", "Die Reihe hat 0 von 6 Karten.", "zum Beitreten"],
        "waiting": "Der Gastgeber legt die Kartenreihe aus.",
        "choose": [
            "Du bist am Zug",
            "1. Eine Karte wählen",
            "Karte 3 nehmen",
            "Dein Lager",
            "Karte 1 · kostenlos",
            "Karte 2 · kostet 1 Stein",
        ],
        "form_error": "Gib eine ganze Zahl von 1 bis 6 ein",
        "reveal": ["Die nächste Karte aufdecken", "In die Reihe legen", "Kartenname"],
        "turn": ["3. Bauen", "Baukosten in diesem Zug", "6. Deinen Zug beenden", "Eingetragen."],
        "fulfil": "5. Einen Auftrag erfüllen",
        "others_turn": "Thomas ist am Zug",
        "table": ["Kartenreihe", "Aufträge", "Baustellen", "Karten auf der Hand: 1"],
        "end": ["Schlusswertung", "Thomas (gewinnt)", "Mehrheit", "Summe"],
        "rule": "Regel: Firenze-Spielregel (englische Ausgabe), 1) Eine Karte wählen",
        "refused": "Karte 3 kostet 2 Steine: einen auf jede Karte links von ihr",
        "celebrations": "Die Festkarten aufdecken",
        "torn_down": "Dein Turm in Gelb (2 hoch) wird abgerissen",
        "used": "Gebäude, vor dir ausgelegt: in diesem Zug genutzt",
        "church": "Die Wirkung einer Kirchenkarte ist erfüllt",
        "monument": "Ist das Monument zu dir gekommen?",
    },
    "fr": {
        "board": ["Saisir le plateau de Firenze", "Bonus de majorité (le drapeau)"],
        "host_form": ["Héberger une partie de Firenze", "Balcons tirés", "Lancer la partie"],
        "names_error": "Saisissez 2 à 4 noms de joueurs",
        "host": [
            "Retourner la carte suivante",
            "Cartes dans la rangée : 0 sur 6.",
            "pour rejoindre",
        ],
        "waiting": "L’hôte met en place la rangée de cartes.",
        "choose": [
            "À vous de jouer",
            "1. Choisir une carte",
            "Prendre la carte 3",
            "entrepôt",
            "Carte 1 · gratuite",
            "Carte 2 · coûte 1 brique",
        ],
        "form_error": "Saisissez un nombre entier de 1 à 6",
        "reveal": ["Retourner la carte suivante", "La placer dans la rangée", "Nom de la carte"],
        "turn": ["3. Construire", "Coût de construction ce tour-ci", "6. Terminer votre tour"],
        "fulfil": "5. Remplir une commande",
        "others_turn": "Au tour de Thomas",
        "table": ["Rangée de cartes", "Commandes", "Chantiers", "Cartes en main : 1"],
        "end": ["Décompte final", "Thomas (gagne)", "Majorité", "Total"],
        "rule": "Règle : Règle de Firenze (édition anglaise), 1) Choisir une carte",
        "refused": "La carte 3 coûte 2 briques : une sur chaque carte à sa gauche",
        "celebrations": "Retourner les cartes Fête",
        "torn_down": "Votre tour jaune (2 de haut) sera démolie",
        "used": "Bâtiment, devant vous : utilisé ce tour-ci",
        "church": "L’effet d’une carte Église est rempli",
        "monument": "Le Monument vous est-il parvenu ?",
    },
}
# The English of the same places: none of it may be left on a German or French screen.
ENGLISH = [
    "Teach the Firenze board",
    "Majority bonus",
    "Host a game of Firenze",
    "Balconies drawn",
    "Enter 2 to 4 player names",
    "Turn over the next card",
    "The host is setting up",
    "Your turn",
    "Choose a card",
    "Take card",
    "Your storehouse",
    "Enter a whole number",
    "Put it in the row",
    "Construction cost",
    "End your turn",
    "Fulfil a commission",
    "Card row",
    "Construction sites",
    "Cards in hand",
    "Final scoring",
    "(wins)",
    "Recorded.",
    "Rule:",
    "Card 3 costs",
    "Firenze rulebook",
]
# Words that are the same in every language: names of people, of the games and of the
# languages (each in its own), and the words German and French borrowed.
SAME_EVERYWHERE = {*PLAYERS, "Firenze", "Palazzo", "PP", "Prestige", "Total", "Offline"}
SAME_EVERYWHERE |= {"English", "Deutsch", "Français", "JSON", "Lines"}
SAME_IN = {"de": {"neutral"}, "fr": {"table"}}  # a word both languages spell alike


def read(page: str, language: str) -> str:
    """The page's visible words, checked for none of the English places."""
    words = text(page)
    left = [e for e in ENGLISH if e in words]
    assert not left, f"English left on a {language} screen: {left}"
    return words


def segments(page: str) -> set[str]:
    """Every piece of words a player reads or hears: text between tags and the attributes a
    screen reader or a script reads out."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    found = {html.unescape(t).strip() for t in re.split(r"<[^>]*>", page)}
    found |= {
        html.unescape(a)
        for a in re.findall(
            r'\s(?:title|aria-label|placeholder|alt|data-label|data-copied|data-selected)="([^"]*)"',
            page,
        )
    }
    found = {" ".join(s.split()) for s in found}
    return {s for s in found if re.search(r"[A-Za-z]{2}", s) and not s.startswith("http")}


def untranslated(client, url: str, language: str) -> set[str]:
    """What a page says the same in English and in `language`, less names and numbers: the
    words that were never translated. Colours and cards the names catalog does not name yet,
    and card texts the Firenze engine has not marked yet, are the engine's words, not the
    screen's (its own helper translates them)."""
    english = segments(client.get(url, query_string={"lang": "en"}).text)
    other = client.get(url, query_string={"lang": language})
    with client.application.test_request_context(query_string={"lang": language}):
        named = {colour_name(c) for c in ("white", "yellow", "green", "red", "blue", "purple")}
        named |= {card_name(n) for n in CARDS}
        named |= {t for t in PRINTED_CARDS.values() if _(t) == t}
    left = set()
    for s in segments(other.text) & english - named:
        known = {w.casefold() for w in SAME_EVERYWHERE | SAME_IN[language] | named}
        words = {w for w in re.findall(r"[A-Za-zÀ-ÿ’']+", s) if w.casefold() not in known}
        if any(len(w) > 1 and not w.isupper() for w in words):
            left.add(s)
    client.get(url, query_string={"lang": language})  # leave the cookie as it was
    return left


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_firenze_game_reads_in_german_and_french_on_every_screen(app, client, language):
    want = WORDS[language]
    # the host teaches the board and hosts, reading `language`
    client.get("/", query_string={"lang": language})
    page = read(client.get("/firenze/board").text, language)
    assert all(w in page for w in want["board"]), page
    token = csrf_token_for(client)
    assert client.post("/firenze/board", data=board_form(token)).status_code == 303
    page = read(client.get("/firenze/host").text, language)
    assert all(w in page for w in want["host_form"]), page
    assert f'<html lang="{language}">' in client.get("/firenze/host").text
    one_name = host_form(token, names=("Thomas",))
    refused = client.post("/firenze/host", data=one_name)
    assert refused.status_code == 422 and want["names_error"] in read(refused.text, language)
    assert not untranslated(client, "/firenze/board", language)
    assert not untranslated(client, "/firenze/host", language)

    game_id = host_game(client)
    page = read(client.get(f"/firenze/{game_id}/host").text, language)
    assert all(w in page for w in want["host"]), page
    assert not untranslated(client, f"/firenze/{game_id}/host", language)

    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas, holger = app.test_client(), app.test_client()
    for phone, seat in ((thomas, 0), (holger, 1)):
        phone.get(f"/games/{game_id}/join/{tokens.seats[seat]}")
        phone.get(f"/firenze/{game_id}/me", query_string={"lang": language})
    me = f"/firenze/{game_id}/me"
    assert want["waiting"] in read(thomas.get(me).text, language)
    deal_row(client, game_id)

    # Thomas's turn: choose a card (a form error first), turn over the next, build, fulfil
    page = read(thomas.get(me).text, language)
    assert all(w in page for w in want["choose"]), page
    assert not untranslated(thomas, me, language)
    token = csrf_token_for(thomas)
    act = f"/firenze/{game_id}/act"
    before = get_table(app).seq(game_id)
    bad = thomas.post(act, data={"csrf_token": token, "action": "take", "position": "x"})
    assert bad.status_code == 422 and want["form_error"] in read(bad.text, language)
    assert get_table(app).seq(game_id) == before
    refused = thomas.post(
        act, data={"csrf_token": token, "action": "take", "position": "3", "pay_1": "white"}
    )
    page = read(refused.text, language)  # the engine's refusal, told in the reader's words
    assert refused.status_code == 422 and want["refused"] in page and want["rule"] in page
    taken = thomas.post(act, data={"csrf_token": token, "action": "take", "position": "1"})
    assert all(w in read(taken.text, language) for w in want["reveal"]), taken.text
    assert not untranslated(thomas, me, language)
    revealed = thomas.post(
        act,
        data={"csrf_token": token, **turned_over("Botch", "event", "white")},
    )
    page = read(revealed.text, language)
    assert all(w in page for w in want["turn"]), page
    assert not untranslated(thomas, me, language)
    built = thomas.post(
        act,
        data={"csrf_token": token, "action": "build", "new_colour_0": "white", "new_bricks_0": "2"},
    )
    assert want["fulfil"] in read(built.text, language)
    assert not untranslated(thomas, me, language)
    fulfilled = thomas.post(act, data={"csrf_token": token, "action": "fulfil", "tower": "1"})
    assert fulfilled.status_code == 200
    assert not untranslated(thomas, me, language)

    # Holger's phone while Thomas plays; the table screen
    assert want["others_turn"] in read(holger.get(me).text, language)
    assert not untranslated(holger, me, language)
    table = f"/firenze/{game_id}/table"
    page = read(client.get(table, query_string={"lang": language}).text, language)
    assert all(w in page for w in want["table"]), page
    assert not untranslated(client, table, language)
    assert not untranslated(client, f"/firenze/{game_id}/table/board", language)

    # the log is the same in every language: ids and English card names only
    with app.test_request_context():
        log = get_table(app).export_jsonl(game_id)
    events = [json.loads(line) for line in log.splitlines()]
    assert {e["type"] for e in events} >= {"game_started", "card_taken", "towers_built"}
    assert not any(w in log for w in want["turn"] + want["reveal"])


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_end_of_a_firenze_game_reads_in_german_and_french(app, client, language):
    from tests.support.firenze_game import events

    log = events()
    game_id = host_game(client)
    for ev in log[1:]:
        get_table(app).record(game_id, ev, by="host")
    host = f"/firenze/{game_id}/host"  # the host turns over the Celebration cards
    page = read(client.get(host, query_string={"lang": language}).text, language)
    assert WORDS[language]["celebrations"] in page, page
    assert not untranslated(client, host, language)
    scored = {"type": "celebrations_scored", "points": [[], [-1], [3]]}
    get_table(app).record(game_id, scored, by="host")
    table = f"/firenze/{game_id}/table"
    page = read(client.get(table, query_string={"lang": language}).text, language)
    assert all(w in page for w in WORDS[language]["end"]), page
    assert not untranslated(client, table, language)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    holger, me = app.test_client(), f"/firenze/{game_id}/me"  # a phone at the end
    holger.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    page = read(holger.get(me, query_string={"lang": language}).text, language)
    assert all(w in page for w in WORDS[language]["end"]), page
    assert not untranslated(holger, me, language)


def test_the_firenze_table_screen_keeps_its_own_language(app, client):
    """The TV reads French while the phones and the host's page read German."""
    game_id = host_game(client)
    deal_row(client, game_id)
    client.get(f"/firenze/{game_id}/host", query_string={"lang": "de"})
    table = f"/firenze/{game_id}/table"
    assert "Rangée de cartes" in client.get(table, query_string={"lang": "fr"}).text
    assert "Rangée de cartes" in client.get(table).text  # the table's cookie, no ?lang
    assert "Rangée de cartes" in client.get(f"{table}/board").text  # its live fragment too
    host = client.get(f"/firenze/{game_id}/host").text
    assert '<html lang="de">' in host and "Letztes Ereignis" in host


def test_a_card_typed_in_the_readers_language_is_the_engines_card(app, monkeypatch):
    """A host reading German who types a card's German name (any case) records the engine's
    card; a name no language knows is kept as typed."""
    from werkzeug.datastructures import MultiDict

    from companion.games.firenze import names as firenze_names
    from companion.games.firenze.forms import reveal

    names = {"de": {"firenze_cards": {"Princess": "Prinzessin"}}, "fr": {}}
    monkeypatch.setattr(firenze_names, "names_catalog", lambda language: names.get(language, {}))

    def typed(name: str, language: str) -> str:
        with app.test_request_context(query_string={"lang": language}):
            return reveal(MultiDict({"name": name, "kind": "personnel"}))["card"]["name"]

    assert typed("Prinzessin", "de") == "Princess"
    assert typed("PRINZESSIN", "de") == "Princess"
    assert typed("Prinzessin", "fr") == "Princess"  # a German card on a French phone
    assert typed("Princess", "de") == "Princess"
    assert typed("Giullare", "de") == "Giullare"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_buildings_use_a_church_card_and_the_monument_read_in_german_and_french(
    app, client, language
):
    """The phone's rarer forms: what a card did to each player, a Building used once a turn,
    a Church card fulfilled, the Monument received outside one's turn."""
    from tests.support.firenze_deal import draw

    game_id = host_game(client)
    deal_row(client, game_id)  # Princess, Mason, Workshop, Feast, Fair, Chapel
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    table = get_table(app)
    me, act = f"/firenze/{game_id}/me", f"/firenze/{game_id}/act"
    phones = []
    for seat in range(3):
        phone = app.test_client()
        phone.get(f"/games/{game_id}/join/{tokens.seats[seat]}")
        phone.get(me, query_string={"lang": language})
        phones.append(phone)

    def post(seat, **data):
        response = phones[seat].post(act, data={"csrf_token": csrf_token_for(phones[seat]), **data})
        assert response.status_code == 200, response.text
        return read(response.text, language)

    def reveal(name, kind):
        card = {"name": name, "kind": kind, "start": True}
        event = {"type": "card_revealed", "card": card, "bricks": draw(table.state(game_id))}
        table.record(game_id, event, by="host")

    post(0, action="take", position="3", pay_1="white", pay_2="white")  # the Workshop
    reveal("Monument", "celebration")
    assert not untranslated(phones[0], me, language)
    used = post(0, action="play", card="Workshop", gain_yellow="1", p1_gain_blue="1", p1_pp="2")
    assert WORDS[language]["used"] in used
    post(0, action="end")
    post(
        1, action="take", position="5", pay_1="white", pay_2="white", pay_3="white", pay_4="blue"
    )  # the Chapel
    reveal("Clerk", "personnel")
    page = read(phones[1].get(me).text, language)
    assert WORDS[language]["church"] in page
    assert not untranslated(phones[1], me, language)
    post(1, action="church", card="Chapel", p2_pp="1")
    post(1, action="end")
    post(
        2, action="take", position="5", pay_1="white", pay_2="white", pay_3="white", pay_4="white"
    )  # the Monument
    reveal("Clerk", "personnel")
    page = read(phones[0].get(me).text, language)
    assert WORDS[language]["monument"] in page
    assert not untranslated(phones[0], me, language)
    assert not untranslated(phones[2], me, language)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_tower_about_to_be_torn_down_reads_in_german_and_french(app, client, language):
    """The warning before a tower is torn down and the end-of-turn surrender, in each
    language: Thomas keeps a yellow tower of 2 and does not add to it on his next turn."""
    from tests.games.firenze.web.firenze_browser import quick_turn

    game_id = host_game(client)
    deal_row(client, game_id)  # the Princess (card 1) carries 4 yellow
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    phones = []
    for seat in range(3):
        phone = app.test_client()
        phone.get(f"/games/{game_id}/join/{tokens.seats[seat]}")
        phone.get(f"/firenze/{game_id}/me", query_string={"lang": language})
        phones.append(phone)
    thomas, me, act = phones[0], f"/firenze/{game_id}/me", f"/firenze/{game_id}/act"
    token = csrf_token_for(thomas)
    for data in (
        {"action": "take", "position": "1"},
        turned_over("Clerk", "personnel", "white"),
        {"action": "build", "new_colour_0": "yellow", "new_bricks_0": "2"},
        {"action": "end"},
    ):
        assert thomas.post(act, data={"csrf_token": token, **data}).status_code == 200
    quick_turn(phones[1], game_id, "green")
    quick_turn(phones[2], game_id, "red")
    for data in ({"action": "take", "position": "1"}, turned_over("Clerk", "personnel", "blue")):
        assert thomas.post(act, data={"csrf_token": token, **data}).status_code == 200
    page = read(thomas.get(me).text, language)
    assert WORDS[language]["torn_down"] in page, page
    assert 'name="surrender_white"' in thomas.get(me).text  # the surrender counts
    assert not untranslated(thomas, me, language)


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize(
    "card", ["Wholesaler", "Storehouse Fire", "Smuggler", "Saboteur", "Botch", "Patrician"]
)
def test_each_cards_form_reads_in_german_and_french(app, language, card):
    """The form each card plays with (the cards whose text Palazzo applies, and the effect
    form of a card without printed text, ruling F7) has no English word left."""
    players = [
        {"seat": 0, "name": "Thomas", "towers": [{"id": 1, "colour": "red", "bricks": 3}]},
        {"seat": 1, "name": "Holger", "towers": [{"id": 1, "colour": "blue", "bricks": 2}]},
    ]
    view = {
        "players": players,
        "row": [
            {"position": 1, "name": "Mason", "kind": "personnel", "bricks": {"red": 2, "blue": 3}}
        ],
        "pouch": 40,
        "me": {**players[0], "hand": [{"name": "Monument", "kind": "celebration"}]},
    }
    template = (
        '{% from "firenze/_macros.html" import play_form with context %}{{ play_form(card) }}'
    )

    def form(lang: str) -> str:
        with app.test_request_context(query_string={"lang": lang}):
            context = {**_common("g", view, seq=1), "seat": 0, "card": card}
            return app.jinja_env.from_string(template).render(**context)

    english, other = segments(form("en")), segments(form(language))
    with app.test_request_context(query_string={"lang": language}):
        named = {card_name(n) for n in CARDS} | {colour_name(c) for c in COLOURS}
        assert card_name(card) in " ".join(other)
    left = {s for s in other & english if s not in named and s not in SAME_EVERYWHERE}
    assert not left, left


ERRORS = {
    "de": {
        "not_firenze": "Das ist eine Partie Die Fürsten von Florenz: Nutze ihre eigenen Bildschirme.",
        "host_only": "Das kann nur das Gerät des Gastgebers.",
        "log": "Das Protokoll enthält die Karten aller",
        "host_action": "Das trägt die Seite des Gastgebers nicht ein",
        "own_screens": "Das ist eine Partie Firenze: Nutze ihre eigenen Bildschirme.",
    },
    "fr": {
        "not_firenze": "C’est une partie de Les Princes de Florence : utilisez ses propres écrans.",
        "host_only": "Seul l’appareil de l’hôte peut faire cela.",
        "log": "Le journal contient les cartes de tous",
        "host_action": "La page de l’hôte n’enregistre pas cela",
        "own_screens": "C’est une partie de Firenze : utilisez ses propres écrans.",
    },
}


@pytest.mark.parametrize("language", ["de", "fr"])
def test_firenzes_error_pages_and_the_hosts_form_errors_read_in_german_and_french(
    app, client, language
):
    from tests.support.phone_game import host_game as host_princes

    want = ERRORS[language]
    princes, _tokens = host_princes(app)
    client.get("/", query_string={"lang": language})
    page = client.get(f"/firenze/{princes}/host", query_string={"lang": language})
    assert page.status_code == 303 and page.location.endswith(f"/games/{princes}/host")
    posted = client.post(f"/firenze/{princes}/act", data={"csrf_token": csrf_token_for(client)})
    assert posted.status_code == 404 and want["not_firenze"] in text(posted.text)
    game_id = host_game(client)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas = app.test_client()
    thomas.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    thomas.get(f"/firenze/{game_id}/me", query_string={"lang": language})
    act = f"/firenze/{game_id}/act"
    as_host = {"csrf_token": csrf_token_for(thomas), "view": "host", "action": "undo", "seq": "1"}
    refused = thomas.post(act, data=as_host)
    assert refused.status_code == 403 and want["host_only"] in text(refused.text)
    log = thomas.get(f"/games/{game_id}/log.jsonl")
    assert log.status_code == 403 and want["log"] in text(log.text)
    odd = {"csrf_token": csrf_token_for(client), "view": "host", "action": "dance"}
    refused = client.post(act, data=odd)
    assert refused.status_code == 422 and want["host_action"] in read(refused.text, language)
    princes_form = client.post(f"/games/{game_id}/events", data={"csrf_token": odd["csrf_token"]})
    assert princes_form.status_code == 404 and want["own_screens"] in text(princes_form.text)
