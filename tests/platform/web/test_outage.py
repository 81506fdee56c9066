"""A database outage is told plainly: every page says the game is safe and to try again (503,
on a page that needs no database), a tap says it was not recorded, and everything works again
once the database is back. With the throwaway PostgreSQL stopped and restarted, and with the
SQLite file made unreadable."""

from __future__ import annotations

import logging
import os
import time
import uuid
from pathlib import Path

import pytest

from companion.app import create_app
from companion.web.recording import get_table
from companion.web.store import get_store
from tests.support.pg import throwaway_postgres
from tests.support.table_games import as_role, host
from tests.support.web_fixtures import csrf_token_for

PAGES = ("/", "/games/{g}/table", "/games/{g}/host", "/games/{g}/history", "/games/{g}/me")


def _tap(client, game_id: str, token: str, reason: str):
    return client.post(
        f"/games/{game_id}/events",
        data={
            "csrf_token": token,
            "view": "host",
            "event_id": uuid.uuid4().hex,
            "type": "correction",
            "player": "1",
            "money": "100",
            "fame": "0",
            "reason": reason,
        },
        headers={"HX-Request": "true"},
    )


def _reasons(app, game_id: str) -> list[str]:
    return [
        e.payload.get("reason") for e in get_store(app).events(game_id) if e.type == "correction"
    ]


def _told_plainly(client, game_id: str, token: str, caplog) -> None:
    caplog.clear()
    for page in PAGES:
        for htmx in (False, True):
            response = client.get(
                page.format(g=game_id), headers={"HX-Request": "true"} if htmx else {}
            )
            html = response.get_data(as_text=True)
            assert response.status_code == 503, (page, htmx, html[:300])
            assert response.headers["Retry-After"]
            assert "Your game is safe" in html and "Try again in a moment" in html, html
            assert "Internal Server Error" not in html and "Traceback" not in html
            if htmx:
                assert response.headers["HX-Retarget"] == "#flash"
    tap = _tap(client, game_id, token, "during the outage")
    assert tap.status_code == 503
    assert "This tap was not recorded" in tap.get_data(as_text=True)
    # in the reader's language too
    german = client.get(f"/games/{game_id}/table", headers={"Accept-Language": "de"})
    assert 'lang="de"' in german.get_data(as_text=True)
    assert "Dein Spiel ist sicher" in german.get_data(as_text=True)
    french = client.get(f"/games/{game_id}/table", headers={"Accept-Language": "fr"})
    assert "Votre partie est en sécurité" in french.get_data(as_text=True)
    for record in caplog.records:  # one short line each, no traceback
        assert record.exc_info is None and len(record.getMessage()) < 300
    assert any("database out of reach" in r.getMessage() for r in caplog.records)


def _works_again(app, client, game_id: str, token: str) -> None:
    deadline = time.monotonic() + 15
    while client.get(f"/games/{game_id}/table").status_code != 200:
        assert time.monotonic() < deadline, "the pages did not come back"
        time.sleep(0.2)
    for page in PAGES:
        assert client.get(page.format(g=game_id)).status_code == 200, page
    assert _tap(client, game_id, token, "after the outage").status_code == 200
    assert _reasons(app, game_id) == ["before the outage", "after the outage"]


def _app(tmp_path: Path, database_url: str | None = None):
    config = {"INSTANCE_PATH": tmp_path / "instance", "TESTING": True}
    if database_url:
        config["DATABASE_URL"] = database_url
    return create_app(config)


def _host_client(app, game_id: str):
    client = app.test_client()
    token = csrf_token_for(client)
    as_role(client, game_id, "host")
    with client.session_transaction() as s:
        s["games"][game_id]["seat"] = 1
    return client, token


@pytest.mark.postgres
def test_postgresql_stopped_and_restarted(tmp_path, caplog, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    caplog.set_level(logging.INFO)
    with throwaway_postgres() as server:
        app = _app(tmp_path, server.url("postgres"))
        game_id, _tokens = host(app)
        client, token = _host_client(app, game_id)
        assert _tap(client, game_id, token, "before the outage").status_code == 200
        server.stop()
        try:
            _told_plainly(client, game_id, token, caplog)
        finally:
            server.start()
        _works_again(app, client, game_id, token)
        get_store(app).close()


def test_sqlite_made_unreadable_and_back(tmp_path, caplog, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    caplog.set_level(logging.INFO)
    app = _app(tmp_path)
    game_id, _tokens = host(app)
    client, token = _host_client(app, game_id)
    assert _tap(client, game_id, token, "before the outage").status_code == 200
    database = Path(app.instance_path) / "palazzo.db"
    aside = database.with_name("aside.db")

    def let_go() -> None:  # as a new process would: no connection kept, no game cached
        get_store(app).close()
        get_table(app)._forget(game_id)

    let_go()
    os.replace(database, aside)
    database.write_bytes(b"this is not a database at all " * 200)
    try:
        _told_plainly(client, game_id, token, caplog)
    finally:
        let_go()
        for leftover in database.parent.glob("palazzo.db*"):
            leftover.unlink()
        os.replace(aside, database)
    _works_again(app, client, game_id, token)
    get_store(app).close()
