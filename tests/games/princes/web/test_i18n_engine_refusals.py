"""The base game's refusals that used to be English only (docs/i18n.md), told on a German and a
French phone or host form through the web edge: a Landscape the winner did not win, a correction that no longer fits (the later refusal told in the reader's
words too), a Character bid a correction would leave unpayable, Cooperative Building's cost
and its waiting proposal, the host form's setup refusal, and a damaged log's row. The code
and the log stay the same in every language; the English words are gone from the others."""

from __future__ import annotations

import pytest

from companion.games.princes.rules import Refusal, apply
from companion.web.i18n import refusal_message
from companion.web.recording import get_table
from tests.games.princes.web.i18n_refusals import told
from tests.support.event_store_robust import put_raw_row
from tests.support.phone_characters import MUSE, leave_auctions
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    host_game,
    record,
    state,
    text,
    to_action_phase,
)
from tests.support.web_fixtures import csrf_token_for

ADA, BEN, CY = 0, 1, 2
LANGUAGES = ("de", "fr")


def check(seen: dict[str, str], code: str, english: str, words: dict[str, list[str]]):
    """The same code in each language; the English sentence only in English; each
    language's own words (and no English sentence) in German and French."""
    assert seen["code"] == code
    assert english in seen["en"], seen["en"]
    for lang in LANGUAGES:
        for word in words[lang]:
            assert word in seen[lang], (lang, seen[lang])
        assert english not in seen[lang], (lang, seen[lang])


@pytest.fixture
def forest_won(app):
    """Round 1 of a game without the grid: Ada won a Forest and has to place it."""
    game_id, _ = host_game(app, grid=False)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=ADA, object="forest")
    record(app, game_id, "1", type="bid_passed", player=BEN)
    record(app, game_id, "2", type="bid_passed", player=CY)
    return game_id


def test_a_landscape_not_won_is_refused_in_each_language(app, client, forest_won):
    as_seat(client, forest_won, ADA)
    before = state(app, forest_won).to_dict()
    seen = told(client, forest_won, type="landscape_placed", player="0", landscape="lake")
    check(
        seen,
        "wrong_landscape",
        "Ada won a Forest, not a Lake",
        {
            "de": ["Ada hat einen Wald ersteigert, keinen See"],
            "fr": ["Ada a remporté une Forêt et non un Lac"],
        },
    )
    assert state(app, forest_won).to_dict() == before


def test_a_correction_the_later_events_no_longer_fit_is_refused_in_each_language(app, client):
    """Ada's drawn card is corrected to the one Ben drew after her: Ben's draw no longer fits,
    and the host reads why in their own language, the later refusal included."""
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)
    for pid in ("sculptor", "architect"):  # taught before either is drawn
        record(
            app,
            game_id,
            type="profession_taught",
            profession=pid,
            name=pid,
            building="tower",
            landscape="forest",
            freedom="religion",
        )
    taken = record(app, game_id, "0", type="profession_taken", player=ADA, profession="sculptor")
    record(app, game_id, "0", type="turn_ended", player=ADA)
    record(app, game_id, "1", type="profession_taken", player=BEN, profession="architect")
    with app.app_context():
        before = [e.seq for e in get_table(app).events(game_id)]
    as_host(client, game_id, seat=CY)
    seen = told(
        client,
        game_id,
        type="misread_corrected",
        fixes=str(taken.event.seq),
        value="architect",
    )
    check(
        seen,
        "correction_does_not_fit",
        "With that value, what was recorded after it no longer fits",
        {
            "de": [
                "Mit diesem Wert passt nicht mehr, was danach eingetragen wurde",
                "Palazzo kann den architect nicht als gezogen eintragen",
                "Nimm zuerst die späteren Schritte zurück",
            ],
            "fr": [
                "Avec cette valeur, ce qui a été saisi ensuite ne tient plus",
                "Palazzo ne peut pas enregistrer l’architect comme pioché",
            ],
        },
    )
    for lang in LANGUAGES:  # the later refusal is not left in English inside the sentence
        assert "Palazzo cannot record" not in seen[lang]
    with app.app_context():
        assert [e.seq for e in get_table(app).events(game_id)] == before


def test_a_correction_leaving_a_character_bid_unpayable_is_refused_in_each_language(app, client):
    game_id, _ = host_game(app, grid=False, **MUSE)
    choose_hands(app, game_id)
    leave_auctions(app, game_id)
    turn = ADA
    record(app, game_id, "0", type="character_bid", player=ADA, character="muse", space=5)
    money = state(app, game_id).players[turn].money
    as_host(client, game_id, seat=CY)  # the host's own phone
    seen = told(
        client,
        game_id,
        type="correction",
        player=str(turn),
        money=str(100 - money),
        fame="0",
        reason="purse",
    )
    name = state(app, game_id).players[turn].name
    check(
        seen,
        "bad_correction",
        f"{name} could no longer pay the Character bid of 500",
        {
            "de": [f"{name} könnte das Gebot von 500 für die Charakter-Karte nicht mehr zahlen"],
            "fr": [f"{name} ne pourrait plus payer son enchère de 500 sur le personnage"],
        },
    )
    assert state(app, game_id).players[turn].money == money


