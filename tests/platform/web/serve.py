"""What the tests of serve share with other tests (_hosted_game): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from companion.app import create_app
from companion.web.games import create_hosted_game


def _hosted_game(tmp_path, database_url: str | None = None) -> tuple:
    """(app, game_id) of a game hosted in the instance folder the servers share."""
    config = {"INSTANCE_PATH": tmp_path / "instance"}
    if database_url:
        config["DATABASE_URL"] = database_url
    app = create_app(config)
    with app.test_request_context():
        game_id, _tokens = create_hosted_game({"players": ["Ada", "Ben", "Cy"], "start_player": 0})
    return app, game_id
