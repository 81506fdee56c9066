"""The Muse and the Princess (seed 000, pp. 14-16): the Character Auction and each Character,
played through the engine's events; the rulebook's examples quoted in each test's docstring.

What a player holds and the Banker's money are read from `summary`, the state `palazzo replay
--json` prints. Profession cards other than the Poet are TEST DATA (tests/data).
"""

from __future__ import annotations

import pytest

from companion.games.princes.rules import Fold, Refusal, public_view, seat_view, summary
from companion.games.princes.rules.catalog import CHARACTERS, MINIMUM_WORK_VALUE
from tests.support.builders import TEST_CATALOG, Table, bonus, build, freedom

A, LEON, JEN, CHRIS = 0, 1, 2, 3
FOUR = ("Alexandra", "Leon", "Jen", "Chris")
MUSE = {"muse_princess": True}


def muse_table(players=FOUR, **kw) -> Table:
    return Table(players, expansions=MUSE, **kw)


def characters(t: Table, seat: int) -> list[dict]:
    return summary(t.state)["players"][seat]["characters"]


def banker_money(t: Table) -> int:
    return summary(t.state)["banker_money"]


def character_turn(t: Table) -> int:
    return summary(t.state)["current_player"]


def characters_round(t: Table, bids: dict | None = None):
    t.characters_round(bids)


def skip_round(t: Table, bids: dict | None = None):
    t.leave_all()
    characters_round(t, bids)
    t.end_turns()


def use(t: Table, seat: int, character: str, **payload):
    return t.do("character_used", player=seat, character=character, **payload)


# --- Character Auction phase (p. 14) ------------------------------------------------------------


def test_character_auction_follows_the_auction_phase_and_precedes_the_action_phase():
    t = muse_table()
    assert t.state.phase == "auction"
    t.leave_all()
    assert t.state.phase == "character_auction"
    assert character_turn(t) == t.state.start_player == A  # the starting player begins
    characters_round(t)
    assert t.state.phase == "action" and t.state.turn == A
    assert summary(t.state)["players"][A]["characters"] == []


def test_a_higher_space_sends_the_pawn_back_and_a_pawn_still_there_buys_the_card():
    """Alexandra places her Pawn on space 6 of the Merchant (600); Leon must go higher and sends
    her Pawn back; when his turn comes again his Pawn is still there: he pays and takes it."""
    t = muse_table()
    t.leave_all()
    t.do("character_bid", player=A, character="merchant", space=6)
    r = t.refused("character_bid", player=LEON, character="merchant", space=6)
    assert r.code == "character_space_too_low"
    t.do("character_bid", player=LEON, character="merchant", space=7)
    t.do("character_passed", player=JEN)
    t.do("character_passed", player=CHRIS)
    assert character_turn(t) == A  # her Pawn was sent back: she bids again or passes
    t.do("character_bid", player=A, character="muse", space=3)
    # Leon's turn came with his Pawn still on the Merchant: bought; then Alexandra's turn came
    # with hers on the Muse: bought; everybody has passed or bought, so the phase is over.
    assert t.state.phase == "action"
    assert characters(t, LEON) == [{"character": "merchant", "face_up": True}]
    assert characters(t, A) == [{"character": "muse", "face_up": True}]
    assert t.p(LEON).money == 3500 - 700 and t.p(A).money == 3500 - 300
    assert t.p(JEN).money == t.p(CHRIS).money == 3500


def test_who_may_not_bid_any_more():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    t.do("character_passed", player=A)
    t.do("character_bid", player=LEON, character="cardinal", space=3)
    assert t.refused("character_bid", player=A, character="muse", space=3).code == "not_your_turn"
    t.do("character_passed", player=JEN)
    # Leon bought the Cardinal when his turn came; everybody is done.
    assert t.state.phase == "action" and characters(t, LEON)[0]["character"] == "cardinal"


