"""CSRF: state-changing requests need the session's token, by form field or header."""

from __future__ import annotations

import re

import pytest

from companion.web import csrf
from tests.support.web_fixtures import csrf_token_for


@pytest.fixture
def calls(app):
    """Counts how often a protected view actually ran."""
    ran = []

    @app.route("/_write", methods=["POST", "PUT", "PATCH", "DELETE"])
    def write():
        ran.append(1)
        return "written"

    @app.post("/_webhook")
    @csrf.exempt
    def webhook():
        ran.append(1)
        return "ok"

    return ran


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_without_token_refused_and_nothing_done(client, calls, method):
    csrf_token_for(client)  # the session has a token; the request just doesn't carry it
    response = client.open("/_write", method=method, data={"x": "1"})
    assert response.status_code == 403
    assert csrf.FAILURE_MESSAGE.split(",")[0] in response.get_data(as_text=True)
    assert calls == []


def test_without_any_session_refused(client, calls):
    assert client.post("/_write", headers={"X-CSRF-Token": "made-up"}).status_code == 403
    assert calls == []


def test_wrong_token_refused(client, calls):
    token = csrf_token_for(client)
    for bad in (token[:-1], token + "x", "", "é" * 43, "x" * 5000):
        assert client.post("/_write", data={"csrf_token": bad}).status_code == 403
        assert client.post("/_write", headers={"X-CSRF-Token": bad}).status_code == 403
    assert calls == []


def test_token_in_form_field_passes(client, calls):
    token = csrf_token_for(client)
    response = client.post("/_write", data={"csrf_token": token})
    assert response.status_code == 200 and response.data == b"written"
    assert calls == [1]


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_token_in_header_passes(client, calls, method):
    token = csrf_token_for(client)
    response = client.open("/_write", method=method, headers={"X-CSRF-Token": token})
    assert response.status_code == 200
    assert calls == [1]


def test_token_from_another_session_refused(app, calls):
    mine, theirs = app.test_client(), app.test_client()
    their_token = csrf_token_for(theirs)
    csrf_token_for(mine)
    assert mine.post("/_write", data={"csrf_token": their_token}).status_code == 403
    assert calls == []


def test_safe_methods_need_no_token(client):
    assert client.get("/").status_code == 200
    assert client.head("/").status_code == 200
    assert client.options("/").status_code == 200


def test_exempt_view(client, calls):
    assert client.post("/_webhook").status_code == 200
    assert calls == [1]


def test_token_is_stable_per_session_and_rendered_for_htmx_and_forms(client, game):
    first = client.get("/").get_data(as_text=True)
    token = re.search(r"<body data-hx-headers='\{\"X-CSRF-Token\": \"([\w-]+)\"\}'>", first).group(
        1
    )
    assert len(token) >= 43
    page = client.get(f"/_probe/games/{game}").get_data(as_text=True)
    assert f'<input type="hidden" name="csrf_token" value="{token}">' in page
    assert client.post("/_probe/echo", data={"csrf_token": token, "word": "hi"}).data == b"done: hi"


def test_unknown_routes_answer_404_not_403(client):
    assert client.post("/nowhere").status_code == 404
