"""What the tests of firenze browser share with other tests (quick_turn): kept here, since a test
module imports no other test module."""

from __future__ import annotations

from tests.support.web_fixtures import csrf_token_for


def quick_turn(client, game_id: str, colour: str):
    """Another player's turn, from their own session: the free card, the next one, done."""
    act = f"/firenze/{game_id}/act"
    token = csrf_token_for(client)
    for data in (
        {"action": "take", "position": "1"},
        {
            "action": "reveal",
            "name": "Clerk",
            "kind": "personnel",
            "start": "1",
            **{f"brick_{i}": colour for i in range(4)},
        },
        {"action": "end"},
    ):
        response = client.post(act, data={"csrf_token": token, **data})
        assert response.status_code == 200, (data, response.status_code, response.text)
