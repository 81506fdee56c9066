"""Scribe mode: the host's device records for a seat without a phone, on that seat's panel."""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    form_for,
    host_game,
    post_event,
    record,
    refusal_in,
    state,
    text,
    to_action_phase,
)


@pytest.fixture
def game(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id


def test_the_host_sees_a_seats_panel_with_as_seat_on_every_form(app, client, game):
    as_host(client, game)
    r = client.get(f"/games/{game}/scribe/0")
    assert r.status_code == 200 and "no-store" in r.headers["Cache-Control"]
    assert "Scribe mode: you are recording for Ada" in text(r.text)
    assert "Poet" in r.text  # Ada's hand: the scribe plays it for her
    forms = r.text.count('<form class="ev')
    assert forms > 5 and r.text.count('name="as_seat" value="0"') == forms
    assert f'data-hx-get="/games/{game}/scribe/0/panel"' in r.text  # refreshes itself
    assert "Ben" in text(client.get(f"/games/{game}/scribe/1").text)
    fragment = client.get(f"/games/{game}/scribe/1/panel")
    assert fragment.status_code == 200 and "<html" not in fragment.text


def test_scribe_posts_are_recorded_by_the_host_and_answer_with_the_scribe_panel(app, client, game):
    as_host(client, game)
    r = post_event(client, game, as_seat="0", type="auction_opened", player="0", object="jester")
    assert r.status_code == 200 and "Done: Ada opened an auction for the Jester at 200" in text(
        r.text
    )
    assert 'name="as_seat" value="0"' in r.text
    with app.app_context():
        last = get_table(app).events(game)[-1]
    assert (last.type, last.by) == ("auction_opened", "host")
    # Undo is offered to the scribe for what the host recorded for this seat...
    assert "Undo: Ada opened an auction for the Jester at 200" in text(r.text)
    # ...and a refusal comes back inline on the scribe panel too.
    r = post_event(client, game, as_seat="1", type="bid_raised", player="1", amount="250")
    assert r.status_code == 422 and 'name="as_seat" value="1"' in r.text
    assert refusal_in(form_for(r.text, "bid_raised")) == "bid_not_plus_100"


def test_scribe_needs_the_host(app, client, game):
    assert client.get(f"/games/{game}/scribe/0").status_code == 403
    as_seat(client, game, 0)
    for path in ("/scribe/0", "/scribe/1", "/scribe/1/panel"):
        r = client.get(f"/games/{game}{path}")
        assert r.status_code == 403 and "host" in r.text
    # A seat cannot borrow as_seat: it is ignored, and acting for another seat is refused.
    r = post_event(client, game, as_seat="1", type="auction_opened", player="1", object="jester")
    assert r.status_code == 403


@pytest.mark.parametrize(
    "path",
    [
        "/scribe/3",
        "/scribe/99",
        "/scribe/-1",
        "/scribe/x",
        "/scribe/3/panel",
        "/scribe/99999999999999999999",
    ],
)
def test_no_such_seat(app, client, game, path):
    as_host(client, game)
    assert client.get(f"/games/{game}{path}").status_code == 404


def test_a_host_who_also_plays_has_both(app, client, game):
    to_action_phase(app, game)
    as_host(client, game, seat=0)
    assert "Ada" in text(client.get(f"/games/{game}/me").text)
    assert "Ben" in text(client.get(f"/games/{game}/scribe/1").text)
    r = post_event(client, game, type="freedom_introduced", player="0", freedom="travel")
    assert r.status_code == 200 and "as_seat" not in r.text  # their own phone
    assert "Undo: Ada introduced the Travel Freedom" in text(r.text)
    assert state(app, game).players[0].freedoms == ["travel"]


def test_a_scribe_post_for_a_seat_that_does_not_exist(app, client, game):
    as_host(client, game)
    r = post_event(client, game, as_seat="7", type="bid_passed", player="7")
    assert r.status_code in (404, 422)
    record(app, game, "0", type="auctions_left", player=0)  # the game goes on
