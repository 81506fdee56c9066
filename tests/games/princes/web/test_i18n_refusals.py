"""The engine's refusals of the grid, of an event's shape, of a misread correction, of undo and
of a move out of several phases, told on a German and a French phone through the web edge: the
engine marks them, the edge translates them, the code and the log stay the same."""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.games.princes.web.i18n_refusals import told
from tests.support.phone_characters import MUSE, leave_auctions
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    host_game,
    record,
    state,
)

ENGLISH = {
    "overlap": "is already covered by",
    "bad_event": "Opening an auction: object is too long (at most 64)",
    "not_a_misread": "Only a fact copied from the table",
    "bad_retraction": "Undo takes back only the latest events",
    "wrong_phase": "That happens in",
}
WORDS = {
    "de": {
        "overlap": "Reihe 6, Spalte 1 ist schon von deinem Palazzo belegt",
        "bad_event": "Eine Versteigerung eröffnen: object ist zu lang (höchstens 64)",
        "not_a_misread": "Berichtigen lässt sich nur, was vom Tisch abgelesen wurde",
        "bad_retraction": "„Zurücknehmen“ nimmt nur die letzten Ereignisse zurück",
        "wrong_phase": "Phase A oder Phase B",
    },
    "fr": {
        "overlap": "Ligne 6, colonne 1 est déjà occupée par votre palazzo",
        "bad_event": "Ouvrir une enchère : object est trop long (au plus 64)",
        "not_a_misread": "Seul un fait recopié de la table peut être corrigé",
        "bad_retraction": "Annuler ne reprend que les derniers événements",
        "wrong_phase": "la phase d’enchères (A) ou la phase d’action (B)",
    },
}


def check(seen: dict[str, str], code: str) -> None:
    assert seen["code"] == code
    assert ENGLISH[code] in seen["en"]
    for lang in ("de", "fr"):
        assert WORDS[lang][code] in seen[lang], (lang, seen[lang])
        assert ENGLISH[code] not in seen[lang]


@pytest.fixture
def auction(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id


def test_a_piece_on_the_palazzo_is_refused_in_each_language(app, client, auction):
    record(app, auction, "0", type="auction_opened", player=0, object="forest")
    record(app, auction, "1", type="bid_passed", player=1)
    record(app, auction, "2", type="bid_passed", player=2)
    as_seat(client, auction, 0)
    seen = told(
        client,
        auction,
        type="landscape_placed",
        player="0",
        landscape="forest",
        cells="[[5,0],[4,0]]",
    )
    check(seen, "overlap")


def test_an_event_of_the_wrong_shape_is_refused_in_each_language(app, client, auction):
    as_seat(client, auction, 0)
    before = state(app, auction).auction
    seen = told(client, auction, type="auction_opened", player="0", object="x" * 65)
    check(seen, "bad_event")
    assert state(app, auction).auction == before


def test_a_misread_of_something_not_read_off_the_table_is_refused_in_each_language(
    app, client, auction
):
    as_host(client, auction, seat=0)  # the host's own phone
    seen = told(client, auction, type="misread_corrected", fixes="1", value="3")
    check(seen, "not_a_misread")


def test_undo_of_what_is_not_the_latest_is_refused_in_each_language(app, client, auction):
    as_seat(client, auction, 2)
    with app.app_context():
        last = get_table(app).events(auction)[-1].seq
    seen = told(client, auction, type="retracted", seqs=str(last + 1))
    check(seen, "bad_retraction")
    assert f"{last + 1}" in seen["de"] and f"{last + 1}" in seen["fr"]


def test_a_move_of_two_other_phases_is_refused_in_each_language(app, client):
    game_id, _ = host_game(app, grid=False, **MUSE)
    choose_hands(app, game_id)
    leave_auctions(app, game_id)
    assert state(app, game_id).phase == "character_auction"
    as_seat(client, game_id, 0)
    seen = told(
        client,
        game_id,
        type="recruiting_card_used",
        player="0",
        from_player="1",
        profession="mason",
    )
    check(seen, "wrong_phase")
    assert "Phase A2" in seen["de"] and "phase A2" in seen["fr"]  # where the game is
