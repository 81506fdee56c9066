"""Cooperative Building (rulebook, Cooperative Building expansion, p. 16) through the events.

Every test drives the engine with the log's own events (`cooperation_proposed`,
`cooperation_accepted`, `cooperation_declined` and the base game's); the rulings are C1-C7 in
docs/rulings.md. Profession cards other than the Poet are TEST DATA.
"""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import Fold, GameState, Refusal, apply_in_place, replay, summary
from tests.support.builders import TEST_CATALOG, Table, nearly_full, work

ALEXANDRA, LEON, JEN, CHRIS = 0, 1, 2, 3
COOP = {"cooperative": True}


def coop_table(players=("Alexandra", "Leon", "Jen"), **kw) -> Table:
    return Table(players, expansions=COOP, **kw)


def in_action(players=("Alexandra", "Leon", "Jen"), **kw) -> Table:
    """A cooperative game in round 1's Action phase; Alexandra (seat 0) starts."""
    t = coop_table(players, **kw)
    t.to_action()
    assert t.state.turn == ALEXANDRA
    return t


def propose(t: Table, partner: int, building: str, payment: int, player: int = ALEXANDRA):
    return t.do(
        "cooperation_proposed",
        player=player,
        partner=partner,
        building=building,
        partner_payment=payment,
    )


def refused(t: Table, code: str, type_: str, **payload) -> Refusal:
    r = t.refused(type_, **payload)
    assert r.code == code, r.message
    return r


def refused_offer(
    t: Table, code: str, partner=LEON, building="tower", payment=0, player=ALEXANDRA, **extra
) -> Refusal:
    """The proposal is refused with `code` and changes nothing."""
    return refused(
        t,
        code,
        "cooperation_proposed",
        player=player,
        partner=partner,
        building=building,
        partner_payment=payment,
        **extra,
    )


def without_counter(state) -> dict:
    d = state.to_dict()
    d.pop("events_applied")
    return d


# --- the rulebook's example --------------------------------------------------------------------


def test_workshop_example_alexandra_and_leon():
    """ "Alexandra (3 Builders) builds a Workshop cooperatively with Leon (1 Builder). They
    negotiate that Leon will pay 500 Florin ... Alexandra pays 0 Florin to the Bank to build the
    Workshop, making her a profit of 500 Florin. Leon ... didn't have to use an action to build
    it. Both players score 3 [PP] for Building a Building.\""""
    t = coop_table()
    for seat in (ALEXANDRA, LEON, ALEXANDRA):  # one Builder a round
        t.win(seat, "builder")
        t.skip_round()
    t.win(ALEXANDRA, "builder")  # round 4: her 3rd
    t.leave_all()
    assert (t.p(ALEXANDRA).builders, t.p(LEON).builders) == (3, 1)
    while t.state.turn != ALEXANDRA:
        t.do("turn_ended", player=t.state.turn)
    a_money, l_money = t.p(ALEXANDRA).money, t.p(LEON).money
    a_fame, l_fame = t.p(ALEXANDRA).fame, t.p(LEON).fame

    propose(t, LEON, "workshop", 500)
    assert t.p(ALEXANDRA).money == a_money and t.p(LEON).money == l_money  # nothing paid yet
    assert summary(t.state)["players"][ALEXANDRA]["buildings"] == []
    t.do("cooperation_accepted", player=LEON)

    assert t.p(ALEXANDRA).money == a_money + 500  # her profit: 500 in, 0 to the Bank
    assert t.p(LEON).money == l_money - 500
    assert t.p(ALEXANDRA).fame == a_fame + 3 and t.p(LEON).fame == l_fame + 3
    players = summary(t.state)["players"]
    assert players[ALEXANDRA]["buildings"] == players[LEON]["buildings"] == ["workshop"]
    assert t.state.building_supply["workshop"] == 2  # one Workshop from the supply
    assert t.p(ALEXANDRA).actions == 1 and t.p(LEON).actions == 0  # Leon used no action


