"""What the tests of phone probing share with other tests (TWO, claims_counted,
two_player_action_phase): kept here, since a test module imports no other test module."""

from __future__ import annotations

from tests.support.phone_game import (
    choose_hands,
    host_game,
    record,
    state,
)

TWO = (["poet", "alchemist", "botanist"], ["mason", "painter", "jurist"])


def two_player_action_phase(app):
    game_id, _ = host_game(
        app,
        players=["Carla", "Dario"],
        grid=False,
        freedoms={"travel": 2, "religion": 2, "opinion": 1},
    )
    choose_hands(app, game_id, TWO)
    record(app, game_id, "0", type="auction_opened", player=0, object="jester")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "1", type="auction_opened", player=1, object="builder")
    assert state(app, game_id).phase == "action"
    return game_id


def claims_counted(app, game_id) -> dict:
    from companion.games.princes.web.alerts import CLAIMS_KEY
    from companion.web.store import get_store

    with app.app_context():
        return dict(get_store(app).game(game_id).meta.get(CLAIMS_KEY) or {})