def test_bids_are_payable_in_cash_and_fame_may_not_be_sold():
    """ "You may not earn Money by moving your Fame disk backward" (p. 14); "A player may not bid
    more Money than they currently have"."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.do("correction", player=A, money=-3000, fame=5, reason="test: poor but famous")
    assert t.refused("fame_sold", player=A, points=1).code == "selling_forbidden"
    t.leave_all()
    r = t.refused("character_bid", player=A, character="muse", space=6)
    assert r.code == "character_bid_beyond_cash" and "500" in r.message
    t.do("character_bid", player=A, character="muse", space=5)


def test_bid_spaces_of_each_card():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    for character, (_, low, high) in CHARACTERS.items():
        for space in (low - 1, high + 1):
            r = t.refused("character_bid", player=A, character=character, space=space)
            assert r.code == "bad_character_space"
    assert t.refused("character_bid", player=A, character="jester", space=3).code == (
        "character_unknown"
    )
    t.do("character_bid", player=A, character="banker", space=0)  # the Banker from 0


def test_a_bought_card_is_not_offered_again_this_round():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    t.do("character_bid", player=A, character="merchant", space=3)
    t.do("character_bid", player=LEON, character="muse", space=3)
    t.do("character_bid", player=JEN, character="muse", space=4)  # Leon's Pawn goes back
    # Alexandra's turn came with her Pawn on the Merchant: bought. Leon's turn.
    assert characters(t, A) == [{"character": "merchant", "face_up": True}]
    assert character_turn(t) == LEON
    r = t.refused("character_bid", player=LEON, character="merchant", space=9)
    assert r.code == "character_taken"
    t.do("character_bid", player=LEON, character="cardinal", space=3)
    assert t.state.phase == "action"
    assert [characters(t, s) for s in (A, LEON, JEN)] == [
        [{"character": "merchant", "face_up": True}],
        [{"character": "cardinal", "face_up": True}],
        [{"character": "muse", "face_up": True}],
    ]


def test_characters_return_at_the_start_of_the_next_character_auction():
    """ "At the start of this phase, each player with a Character card in front of them ...
    returns it faceup" (p. 14): at the first bid or pass (ruling M3)."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    skip_round(t, {A: ("muse", 3)})
    t.leave_all()
    assert characters(t, A) == [{"character": "muse", "face_up": True}]  # until the first bid
    t.do("character_bid", player=LEON, character="muse", space=3)  # Leon starts round 2
    assert characters(t, A) == []
    characters_round(t)
    assert characters(t, LEON) == [{"character": "muse", "face_up": True}]


# --- Banker (p. 15) ---------------------------------------------------------------------------


def test_banker_example():
    """ "In the first round, no player bought the Banker, so the card now has 700 Florin on it. In
    the second round, Chris wins the auction for the card. His Pawn is on the 2 space on the card,
    so he pays 200 Florin to the bank, and takes the card and the 700 Florin on it. At the start
    of the next Character Auction phase, Chris returns the card to the Character card area and
    places 600 Florin from the Bank on it.\""""
    t = muse_table()
    assert banker_money(t) == 600
    skip_round(t)
    assert banker_money(t) == 700
    t.leave_all()  # round 2: Leon starts
    t.do("character_passed", player=LEON)
    t.do("character_passed", player=JEN)
    t.do("character_bid", player=CHRIS, character="banker", space=2)
    t.do("character_passed", player=A)
    assert t.p(CHRIS).money == 3500 - 200 + 700
    assert banker_money(t) == 0
    assert characters(t, CHRIS) == [{"character": "banker", "face_up": True}]  # stays face up
    t.end_turns()
    t.leave_all()  # round 3: Jen starts
    t.do("character_passed", player=JEN)
    assert characters(t, CHRIS) == [] and banker_money(t) == 600
    characters_round(t)
    assert banker_money(t) == 700  # nobody bought it again


