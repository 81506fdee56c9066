"""Solo play's engine words in German and French, through the web edge: the step the app
waits for, Wolfgang's decisions and the table's checklist (automa.py, solo.py), the solo
refusals with their citation, and what a misread correction moves on the table
(misread.table_changes). The engine keeps its words marked (`said`), the edge translates
them; the event log and the English `.message` stay as they were.

The Automa deck and Profession cards are TEST DATA (tests/data/README.md).
"""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.core.lang import citation, words
from companion.games.princes.rules import GameState, Refusal, apply_in_place, table_changes
from companion.games.princes.rules.solo import solo_prompt
from companion.games.princes.words.automa import entry_words, tell
from companion.games.princes.words.solo import step_said
from companion.web.i18n import refusal_message
from companion.web.recording import get_table
from tests.games.princes.solo import solo_refusals
from tests.support.solo_phone import SoloPhone, teach_test_data
from tests.support.solo_table import SoloTable

HAND = [
    "test_university_forest_travel",
    "test_workshop_forest_religion",
    "test_library_forest_opinion",
]
# Words of the engine's English sentences that no German or French sentence may keep.
ENGLISH = [
    "Wolfgang buys",
    "Wolfgang takes",
    "Wolfgang builds",
    "Wolfgang completes",
    "Wolfgang acquires",
    "Wolfgang introduces",
    "Wolfgang does",
    "Wolfgang values",
    "he pays",
    "Move his",
    "Move your",
    "face down",
    "face up",
    "leftmost",
    "Round ",
    "round minimum",
    "Put ",
    "Give him",
    "Take ",
    "Discard",
    "change",
    "not the ",
    "rolled",
    "Draw the top",
    "Your turn",
    "roll the die",
    "last bid",
    "auction",
    "Flip",
    "dummy",
    "game is over",
    " wins ",
    "the most",
    "Jester",
    "Builder",
    "Recruiting",
    "Prestige card",
    "Bonus card",
    "Fame",
    " panel",
    "Pass the",
    "You ",
]
SAYS = {
    # (language, what the page says) along the rulebook's auction example
    "de": {
        "hand": "Gib dir 4 Personenkarten und behalte 3",
        "roll": "Gaukler: würfeln (6+1W6)",
        "declined": "Du lehnst den Gaukler ab; kauft Wolfgang stattdessen, zahlt er 1000",
        "wolfgang_rolls": "Wolfgang kauft den Baumeister; würfle seinen Preis aus (2+1W6)",
        "bought": (
            "Wolfgang kauft den Baumeister (das Objekt ganz links, das er kaufen kann); "
            "gewürfelt 3 + 2, er zahlt 500"
        ),
        "discard": "Niemand hat eine Abwerbekarte gekauft: Wirf eine Abwerbekarte aus dem Vorrat ab (noch 4)",
        "turn": "Du bist dran: noch 2 Aktionen, dann beende deinen Zug",
    },
    "fr": {
        "hand": "Distribuez-vous 4 cartes de profession et gardez-en 3",
        "roll": "Saltimbanque : lancez le dé (6+1D6)",
        "declined": "Vous refusez le Saltimbanque ; si Wolfgang l’achète, il paie 1000",
        "wolfgang_rolls": "Wolfgang achète l’Architecte ; lancez le dé pour son prix (2+1D6)",
        "bought": (
            "Wolfgang achète l’Architecte (l’item le plus à gauche qu’il peut acheter) ; "
            "dé 3 + 2, il paie 500"
        ),
        "discard": (
            "Personne n’a acheté la Carte de recrutement : défaussez-en un exemplaire de la réserve "
            "(il en reste 4)"
        ),
        "turn": "À vous : encore 2 actions, puis terminez votre tour",
    },
}
REFUSALS = {
    # code: (the English words, the German, the French)
    "not_solo": (
        "In the solo game nobody bids",
        "Im Solospiel bietet niemand",
        "En solo, personne n’enchérit",
    ),
    "no_such_step": (
        "There is no such step on the checklist",
        "Diesen Schritt gibt es auf der Checkliste nicht",
        "Cette étape n’est pas sur la liste",
    ),
    "not_expected_now": (
        "Not now: Palazzo is waiting for the die for the Jester",
        "Nicht jetzt: Palazzo wartet auf den Würfel für den Gaukler",
        "Pas maintenant : Palazzo attend le dé pour le Saltimbanque",
    ),
    "object_already_offered": (
        "You already auctioned the Jester this round",
        "Du hast den Gaukler in dieser Runde schon versteigert",
        "Vous avez déjà mis le Saltimbanque aux enchères à ce tour",
    ),
    "forced_buy": (
        "You rolled 2 for the Forest, which has no die modifier: you must buy it for 300",
        "Du hast für den Wald 2 gewürfelt, ohne Würfelmodifikator: Du musst für 300 kaufen",
        "Vous avez fait 2 pour la Forêt, sans modificateur de dé : vous devez l’acheter pour 300",
    ),
}
CITED = {  # the solo rules exist only in the English 2022 edition: cited there, titles translated
    "de": "Englische Ausgabe 2022, Solo-Regeln (S. 11–13)",
    "fr": "Édition anglaise 2022, règles solo (p. 11-13)",
}


