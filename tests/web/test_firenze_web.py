"""Firenze's screens through the Flask client: hosting, the row dealt, a turn from a phone,
refusals inline, and secrets: a hand is shown on its owner's phone only."""

from __future__ import annotations

from companion.web.join_links import kept_tokens
from tests.web.conftest import csrf_token_for
from tests.web.firenze_table import deal_row, host_game


def test_hosting_needs_the_taught_board_first(client):
    page = client.get("/firenze/host").text
    assert "does not know the Firenze board yet" in page
    assert "Host Firenze" in client.get("/").text


def test_a_firenze_turn_from_a_phone_with_refusals_inline_and_hands_private(app, client):
    game_id = host_game(client)
    host_page = client.get(f"/firenze/{game_id}/host").text
    assert "Turn over the next card" in host_page and "<svg" in host_page  # QR codes
    deal_row(client, game_id)
    tokens = kept_tokens_in(app, game_id)
    thomas, holger = app.test_client(), app.test_client()
    # the Princes' join link leads a Firenze seat to Firenze's phone screen
    response = thomas.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    assert response.headers["Location"].endswith(f"/firenze/{game_id}/me")
    holger.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    page = thomas.get(f"/firenze/{game_id}/me").text
    assert "Your turn" in page and "Take card 3" in page
    token = csrf_token_for(thomas)
    act = f"/firenze/{game_id}/act"
    refused = thomas.post(
        act, data={"csrf_token": token, "action": "take", "position": "3", "pay_white": "1"}
    )
    assert refused.status_code == 422 and "Card 3 costs 2 bricks" in refused.text
    taken = thomas.post(act, data={"csrf_token": token, "action": "take", "position": "1"})
    assert taken.status_code == 200 and "Turn over the next card" in taken.text
    revealed = thomas.post(
        act,
        data={
            "csrf_token": token,
            "action": "reveal",
            "name": "Botch",
            "kind": "event",
            "start": "1",
            **{f"brick_{i}": "white" for i in range(4)},
        },
    )
    assert revealed.status_code == 200, revealed.text
    assert "Princess" in revealed.text  # his hand, on his phone
    built = thomas.post(
        act,
        data={"csrf_token": token, "action": "build", "new_colour_0": "white", "new_bricks_0": "2"},
    )
    assert "White 2: 1 PP" in built.text
    fulfilled = thomas.post(act, data={"csrf_token": token, "action": "fulfil", "tower": "1"})
    assert "1&nbsp;PP" in fulfilled.text
    # Holger may not act for Thomas, and never sees Thomas's hand
    other = holger.post(act, data={"csrf_token": csrf_token_for(holger), "action": "end"})
    assert other.status_code == 422 and "Thomas&#39;s turn" in other.text
    assert "Princess" not in holger.get(f"/firenze/{game_id}/me").text
    table = client.get(f"/firenze/{game_id}/table").text
    assert "Princess" not in table and "Cards in hand: 1" in table
    ended = thomas.post(act, data={"csrf_token": token, "action": "end"})
    assert ended.status_code == 200 and "Holger's turn" in ended.text
    # the Princes' screens send a Firenze game to its own
    assert (
        client.get(f"/games/{game_id}/table")
        .headers["Location"]
        .endswith(f"/firenze/{game_id}/table")
    )


def kept_tokens_in(app, game_id):
    with app.test_request_context():
        return kept_tokens(game_id)