def test_banker_exchange_at_the_end_of_the_game():
    """ "If you have the Banker Character card at the end of the game (as you bought it in the
    Character Auction phase in the 7th round), you may exchange Money for Prestige Points. For
    each 200 Florin that you pay, score 1." The final scoring waits for the exchange."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    for _ in range(6):
        skip_round(t)
    assert t.state.round == 7 and banker_money(t) == 600 + 6 * 100
    t.leave_all()
    characters_round(t, {t.state.start_player: ("banker", 1)})
    holder = t.state.start_player
    assert t.p(holder).money == 3500 - 100 + 1200
    t.end_turns()
    assert t.state.phase == "banker_exchange" and t.state.final is None
    assert summary(t.state)["current_player"] == holder
    other = (holder + 1) % 3
    assert t.refused("character_used", player=other, character="banker", florin=200).code == (
        "not_holding_character"
    )
    r = t.refused("character_used", player=holder, character="banker", florin=300)
    assert r.code == "bad_exchange"
    r = t.refused("character_used", player=holder, character="banker", florin=5000)
    assert r.code == "bad_exchange"
    fame = t.p(holder).fame
    use(t, holder, "banker", florin=1000)
    assert t.state.phase == "over"
    assert t.p(holder).fame == fame + 5 and t.p(holder).money == 3500 - 100 + 1200 - 1000
    score = next(x for x in t.state.final["scores"] if x["player"] == holder)
    assert score["fame"] == fame + 5 and score["money"] == 4600 - 1000
    assert summary(t.state)["players"][holder]["characters"] == [
        {"character": "banker", "face_up": True}
    ]


def test_banker_exchange_may_be_declined():
    t = muse_table(("Alexandra", "Leon"))
    for _ in range(6):
        skip_round(t)
    t.leave_all()
    holder = t.state.start_player
    characters_round(t, {holder: ("banker", 0)})
    t.end_turns()
    assert t.state.phase == "banker_exchange"
    use(t, holder, "banker", florin=0)
    assert t.state.phase == "over"


def test_no_exchange_without_the_banker_in_the_last_round():
    t = muse_table(("Alexandra", "Leon"))
    for _ in range(7):
        skip_round(t)
    assert t.state.phase == "over" and t.state.final


# --- Cardinal (p. 15) -------------------------------------------------------------------------


def test_cardinal_third_action_but_profession_and_freedom_once_each():
    """ "flip the Cardinal Character card facedown to gain one extra action (so you may perform up
    to 3 actions instead of 2). You may still only perform the 'Take a Profession card' and
    'Introduce a Freedom' actions once each." Flipped even after two actions (ruling M5)."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.do("correction", player=A, money=5000, fame=0, reason="test: a rich Alexandra")
    t.leave_all()
    characters_round(t, {A: ("cardinal", 3)})
    t.do("profession_taken", player=A, profession="test_university_forest_travel")
    t.do("freedom_introduced", player=A, freedom="travel")
    r = t.refused("building_built", player=A, building="tower")
    assert r.code == "no_actions_left"
    use(t, A, "cardinal")
    assert characters(t, A) == [{"character": "cardinal", "face_up": False}]
    assert t.refused(
        "profession_taken", player=A, profession="test_workshop_forest_religion"
    ).code == ("once_per_round")
    assert t.refused("freedom_introduced", player=A, freedom="religion").code == "once_per_round"
    assert t.refused("character_used", player=A, character="cardinal").code == (
        "character_face_down"
    )
    t.do("building_built", player=A, building="tower")
    assert t.refused("building_built", player=A, building="chapel").code == "no_actions_left"
    t.do("turn_ended", player=A)
    # Only on its holder's own turn in the Action phase.
    assert t.refused("character_used", player=A, character="cardinal").code in (
        "character_face_down",
        "character_not_now",
    )


def test_cardinal_only_on_your_own_turn():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    characters_round(t, {LEON: ("cardinal", 3)})
    r = t.refused("character_used", player=LEON, character="cardinal")
    assert r.code == "character_not_now"
    t.do("turn_ended", player=A)
    use(t, LEON, "cardinal")