def text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def alerts(page: str) -> str:
    found = re.findall(r'role="alert"[^>]*data-code="([a-z_]+)"[^>]*>(.*?)</div>', page, re.S)
    return " ".join(f"{code}: {text(words)}" for code, words in found)


def english_left(sentence: str) -> list[str]:
    return [bit for bit in ENGLISH if bit in sentence]


@pytest.fixture
def taught(app):
    teach_test_data(app.instance_path)
    return app


def reader(client, language: str) -> None:
    """The phone's language switch (the cookie every later fragment follows)."""
    assert client.get(f"/?lang={language}").status_code == 200


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_rulebook_auction_example_is_told_in_the_readers_language(
    app, client, taught, language
):
    reader(client, language)
    says = SAYS[language]
    solo = SoloPhone.start(client)
    assert solo.say.startswith(says["hand"]), solo.say
    solo.tap(type="starting_hand_chosen", professions=HAND)
    solo.tap(type="automa_card_drawn", card="1")
    assert solo.step == "choose_object"
    solo.submit(
        next(f for f in solo.find(type="solo_auction_offered") if f.hidden["object"] == "jester")
    )
    assert solo.say == says["roll"]
    refused = {}
    solo.post_event(type="solo_auction_offered", object="forest")  # not now: a roll is due
    refused["not_expected_now"] = alerts(solo.html)
    solo.post_event(type="bid_raised", player="0", amount="500")
    refused["not_solo"] = alerts(solo.html)
    solo.post_event(type="solo_step_done", n="99")
    refused["no_such_step"] = alerts(solo.html)
    solo.refresh()
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == "4"))
    solo.tap(type="solo_declined")
    assert says["declined"] in text(solo.html)
    solo.post_event(type="solo_auction_offered", object="jester")
    refused["object_already_offered"] = alerts(solo.html)
    solo.refresh()
    solo.submit(
        next(f for f in solo.find(type="solo_auction_offered") if f.hidden["object"] == "forest")
    )
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == "2"))
    solo.post_event(type="solo_declined", object="forest")
    refused["forced_buy"] = alerts(solo.html)
    solo.refresh()
    solo.tap(type="solo_bought")
    solo.tap(type="landscape_placed")
    assert solo.step == "roll" and solo.say == says["wolfgang_rolls"], solo.say
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == "3"))
    page = text(solo.html)
    assert says["bought"] in page, page
    assert says["discard"] in page
    assert solo.step == "your_turn" and solo.say == says["turn"]
    history = client.get(f"/games/{solo.game_id}/history")  # the narration tells it too
    assert history.status_code == 200 and says["bought"] in text(history.text), text(history.text)
    column = 1 if language == "de" else 2
    for code, told in refused.items():
        assert f"{code}: " in told, (code, told)
        assert REFUSALS[code][column] in told, (code, told)
        assert REFUSALS[code][0] not in told, (code, told)
    for sentence in (solo.say, says["bought"]):
        assert not english_left(sentence)
    # The log itself stays language-free and the engine's own words English.
    with app.app_context():
        state = get_table(app).state(solo.game_id)
        logged = [e.payload for e in get_table(app).events(solo.game_id)]
    said = [str(tell(x["told"], state)) for x in state.parts["solo"].log]
    assert (
        "Wolfgang buys the Builder: the leftmost object he can buy; rolled 3 + 2, he pays 500"
        in said
    )
    assert not any(
        any(bit in json.dumps(e, ensure_ascii=False) for bit in ("Wolfgang kauft", "achète"))
        for e in logged
    )


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_solo_refusal_cites_the_english_edition_with_translated_titles(app, language):
    refusals = {r.code: r for r in solo_refusals()}
    with app.test_request_context(f"/?lang={language}"):
        for code in ("forced_buy", "object_already_offered", "not_tied", "automa_card_used"):
            cited = citation(refusals[code].rule)
            assert cited.startswith(CITED[language]), cited
            assert "Auction phase" not in cited and "Prestige cards" not in cited, cited


def told_games(seeds=(1, 2, 3, 4, 5, 6)):
    """Whole solo games played by the simulated table: every step it was asked, every entry
    of the decision log worded by the words package (each kind of Wolfgang's sentences: buying, paying, acting, working,
    choosing a card, the round's end, the checklist's moves)."""
    prompts, entries, states = [], [], []
    for seed in seeds:
        table = SoloTable(
            seed, dummies=2 + seed % 2, difficulty=("easy", "standard", "hard")[seed % 3]
        )
        while table.state.phase != "over" and len(table.log) < 3000:
            prompts.append(step_said(table.state, solo_prompt(table.state)))
            table.step()
        prompts.append(step_said(table.state, solo_prompt(table.state)))
        entries += [entry_words(e, table.state) for e in table.state.parts["solo"].log]
        states.append(table.state)
    return prompts, entries, states


