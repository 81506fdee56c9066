"""Hosting: the form, the host's page, its QR codes, undo and corrections, and who may use them."""

from __future__ import annotations

import os
import re
import stat

import pytest

from companion import presence, serve
from companion.games.princes.rules import Refusal
from companion.web.join_links import kept_tokens
from companion.web.templating import qr_svg
from tests.support.table_games import as_role, host, mid_game, play
from tests.support.web_fixtures import csrf_token_for


@pytest.fixture(autouse=True)
def fresh_presence():
    presence.forget()
    yield
    presence.forget()


def post_form(client, **fields):
    return client.post("/host", data={"csrf_token": csrf_token_for(client), **fields})


def game_of(response) -> str:
    return re.fullmatch(r"/games/([^/]+)/host", response.headers["Location"]).group(1)


def test_the_landing_page_and_serve_lead_to_the_form(client):
    assert serve.public_url("0.0.0.0", 5000).endswith(":5000/")  # the landing page
    home = client.get("/")
    assert 'href="/host"' in home.text and "Host a game" in home.text
    form = client.get("/host")
    assert form.status_code == 200
    assert form.text.count('name="name_') == 5
    assert "SOLO OPTION" not in form.text  # the marker is a template comment


def test_hosting_creates_the_game_grants_the_host_and_keeps_the_tokens(app, client, store):
    r = post_form(
        client, name_0="Ada", name_1=" Ben ", name_2="", name_3="Cy", start="1", grid="on"
    )
    assert r.status_code == 303
    game_id = game_of(r)
    started = store.events(game_id)[0]
    assert started.type == "game_started"
    assert started.payload["players"] == ["Ada", "Ben", "Cy"]
    assert started.payload["start_player"] == 1 and started.payload["grid"] is True
    with client.session_transaction() as s:
        assert s["games"][game_id] == {"host": True}
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    assert len(tokens.seats) == 3
    path = os.path.join(app.instance_path, "hosts", f"{game_id}.json")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    meta = store.game(game_id).meta
    assert tokens.seats[0] not in str(meta) and tokens.host not in str(meta)  # hashes only
    assert client.get(r.headers["Location"]).status_code == 200


def test_random_start_and_two_player_freedoms_are_drawn_by_the_server(client, store):
    starts, supplies = set(), set()
    for _ in range(12):
        r = post_form(client, name_0="Ada", name_1="Ben", start="random", freedoms="5")
        payload = store.events(game_of(r))[0].payload
        starts.add(payload["start_player"])
        supply = payload["freedoms"]
        assert sorted(supply.values()) == [1, 2, 2]
        supplies.add(tuple(sorted(supply.items())))
    assert starts == {0, 1} and len(supplies) > 1  # 2^-11 chance of a false failure
    r = post_form(client, name_0="Ada", name_1="Ben", start="0", freedoms="4")
    assert sorted(store.events(game_of(r))[0].payload["freedoms"].values()) == [1, 1, 2]


@pytest.mark.parametrize(
    "fields, field, words",
    [
        ({"name_0": "Ada"}, "names", "2 to 5 player names"),
        ({}, "names", "2 to 5 player names"),
        ({"name_0": "Ada", "name_1": "ada"}, "names", "same name"),
        ({"name_0": "A" * 30, "name_1": "Ben"}, "names", "24 characters"),
        ({"name_0": "Ada", "name_1": "Ben", "start": "2"}, "start", "Choose who starts"),
        ({"name_0": "Ada", "name_1": "Ben", "start": "-1"}, "start", "Choose who starts"),
        ({"name_0": "Ada", "name_1": "Ben", "freedoms": "6"}, "freedoms", "5 Freedoms"),
        ({"name_0": "Ada", "name_1": "Ben", "name_2": "Cy", "grid": "maybe"}, "grid", "on or off"),
    ],
)
def test_the_form_refuses_bad_input_and_keeps_the_values(client, store, fields, field, words):
    r = post_form(client, **fields)
    assert r.status_code == 422
    assert f'data-field="{field}"' in r.text and words in r.text
    for key, value in fields.items():
        if key.startswith("name_") and len(value) <= 24:
            assert f'value="{value}"' in r.text
    assert store.games() == []


