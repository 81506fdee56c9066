"""Seats stay in their lane: a seat teaches only what its own move needs now,
and only what Palazzo does not know yet; changing what is known is the host's act; a refused
move changes nothing, not the log and not the installation's catalog."""

from __future__ import annotations

import json
import re

import pytest

from companion.games.princes.learned import LearnedCatalog
from companion.web.recording import get_table
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    form_for,
    game_in_action_phase,
    host_game,
    post_event,
    post_teach,
    record,
    state,
    text,
    to_action_phase,
)

GLASS_BLOWER = {
    "name": "Glass Blower",
    "building": "workshop",
    "landscape": "lake",
    "freedom": "travel",
}


def log_of(app, game_id):
    with app.app_context():
        return [(e.type, e.by, e.payload) for e in get_table(app).events(game_id)]


def installed(app):
    return LearnedCatalog(app.instance_path)


@pytest.fixture
def action(app):
    return game_in_action_phase(app)


@pytest.fixture
def forest_won(app):
    """No grid: Ada won a Forest and must place it; nobody has told Palazzo its size."""
    game_id, _ = host_game(app, grid=False)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=0, object="forest")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "2", type="bid_passed", player=2)
    return game_id


@pytest.mark.parametrize(
    "event",
    [
        # a card in Ben's hand, with other wishes
        {
            "type": "profession_taught",
            "profession": "mason",
            "name": "Mason",
            "building": "tower",
            "landscape": "park",
            "freedom": "opinion",
        },
        # the built-in Poet
        {
            "type": "profession_taught",
            "profession": "poet",
            "name": "Poet",
            "building": "chapel",
            "landscape": "forest",
            "freedom": "religion",
        },
        {"type": "landscape_taught", "landscape": "forest", "cells": 12},
    ],
)
def test_a_seat_cannot_post_teaching_on_its_own(app, client, action, event):
    before_log, before_file = log_of(app, action), installed(app).learned()
    as_seat(client, action, 0)
    r = post_event(client, action, **{k: str(v) for k, v in event.items()})
    assert r.status_code == 403 and "host" in r.text
    assert log_of(app, action) == before_log
    assert installed(app).learned() == before_file


def test_a_refused_move_teaches_nothing(app, client, action):
    """Ben teaches a card with a move the rules refuse (it is Ada's turn): nothing is kept."""
    before_log, before_file = log_of(app, action), installed(app).learned()
    as_seat(client, action, 1)
    resend = json.dumps({"type": "profession_taken", "player": 1})
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 422
    assert log_of(app, action) == before_log
    assert installed(app).learned() == before_file
    assert "glass_blower" not in installed(app).catalog().professions


def test_a_seat_teaches_what_its_move_needs_once(app, client, action):
    as_seat(client, action, 0)
    resend = json.dumps({"type": "profession_taken", "player": 0})
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 200, text(r.text)
    assert [t for t, *_ in log_of(app, action)[-2:]] == ["profession_taught", "profession_taken"]
    history = installed(app).history()
    assert history[0]["what"] == "Glass Blower" and history[0]["from"] is None
    assert history[0]["to"] == "Workshop, Lake, Travel"
    assert history[0]["by"] == "a player's phone, in a game"


def test_a_seat_cannot_change_a_known_card(app, client, action):
    """The Alchemist is known (built in): a seat that reads it differently is told to check,
    and that the host can change it; nothing changes."""
    before_file = installed(app).learned()
    as_seat(client, action, 0)
    resend = json.dumps({"type": "profession_taken", "player": 0, "profession": "alchemist"})
    r = post_teach(
        client,
        action,
        what="profession",
        resend=resend,
        name="Alchemist",
        building="opera",
        landscape="park",
        freedom="travel",
    )
    assert r.status_code == 422
    words = text(r.text)
    assert "Palazzo already knows the Alchemist: Laboratory, Lake, Opinion" in words
    assert "the host can change it on the catalog screen" in words
    assert installed(app).learned() == before_file


