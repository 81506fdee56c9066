"""A long log costs a request no more than a short one: the history a page at a time (both
games), the log export streamed in chunks, answers worked out once per seq."""

from __future__ import annotations

import json
import re

import pytest

from companion.service import table as table_module
from companion.web.paging import PAGE
from companion.web.recording import get_table
from tests.support.firenze_table import deal_row
from tests.support.firenze_table import host_game as host_firenze
from tests.support.phone_game import as_host, as_seat, choose_hands, host_game
from tests.support.servers import under_gevent

SEQS = re.compile(r'<li value="(\d+)"')
MORE = re.compile(r'data-hx-get="([^"]+/history/more\?before=(\d+))"')


def lengthen(app, game_id: str, events: int) -> int:
    """What a seat can do at will: open an auction and take it back, again and again."""
    with app.app_context():
        table = get_table(app)
        while table.seq(game_id) < events:
            opened = table.record(
                game_id, {"type": "auction_opened", "player": 0, "object": "lake"}, by="0"
            )
            table.record(game_id, {"type": "retracted", "seqs": [opened.event.seq]}, by="0")
        return table.seq(game_id)


@pytest.fixture
def long_game(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id, lengthen(app, game_id, 2 * PAGE + 30)


def pages(client, first_url: str) -> list[list[int]]:
    """The seqs of each page, following the "older" link of each (as htmx would)."""
    page = client.get(first_url)
    assert page.status_code == 200
    out = [[int(s) for s in SEQS.findall(page.text)]]
    while more := MORE.search(page.text):
        page = client.get(more.group(1).replace("&amp;", "&"), headers={"HX-Request": "true"})
        assert page.status_code == 200
        assert "<html" not in page.text  # the items only, swapped in for the link
        out.append([int(s) for s in SEQS.findall(page.text)])
    return out


def test_the_history_comes_a_page_at_a_time_newest_first_every_event_once(app, client, long_game):
    game_id, last = long_game
    as_seat(client, game_id, 0)
    seen = pages(client, f"/games/{game_id}/history")
    assert [len(p) for p in seen[:-1]] == [PAGE] * (len(seen) - 1)
    assert seen[0][0] == last  # the newest first
    flat = [s for p in seen for s in p]
    assert flat == list(range(last, 0, -1))  # every event once, in order, none skipped
    assert "The game began" in client.get(f"/games/{game_id}/history?before=2").text
    # without JavaScript the "older" link is a plain link to the same page further down
    first = client.get(f"/games/{game_id}/history").text
    assert f'href="/games/{game_id}/history?before={seen[0][-1]}"' in first


def test_a_page_named_by_its_seq_stays_the_same_page_as_the_game_goes_on(app, client, long_game):
    game_id, last = long_game
    as_host(client, game_id)
    before = client.get(f"/games/{game_id}/history/more?before={last - 10}").text
    lengthen(app, game_id, last + 6)
    after = client.get(f"/games/{game_id}/history/more?before={last - 10}").text
    assert SEQS.findall(before) == SEQS.findall(after)
    assert int(SEQS.findall(after)[0]) == last - 11


@pytest.mark.parametrize("before", ["x", "-3", "9" * 40, "1e3", ""])
def test_a_before_that_is_no_seq_shows_the_newest_page(app, client, long_game, before):
    game_id, last = long_game
    as_host(client, game_id)
    page = client.get(f"/games/{game_id}/history", query_string={"before": before})
    assert page.status_code == 200 and SEQS.findall(page.text)[0] == str(last)


def test_the_history_of_a_firenze_game_pages_too(app, client):
    game_id = host_firenze(client)
    deal_row(client, game_id)
    take = {"type": "card_taken", "player": 0, "position": 1, "payment": []}
    with app.app_context():
        table = get_table(app)
        while table.seq(game_id) < PAGE + 20:  # a card taken and taken back, again and again
            taken = table.record(game_id, take, by="0")
            table.record(game_id, {"type": "retracted", "seqs": [taken.event.seq]}, by="0")
        last = table.seq(game_id)
    assert f"/firenze/{game_id}/history" in client.get(f"/firenze/{game_id}/table").text
    seen = pages(client, f"/firenze/{game_id}/history")
    assert len(seen) == 2 and len(seen[0]) == PAGE
    assert [s for p in seen for s in p] == list(range(last, 0, -1))
    assert "Firenze begins" in client.get(f"/firenze/{game_id}/history?before=2").text
    # the Princes' address of a Firenze game leads to Firenze's history
    moved = client.get(f"/games/{game_id}/history")
    assert moved.headers["Location"].endswith(f"/firenze/{game_id}/history")


def test_the_log_streams_in_chunks_and_is_the_whole_log(app, client, long_game, monkeypatch):
    game_id, last = long_game
    monkeypatch.setattr(table_module, "EXPORT_CHUNK", 40)
    yields = []
    monkeypatch.setattr(table_module, "let_others_run", yields.append)
    as_host(client, game_id)
    response = client.get(f"/games/{game_id}/log.jsonl")
    assert response.status_code == 200 and response.is_streamed
    chunks = [c.decode() for c in response.response]
    assert len(chunks) == -(-last // 40) and len(yields) == len(chunks)
    with app.app_context():
        assert "".join(chunks) == get_table(app).store.export_jsonl(game_id)
    assert [json.loads(line)["seq"] for line in "".join(chunks).splitlines()] == list(
        range(1, last + 1)
    )


EXPORT_UNDER_GEVENT = r"""
from gevent import monkey

monkey.patch_all()
import json, socket
from datetime import UTC, datetime
import gevent
from companion.service import table
from events import StoredEvent

log = [
    StoredEvent(i, f"e{i}", "auction_opened", {"player": 0}, "0", datetime.now(UTC))
    for i in range(1, 5 * table.EXPORT_CHUNK + 1)
]
done = []
server, client = socket.socketpair()

def answer():
    server.recv(64)  # a phone's connection, waiting for its request
    done.append("request")

def export():
    for _ in table._in_chunks(log):
        done.append("chunk")

reader = gevent.spawn(answer)
gevent.sleep(0)
client.sendall(b"GET /games/h/me/panel")  # its bytes arrive as the export begins
gevent.joinall([reader, gevent.spawn(export)])
print(json.dumps(done))
"""


def test_a_request_that_arrives_during_an_export_waits_for_one_chunk_only():
    """Under gevent (`palazzo serve`), the export lets a request that arrived go first after
    the chunk under way, not after the whole log: `gevent.sleep(0)` between chunks did not,
    the loop never looked at its sockets until the export ended."""
    done = under_gevent(EXPORT_UNDER_GEVENT)
    assert done.count("chunk") == 5 and done.index("request") <= 1, done


def test_a_ledger_is_worked_out_once_per_seq_for_every_screen(app, long_game, monkeypatch):
    from companion.games.princes.words import ledger as ledger_module

    game_id, last = long_game
    walks = []
    real = ledger_module._ledger
    monkeypatch.setattr(
        ledger_module, "_ledger", lambda *a, **k: walks.append(a[1:]) or real(*a, **k)
    )
    clients = [app.test_client() for _ in range(4)]
    for c in clients:
        as_host(c, game_id)
        assert c.get(f"/games/{game_id}/count/fame").status_code == 200
    once = len(walks)
    assert once == 3  # one ledger per seat, for the first screen only
    lengthen(app, game_id, last + 2)
    assert clients[0].get(f"/games/{game_id}/count/fame").status_code == 200
    assert len(walks) == 2 * once  # a new seq: worked out again, once


def test_a_seat_undoes_its_own_moves_only_however_long_the_log(app, client, long_game):
    from tests.support.phone_game import post_event

    game_id, last = long_game
    with app.app_context():
        opened = get_table(app).record(
            game_id, {"type": "auction_opened", "player": 0, "object": "lake"}, by="0"
        )
    as_seat(client, game_id, 1)
    refused = post_event(client, game_id, type="retracted", seqs=str(opened.event.seq))
    assert refused.status_code == 403 and "ask the host to undo it" in refused.text
    as_seat(client, game_id, 0)
    undone = post_event(client, game_id, type="retracted", seqs=str(opened.event.seq))
    assert undone.status_code == 200
    with app.app_context():
        assert get_table(app).seq(game_id) == opened.event.seq + 1
