"""A game whose log holds a row that cannot be read (a corrupt database, or the 975-deep value
an older version let through) keeps working: every screen answers, says which event is left
out, and the next tap is recorded after it."""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.support.event_store_robust import put_raw_row
from tests.support.table_games import as_role, mid_game

DEEP = '{"player": 1, "object": "jester", "panels": ' + "[" * 975 + "]" * 975 + "}"
PAGES = (
    "/games/{g}/table",
    "/games/{g}/table/board",
    "/games/{g}/history",
    "/games/{g}/host",
    "/games/{g}/host/undo",
    "/games/{g}/me",
    "/games/{g}/me/panel",
    "/games/{g}/scribe/1",
    "/games/{g}/end",
    "/games/{g}/log.jsonl",
    "/games/{g}/seq",
)


@pytest.mark.parametrize("damage", [DEEP, "{not json", '{"player": 1, "panels": [1]}'])
def test_every_screen_of_a_damaged_game_answers_and_names_the_event(app, client, store, damage):
    game_id, _ = mid_game(app)
    bad_seq = store.last_seq(game_id) + 1
    put_raw_row(store, game_id, bad_seq, damage, type_="auction_opened")
    table = get_table(app)
    table._forget(game_id)  # as after a restart: the game is read from the database again
    as_role(client, game_id, "host")
    with client.session_transaction() as s:
        s["games"][game_id]["seat"] = 1
    for page in PAGES:
        response = client.get(page.format(g=game_id))
        assert response.status_code < 500, (page, response.status_code)
    html = client.get(f"/games/{game_id}/table").get_data(as_text=True)
    assert f"Event {bad_seq} of this game" in html and "left out" in html
    assert bad_seq in table.unreadable(game_id)
    # the game goes on: Ben's turn, recorded at the seq after the damaged row
    recorded = table.record(game_id, {"type": "turn_ended", "player": 1}, by="1")
    assert recorded.event.seq == bad_seq + 1
    assert table.state(game_id).turn == 2
