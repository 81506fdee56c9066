"""A third game plugs in through the `Game` protocol alone: handed to the service and the web by
the composition root's argument (companion/app.py), and the service, snapshots, undo and the
web serve it like the Princes and Firenze (tests/platform/toy_game.py)."""

from __future__ import annotations

import json

import pytest

from companion.app import GAMES
from companion.core.refusal import Refusal
from companion.service.table import SNAPSHOT_EVERY, Table
from tests.platform import toy_game

STARTED = {"game": toy_game.ID, "players": ["Ada", "Ben"]}


@pytest.fixture
def toy():
    return toy_game.GAME


@pytest.fixture
def games(toy):
    return GAMES.with_game(toy)


def count(table, game_id, upto):
    for n in range(1, upto + 1):
        table.record(game_id, {"type": "counted", "player": (n - 1) % 2, "n": n}, by="host")


def test_the_table_records_refuses_and_tells_a_third_game(toy, games, store):
    table = Table(store, games)
    game_id, state = table.create_game(STARTED)
    assert table.game(game_id) is toy and state["phase"] == "playing"
    count(table, game_id, 3)
    with pytest.raises(Refusal) as refused:
        table.record(game_id, {"type": "counted", "player": 1, "n": 7}, by="host")
    assert refused.value.code == "wrong_number" and refused.value.params == {"n": 4}
    assert table.seq(game_id) == 4  # the refusal stored nothing
    replay = table.replay(game_id)
    assert replay.state["said"] == 3 and replay.said == ((0, 1), (1, 2), (0, 3))
    table.record(game_id, {"type": "retracted", "seqs": [4]}, by="host")  # the shared undo
    assert table.state(game_id)["said"] == 2
    assert Table(store, games).game(game_id) is toy  # a new process reads it off the first event


def test_a_third_games_snapshots_are_written_and_read_by_its_own_format(toy, games, store):
    table = Table(store, games)
    game_id, _ = table.create_game(STARTED)
    for i in range(SNAPSHOT_EVERY - 1):  # counting to ten and undoing, again and again
        if i % 2 == 0:
            count(table, game_id, 1)
        else:
            table.record(game_id, {"type": "retracted", "seqs": [table.seq(game_id)]}, by="host")
    seq, data = store.latest_snapshot(game_id)
    assert seq == SNAPSHOT_EVERY
    assert data["game"] == toy.id and data["format"] == toy.snapshot_format
    assert Table(store, games).state(game_id) == table.state(game_id)


def test_a_snapshot_of_another_format_is_ignored_and_the_log_folded_again(toy, games, store):
    table = Table(store, games)
    game_id, _ = table.create_game(STARTED)
    count(table, game_id, 2)
    stale = {"game": toy.id, "format": toy.snapshot_format + 1, "state": {"said": 99}}
    store.save_snapshot(game_id, table.seq(game_id), stale)
    assert Table(store, games).state(game_id)["said"] == 2


def test_the_web_serves_a_third_game_through_its_own_screens(toy, games, tmp_path, monkeypatch):
    from companion.app import create_app
    from companion.web.games import create_hosted_game
    from companion.web.recording import get_table

    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True}, games=games)
    with app.test_request_context():
        game_id, tokens = create_hosted_game(STARTED)
        count(get_table(), game_id, 2)
    phone = app.test_client()
    joined = phone.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    assert joined.status_code == 303 and joined.location.endswith(f"/toy/{game_id}/table")
    assert phone.get(joined.location).text == "said 2; 2 told"
    # a Princes screen asked for a game of another game sends the browser to that game's own
    princes_phone = phone.get(f"/games/{game_id}/me")
    assert princes_phone.status_code == 303 and princes_phone.location.endswith("/table")
    home = phone.get("/").text
    assert "Count to ten" in home  # the home page lists it by its title
    assert "<cite>Count to ten</cite>." in home  # and names it among the games it keeps
    assert phone.get("/guide").status_code == 200  # a game without a part of the guide


