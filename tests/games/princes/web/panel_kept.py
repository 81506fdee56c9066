"""What the tests of panel kept share with other tests (check): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from tests.support.web_fixtures import csrf_token_for


def check(client, game_id, action, track="money"):
    data = {"csrf_token": csrf_token_for(client), "action": action}
    assert client.post(f"/games/{game_id}/count/{track}", data=data).status_code == 303