# --- the money --------------------------------------------------------------------------------


def test_cost_is_set_by_the_builders_own_builders():
    """ "You pay the cost of the Building, which is determined by your Builders alone": with no
    Builder Alexandra pays 700 even though Leon has one."""
    t = coop_table()
    t.do("auction_opened", player=ALEXANDRA, object="builder")
    t.do("bid_raised", player=LEON, amount=300)
    t.do("bid_passed", player=JEN)
    t.do("bid_passed", player=ALEXANDRA)
    t.to_action()
    assert (t.p(ALEXANDRA).builders, t.p(LEON).builders) == (0, 1)
    a_money = t.p(ALEXANDRA).money
    propose(t, LEON, "tower", 100)
    t.do("cooperation_accepted", player=LEON)
    assert t.p(ALEXANDRA).money == a_money + 100 - 700


def test_payment_may_be_zero_or_above_the_cost():
    """ "This may be as little as 0 Florin, but can also be more than the cost of the
    Building.\""""
    t = in_action()
    a, l_ = t.p(ALEXANDRA).money, t.p(LEON).money
    propose(t, LEON, "chapel", 0)
    t.do("cooperation_accepted", player=LEON)
    assert (t.p(ALEXANDRA).money, t.p(LEON).money) == (a - 700, l_)

    propose(t, JEN, "tower", 1200)  # Jen pays 500 more than the cost
    j = t.p(JEN).money
    t.do("cooperation_accepted", player=JEN)
    assert (t.p(ALEXANDRA).money, t.p(JEN).money) == (a - 700 + 500, j - 1200)


def test_payment_arrives_first_and_may_fund_the_cost():
    """Ruling C3: the partner pays first, so a builder with 200 Florin can build for 700 with a
    payment of 500, but not with 400."""
    t = in_action()
    t.do("correction", player=ALEXANDRA, money=-3300, fame=0, reason="test: a poor Alexandra")
    assert t.p(ALEXANDRA).money == 200
    r = refused_offer(
        t, "cannot_afford", player=ALEXANDRA, partner=LEON, building="tower", payment=400
    )
    assert "700" in r.message
    propose(t, LEON, "tower", 500)
    t.do("cooperation_accepted", player=LEON)
    assert t.p(ALEXANDRA).money == 0


@pytest.mark.parametrize("payment", [150, -100, "500", True, None, 2.5, [500]])
def test_payment_is_whole_hundreds_of_florin(payment):
    t = in_action()
    r = refused_offer(
        t, "bad_payment", player=ALEXANDRA, partner=LEON, building="tower", payment=payment
    )
    assert "100" in r.message


def test_the_partners_purse_stays_secret():
    """Ruling C3: a payment beyond the partner's Florin is not refused when proposed (that
    would tell the builder what the partner holds); the partner's own acceptance is refused,
    and goes through once they have sold enough fame."""
    t = in_action()
    t.do("correction", player=LEON, money=0, fame=5, reason="test: Leon has fame to sell")
    propose(t, LEON, "tower", 3800)  # Leon holds 3500
    r = refused(t, "cannot_afford", "cooperation_accepted", player=LEON)
    assert "3800" in r.message and "3500" in r.message
    t.do("fame_sold", player=LEON, points=3)
    t.do("cooperation_accepted", player=LEON)
    assert t.p(LEON).money == 0 and t.p(LEON).fame == 2 + 3


# --- both Principalities, for all purposes -------------------------------------------------------


