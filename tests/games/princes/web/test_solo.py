"""Solo play on the phone, through the Flask test client: the new-game form, every step's
controls and posts, the teach forms, the app's seeded die and digital Automa deck, refusals
inline, garbage and strangers.

The Automa deck and Profession cards taught here are TEST DATA (tests/data/README.md); card 1 of
the test deck is laid out so the rulebook's solo auction example plays on it.
"""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules.catalog import AUTOMA_GROUP_ROUNDS
from companion.games.princes.rules.solo import wolfgang_decisions
from companion.games.princes.screens import dice
from companion.games.princes.words.automa import tell
from companion.web.games import create_hosted_game
from companion.web.recording import get_table
from tests.games.princes.web.solo import (
    HAND,
    alerts,
    draw,
    events,
    keep_hand,
    offer,
    roll,
    teaching_wolfgangs_card,
)
from tests.support.solo_phone import (
    TEST_AUTOMA_DECK,
    SoloPhone,
    deck_order,
    forms_in,
    play_to_the_end,
    teach_test_data,
)
from tests.support.web_fixtures import csrf_token_for


@pytest.fixture
def taught(app):
    teach_test_data(app.instance_path)
    return app


@pytest.fixture
def solo(client, taught) -> SoloPhone:
    return SoloPhone.start(client)


# Five Prestige cards worth nothing to anybody at the start: Wolfgang values them equally.
NOTHING_YET = [
    "most_buildings",
    "two_large_buildings",
    "all_landscape_types",
    "most_landscapes",
    "most_forests",
]


def state(app, game_id):
    with app.app_context():
        return get_table(app).state(game_id)


def new_game_form(client, **fields):
    data = {
        "csrf_token": csrf_token_for(client),
        "name": "Alexandra",
        "difficulty": "standard",
        "dummies": "2",
        "start": "random",
        "die": "table",
        "deck": "table",
        **fields,
    }
    return client.post("/solo/new", data=data)


# --- the new-game form --------------------------------------------------------------------------


def test_the_form_offers_every_choice_and_the_digital_deck_only_with_all_21_cards(client, app):
    page = client.get("/solo/new")
    assert page.status_code == 200
    for needle in (
        'name="name"',
        'value="easy"',
        'value="standard"',
        'value="hard"',
        'name="dummies" value="2"',
        'name="dummies" value="3"',
        'value="random"',
        'value="me"',
        'value="wolfgang"',
        'name="grid"',
        'name="die" value="table"',
        'name="die" value="app"',
        "I draw the physical cards",
    ):
        assert needle in page.text, needle
    assert 'name="deck" value="app"' not in page.text
    assert "once it knows all 21 cards" in page.text
    assert "Play solo against Wolfgang" in client.get("/").text
    LearnedCatalog(app.instance_path).teach(TEST_AUTOMA_DECK)
    assert 'name="deck" value="app"' in client.get("/solo/new").text


@pytest.mark.parametrize(
    "fields,field,words",
    [
        ({"name": ""}, "name", "Enter your name"),
        ({"name": "x" * 25}, "name", "24 characters"),
        ({"name": "wolfgang"}, "name", "Automa's name"),
        ({"name": "A\x07B"}, "name", "plain text"),
        ({"difficulty": "brutal"}, "difficulty", "easy, standard or hard"),
        ({"dummies": "4"}, "dummies", "2 or 3"),
        ({"dummies": "two"}, "dummies", "2 or 3"),
        ({"start": "2"}, "start", "who starts"),
        ({"grid": "maybe"}, "grid", "on or off"),
        ({"die": "loaded"}, "die", "who rolls"),
        ({"deck": "app"}, "deck", "all 21 cards"),
        ({"deck": "stacked"}, "deck", "who draws"),
    ],
)
def test_the_form_refuses_bad_choices_with_a_clear_message(client, store, fields, field, words):
    r = new_game_form(client, **fields)
    assert r.status_code == 422
    message = re.search(rf'data-field="{field}">([^<]*)<', r.text)
    assert message and words.lower() in html.unescape(message.group(1)).lower()
    assert store.games() == []


def test_the_form_needs_its_csrf_token(client, store):
    r = client.post("/solo/new", data={"name": "Alexandra", "difficulty": "easy", "dummies": "2"})
    assert r.status_code == 403 and store.games() == []


@pytest.mark.parametrize("start,expected", [("me", {0}), ("wolfgang", {1}), ("random", {0, 1})])
def test_a_new_game_grants_host_and_seat_0_and_keeps_a_seed(client, app, store, start, expected):
    r = new_game_form(client, start=start, difficulty="hard", dummies="3", grid="on", die="app")
    assert r.status_code == 303
    game_id = r.headers["Location"].split("/")[2]
    assert r.headers["Location"] == f"/games/{game_id}/solo"
    with client.session_transaction() as s:
        assert s["games"][game_id] == {"host": True, "seat": 0}
    started = events(app, game_id)[0]
    assert started.type == "game_started"
    assert started.payload["players"] == ["Alexandra", "Wolfgang"]
    assert started.payload["solo"] == {"difficulty": "hard", "dummies": 3}
    assert started.payload["grid"] is True and started.payload["start_player"] in expected
    chance = dice.chance_of(store.game(game_id).meta)
    assert chance["die"] == "app" and chance["deck"] == "table"
    assert re.fullmatch(r"[0-9a-f]{32}", chance["seed"])
    assert "seed" not in json.dumps(started.payload)
    page = client.get(r.headers["Location"])
    assert page.status_code == 200 and 'id="solo-live"' in page.text
    assert page.headers["Cache-Control"] == "no-store"


def test_random_start_comes_from_secrets(client, app, monkeypatch):
    from companion.games.princes.web import solo as solo_module

    picks = iter([1, 0])
    monkeypatch.setattr(solo_module.secrets, "randbelow", lambda n: next(picks))
    starts = []
    for _ in range(2):
        game_id = new_game_form(client).headers["Location"].split("/")[2]
        starts.append(events(app, game_id)[0].payload["start_player"])
    assert starts == [1, 0]


