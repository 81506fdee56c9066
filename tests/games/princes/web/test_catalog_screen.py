"""The catalog screen: look freely; change only as a host (or on the serving machine)."""

from __future__ import annotations

import io
import json

import pytest

from companion.games.princes.learned import LearnedCatalog
from tests.games.princes.web.catalog_screen import import_file
from tests.support.table_games import as_role, host
from tests.support.web_fixtures import csrf_token_for

LAN = {"REMOTE_ADDR": "192.168.1.31"}


@pytest.fixture
def lan_client(app):
    """A phone on the Wi-Fi (the test client is otherwise the serving machine itself)."""
    client = app.test_client()
    client.environ_base.update(LAN)
    return client


def teach(client, **fields):
    return client.post(
        "/catalog/professions", data={"csrf_token": csrf_token_for(client), **fields}
    )


def test_anyone_may_look(lan_client):
    page = lan_client.get("/catalog")
    assert page.status_code == 200
    assert "Poet" in page.text and "built in, verified" in page.text
    assert "Alchemist" in page.text and "built in, unverified" in page.text
    assert "<strong>3</strong> of 21 Profession cards known" in page.text
    assert "only a host can change the catalog" in page.text
    assert 'action="/catalog/professions"' not in page.text


def test_a_phone_that_is_not_a_host_cannot_change_it(app, lan_client):
    r = teach(lan_client, name="Scribe", building="library", landscape="lake", freedom="opinion")
    assert r.status_code == 403
    game_id, _ = host(app)
    as_role(lan_client, game_id, "spectator")
    assert (
        teach(
            lan_client, name="Scribe", building="library", landscape="lake", freedom="opinion"
        ).status_code
        == 403
    )
    assert "scribe" not in LearnedCatalog(app.instance_path).catalog().professions


def test_a_host_teaches_a_card_with_three_taps(app, lan_client):
    game_id, _ = host(app)
    as_role(lan_client, game_id, "host")
    r = teach(
        lan_client,
        name="  Master  Builder ",
        building="library",
        landscape="lake",
        freedom="opinion",
    )
    assert r.status_code == 200 and "Kept the Master Builder: Library, Lake, Opinion." in r.text
    card = LearnedCatalog(app.instance_path).catalog().professions["master_builder"]
    assert (card.name, card.building, card.landscape, card.freedom, card.verified) == (
        "Master Builder",
        "library",
        "lake",
        "opinion",
        True,
    )
    assert "<strong>4</strong> of 21" in r.text and "taught, verified" in r.text


def test_checking_a_built_in_card_verifies_it(app, client):
    r = teach(client, name="Alchemist", building="laboratory", landscape="lake", freedom="opinion")
    assert r.status_code == 200
    assert LearnedCatalog(app.instance_path).catalog().professions["alchemist"].verified


def test_the_serving_machine_may_change_it_but_needs_the_csrf_token(app, client):
    r = client.post(
        "/catalog/professions",
        data={"name": "Scribe", "building": "library", "landscape": "lake", "freedom": "opinion"},
    )
    assert r.status_code == 403
    assert (
        teach(
            client, name="Scribe", building="library", landscape="lake", freedom="opinion"
        ).status_code
        == 200
    )


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"building": "library", "landscape": "lake", "freedom": "opinion"}, "name as printed"),
        (
            {
                "name": "Scribe<script>",
                "building": "library",
                "landscape": "lake",
                "freedom": "opinion",
            },
            "name as printed",
        ),
        (
            {"name": "Scribe", "building": "castle", "landscape": "lake", "freedom": "opinion"},
            "Tap the Building",
        ),
        (
            {"name": "Scribe", "building": "library", "landscape": "sea", "freedom": "opinion"},
            "Tap the Landscape",
        ),
        ({"name": "Scribe", "building": "library", "landscape": "lake"}, "Tap the Freedom"),
    ],
)
def test_bad_cards_are_refused_with_the_form_kept(app, client, fields, words):
    r = teach(client, **fields)
    assert r.status_code == 422 and words in r.text
    if fields.get("name") == "Scribe":
        assert 'value="Scribe"' in r.text
    assert len(LearnedCatalog(app.instance_path).catalog().professions) == 3


def test_a_22nd_card_is_refused(app, client):
    for i in range(18):
        assert (
            teach(
                client,
                name=f"Card {'abcdefghijklmnopqr'[i]}",
                building="tower",
                landscape="forest",
                freedom="travel",
                same="another",  # not the card before it with the same three wishes
            ).status_code
            == 200
        )
    page = client.get("/catalog").text
    assert "<strong>21</strong> of 21" in page and "Professions want a Forest" in page
    r = teach(client, name="One Too Many", building="tower", landscape="park", freedom="travel")
    assert r.status_code == 422 and "21 cards" in r.text