def test_every_sentence_of_whole_solo_games_is_translated(app):
    prompts, entries, states = told_games()
    kinds = {str(x["told"]).split(" ")[1] for x in entries if x["who"] == "wolfgang"}
    assert {"buys", "takes", "builds", "completes", "acquires"} <= kinds, kinds
    assert any(
        "moves" in str(x["told"]) and "back on the Fame track" in str(x["told"]) for x in entries
    )
    sentences = [p for p in prompts] + [x["told"] for x in entries]
    sentences += [m for x in entries for m in x.get("moves", [])]
    for language in ("de", "fr"):
        with app.test_request_context(f"/?lang={language}"):
            for s in sentences:
                told = words(s)
                assert told and not english_left(told), (language, told, s)
    with app.test_request_context("/?lang=en"):  # English as the engine said it
        assert [words(x["told"]) for x in entries] == [str(x["told"]) for x in entries]
        assert [words(p) for p in prompts] == [str(p) for p in prompts]


def test_a_snapshot_keeps_the_words_marked(app):
    _prompts, entries, states = told_games(seeds=(7,))
    state = states[0]
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())), state.catalog)
    with app.test_request_context("/?lang=de"):
        before = [words(tell(x["told"], state)) for x in state.parts["solo"].log]
        after = [words(tell(x["told"], again)) for x in again.parts["solo"].log]
    assert before == after and before != [str(x["told"]) for x in entries]


def test_what_a_misread_correction_moves_is_told_in_the_readers_language(app):
    _prompts, _entries, states = told_games(seeds=(8,))
    after = states[0]
    before = after.clone()
    before.players[0].money -= 200
    before.players[1].money += 300
    before.players[1].fame -= 2
    before.players[1].buildings = []
    lines = table_changes(before, after, seat=0)
    english = [str(x) for x in lines]
    assert english[:2] == ["Give Alexandra 200 Florin more", "Take 300 Florin more from Wolfgang"]
    assert english[2] == "Move Wolfgang's Fame disk 2 forward"
    with app.test_request_context("/?lang=de"):
        de = [words(x) for x in lines]
    with app.test_request_context("/?lang=fr"):
        fr = [words(x) for x in lines]
    assert de[:3] == [
        "Gib Alexandra 200 Florin mehr",
        "Nimm Wolfgang 300 Florin mehr ab",
        "Die Spielfigur von Wolfgang auf der Erfolgsleiste um 2 vorrücken",
    ]
    assert fr[:3] == [
        "Donnez 200 florins de plus à Alexandra",
        "Prenez 300 florins de plus à Wolfgang",
        "Avancez la figurine de Wolfgang de 2 sur la piste de score",
    ]
    if after.players[1].buildings:
        assert de[3].startswith("Die Gebäude von Wolfgang sind jetzt: ")
        assert fr[3].startswith("Les bâtiments de Wolfgang sont maintenant\u202f: ")


def setup_refusals() -> list[Refusal]:
    refusals = []
    for solo in (
        "hard",
        {"difficulty": "brutal", "dummies": 2},
        {"difficulty": "easy", "dummies": 4},
    ):
        with pytest.raises(Refusal) as info:
            apply_in_place(
                GameState(), {"type": "game_started", "players": ["A", "Wolfgang"], "solo": solo}
            )
        refusals.append(info.value)
    return refusals


def test_every_solo_refusal_is_told_in_german_and_french(app):
    refusals = solo_refusals() + setup_refusals()
    assert {r.code for r in refusals} >= {
        "not_solo",
        "automa_card_unknown",
        "automa_card_wrong_round",
        "not_expected_now",
        "not_on_automa_card",
        "unknown_object",
        "bad_die",
        "object_already_offered",
        "forced_buy",
        "automa_card_used",
        "protected_in_final_auction",
        "not_tied",
        "card_not_available",
        "no_such_step",
        "step_already_done",
        "solo_only",
        "bad_solo_setup",
    }
    english = {}
    with app.test_request_context("/?lang=en"):
        for r in refusals:
            english[id(r)] = refusal_message(r)
            assert english[id(r)] == r.message  # the engine's English, unchanged
    for language in ("de", "fr"):
        with app.test_request_context(f"/?lang={language}"):
            for r in refusals:
                told = refusal_message(r)
                if r.code in ("bad_catalog_entry", "profession_unknown"):
                    continue  # the catalog's and the base game's words, not solo play's
                assert told != english[id(r)], (language, r.code, told)
                assert not english_left(told), (language, r.code, told)


# One name per piece in every language: the word each edition gives it.
PIECES = {
    "Fame disk": {"de": "Spielfigur", "fr": "figurine"},
    "Pawn": {"de": "Spielstein", "fr": "pion"},
}


@pytest.mark.parametrize("language", ["de", "fr"])
def test_each_piece_has_one_name_in_every_language(language):
    from babel.messages.pofile import read_po

    from companion.core.lang import TRANSLATIONS

    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    seen = dict.fromkeys(PIECES, 0)
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for piece, names in PIECES.items():
            if any(piece in i for i in ids):
                seen[piece] += 1
                for text in texts:
                    assert names[language] in text.casefold() or names[language] in text, (
                        piece,
                        ids[0],
                        text,
                    )
    assert all(seen.values()), seen
    assert not any("Prestige Point marker" in str(m.id) for m in catalog)
