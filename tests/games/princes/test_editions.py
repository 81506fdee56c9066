"""The rules of the box: the 2022 edition and the older one by its German or French
rulebook, through the log's own events.

Each difference is shown the way the books differ: the same log is accepted under one edition
and refused under another, with the reason, and the refusal cites the chosen book's own section
in its own language (companion/translations/<language>/citations.toml, [edition]). The books'
words are quoted in docs/rulings.md ("The older edition").
"""

from __future__ import annotations

import copy

import pytest

from companion.core import lang
from companion.games.princes.rules import Refusal, replay, summary
from companion.games.princes.rules.catalog import (
    BORDER_FACING,
    EDITION_TOPICS,
    EDITIONS,
)
from companion.games.princes.rules.refusals import CODES
from companion.games.princes.rules.schema import BuildingBuilt, GameStarted
from tests.support.builders import TEST_CATALOG, Table

A, L, J = 0, 1, 2
NEW, GERMAN, FRENCH = "2022", "older_german", "older_french"
OLDER = (GERMAN, FRENCH)
BOOK = {GERMAN: "Die Fürsten von Florenz (ältere Ausgabe)", FRENCH: "Les Princes de Florence"}


def under(edition: str, log: list[dict]):
    """The same log replayed by another edition's rules: the state, or the Refusal."""
    events = copy.deepcopy(log)
    assert events[0]["type"] == "game_started"
    events[0]["edition"] = edition
    try:
        return replay(events, TEST_CATALOG)
    except Refusal as refusal:
        return refusal


def accepted(edition: str, log: list[dict]):
    state = under(edition, log)
    assert not isinstance(state, Refusal), (edition, state.code, state.message)
    assert state.edition == edition
    return state


def refused(edition: str, log: list[dict], code: str) -> Refusal:
    r = under(edition, log)
    assert isinstance(r, Refusal), f"{edition} accepted what it should refuse"
    assert r.code == code, (r.code, r.message)
    assert r.seq == len(log)  # the last event, the one the books disagree on
    return r


def cites_the_book(r: Refusal, edition: str, topic: str) -> None:
    """The refusal cites the chosen book's section in its own language."""
    book = EDITIONS[edition].book
    assert r.rule == lang.book_citation(book, topic)
    assert r.rule.startswith(BOOK[edition]), r.rule
    assert r.rule != CODES[r.code]


# --- choosing the edition ------------------------------------------------------------------------


def test_the_2022_edition_is_the_default_and_every_edition_is_named_once():
    t = Table()
    # the contract's replay shape is unchanged for the 2022 edition (ruling: tests/games/princes/test_rules_games)
    assert t.state.edition == NEW and "edition" not in summary(t.state)
    # the event schema names exactly the catalog's editions and border facings
    edition_field = GameStarted.model_fields["edition"].annotation
    assert set(edition_field.__args__[0].__args__) == set(EDITIONS)  # type: ignore[union-attr]
    border_field = BuildingBuilt.model_fields["border"].annotation
    assert set(border_field.__args__[0].__args__) == set(BORDER_FACING)  # type: ignore[union-attr]


@pytest.mark.parametrize("edition", [NEW, GERMAN, FRENCH])
def test_the_edition_is_part_of_game_started_and_survives_a_snapshot(edition):
    t = Table(options={"edition": edition})
    assert t.state.edition == edition
    assert t.state.clone().edition == edition
    assert summary(t.state).get("edition", NEW) == edition


def test_an_unknown_edition_or_an_older_solo_game_is_refused():
    with pytest.raises(Refusal) as info:
        Table(options={"edition": "1999"})
    assert info.value.code == "bad_event"
    with pytest.raises(Refusal) as info:
        Table(
            ("You", "Wolfgang"),
            options={"edition": GERMAN, "solo": {"difficulty": "easy", "dummies": 2}},
        )
    assert info.value.code == "bad_solo_setup"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_each_older_book_has_its_words_for_every_topic(language):
    for topic in EDITION_TOPICS:
        words = lang.book_citation(language, topic)
        assert words and "docs/" not in words, (language, topic)


# --- 1. 2 players: the last player's price --------------------------------------------------------


