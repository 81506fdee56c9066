"""The rules of the box on the screens: the host chooses the edition, every screen
shows it, the exported log carries it, and each of the five differences follows the chosen
book through the phone's own forms, its refusals citing that book in its own language.

Flask's test client against a real store; each seat acts through its own session.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.core import lang
from tests.support.phone_game import (
    HANDS,
    as_host,
    as_seat,
    choose_hands,
    form_for,
    host_game,
    panel,
    post_event,
    record,
    refusal_in,
    state,
    text,
)
from tests.support.web_fixtures import csrf_token_for

ADA, BEN, CY = 0, 1, 2
GERMAN_BOOK = "Die Fürsten von Florenz (ältere Ausgabe)"
FRENCH_BOOK = "Les Princes de Florence (ancienne édition)"


def client_for(app, game_id, seat):
    c = app.test_client()
    as_seat(c, game_id, seat)
    return c


def fields_of(form: str) -> dict:
    """The hidden fields a phone form posts, as the browser sends them."""
    return dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', form))


def send(client, game_id, form: str):
    """Submit a form of the phone's panel (its hidden fields, a fresh event id)."""
    data = {k: v for k, v in fields_of(form).items() if k not in ("csrf_token", "event_id")}
    return post_event(client, game_id, **data)


def rule_shown(page: str) -> str:
    found = re.search(r'<p class="refusal-rule">(.*?)</p>', page, re.S)
    assert found, "no rule shown"
    shown = text(found.group(1)).strip()
    assert shown.startswith("Rule: "), shown
    return shown.removeprefix("Rule: ")


# -- hosting, showing, exporting ---------------------------------------------------------------


def test_the_host_chooses_the_edition_and_every_screen_shows_it(app, client, store):
    form = client.get("/host").text
    editions = re.findall(r'name="edition" value="([a-z0-9_]+)"( checked)?', form)
    assert editions == [("2022", " checked"), ("older_german", ""), ("older_french", "")]
    assert "older edition, German rulebook" in text(form)
    r = client.post(
        "/host",
        data={
            "csrf_token": csrf_token_for(client),
            "name_0": "Ada",
            "name_1": "Ben",
            "name_2": "Cy",
            "start": "0",
            "edition": "older_german",
        },
    )
    assert r.status_code == 303, r.text
    game_id = re.fullmatch(r"/games/([^/]+)/host", r.headers["Location"]).group(1)
    started = store.events(game_id)[0]
    assert started.payload["edition"] == "older_german"
    host_page = text(client.get(r.headers["Location"]).text)
    assert "Rules: older edition, German rulebook" in host_page
    table = text(client.get(f"/games/{game_id}/table").text)
    assert "Rules: older edition, German rulebook" in table
    history = text(client.get(f"/games/{game_id}/history").text)
    assert "rules: older edition, German rulebook" in history
    exported = client.get(f"/games/{game_id}/log.jsonl").text.splitlines()
    assert json.loads(exported[0])["edition"] == "older_german"
    # in German, the screens name it in German
    client.set_cookie("lang", "de")
    assert "Regeln: ältere Ausgabe, deutsche Spielregel" in text(
        client.get(f"/games/{game_id}/table?lang=de").text
    )


def test_an_unknown_edition_is_refused_by_the_form(client, store):
    r = client.post(
        "/host",
        data={
            "csrf_token": csrf_token_for(client),
            "name_0": "Ada",
            "name_1": "Ben",
            "edition": "1999",
        },
    )
    assert r.status_code == 422
    assert 'data-field="edition"' in r.text
    assert "Choose the rules of your box" in text(r.text)


def test_the_2022_edition_is_the_default_and_shown_too(app, client):
    game_id, _ = host_game(app)
    as_host(client, game_id)
    assert "Rules: 2022 edition" in text(client.get(f"/games/{game_id}/host").text)


# -- 1. 2 players: the last player's price ---------------------------------------------------


