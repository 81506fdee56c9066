"""Teach on use: a card Palazzo doesn't know is taught from the phone, then the move is sent."""

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
    panel,
    post_event,
    post_teach,
    record,
    refusal_in,
    resend_of,
    state,
    text,
)

GLASS_BLOWER = {
    "name": "Glass Blower",
    "building": "workshop",
    "landscape": "lake",
    "freedom": "travel",
}


@pytest.fixture
def action(app):
    return game_in_action_phase(app)


def logged(app, game_id):
    with app.app_context():
        return [(e.type, e.by, e.payload) for e in get_table(app).events(game_id)]


def test_taking_a_card_palazzo_does_not_know(app, client, action):
    as_seat(client, action, 0)
    html = panel(client, action, "?do=teach&for=profession_taken")
    assert "Teach Palazzo this card" in html and "Teach it and take the card" in html
    for name in ("Workshop", "Lake", "Travel", "Chapel", "Opinion"):
        assert f"<span>{name}</span>" in html
    assert json.loads(resend_of(html)) == {"type": "profession_taken", "player": 0}
    r = post_teach(client, action, what="profession", resend=resend_of(html), **GLASS_BLOWER)
    assert r.status_code == 200, text(r.text)
    assert "took the Glass Blower (Profession card)" in text(r.text)
    assert "Glass Blower Workshop · Lake · Travel" in text(r.text)  # in hand now
    learned = LearnedCatalog(app.instance_path).catalog().professions["glass_blower"]
    assert (learned.building, learned.landscape, learned.freedom) == ("workshop", "lake", "travel")
    kinds = [(t, by) for t, by, _ in logged(app, action)[-2:]]
    assert kinds == [("profession_taught", "0"), ("profession_taken", "0")]


def test_a_half_taught_card_keeps_what_was_tapped(app, client, action):
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))
    r = post_teach(
        client,
        action,
        what="profession",
        resend=resend,
        name="Glass Blower",
        landscape="lake",
        freedom="travel",
    )
    assert r.status_code == 422
    form = re.search(
        r'<form class="ev" data-keep="teach-profession".*?</form>', r.text, re.S
    ).group(0)
    assert refusal_in(form) == "bad_catalog_entry" and "Tap the Building" in form
    assert 'value="Glass Blower"' in form
    assert re.search(r'value="lake" required\s+checked', form)
    assert "glass_blower" not in LearnedCatalog(app.instance_path).catalog().professions


@pytest.mark.parametrize(
    "form, message",
    [
        (
            {"name": "Poet", "building": "tower", "landscape": "lake", "freedom": "travel"},
            "Palazzo already knows the Poet: Theater, Lake, Travel",
        ),
        (
            {"name": "Recruiting", "building": "tower", "landscape": "lake", "freedom": "travel"},
            "That is the Recruiting card",
        ),
        (
            {"name": "  ", "building": "tower", "landscape": "lake", "freedom": "travel"},
            "Type the card's name",
        ),
        (
            {"name": "!!!", "building": "tower", "landscape": "lake", "freedom": "travel"},
            "Type the card's name",
        ),
        (
            {"name": "Smith", "building": "castle", "landscape": "lake", "freedom": "travel"},
            "Tap the Building",
        ),
        (
            {"name": "Smith", "building": "tower", "landscape": "sea", "freedom": "travel"},
            "Tap the Landscape",
        ),
        (
            {"name": "Smith", "building": "tower", "landscape": "lake", "freedom": ""},
            "Tap the Freedom",
        ),
    ],
)
def test_teaching_is_checked(app, client, action, form, message):
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))
    r = post_teach(client, action, what="profession", resend=resend, **form)
    assert r.status_code == 422 and message in text(r.text)
    assert logged(app, action)[-1][0] == "last_player_declined"  # nothing recorded


def test_a_known_card_taught_again_the_same_is_just_used(app, client, action):
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))
    r = post_teach(
        client,
        action,
        what="profession",
        resend=resend,
        name="banker",
        building="workshop",
        landscape="lake",
        freedom="opinion",
    )
    assert r.status_code == 200 and "took the Banker (Profession card)" in text(r.text)


def test_the_deck_has_21_cards(app, client, action):
    learned = LearnedCatalog(app.instance_path)
    known = len(learned.catalog().professions)
    for i in range(21 - known):
        learned.teach_profession(f"filler_{chr(97 + i)}", "tower", "forest", "travel")
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 422 and "The Profession deck has 21 cards" in text(r.text)