def test_landscape_sizes(app, client):
    token = csrf_token_for(client)
    r = client.post(
        "/catalog/landscapes", data={"csrf_token": token, "landscape": "forest", "cells": "4"}
    )
    assert r.status_code == 200 and "A Forest covers 4 squares." in r.text
    assert LearnedCatalog(app.instance_path).catalog().landscape_cells["forest"] == 4
    for form in (
        {"landscape": "forest", "cells": "0"},
        {"landscape": "forest", "cells": "13"},
        {"landscape": "forest", "cells": "x"},
        {"landscape": "sea", "cells": "3"},
    ):
        assert (
            client.post("/catalog/landscapes", data={"csrf_token": token, **form}).status_code
            == 422
        )
    lan = app.test_client()
    lan.environ_base.update(LAN)
    assert (
        lan.post(
            "/catalog/landscapes",
            data={"csrf_token": csrf_token_for(lan), "landscape": "lake", "cells": "3"},
        ).status_code
        == 403
    )


def test_export_and_import(app, client):
    teach(client, name="Scribe", building="library", landscape="lake", freedom="opinion")
    r = client.get("/catalog/export.json")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    exported = json.loads(r.text)
    assert exported["professions"]["scribe"]["building"] == "library"
    other = app.test_client()  # a second installation would import the same file
    exported["professions"]["weaver"] = {
        "name": "Weaver",
        "building": "studio",
        "landscape": "park",
        "freedom": "travel",
    }
    r = import_file(other, json.dumps(exported).encode())
    assert r.status_code == 200 and "5 Profession cards and 0 Automa cards known now" in r.text
    assert "weaver" in LearnedCatalog(app.instance_path).catalog().professions


@pytest.mark.parametrize(
    "body, words",
    [
        (b"not json", "Nothing was imported"),
        (b"[1, 2]", "one JSON object"),
        (b'{"professions": [1]}', "must be an object"),
        (
            b'{"professions": {"x": {"building": "castle", "landscape": "lake", "freedom": "travel"}}}',
            "unknown Building",
        ),
        (b'{"landscape_cells": {"forest": 99}}', "1 to 12 squares"),
        (b'{"spells": {}}', "Unknown catalog keys"),
        (b"\xff\xfe", "not a text"),
    ],
)
def test_a_bad_import_changes_nothing(app, client, body, words):
    before = LearnedCatalog(app.instance_path).export()
    r = client.post(
        "/catalog/import",
        data={"csrf_token": csrf_token_for(client), "file": (io.BytesIO(body), "catalog.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 422 and words in r.text
    assert LearnedCatalog(app.instance_path).export() == before


def test_import_without_a_file(client):
    r = client.post(
        "/catalog/import",
        data={"csrf_token": csrf_token_for(client)},
        content_type="multipart/form-data",
    )
    assert r.status_code == 422 and "Choose a catalog file" in r.text


def test_a_broken_catalog_file_is_reported_not_a_500(app, client):
    import os

    os.makedirs(app.instance_path, exist_ok=True)
    with open(os.path.join(app.instance_path, "catalog.json"), "w") as f:
        f.write("{broken")
    page = client.get("/catalog")
    assert page.status_code == 200 and "cannot be read" in page.text and "Poet" in page.text
    r = teach(client, name="Scribe", building="library", landscape="lake", freedom="opinion")
    assert r.status_code == 422 and "cannot be read" in r.text


def test_a_mistaken_entry_can_be_forgotten_and_frees_its_place(app, client):
    teach(client, name="Sculpter", building="workshop", landscape="forest", freedom="religion")
    assert "sculpter" in LearnedCatalog(app.instance_path).catalog().professions
    page = client.get("/catalog").text
    assert 'action="/catalog/professions/sculpter/forget"' in page
    assert 'action="/catalog/professions/poet/forget"' not in page  # built in: nothing to forget
    r = client.post(
        "/catalog/professions/sculpter/forget", data={"csrf_token": csrf_token_for(client)}
    )
    assert r.status_code == 200 and "Forgot that entry." in r.text
    assert "sculpter" not in LearnedCatalog(app.instance_path).catalog().professions
    r = client.post("/catalog/professions/poet/forget", data={"csrf_token": csrf_token_for(client)})
    assert r.status_code == 422


def test_forgetting_needs_the_right_to_change(app, lan_client):
    r = lan_client.post(
        "/catalog/professions/poet/forget", data={"csrf_token": csrf_token_for(lan_client)}
    )
    assert r.status_code == 403
