"""The same card beyond the phone: "is this the Sculpteur?" wherever a card is taught or
named. A card typed under a new name with a known card's three wishes is asked about on the
catalog screen (one card, the deck pass, a known card's own form) and on the solo page; a
catalog file, which cannot answer, folds such a card into the known one (the screen's import
and `palazzo catalog import` alike). The catalog's history says who taught what, and says
"checked", not "taught" or "changed", when only a check was made."""

from __future__ import annotations

import io
import json
import re

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules.catalog import BUILTIN
from tests.games.princes.web.same_card import SCULPTEUR, french_sculpteur
from tests.games.princes.web.solo import alerts, draw, events, keep_hand
from tests.support.cli import run
from tests.support.phone_game import text
from tests.support.solo_phone import SoloPhone, teach_test_data
from tests.support.web_fixtures import csrf_token_for


def post(client, url: str, **fields):
    return client.post(url, data={"csrf_token": csrf_token_for(client), **fields})


def history(app, client, lang: str = "en") -> list[str]:
    client.get(f"/?lang={lang}")
    page = client.get("/catalog").text
    block = page[page.index('class="catalog-history"') :]
    return [text(li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


# -- the catalog screen ---------------------------------------------------------------------------


def test_the_catalog_screen_asks_and_the_card_gains_its_german_name(app, client):
    learned = french_sculpteur(app)
    client.get("/?lang=de")
    asked = post(client, "/catalog/professions", name_de="Bildhauer", **SCULPTEUR)
    assert asked.status_code == 422  # nothing kept until answered
    assert "data-same-card" in asked.text and "data-error" not in asked.text
    assert "Ist das der Sculpteur?" in text(asked.text)
    assert re.search(r'name="same" value="sculpteur"', asked.text)
    assert re.search(r'name="same" value="another"', asked.text)
    assert 'value="Bildhauer"' in asked.text  # what was typed stays
    assert "bildhauer" not in learned.catalog().professions

    r = post(client, "/catalog/professions", name_de="Bildhauer", same="sculpteur", **SCULPTEUR)
    assert r.status_code == 200, text(r.text)
    assert "Eine Karte: Sculpteur heißt auch Bildhauer." in text(r.text)
    known = learned.catalog().professions
    assert "bildhauer" not in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    assert known["sculpteur"].name == "Sculpteur"
    lines = history(app, client)
    assert lines[0].endswith(
        "The catalog screen, on the computer Palazzo runs on: Sculpteur is also called Bildhauer"
    )
    assert lines[1].endswith("Zoé's phone, in a game: taught Sculpteur: Studio, Forest, Religion")
    assert len(lines) == 2  # no "taught Bildhauer": nothing else was taught


def test_no_it_is_another_card_keeps_a_card_of_its_own(app, client):
    learned = french_sculpteur(app)
    r = post(client, "/catalog/professions", name_en="Stonemason", same="another", **SCULPTEUR)
    assert r.status_code == 200 and "Kept the Stonemason" in text(r.text)
    assert {"sculpteur", "stonemason"} <= set(learned.catalog().professions)
    assert history(app, client)[0].endswith("taught Stonemason: Studio, Forest, Religion")


def test_a_known_cards_own_form_adds_a_name_to_that_card(app, client):
    """The German name typed into the Sculpteur's own form (it carries the card's id) is that
    card's name: no question, no second card, the card keeps the name it was taught with."""
    learned = french_sculpteur(app)
    page = client.get("/catalog").text
    assert '<input type="hidden" name="id" value="sculpteur">' in page
    r = post(
        client,
        "/catalog/professions",
        id="sculpteur",
        name_fr="Sculpteur",
        name_de="Bildhauer",
        **SCULPTEUR,
    )
    assert r.status_code == 200 and "data-same-card" not in r.text
    known = learned.catalog().professions
    assert set(known) == set(BUILTIN.professions) | {"sculpteur"}
    assert (known["sculpteur"].name, known["sculpteur"].names) == (
        "Sculpteur",
        {"fr": "Sculpteur", "de": "Bildhauer"},
    )
    assert history(app, client)[0].endswith("Sculpteur is also called Bildhauer")


def test_checking_a_card_is_not_told_as_taught_or_changed(app, client):
    r = post(client, "/catalog/professions", id="alchemist", name_en="Alchemist",
             building="laboratory", landscape="lake", freedom="opinion")  # fmt: skip
    assert r.status_code == 200
    assert LearnedCatalog(app.instance_path).catalog().professions["alchemist"].verified
    [line] = history(app, client)
    assert line.endswith("checked Alchemist against the card: Laboratory, Lake, Opinion"), line


def test_the_deck_pass_asks_in_the_row(app, client):
    learned = french_sculpteur(app)
    rows = {"rows": "2", "name_0": "Bildhauer", "name_1": "Glasbläser"}
    rows.update({f"{k}_0": v for k, v in SCULPTEUR.items()})
    rows.update({"building_1": "workshop", "landscape_1": "lake", "freedom_1": "travel"})
    r = post(client, "/catalog/professions/deck", **rows)
    assert r.status_code == 422
    assert "Kept 1 card: Glasbläser." in text(r.text)  # the other row is kept
    assert re.search(r'name="same_0" value="sculpteur"', r.text)
    assert re.search(r'name="same_0" value="another"', r.text)
    assert "Is this the Sculpteur?" in text(r.text)
    assert 'name="rows" value="1"' in r.text and 'value="Bildhauer"' in r.text
    answer = {"rows": "1", "name_0": "Bildhauer", "same_0": "sculpteur"}
    answer.update({f"{k}_0": v for k, v in SCULPTEUR.items()})
    r = post(client, "/catalog/professions/deck", **answer)
    assert r.status_code == 200, text(r.text)
    known = learned.catalog().professions
    assert "bildhauer" not in known and known["sculpteur"].names == {
        "fr": "Sculpteur",
        "en": "Bildhauer",  # a deck row's name is in the reader's language
    }


# -- importing a catalog file ---------------------------------------------------------------------

GERMAN_CLUB = {
    "professions": {
        "bildhauer": {"name": "Bildhauer", "name_de": "Bildhauer", **SCULPTEUR},
        "glasblaser": {
            "name": "Glasbläser",
            "name_de": "Glasbläser",
            "building": "workshop",
            "landscape": "lake",
            "freedom": "travel",
        },
    }
}


def upload(client, body: dict, **fields):
    return client.post(
        "/catalog/import",
        data={
            "csrf_token": csrf_token_for(client),
            "file": (io.BytesIO(json.dumps(body).encode()), "catalog.json"),
            **fields,
        },
        content_type="multipart/form-data",
    )


def test_the_screens_import_names_the_known_card_and_tells_each_change(app, client):
    learned = french_sculpteur(app)
    r = upload(client, GERMAN_CLUB)
    assert r.status_code == 200, text(r.text)
    told = text(r.text[r.text.index("data-told") :].split("</ul>")[0])
    assert "An imported catalog file: Sculpteur is also called Bildhauer" in told
    assert "An imported catalog file: taught Glasbläser: Workshop, Lake, Travel" in told
    known = learned.catalog().professions
    assert "bildhauer" not in known and "glasblaser" in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    again = upload(client, GERMAN_CLUB)  # nothing new: said, and no history line
    assert again.status_code == 200 and "Nothing new in that file" in text(again.text)
    assert len(history(app, client)) == 3


def test_the_screens_import_refuses_to_overwrite_unless_told_to(app, client):
    learned = french_sculpteur(app)
    other = {"professions": {"sculpteur": {"name": "Sculpteur", "name_fr": "Sculpteur",
                                           **SCULPTEUR, "landscape": "park"}}}  # fmt: skip
    r = upload(client, other)
    assert r.status_code == 422 and "Nothing was imported" in text(r.text)
    assert "changed Sculpteur from Studio, Forest, Religion to Studio, Park, Religion" in text(
        r.text
    )
    assert "data-replacing" in r.text
    assert learned.catalog().professions["sculpteur"].landscape == "forest"
    r = upload(client, other, replace="1")
    assert r.status_code == 200 and learned.catalog().professions["sculpteur"].landscape == "park"


def test_palazzo_catalog_import_names_the_known_card(app, tmp_path):
    french_sculpteur(app)
    path = tmp_path / "german-club.json"
    path.write_text(json.dumps(GERMAN_CLUB), encoding="utf-8")
    out = run("catalog", "import", path, "--instance", app.instance_path)
    assert out.returncode == 0, out.stderr
    assert "named Sculpteur: Bildhauer, Sculpteur" in out.stdout
    assert "taught Glasbläser" in out.stdout
    known = LearnedCatalog(app.instance_path).catalog().professions
    assert "bildhauer" not in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}


# -- the solo page ----------------------------------------------------------------------------


def wolfgang_flips_an_unknown_card(app, client):
    """A solo game where a French phone taught the Sculpteur, at Wolfgang's flip of a card
    this installation does not know: (the catalog, the solo phone, the form that teaches it)."""
    teach_test_data(app.instance_path, professions=False)
    learned = french_sculpteur(app)
    solo = SoloPhone.start(client)
    keep_hand(solo, ["poet", "alchemist", "botanist"])
    draw(solo, 2)
    solo.tap(type="auctions_left")
    assert solo.step == "reveal"
    return learned, solo, solo.form(button="Teach it: that's the card")


def test_the_solo_page_asks_when_wolfgangs_card_is_taught(app, client):
    """Wolfgang flips a card the German player teaches as "Bildhauer": the Sculpteur a French
    phone taught. Asked first; answered yes, Wolfgang's card is the Sculpteur, which gains its
    German name; nothing is recorded while the question stands."""
    learned, solo, teach = wolfgang_flips_an_unknown_card(app, client)
    before = len(events(app, solo.game_id))
    solo.submit(teach, name_de="Bildhauer", **SCULPTEUR)
    assert solo.status == 422 and solo.step == "reveal"
    assert not alerts(solo.html)  # a question, not an error
    assert "Is this the Sculpteur?" in text(solo.html)
    assert re.search(r'name="same" value="sculpteur"', solo.html)
    assert re.search(r'name="same" value="another"', solo.html)
    assert 'value="Bildhauer"' in solo.html and re.search(
        r"<details class=\"teach\" open", solo.html
    )
    assert len(events(app, solo.game_id)) == before
    solo.submit(teach, name_de="Bildhauer", same="sculpteur", **SCULPTEUR)
    assert solo.status == 200, alerts(solo.html)
    log = [(e.type, e.payload.get("profession")) for e in events(app, solo.game_id)]
    assert ("automa_profession_revealed", "sculpteur") in log[before:]
    assert ("profession_taught", "sculpteur") in log[before:]
    known = learned.catalog().professions
    assert "bildhauer" not in known
    assert known["sculpteur"].names == {"fr": "Sculpteur", "de": "Bildhauer"}
    lines = history(app, client)
    assert lines[0].endswith("The host, in a game: Sculpteur is also called Bildhauer"), lines
    assert lines[1].endswith("Zoé's phone, in a game: taught Sculpteur: Studio, Forest, Religion")


def test_the_solo_page_keeps_another_card_of_its_own(app, client):
    learned, solo, teach = wolfgang_flips_an_unknown_card(app, client)
    solo.submit(teach, name_en="Stonemason", same="another", **SCULPTEUR)
    assert solo.status == 200, alerts(solo.html)
    assert {"sculpteur", "stonemason"} <= set(learned.catalog().professions)


def test_the_solo_starting_hand_asks_too(app, client):
    """Teaching a card for your starting hand: the same question; yes names the known card,
    which the hand then offers by its German name."""
    teach_test_data(app.instance_path, professions=False)
    learned = french_sculpteur(app)
    solo = SoloPhone.start(client)
    client.get("/?lang=de")
    solo.refresh()
    teach = next(f for f in solo.find(action="/solo/profession") if "owner" not in f.hidden)
    solo.submit(teach, name_de="Bildhauer", **SCULPTEUR)
    assert solo.status == 422 and solo.step == "starting_hand" and not alerts(solo.html)
    assert "Ist das der Sculpteur?" in text(solo.html)
    solo.submit(teach, name_de="Bildhauer", same="sculpteur", **SCULPTEUR)
    assert solo.status == 200, alerts(solo.html)
    assert learned.catalog().professions["sculpteur"].names == {
        "fr": "Sculpteur",
        "de": "Bildhauer",
    }
    hand = solo.form(type="starting_hand_chosen")
    assert "sculpteur" in hand.checkboxes["professions"]
    assert "bildhauer" not in hand.checkboxes["professions"]
    assert re.search(r'value="sculpteur"[^>]*>\s*<span>Bildhauer<', solo.html)


def test_with_the_whole_deck_known_the_question_is_still_asked(app, client):
    """21 cards known: no new card fits, but a known card may still gain a name."""
    learned = french_sculpteur(app)
    for i in range(17):
        wishes = {"building": "tower", "landscape": "forest", "freedom": "travel"}
        learned.teach({"professions": {f"card_{'abcdefghijklmnopq'[i]}": wishes}})
    assert len(learned.catalog().professions) == 21
    asked = post(client, "/catalog/professions", name_de="Bildhauer", **SCULPTEUR)
    assert asked.status_code == 422 and "data-same-card" in asked.text
    r = post(client, "/catalog/professions", name_de="Bildhauer", same="sculpteur", **SCULPTEUR)
    assert r.status_code == 200 and len(learned.catalog().professions) == 21
    assert learned.catalog().professions["sculpteur"].names["de"] == "Bildhauer"