def last_player_with_200() -> list[dict]:
    """2 players. Round 1: Alexandra outbids Leon for a Builder up to 2300 and keeps 200 Florin;
    Leon, last, declines. Round 2 (Leon starts): Leon takes a Jester at the opening bid, and
    Alexandra, the last player with 200 Florin and no PP, takes the Recruiting card."""
    t = Table(("Alexandra", "Leon"))
    t.do("auction_opened", player=A, object="builder")
    bid = 300
    while bid < 2300:
        bid += 100
        t.do("bid_raised", player=L if bid % 200 == 0 else A, amount=bid)
    t.do("bid_passed", player=L)
    assert t.p(A).money == 200 and t.p(A).fame == 0
    t.do("last_player_declined", player=L)
    t.end_turns()
    assert t.state.round == 2 and t.opener == L
    t.do("auction_opened", player=L, object="jester")
    t.do("bid_passed", player=A)
    return [*t.log, {"type": "last_player_took", "player": A, "object": "recruiting"}]


def test_last_players_price_300_in_the_german_book_200_in_the_french():
    """German: "Der Grundpreis in Phase A beträgt 300 Florin" (2 players), and the last player
    takes an object "nachdem er den Grundpreis ... an die Bank gezahlt hat". French: "ce joueur
    peut simplement payer 200 florins" (only "l'enchère minimale" rises to 300)."""
    log = last_player_with_200()
    state = accepted(FRENCH, log)
    assert state.players[A].money == 0 and state.players[A].hand.count("recruiting") == 1
    r = refused(GERMAN, log, "bid_beyond_means")
    cites_the_book(r, GERMAN, "last_player_price")
    assert "Grundpreis" in r.rule
    # the 2022 edition: the opening bid, 300 (contract ruling 2), cited as the engine does
    r = refused(NEW, log, "bid_beyond_means")
    assert r.rule == CODES["bid_beyond_means"]


def test_the_french_last_player_pays_200_with_2_players_and_the_others_300():
    for edition, price in ((NEW, 300), (GERMAN, 300), (FRENCH, 200)):
        t = Table(("Alexandra", "Leon"), options={"edition": edition})
        t.do("auction_opened", player=A, object="jester")
        t.do("bid_passed", player=L)
        money = t.p(L).money
        t.do("last_player_took", player=L, object="builder")
        assert money - t.p(L).money == price, edition
    # with 3 players every book says 200
    for edition in EDITIONS:
        t = Table(options={"edition": edition})
        t.win(A, "jester")
        t.win(L, "builder")
        money = t.p(J).money
        t.take_last(J, "recruiting")
        assert money - t.p(J).money == 200, edition


# --- 2. Cooperative Building: building alone at the border with one Builder ---------------------


def coop_with_builders(builders: int) -> Table:
    """A cooperative game where Alexandra has won `builders` Builders, one a round, and it is
    her turn in the Action phase."""
    t = Table(expansions={"cooperative": True})
    for i in range(builders):
        if i:
            t.leave_all()
            t.end_turns()
        t.win(A, "builder")
    t.leave_all()
    while t.state.turn != A:
        t.do("turn_ended", player=t.state.turn)
    assert t.p(A).builders == builders
    return t


def test_one_builder_at_the_border_a_landscape_blocks_only_in_the_2022_book():
    """2022: "You have 1 Builder and the adjacent space(s) in your neighbor's Principality does
    not contain a Building or Landscape". German: "wenn die andere Seite unbebaut ist";
    French: "que l'autre côté de la frontière ne contient pas de bâtiment"."""
    t = coop_with_builders(1)
    log = [
        *t.log,
        {"type": "building_built", "player": A, "building": "tower", "border": "landscape"},
    ]
    r = refused(NEW, log, "border_needs_builders")
    assert r.rule == CODES["border_needs_builders"] and "Landscape" in r.message
    for edition in OLDER:
        state = accepted(edition, log)
        assert "tower" in state.players[A].buildings
    # a Building on the other side blocks it in every book, each citing its own
    building = [*log[:-1], {**log[-1], "border": "building"}]
    assert refused(NEW, building, "border_needs_builders").rule == CODES["border_needs_builders"]
    for edition in OLDER:
        cites_the_book(
            refused(edition, building, "border_needs_builders"), edition, "building_alone_at_border"
        )
    # nothing on the other side: allowed in every book
    empty = [*log[:-1], {**log[-1], "border": "empty"}]
    for edition in EDITIONS:
        accepted(edition, empty)