# --- who may see and act ----------------------------------------------------------------------


def test_only_the_solo_player_sees_the_page(client, app, solo):
    game_id = solo.game_id
    for path in (f"/games/{game_id}/solo", f"/games/{game_id}/solo/panel"):
        assert client.get(path).status_code == 200
    other = app.test_client()
    assert other.get(f"/games/{game_id}/solo").status_code == 403
    with other.session_transaction() as s:
        s["games"] = {game_id: {"seat": 1}}
    assert other.get(f"/games/{game_id}/solo").status_code == 403
    with other.session_transaction() as s:
        s["games"] = {game_id: {"spectator": True}}
    assert other.get(f"/games/{game_id}/solo/panel").status_code == 403
    assert client.get("/games/nope/solo").status_code == 404
    assert client.get("/games/" + "x" * 200 + "/solo").status_code == 404


def test_a_seat_of_another_game_cannot_act_here(client, app, solo):
    target = solo.game_id
    before = len(events(app, target))  # game_started and the setup ticked off
    intruder = app.test_client()
    mine = SoloPhone.start(intruder)
    assert mine.game_id != target
    token = csrf_token_for(intruder)
    headers = {"X-CSRF-Token": token, "HX-Request": "true"}
    for path in (
        "solo/roll",
        "solo/draw",
        "solo/tie",
        "solo/profession",
        "solo/landscape",
        "solo/recruit",
        "solo/automa-card",
        "events",
    ):
        r = intruder.post(
            f"/games/{target}/{path}",
            headers=headers,
            data={"view": "solo", "type": "turn_ended", "player": "0"},
        )
        assert r.status_code == 403, path
    assert intruder.get(f"/games/{target}/solo/panel").status_code == 403
    assert len(events(app, target)) == before


def test_a_spectator_gets_no_fragment_even_from_a_garbled_post(client, app, solo):
    other = app.test_client()
    with other.session_transaction() as s:
        s["games"] = {solo.game_id: {"spectator": True}}
    token = csrf_token_for(other)
    r = other.post(
        f"/games/{solo.game_id}/events",
        headers={"X-CSRF-Token": token},
        data={"view": "solo", "type": "die_rolled", "value": "six"},
    )
    assert r.status_code == 403 and "3500" not in r.text


def test_a_game_that_is_not_solo_has_no_solo_page(client, app):
    with app.test_request_context():
        game_id, _ = create_hosted_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    with client.session_transaction() as s:
        s["games"] = {game_id: {"seat": 0, "host": True}}
    assert client.get(f"/games/{game_id}/solo").status_code == 404
    token = csrf_token_for(client)
    r = client.post(f"/games/{game_id}/solo/roll", headers={"X-CSRF-Token": token})
    assert r.status_code == 404


# --- the live fragment --------------------------------------------------------------------------


def test_the_page_is_a_live_fragment_telling_the_first_step(client, solo):
    page = client.get(f"/games/{solo.game_id}/solo").text
    assert 'data-stream-url="/games/' in page and 'data-hx-trigger="palazzo:seq"' in page
    # seq 2: the game's start and the setup checklist's "Done"
    assert f'data-hx-get="/games/{solo.game_id}/solo/panel"' in page and 'data-seq="2"' in page
    assert solo.step == "starting_hand"
    assert solo.say.startswith("Deal yourself 4 Profession cards and keep 3")
    # Wolfgang and the dummies as the table sees them: all face down; his solo-purse is public.
    assert solo.html.count('class="table-card face-down') == 3 + 2 * 3
    assert re.search(r'data-who="wolfgang">.*?data-money>1500<', solo.html, re.S)


def test_starting_hand_keeps_three_and_refuses_two_inline(app, solo):
    form = solo.form(type="starting_hand_chosen")
    assert set(HAND) <= set(form.checkboxes["professions"])
    solo.tap(type="starting_hand_chosen", professions=HAND[:2])
    assert solo.status == 422 and solo.step == "starting_hand" and alerts(solo.html)
    keep_hand(solo)
    assert solo.say.startswith("Draw the top Automa card for the auction")
    assert 'id="automa-number"' in solo.html and not solo.find(button="Draw for me")
    taught = [e for e in events(app, solo.game_id) if e.type == "profession_taught"]
    assert {e.payload["profession"] for e in taught} == set(HAND)


def test_a_profession_taught_for_the_starting_hand_is_kept_by_the_installation(app, client):
    teach_test_data(app.instance_path, professions=False)
    solo = SoloPhone.start(client)
    assert "Teach Palazzo this card" in solo.html
    solo.tap(
        "Teach it", name="Banker's Clerk", building="library", landscape="park", freedom="travel"
    )
    assert solo.status == 200
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert known["banker_s_clerk"].name == "Banker's Clerk"
    assert "banker_s_clerk" in solo.form(type="starting_hand_chosen").checkboxes["professions"]
    solo.tap(
        "Teach it", name="Banker's Clerk", building="opera", landscape="park", freedom="travel"
    )
    assert solo.status == 422 and "already knows the Banker's Clerk" in " ".join(alerts(solo.html))
    solo.tap("Teach it", name="", building="opera")
    assert solo.status == 422


# --- the rulebook's example, through the page ----------------------------------------------------


