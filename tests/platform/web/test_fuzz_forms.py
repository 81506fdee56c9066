"""Every form route, fuzzed (hypothesis): hostile fields and values (unknown and other events'
fields, NUL, huge text, deeply nested JSON, odd numbers) never give a 5xx, and a refused post
stores nothing: not an event, not a game, not a line of the installation's catalog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.princes.rules import EVENT_SCHEMAS, payload_fields
from companion.web.recording import get_table
from tests.support.solo_phone import teach_test_data
from tests.support.table_games import as_role, mid_game
from tests.support.web_fixtures import csrf_token_for

EVENT_FIELDS = sorted({f for kind in EVENT_SCHEMAS for f in payload_fields(kind)})
FORM_FIELDS = sorted(
    {
        *EVENT_FIELDS,
        "type",
        "view",
        "event_id",
        "as_seat",
        "what",
        "resend",
        "name",
        "name_0",
        "name_1",
        "name_2",
        "start",
        "grid",
        "freedoms",
        "difficulty",
        "dummies",
        "die",
        "deck",
        "teach",
        "rounds",
        "at_jester",
        "mod4_jester",
        "mod5_jester",
        "mod5x_jester",
        "first_action",
        "second_action",
    }
)
HOSTILE_TEXT = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "-1",
            "99999999999",
            "true",
            "\x00",
            "poet\x00",
            "[[0,0],[0,1]]",
            "[" * 975 + "]" * 975,
            "[" * 20_000,
            '{"a": ' * 300 + "1" + "}" * 300,
            "x" * 70_000,
            "phone",
            "host",
            "solo",
            "bid_raised",
            "turn_ended",
            "starting_hand_chosen",
            "correction",
            "retracted",
            "automa_card_drawn",
            "profession",
            "landscape",
            "forest",
            "tower",
            "jester",
        ]
    ),
)
FORMS = st.dictionaries(
    st.one_of(st.sampled_from(FORM_FIELDS), st.text(min_size=1, max_size=8)),
    st.one_of(HOSTILE_TEXT, st.lists(HOSTILE_TEXT, min_size=2, max_size=3)),
    max_size=7,
)
FUZZ = settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def snapshot(app, store) -> tuple:
    """Everything a post could have stored."""
    catalog = Path(app.instance_path, "catalog.json")
    games = store.games()
    return (
        catalog.read_text() if catalog.exists() else None,
        [(g.id, store.last_seq(g.id)) for g in games],
    )


def check(app, client, store, path: str, form: dict):
    before = snapshot(app, store)
    data = {"csrf_token": csrf_token_for(client), **form}
    response = client.post(path, data=data)
    assert response.status_code < 500, (path, form, response.status_code)
    if response.status_code >= 400:
        assert snapshot(app, store) == before, (path, form, response.status_code)


@pytest.fixture
def table_game(app, client):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "host")
    with client.session_transaction() as s:
        s["games"][game_id]["seat"] = 1  # the host's own phone is Ben's
    return game_id


@pytest.fixture
def solo_game(app, client):
    teach_test_data(app.instance_path)
    token = csrf_token_for(client)
    r = client.post(
        "/solo/new",
        data={"csrf_token": token, "name": "Ada", "difficulty": "standard", "dummies": "2"},
    )
    assert r.status_code in (200, 303), r.text[:500]
    (game,) = get_table(app).store.games()
    return game.id


@pytest.mark.parametrize(
    "route", ["/games/{g}/events", "/games/{g}/teach", "/games/{g}/events?view=phone"]
)
@FUZZ
@given(form=FORMS)
def test_game_forms(app, client, store, table_game, route, form):
    check(app, client, store, route.format(g=table_game), form)


@FUZZ
@given(form=FORMS, kind=st.sampled_from(sorted(EVENT_SCHEMAS)))
def test_every_event_type_posted_with_hostile_fields(app, client, store, table_game, form, kind):
    check(
        app, client, store, f"/games/{table_game}/events", {**form, "type": kind, "view": "phone"}
    )


@pytest.mark.parametrize(
    "route",
    [
        "/host",
        "/solo/new",
        "/catalog/professions",
        "/catalog/professions/poet/forget",
        "/catalog/professions/{x}/forget",
        "/catalog/landscapes",
    ],
)
@FUZZ
@given(form=FORMS, x=st.text(min_size=1, max_size=10))
def test_setup_and_catalog_forms(app, client, store, route, form, x):
    check(app, client, store, route.replace("{x}", x.replace("/", "_")), form)


@pytest.mark.parametrize(
    "route", ["draw", "roll", "tie", "automa-card", "profession", "landscape", "recruit"]
)
@FUZZ
@given(form=FORMS)
def test_solo_forms(app, client, store, solo_game, route, form):
    check(app, client, store, f"/games/{solo_game}/solo/{route}", form)


@FUZZ
@given(
    body=st.one_of(
        st.binary(max_size=200),
        st.sampled_from(
            [
                b'{"professions": 5}',
                b'{"professions": {"poet": {"building": ["x"]}}}',
                b"[" * 50_000,
                b'{"automa_cards": ' + b"[" * 975 + b"]" * 975 + b"}",
                b"\xef\xbb\xbf{}",
                json.dumps({"landscape_cells": {"forest": "4\x00"}}).encode(),
            ]
        ),
    )
)
def test_catalog_import(app, client, store, body):
    import io

    before = snapshot(app, store)
    response = client.post(
        "/catalog/import",
        data={"csrf_token": csrf_token_for(client), "file": (io.BytesIO(body), "c.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code < 500, body[:80]
    if response.status_code >= 400:
        assert snapshot(app, store) == before