def test_counts_for_the_partners_work_value_and_bonus_cards():
    """A Workshop built with Alexandra adds 4 to Leon's Work with a card that wants a Workshop
    (Complete a Work, p. 5), and his Bonus card "Each Building +1" counts it, though Leon never
    built it."""
    hand = ["test_workshop_forest_religion", "test_tower_lake_opinion", "test_chapel_lake_travel"]
    t = coop_table(hands={LEON: hand})
    t.to_action()
    propose(t, LEON, "workshop", 0)
    t.do("cooperation_accepted", player=LEON)
    t.do("turn_ended", player=ALEXANDRA)
    t.do("bonus_card_taken", player=LEON, card="per_building")
    money = t.p(LEON).money
    # Workshop 4 + 3 cards + the Bonus card's 1 Building = 8.
    t.do(
        "work_completed", player=LEON, **work("test_workshop_forest_religion", ["per_building"])[1]
    )
    assert t.p(LEON).works[-1]["value"] == 8
    assert t.p(LEON).money == money + 800


def test_counts_for_prestige_cards_and_empty_spaces():
    """Leon's "Most Buildings" ties with Alexandra's count of the same shared Workshop (3 PP,
    the number in brackets); each Principality is charged 1 square of it (ruling C6)."""
    t = coop_table()
    t.win(LEON, "prestige", card="most_buildings")
    t.to_action()
    propose(t, LEON, "workshop", 0)
    t.do("cooperation_accepted", player=LEON)
    s = summary(t.state)
    assert s["players"][ALEXANDRA]["empty_spaces"] == 42
    assert s["players"][LEON]["empty_spaces"] == 42
    assert s["players"][JEN]["empty_spaces"] == 43
    assert s["players"][LEON]["buildings"] == ["workshop"]
    assert s["cooperative_buildings"] == [
        {"building": "workshop", "builder": ALEXANDRA, "partner": LEON}
    ]
    t.end_turns()
    while t.state.phase != "over":
        t.skip_round()
    leon = t.state.final["scores"][LEON]
    assert leon["prestige_cards"] == {"most_buildings": 3}


def test_neither_principality_may_already_have_it():
    """ "Neither Principality may already have that Building built in it (either built alone or
    cooperatively).\""""
    t = in_action()
    t.do("turn_ended", player=ALEXANDRA)
    t.do("building_built", player=LEON, building="workshop")  # Leon's own Workshop
    t.do("turn_ended", player=LEON)
    t.do("turn_ended", player=JEN)
    t.to_action()  # round 2: Leon starts
    while t.state.turn != ALEXANDRA:
        t.do("turn_ended", player=t.state.turn)
    r = refused_offer(
        t, "building_already_built", player=ALEXANDRA, partner=LEON, building="workshop", payment=0
    )
    assert "Leon" in r.message
    propose(t, JEN, "workshop", 0)  # with Jen, who has none, it is fine
    t.do("cooperation_accepted", player=JEN)
    # ... and now neither Alexandra nor Jen may build another, alone or with anyone.
    r = refused(
        t, "building_already_built", "building_built", player=ALEXANDRA, building="workshop"
    )
    assert "Alexandra" in r.message
    r = refused_offer(
        t, "building_already_built", player=ALEXANDRA, partner=LEON, building="workshop", payment=0
    )
    assert "Alexandra" in r.message


def test_takes_one_building_from_the_supply():
    """3 of each Building: the shared Opera is one of them."""
    t = in_action(players=("Alexandra", "Leon", "Jen", "Chris", "Anna"))
    propose(t, LEON, "opera", 0)
    t.do("cooperation_accepted", player=LEON)
    t.do("turn_ended", player=ALEXANDRA)
    assert t.state.building_supply["opera"] == 2
    t.do("turn_ended", player=LEON)
    for s in (JEN, CHRIS):
        t.do("building_built", player=s, building="opera")
        t.do("turn_ended", player=s)
    assert t.state.building_supply["opera"] == 0
    refused(t, "building_sold_out", "building_built", player=4, building="opera")