def test_an_engine_refusal_is_shown_on_the_form(client, monkeypatch, store):
    def refuse(*args, **kwargs):
        raise Refusal("bad_event", "The engine says no")

    monkeypatch.setattr("companion.web.games.create_hosted_game", refuse)  # the platform creates
    r = post_form(client, name_0="Ada", name_1="Ben", name_2="Cy")
    assert r.status_code == 422 and "The engine says no" in r.text
    assert 'data-field="game"' in r.text


def test_the_form_needs_its_csrf_token(client, store):
    assert client.post("/host", data={"name_0": "Ada", "name_1": "Ben"}).status_code == 403
    assert store.games() == []


def test_the_host_page_has_a_qr_code_per_seat_and_one_for_spectators(app, client):
    game_id, tokens = host(app)
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host")
    assert page.status_code == 200
    for seat, name in enumerate(["Ada", "Ben", "Cy"]):
        assert f'aria-label="Join as {name}"' in page.text
        assert f"Seat {seat + 1}: {name}" in page.text
    assert 'aria-label="Watch the table"' in page.text
    assert page.text.count('<svg class="qr"') == 5  # 3 seats, spectators, host elsewhere
    # Each link is shown once as text beside its own QR code (to copy or type: the QR code
    # already shows it to whoever sees it), and nowhere else on the page.
    links = re.findall(r'<span class="join-address" data-copy-text>([^<]+)</span>', page.text)
    assert len(links) == 5
    for token in (*tokens.seats, tokens.spectator, tokens.host):
        assert page.text.count(token) == 1
        assert [link for link in links if link.endswith("/" + token)]
    assert f"/games/{game_id}/scribe/0" in page.text
    assert page.text.count('name="view" value="host"') == 1  # correction; nothing to undo


def test_qr_codes_carry_the_join_links(app, client):
    """The SVG on the page is exactly the QR code of each seat's public join link."""
    game_id, tokens = host(app)
    app.config["PUBLIC_BASE_URL"] = "http://192.168.1.20:5000"
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host").text
    with app.test_request_context():
        for seat, name in enumerate(["Ada", "Ben", "Cy"]):
            url = f"http://192.168.1.20:5000/games/{game_id}/join/{tokens.seats[seat]}"
            assert str(qr_svg(url, label=f"Join as {name}")) in page
        spectators = f"http://192.168.1.20:5000/games/{game_id}/join/{tokens.spectator}"
        assert str(qr_svg(spectators, label="Watch the table")) in page


def test_joined_seats_fold_their_qr_codes_away(app, client):
    game_id, _ = host(app)
    presence.seen(game_id, 1)
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host").text
    assert re.search(r'<details class="qr-seat" open data-seat="0">', page)
    assert re.search(r'<details class="qr-seat" data-seat="1">', page)


@pytest.mark.parametrize("role, seat", [("spectator", None), ("seat", 0), (None, None)])
def test_only_the_host_reaches_the_host_page(app, client, role, seat):
    game_id, _ = host(app)
    if role:
        as_role(client, game_id, role, seat)
    r = client.get(f"/games/{game_id}/host")
    assert r.status_code == 403
    assert client.get(f"/games/{game_id}/host/undo").status_code == 403
    assert client.get("/games/nope/host").status_code == 404


def test_the_host_link_opens_the_host_page_on_another_device(app, client):
    game_id, tokens = host(app)
    r = client.get(f"/games/{game_id}/host/join/{tokens.seats[0]}")
    assert r.status_code == 404
    with client.session_transaction() as s:
        assert game_id not in (s.get("games") or {})
    r = client.get(f"/games/{game_id}/host/join/{tokens.host}")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{game_id}/host"
    assert client.get(r.headers["Location"]).status_code == 200