def test_no_builder_no_border_and_two_builders_anything():
    """Every book: at the border "mindestens 1 Baumeister"; with 2, "Wand an Wand"."""
    t = coop_with_builders(0)
    log = [*t.log, {"type": "building_built", "player": A, "building": "tower", "border": "empty"}]
    for edition in EDITIONS:
        refused(edition, log, "border_needs_builders")
    away = [*log[:-1], {"type": "building_built", "player": A, "building": "tower"}]
    for edition in EDITIONS:
        accepted(edition, away)
    t = coop_with_builders(2)
    for facing in BORDER_FACING:
        log = [
            *t.log,
            {"type": "building_built", "player": A, "building": "tower", "border": facing},
        ]
        for edition in EDITIONS:
            accepted(edition, log)


def test_a_border_only_exists_on_the_cooperative_shared_board():
    t = Table()
    t.to_action()
    r = t.refused("building_built", player=A, building="tower", border="empty")
    assert r.code == "expansion_not_enabled"


# --- 3. Merchant and Professor: at any moment until the next Character Auction --------------------


def muse_game(bids: dict) -> Table:
    """The Muse and the Princess; round 1's Characters bought as `bids` say, then Alexandra's
    turn in the Action phase, where she introduces a Freedom (the moment of the purchase is
    over)."""
    t = Table(expansions={"muse_princess": True})
    t.leave_all()
    t.characters_round(bids)
    assert t.state.phase == "action" and t.state.turn == A
    t.do("freedom_introduced", player=A, freedom="travel")
    return t


def test_merchant_on_another_players_turn_only_in_the_older_books():
    """2022: "Either immediately, at any time on your turn during the Action phase, when you win
    a bid ..., or at the end of the Auction phase". German: "zu einem beliebigen Zeitpunkt bis
    zur nächsten Phase A2 (Kaufmann, Professor)"; French: "à un moment choisi entre la phase
    présente et la prochaine phase A2 (marchand, professeur)"."""
    t = muse_game({L: ("merchant", 3)})
    t.do("correction", player=A, money=0, fame=5, reason="test: Alexandra ahead on the track")
    use = {"type": "character_used", "player": L, "character": "merchant", "effect": "prestige"}
    log = [*t.log, use]
    r = refused(NEW, log, "character_not_now")
    assert r.rule == CODES["character_not_now"]
    for edition in OLDER:
        state = accepted(edition, log)
        # "so viele Prestigepunkte, wie es seiner Position auf der Erfolgsleiste entspricht":
        # Leon is 2nd behind Alexandra, the same arithmetic as 1 + 1 per opponent ahead
        assert state.players[L].fame == 2
        assert state.players[L].parts["muse_princess"].characters[0]["face_up"] is False


def test_professor_in_the_next_auction_phase_on_another_players_auction_older_books_only():
    t = muse_game({J: ("professor", 3)})
    t.do("turn_ended", player=A)
    t.end_turns()
    assert t.state.phase == "auction" and t.state.round == 2
    t.do("auction_opened", player=L, object="jester")  # Leon starts round 2
    card = t.state.bonus_deck[0]
    use = {
        "type": "character_used",
        "player": J,
        "character": "professor",
        "deck": "bonus",
        "card": card,
    }
    log = [*t.log, use]
    refused(NEW, log, "character_not_now")
    for edition in OLDER:
        assert card in accepted(edition, log).players[J].bonus_cards


def test_older_books_still_end_the_moment_at_the_next_character_auction():
    """ "spätestens vor Phase A2 der nächsten Runde zurückgeben" / "au plus tard ... au début
    de la prochaine phase A2": once the next Character Auction has begun, the card is gone."""
    t = muse_game({L: ("merchant", 3)})
    t.do("turn_ended", player=A)
    t.end_turns()
    t.leave_all()
    assert t.state.phase == "character_auction"
    t.do("character_passed", player=t.state.parts["muse_princess"].auction["turn"])
    log = [
        *t.log,
        {"type": "character_used", "player": L, "character": "merchant", "effect": "prestige"},
    ]
    for edition in EDITIONS:
        refused(edition, log, "not_holding_character")


