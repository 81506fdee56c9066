"""Count your Florins on the phones: each seat its own ledger and count, the host who disagrees
and where, a correction naming the event; money never leaves its seat (rulings 30, 34)."""

from __future__ import annotations

import json
import re
import uuid

import pytest

from companion.games.princes.counts import Counts
from companion.games.princes.web.counting import get_counts
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    has_number,
    host_game,
    record,
    text,
)
from tests.support.phone_game import state as state_of
from tests.support.web_fixtures import csrf_token_for, viewer_cookie

ADA, BEN, CY = 0, 1, 2
JESTER = 18  # Ben passes: Ada takes the Jester for 400 Florin (the table paid 300)
ADA_LOG, BEN_LOG, CY_LOG = 4300, 6100, 6900
ADA_COUNT, CY_COUNT = 4400, 6800
SECRETS = {
    ADA: (ADA_LOG, ADA_COUNT, 4700),
    BEN: (BEN_LOG,),
    CY: (CY_LOG, CY_COUNT),
}


@pytest.fixture
def game(app):
    """Ada 4700, Ben 6100, Cy 6900 Florin; Ada wins the Jester for 400 at event 18."""
    game_id, _ = host_game(app)
    for seat, money in ((ADA, 1200), (BEN, 2600), (CY, 3400)):
        record(app, game_id, type="correction", player=seat, money=money, reason="purses")
    choose_hands(app, game_id)
    for by, kind, fields in (
        (ADA, "auction_opened", {"object": "jester"}),
        (BEN, "bid_raised", {"amount": 300}),
        (CY, "bid_passed", {}),
        (ADA, "bid_raised", {"amount": 400}),
        (BEN, "bid_passed", {}),
    ):
        record(app, game_id, str(by), type=kind, player=by, **fields)
    players = state_of(app, game_id).players
    assert [p.money for p in players] == [ADA_LOG, BEN_LOG, CY_LOG]
    return game_id


def post(client, game_id, track="money", **form):
    data = {"csrf_token": csrf_token_for(client), **form}
    return client.post(f"/games/{game_id}/count/{track}", data=data)


def count(client, game_id, amount, track="money", seq=JESTER):
    return post(client, game_id, track, action="count", amount=str(amount), seq=str(seq))


def correct(client, game_id, track="money", **form):
    data = {
        "csrf_token": csrf_token_for(client),
        "view": f"count_{track}",
        "type": "correction",
        "event_id": uuid.uuid4().hex,
        **{k: str(v) for k, v in form.items()},
    }
    return client.post(f"/games/{game_id}/events", data=data, headers={"HX-Request": "true"})


def page(client, game_id, track="money", query=""):
    r = client.get(f"/games/{game_id}/count/{track}{query}")
    assert r.status_code == 200, r.text
    return r.text


def everyone_counts(client, game_id):
    for seat, amount in ((ADA, ADA_COUNT), (BEN, BEN_LOG), (CY, CY_COUNT)):
        as_seat(client, game_id, seat)
        assert count(client, game_id, amount).status_code == 303


def test_a_count_shows_the_players_ledger_and_where_it_parts(client, game):
    as_seat(client, game, ADA)
    assert post(client, game, action="start").status_code == 303
    r = count(client, game, ADA_COUNT)
    assert r.status_code == 303 and r.location.endswith(f"/games/{game}/count/money")
    words = text(page(client, game))
    assert f"You counted {ADA_COUNT} Florin; the log has {ADA_LOG} Florin" in words
    assert "(you have 100 Florin more)" in words
    assert "Look first at event 18: Ben passed; Ada won the Jester for 400 Florin" in words
    assert "the table paid a different amount here" in words
    assert "The start of the game 3500" in words
    assert "Host corrected Ada's money by +1200 Florin: purses Here +1200 4700" in words
    assert "Here -400 4300" in words


def test_the_host_sees_who_disagrees_and_where_and_the_correction_fixes_it(client, game):
    everyone_counts(client, game)
    as_seat(client, game, ADA)
    assert post(client, game, action="mark", line=str(JESTER)).status_code == 303
    as_host(client, game)
    words = text(page(client, game))
    assert (
        "Ada: disagrees at event 18 (Ben passed; Ada won the Jester for 400 Florin), marked by Ada"
        in words
    )
    assert "Ben: agrees" in words
    assert "Cy: disagrees (no single event found)" in words
    form = page(client, game, query=f"?fix={ADA}")
    assert re.search(rf'<option value="{JESTER}" selected>', form)
    seq = state_of(client.application, game).events_applied
    r = correct(client, game, player=ADA, fixes=JESTER, money=100, reason="paid 300 at the table")
    assert r.status_code == 200, r.text
    assert "Host corrected Ada's money for event 18: paid 300 at the table" in text(r.text)
    assert "Correct Ada's money" in text(r.text) and "Correct 's" not in text(r.text)
    assert state_of(client.application, game).events_applied == seq + 1
    assert "Ada: agrees" in text(page(client, game))
    as_seat(client, game, ADA)
    words = text(page(client, game))
    assert f"Your count and the log agree: {ADA_COUNT} Florin" in words
    assert "Host corrected Ada's money by +100 Florin for event 18" in words


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"fixes": 9, "money": 100}, "Event 9 did not change Ada's money"),  # Ben's hand
        ({"fixes": 99, "money": 100}, "Event 99 is not one that still counts"),
        ({"fixes": JESTER, "money": 150}, "Money comes in 100 Florin"),
        ({"fixes": "twelve", "money": 100}, "fixes must be a whole number"),
    ],
)
def test_a_wrong_correction_is_refused_and_changes_nothing(client, game, fields, words):
    everyone_counts(client, game)
    as_host(client, game)
    before = state_of(client.application, game).to_dict()
    r = correct(client, game, player=ADA, reason="counted", **fields)
    assert r.status_code == 422 and words in text(r.text)
    assert 'name="fixes"' in r.text  # the form comes back to fix one field
    assert state_of(client.application, game).to_dict() == before