def test_the_rulebook_auction_example_through_the_page(app, solo):
    """Jester 6+1D6 rolled 4: buy for 1100 or decline; Forest rolled 2 without a modifier: no
    decline; Wolfgang buys the Builder rolling 3 on 2+1D6 and pays 500."""
    keep_hand(solo)
    draw(solo, 1)
    assert solo.step == "choose_object"
    labels = [f.text for f in solo.find(type="solo_auction_offered")]
    assert labels[:2] == ["Builder 2+1D6", "Jester 6+1D6"]  # as the card reads
    assert "Forest 1D6 · must buy on 1-2" in labels
    assert solo.find(type="auctions_left", button="Leave all auctions")
    offer(solo, "jester")
    assert solo.say == "Jester: roll the die (6+1D6)"
    assert [f.hidden["value"] for f in solo.find(type="die_rolled")] == [
        str(n) for n in range(1, 7)
    ]
    assert all(f.hidden["source"] == "table" for f in solo.find(type="die_rolled"))
    roll(solo, 4)
    assert solo.step == "buy_or_decline"
    assert solo.find(type="solo_bought", button="Buy for 1100")
    assert solo.find(type="solo_declined", button="Decline")
    assert "Wolfgang would pay 1000" in solo.form(type="solo_declined").text
    solo.tap(type="solo_declined")
    assert "You decline the Jester; if Wolfgang buys it he pays 1000" in solo.html

    offer(solo, "forest")
    roll(solo, 2)
    assert solo.find(type="solo_bought", button="Buy for 300")
    assert not solo.find(type="solo_declined")  # forced: decline hidden
    assert "you must buy it" in solo.html
    solo.post_event(type="solo_declined", object="forest")  # sent anyway: refused
    assert solo.status == 422
    assert any("must buy it for 300" in a for a in alerts(solo.html))
    solo.tap(type="solo_bought")
    assert solo.step == "your_choice"
    solo.tap(type="landscape_placed")  # size known: one tap
    assert solo.step == "roll" and solo.say.startswith("Wolfgang buys the Builder")
    assert "2+1D6" in solo.html
    roll(solo, 3)
    sentence = (
        "Wolfgang buys the Builder: the leftmost object he can buy; rolled 3 + 2, he pays 500"
    )
    assert sentence in solo.html
    assert "Nobody bought a Recruiting card: discard one from the supply (4 left)" in solo.html
    assert re.search(r'data-who="wolfgang">.*?data-money>1000<', solo.html, re.S)
    assert re.search(r'data-who="me">.*?data-money>3200<', solo.html, re.S)
    assert solo.step == "your_turn"
    rolls = [e.payload for e in events(app, solo.game_id) if e.type == "die_rolled"]
    assert rolls == [{"value": v, "source": "table"} for v in (4, 2, 3)]
    now = state(app, solo.game_id)
    assert sentence in [str(tell(x["told"], now)) for x in wolfgang_decisions(now)]


def test_buying_beyond_cash_says_how_much_fame_is_sold(app, solo):
    keep_hand(solo)
    solo.post_event(
        type="correction", player="0", money="-3000", fame="6", reason="test: a poorer start"
    )
    assert solo.status == 200
    draw(solo, 1)
    offer(solo, "jester")
    roll(solo, 4)
    assert solo.form(type="solo_bought").text == "Buy for 1100 Palazzo sells 6 PP to pay"
    solo.tap(type="solo_bought")
    me = state(app, solo.game_id).players[0]
    assert (me.money, me.fame) == (0, 0)


def test_an_unaffordable_object_has_no_buy_button(app, solo):
    keep_hand(solo)
    solo.post_event(
        type="correction", player="0", money="-3500", fame="0", reason="test: nothing left"
    )
    draw(solo, 1)
    offer(solo, "jester")
    roll(solo, 4)
    assert not solo.find(type="solo_bought") and "cannot pay 1100" in solo.html
    assert solo.find(type="solo_declined")


def test_the_final_auction_costs_200_and_spares_the_highest_modifiers(app, solo):
    keep_hand(solo)
    draw(solo, 1)
    for obj, value in (("builder", 1), ("jester", 1), ("recruiting", 1)):
        offer(solo, obj)
        roll(solo, value)
        solo.tap(type="solo_declined")
    assert solo.say.startswith("Final auction (4 of 4)")
    offered = {f.hidden["object"] for f in solo.find(type="solo_auction_offered")}
    # Protected: the two highest modifiers (Jester 6, Prestige 3); the Jester was offered already.
    assert "prestige" not in offered and offered == {"forest", "lake", "park"}
    assert "except the Jester and the Prestige card (the highest die modifiers)" in solo.say
    assert all(f.text.endswith("200") for f in solo.find(type="solo_auction_offered"))
    solo.post_event(type="solo_auction_offered", object="prestige")
    assert solo.status == 422 and "final auction" in " ".join(alerts(solo.html))
    offer(solo, "lake")
    assert solo.find(type="solo_bought", button="Buy for 200") and solo.find(type="solo_declined")
    assert not solo.find(type="die_rolled")


def test_leaving_all_auctions_lets_wolfgang_buy_and_a_flip_shows_his_landscape(app, solo):
    keep_hand(solo)
    draw(solo, 2)  # the Landscape is leftmost, 1+1D6
    solo.tap(type="auctions_left")
    assert solo.step == "reveal"
    assert solo.say.startswith("Flip Wolfgang's leftmost face-down Profession card")
    picker = solo.form(action="/solo/profession")
    options = [o for o in picker.selects["profession"] if o]
    assert picker.hidden["owner"] == "wolfgang"
    assert not set(HAND) & set(options) and len(options) == 21 - 3
    solo.submit(picker, profession="test_opera_park_religion")
    assert solo.status == 200 and solo.step == "roll"
    assert solo.say == "Wolfgang buys the Park: roll the die for his price (1+1D6)"
    roll(solo, 5)
    assert "Wolfgang buys the Park" in solo.html and "Test Opera Park Religion" in solo.html
    # The card went back face down, but the table has seen it: the row says which it is.
    assert re.search(
        r'table-card face-down">\s*<span class="card-name">Test Opera Park '
        r"Religion<small>face down",
        solo.html,
    )