# --- Merchant (p. 15) -------------------------------------------------------------------------


def merchant_table() -> Table:
    """Leon bought the Merchant in round 1; his 3 opponents have more PP than him."""
    t = muse_table()
    for s in (A, JEN, CHRIS):
        t.do("correction", player=s, money=0, fame=4, reason="test: ahead on the Fame track")
    t.leave_all()
    characters_round(t, {LEON: ("merchant", 3)})
    t.end_turns()
    assert t.state.round == 2 and t.opener == LEON
    return t


def leon_wins_a_lake_for_400(t: Table):
    t.do("auction_opened", player=LEON, object="lake")
    t.do("bid_raised", player=JEN, amount=300)
    t.do("bid_passed", player=CHRIS)
    t.do("bid_passed", player=A)
    t.do("bid_raised", player=LEON, amount=400)
    t.do("bid_passed", player=JEN)
    assert t.p(LEON).money == 3500 - 300 - 400


def test_merchant_example_prestige():
    """ "Leon wins a bid on a Lake for 400 Florins. He has the Merchant Character card ... that he
    bought last round and that he has not yet used ... There are currently 3 opponents with more
    Prestige Points than him ... he flips the card to gain 4 PP.\""""
    t = merchant_table()
    leon_wins_a_lake_for_400(t)
    use(t, LEON, "merchant", effect="prestige")
    assert t.p(LEON).fame == 4 and t.p(LEON).money == 3500 - 300 - 400
    assert characters(t, LEON) == [{"character": "merchant", "face_up": False}]
    t.do("landscape_placed", player=LEON, landscape="lake")
    assert t.refused(
        "character_used", player=LEON, character="merchant", effect="prestige"
    ).code == ("character_face_down")


def test_merchant_example_instead_of_paying():
    """ "He may either flip the card instead of paying the 400 Florin cost of the Lake": after
    the placement too, while nothing else has happened (ruling M3)."""
    t = merchant_table()
    leon_wins_a_lake_for_400(t)
    t.do("landscape_placed", player=LEON, landscape="lake")
    use(t, LEON, "merchant", effect="pay_object")
    assert t.p(LEON).money == 3500 - 300 and t.p(LEON).fame == 0


def test_merchant_won_bid_moment_ends_with_the_next_auction_event():
    t = merchant_table()
    leon_wins_a_lake_for_400(t)
    t.do("landscape_placed", player=LEON, landscape="lake")
    t.do("auction_opened", player=JEN, object="jester")
    r = t.refused("character_used", player=LEON, character="merchant", effect="pay_object")
    assert r.code == "character_not_now"
    # The prestige effect waits for the end of the Auction phase.
    t.do("bid_passed", player=CHRIS)
    t.do("bid_passed", player=A)
    t.leave_all()
    assert t.state.phase == "character_auction"
    use(t, LEON, "merchant", effect="prestige")
    assert t.p(LEON).fame == 4


def test_merchant_pay_object_only_for_the_holder_who_won():
    t = merchant_table()
    t.do("auction_opened", player=LEON, object="jester")
    for s in (JEN, CHRIS, A):
        t.do("bid_passed", player=s)
    assert t.p(LEON).jesters == 1 and t.p(LEON).money == 3500 - 300 - 200
    r = t.refused("character_used", player=A, character="merchant", effect="pay_object")
    assert r.code == "not_holding_character"
    r = t.refused("character_used", player=LEON, character="merchant", effect="coins")
    assert r.code == "bad_character_effect"
    use(t, LEON, "merchant", effect="pay_object")
    assert t.p(LEON).money == 3500 - 300  # only the Merchant was paid for