def two_player_last_with_200(app, edition: str) -> str:
    """Ada keeps 200 Florin after a Builder at 2300; round 2, Ben takes a Jester; Ada is the
    last player with a Pawn."""
    game_id, _ = host_game(
        app,
        players=["Ada", "Ben"],
        grid=False,
        freedoms={"travel": 2, "religion": 2, "opinion": 1},
        edition=edition,
    )
    choose_hands(app, game_id, HANDS[:2])
    record(app, game_id, "0", type="auction_opened", player=ADA, object="builder")
    for bid in range(400, 2400, 100):
        seat = BEN if bid % 200 == 0 else ADA
        record(app, game_id, str(seat), type="bid_raised", player=seat, amount=bid)
    record(app, game_id, "1", type="bid_passed", player=BEN)
    record(app, game_id, "1", type="last_player_declined", player=BEN)
    for seat in (ADA, BEN):
        record(app, game_id, str(seat), type="turn_ended", player=seat)
    record(app, game_id, "1", type="auction_opened", player=BEN, object="jester")
    record(app, game_id, "0", type="bid_passed", player=ADA)
    assert state(app, game_id).players[ADA].money == 200
    return game_id


def test_the_last_players_price_through_the_phone(app):
    french = two_player_last_with_200(app, "older_french")
    ada = client_for(app, french, ADA)
    page = panel(ada, french)
    form = form_for(page, "last_player_took", object="recruiting")
    assert "Take the Recruiting card for 200" in text(form)
    r = send(ada, french, form)
    assert r.status_code == 200, r.text
    assert state(app, french).players[ADA].money == 0

    german = two_player_last_with_200(app, "older_german")
    ada = client_for(app, german, ADA)
    page = panel(ada, german)
    form = form_for(page, "last_player_took", object="recruiting")
    assert "Take the Recruiting card for 300" in text(form)
    before = state(app, german).to_dict()
    r = send(ada, german, form)
    assert r.status_code == 422 and refusal_in(r.text) == "bid_beyond_means"
    assert rule_shown(r.text) == lang.book_citation("de", "last_player_price")
    assert rule_shown(r.text).startswith(GERMAN_BOOK) and "Grundpreis" in rule_shown(r.text)
    assert state(app, german).to_dict() == before


# -- 2. building alone at the border with one Builder --------------------------------------------


def coop_with_a_builder(app, edition: str) -> str:
    """Cooperative Building; Ada wins a Builder, the others leave: Ada's turn to act."""
    game_id, _ = host_game(
        app, grid=False, expansions={"muse_princess": False, "cooperative": True}, edition=edition
    )
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auction_opened", player=ADA, object="builder")
    record(app, game_id, "1", type="bid_passed", player=BEN)
    record(app, game_id, "2", type="bid_passed", player=CY)
    record(app, game_id, "1", type="auctions_left", player=BEN)
    record(app, game_id, "2", type="last_player_declined", player=CY)
    s = state(app, game_id)
    assert s.phase == "action" and s.turn == ADA and s.players[ADA].builders == 1
    return game_id


def borders_offered(page: str) -> list[str]:
    block = re.search(r"<div[^>]*data-borders>(.*?)</div>", page, re.S)
    if not block:
        return []
    return [
        text(x).strip()
        for x in re.findall(r'<span class="btn-label">([^<]*)</span>', block.group(1))
    ]