@pytest.fixture
def cooperative(app):
    """A 3-player Cooperative Building game in round 1's Action phase, Ada to move."""
    game_id, _ = host_game(
        app, grid=False, expansions={"muse_princess": False, "cooperative": True}
    )
    choose_hands(app, game_id)
    for seat, kind in ((ADA, "auctions_left"), (BEN, "auctions_left")):
        record(app, game_id, str(seat), type=kind, player=seat)
    record(app, game_id, "2", type="last_player_declined", player=CY)
    assert state(app, game_id).phase == "action"
    return game_id


def test_a_cooperative_building_ada_cannot_pay_is_refused_in_each_language(
    app, client, cooperative
):
    money = state(app, cooperative).players[ADA].money
    record(app, cooperative, type="correction", player=ADA, money=100 - money, reason="purse")
    as_seat(client, cooperative, ADA)
    seen = told(
        client,
        cooperative,
        type="cooperation_proposed",
        player="0",
        partner="1",
        building="tower",
        partner_payment="0",
    )
    check(
        seen,
        "cannot_afford",
        "A Tower costs you",
        {
            "de": ["Turm kostet dich", "Florin (deine Baumeister bestimmen den Preis)"],
            "fr": ["Tour vous coûte", "florins (selon vos architectes)"],
        },
    )
    for lang in LANGUAGES:
        assert "Builders" not in seen[lang] and "would pay you" not in seen[lang]


def test_a_proposal_waiting_for_its_answer_is_told_in_each_language(app, client, cooperative):
    record(
        app,
        cooperative,
        "0",
        type="cooperation_proposed",
        player=ADA,
        partner=BEN,
        building="chapel",
        partner_payment=100,
    )
    as_seat(client, cooperative, ADA)
    seen = told(client, cooperative, type="turn_ended", player="0")
    check(
        seen,
        "cooperation_pending",
        "Ben has yet to accept or decline Ada's proposal to build a Chapel together",
        {
            "de": [
                "Ben muss den Vorschlag von Ada, gemeinsam eine Kapelle zu bauen, erst annehmen"
            ],
            "fr": ["Ben doit encore accepter ou refuser la proposition de Ada"],
        },
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", "Kooperativ Bauen wird auf dem gemeinsamen Spielplan"),
        ("fr", "Coopération se joue sur le plateau commun des faces B"),
    ],
)
def test_the_host_form_tells_the_setup_refusal_in_its_language(app, client, store, lang, words):
    client.get(f"/?lang={lang}")
    form = {"csrf_token": csrf_token_for(client), "name_0": "Ada", "name_1": "Ben", "start": "0"}
    r = client.post("/host", data={**form, "cooperative": "on", "grid": "on"})
    assert r.status_code == 422
    assert words in text(r.text)
    assert "shared board" not in text(r.text) and "Palazzo counts the squares" not in r.text
    assert store.games() == []


def test_a_damaged_row_is_named_in_each_language(app, client, store):
    game_id, _ = host_game(app)
    bad_seq = store.last_seq(game_id) + 1
    put_raw_row(store, game_id, bad_seq, "{not json", type_="auction_opened")
    get_table(app)._forget(game_id)  # read again from the database, as after a restart
    as_host(client, game_id)
    said = {}
    for lang in ("en", "de", "fr"):
        page = client.get(f"/games/{game_id}/table?lang={lang}")  # the table's own language
        said[lang] = text(page.get_data(as_text=True))
    assert "it cannot be read" in said["en"]
    assert "es ist nicht lesbar" in said["de"] and "il est illisible" in said["fr"]
    for lang in LANGUAGES:
        assert "it cannot be read" not in said[lang]


def test_a_sold_out_landscape_is_told_in_each_language(app):
    """2 players: the winner of the Landscape names its type, and the last Forest of the
    supply is gone (six rounds are not played here: the supply is emptied on a copy of the
    state). The refusal is told by the edge's `refusal_message` in each reader's language."""
    game_id, _ = host_game(
        app, players=["Ada", "Ben"], grid=False, freedoms={"travel": 2, "religion": 2, "opinion": 1}
    )
    choose_hands(
        app, game_id, hands=(["poet", "alchemist", "botanist"], ["mason", "painter", "jurist"])
    )
    record(app, game_id, "0", type="auction_opened", player=ADA, object="landscape")
    record(app, game_id, "1", type="bid_passed", player=BEN)
    sold_out = state(app, game_id).clone()
    sold_out.stacks["forest"] = 0
    with pytest.raises(Refusal) as refused:
        apply(sold_out, {"type": "landscape_placed", "player": ADA, "landscape": "forest"})
    assert refused.value.code == "stack_exhausted"
    told_in = {}
    for language in ("en", *LANGUAGES):
        with app.test_request_context(f"/?lang={language}"):
            told_in[language] = refusal_message(refused.value)
    assert told_in["en"] == "No Forest is left in the supply"
    assert told_in["de"] == "Im Vorrat ist kein Wald mehr übrig"
    assert told_in["fr"] == "Plus aucun exemplaire de la Forêt dans la réserve"