def test_merchant_immediately_after_buying_it():
    """ "Either immediately ..." : right after the purchase, before any other event."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.do("correction", player=JEN, money=0, fame=3, reason="test")
    t.leave_all()
    t.do("character_bid", player=A, character="merchant", space=3)
    t.do("character_passed", player=LEON)
    t.do("character_passed", player=JEN)
    # Alexandra's turn came: she bought it; nothing else has happened yet.
    use(t, A, "merchant", effect="prestige")
    assert t.p(A).fame == 1 + 1  # Jen has more PP, Leon not


def professor_bought_last_by_leon() -> Table:
    """Leon's Pawn waits on the Professor while Alexandra is sent back and bids again; the
    phase ends with Leon's purchase among the last, Alexandra to play first."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    t.do("character_bid", player=A, character="muse", space=3)
    t.do("character_bid", player=LEON, character="professor", space=3)
    t.do("character_bid", player=JEN, character="muse", space=4)
    t.do("character_bid", player=A, character="cardinal", space=3)
    assert t.state.phase == "action" and t.state.turn == A
    assert characters(t, LEON) == [{"character": "professor", "face_up": True}]
    return t


def test_professor_immediately_after_the_purchase():
    t = professor_bought_last_by_leon()
    use(t, LEON, "professor", deck="bonus", card="per_park")
    assert t.p(LEON).bonus_cards == ["per_park"] and t.p(LEON).money == 3500 - 300


def test_immediately_is_gone_after_another_event():
    t = professor_bought_last_by_leon()
    t.do("building_built", player=A, building="tower")
    r = t.refused(
        "character_used", player=LEON, character="professor", deck="bonus", card="per_park"
    )
    assert r.code == "character_not_now"


def test_merchant_not_on_someone_elses_turn():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    characters_round(t, {LEON: ("merchant", 3)})
    t.do("building_built", player=A, building="tower")  # "immediately" is over
    r = t.refused("character_used", player=LEON, character="merchant", effect="prestige")
    assert r.code == "character_not_now"
    r = t.refused("character_used", player=LEON, character="merchant", effect="pay_object")
    assert r.code == "character_not_now"


def test_merchant_expires_at_the_next_character_auction():
    """ "if you do not use it before then, you may not use it" (p. 14)."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    skip_round(t, {LEON: ("merchant", 3)})
    t.leave_all()
    t.do("character_passed", player=t.state.start_player)
    r = t.refused("character_used", player=LEON, character="merchant", effect="prestige")
    assert r.code == "not_holding_character"


# --- Muse (p. 15) -----------------------------------------------------------------------------


def test_muse_example_round_6():
    """ "Chris has the Muse Character card in round 6 and completes 2 Works. The Work Value of each
    of these Works is increased by 6." Without the Muse both Works (10) are below 16."""
    cards = [
        "test_university_forest_travel",
        "test_university_lake_religion",
        "test_tower_lake_opinion",
    ]
    t = muse_table(hands={CHRIS: cards})
    t.do("correction", player=CHRIS, money=2000, fame=0, reason="test: a rich Chris")
    t.leave_all()
    characters_round(t)
    t.act({CHRIS: [build("university"), freedom("travel")]})
    t.leave_all()
    characters_round(t)
    t.act({CHRIS: [freedom("religion")]})
    for _ in range(3):
        skip_round(t)
    assert t.state.round == 6 and MINIMUM_WORK_VALUE[6] == 16
    t.leave_all()
    start = t.state.start_player
    assert start == LEON
    characters_round(t, {CHRIS: ("muse", 3)})
    while t.state.turn != CHRIS:
        t.do("turn_ended", player=t.state.turn)
    money = t.p(CHRIS).money
    t.do("work_completed", player=CHRIS, profession=cards[0], bonus_cards=[], prestige=0)
    t.do("work_completed", player=CHRIS, profession=cards[1], bonus_cards=[], prestige=0)
    assert [w["value"] for w in t.p(CHRIS).works] == [4 + 3 + 3 + 6, 4 + 3 + 3 + 6]
    assert t.p(CHRIS).money == money + 2 * 1600
    assert t.p(CHRIS).best_this_round == 16
    # the Muse needs no use: still face up
    assert characters(t, CHRIS) == [{"character": "muse", "face_up": True}]


