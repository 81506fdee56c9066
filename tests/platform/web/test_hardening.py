"""The smaller holes, each closed: the Host header, tokens in logs, private instance files, one
default instance folder, an id clash that names no other game, NUL and nested input."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from companion.app import create_app
from companion.service import instance
from companion.web.hosts import allowed, host_name
from companion.web.recording import get_table
from tests import ROOT
from tests.support.table_games import as_role, host, mid_game, teach_test_deck
from tests.support.web_fixtures import csrf_token_for

# -- Host header: DNS rebinding ---------------------------------------------------------------


def test_a_request_under_a_foreign_name_is_refused_before_any_view(app, client, store):
    teach_test_deck(app)
    before = (app.instance_path + "/catalog.json", Path(app.instance_path, "catalog.json"))
    text = before[1].read_text()
    # a rebinding page: the attacker's name, this machine's address
    evil = {"Host": "evil.example:5000"}
    assert client.get("/", headers=evil).status_code == 400
    page = client.get("/catalog", headers=evil)
    assert page.status_code == 400 and "does not answer to that name" in page.text
    token = csrf_token_for(client)
    r = client.post(
        "/catalog/professions",
        headers=evil,
        data={
            "csrf_token": token,
            "name": "Rebound",
            "building": "library",
            "landscape": "lake",
            "freedom": "opinion",
        },
    )
    assert r.status_code == 400 and before[1].read_text() == text
    games_before = len(store.games())
    r = client.post("/host", headers=evil, data={"csrf_token": token, "name_0": "A", "name_1": "B"})
    assert r.status_code == 400 and len(store.games()) == games_before


@pytest.mark.parametrize(
    "host_header",
    [
        "localhost",
        "localhost:5000",
        "127.0.0.1:5000",
        "192.168.1.23:5000",
        "[::1]:5000",
        "10.0.0.7",
    ],
)
def test_the_servers_own_names_and_any_address_work_out_of_the_box(client, host_header):
    assert client.get("/", headers={"Host": host_header}).status_code == 200


def test_a_reverse_proxys_name_is_configured(tmp_path, monkeypatch):
    monkeypatch.setenv("PALAZZO_ALLOWED_HOSTS", "palazzo.club.example, .games.example")
    app = create_app({"INSTANCE_PATH": tmp_path / "i", "TESTING": True})
    client = app.test_client()
    assert client.get("/", headers={"Host": "palazzo.club.example"}).status_code == 200
    assert client.get("/", headers={"Host": "tables.games.example"}).status_code == 200
    assert client.get("/", headers={"Host": "club.example"}).status_code == 400
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_host_names_are_read_carefully():
    assert host_name("Palazzo.Local.:80") == "palazzo.local"
    assert host_name("[fe80::1]:5000") == "fe80::1"
    assert not allowed("", ["localhost"]) and not allowed("[", ["localhost"])
    assert not allowed("localhost.evil.example", ["localhost"])
    assert allowed("anything", ["*"])


# -- tokens never in a log line ------------------------------------------------------------


def test_a_join_token_is_masked_in_the_log_of_a_500(app, client, caplog, monkeypatch):
    game_id, tokens = host(app)
    seat_token = tokens.seats[1]

    def broken(*args, **kwargs):
        raise RuntimeError(f"the store fell over on /games/{game_id}/join/{seat_token}")

    monkeypatch.setattr("companion.web.games.join", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.testing = False
    with caplog.at_level(logging.ERROR):
        r = client.get(f"/games/{game_id}/join/{seat_token}")
    assert r.status_code == 500 and seat_token not in r.text
    logged = "\n".join(logging.Formatter("%(message)s").format(record) for record in caplog.records)
    assert "Exception on" in logged and "/join/[token]" in logged
    assert seat_token not in logged and seat_token not in caplog.text


def test_any_logger_is_masked_even_one_made_later(caplog):
    from companion import logmask

    logmask.install()
    with caplog.at_level(logging.INFO):
        logging.getLogger("some.access.log").info(
            '127.0.0.1 "GET %s HTTP/1.1" 200', "/games/abc/host/join/SECRETtoken123"
        )
    assert "SECRETtoken123" not in caplog.text and "/host/join/[token]" in caplog.text


# -- an event-id clash ----------------------------------------------------------------------


def test_an_id_clash_says_only_that_the_id_is_used(app, client):
    first, _ = host(app)
    second, _ = host(app)
    as_role(client, first, "host")
    as_role(client, second, "host")
    form = {
        "csrf_token": csrf_token_for(client),
        "view": "host",
        "type": "correction",
        "player": "0",
        "money": "100",
        "fame": "0",
        "reason": "bank error",
        "event_id": "clash-0001",
    }
    assert client.post(f"/games/{first}/events", data=form).status_code == 200
    r = client.post(f"/games/{second}/events", data=form)
    assert r.status_code == 409
    assert first not in r.text and "already used" in r.text


# -- NUL, nested and oversized input --------------------------------------------------------


def test_nul_in_a_game_id_is_a_404_not_a_500(client):
    for path in ("/games/a%00b/table", "/games/a%00b/me", "/games/%00/history"):
        assert client.get(path).status_code == 404


def test_nested_and_oversized_form_values_are_refused_and_nothing_is_stored(app, client):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "seat", 1)
    before = get_table(app).seq(game_id)
    token = csrf_token_for(client)
    for extra in (
        {"type": "building_built", "building": "tower", "cells": "[" * 975 + "]" * 975},
        {"type": "building_built", "building": "tower", "cells": "[" * 50_000},
        {"type": "building_built", "building": "x" * 100_000},
        {"type": "turn_ended", "panels": "[[1]]"},
        {"type": "turn_ended", "reason": "\x00"},
        {"type": "building_built", "building": "tow\x00er"},
    ):
        r = client.post(
            f"/games/{game_id}/events",
            data={"csrf_token": token, "view": "phone", "player": "1", **extra},
        )
        assert r.status_code in (400, 403, 413, 422), (extra, r.status_code)
    assert get_table(app).seq(game_id) == before


# -- the instance folder ---------------------------------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_instance_files_are_created_owner_only(app, client):
    teach_test_deck(app)
    host(app)
    folder = Path(app.instance_path)
    for name in ("palazzo.db", "catalog.json", "secret_key"):
        assert mode(folder / name) == 0o600, name
    assert all(mode(p) == 0o600 for p in (folder / "hosts").glob("*.json"))
    assert mode(folder / "hosts") == 0o700


def test_one_default_instance_folder_for_the_server_and_the_command_line(tmp_path, monkeypatch):
    monkeypatch.delenv("PALAZZO_INSTANCE", raising=False)
    monkeypatch.chdir(tmp_path)  # the working folder no longer matters
    checkout = ROOT
    assert instance.default_folder() == checkout / "instance"
    # In this process (a fresh one cost a second of CPU time to import the app): each reads
    # the variable when called, and a value kept from import time would be another folder's.
    from companion.games.princes.learned import LearnedCatalog

    monkeypatch.setenv("PALAZZO_INSTANCE", str(tmp_path / "club"))
    app = create_app()
    folders = [app.instance_path, LearnedCatalog().path.parent, instance.folder(None)]
    assert [str(f) for f in folders] == [str(tmp_path / "club")] * 3
    assert mode(tmp_path / "club") == 0o700


@pytest.mark.postgres
def test_nul_in_a_game_id_is_a_404_on_postgresql_too(tmp_path, pg_fresh_url):
    app = create_app(
        {"INSTANCE_PATH": tmp_path / "i", "TESTING": True, "DATABASE_URL": pg_fresh_url}
    )
    client = app.test_client()
    try:
        for path in ("/games/a%00b/table", "/games/a%00b/me", "/games/%00/log.jsonl"):
            assert client.get(path).status_code == 404, path
        token = csrf_token_for(client)
        r = client.post("/games/a%00b/events", data={"csrf_token": token, "view": "phone"})
        assert r.status_code == 404
    finally:
        app.extensions["palazzo.store"].close()


def test_a_teach_form_carrying_a_nested_move_is_refused(app, client):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "seat", 1)
    before = get_table(app).seq(game_id)
    catalog = Path(app.instance_path, "catalog.json").read_text()
    token = csrf_token_for(client)
    for resend in (
        '{"type": "profession_taken", "player": 1, "profession": ' + "[" * 900 + "]" * 900 + "}",
        '{"type": "starting_hand_chosen", "player": 1, "professions": [[[[["x"]]]]]}',
        "[" * 1999,
    ):
        r = client.post(
            f"/games/{game_id}/teach",
            data={"csrf_token": token, "what": "profession", "resend": resend, "name": "Scribe"},
        )
        assert r.status_code == 422, r.status_code
    assert get_table(app).seq(game_id) == before
    assert Path(app.instance_path, "catalog.json").read_text() == catalog


# -- ids matched whole, the folder tightened, a seat's link re-issued --------


def test_an_event_id_is_matched_whole(app, client):
    game_id, _tokens = host(app)
    as_role(client, game_id, "host")
    token = csrf_token_for(client)
    before = len(get_table(app).events(game_id))
    for bad in ("aaaaaaaa\n", "aaaaaaaa\r\n", "\naaaaaaaa", "aaaaaaaa aa"):
        r = client.post(
            f"/games/{game_id}/events",
            data={
                "csrf_token": token,
                "view": "host",
                "event_id": bad,
                "type": "correction",
                "player": "1",
                "money": "100",
                "fame": "0",
                "reason": "id test",
            },
        )
        assert r.status_code == 400, bad
    assert len(get_table(app).events(game_id)) == before


def test_an_existing_instance_folder_is_tightened_to_owner_only(tmp_path, monkeypatch, caplog):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    folder = tmp_path / "club"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    create_app({"INSTANCE_PATH": folder, "TESTING": True})
    assert mode(folder) == 0o700
    # one this user may not change: a clear warning, and the server still starts
    caplog.set_level(logging.WARNING)
    os.chmod(folder, 0o750)
    monkeypatch.setattr(instance.os, "chmod", _refuse_chmod)
    instance.folder(folder)
    assert any("chmod 700" in r.getMessage() for r in caplog.records)


def _refuse_chmod(path, mode):
    raise PermissionError(1, "Operation not permitted")


def test_the_host_reissues_a_lost_phones_link(app):
    from companion.web.join_links import kept_tokens

    game_id, tokens = host(app)
    old = tokens.seats[1]
    lost_phone, new_phone, other_seat, hosting = (app.test_client() for _ in range(4))
    assert lost_phone.get(f"/games/{game_id}/join/{old}").status_code == 303
    assert other_seat.get(f"/games/{game_id}/join/{tokens.seats[2]}").status_code == 303
    assert lost_phone.get(f"/games/{game_id}/me").status_code == 200
    as_role(hosting, game_id, "host")
    page = hosting.get(f"/games/{game_id}/host").text
    assert old in page and "New link for Ben" in page
    # a seat or a stranger cannot do it
    for someone in (lost_phone, other_seat, app.test_client()):
        r = someone.post(
            f"/games/{game_id}/seats/1/new-link", data={"csrf_token": csrf_token_for(someone)}
        )
        assert r.status_code == 403
    r = hosting.post(
        f"/games/{game_id}/seats/1/new-link", data={"csrf_token": csrf_token_for(hosting)}
    )
    assert r.status_code == 303 and r.headers["Location"].endswith("/host#join-seat-1")
    with app.test_request_context():
        new = kept_tokens(game_id).seats[1]
    assert new != old
    page = hosting.get(f"/games/{game_id}/host").text
    assert new in page and old not in page
    # the old link, and the phone that joined with it, no longer hold the seat
    assert lost_phone.get(f"/games/{game_id}/me").status_code == 403
    assert app.test_client().get(f"/games/{game_id}/join/{old}").status_code == 404
    # the new link works, again and again (a reload, a second scan)
    assert new_phone.get(f"/games/{game_id}/join/{new}").status_code == 303
    assert new_phone.get(f"/games/{game_id}/me").status_code == 200
    assert new_phone.get(f"/games/{game_id}/join/{new}").status_code == 303
    assert new_phone.get(f"/games/{game_id}/me").status_code == 200
    # other seats are untouched; an unknown seat is a 404
    assert other_seat.get(f"/games/{game_id}/me").status_code == 200
    r = hosting.post(
        f"/games/{game_id}/seats/9/new-link", data={"csrf_token": csrf_token_for(hosting)}
    )
    assert r.status_code == 404


@pytest.mark.parametrize("language, words", [("de", "Neuer Link"), ("fr", "Nouveau lien")])
def test_the_new_link_button_speaks_the_hosts_language(app, language, words):
    game_id, _tokens = host(app)
    hosting = app.test_client()
    as_role(hosting, game_id, "host")
    page = hosting.get(f"/games/{game_id}/host", headers={"Accept-Language": language}).text
    assert words in page


def test_a_firenze_host_reissues_a_seats_link_too(app, client):
    from companion.web.join_links import kept_tokens
    from tests.support.firenze_table import host_game as host_firenze

    game_id = host_firenze(client)
    with app.test_request_context():
        old = kept_tokens(game_id).seats[0]
    phone = app.test_client()
    phone.get(f"/games/{game_id}/join/{old}")
    assert phone.get(f"/firenze/{game_id}/me").status_code == 200
    assert "New link for" in client.get(f"/firenze/{game_id}/host").text
    r = client.post(
        f"/games/{game_id}/seats/0/new-link", data={"csrf_token": csrf_token_for(client)}
    )
    assert r.status_code == 303
    page = client.get(r.headers["Location"], follow_redirects=True)
    with app.test_request_context():
        new = kept_tokens(game_id).seats[0]
    assert page.status_code == 200 and new in page.text and old not in page.text
    assert phone.get(f"/firenze/{game_id}/me").status_code == 403
    # and a Firenze button with a malformed event id is refused, not given a new id
    r = client.post(
        f"/firenze/{game_id}/act",
        data={"csrf_token": csrf_token_for(client), "event_id": "aaaaaaaa\n", "view": "host"},
    )
    assert r.status_code == 400