def test_landscape_sizes_one_seat_at_a_time(app, client, forest_won):
    game_id = forest_won
    resend = json.dumps({"type": "landscape_placed", "player": 1, "landscape": "forest"})
    as_seat(client, game_id, 1)  # Ben did not win the Forest: his move is refused
    r = post_teach(client, game_id, what="landscape", resend=resend, cells="1")
    assert r.status_code == 422
    assert not installed(app).catalog().landscape_cells["forest"]
    as_seat(client, game_id, 0)  # Ada places hers and says 4
    resend = json.dumps({"type": "landscape_placed", "player": 0, "landscape": "forest"})
    r = post_teach(client, game_id, what="landscape", resend=resend, cells="4")
    assert r.status_code == 200, text(r.text)
    assert installed(app).catalog().landscape_cells["forest"] == 4
    assert [t for t, by, _ in log_of(app, game_id)[-2:]] == ["landscape_taught", "landscape_placed"]
    as_seat(client, game_id, 2)  # Cy would say 12: known now, not his to change
    resend = json.dumps({"type": "landscape_placed", "player": 2, "landscape": "forest"})
    r = post_teach(client, game_id, what="landscape", resend=resend, cells="12")
    assert r.status_code == 422
    assert "already knows that a Forest covers 4 squares" in text(r.text)
    assert installed(app).catalog().landscape_cells["forest"] == 4


def test_the_host_changes_a_known_card_and_the_history_says_from_what_to_what(app, client, action):
    as_host(client, action)
    r = post_event(
        client,
        action,
        view="host",
        type="profession_taught",
        profession="alchemist",
        name="Alchemist",
        building="opera",
        landscape="lake",
        freedom="opinion",
    )
    assert r.status_code in (200, 204), r.text[:300]
    assert state(app, action).catalog.professions["alchemist"].building == "opera"
    assert installed(app).catalog().professions["alchemist"].building == "opera"
    change = installed(app).history()[0]
    assert (change["what"], change["from"], change["to"]) == (
        "Alchemist",
        "Laboratory, Lake, Opinion",
        "Opera, Lake, Opinion",
    )
    assert change["by"] == "the host, in a game"
    history = client.get(f"/games/{action}/history").text
    assert "Host changed the Alchemist: Laboratory, Lake, Opinion → Opera, Lake, Opinion" in text(
        history
    )


def test_a_grid_game_teaches_the_installation_its_landscape_sizes(app):
    """The first Lake placed on a grid shows its size; the next game knows it from the start."""
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)  # Ada placed a Lake of 3 squares
    assert installed(app).catalog().landscape_cells["lake"] == 3
    other, _ = host_game(app, grid=False)
    choose_hands(app, other)
    record(app, other, "0", type="auction_opened", player=0, object="lake")
    record(app, other, "1", type="bid_passed", player=1)
    record(app, other, "2", type="bid_passed", player=2)
    record(app, other, "0", type="landscape_placed", player=0, landscape="lake")  # not asked
    assert state(app, other).catalog.landscape_cells["lake"] == 3
    assert ("landscape_taught", "0", {"landscape": "lake", "cells": 3}) in log_of(app, other)


# -- a card two phones claim, and ticks that survive an undo -------------------


def test_a_clash_says_how_to_fix_it_without_saying_whose_hand(app, client):
    game_id, _ = host_game(app)
    record(
        app,
        game_id,
        "1",
        type="starting_hand_chosen",
        player=1,
        professions=["mason", "painter", "jurist"],
    )
    as_seat(client, game_id, 0)
    r = post_event(
        client,
        game_id,
        type="starting_hand_chosen",
        player="0",
        professions=["poet", "alchemist", "mason"],
    )
    assert r.status_code == 422
    words = text(r.text)
    assert "Palazzo cannot put the Mason in your starting hand" in words
    assert "whoever ticked a card they do not hold undoes their hand" in words
    refusal = re.search(r'class="refusal-message">(.*?)</p>', r.text, re.S).group(1)
    assert "Mason" in refusal and "Ben" not in refusal  # never whose hand holds it
    assert re.search(r'value="mason"\s+checked', r.text)  # the ticks stay, to fix
    # the phone that kept the Mason is asked to check; the others hear nothing
    as_seat(client, game_id, 1)
    ben = text(client.get(f"/games/{game_id}/me/panel").text)
    assert "Another player says the Mason was dealt to them" in ben
    as_seat(client, game_id, 2)
    assert "was dealt to them" not in text(client.get(f"/games/{game_id}/me/panel").text)


def test_ticks_survive_the_hosts_undo(app, client):
    game_id, _ = host_game(app)
    kept = record(
        app,
        game_id,
        "1",
        type="starting_hand_chosen",
        player=1,
        professions=["mason", "painter", "jurist"],
    )
    as_host(client, game_id)
    r = post_event(client, game_id, view="host", type="retracted", seqs=str(kept.event.seq))
    assert r.status_code == 200 and state(app, game_id).players[1].hand == []
    as_seat(client, game_id, 1)
    panel = client.get(f"/games/{game_id}/me/panel").text
    for pid in ("mason", "painter", "jurist"):
        assert re.search(rf'value="{pid}"\s+checked', panel), pid