def test_only_the_host_corrects_and_only_a_seat_counts_its_own(client, game):
    as_seat(client, game, BEN)
    r = correct(client, game, player=BEN, fixes=JESTER, money=100, reason="me")
    assert r.status_code == 403
    with client.session_transaction() as s:
        s["games"] = {game: {"spectator": True}}
    assert post(client, game, action="start").status_code == 403
    assert count(client, game, 100).status_code == 403
    as_host(client, game)
    assert count(client, game, 100).status_code == 403  # the host has no purse
    with client.application.app_context():
        assert get_counts().check(game, "money") is None


@pytest.mark.parametrize(
    ("amount", "words"),
    [("abc", "whole number of Florin"), ("4450", "Money comes in 100 Florin"), ("-100", "whole")],
)
def test_a_count_that_cannot_be_read_is_refused(client, game, amount, words):
    as_seat(client, game, ADA)
    r = count(client, game, amount)
    assert r.status_code == 422 and words in text(r.text)
    with client.application.app_context():
        assert get_counts().check(game, "money") is None


def test_a_player_marks_only_a_line_of_their_own_ledger(client, game):
    as_seat(client, game, BEN)
    r = post(client, game, action="mark", line=str(JESTER))
    assert (
        r.status_code == 422
        and "Type your count first" in text(r.text)
        or ("own ledger" in text(r.text))
    )
    count(client, game, BEN_LOG - 100)
    r = post(client, game, action="mark", line="5")  # Ada's purse, not Ben's
    assert r.status_code == 422 and "Mark one of the lines of your own ledger" in text(r.text)


def test_a_players_money_never_reaches_another_screen(client, game, app):
    everyone_counts(client, game)
    as_seat(client, game, ADA)
    post(client, game, action="mark", line=str(JESTER))
    viewers = {
        "Ada": lambda: as_seat(client, game, ADA),
        "Ben": lambda: as_seat(client, game, BEN),
        "Cy": lambda: as_seat(client, game, CY),
        "host": lambda: as_host(client, game),
    }
    mine = {"Ada": ADA, "Ben": BEN, "Cy": CY, "host": None}
    for who, become in viewers.items():
        become()
        seen = [
            page(client, game),
            page(client, game, query="?fix=0"),
            page(client, game, query="?fix=2"),
            client.get(f"/games/{game}/count/money/live").text,
            page(client, game, "fame"),
            client.get(f"/games/{game}/count/fame/live").text,
            client.get(f"/games/{game}/seq").text,
        ]
        if mine[who] is not None:
            seen.append(client.get(f"/games/{game}/me/panel").text)
        else:
            seen.append(client.get(f"/games/{game}/host").text)
        for seat, amounts in SECRETS.items():
            if seat == mine[who]:
                continue
            for html in seen:
                for amount in amounts:
                    assert not has_number(html, amount), (who, seat, amount)


def test_the_stream_carries_no_amounts(client, game, sse, app):
    everyone_counts(client, game)
    with app.app_context():
        from companion.web.recording import get_table

        seq = get_table(app).seq(game)
    streams = [
        sse(f"/games/{game}/stream", headers={"Cookie": viewer_cookie(app, game, seat=seat)})
        for seat in (BEN, CY)
    ] + [sse(f"/games/{game}/stream")]  # the host's
    as_host(client, game)
    correct(client, game, player=ADA, fixes=JESTER, money=100, reason="counted")
    for stream in streams:
        said = []
        while not any(has_number(m, seq + 1) for m in said):
            said.append(json.dumps(stream.next_message()))
        for amounts in SECRETS.values():
            for amount in (*amounts, 100):
                assert not any(has_number(m, amount) for m in said), said