@pytest.mark.parametrize(
    "resend",
    [
        "",
        "not json",
        "[]",
        '{"type": "correction"}',
        '{"type": "profession_taken", "player": [1]}',
        '{"type": "profession_taken", "player": {"a": 1}}',
        '{"type": "profession_taken", "player": true}',
        '{"type": "profession_taken", "admin": "yes"}',
        "x" * 5000,
    ],
)
def test_a_mangled_form_is_refused_not_crashed(app, client, action, resend):
    as_seat(client, action, 0)
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 422
    assert "glass_blower" not in LearnedCatalog(app.instance_path).catalog().professions


def test_teaching_for_another_seat_or_without_one_is_forbidden(app, client, action):
    resend = json.dumps({"type": "profession_taken", "player": 0})
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 403  # no session
    as_seat(client, action, 1)
    r = post_teach(client, action, what="profession", resend=resend, **GLASS_BLOWER)
    assert r.status_code == 403 and "own seat" in r.text
    assert "glass_blower" not in LearnedCatalog(app.instance_path).catalog().professions
    r = client.post(f"/games/{action}/teach", data={"what": "profession", "resend": resend})
    assert r.status_code == 403  # no CSRF token
    as_seat(client, action, 0)
    r = post_teach(client, action, what="nonsense", resend=resend)
    assert r.status_code == 422 and "does not say what to teach" in text(r.text)
    r = post_teach(
        client, action, what="profession", resend=resend, event_id="bad id!", **GLASS_BLOWER
    )
    assert r.status_code == 400


def test_an_unknown_card_in_a_move_asks_to_teach_it(app, client, action):
    """A card id no catalog knows (an old page, another device): teach it, then the move."""
    as_seat(client, action, 0)
    r = post_event(client, action, type="profession_taken", player="0", profession="zebra_keeper")
    assert r.status_code == 422 and 'data-screen="teach_profession"' in r.text
    assert refusal_in(r.text) is None  # a first-time question, asked as one: no error box
    assert "Teach Palazzo this card" in r.text and 'value="Zebra Keeper"' in r.text
    r = post_teach(
        client,
        action,
        what="profession",
        resend=resend_of(r.text),
        name="Zebra Keeper",
        building="opera",
        landscape="park",
        freedom="opinion",
    )
    assert r.status_code == 200 and "took the Zebra Keeper (Profession card)" in text(r.text)


def test_a_starting_hand_with_an_unknown_card(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 0)
    html = panel(
        client, game_id, "?do=teach&for=starting_hand_chosen&professions=poet&professions=alchemist"
    )
    assert "Teach it and add it to your starting hand" in html
    assert json.loads(resend_of(html))["professions"] == ["poet", "alchemist"]
    r = post_teach(client, game_id, what="profession", resend=resend_of(html), **GLASS_BLOWER)
    assert (
        r.status_code == 200
        and "kept Poet, Alchemist and Glass Blower as a starting hand" in text(r.text)
    )
    assert state(app, game_id).players[0].hand == ["poet", "alchemist", "glass_blower"]


def test_a_starting_hand_still_short_goes_back_to_choosing(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 1)
    html = panel(client, game_id, "?do=teach&for=starting_hand_chosen&professions=mason")
    r = post_teach(client, game_id, what="profession", resend=resend_of(html), **GLASS_BLOWER)
    assert r.status_code == 200 and "Your starting hand" in r.text
    form = form_for(r.text, "starting_hand_chosen")
    assert re.search(r'value="glass_blower"\s+checked', form)
    assert re.search(r'value="mason"\s+checked', form)
    assert state(app, game_id).players[1].hand == []
    assert "professions=glass_blower" in r.text  # a live refresh keeps the ticks


def test_the_scribe_teaches_for_a_seat(app, client, action):
    as_host(client, action)
    html = client.get(f"/games/{action}/scribe/0/panel?do=teach&for=profession_taken").text
    assert 'name="as_seat" value="0"' in html
    r = post_teach(
        client, action, what="profession", resend=resend_of(html), as_seat="0", **GLASS_BLOWER
    )
    assert r.status_code == 200 and "took the Glass Blower (Profession card)" in text(r.text)
    assert logged(app, action)[-1][:2] == ("profession_taken", "host")
    assert 'name="as_seat" value="0"' in r.text  # still the scribe panel


def test_a_live_refresh_keeps_the_teach_form(app, client):
    """Another player moves while this one counts squares: the form stays."""
    game_id, _ = host_game(app, grid=False)
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=0, object="forest")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "2", type="bid_passed", player=2)
    as_seat(client, game_id, 0)
    r = post_event(client, game_id, type="landscape_placed", player="0", landscape="forest")
    assert r.status_code == 422
    refresh = re.search(r'data-hx-get="([^"]+)"', r.text).group(1).replace("&amp;", "&")
    assert "do=teach" in refresh and "landscape=forest" in refresh
    again = client.get(refresh).text
    assert "How many squares does a Forest cover?" in again
    assert json.loads(resend_of(again)) == {
        "type": "landscape_placed",
        "player": 0,
        "landscape": "forest",
    }
    r = post_event(client, game_id, type="profession_taken", player="0", profession="zebra")
    assert r.status_code == 422  # not the Action phase: the engine says so, no teach form