def test_a_22nd_profession_card_is_refused_inline(app, client):
    teach_test_data(app.instance_path)
    solo = SoloPhone.start(client)
    keep_hand(solo)
    draw(solo, 2)
    solo.tap(type="auctions_left")
    teach = solo.form(button="Teach it: that's the card")
    assert teach.hidden == {"event_id": teach.hidden["event_id"], "teach": "1", "owner": "wolfgang"}
    assert set(teach.radios) == {"building", "landscape", "freedom"}
    solo.submit(teach, name="Cartographer", building="tower", landscape="lake", freedom="travel")
    # 21 Professions is a whole deck: the catalog refuses a 22nd card, and says so inline.
    assert solo.status == 422 and "21 cards" in " ".join(alerts(solo.html))
    assert solo.step == "reveal"


def test_teaching_a_profession_when_the_installation_knows_few(app, client):
    solo = teaching_wolfgangs_card(app, client)
    assert solo.status == 200 and solo.step == "roll"
    assert "Wolfgang buys the Lake" in solo.say
    assert (
        LearnedCatalog(app.instance_path).catalog().professions["cartographer"].landscape == "lake"
    )
    log = [(e.type, e.payload.get("profession")) for e in events(app, solo.game_id)]
    assert log[-2:] == [
        ("profession_taught", "cartographer"),
        ("automa_profession_revealed", "cartographer"),
    ]


# --- Automa cards -----------------------------------------------------------------------------------


def transcription(number="1", **changes):
    form = {
        "card": number,
        "rounds": "1-2",
        "at_builder": "1",
        "mod4_builder": "2",
        "at_jester": "2",
        "mod4_jester": "6",
        "at_landscape": "3",
        "at_prestige": "4",
        "mod4_prestige": "3",
        "mod5_prestige": "more",
        "mod4_recruiting": "1",  # the last object takes the last place by itself
        "mod5_recruiting": "other",
        "mod5x_recruiting": "2",
        "first_0": "work",
        "first_1": "build",
        "second_0": "bonus",
        "second_1": "profession",
    }
    form.update(changes)
    return form


def test_an_unknown_automa_card_is_transcribed_once_then_known_by_number(app, client):
    teach_test_data(app.instance_path, automa=False)
    solo = SoloPhone.start(client)
    keep_hand(solo)
    solo.tap(type="automa_card_drawn", card="1")
    assert solo.status == 422 and solo.step == "auction_card"
    assert "does not know Automa card 1 yet" in solo.html
    form = solo.form(action="/solo/automa-card")
    assert form.hidden["card"] == "1" and form.radios["rounds"] == ["1-2", "3-4", "5-7"]
    # the one compact editor: a row per object (its place, its modifiers), chips for actions
    assert {"at_builder", "mod4_builder", "mod5_builder", "first_0", "second_2"} <= set(form.radios)
    assert form.radios["at_jester"] == ["1", "2", "3", "4", "5"]
    assert form.radios["mod4_jester"][:3] == ["none", "0", "1"]
    assert form.radios["mod5_jester"] == ["same", "more", "other"]
    assert form.selects["mod5x_jester"][:2] == ["none", "0"]
    # A mistake in the transcription is refused inline and nothing is kept.
    solo.submit(form, **transcription(at_jester="1"))
    assert solo.status == 422 and "are both at place 1" in " ".join(alerts(solo.html))
    assert solo.form(action="/solo/automa-card")  # the form stays open
    solo.submit(form, **transcription(rounds="3-4"))
    assert solo.status == 422 and any("rounds 3-4" in a for a in alerts(solo.html))
    assert "automa_cards" not in LearnedCatalog(app.instance_path).learned()
    solo.submit(form, **transcription())
    assert solo.status == 200 and solo.step == "choose_object"
    drawn = [e for e in events(app, solo.game_id) if e.type == "automa_card_drawn"]
    assert len(drawn) == 1 and drawn[0].payload["panels"]["auction"][0] == {
        "object": "builder",
        "mod4": 2,
        "mod5": 2,
    }
    assert drawn[0].payload["panels"]["auction"][2] == {
        "object": "landscape",
        "mod4": None,
        "mod5": None,
    }
    kept = LearnedCatalog(app.instance_path).catalog().automa_cards["1"]
    assert kept["first_action"] == ["work", "build"] and kept["auction"][3]["mod5"] == 4
    # The next game needs only the number (and its log still carries the panels).
    other = SoloPhone.start(app.test_client())
    keep_hand(other)
    draw(other, 1)
    assert other.step == "choose_object"
    assert [e for e in events(app, other.game_id) if e.type == "automa_card_drawn"][0].payload[
        "panels"
    ]["auction"][1]["object"] == "jester"


@pytest.mark.parametrize(
    "card,words", [("", "number"), ("abc", "number"), ("0", "number"), ("100", "number")]
)
def test_the_transcription_needs_a_card_number(app, solo, card, words):
    keep_hand(solo)
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/automa-card",
        data=transcription(card),
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert r.status_code == 422 and words in " ".join(alerts(r.text))


def test_automa_card_refusals_come_back_inline(app, solo):
    keep_hand(solo)
    solo.tap(type="automa_card_drawn", card="7")
    assert solo.status == 422 and any("rounds 3-4" in a for a in alerts(solo.html))
    solo.tap(type="automa_card_drawn", card="x")
    assert solo.status == 422 and alerts(solo.html)


def test_the_digital_deck_draws_this_games_shuffle_and_records_it(app, client, store):
    teach_test_data(app.instance_path)
    solo = SoloPhone.start(client, deck="app")
    keep_hand(solo)
    assert solo.find(button="Draw for me") and not solo.find(type="automa_card_drawn")
    seed = dice.chance_of(store.game(solo.game_id).meta)["seed"]
    order = dice.automa_order(seed, LearnedCatalog(app.instance_path).catalog().automa_cards)
    assert sorted(order[:6], key=int) == [str(n) for n in range(1, 7)]
    assert sorted(order[6:12], key=int) == [str(n) for n in range(7, 13)]
    solo.tap("Draw for me")
    assert solo.status == 200 and solo.step == "choose_object"
    drawn = [e.payload["card"] for e in events(app, solo.game_id) if e.type == "automa_card_drawn"]
    assert drawn == [order[0]]
    assert f'data-number="{order[0]}"' in solo.html