# -- only moves teach ------------------------------------------------------


def taught_in(app, game_id) -> list[str]:
    return [p["profession"] for t, _by, p in log_of(app, game_id) if t == "profession_taught"]


BOGUS = {"name": "Bogus", "building": "tower", "landscape": "park", "freedom": "opinion"}
EMPTY_HAND = {"type": "starting_hand_chosen", "player": 1, "professions": []}


def test_a_moveless_teach_keeps_nothing_mid_game(app, client, action):
    """The attack: `what=profession` with `resend` naming an empty starting hand, mid-game,
    twelve times with twelve names: nothing in the log, nothing in the installation's
    catalog, and each answered with the engine's refusal."""
    before_log, before_file = log_of(app, action), installed(app).learned()
    known = set(installed(app).catalog().professions)
    as_seat(client, action, 1)
    for i in range(12):
        card = {**BOGUS, "name": f"Bogus {chr(65 + i)}"}
        r = post_teach(client, action, what="profession", resend=json.dumps(EMPTY_HAND), **card)
        assert r.status_code == 422, text(r.text)
    assert log_of(app, action) == before_log
    assert installed(app).learned() == before_file
    assert set(installed(app).catalog().professions) == known


def test_cards_taught_for_a_hand_wait_for_the_hand(app, client):
    """In setup, a card taught while the hand is still short is kept on the phone only; the
    hand, sent from the hand screen, records it with itself."""
    game_id, _ = host_game(app)
    before_log, before_file = log_of(app, game_id), installed(app).learned()
    as_seat(client, game_id, 1)
    resend = json.dumps({"type": "starting_hand_chosen", "player": 1, "professions": ["mason"]})
    r = post_teach(client, game_id, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 200 and "Your starting hand" in r.text
    assert log_of(app, game_id) == before_log  # taught, not recorded: no move yet
    assert installed(app).learned() == before_file
    # a live refresh still offers the held card, and the hand form carries it
    html = client.get(
        f"/games/{game_id}/me/panel?do=hand&professions=mason&professions=glass_blower"
    ).text
    form = form_for(html, "starting_hand_chosen")
    assert re.search(r'value="glass_blower"\s+checked', form)
    assert 'name="what" value="hand"' in form and "/teach" in form
    r = post_teach(
        client,
        game_id,
        what="hand",
        view="phone",
        type="starting_hand_chosen",
        player="1",
        professions=["mason", "glass_blower", "alchemist"],
    )
    assert r.status_code == 200, text(r.text)
    assert [t for t, *_ in log_of(app, game_id)][-1] == "starting_hand_chosen"
    assert "glass_blower" in taught_in(app, game_id)
    assert state(app, game_id).players[1].hand == ["mason", "glass_blower", "alchemist"]
    assert "glass_blower" in installed(app).catalog().professions
    with client.session_transaction() as s:
        assert "held_cards" not in s  # nothing held any more


def test_a_held_card_left_out_of_the_hand_is_not_kept(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 1)
    resend = json.dumps({"type": "starting_hand_chosen", "player": 1, "professions": ["mason"]})
    post_teach(client, game_id, what="profession", resend=resend, **GLASS_BLOWER)
    r = post_teach(
        client,
        game_id,
        what="hand",
        view="phone",
        type="starting_hand_chosen",
        player="1",
        professions=["mason", "poet", "alchemist"],
    )
    assert r.status_code == 200, text(r.text)
    assert [t for t, *_ in log_of(app, game_id)][-1] == "starting_hand_chosen"
    assert "glass_blower" not in taught_in(app, game_id)
    assert "glass_blower" not in installed(app).catalog().professions


def test_the_table_keeps_no_teaching_its_move_does_not_name(app):
    """Below the screens: a teaching handed to the Table with a move that does not use the
    card is dropped, never stored on its own; the move itself is recorded."""
    game_id, _ = host_game(app)
    bogus = {"type": "profession_taught", "profession": "bogus", **BOGUS}
    hand = {**EMPTY_HAND, "professions": ["mason", "poet", "alchemist"]}
    with app.app_context():
        get_table(app).record(game_id, hand, by="1", teach=[bogus])
    assert [t for t, *_ in log_of(app, game_id)][-1] == "starting_hand_chosen"
    assert "bogus" not in taught_in(app, game_id)
    assert "bogus" not in installed(app).catalog().professions