def test_building_alone_at_the_border_through_the_phone(app):
    new = coop_with_a_builder(app, "2022")
    ada = client_for(app, new, ADA)
    assert borders_offered(panel(ada, new, "?do=build")) == [
        "Away from the neighbours' borders",
        "Along a neighbour's border, nothing on their side",
    ]
    # the form of another book's choice, sent anyway: refused with the 2022 book's reason
    page = panel(ada, new, "?do=build&border=empty")
    form = form_for(page, "building_built", building="tower", border="empty")
    r = send(ada, new, form.replace('value="empty"', 'value="landscape"'))
    assert r.status_code == 422 and refusal_in(r.text) == "border_needs_builders"
    assert "Landscape" in text(r.text)
    assert "Additional rule for building alone" in rule_shown(r.text)

    german = coop_with_a_builder(app, "older_german")
    ada = client_for(app, german, ADA)
    offered = borders_offered(panel(ada, german, "?do=build"))
    assert "Along a neighbour's border, a Landscape on their side" in offered
    assert "Along a neighbour's border, a Building on their side" not in offered
    page = panel(ada, german, "?do=build&border=landscape")
    r = send(ada, german, form_for(page, "building_built", building="tower", border="landscape"))
    assert r.status_code == 200, r.text
    assert "tower" in state(app, german).players[ADA].buildings
    # a Building on the other side: refused, citing the German book in German
    before = state(app, german).to_dict()
    r = post_event(
        ada, german, type="building_built", player=ADA, building="chapel", border="building"
    )
    assert r.status_code == 422 and refusal_in(r.text) == "border_needs_builders"
    assert rule_shown(r.text) == lang.book_citation("de", "building_alone_at_border")
    assert state(app, german).to_dict() == before


# -- 3. the Merchant on another player's turn -------------------------------------------------


def merchant_for_ben(app, edition: str) -> str:
    """The Muse and the Princess: Ben buys the Merchant; Ada (first) introduces a Freedom."""
    game_id, _ = host_game(
        app, grid=False, expansions={"muse_princess": True, "cooperative": False}, edition=edition
    )
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auctions_left", player=ADA)
    record(app, game_id, "1", type="auctions_left", player=BEN)
    record(app, game_id, "2", type="last_player_declined", player=CY)
    record(app, game_id, "0", type="character_passed", player=ADA)
    record(app, game_id, "1", type="character_bid", player=BEN, character="merchant", space=3)
    record(app, game_id, "2", type="character_passed", player=CY)
    s = state(app, game_id)
    assert s.phase == "action" and s.turn == ADA
    record(app, game_id, "0", type="freedom_introduced", player=ADA, freedom="travel")
    return game_id


def test_the_merchant_off_turn_through_the_phone(app):
    german = merchant_for_ben(app, "older_german")
    ben = client_for(app, german, BEN)
    page = panel(ben, german)
    assert "Ada&#39;s turn" in page or "Ada's turn" in text(page)
    form = form_for(page, "character_used", character="merchant", effect="prestige")
    assert "also on another player's turn" in text(page)
    r = send(ben, german, form)
    assert r.status_code == 200, r.text
    s = state(app, german)
    assert s.players[BEN].fame == 1 and s.turn == ADA  # Ada's turn goes on

    new = merchant_for_ben(app, "2022")
    ben = client_for(app, new, BEN)
    page = panel(ben, new)
    with pytest.raises(AssertionError):
        form_for(page, "character_used", character="merchant", effect="prestige")
    before = state(app, new).to_dict()
    r = post_event(
        ben, new, type="character_used", player=BEN, character="merchant", effect="prestige"
    )
    assert r.status_code == 422 and refusal_in(r.text) == "character_not_now"
    assert state(app, new).to_dict() == before


