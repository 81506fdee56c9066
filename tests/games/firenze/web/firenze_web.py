"""What the tests of firenze web share with other tests (kept_tokens_in): kept here, since a test
module imports no other test module."""

from __future__ import annotations

from companion.web.join_links import kept_tokens


def kept_tokens_in(app, game_id):
    with app.test_request_context():
        return kept_tokens(game_id)
