"""Wolfgang's turn as a checklist on the solo page, through the Flask test client:
the setup step says who starts, each of his purchases and actions and each round's end is a
step with its physical moves and one "Done" (an event: every device sees the same), the die mode
changes mid-game, and the page's words are plain.

TEST DATA deck and cards (tests/data/README.md).
"""

from __future__ import annotations

import html
import re

from companion.web.recording import get_table
from tests.games.princes.web.solo import HAND, alerts, draw, offer, roll, teaching_wolfgangs_card
from tests.support.solo_phone import SoloPhone, teach_test_data
from tests.support.web_fixtures import csrf_token_for

DONE = "solo_step_done"


def another_device(app, game_id) -> SoloPhone:
    """The same solo game opened on a second phone (its session holds the game's seat 0)."""
    other = app.test_client()
    csrf_token_for(other)
    with other.session_transaction() as s:
        s["games"] = {game_id: {"seat": 0, "host": True}}
    return SoloPhone(other, game_id, auto_done=False)


def moves(page: str) -> list[str]:
    block = re.search(r'<ol class="moves"[^>]*>(.*?)</ol>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", block.group(1))
    return [html.unescape(re.sub(r"\s+", " ", m)).strip() for m in items]


def start(client, app, **choices) -> SoloPhone:
    teach_test_data(app.instance_path)
    return SoloPhone.start(client, auto_done=False, **choices)


def playing(client, app, **choices) -> SoloPhone:
    """A game past its setup and starting hand, ticking steps off as they come."""
    solo = start(client, app, **choices)
    solo.auto_done = True
    solo.refresh()
    solo.tap(type="starting_hand_chosen", professions=list(HAND))
    return solo


def test_the_setup_checklist_says_who_starts_and_what_to_lay_out(client, app, monkeypatch):
    monkeypatch.setattr("companion.games.princes.web.solo.secrets.randbelow", lambda n: 1)
    solo = start(client, app, start="random", difficulty="hard", dummies="3", die="app")
    assert solo.step == "checklist" and 'data-next="starting_hand"' in solo.html
    assert solo.say == "Set up the solo game. Wolfgang starts (Palazzo drew who starts at random)."
    assert moves(solo.html) == [
        "Wolfgang's money: 3500 Florin (Hard); yours: 3500 Florin",
        "The Freedoms: 2 of each type, 6 in all",
        "The Automa deck: shuffle the cards of each back apart, then stack them: rounds 5-7 "
        "at the bottom, rounds 3-4 on them, rounds 1-2 on top",
        "The die: Palazzo rolls it for you",
        "The dummy players: 3 columns of 3 face-down Profession cards beside the board, a "
        "5-player game",
        "Wolfgang: 3 face-down Profession cards in a row below his board; you: 4 cards, of "
        "which you keep 3",
        "The Starting Player marker: to Wolfgang",
    ]
    assert not solo.find(type="starting_hand_chosen")  # the step waits behind the checklist
    solo.done()
    assert solo.step == "starting_hand"
    me = start(client, app, start="me")
    assert me.say == "Set up the solo game. You start."


def test_wolfgangs_purchase_is_a_step_before_your_turn_on_every_device(client, app):
    solo = start(client, app)
    solo.done()
    solo.tap(type="starting_hand_chosen", professions=list(HAND))
    draw(solo, 1)
    solo.tap(type="auctions_left")
    assert solo.step == "roll" and solo.say.startswith("Wolfgang buys the Builder")
    roll(solo, 3)
    # After the auction the page shows what Wolfgang did, before "Your turn".
    assert solo.step == "checklist" and 'data-next="your_turn"' in solo.html
    assert solo.say.startswith("Wolfgang buys the Builder: the leftmost object he can buy")
    assert moves(solo.html) == [
        "Take 500 Florin from Wolfgang",
        "Give him a Builder",
        "Discard a Recruiting card from the supply (4 left)",
        "Discard the Automa card",
    ]
    assert not solo.find(type="turn_ended")
    # A reload and another phone show the same step; Done on one is done on both.
    other = another_device(app, solo.game_id)
    assert other.step == "checklist" and other.say == solo.say
    other.done()
    assert other.step == "your_turn"
    assert solo.refresh().step == "your_turn"
    # Tapping the old Done again (a retry) is refused inline and changes nothing.
    with app.app_context():
        n = len(get_table(app).events(solo.game_id))
    r = solo.post_event(type=DONE, n="1")
    assert r.status_code == 422
    with app.app_context():
        assert len(get_table(app).events(solo.game_id)) == n


def test_the_round_end_is_a_step_and_in_the_round_recap(client, app):
    solo = playing(client, app, start="wolfgang")
    draw(solo, 1)
    solo.tap(type="auctions_left")
    roll(solo, 3)
    assert solo.step == "wolfgang_card"  # Wolfgang starts the Action phase
    draw(solo, 3)  # middle panel: Build
    solo.submit(solo.form(action="/solo/profession"), profession="test_opera_park_religion")
    assert solo.status == 200, alerts(solo.html)
    draw(solo, 5)  # bottom panel: Profession
    assert solo.step == "your_turn"
    solo.auto_done = False
    solo.tap(type="turn_ended")
    assert solo.step == "checklist" and 'data-next="auction_card"' in solo.html
    assert solo.say == (
        "Round 1 ends: nobody completed a Work, so nobody scores the Best Work; you start round 2"
    )
    assert moves(solo.html) == [
        "Pass the Starting Player marker to you",
        "Move the Round marker to round 2 (minimum Work Value 10)",
        "Then draw the top Automa card for round 2's auction",
    ]
    solo.done()
    assert solo.step == "auction_card"
    recap = re.search(r'<ol class="last-turns">(.*?)</ol>', solo.html, re.S).group(1)
    assert "Wolfgang takes a Profession card" in recap and "Round 1 ends" in recap
    assert "you start round 2" in recap
    # Undoing the turn that ended the round is told once, without a second round notice.
    undo = solo.client.get(f"/games/{solo.game_id}/host/undo").text
    seq = re.search(r'name="seqs" value="(\d+)"', undo).group(1)
    with app.app_context():
        kinds = [e.type for e in get_table(app).events(solo.game_id)]
    assert kinds[-1] == DONE
    headers = {"X-CSRF-Token": solo.csrf, "HX-Request": "true"}
    for _ in range(2):  # the Done, then the turn's end
        r = solo.client.post(
            f"/games/{solo.game_id}/events",
            headers=headers,
            data={"view": "host", "type": "retracted", "seqs": seq},
        )
        assert r.status_code == 200, r.text
        seq = re.search(r'name="seqs" value="(\d+)"', r.text).group(1)
    assert "Round 2 of 7 begins" in r.text and "Round 1 of 7 begins" not in r.text
    assert r.text.count("of 7 begins") == 1


def test_the_die_mode_changes_mid_game_and_every_device_follows(client, app):
    solo = playing(client, app, die="table")
    draw(solo, 1)
    offer(solo, "jester")
    assert solo.find(type="die_rolled") and not solo.find(action="/solo/roll")
    assert "you roll the physical die" in solo.html
    solo.tap(type="die_mode_changed", die="app")
    assert solo.status == 200 and solo.step == "roll"
    assert solo.find(action="/solo/roll") and not solo.find(type="die_rolled")
    other = another_device(app, solo.game_id)
    assert other.find(action="/solo/roll") and "The die: Palazzo rolls it." in other.html
    solo.tap(action="/solo/roll")
    assert solo.step == "buy_or_decline"
    solo.tap(type="solo_declined")
    solo.tap(type="die_mode_changed", die="table")
    offer(solo, "builder")
    assert solo.find(type="die_rolled") and not solo.find(action="/solo/roll")
    r = solo.client.post(f"/games/{solo.game_id}/solo/roll", headers={"X-CSRF-Token": solo.csrf})
    assert r.status_code == 422 and "physical die" in r.text
    with app.app_context():
        events = get_table(app).events(solo.game_id)
    modes = [e.payload["die"] for e in events if e.type == "die_mode_changed"]
    sources = [e.payload.get("source") for e in events if e.type == "die_rolled"]
    assert modes == ["app", "table"] and sources == ["app"]
    assert "From now on Palazzo rolls the die" in solo.html  # in the round's list


def test_plain_words_on_the_roll_the_final_auction_and_the_dummy_flips(client, app):
    solo = playing(client, app)
    draw(solo, 5)  # 4 players: Jester +6, Builder +2 and Landscape +2 tie for the top two
    offer(solo, "jester")
    step = re.search(r'<section id="solo-step".*?</section>', solo.html, re.S).group(0)
    assert step.count("6+1D6") == 1  # the roll says the die's words once
    roll(solo, 6)
    solo.tap(type="solo_declined")
    for obj in ("recruiting", "forest"):
        offer(solo, obj)
        roll(solo, 6)
        solo.tap(type="solo_declined")
    assert solo.say.startswith("Final auction (4 of 4)")
    assert "except the Builder, the Jester and the Landscape (the highest die modifiers)" in (
        solo.say
    )
    why = re.search(r'data-why="barred">(.*?)</p>', solo.html).group(1)
    assert why == (
        "The Jester shows the highest die modifier (+6) and the Builder and Landscape tie "
        "for the second highest (+2): when objects tie, all of them are barred from the final "
        "auction (Solo rules, Auction phase)."
    )
    for text in ("index", "from 0", "((", "))"):
        assert text not in solo.say


def test_each_dummy_column_has_its_own_teach_form(client, app):
    solo = teaching_wolfgangs_card(app, client)  # the built-in Professions only
    roll(solo, 1)  # Wolfgang buys the Lake
    solo.tap(type="turn_ended")
    draw(solo, 1)  # Wolfgang works: both dummy columns flip a card
    assert solo.step == "dummy_flip"
    assert "index" not in solo.say and "(one column at a time)" in solo.say
    teach = [f for f in solo.find(action="/solo/profession") if f.hidden.get("teach")]
    assert [f.hidden["owner"] for f in teach] == ["0", "1"]
    assert "Teach Palazzo this card (Dummy column 1)" in solo.html
    assert "Teach Palazzo this card (Dummy column 2)" in solo.html
    # Teaching for column 2 applies to column 2.
    solo.submit(
        teach[1], name="Glass Blower", building="workshop", landscape="lake", freedom="travel"
    )
    assert solo.status == 200, alerts(solo.html)
    assert "Dummy player 2 turns up the Glass Blower" in solo.html


def test_the_checklist_reads_in_german(client, app):
    solo = start(client, app, start="me")
    r = client.get(f"/games/{solo.game_id}/solo?lang=de")
    assert r.status_code == 200
    page = html.unescape(r.text)
    assert "Baue das Solospiel auf. Du beginnst." in page
    assert "Der Startspielermarker: zu dir" in page and ">Erledigt<" in page