def test_the_merchant_pays_an_object_only_when_winning_it_in_every_book():
    """ "Lors de la prochaine phase A1, le joueur ne paye pas l'enchère qu'il remporte" /
    "in Phase A1 der nächsten Runde das von ihm ersteigerte Objekt kostenlos": only right after
    a won bid, in every book; the refusal cites the chosen book."""
    t = muse_game({L: ("merchant", 3)})
    log = [
        *t.log,
        {"type": "character_used", "player": L, "character": "merchant", "effect": "pay_object"},
    ]
    assert refused(NEW, log, "character_not_now").rule == CODES["character_not_now"]
    for edition in OLDER:
        cites_the_book(refused(edition, log, "character_not_now"), edition, "character_moments")


# --- 4. Cooperative Building: after a failed negotiation ------------------------------------------


def failed_negotiation() -> list[dict]:
    """Alexandra proposes a Tower to Leon, who declines; she then proposes a Chapel to Jen."""
    t = Table(expansions={"cooperative": True})
    t.to_action()
    proposal = {
        "type": "cooperation_proposed",
        "player": A,
        "building": "tower",
        "partner_payment": 0,
    }
    t.do("cooperation_proposed", player=A, partner=L, building="tower", partner_payment=0)
    t.do("cooperation_declined", player=L)
    return [*t.log, {**proposal, "partner": J, "building": "chapel"}]


def test_a_second_negotiation_only_in_the_2022_book():
    """2022: "either try to negotiate the building of another cooperative Building, Build a
    Building alone, or choose a different action". German: "muss der aktive Spieler entweder
    das Gebäude allein in seinem Fürstentum bauen oder auf das Bauen verzichten"; French: "il
    peut alors renoncer (et choisir une autre action) ou encore construire le bâtiment seul"."""
    log = failed_negotiation()
    state = accepted(NEW, log)
    assert state.parts["cooperative"].pending["partner"] == J
    for edition in OLDER:
        r = refused(edition, log, "negotiation_failed")
        cites_the_book(r, edition, "failed_negotiation")
    # building alone, or another action, stays open in every book
    alone = [*log[:-1], {"type": "building_built", "player": A, "building": "tower"}]
    other = [*log[:-1], {"type": "freedom_introduced", "player": A, "freedom": "travel"}]
    for edition in EDITIONS:
        assert "tower" in accepted(edition, alone).players[A].buildings
        accepted(edition, other)


def test_a_withdrawn_proposal_is_a_failed_negotiation_and_the_next_action_may_negotiate_anew():
    """The failure closes negotiation for that Build a Building action only: after another
    action, the player's next Build a Building may be negotiated (docs/rulings.md)."""
    t = Table(expansions={"cooperative": True}, options={"edition": GERMAN})
    t.to_action()
    t.do("cooperation_proposed", player=A, partner=L, building="tower", partner_payment=0)
    t.do("cooperation_declined", player=A)  # Alexandra withdraws it
    r = t.refused("cooperation_proposed", player=A, partner=J, building="tower", partner_payment=0)
    assert r.code == "negotiation_failed"
    t.do("freedom_introduced", player=A, freedom="travel")
    t.do("cooperation_proposed", player=A, partner=J, building="tower", partner_payment=0)
    t.do("cooperation_accepted", player=J)
    assert "tower" in [b["building"] for b in t.p(A).parts["cooperative"].buildings]


# --- 5. Starting hands: face up or face down -------------------------------------------------------


def test_starting_hands_are_dealt_face_up_only_in_the_2022_book_and_private_in_every_edition():
    """2022: "deal 4 faceup to each player"; German: "reihum verdeckt verteilt"; French: "on en
    distribue quatre, faces cachées". The app keeps every hand to its own phone either way, so
    the same starting hands are accepted by every edition and nobody else sees them."""
    from companion.games.princes.rules import seat_view

    assert EDITIONS[NEW].deal_face_up and not any(EDITIONS[e].deal_face_up for e in OLDER)
    log = Table().log
    for edition in EDITIONS:
        state = accepted(edition, log)
        leon_sees = seat_view(state, L)
        assert leon_sees["me"]["hand"] == state.players[L].hand
        assert all("hand" not in p for p in leon_sees["players"]), edition
        assert str(state.players[A].hand[0]) not in str(leon_sees["players"]), edition
