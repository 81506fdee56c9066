"""The Muse and the Princess on the phones, the table screen, the end page and the host form:
the Character Auction as a pawn board, your Character's buttons and reminders, the Princess
Work, the Professor's free card, the Banker's exchange, and secrets kept."""

from __future__ import annotations

import re

import pytest

from companion.games.princes.rules import current_player
from companion.games.princes.rules.catalog import BONUS_CARDS, PRESTIGE_CARDS
from tests.support.phone_characters import MUSE, leave_auctions
from tests.support.phone_game import (
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


def characters_round(app, game_id, bids=None):
    bids = dict(bids or {})
    s = state(app, game_id)
    while s.phase == "character_auction":
        turn = current_player(s)
        if turn in bids:
            character, space = bids.pop(turn)
            record(
                app,
                game_id,
                str(turn),
                type="character_bid",
                player=turn,
                character=character,
                space=space,
            )
        else:
            record(app, game_id, str(turn), type="character_passed", player=turn)
        s = state(app, game_id)


def end_turns(app, game_id):
    s = state(app, game_id)
    r = s.round
    while s.phase == "action" and s.round == r:
        record(app, game_id, str(s.turn), type="turn_ended", player=s.turn)
        s = state(app, game_id)


@pytest.fixture
def muse_game(app):
    game_id, _ = host_game(app, grid=False, **MUSE)
    choose_hands(app, game_id)
    return game_id


@pytest.fixture
def characters(app, muse_game):
    leave_auctions(app, muse_game)
    assert state(app, muse_game).phase == "character_auction"
    return muse_game


def test_the_character_auction_is_a_pawn_board_tap_a_card_then_a_space(app, client, characters):
    game_id = characters
    as_seat(client, game_id, ADA)
    page = panel(client, game_id)
    assert 'data-screen="characters"' in page
    words = text(page)
    assert "Character Auction" in words and "Tap the card you want" in words
    assert "600 Florin on it" in words  # the Banker's money is public
    assert all(f'data-character="{c}"' in page for c in ("banker", "muse", "princess"))
    # tap the Merchant: only its legal spaces are offered, each a button
    page = panel(client, game_id, "?do=bid&character=merchant")
    spaces = re.findall(r'name="space" value="(\d+)"', page)
    assert spaces == [str(n) for n in range(3, 16)]
    r = post_event(
        client, game_id, type="character_bid", player=ADA, character="merchant", space="6"
    )
    assert r.status_code == 200, r.text
    assert "Done: Ada put their Pawn on the Merchant, space 6 (600 Florin)" in text(r.text)
    # every Pawn is visible to all: Ben's phone shows Ada's Pawn, and offers only higher spaces
    as_seat(client, game_id, BEN)
    page = panel(client, game_id)
    assert "Ada: space 6 (600 Florin)" in text(page)
    page = panel(client, game_id, "?do=bid&character=merchant")
    assert re.findall(r'name="space" value="(\d+)"', page) == [str(n) for n in range(7, 16)]


def test_a_space_too_low_is_refused_inline_and_changes_nothing(app, client, characters):
    game_id = characters
    record(app, game_id, "0", type="character_bid", player=ADA, character="muse", space=5)
    as_seat(client, game_id, BEN)
    before = state(app, game_id).to_dict()
    r = post_event(client, game_id, type="character_bid", player=BEN, character="muse", space="4")
    assert r.status_code == 422 and refusal_in(r.text) == "character_space_too_low"
    assert "bid on a higher space" in text(r.text)
    assert state(app, game_id).to_dict() == before


def test_spaces_beyond_your_cash_are_not_offered(app, client, characters):
    game_id = characters
    record(app, game_id, "host", type="correction", player=ADA, money=-3000, fame=0, reason="t")
    as_seat(client, game_id, ADA)
    page = panel(client, game_id, "?do=bid&character=princess")
    assert re.findall(r'name="space" value="(\d+)"', page) == ["3", "4", "5"]


def test_passing_and_buying_by_itself(app, client, characters):
    game_id = characters
    as_seat(client, game_id, ADA)
    post_event(client, game_id, type="character_bid", player=ADA, character="cardinal", space="3")
    as_seat(client, game_id, BEN)
    post_event(client, game_id, type="character_passed", player=BEN)
    as_seat(client, game_id, CY)
    r = post_event(client, game_id, type="character_passed", player=CY)
    assert r.status_code == 200
    table = text(client.get(f"/games/{game_id}/table").text)
    assert "Ada bought the Cardinal for 300 Florin" in table
    assert "The Character Auction is over; Ada's turn" in table
    s = state(app, game_id)
    assert s.phase == "action" and s.players[ADA].part("muse_princess").characters == [
        {"character": "cardinal", "face_up": True}
    ]


def test_the_cardinal_button_gives_a_third_action(app, client, characters):
    game_id = characters
    characters_round(app, game_id, {ADA: ("cardinal", 3)})
    as_seat(client, game_id, ADA)
    page = panel(client, game_id)
    assert "Your Character: Cardinal" in text(page)
    assert "good only on this turn" in text(page)
    form = form_for(page, "character_used", character="cardinal")
    assert "Flip the Cardinal" in form
    r = post_event(client, game_id, type="character_used", player=ADA, character="cardinal")
    assert r.status_code == 200
    assert "3 actions left" in text(r.text)
    assert "(used, face down)" in text(r.text)


def test_the_muse_shows_in_the_work_breakdown(app, client, characters):
    game_id = characters
    characters_round(app, game_id, {ADA: ("muse", 3)})
    as_seat(client, game_id, ADA)
    page = panel(client, game_id)
    assert "Your Character: Muse" in text(page)
    assert "Round 1: each Work you complete gains 1." in text(page)
    words = text(panel(client, game_id, "?do=work&profession=poet"))
    assert "The Muse round 1 1" in words and "Work Value 4" in words  # 3 cards + 1


def test_the_princess_work_with_its_breakdown(app, client, characters):
    game_id = characters
    characters_round(app, game_id, {ADA: ("princess", 3)})
    record(app, game_id, "host", type="correction", player=ADA, money=2000, fame=0, reason="t")
    record(app, game_id, "0", type="building_built", player=ADA, building="tower")
    as_seat(client, game_id, ADA)
    page = panel(client, game_id)
    assert "Complete a Work with the Princess" in text(page)
    page = panel(client, game_id, "?do=princess")
    assert 'data-screen="princess"' in page
    words = text(page)
    # round 1 (minimum 7): 1 Building x 2 + 3 cards = 5
    assert "Buildings × 1 2 each 2" in words and "Builders × 0 2 each 0" in words
    assert "Cards × 3 Profession and Recruiting cards, in hand and on the table 3" in words
    assert "Work Value 5" in words
    assert "Below this round's minimum of 7" in words
    r = post_event(
        client, game_id, type="work_completed", player=ADA, princess="true", prestige="0"
    )
    assert r.status_code == 422 and refusal_in(r.text) == "below_minimum"


def test_the_princess_work_is_recorded(app, client, muse_game):
    """Round 1 (minimum 7): a Forest 3 + a Tower 2 + 3 cards = 8."""
    game_id = muse_game
    record(app, game_id, "host", type="landscape_taught", landscape="forest", cells=4)
    record(app, game_id, "0", type="auction_opened", player=ADA, object="forest")
    record(app, game_id, "1", type="bid_passed", player=BEN)
    record(app, game_id, "2", type="bid_passed", player=CY)
    record(app, game_id, "0", type="landscape_placed", player=ADA, landscape="forest")
    leave_auctions(app, game_id)
    characters_round(app, game_id, {ADA: ("princess", 3)})
    record(app, game_id, "0", type="building_built", player=ADA, building="tower")
    money = state(app, game_id).players[ADA].money
    as_seat(client, game_id, ADA)
    page = panel(client, game_id, "?do=princess")
    assert "Landscapes × 1 3 each 3" in text(page) and "Meets this round's minimum" in text(page)
    r = post_event(
        client, game_id, type="work_completed", player=ADA, princess="true", prestige="1"
    )
    assert r.status_code == 200, r.text
    assert "Done: Ada completed a Work with the Princess: Work Value 8" in text(r.text)
    p = state(app, game_id).players[ADA]
    assert p.works[-1]["value"] == 8 and p.money == money + 800 - 200 and len(p.hand) == 3
    table = text(client.get(f"/games/{game_id}/table").text)
    assert "Ada completed a Work with the Princess: Work Value 8" in table


def test_merchant_reminder_and_buttons_in_the_next_auction_phase(app, client, characters):
    game_id = characters
    for s in (ADA, CY):
        record(app, game_id, "host", type="correction", player=s, money=0, fame=3, reason="t")
    characters_round(app, game_id, {BEN: ("merchant", 3)})
    end_turns(app, game_id)
    # round 2: Ben opens and wins a Jester at the opening bid
    record(app, game_id, "1", type="auction_opened", player=BEN, object="jester")
    record(app, game_id, "2", type="bid_passed", player=CY)
    record(app, game_id, "0", type="bid_passed", player=ADA)
    as_seat(client, game_id, BEN)
    page = panel(client, game_id)
    words = text(page)
    assert "goes back when the Character Auction begins" in words
    assert "Flip the Merchant: do not pay" in words and "200 Florin back" in words
    assert "Flip the Merchant: +3 PP" in words  # 1 + 2 opponents ahead
    r = post_event(
        client,
        game_id,
        type="character_used",
        player=BEN,
        character="merchant",
        effect="pay_object",
    )
    assert r.status_code == 200
    assert state(app, game_id).players[BEN].money == 3500 - 300


def test_professor_lists_every_card_and_keeps_the_choice_secret(app, client, characters):
    game_id = characters
    characters_round(app, game_id, {ADA: ("professor", 3)})
    as_seat(client, game_id, ADA)
    page = panel(client, game_id)
    assert "Use the Professor: a free card" in text(page)
    page = panel(client, game_id, "?do=professor")
    assert len(re.findall(r'name="deck" value="bonus"', page)) == len(BONUS_CARDS)
    assert len(re.findall(r'name="deck" value="prestige"', page)) == len(PRESTIGE_CARDS)
    r = post_event(
        client,
        game_id,
        type="character_used",
        player=ADA,
        character="professor",
        deck="bonus",
        card="per_lake",
    )
    assert r.status_code == 200
    assert state(app, game_id).players[ADA].bonus_cards == ["per_lake"]
    # Ben's phone and the table know a Bonus card was taken, not which
    as_seat(client, game_id, BEN)
    assert "Each Lake" not in text(panel(client, game_id))
    table = client.get(f"/games/{game_id}/table")
    assert table.status_code == 200
    assert "Each Lake" not in text(table.text) and "free Bonus card" in text(table.text)


def test_right_after_buying_the_professor_its_phone_offers_it(app, client, characters):
    """ "Either immediately ...": Ada's turn came with her Pawn on the Professor while the
    Character Auction goes on (Ben, sent back, bids again)."""
    game_id = characters
    record(app, game_id, "0", type="character_bid", player=ADA, character="professor", space=3)
    record(app, game_id, "1", type="character_bid", player=BEN, character="muse", space=3)
    record(app, game_id, "2", type="character_bid", player=CY, character="muse", space=4)
    s = state(app, game_id)
    assert s.phase == "character_auction" and current_player(s) == BEN
    as_seat(client, game_id, ADA)
    words = text(panel(client, game_id))
    assert "Your Character: Professor" in words and "Use the Professor: a free card" in words
    assert "Use your Professor now, on your turn in the Action phase" in words
    # once Ben has bid, "immediately" is over until Ada's turn in the Action phase
    record(app, game_id, "1", type="character_bid", player=BEN, character="cardinal", space=3)
    s = state(app, game_id)
    assert s.phase == "action" and s.turn == ADA
    assert "Use the Professor: a free card" in text(panel(client, game_id))


def test_a_card_bought_last_may_be_used_before_anyone_acts(app, client, characters):
    game_id = characters
    characters_round(app, game_id, {BEN: ("merchant", 3)})  # Ada's turn follows
    as_seat(client, game_id, BEN)
    words = text(panel(client, game_id))
    assert "You have just bought it: use your Merchant now" in words
    assert "Flip the Merchant: +1 PP" in words
    record(app, game_id, "0", type="building_built", player=ADA, building="tower")
    words = text(panel(client, game_id))
    assert "Flip the Merchant" not in words and "You have just bought it" not in words


def test_the_table_shows_the_pawn_board_and_no_purse(app, client, characters):
    game_id = characters
    record(app, game_id, "0", type="character_bid", player=ADA, character="banker", space=2)
    as_seat(client, game_id, CY)
    page = client.get(f"/games/{game_id}/table").text
    words = text(page)
    assert "Character Auction" in words and "Ada: space 2 (200 Florin)" in words
    assert "Florin on it" in words
    assert "3500" not in words  # nobody's money


def test_banker_exchange_at_the_end_and_what_the_characters_brought(app, client):
    game_id, _ = host_game(
        app,
        players=["Ada", "Ben"],
        grid=False,
        start_player=0,
        freedoms={"travel": 2, "religion": 2, "opinion": 1},
        **MUSE,
    )
    choose_hands(app, game_id, (["poet", "alchemist", "botanist"], ["mason", "painter", "jurist"]))
    for _ in range(6):
        leave_auctions(app, game_id)
        characters_round(app, game_id)
        end_turns(app, game_id)
    leave_auctions(app, game_id)
    start = state(app, game_id).start_player
    characters_round(app, game_id, {start: ("banker", 1)})
    end_turns(app, game_id)
    assert state(app, game_id).phase == "banker_exchange"
    as_seat(client, game_id, 1 - start)
    assert "may exchange Florin for PP" in text(panel(client, game_id))
    as_seat(client, game_id, start)
    page = panel(client, game_id)
    assert 'data-screen="banker"' in page
    r = post_event(
        client, game_id, type="character_used", player=start, character="banker", florin="400"
    )
    assert r.status_code == 200, r.text
    s = state(app, game_id)
    assert s.phase == "over"
    end = client.get(f"/games/{game_id}/end").text
    words = text(end)
    assert "What the Characters brought" in words
    assert "Banker, round 7: 1200 Florin" in words
    assert "Banker, at the end: 400 Florin for 2 PP" in words


def test_the_host_form_offers_the_expansion(app, client):
    r = client.get("/host")
    assert 'name="muse_princess"' in r.text
    token = csrf_token_for(client)
    r = client.post(
        "/host",
        data={
            "csrf_token": token,
            "name_0": "Ada",
            "name_1": "Ben",
            "name_2": "Cy",
            "start": "0",
            "muse_princess": "on",
        },
    )
    assert r.status_code == 303, r.text
    game_id = r.headers["Location"].rstrip("/").split("/")[-2]
    assert state(app, game_id).expansions["muse_princess"] is True


def test_garbage_character_posts_never_give_a_500(app, client, characters):
    game_id = characters
    as_seat(client, game_id, ADA)
    for form in (
        {"type": "character_bid", "player": ADA, "character": "merchant", "space": "x"},
        {"type": "character_bid", "player": ADA, "character": "duke", "space": "3"},
        {"type": "character_used", "player": ADA, "character": "merchant", "effect": "x"},
        {"type": "work_completed", "player": ADA, "princess": "maybe"},
        {"type": "character_used", "player": ADA, "character": "banker", "florin": "-200"},
    ):
        r = post_event(client, game_id, **form)
        assert r.status_code == 422, (form, r.status_code)
    for query in ("?do=bid&character=duke", "?do=professor", "?do=princess", "?do=bid"):
        assert panel(client, game_id, query)


def test_each_character_says_what_it_does_on_the_phone_and_the_table(app, client, characters):
    """Before a bid, the phone and the TV say what each Character does."""
    from companion.games.princes.screens.characters import effect

    game_id = characters
    as_seat(client, game_id, ADA)
    phone = text(panel(client, game_id))
    table = text(client.get(f"/games/{game_id}/table").text)
    for character in ("banker", "cardinal", "merchant", "muse", "princess", "professor"):
        assert effect(character) in phone, character
        assert effect(character) in table, character
    assert "Each Work you complete this round gains the round number." in phone