def post_event(client, game_id, **form):
    return client.post(
        f"/games/{game_id}/events",
        data={"csrf_token": csrf_token_for(client), "view": "host", **form},
    )


def test_undo_takes_back_the_latest_event(app, client, store):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host").text
    assert page.count('name="view" value="host"') == 2  # undo and correction
    undo = client.get(f"/games/{game_id}/host/undo").text
    latest = store.last_seq(game_id)
    assert f'name="seqs" value="{latest}"' in undo and "Ada ended the turn" in undo
    r = post_event(client, game_id, type="retracted", seqs=str(latest), event_id="undo-0001")
    assert r.status_code == 200
    assert "Host undid: Ada ended the turn" in r.text
    again = post_event(client, game_id, type="retracted", seqs=str(latest), event_id="undo-0001")
    assert again.status_code == 200 and store.last_seq(game_id) == latest + 1  # stored once
    assert "Host corrected Ada" in client.get(f"/games/{game_id}/host/undo").text


def test_undo_past_a_reveal_is_refused_inline(app, client, store):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "host")
    seqs = [e.seq for e in store.events(game_id)][-4:]  # reaches past the Bonus card taken
    r = post_event(client, game_id, type="retracted", seqs=seqs)
    assert r.status_code == 422
    assert 'data-refusal="retraction_past_reveal"' in r.text
    assert "revealed" in r.text and 'id="undo"' in r.text
    r = post_event(client, game_id, type="retracted", seqs="1")
    assert r.status_code == 422 and "not the latest" in r.text


def test_corrections(app, client, store):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "host")
    before = store.last_seq(game_id)
    r = post_event(
        client, game_id, type="correction", player="1", money="0", fame="3", reason="Builder bonus"
    )
    assert r.status_code == 200 and 'id="correction"' in r.text
    assert "Host corrected Ben&#39;s fame by +3: Builder bonus" in r.text
    assert store.last_seq(game_id) == before + 1
    refused = post_event(
        client, game_id, type="correction", player="1", money="0", fame="3", reason="  "
    )
    assert refused.status_code == 422 and 'data-refusal="bad_correction"' in refused.text
    assert 'value="3"' in refused.text  # the form comes back filled
    bad = post_event(
        client, game_id, type="correction", player="1", money="lots", fame="0", reason="x"
    )
    assert bad.status_code == 422 and "whole number" in bad.text
    odd = post_event(
        client, game_id, type="correction", player="1", money="50", fame="0", reason="x"
    )
    assert odd.status_code == 422 and "100 Florin" in odd.text
    assert store.last_seq(game_id) == before + 1


@pytest.mark.parametrize("role, seat", [("spectator", None), ("seat", 1)])
def test_spectators_and_seats_cannot_undo_or_correct(app, client, store, role, seat):
    game_id, _ = mid_game(app)
    as_role(client, game_id, role, seat)
    latest = store.last_seq(game_id)
    assert (
        post_event(
            client, game_id, type="correction", player="1", money="0", fame="3", reason="mine"
        ).status_code
        == 403
    )
    r = post_event(client, game_id, type="retracted", seqs=str(latest))
    assert r.status_code == 403
    assert store.last_seq(game_id) == latest


def test_scribe_links_follow_the_seat_screen(app, client):
    game_id, _ = host(app)
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host").text
    for seat in range(3):
        assert f'href="/games/{game_id}/scribe/{seat}"' in page


def test_a_game_not_hosted_here_still_shows_a_host_page(app, client, store):
    game_id, _ = host(app)
    os.unlink(os.path.join(app.instance_path, "hosts", f"{game_id}.json"))
    as_role(client, game_id, "host")
    page = client.get(f"/games/{game_id}/host")
    assert page.status_code == 200 and "not kept on this server" in page.text
    play(app, game_id)