def test_the_digital_deck_is_the_same_for_the_same_seed_and_never_repeats():
    cards = TEST_AUTOMA_DECK["automa_cards"]
    assert dice.automa_order("a" * 32, cards) == dice.automa_order("a" * 32, cards)
    assert dice.automa_order("a" * 32, cards) != dice.automa_order("b" * 32, cards)
    drawn: list[str] = []
    for round_number in range(1, 8):
        for _ in range(3):
            card = dice.next_automa_card("c" * 32, cards, drawn, round_number)
            assert round_number in AUTOMA_GROUP_ROUNDS[cards[card]["rounds"]]
            drawn.append(card)
    assert sorted(drawn, key=int) == [str(n) for n in range(1, 22)]
    assert dice.complete_deck(cards)
    assert not dice.complete_deck({k: v for k, v in cards.items() if k != "21"})


def test_draw_for_me_is_refused_when_the_table_draws(app, solo):
    keep_hand(solo)
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/draw",
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert r.status_code == 422 and "physical Automa cards" in r.text


# --- the die --------------------------------------------------------------------------------------


def test_the_apps_die_is_seeded_per_game_and_recorded_with_its_source(app, client, store):
    teach_test_data(app.instance_path)
    solo = SoloPhone.start(client, die="app")
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "jester")
    assert solo.find(button="Roll for me") and not solo.find(type="die_rolled")
    seed = dice.chance_of(store.game(solo.game_id).meta)["seed"]
    button = solo.form(button="Roll for me")
    solo.submit(button)
    solo.submit(button)  # a double tap counts once
    assert solo.status == 200
    solo.tap(type="solo_declined")
    offer(solo, "builder")
    solo.tap("Roll for me")
    rolls = [e.payload for e in events(app, solo.game_id) if e.type == "die_rolled"]
    assert rolls == [
        {"value": dice.die_value(seed, 0), "source": "app"},
        {"value": dice.die_value(seed, 1), "source": "app"},
    ]


def test_die_values_are_fair_faces_and_depend_only_on_seed_and_count():
    faces = [dice.die_value("s" * 32, n) for n in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(60 < faces.count(f) < 140 for f in range(1, 7))
    assert faces == [dice.die_value("s" * 32, n) for n in range(600)]
    assert faces != [dice.die_value("t" * 32, n) for n in range(600)]


def test_roll_for_me_is_refused_when_the_table_rolls(app, solo):
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "jester")
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/roll",
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert r.status_code == 422 and "physical die" in r.text
    assert not [e for e in events(app, solo.game_id) if e.type == "die_rolled"]


# --- Prestige and Bonus cards for Wolfgang, and ties ------------------------------------------


def test_cards_offered_to_wolfgang_and_palazzo_breaks_the_tie(app, solo, monkeypatch):
    keep_hand(solo)
    draw(solo, 4)  # Prestige card leftmost, 2+1D6
    solo.tap(type="auctions_left")
    roll(solo, 3)
    assert solo.step == "offer"
    assert solo.say == "Draw the top 5 Prestige cards for Wolfgang: which are they?"
    form = solo.form(type="automa_cards_offered")
    assert form.hidden["deck"] == "prestige" and len(form.checkboxes["cards"]) == 14
    solo.submit(form, cards=NOTHING_YET[:4])
    assert solo.status == 422 and "5 different cards" in " ".join(alerts(solo.html))
    solo.submit(form, cards=NOTHING_YET)
    assert solo.step == "tie"
    assert "pick one at random" in solo.say and "Most Buildings" in solo.html
    from companion.games.princes.web import solo as solo_module

    monkeypatch.setattr(solo_module.secrets, "choice", lambda cards: cards[-1])
    solo.tap("Let Palazzo choose")
    assert solo.status == 200 and solo.step == "your_turn"
    tie = [e.payload for e in events(app, solo.game_id) if e.type == "automa_tie_broken"]
    assert tie == [{"card": NOTHING_YET[-1]}]
    assert "Most Forests" in solo.html and "picked at random" in solo.html
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/tie", headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"}
    )
    assert r.status_code == 422


def test_buying_a_prestige_card_offers_the_deck_to_choose_from(app, solo):
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "prestige")
    roll(solo, 1)
    solo.tap(type="solo_bought")
    assert solo.step == "your_choice" and "keep one" in solo.say
    choices = solo.find(type="prestige_card_chosen")
    assert len(choices) == 14
    solo.submit(choices[0])
    assert solo.status == 200 and solo.step == "roll"  # Wolfgang buys the Builder next


# --- Landscapes: sizes and the grid ------------------------------------------------------------


def test_a_landscape_of_unknown_size_asks_for_it_once(app, client):
    teach_test_data(app.instance_path, sizes=False)
    solo = SoloPhone.start(client)
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "forest")
    roll(solo, 2)
    solo.tap(type="solo_bought")
    form = solo.form(action="/solo/landscape")
    assert form.selects["size"][1:] == [str(n) for n in range(1, 13)]
    solo.submit(form)
    # a first-time question, asked as a question: not a red error box
    assert solo.status == 422 and not alerts(solo.html)
    assert re.search(r'data-question="landscape_size_unknown">How many squares', solo.html)
    solo.submit(form, size="4")
    assert solo.status == 200 and solo.step == "roll"
    assert LearnedCatalog(app.instance_path).catalog().landscape_cells["forest"] == 4
    assert ("landscape_taught", {"landscape": "forest", "cells": 4}) in [
        (e.type, e.payload) for e in events(app, solo.game_id)
    ]