def test_a_third_game_is_hosted_joined_played_and_replayed_through_the_web(
    games, tmp_path, monkeypatch
):
    """Registered only by the composition root's argument (`create_app(games=...)`): the
    platform's join link, log export and replay serve it, and its own routes host it and take
    a move, with nothing of the platform changed."""
    from companion.app import create_app
    from companion.web.join_links import kept_tokens
    from tests.support.web_fixtures import csrf_token_for

    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True}, games=games)
    host = app.test_client()
    token = csrf_token_for(host)
    same = host.post("/toy/new", data={"csrf_token": token, "name_0": "Ada", "name_1": "ada"})
    assert same.status_code == 422 and "same name" in same.text  # the platform's names check
    hosted = host.post("/toy/new", data={"csrf_token": token, "name_0": "Ada", "name_1": "Ben"})
    assert hosted.status_code == 303
    game_id = hosted.location.split("/")[-2]
    with app.app_context():
        seats = kept_tokens(game_id).seats
    phone = app.test_client()
    joined = phone.get(f"/games/{game_id}/join/{seats[0]}")
    assert joined.status_code == 303 and joined.location.endswith(f"/toy/{game_id}/table")
    move = {"csrf_token": csrf_token_for(phone), "n": "1"}
    assert phone.post(f"/toy/{game_id}/count", data=move).status_code == 303
    again = phone.post(f"/toy/{game_id}/count", data=move)  # not Ada's turn now
    assert again.status_code == 422 and again.text == "not_your_turn"
    assert phone.get(f"/toy/{game_id}/table").text == "said 1; 1 told"
    log = host.get(f"/games/{game_id}/log.jsonl")
    assert log.status_code == 200
    events = [json.loads(line) for line in log.text.splitlines()]
    assert [e["type"] for e in events] == ["game_started", "counted"]
    assert games.of_event(events[0]).replay(events)["said"] == 1  # the log replays alone


def test_a_third_game_gets_history_and_undo_from_the_platform(games, tmp_path, monkeypatch):
    """The toy declares how it tells an event and nothing else of either: the platform pages
    its history, offers a seat its own move to take back, refuses another seat's and a stale
    undo, and the log with the undo in it replays alone."""
    from companion.app import create_app
    from companion.web.join_links import kept_tokens
    from tests.support.web_fixtures import csrf_token_for

    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True}, games=games)
    host = app.test_client()
    names = {"csrf_token": csrf_token_for(host), "name_0": "Ada", "name_1": "Ben"}
    game_id = host.post("/toy/new", data=names).location.split("/")[-2]
    with app.app_context():
        seats = kept_tokens(game_id).seats
    ada, ben = app.test_client(), app.test_client()
    ada.get(f"/games/{game_id}/join/{seats[0]}")
    ben.get(f"/games/{game_id}/join/{seats[1]}")
    move = {"csrf_token": csrf_token_for(ada), "n": "1"}
    assert ada.post(f"/toy/{game_id}/count", data=move).status_code == 303

    assert "Ada said 1" in ada.get(f"/games/{game_id}/undo").text  # her own move, offered
    assert "Nothing to undo yet." in ben.get(f"/games/{game_id}/undo").text  # not his
    take_back = {"csrf_token": csrf_token_for(ben), "seq": "2", "event_id": "a" * 32}
    assert ben.post(f"/games/{game_id}/undo", data=take_back).status_code == 403
    assert ada.post(f"/games/{game_id}/undo", data={"seq": "2"}).status_code == 403  # no CSRF
    assert ada.get(f"/toy/{game_id}/table").text.startswith("said 1")  # neither changed it
    take_back["csrf_token"] = csrf_token_for(ada)
    undone = ada.post(f"/games/{game_id}/undo", data=take_back)
    assert undone.status_code == 200 and "Undone: Ada said 1" in undone.text
    again = ada.post(f"/games/{game_id}/undo", data={**take_back, "event_id": "b" * 32})
    assert again.status_code == 422 and 'data-refusal="bad_retraction"' in again.text  # stale
    assert ada.get(f"/toy/{game_id}/table").text.startswith("said 0")

    history = ben.get(f"/toy/{game_id}/history")
    assert history.status_code == 200
    assert "<del>Ada said 1</del>" in history.text and "Undone: Ada said 1" in history.text
    assert app.test_client().get(f"/toy/{game_id}/history").status_code == 403  # no viewer

    events = [
        json.loads(line) for line in host.get(f"/games/{game_id}/log.jsonl").text.splitlines()
    ]
    assert [e["type"] for e in events] == ["game_started", "counted", "retracted"]
    assert games.of_event(events[0]).replay(events)["said"] == 0  # the log replays alone