def test_without_the_muse_the_same_work_is_below_the_minimum():
    cards = [
        "test_university_forest_travel",
        "test_university_lake_religion",
        "test_tower_lake_opinion",
    ]
    t = muse_table(("Alexandra", "Leon"), hands={LEON: cards})
    t.do("correction", player=LEON, money=2000, fame=0, reason="test")
    t.leave_all()
    characters_round(t)
    t.act({LEON: [build("university"), freedom("travel")]})
    for _ in range(4):
        skip_round(t)
    t.leave_all()
    characters_round(t, {A: ("muse", 3)})
    assert t.state.round == 6
    while t.state.turn != LEON:
        t.do("turn_ended", player=t.state.turn)
    r = t.refused("work_completed", player=LEON, profession=cards[0], bonus_cards=[], prestige=0)
    assert r.code == "below_minimum"


# --- Princess (p. 16) -------------------------------------------------------------------------


def test_princess_example():
    """ "Alexandra uses an action to Complete a Work using the Princess card. She has 2 Forests, 1
    Lake, 1 Laboratory, 1 Library, and 3 Profession cards. The Work has a Work Value of 16
    (6 + 3 + 2 + 2 + 3)." The minimum, the payment and the PP split as usual."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.do("correction", player=A, money=3000, fame=0, reason="test: a rich Alexandra")
    t.win(A, "forest")
    t.leave_all()
    characters_round(t)
    t.act({A: [build("laboratory"), build("library")]})
    assert t.state.round == 2
    # round 2: Leon opens; Alexandra wins the Forest with one raise
    t.win(A, "forest")
    t.leave_all()
    characters_round(t)
    t.end_turns()
    t.win(A, "lake")
    t.leave_all()
    assert t.state.round == 3
    characters_round(t, {A: ("princess", 3)})
    p = t.p(A)
    assert p.landscapes == {"forest": 2, "lake": 1, "park": 0} and len(p.hand) == 3
    while t.state.turn != A:
        t.do("turn_ended", player=t.state.turn)
    money, fame = p.money, p.fame
    t.do("work_completed", player=A, princess=True, prestige=3)
    assert p.works[-1]["value"] == 16
    assert p.money == money + 1600 - 3 * 200 and p.fame == fame + 3
    assert len(p.hand) == 3 and p.table == []  # no card played
    assert p.best_this_round == 16 and p.actions == 1
    assert characters(t, A) == [{"character": "princess", "face_up": False}]
    r = t.refused("work_completed", player=A, princess=True, prestige=0)
    assert r.code == "character_face_down"


def test_princess_work_counts_builders_and_not_freedoms_jesters_or_bonus_cards():
    t = muse_table(("Alexandra", "Leon"))
    t.do("correction", player=A, money=5000, fame=0, reason="test")
    t.win(A, "builder")
    t.leave_all()
    characters_round(t)
    t.act({A: [freedom("travel"), bonus("per_freedom")]})
    t.win(A, "jester")
    t.leave_all()
    characters_round(t)
    t.act({A: [build("university")]})
    t.leave_all()
    assert t.state.round == 3
    characters_round(t, {A: ("princess", 3)})
    while t.state.turn != A:
        t.do("turn_ended", player=t.state.turn)
    # round 3 (minimum 12): 1 Building 2 + 1 Builder 2 + 3 cards = 7
    r = t.refused("work_completed", player=A, princess=True, prestige=0)
    assert r.code == "below_minimum" and "7" in r.message
    r = t.refused(
        "work_completed", player=A, princess=True, prestige=0, bonus_cards=["per_freedom"]
    )
    assert r.code == "bad_event"
    r = t.refused("work_completed", player=A, princess=True, profession=t.p(A).hand[0], prestige=0)
    assert r.code == "bad_event"


def test_princess_only_for_its_holder():
    t = muse_table(("Alexandra", "Leon"))
    t.leave_all()
    characters_round(t)
    r = t.refused("work_completed", player=t.state.turn, princess=True, prestige=0)
    assert r.code == "not_holding_character"


# --- Professor (p. 16) ------------------------------------------------------------------------


def test_professor_example_end_of_the_auction_phase():
    """ "It is the end of the Auction phase and Leon has the Professor Character card ... that he
    bought last round and that he has not yet used ... This is his last chance ... He decides to
    use the card to Acquire a Bonus card": no Florin, no action."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    characters_round(t, {LEON: ("professor", 3)})
    t.end_turns()
    t.leave_all()
    assert t.state.phase == "character_auction"
    money = t.p(LEON).money
    use(t, LEON, "professor", deck="bonus", card="per_lake")
    assert t.p(LEON).bonus_cards == ["per_lake"] and t.p(LEON).money == money
    assert "per_lake" not in t.state.bonus_deck
    assert characters(t, LEON) == [{"character": "professor", "face_up": False}]
    characters_round(t)
    assert characters(t, LEON) == []


