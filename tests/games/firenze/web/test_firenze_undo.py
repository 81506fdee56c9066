"""Firenze's undo through the platform's own undo page (companion/web/undo.py), as its host's
page offers it: the host takes back the newest event that still counts, in Firenze's words,
never a card turned over; a seat takes back nothing, its own moves neither (only the host's
device undoes in Firenze)."""

from __future__ import annotations

from companion.app import create_app
from companion.web.join_links import kept_tokens
from companion.web.recording import get_table
from tests.support.firenze_table import deal_row, host_game
from tests.support.web_fixtures import csrf_token_for


def test_the_host_undoes_a_firenze_move_on_the_platforms_page_and_a_seat_cannot(
    tmp_path, monkeypatch
):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True})
    host = app.test_client()
    game_id = host_game(host)
    token = csrf_token_for(host)
    deal_row(host, game_id)
    card = host.get(f"/games/{game_id}/undo")  # the row's last card: chance, never undone
    assert "data-no-undo" in card.text and "data-undo=" not in card.text
    with app.app_context():
        seat = kept_tokens(game_id).seats[0]
        taken = {"type": "card_taken", "player": 0, "position": 1, "payment": []}
        before = get_table().state(game_id)
        seq = get_table().record(game_id, taken, by="0").event.seq  # Thomas's own move
    phone = app.test_client()
    phone.get(f"/games/{game_id}/join/{seat}")

    assert "Nothing to undo yet." in phone.get(f"/games/{game_id}/undo").text
    form = {"csrf_token": csrf_token_for(phone), "seq": str(seq), "event_id": "c" * 32}
    assert phone.post(f"/games/{game_id}/undo", data=form).status_code == 403

    offered = host.get(f"/games/{game_id}/undo")
    assert offered.status_code == 200 and f'data-undo="{seq}"' in offered.text
    undone = host.post(f"/games/{game_id}/undo", data={**form, "csrf_token": token})
    assert undone.status_code == 200 and "data-undone" in undone.text
    assert "Undone:" in undone.text
    with app.app_context():
        assert get_table().state(game_id) == before  # as it was before Thomas's move
