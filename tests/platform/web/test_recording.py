"""The one route every button posts to: parsing, who may act, refusals inline, idempotency."""

import pytest

from companion.games.princes.web import WEB
from companion.games.princes.web.recording import FormError, event_from_form
from companion.service.tokens import Identity
from companion.web.games import create_hosted_game
from tests.support.web_fixtures import csrf_token_for


@pytest.fixture
def echo_view(app, monkeypatch):
    """A stand-in screen that answers with what happened (the real screens render HTML)."""

    def render(game_id, me, refusal=None, sent=None, recorded=None):
        if refusal is not None:
            return f"refused {refusal.code}: {refusal.message}"
        return f"recorded {recorded.event.seq} by {recorded.event.by} dup={recorded.duplicate}"

    monkeypatch.setitem(WEB.views, "echo", render)  # a screen the Princes' web declares
    return "echo"


@pytest.fixture
def hosted(app):
    with app.test_request_context():
        game_id, tokens = create_hosted_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    return game_id, tokens


def as_role(client, game_id, identity):
    with client.session_transaction() as s:
        s["games"] = {
            game_id: ({"seat": identity.seat} if identity.role == "seat" else {identity.role: True})
        }


def post(client, game_id, **form):
    token = csrf_token_for(client)
    return client.post(f"/games/{game_id}/events", data={"csrf_token": token, **form})


def test_form_fields_are_typed_or_refused():
    class Form(dict):
        def getlist(self, k):
            v = self[k]
            return v if isinstance(v, list) else [v]

    assert event_from_form(Form(type="bid_raised", player="1", amount="300")) == {
        "type": "bid_raised",
        "player": 1,
        "amount": 300,
    }
    with pytest.raises(FormError, match="whole number"):
        event_from_form(Form(type="bid_raised", player="1", amount="lots"))
    with pytest.raises(FormError, match='unexpected field "admin"'):
        event_from_form(Form(type="bid_raised", player="1", admin="yes"))
    # another event's field is as foreign as an invented one
    with pytest.raises(FormError, match='unexpected field "panels"'):
        event_from_form(Form(type="starting_hand_chosen", player="0", panels="[[1]]"))
    with pytest.raises(FormError, match="no event type"):
        event_from_form(Form(type="drop_tables", player="0"))
    with pytest.raises(FormError, match="nested more than 4 levels"):
        event_from_form(
            Form(type="building_built", player="0", building="tower", cells="[" * 975 + "]" * 975)
        )
    assert event_from_form(
        Form(type="building_built", player="0", building="tower", cells="[[0,0],[0,1],[0,2]]")
    )["cells"] == [[0, 0], [0, 1], [0, 2]]
    assert event_from_form(Form(type="retracted", seqs=["7", "8"]))["seqs"] == [7, 8]
    assert event_from_form(
        Form(type="starting_hand_chosen", player="0", professions=["poet", "alchemist", "botanist"])
    )["professions"] == ["poet", "alchemist", "botanist"]


def test_a_seat_records_for_itself_once_per_event_id(client, hosted, echo_view):
    game_id, _ = hosted
    as_role(client, game_id, Identity("seat", 0))
    form = dict(
        view=echo_view,
        type="starting_hand_chosen",
        player="0",
        event_id="tap-0001",
        professions=["poet", "alchemist", "botanist"],
    )
    first = post(client, game_id, **form)
    again = post(client, game_id, **form)
    assert first.status_code == 200 and first.text == "recorded 2 by 0 dup=False"
    assert again.text == "recorded 2 by 0 dup=True"


def test_a_seat_cannot_act_for_another_seat(client, hosted, echo_view):
    game_id, _ = hosted
    as_role(client, game_id, Identity("seat", 1))
    r = post(
        client,
        game_id,
        view=echo_view,
        type="starting_hand_chosen",
        player="0",
        professions=["poet", "alchemist", "botanist"],
    )
    assert r.status_code == 403
    assert "own seat" in r.text


def test_spectators_and_strangers_cannot_record(client, hosted, echo_view):
    game_id, _ = hosted
    r = post(client, game_id, view=echo_view, type="fame_sold", player="0", points="1")
    assert r.status_code == 403
    as_role(client, game_id, Identity("spectator"))
    r = post(client, game_id, view=echo_view, type="fame_sold", player="0", points="1")
    assert r.status_code == 403


def test_only_the_host_corrects_and_may_scribe_for_any_seat(client, hosted, echo_view):
    game_id, _ = hosted
    as_role(client, game_id, Identity("seat", 0))
    r = post(
        client,
        game_id,
        view=echo_view,
        type="correction",
        player="0",
        money="100",
        fame="0",
        reason="change",
    )
    assert r.status_code == 403
    as_role(client, game_id, Identity("host"))
    r = post(
        client,
        game_id,
        view=echo_view,
        type="starting_hand_chosen",
        player="2",
        professions=["poet", "alchemist", "botanist"],
    )
    assert r.text == "recorded 2 by host dup=False"


def test_refusals_come_back_inline_and_store_nothing(client, hosted, echo_view, store):
    game_id, _ = hosted
    as_role(client, game_id, Identity("seat", 0))
    r = post(client, game_id, view=echo_view, type="bid_raised", player="0", amount="300")
    assert r.status_code == 422 and r.text.startswith("refused wrong_phase")
    r = post(client, game_id, view=echo_view, type="bid_raised", player="0", amount="3x")
    assert r.status_code == 422 and "whole number" in r.text
    assert store.last_seq(game_id) == 1


def test_garbage_never_gives_a_500(client, hosted, echo_view):
    game_id, _ = hosted
    as_role(client, game_id, Identity("host"))
    for form in (
        {"view": "nope", "type": "fame_sold"},
        {"view": echo_view, "type": "DROP TABLE"},
        {"view": echo_view, "type": "fame_sold", "event_id": "x" * 300},
        {"view": echo_view, "type": "landscape_placed", "player": "0", "cells": "[[1,"},
        {"view": echo_view, "type": "work_completed", "player": "99"},
    ):
        assert post(client, game_id, **form).status_code in (400, 403, 422)
    assert post(client, "no-such-game", view=echo_view, type="fame_sold").status_code == 404


def test_a_seat_undoes_only_its_own_moves(client, hosted, echo_view, store):
    game_id, _ = hosted
    as_role(client, game_id, Identity("seat", 0))
    post(
        client,
        game_id,
        view=echo_view,
        type="starting_hand_chosen",
        player="0",
        professions=["poet", "alchemist", "botanist"],
    )
    as_role(client, game_id, Identity("host"))
    post(
        client,
        game_id,
        view=echo_view,
        type="correction",
        player="1",
        money="100",
        fame="0",
        reason="change",
    )
    as_role(client, game_id, Identity("seat", 0))
    r = post(client, game_id, view=echo_view, type="retracted", seqs="3")
    assert r.status_code == 403 and "ask the host" in r.text
    assert store.last_seq(game_id) == 3
    as_role(client, game_id, Identity("host"))
    assert post(client, game_id, view=echo_view, type="retracted", seqs="3").status_code == 200
    as_role(client, game_id, Identity("seat", 0))
    r = post(client, game_id, view=echo_view, type="retracted", seqs="2")
    assert r.status_code == 200 and r.text.startswith("recorded 5 by 0")