def test_uses_the_builders_action_only_when_accepted():
    """The builder's action is used by the accepted proposal: one more action, then none."""
    t = in_action()
    propose(t, LEON, "tower", 0)
    t.do("cooperation_accepted", player=LEON)
    t.do("building_built", player=ALEXANDRA, building="chapel")
    refused_offer(t, "no_actions_left", player=ALEXANDRA, partner=LEON, building="opera", payment=0)


# --- declining, withdrawing, and waiting for the answer ---------------------------------------------


def test_declined_changes_nothing_and_the_builder_may_build_alone():
    """ "If you do not come to an agreement, either try to negotiate the building of another
    cooperative Building, Build a Building alone, or choose a different action.\""""
    t = in_action()
    before = without_counter(t.state)
    propose(t, LEON, "workshop", 500)
    t.do("cooperation_declined", player=LEON)
    assert without_counter(t.state) == before
    propose(t, JEN, "workshop", 200)  # another try, with the other neighbour
    t.do("cooperation_declined", player=JEN)
    assert without_counter(t.state) == before
    t.do("building_built", player=ALEXANDRA, building="workshop")  # alone after all
    t.do("building_built", player=ALEXANDRA, building="tower")
    assert t.p(ALEXANDRA).actions == 2


def test_the_builder_may_withdraw_the_offer():
    t = in_action()
    before = without_counter(t.state)
    propose(t, LEON, "workshop", 500)
    t.do("cooperation_declined", player=ALEXANDRA)
    assert without_counter(t.state) == before


def test_a_proposal_is_answered_before_the_game_goes_on():
    """Ruling C2: while Leon has not answered, nothing else is recorded but selling fame."""
    t = in_action()
    t.do("correction", player=LEON, money=0, fame=4, reason="test: Leon has fame")
    propose(t, LEON, "tower", 200)
    for type_, payload in (
        ("building_built", {"player": ALEXANDRA, "building": "chapel"}),
        ("turn_ended", {"player": ALEXANDRA}),
        ("freedom_introduced", {"player": ALEXANDRA, "freedom": "travel"}),
        (
            "cooperation_proposed",
            {"player": ALEXANDRA, "partner": JEN, "building": "chapel", "partner_payment": 0},
        ),
    ):
        r = refused(t, "cooperation_pending", type_, **payload)
        assert "Leon" in r.message
    t.do("fame_sold", player=LEON, points=1)  # selling fame is still allowed
    t.do("cooperation_accepted", player=LEON)
    t.do("turn_ended", player=ALEXANDRA)


def test_only_the_partner_answers():
    t = in_action()
    propose(t, LEON, "tower", 200)
    refused(t, "not_partner", "cooperation_accepted", player=JEN)
    refused(t, "not_partner", "cooperation_declined", player=JEN)
    refused(t, "not_partner", "cooperation_accepted", player=ALEXANDRA)  # not her own
    refused(t, "unknown_player", "cooperation_accepted", player=7)


def test_nothing_to_answer_without_a_proposal():
    t = in_action()
    refused(t, "no_proposal", "cooperation_accepted", player=LEON)
    refused(t, "no_proposal", "cooperation_declined", player=LEON)


# --- who and when ----------------------------------------------------------------------------


def test_neighbours_by_seat_with_four_players():
    """Ruling C1: seats on either side, the last seat bordering the first."""
    t = in_action(players=("Alexandra", "Leon", "Jen", "Chris"))
    r = refused_offer(
        t, "not_neighbour", player=ALEXANDRA, partner=JEN, building="tower", payment=0
    )
    assert "Leon" in r.message and "Chris" in r.message
    refused_offer(
        t, "not_neighbour", player=ALEXANDRA, partner=ALEXANDRA, building="tower", payment=0
    )
    propose(t, CHRIS, "tower", 0)  # around the table
    t.do("cooperation_accepted", player=CHRIS)
    propose(t, LEON, "chapel", 0)
    t.do("cooperation_accepted", player=LEON)