def test_professor_bonus_card_uses_no_action_on_your_turn():
    t = muse_table(("Alexandra", "Leon"))
    t.leave_all()
    characters_round(t, {A: ("professor", 3)})
    t.do("building_built", player=A, building="tower")
    t.do("building_built", player=A, building="chapel")
    use(t, A, "professor", deck="bonus", card="per_building")
    assert t.p(A).bonus_cards == ["per_building"]


def test_professor_prestige_card_leaves_the_prestige_stack_open():
    """Ruling M6: the Prestige card is not the auction's object this round."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    skip_round(t, {LEON: ("professor", 3)})
    # round 2: Leon opens and wins a Jester, then uses the Professor right after winning it
    t.do("auction_opened", player=LEON, object="jester")
    t.do("bid_passed", player=JEN)
    t.do("bid_passed", player=A)
    stack = t.state.stacks["prestige"]
    use(t, LEON, "professor", deck="prestige", card="most_works")
    assert t.p(LEON).prestige_cards == ["most_works"] and t.state.stacks["prestige"] == stack - 1
    assert "most_works" not in t.state.prestige_deck
    t.win(JEN, "prestige", card="most_jesters")
    assert t.p(JEN).prestige_cards == ["most_jesters"]
    r = t.refused(
        "character_used", player=LEON, character="professor", deck="bonus", card="per_lake"
    )
    assert r.code == "character_face_down"


def test_the_public_view_shows_pawns_and_characters_but_not_the_professors_card():
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.leave_all()
    t.do("character_bid", player=A, character="professor", space=4)
    area = public_view(t.state)["characters"]
    assert area["auction"]["pawns"] == {"professor": [A, 4]} and area["banker_money"] == 600
    characters_round(t)
    use(t, A, "professor", deck="bonus", card="per_lake")
    view = public_view(t.state)
    assert view["players"][A]["characters"] == [{"character": "professor", "face_up": False}]
    assert view["characters"]["brought"] == [
        {"player": A, "round": 1, "character": "professor", "deck": "bonus"}
    ]
    assert "per_lake" not in str(view)
    assert "per_lake" in str(seat_view(t.state, A)) and "per_lake" not in str(seat_view(t.state, 1))


def test_professor_refuses_a_card_not_in_the_deck():
    t = muse_table(("Alexandra", "Leon"))
    t.leave_all()
    characters_round(t, {A: ("professor", 3)})
    r = t.refused(
        "character_used", player=A, character="professor", deck="bonus", card="most_works"
    )
    assert r.code == "card_not_available"
    r = t.refused("character_used", player=A, character="professor", deck="builder", card="x")
    assert r.code == "bad_character_effect"


# --- 2 players, the public summary -------------------------------------------------------------


def test_two_player_game_with_characters_to_the_end():
    t = muse_table(("Alexandra", "Leon"))
    t.win(A, "landscape", landscape="park")
    t.take_last(LEON, "jester")
    characters_round(t, {A: ("merchant", 3), LEON: ("cardinal", 4)})
    assert characters(t, A)[0]["character"] == "merchant"
    assert t.p(A).money == 2500 - 300 - 300 and t.p(LEON).money == 2500 - 300 - 400
    for _ in range(6):
        t.end_turns()
        if t.state.phase == "over":
            break
        t.leave_all()
        characters_round(t)
    t.end_turns()
    assert t.state.phase == "over"


def test_summary_reports_characters_and_the_banker_money():
    t = muse_table(("Alexandra", "Leon"))
    view = summary(t.state)
    assert view["banker_money"] == 600
    assert all(p["characters"] == [] for p in view["players"])


def test_base_game_summary_has_no_banker():
    t = Table(("Alexandra", "Leon"))
    assert "banker_money" not in summary(t.state)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_table_size_runs_a_character_auction(n):
    t = muse_table(FOUR[:n] + ("Mira",) * (n == 5))
    t.leave_all()
    characters_round(t, {s: (list(CHARACTERS)[s], 3) for s in range(n)})
    assert t.state.phase == "action"
    assert sorted(characters(t, s)[0]["character"] for s in range(n)) == sorted(
        list(CHARACTERS)[:n]
    )


def test_merchant_on_its_holders_own_turn_in_the_action_phase():
    """ "at any time on your turn during the Action phase": even after both actions."""
    t = muse_table(("Alexandra", "Leon", "Jen"))
    t.do("correction", player=JEN, money=0, fame=2, reason="test: Jen ahead")
    t.leave_all()
    characters_round(t, {LEON: ("merchant", 3)})
    t.do("turn_ended", player=A)
    t.do("building_built", player=LEON, building="tower")
    t.do("building_built", player=LEON, building="chapel")
    assert t.p(LEON).fame == 6  # two Buildings: now ahead of Jen
    use(t, LEON, "merchant", effect="prestige")
    assert t.p(LEON).fame == 6 + 1  # nobody has more PP than Leon


def test_two_players_merchant_pays_for_the_landscape_object():
    """With 2 players the Landscape object is one auction object; the Merchant may pay for it
    (the winner names the type, before or after flipping the card)."""
    t = muse_table(("Alexandra", "Leon"))
    t.leave_all()
    characters_round(t, {A: ("merchant", 3)})
    t.end_turns()
    assert t.opener == LEON
    t.do("auction_opened", player=LEON, object="landscape")
    t.do("bid_raised", player=A, amount=400)
    t.do("bid_passed", player=LEON)
    money = t.p(A).money
    use(t, A, "merchant", effect="pay_object")
    assert t.p(A).money == money + 400
    t.do("landscape_placed", player=A, landscape="park")
    assert t.p(A).landscapes["park"] == 1


def test_undo_may_not_reach_past_the_professors_drawn_cards():
    """Ruling 14: the Professor's use showed 5 drawn cards; an undo may take it back as its
    oldest event (a mis-tap) but not reach past it."""
    t = muse_table(("Alexandra", "Leon"))
    t.leave_all()
    characters_round(t, {A: ("professor", 3)})
    t.do("building_built", player=A, building="tower")
    use(t, A, "professor", deck="bonus", card="per_lake")
    t.do("building_built", player=A, building="chapel")
    fold = Fold(TEST_CATALOG)
    for e in t.log:
        fold.add(e)
    n = fold.last_seq
    with pytest.raises(Refusal) as info:
        fold.add({"type": "retracted", "seqs": [n - 2, n - 1, n]})
    assert info.value.code == "retraction_past_reveal"
    fold.add({"type": "retracted", "seqs": [n - 1, n]})
    assert fold.state.players[A].bonus_cards == []
    assert fold.state.players[A].part("muse_princess").characters[0]["face_up"] is True