def test_the_professor_off_turn_through_the_phone(app):
    """The French book: "à un moment choisi entre la phase présente et la prochaine phase A2"."""
    game_id, _ = host_game(
        app,
        grid=False,
        expansions={"muse_princess": True, "cooperative": False},
        edition="older_french",
    )
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auctions_left", player=ADA)
    record(app, game_id, "1", type="auctions_left", player=BEN)
    record(app, game_id, "2", type="last_player_declined", player=CY)
    record(app, game_id, "0", type="character_passed", player=ADA)
    record(app, game_id, "1", type="character_passed", player=BEN)
    record(app, game_id, "2", type="character_bid", player=CY, character="professor", space=3)
    record(app, game_id, "0", type="freedom_introduced", player=ADA, freedom="travel")
    assert state(app, game_id).turn == ADA
    cy = client_for(app, game_id, CY)
    assert "Use the Professor: a free card" in text(panel(cy, game_id))
    card = state(app, game_id).bonus_deck[0]
    page = panel(cy, game_id, "?do=professor")
    r = send(cy, game_id, form_for(page, "character_used", deck="bonus", card=card))
    assert r.status_code == 200, r.text
    s = state(app, game_id)
    assert card in s.players[CY].bonus_cards and s.turn == ADA and s.players[ADA].actions == 1


# -- 4. after a failed negotiation ---------------------------------------------------------------


def declined_once(app, edition: str) -> str:
    game_id, _ = host_game(
        app, grid=False, expansions={"muse_princess": False, "cooperative": True}, edition=edition
    )
    choose_hands(app, game_id)
    record(app, game_id, "0", type="auctions_left", player=ADA)
    record(app, game_id, "1", type="auctions_left", player=BEN)
    record(app, game_id, "2", type="last_player_declined", player=CY)
    ada = client_for(app, game_id, ADA)
    page = panel(ada, game_id, f"?do=coop&partner={BEN}")
    assert 'name="type" value="cooperation_proposed"' in page
    r = post_event(
        ada,
        game_id,
        type="cooperation_proposed",
        player=ADA,
        partner=str(BEN),
        building="tower",
        partner_payment="0",
    )
    assert r.status_code == 200, r.text
    ben = client_for(app, game_id, BEN)
    r = send(ben, game_id, form_for(panel(ben, game_id), "cooperation_declined"))
    assert r.status_code == 200, r.text
    return game_id


def test_a_second_negotiation_through_the_phone(app):
    french = declined_once(app, "older_french")
    ada = client_for(app, french, ADA)
    assert 'name="type" value="cooperation_proposed"' not in panel(ada, french, "?do=coop")
    before = state(app, french).to_dict()
    r = post_event(
        ada,
        french,
        type="cooperation_proposed",
        player=ADA,
        partner=str(CY),
        building="tower",
        partner_payment="0",
    )
    assert r.status_code == 422 and refusal_in(r.text) == "negotiation_failed"
    assert rule_shown(r.text) == lang.book_citation("fr", "failed_negotiation")
    assert rule_shown(r.text).startswith(FRENCH_BOOK)
    assert state(app, french).to_dict() == before
    # building alone stays open
    page = panel(ada, french, "?do=build")
    r = send(ada, french, form_for(page, "building_built", building="tower"))
    assert r.status_code == 200, r.text

    new = declined_once(app, "2022")
    ada = client_for(app, new, ADA)
    page = panel(ada, new, f"?do=coop&partner={CY}")
    assert 'name="type" value="cooperation_proposed"' in page


# -- 5. starting hands -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "edition,dealt",
    [("2022", "face up"), ("older_german", "face down"), ("older_french", "face down")],
)
def test_starting_hands_stay_on_their_own_phone_in_every_edition(app, edition, dealt):
    """2022 deals "faceup", the older books "verdeckt" / "faces cachées": the phone says how the
    chosen book deals, and either way a hand shows on its own phone only."""
    game_id, _ = host_game(app, grid=False, edition=edition)
    ada = client_for(app, game_id, ADA)
    setup = text(panel(ada, game_id))
    assert f"Your rulebook deals them {dealt}; only your phone shows the hand you keep." in setup
    choose_hands(app, game_id)
    ben = client_for(app, game_id, BEN)
    page = text(panel(ben, game_id))
    assert "Poet" not in page and "Alchemist" not in page  # Ada's hand
    table = text(ben.get(f"/games/{game_id}/table").text)
    assert "Poet" not in table and "Alchemist" not in table