def test_two_players_are_each_others_neighbour():
    t = in_action(players=("Alexandra", "Leon"))
    propose(t, LEON, "tower", 300)
    t.do("cooperation_accepted", player=LEON)
    assert t.p(LEON).money == 2500 - 300  # the 2-player game's 2500 Florin


def test_only_on_the_builders_turn_in_the_action_phase():
    t = coop_table()
    refused_offer(t, "wrong_phase", player=ALEXANDRA, partner=LEON, building="tower", payment=0)
    t.to_action()
    refused_offer(t, "not_your_turn", player=LEON, partner=ALEXANDRA, building="tower", payment=0)


def test_not_without_the_expansion():
    t = Table(("Alexandra", "Leon", "Jen"))
    t.to_action()
    r = refused_offer(
        t, "expansion_not_enabled", player=ALEXANDRA, partner=LEON, building="tower", payment=0
    )
    assert "Cooperative Building" in r.message
    refused(t, "expansion_not_enabled", "cooperation_accepted", player=LEON)


def test_unknown_building_and_cells():
    t = in_action()
    for building in ("palazzo", None, ["tower"], 3):
        refused_offer(
            t, "building_unknown", player=ALEXANDRA, partner=LEON, building=building, payment=0
        )
    refused_offer(
        t,
        "cells_not_allowed",
        player=ALEXANDRA,
        partner=LEON,
        building="tower",
        payment=0,
        cells=[[0, 0], [0, 1], [0, 2]],
    )


# --- the grid and the squares -------------------------------------------------------------------


def test_the_shared_board_is_refused_with_the_grid_at_setup():
    """Ruling C5: the B sides' layout is only in the rulebook's diagram: Palazzo does not invent
    it, and says so when the game is hosted."""
    state = GameState(TEST_CATALOG)
    with pytest.raises(Refusal) as info:
        apply_in_place(
            state,
            {
                "type": "game_started",
                "players": ["Alexandra", "Leon", "Jen"],
                "start_player": 0,
                "expansions": {"muse_princess": False, "cooperative": True},
                "solo": None,
                "grid": True,
            },
        )
    assert info.value.code == "shared_board_unknown"
    assert "without the grid" in info.value.message
    assert state.phase == "not_started"


def test_room_without_the_grid():
    """Ruling C6: each Principality needs 1 empty square, both together the Building's size;
    each is then charged 1 square."""
    t = nearly_full(expansions=COOP)  # Alexandra: 41 of 43 squares built
    t.leave_all()  # round 5
    while t.state.turn != ALEXANDRA:
        t.do("turn_ended", player=t.state.turn)
    propose(t, LEON, "theater", 0)  # 5 squares: 2 + 43 is room enough
    t.do("cooperation_accepted", player=LEON)
    assert summary(t.state)["players"][ALEXANDRA]["empty_spaces"] == 1
    t.do("turn_ended", player=ALEXANDRA)
    t.end_turns()
    t.leave_all()  # round 6
    while t.state.turn != ALEXANDRA:
        t.do("turn_ended", player=t.state.turn)
    propose(t, JEN, "tower", 0)
    t.do("cooperation_accepted", player=JEN)
    assert summary(t.state)["players"][ALEXANDRA]["empty_spaces"] == 0
    r = refused_offer(t, "no_room", player=ALEXANDRA, partner=LEON, building="chapel", payment=0)
    assert "Alexandra" in r.message


# --- with and without the Characters (ruling C7) ---------------------------------------------------