def test_a_landscape_on_the_grid_is_placed_by_ticking_squares(app, client):
    teach_test_data(app.instance_path, sizes=False)
    solo = SoloPhone.start(client, grid="on")
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "park")
    roll(solo, 1)
    solo.tap(type="solo_bought")
    form = solo.form(action="/solo/landscape")
    assert len(form.checkboxes["cell"]) == 49 - 6  # the Palazzo's squares are taken
    solo.submit(form, cell=["0-0", "2-2"])
    assert solo.status == 422 and "joined edge to edge" in " ".join(alerts(solo.html))
    assert set(solo.form(action="/solo/landscape").checkboxes["cell"]) >= {"0-0", "2-2"}
    assert 'value="0-0" checked' in solo.html  # the ticks survive the refusal
    solo.submit(form, cell=["5-0"])
    assert solo.status == 422 and "Palazzo" in " ".join(alerts(solo.html))
    solo.submit(form, cell=["0-0", "0-1"])
    assert solo.status == 200 and solo.step == "roll"
    placed = [e.payload for e in events(app, solo.game_id) if e.type == "landscape_placed"]
    assert placed == [{"player": 0, "landscape": "park", "cells": [[0, 0], [0, 1]]}]
    assert LearnedCatalog(app.instance_path).catalog().landscape_cells["park"] == 2


# --- Wolfgang's turn, dummy flips, your turn --------------------------------------------------------


def play_to_wolfgangs_work(solo):
    keep_hand(solo)
    draw(solo, 2)
    solo.tap(type="auctions_left")
    solo.submit(solo.form(action="/solo/profession"), profession="test_opera_park_religion")
    roll(solo, 1)
    assert solo.step == "your_turn"
    solo.tap(type="turn_ended")
    assert solo.step == "wolfgang_card"
    assert "for Wolfgang's first action (its middle panel)" in solo.say
    draw(solo, 1)  # middle panel: Work, Build


def test_wolfgangs_work_and_the_dummy_columns_flip_one_at_a_time(app, solo):
    play_to_wolfgangs_work(solo)
    assert solo.step == "dummy_flip"
    assert "Wolfgang completes a Work with the Test Opera Park Religion" in solo.html
    pickers = solo.find(action="/solo/profession")
    assert [f.hidden.get("owner") for f in pickers if "profession" in f.selects] == ["0", "1"]
    solo.submit(pickers[1], profession="test_tower_forest_travel")
    assert solo.status == 200 and solo.step == "dummy_flip"
    assert "Dummy player 2 turns up the Test Tower Forest Travel" in solo.html
    pickers = [f for f in solo.find(action="/solo/profession") if "profession" in f.selects]
    assert [f.hidden["owner"] for f in pickers] == ["0"]
    assert "test_tower_forest_travel" not in pickers[0].selects["profession"]
    solo.submit(pickers[0], profession="test_tower_forest_travel")
    assert solo.status == 422 and "already elsewhere" in " ".join(alerts(solo.html))
    solo.submit(pickers[0], profession="test_chapel_lake_travel")
    assert solo.step == "wolfgang_card" and "second action" in solo.say
    assert solo.html.count('class="table-card face-up"') == 1 + 2
    # Wolfgang's row shows the card he worked with face up.
    assert re.search(
        r'table-card face-up">\s*<span class="card-name">Test Opera Park Religion', solo.html
    )


def test_the_profession_route_refuses_garbage_inline(app, solo):
    play_to_wolfgangs_work(solo)
    url = f"/games/{solo.game_id}/solo/profession"
    headers = {"X-CSRF-Token": solo.csrf, "HX-Request": "true"}
    for data in (
        {"owner": "7", "profession": "test_chapel_lake_travel"},
        {"owner": "x", "profession": "test_chapel_lake_travel"},
        {"owner": "", "profession": "test_chapel_lake_travel"},
        {"owner": "0", "profession": ""},
        {"owner": "0", "profession": "no_such_card"},
        {"owner": "wolfgang", "profession": "test_chapel_lake_travel"},
        {"owner": "0", "profession": "x" * 5000},
        {
            "owner": "0",
            "teach": "1",
            "name": "Z",
            "building": "castle",
            "landscape": "lake",
            "freedom": "travel",
        },
    ):
        r = solo.client.post(url, data=data, headers=headers)
        assert r.status_code == 422, data
        assert alerts(r.text) or 'data-question="profession_unknown"' in r.text
    assert solo.refresh().step == "dummy_flip"


def test_your_turn_embeds_the_seat_panel_and_ends_with_a_tap(app, solo):
    keep_hand(solo)
    draw(solo, 1)
    solo.tap(type="auctions_left")
    roll(solo, 3)
    assert solo.step == "your_turn" and solo.say.startswith("Your turn: 2 actions left")
    assert f'data-hx-get="/games/{solo.game_id}/me/panel" data-hx-trigger="load"' in solo.html
    # the seat's own panel records the turn: here a Freedom, then the end of the turn
    solo.tap(type="freedom_introduced", freedom="travel")
    assert solo.status == 200 and solo.step == "your_turn"
    assert solo.say.startswith("Your turn: 1 action left")
    state = get_table(app).state(solo.game_id)
    assert state.players[0].freedoms == ["travel"] and state.players[0].money == 3500 - 300
    assert len(solo.find(type="turn_ended")) == 1  # one End my turn, the panel's
    solo.tap(type="turn_ended")
    assert solo.step == "wolfgang_card"