SCULPTEUR = {"building": "studio", "landscape": "forest", "freedom": "religion"}


def history_of(app, client) -> str:
    with app.app_context():
        from companion.games.princes.web.catalog import history_lines

        return " | ".join(
            line["text"] for line in history_lines(LearnedCatalog(app.instance_path).history())
        )


def test_one_card_many_names(app, client):
    """A French phone teaches "Sculpteur"; in the next game a German phone teaches
    "Bildhauer" with the same three wishes: Palazzo asks whether it is the Sculpteur, and the
    card gains its German name instead of becoming a second card."""
    first = game_in_action_phase(app)
    as_seat(client, first, 0)
    client.get("/?lang=fr")
    resend = resend_of(panel(client, first, "?do=teach&for=profession_taken"))
    r = post_teach(
        client, first, what="profession", resend=resend, name_fr="Sculpteur", **SCULPTEUR
    )
    assert r.status_code == 200, text(r.text)
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert known["sculpteur"].names == {"fr": "Sculpteur"}

    second = game_in_action_phase(app)
    as_seat(client, second, 0)
    client.get("/?lang=de")
    resend = resend_of(panel(client, second, "?do=teach&for=profession_taken"))
    asked = post_teach(
        client, second, what="profession", resend=resend, name_de="Bildhauer", **SCULPTEUR
    )
    assert "data-same-card" in asked.text and refusal_in(asked.text) is None
    assert "Ist das der Sculpteur?" in text(asked.text) or "Sculpteur" in text(asked.text)
    assert re.search(r'name="same" value="sculpteur"', asked.text)
    assert re.search(r'name="same" value="another"', asked.text)
    assert 'value="Bildhauer"' in asked.text  # what was typed stays
    assert logged(app, second)[-1][0] == "last_player_declined"  # nothing recorded yet

    r = post_teach(
        client,
        second,
        what="profession",
        resend=resend,
        name_de="Bildhauer",
        same="sculpteur",
        **SCULPTEUR,
    )
    assert r.status_code == 200, text(r.text)
    assert "Bildhauer" in text(r.text)  # in the German hand, by its German name
    assert state(app, second).players[0].hand[-1] == "sculpteur"
    taught, taken = logged(app, second)[-2:]
    assert taught[0] == "profession_taught" and taught[2]["profession"] == "sculpteur"
    assert (taught[2]["name_fr"], taught[2]["name_de"]) == ("Sculpteur", "Bildhauer")
    assert taken[2]["profession"] == "sculpteur"
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert "bildhauer" not in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    client.get("/?lang=en")
    lines = history_of(app, client)
    assert "Ada's phone, in a game: taught Sculpteur" in lines
    assert "Ada's phone, in a game: Sculpteur is also called Bildhauer" in lines


def test_another_card_with_the_same_wishes_stays_a_card_of_its_own(app, client, action):
    learned = LearnedCatalog(app.instance_path)
    learned.teach_profession("sculpteur", name="Sculpteur", **SCULPTEUR)
    as_seat(client, action, 0)
    resend = resend_of(panel(client, action, "?do=teach&for=profession_taken"))
    r = post_teach(
        client,
        action,
        what="profession",
        resend=resend,
        name="Stonemason",
        same="another",
        **SCULPTEUR,
    )
    assert r.status_code == 200, text(r.text)
    known = learned.catalog().professions
    assert {"sculpteur", "stonemason"} <= set(known)


def test_known_cards_ticked_are_not_told_as_taught(app, client):
    """A card the installation knew, copied into a new game with a starting hand: the other
    phones read no "taught Palazzo" line."""
    learned = LearnedCatalog(app.instance_path)
    learned.teach_profession("sculpteur", name="Sculpteur", **SCULPTEUR)
    game_id, _ = host_game(app)
    record(
        app,
        game_id,
        "0",
        type="starting_hand_chosen",
        player=0,
        professions=["sculpteur", "poet", "alchemist"],
    )
    taught = [p for t, by, p in logged(app, game_id) if t == "profession_taught"]
    assert [p["profession"] for p in taught] == ["sculpteur"] and taught[0]["recalled"] is True
    as_seat(client, game_id, 1)
    page = text(client.get(f"/games/{game_id}/history").text)
    assert "taught Palazzo" not in page
    assert "Palazzo looked a Profession card up in its catalog" in page