def test_with_the_characters():
    """ "This expansion may be played with or without the Character cards": the Cardinal's third
    action may be a cooperative Building, the Princess counts the shared Buildings of her holder
    (2 each), and with fame unsellable a partner short of Florin can only decline."""
    t = Table(
        ("Alexandra", "Leon", "Jen", "Chris"),
        expansions={"muse_princess": True, "cooperative": True},
    )
    t.leave_all()
    assert t.state.phase == "character_auction"
    t.characters_round({ALEXANDRA: ("cardinal", 3), LEON: ("princess", 3)})
    assert t.state.phase == "action" and t.state.turn == ALEXANDRA
    t.do("character_used", player=ALEXANDRA, character="cardinal")
    for partner, building in ((LEON, "tower"), (LEON, "chapel"), (CHRIS, "opera")):
        propose(t, partner, building, 0)
        t.do("cooperation_accepted", player=partner)
    assert t.p(ALEXANDRA).actions == 3
    refused_offer(t, "no_actions_left", partner=CHRIS, building="library")
    t.do("turn_ended", player=ALEXANDRA)

    # Leon's Princess: Tower 2 + Chapel 2 + 3 Profession cards = 7, round 1's minimum.
    t.do("work_completed", player=LEON, princess=True, prestige=0)
    assert t.p(LEON).works[-1]["value"] == 7
    assert summary(t.state)["players"][LEON]["buildings"] == ["tower", "chapel"]

    t.do("correction", player=JEN, money=0, fame=2, reason="test: fame Jen cannot sell")
    propose(t, JEN, "library", 3600, player=LEON)  # Jen holds 3500
    r = refused(t, "cannot_afford", "cooperation_accepted", player=JEN)
    assert r.message.endswith(": decline it") and "sell" not in r.message
    refused(t, "selling_forbidden", "fame_sold", player=JEN, points=1)
    t.do("cooperation_declined", player=JEN)
    assert t.p(LEON).actions == 1


def test_without_the_characters_selling_fame_raises_the_payment():
    """The same shortfall without the Characters: the partner may sell fame, then accept."""
    t = in_action()
    t.do("correction", player=JEN, money=0, fame=2, reason="test: Jen has fame to sell")
    propose(t, JEN, "library", 3600)
    r = refused(t, "cannot_afford", "cooperation_accepted", player=JEN)
    assert "sell fame first" in r.message
    t.do("fame_sold", player=JEN, points=1)
    t.do("cooperation_accepted", player=JEN)
    assert t.p(JEN).money == 0


# --- the log: replay, undo, export ----------------------------------------------------------------


def cooperative_log() -> Table:
    t = in_action()
    propose(t, LEON, "workshop", 500)
    t.do("cooperation_declined", player=LEON)
    propose(t, JEN, "tower", 300)
    t.do("cooperation_accepted", player=JEN)
    t.do("turn_ended", player=ALEXANDRA)
    propose(t, ALEXANDRA, "workshop", 100, player=LEON)
    return t


def test_replay_equals_step_by_step_and_survives_json():
    t = cooperative_log()
    replayed = replay([json.loads(json.dumps(e)) for e in t.log], TEST_CATALOG)
    assert replayed.to_dict() == t.state.to_dict()
    again = GameState.from_dict(json.loads(json.dumps(t.state.to_dict())), TEST_CATALOG)
    assert again.to_dict() == t.state.to_dict()
    s = summary(replayed)
    assert s["cooperation"] == {
        "player": LEON,
        "partner": ALEXANDRA,
        "building": "workshop",
        "partner_payment": 100,
    }
    assert s["cooperative_buildings"] == [
        {"building": "tower", "builder": ALEXANDRA, "partner": JEN}
    ]


def test_undo_an_accepted_cooperation():
    t = cooperative_log()
    fold = Fold(TEST_CATALOG)
    for seq, e in enumerate(t.log, 1):
        fold.add(dict(e, seq=seq))
    n = len(t.log)
    accepted = next(i for i, e in enumerate(t.log, 1) if e["type"] == "cooperation_accepted")
    undone = list(range(accepted, n + 1))
    fold.add({"type": "retracted", "seqs": undone, "seq": n + 1})
    expected = replay(t.log[: accepted - 1], TEST_CATALOG)
    assert fold.state.to_dict() == expected.to_dict()
    assert summary(fold.state)["cooperation"]["partner"] == JEN  # waiting for Jen again