def test_recruiting_from_a_dummy_column(app, solo):
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "recruiting")
    roll(solo, 1)
    solo.tap(type="solo_bought")  # a Recruiting card for 300
    roll(solo, 2)  # Wolfgang buys the Builder
    solo.tap(type="turn_ended")
    draw(solo, 3)  # middle panel: Build, Bonus
    solo.submit(solo.form(action="/solo/profession"), profession="test_opera_park_religion")
    draw(solo, 5)  # bottom panel: Profession, Build
    # Round 2, Wolfgang starts: his Works make the dummies flip.
    draw(solo, 2)
    solo.tap(type="auctions_left")
    cards = ["6", "4"]  # middle panel Work; bottom panel Work
    while solo.step != "your_turn":
        step = solo.step
        if step == "roll":
            roll(solo, 3)
        elif step in ("reveal", "dummy_flip"):
            picker = [f for f in solo.find(action="/solo/profession") if "profession" in f.selects][
                0
            ]
            solo.submit(picker, profession=[o for o in picker.selects["profession"] if o][0])
        elif step == "wolfgang_card":
            draw(solo, cards.pop(0))
        elif step == "offer":
            form = solo.form(type="automa_cards_offered")
            count = int(re.search(r"Tick the (\d+)", solo.html).group(1))
            solo.submit(form, cards=form.checkboxes["cards"][:count])
        elif step == "tie":
            solo.tap("Let Palazzo choose")
        else:
            raise AssertionError(step)
        assert solo.status == 200, alerts(solo.html)
    recruit = [f for f in solo.find(action="/solo/recruit")]
    assert recruit, solo.html
    column, pid = recruit[0].hidden["from_dummy"], recruit[0].hidden["profession"]
    solo.submit(recruit[0])
    assert solo.status == 200
    s = state(app, solo.game_id)
    assert pid in s.players[0].hand and "recruiting" not in s.players[0].hand
    assert "You recruit the" in solo.html and f"from dummy player {int(column) + 1}" in solo.html
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/recruit",
        data={"from_dummy": "9", "profession": pid},
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert r.status_code == 422


# --- garbage never gives a 500 -------------------------------------------------------------------


def test_garbage_never_gives_a_500(app, solo):
    keep_hand(solo)
    headers = {"X-CSRF-Token": solo.csrf, "HX-Request": "true"}
    base = f"/games/{solo.game_id}"
    rng = random.Random(5)
    junk = [
        "",
        "x",
        "-1",
        "0",
        "99999999",
        "wolfgang",
        "forest",
        "[[1,",
        "{}",
        "null",
        "\x00",
        "9" * 300,
        "1-2",
        "same",
        "more",
        "other",
        "none",
        "0-0",
    ]
    fields = [
        "card",
        "rounds",
        "at_jester",
        "mod4_jester",
        "mod5_jester",
        "mod5x_jester",
        "first_0",
        "owner",
        "profession",
        "teach",
        "name",
        "building",
        "landscape",
        "freedom",
        "size",
        "cell",
        "from_dummy",
        "event_id",
        "value",
        "type",
        "view",
        "object",
        "player",
        "cards",
        "deck",
        "panels",
    ]
    for path in (
        "solo/draw",
        "solo/roll",
        "solo/tie",
        "solo/automa-card",
        "solo/profession",
        "solo/landscape",
        "solo/recruit",
        "events",
    ):
        for _ in range(25):
            data = {k: rng.choice(junk) for k in rng.sample(fields, 5)}
            if path == "events":
                data["view"] = "solo"
            r = solo.client.post(f"{base}/{path}", data=data, headers=headers)
            assert r.status_code in (200, 400, 403, 404, 409, 422), (path, data, r.status_code)
    for path in ("solo/draw", "solo/panel", "solo/roll"):
        assert solo.client.get(f"{base}/{path}").status_code in (200, 405)


# --- a whole game, only through the page's own forms ------------------------------------------------


@pytest.mark.parametrize(
    "choices",
    [{}, {"die": "app", "deck": "app", "dummies": "3", "difficulty": "hard", "start": "wolfgang"}],
)
def test_a_whole_game_through_the_page(app, client, choices):
    teach_test_data(app.instance_path)
    rng = random.Random(7)
    order = deck_order(rng)
    solo = SoloPhone.start(client, **choices)
    keep_hand(solo)
    play_to_the_end(solo, rng, order)
    assert solo.say.startswith("The game is over")
    assert "Earlier rounds" in solo.html
    sources = {e.payload.get("source") for e in events(app, solo.game_id) if e.type == "die_rolled"}
    assert sources == ({"app"} if choices else {"table"})
    assert not forms_in(solo.html)


def test_a_phone_that_lost_its_cookie_comes_back_through_its_link(app, solo):
    page = solo.client.get(f"/games/{solo.game_id}/solo")
    link = re.search(r'<a href="([^"]+)" data-come-back>', page.text).group(1)
    path = "/" + link.split("/", 3)[3]
    assert path.startswith(f"/games/{solo.game_id}/join/")
    other = app.test_client()  # another phone, no session
    assert other.get(f"/games/{solo.game_id}/solo").status_code == 403
    r = other.get(path)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{solo.game_id}/solo")
    assert other.get(f"/games/{solo.game_id}/solo").status_code == 200
    with other.session_transaction() as s:  # the solo player is the host too
        mine = dict(s["games"][solo.game_id])
        assert len(mine.pop("key")) == 16  # the link's key, so a re-issued link ends it
        assert mine == {"seat": 0, "host": True}
    assert other.get(f"/games/{solo.game_id}/join/not-the-token").status_code == 404


def test_the_landing_page_and_the_host_form_lead_to_a_solo_game(client):
    for path in ("/", "/host"):
        assert 'href="/solo/new"' in client.get(path).text


