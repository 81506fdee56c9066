"""A first game without friction and the Automa deck before play: the
whole Profession deck in one pass, one id for a card on every screen, the 21 Automa
cards with one compact editor (a refused card kept to fix), the deck's counts by back, and a
club's catalog brought by file or by another installation's link and QR code."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image
from pyzbar.pyzbar import decode

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.teaching import profession_id
from tests.games.princes.web.catalog_teaching import DECK, editor_form
from tests.support.phone_game import as_seat, choose_hands, host_game, post_teach, to_action_phase
from tests.support.servers import Served
from tests.support.web_fixtures import csrf_token_for


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#39;", "'")


def checked(page: str, name: str) -> str | None:
    m = re.search(rf'name="{re.escape(name)}" value="([^"]*)"[^>]*\bchecked', page)
    return m.group(1) if m else None


def without_marks(card: dict) -> dict:
    return {k: v for k, v in card.items() if k != "test_data"}


# -- the Profession deck in one pass ----------------------------------------------------------


def test_one_id_for_a_card_on_every_screen():
    assert profession_id("Café Owner") == "cafe_owner"
    assert profession_id("  Master   Builder 2 ") == "master_builder_2"
    assert profession_id("Señor Ñandú") == "senor_nandu"


def test_the_whole_deck_in_one_pass(app, client):
    names = "Café Owner\nMaster Builder 2\nScribe\n"
    page = client.get("/catalog/professions/deck", query_string={"names": names})
    assert page.status_code == 200
    assert 'name="name_0"' in page.text and 'value="Café Owner"' in page.text
    assert 'value="Master Builder 2"' in page.text and 'name="name_3"' not in page.text
    form = {
        "csrf_token": csrf_token_for(client),
        "rows": "3",
        **{"name_0": "Café Owner", "building_0": "opera", "landscape_0": "park"},
        "freedom_0": "travel",
        **{"name_1": "Master Builder 2", "building_1": "tower", "landscape_1": "forest"},
        "freedom_1": "religion",
        **{"name_2": "Scribe", "building_2": "library"},  # two taps missing
    }
    r = client.post("/catalog/professions/deck", data=form)
    assert r.status_code == 422
    words = text(r.text)
    assert "Kept 2 cards: Café Owner and Master Builder 2." in words
    assert "Tap the Landscape the card shows. Tap the Freedom the card shows." in words
    assert 'value="Scribe"' in r.text and checked(r.text, "building_0") == "library"
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert (
        known["cafe_owner"].name == "Café Owner" and known["master_builder_2"].building == "tower"
    )
    assert "scribe" not in known
    page = client.get("/catalog").text
    assert "Taught Café Owner: Opera, Park, Travel" in text(page).replace("taught", "Taught")


def test_without_a_list_of_names_the_pass_offers_a_row_per_missing_card(client):
    page = client.get("/catalog/professions/deck").text
    assert len(re.findall(r'<fieldset class="card deck-row"', page)) == 18  # 21 - 3 built in
    assert "Type the names first, one a line" in page


def test_a_phone_that_is_not_a_host_cannot_teach_the_deck(app):
    lan = app.test_client()
    lan.environ_base.update({"REMOTE_ADDR": "192.168.1.31"})
    r = lan.post(
        "/catalog/professions/deck",
        data={
            "csrf_token": csrf_token_for(lan),
            "rows": "1",
            "name_0": "Scribe",
            "building_0": "library",
            "landscape_0": "lake",
            "freedom_0": "opinion",
        },
    )
    assert r.status_code == 403
    assert "scribe" not in LearnedCatalog(app.instance_path).catalog().professions


def test_seat_and_catalog_screen_give_cafe_owner_one_id(app, client):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)
    as_seat(client, game_id, 0)
    resend = json.dumps({"type": "profession_taken", "player": 0})
    r = post_teach(
        client,
        game_id,
        what="profession",
        resend=resend,
        name="Café Owner",
        building="opera",
        landscape="park",
        freedom="travel",
    )
    assert r.status_code == 200 and "Ada took the Café Owner (Profession card)" in text(r.text)
    assert "cafe_owner" in LearnedCatalog(app.instance_path).catalog().professions
    # the catalog screen reads the same name as the same card: a check, not a 22nd card
    token = csrf_token_for(client)
    r = client.post(
        "/catalog/professions",
        data={
            "csrf_token": token,
            "name": "Café Owner",
            "building": "opera",
            "landscape": "park",
            "freedom": "travel",
        },
    )
    assert r.status_code == 200
    ids = [p for p in LearnedCatalog(app.instance_path).catalog().professions if "caf" in p]
    assert ids == ["cafe_owner"]


# -- the Automa deck ----------------------------------------------------------------------------


def test_the_automa_deck_in_one_pass(app, client):
    page = client.get("/catalog/automa")
    assert page.status_code == 200 and "<strong data-known>0</strong> of 21" in page.text
    # sensible defaults: card 1, rounds 1-2, no object placed yet, "—" and "the same"
    assert 'name="card"' in page.text and 'value="1"' in page.text
    assert checked(page.text, "rounds") == "1-2" and checked(page.text, "at_prestige") is None
    assert checked(page.text, "mod4_jester") == "none"
    assert checked(page.text, "mod5_jester") == "same"
    token = csrf_token_for(client)
    for n, (number, card) in enumerate(sorted(DECK.items(), key=lambda kv: int(kv[0])), 1):
        r = client.post("/catalog/automa", data={"csrf_token": token, **editor_form(number, card)})
        assert r.status_code == 200, text(r.text)[:400]
        assert f"Kept Automa card {number} ({n} of 21)." in text(r.text)
    assert "Palazzo knows the whole deck" in text(r.text)
    known = LearnedCatalog(app.instance_path).catalog().automa_cards
    assert {k: v for k, v in known.items()} == {k: without_marks(v) for k, v in DECK.items()}
    # and it travels with the rest of the catalog
    exported = json.loads(client.get("/catalog/export.json").text)
    assert len(exported["automa_cards"]) == 21


def test_a_refused_card_is_kept_to_fix(app, client):
    token = csrf_token_for(client)
    ones = [(n, c) for n, c in DECK.items() if c["rounds"] == "1-2"]
    for number, card in ones:  # the six cards of rounds 1-2
        client.post("/catalog/automa", data={"csrf_token": token, **editor_form(number, card)})
    number, card = next((n, c) for n, c in DECK.items() if c["rounds"] == "3-4")
    typed = editor_form(number, {**card, "rounds": "1-2"})  # a seventh 1-2 back: a misread
    r = client.post("/catalog/automa", data={"csrf_token": token, **typed})
    assert r.status_code == 422
    assert "The deck has 6 cards with rounds 1-2 on the back" in text(r.text)
    for key, value in typed.items():
        if key.startswith(("at_", "mod4_", "mod5_", "first_", "second_")):
            assert checked(r.text, key) == value, key
    assert re.search(rf'name="card"[^>]*value="{number}"', r.text)
    assert number not in LearnedCatalog(app.instance_path).catalog().automa_cards
    # a mistake on the card itself: kept too
    first, second = (item["object"] for item in card["auction"][:2])
    broken = {**editor_form(number, card), f"at_{second}": "1"}  # two objects at place 1
    r = client.post("/catalog/automa", data={"csrf_token": token, **broken})
    assert r.status_code == 422 and "are both at place 1" in text(r.text)
    assert checked(r.text, f"at_{second}") == "1" and checked(r.text, f"at_{first}") == "1"


def test_a_known_card_opens_in_the_editor_as_it_is(app, client):
    token = csrf_token_for(client)
    card = DECK["7"]
    client.post("/catalog/automa", data={"csrf_token": token, **editor_form("7", card)})
    page = client.get("/catalog/automa", query_string={"card": "7"}).text
    assert checked(page, "rounds") == card["rounds"]
    assert checked(page, f"at_{card['auction'][0]['object']}") == "1"
    assert checked(page, "first_0") == card["first_action"][0]


def test_only_a_host_keeps_automa_cards(app):
    lan = app.test_client()
    lan.environ_base.update({"REMOTE_ADDR": "192.168.1.31"})
    r = lan.post(
        "/catalog/automa", data={"csrf_token": csrf_token_for(lan), **editor_form("1", DECK["1"])}
    )
    assert r.status_code == 403
    assert not LearnedCatalog(app.instance_path).catalog().automa_cards


# -- bringing a club's catalog -------------------------------------------------------------------


def test_a_club_brings_its_catalog_by_link_and_qr(app, live_server, phone, tmp_path):
    """Installation A shows a QR code of its catalog link; on installation B's catalog screen
    the browser fetches that link itself (B's server fetches nothing) and uploads what it got."""
    app.config["PUBLIC_BASE_URL"] = live_server
    a = LearnedCatalog(app.instance_path)
    a.teach_profession("cafe_owner", "opera", "park", "travel", name="Café Owner")
    a.teach({"automa_cards": {"1": DECK["1"]}, "landscape_cells": {"forest": 4}})
    import urllib.request

    png = urllib.request.urlopen(f"{live_server}/catalog/share.png", timeout=5).read()
    [found] = decode(Image.open(io.BytesIO(png)))
    link = found.data.decode()
    assert link == f"{live_server}/catalog/export.json"
    club_b = Served(tmp_path / "club-b")  # the serving machine's own browser may change it
    try:
        phone.goto(f"{club_b.url}/catalog")
        phone.fill("#import-url", link)
        with phone.expect_navigation():
            phone.click("form[data-fetch-catalog] button[type=submit]")
        assert "Imported:" in phone.inner_text("main")
        # a link that cannot be fetched from the browser says to bring the file instead
        phone.fill("#import-url", "http://127.0.0.1:9/catalog/export.json")
        phone.click("form[data-fetch-catalog] button[type=submit]")
        phone.wait_for_selector("[data-fetch-status]:has-text('Download the catalog file')")
    finally:
        club_b.stop()
    known = LearnedCatalog(tmp_path / "club-b").catalog()
    assert known.professions["cafe_owner"].name == "Café Owner"
    assert known.automa_cards["1"]["auction"] == DECK["1"]["auction"]
    assert known.landscape_cells["forest"] == 4
    history = LearnedCatalog(tmp_path / "club-b").history()
    assert any(h["what"] == "Café Owner" and link in h["by"] for h in history)


def test_the_server_fetches_no_link(app, client):
    """There is no route that takes a URL to fetch; a file upload may say where it came from,
    for the history's words only (anything but an http link is not repeated)."""
    token = csrf_token_for(client)
    r = client.post("/catalog/import-link", data={"csrf_token": token, "url": "http://x/"})
    assert r.status_code in (404, 405)
    for lake, link, by in (
        (3, "http://192.168.1.20:5000/catalog/export.json", "the catalog at http://192.168.1.20"),
        (4, "file:///etc/passwd", "an imported catalog file"),
        (5, "", "an imported catalog file"),
    ):
        body = json.dumps({"landscape_cells": {"lake": lake}}).encode()
        r = client.post(
            "/catalog/import",
            data={
                "csrf_token": token,
                "link": link,
                "replace": "1",  # each file changes the Lake's size the one before taught
                "file": (io.BytesIO(body), "catalog.json"),
            },
            content_type="multipart/form-data",
        )
        assert r.status_code == 200, text(r.text)[:300]
        assert LearnedCatalog(app.instance_path).history()[0]["by"].startswith(by)
    # the catalog page lets its own script fetch another Palazzo's link; no other page does
    policy = client.get("/catalog").headers["Content-Security-Policy"]
    assert "connect-src 'self' http: https:" in policy
    assert "connect-src 'self';" in client.get("/").headers["Content-Security-Policy"]


def test_the_host_is_offered_the_deck_pass_before_play(app):
    from tests.support.table_games import as_role, host

    game_id, _ = host(app)
    lan = app.test_client()
    lan.environ_base.update({"REMOTE_ADDR": "192.168.1.31"})  # the host's phone, not the server
    as_role(lan, game_id, "host")
    page = lan.get(f"/games/{game_id}/host").text
    assert "Palazzo knows 3 of 21 Profession cards" in page
    link = re.search(r'href="(/catalog/professions/deck\?back=[^"]+)"', page).group(1)
    deck = lan.get(link.replace("&amp;", "&")).text
    assert f'href="/games/{game_id}/host" data-back' in deck
    r = lan.post(
        "/catalog/professions/deck",
        data={
            "csrf_token": csrf_token_for(lan),
            "rows": "1",
            "back": f"/games/{game_id}/host",
            "name_0": "Scribe",
            "building_0": "library",
            "landscape_0": "lake",
            "freedom_0": "opinion",
        },
    )
    assert r.status_code == 200 and "Kept 1 card: Scribe." in text(r.text)
    assert f'href="/games/{game_id}/host" data-back' in r.text
    # a link elsewhere is not followed back
    assert "data-back" not in lan.get("/catalog/professions/deck?back=https://evil.test/").text


@pytest.mark.parametrize(
    "path, data",
    [
        ("/catalog/automa", {"card": "\x00", "at_jester": "x" * 5000, "mod4_jester": "[[[["}),
        ("/catalog/automa", {"card": "7", "rounds": "9-9", "first_0": "\x00"}),
        ("/catalog/professions/deck", {"rows": "99999", "name_0": "\x00", "building_0": "{}"}),
        ("/catalog/professions/deck", {"rows": "-1"}),
        ("/catalog/import", {"link": "http://exa\x00mple.test/"}),
        ("/catalog/import", {"link": "http://" + "a" * 600}),
    ],
)
def test_junk_is_refused_not_crashed(app, client, path, data):
    before = LearnedCatalog(app.instance_path).export()
    r = client.post(path, data={"csrf_token": csrf_token_for(client), **data})
    assert r.status_code == 422, r.text[:300]
    assert LearnedCatalog(app.instance_path).export() == before


def test_a_seat_learns_only_what_is_new_the_host_changes():
    """LearnedCatalog: learn_new never changes a known entry; teach does, with its history."""
    import tempfile

    store = LearnedCatalog(tempfile.mkdtemp())
    poet = {"name": "Poet", "building": "opera", "landscape": "park", "freedom": "religion"}
    store.learn_new({"professions": {"poet": poet}}, "a player's phone")
    assert store.catalog().professions["poet"].building == "theater"  # built in, unchanged
    assert store.history() == []
    store.learn_new({"landscape_cells": {"forest": 4}}, "a player's phone")
    store.learn_new({"landscape_cells": {"forest": 12}}, "a player's phone")
    assert store.catalog().landscape_cells["forest"] == 4
    store.teach({"landscape_cells": {"forest": 5}}, "the host")
    assert store.catalog().landscape_cells["forest"] == 5
    assert [(h["by"], h["from"], h["to"]) for h in store.history()] == [
        ("the host", "4 squares", "5 squares"),
        ("a player's phone", None, "4 squares"),
    ]