def test_the_fame_track_is_public(client, game):
    as_seat(client, game, ADA)
    assert count(client, game, 2, track="fame").status_code == 303
    as_seat(client, game, BEN)
    words = text(page(client, game, "fame"))
    assert "Ada: disagrees" in words and "Ada's fame, event by event" in words
    as_seat(client, game, ADA)
    words = text(page(client, game, "fame"))
    assert "You counted 2 PP; the log has 0 PP" in words
    assert "No single event explains it" in words
    as_host(client, game)
    form = page(client, game, "fame", query=f"?fix={ADA}")
    assert 'name="fame"' in form and 'value="2"' in form


def test_a_check_is_kept_for_other_devices_and_closed_by_the_host(client, game, app, store):
    as_seat(client, game, ADA)
    count(client, game, ADA_COUNT)
    other = app.test_client()  # Ada's second device, another session
    as_seat(other, game, ADA)
    assert "You counted 4400 Florin" in text(page(other, game))
    as_seat(other, game, BEN)
    assert "A money check is open" in text(other.get(f"/games/{game}/me/panel").text)
    again = Counts(store).check(game, "money")  # a fresh reader of the same database
    assert again is not None and again.counts[ADA].amount == ADA_COUNT
    assert post(other, game, action="close").status_code == 403
    as_host(client, game)
    assert post(client, game, action="close").status_code == 303
    assert Counts(store).check(game, "money") is None


def test_a_firenze_game_has_nothing_to_count(client):
    from tests.support.firenze_table import host_game as host_firenze

    game_id = host_firenze(client)  # the host's browser
    for r in (client.get(f"/games/{game_id}/count/money"), post(client, game_id, action="start")):
        assert r.status_code in (303, 404)  # sent to the Firenze screens, or nothing here
    with client.application.app_context():
        assert get_counts().check(game_id, "money") is None


def test_the_host_counts_for_a_seat_without_a_phone(client, game):
    as_host(client, game)
    r = post(client, game, action="count", amount=str(CY_COUNT), seq=str(JESTER), as_seat="2")
    assert r.status_code == 303 and r.location.endswith("/count/money?as_seat=2")
    words = text(page(client, game, query="?as_seat=2"))
    assert "Scribe mode: you are counting for Cy" in words
    assert f"You counted {CY_COUNT} Florin; the log has {CY_LOG} Florin" in words
    assert "Back to scribe mode" in words
    assert "A money check is open" in text(client.get(f"/games/{game}/scribe/2/panel").text)
    assert "/count/money?as_seat=2" in client.get(f"/games/{game}/scribe/2/panel").text
    assert client.get(f"/games/{game}/count/money?as_seat=7").status_code == 404
    as_seat(client, game, BEN)  # a seat's as_seat is ignored: Ben counts for Ben only
    post(client, game, action="count", amount="100", seq=str(JESTER), as_seat="2")
    with client.application.app_context():
        check = get_counts().check(game, "money")
    assert check.counts[CY].amount == CY_COUNT and check.counts[BEN].amount == 100
    assert not has_number(page(client, game, query="?as_seat=2"), CY_COUNT)


def test_the_check_speaks_the_readers_language(client, game):
    as_seat(client, game, ADA)
    count(client, game, ADA_COUNT)
    words = text(page(client, game, query="?lang=de"))
    assert "Zähle deine Florin" in words
    assert "Du hast 4400 Florin gezählt; das Protokoll hat 4300 Florin" in words
    assert "am Tisch wurde hier ein anderer Betrag bezahlt" in words
    words = text(page(client, game, query="?lang=fr")).lower()
    assert "vous avez compté 4400 florins ; le journal indique 4300 florins" in words
    r = count(client, game, "4450")
    assert r.status_code == 422 and "L’argent se compte par 100 florins" in text(r.text)


def test_an_open_check_is_said_once_on_each_screen(client, game):
    """A phone's panel says an open check in its alerts' banner; its links to the checks then
    only make the open one stand out, so the sentence is read (and read out) once. The host's
    page has no banner: its links say it. Each link's refresh keeps its own form."""
    sentence = "A money check is open"
    as_seat(client, game, ADA)
    count(client, game, ADA_COUNT)  # the first count opens the check
    as_seat(client, game, BEN)
    phone = client.get(f"/games/{game}/me/panel").text
    assert text(phone).count(sentence) == 1
    assert 'data-count-banner="money"' in phone  # the banner says it
    links = re.search(r'<nav class="count-links".*?</nav>', phone, re.S).group(0)
    assert 'data-count-open="money"' in links and sentence not in links
    refresh = re.search(r'data-hx-get="([^"]+)"', links).group(1).replace("&amp;", "&")
    again = client.get(refresh)
    assert again.status_code == 200 and 'data-count-open="money"' in again.text
    assert sentence not in again.text
    as_host(client, game)
    scribe = client.get(f"/games/{game}/scribe/2/panel").text
    assert text(scribe).count(sentence) == 1
    host = client.get(f"/games/{game}/host").text
    assert text(host).count(sentence) == 1
    links = re.search(r'<nav class="count-links".*?</nav>', host, re.S).group(0)
    refresh = re.search(r'data-hx-get="([^"]+)"', links).group(1).replace("&amp;", "&")
    assert sentence in client.get(refresh).text