def test_the_solo_player_can_undo_a_slip_but_not_a_roll(app, solo):
    page = solo.client.get(f"/games/{solo.game_id}/solo").text
    assert f'data-hx-get="/games/{solo.game_id}/host/undo"' in page
    keep_hand(solo)
    undo = solo.client.get(f"/games/{solo.game_id}/host/undo")
    assert undo.status_code == 200 and "Undo the latest event" in undo.text
    latest = re.search(r'name="seqs" value="(\d+)"', undo.text).group(1)
    headers = {"X-CSRF-Token": solo.csrf, "HX-Request": "true"}
    r = solo.client.post(
        f"/games/{solo.game_id}/events",
        headers=headers,
        data={"view": "host", "type": "retracted", "seqs": latest},
    )
    assert r.status_code == 200
    assert get_table(app).state(solo.game_id).players[0].hand == []  # the hand is undone
    solo.refresh()
    assert solo.step == "starting_hand"
    keep_hand(solo)
    draw(solo, 2)  # a drawn Automa card: chance
    undo = solo.client.get(f"/games/{solo.game_id}/host/undo").text
    # Undo offers nothing it cannot undo, and points to the fix instead.
    assert 'name="seqs"' not in undo and "Undo the latest event" not in undo
    assert "data-undo-final" in undo and "Automa card 2" in undo
    assert 'href="#misreads"' in undo and "Fix a misread" in undo
    assert 'id="misreads"' in solo.client.get(f"/games/{solo.game_id}/solo").text
    latest = get_table(app).seq(solo.game_id)
    r = solo.client.post(  # a post made anyway is still refused by the engine
        f"/games/{solo.game_id}/events",
        headers=headers,
        data={"view": "host", "type": "retracted", "seqs": latest},
    )
    assert r.status_code == 422 and "retraction_past_reveal" in r.text


# --- fixing a misread (ruling 33) ------------------------------------------------------------


def test_a_die_typed_wrong_is_fixed_after_wolfgang_bought_with_it(app, solo):
    """The die for Wolfgang's Builder (2+1D6) typed as 3 while it showed 5: he pays 700, not
    500, and the page says to take 200 more from him."""
    keep_hand(solo)
    draw(solo, 1)
    solo.tap(type="auctions_left")
    roll(solo, 3)
    assert state(app, solo.game_id).players[1].money == 1000
    fixes = solo.find(action="/solo/misread")
    die = next(f for f in fixes if f.selects.get("value") is not None and "1" in f.selects["value"])
    seq = int(die.hidden["fixes"])
    assert events(app, solo.game_id)[seq - 1].type == "die_rolled"
    solo.submit(die, value="5")
    assert solo.status == 200, alerts(solo.html)
    assert state(app, solo.game_id).players[1].money == 800
    assert "Fixed: the die shows 5, not 3" in solo.html
    assert "Take 200 Florin more from Wolfgang" in solo.html
    assert "rolled 5 + 2, he pays 700" in solo.html and "rolled 3 + 2" not in solo.html
    # the list names the roll (what, round) and shows the value now on the table
    assert "Round 1, the die for Wolfgang&#39;s Builder: 5, actually" in solo.html
    logged = len(events(app, solo.game_id))
    solo.submit(die, value="5")  # a double tap counts once
    assert solo.status == 200 and len(events(app, solo.game_id)) == logged
    again = next(f for f in solo.find(action="/solo/misread") if f.hidden["fixes"] == str(seq))
    solo.submit(again, value="5")  # already what the table shows: nothing to fix
    assert solo.status == 422 and "already the die recorded" in solo.html
    assert len(events(app, solo.game_id)) == logged


def test_a_die_fixed_before_its_step_is_ticked_is_told_by_the_checklist_alone(app, client):
    """Wolfgang's purchase is still on the checklist when its die is fixed: the fix
    card moves nothing (no "take 200 more"), the checklist step now says 700."""
    teach_test_data(app.instance_path)
    solo = SoloPhone.start(client, auto_done=False)
    solo.done()  # the setup
    keep_hand(solo)
    draw(solo, 1)
    solo.tap(type="auctions_left")
    roll(solo, 3)
    assert solo.step == "checklist" and "Take 500 Florin from Wolfgang" in solo.html
    die = next(f for f in solo.find(action="/solo/misread") if "value" in f.selects)
    assert "Round 1, the die for Wolfgang&#39;s Builder: 3, actually" in solo.html
    solo.submit(die, value="5")
    assert solo.status == 200, alerts(solo.html)
    fixed = re.search(r"<section [^>]*data-fixed>(.*?)</section>", solo.html, re.S).group(1)
    assert "nothing on the table has to move" in fixed and "Florin" not in fixed
    assert solo.step == "checklist" and "Take 700 Florin from Wolfgang" in solo.html
    assert "Take 500 Florin" not in solo.html


def test_each_fact_to_fix_names_what_it_was_for(app, solo):
    """Your die for the Jester, the auction's Automa card, his card turned up: each named."""
    keep_hand(solo)
    draw(solo, 1)
    offer(solo, "jester")
    roll(solo, 4)
    page = solo.html
    assert "Round 1, your die for the Jester: 4, actually" in page
    assert "Round 1, the Automa card for the auction: 1, actually" in page
    assert len(solo.find(action="/solo/misread")) == 2


def test_the_apps_own_die_and_deck_are_never_offered_for_fixing(app, client):
    teach_test_data(app.instance_path)
    solo = SoloPhone.start(client, die="app", deck="app")
    keep_hand(solo)
    solo.tap("Draw for me")
    offer(solo, "jester")
    solo.tap("Roll for me")
    assert not solo.find(action="/solo/misread")
    rolled = [e for e in events(app, solo.game_id) if e.type == "die_rolled"][0]
    r = solo.client.post(
        f"/games/{solo.game_id}/solo/misread",
        data={"fixes": str(rolled.seq), "value": "6"},
        headers={"X-CSRF-Token": solo.csrf, "HX-Request": "true"},
    )
    assert r.status_code == 422 and "cannot be fixed" in r.text
    drawn = [e for e in events(app, solo.game_id) if e.type == "automa_card_drawn"][0]
    assert drawn.payload["source"] == "app"
    before = len(events(app, solo.game_id))
    solo.post_event(type="misread_corrected", fixes=str(rolled.seq), value="6")
    assert solo.status == 422 and len(events(app, solo.game_id)) == before
