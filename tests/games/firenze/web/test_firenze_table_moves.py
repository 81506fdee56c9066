"""A real Firenze table through the Flask client, each move posted with the phone's (or host's) own form as
it renders: a card's cost brick by brick on the cards to its left, the Wholesaler on a card of 6
bricks, three new towers in one build, undo after undo, and the smaller points (messages with
the count, citations of the card, forms that keep what was typed, the default kind, whose phone
acts next, the board's wrong field marked)."""

from __future__ import annotations

import html
import json

from companion.web.recording import get_table
from tests.games.firenze.web.firenze_web import kept_tokens_in
from tests.support.firenze_table import (
    board_form,
    deal_row,
    host_game,
    page_forms,
    phone_form,
    to_thomas_with_a_wholesaler,
)
from tests.support.web_fixtures import csrf_token_for


def seated(app, client):
    """A hosted game with the row dealt and the three phones joined."""
    game_id = host_game(client)
    deal_row(client, game_id)
    tokens = kept_tokens_in(app, game_id)
    phones = []
    for seat in range(3):
        phone = app.test_client()
        phone.get(f"/games/{game_id}/join/{tokens.seats[seat]}")
        phones.append(phone)
    return game_id, phones


def me(phone, game_id):
    return phone.get(f"/firenze/{game_id}/me").text


def act(client, game_id, fields, status=200):
    response = client.post(f"/firenze/{game_id}/act", data=fields)
    assert response.status_code == status, response.text
    return response.text


def logged(app, game_id) -> list[dict]:
    return [json.loads(line) for line in get_table(app).export_jsonl(game_id).splitlines()]


def thomas_takes_the_wholesaler(app, client):
    """Thomas pays card 4 (the Wholesaler) with yellow on card 1, white on card 2, yellow on
    card 3, by changing one select of the phone's form, and turns over the next card."""
    game_id, phones = seated(app, client)
    table = get_table(app)
    to_thomas_with_a_wholesaler(table, game_id)
    thomas = phones[0]
    page = me(thomas, game_id)
    form = phone_form(page, "Take card 4", pay_2="white")
    # the default: the colour his storehouse holds most of (4 yellow, 2 white)
    assert {form[f"pay_{k}"] for k in (1, 3)} == {"yellow"}
    act(thomas, game_id, form)
    page = me(thomas, game_id)
    act(
        thomas,
        game_id,
        phone_form(
            page,
            "Put it in the row",
            name="Saboteur",
            **{f"brick_{i}": "purple" for i in range(4)},
        ),
    )
    return game_id, phones


def test_a_three_card_payment_in_mixed_colours_from_the_phones_form(app, client):
    game_id, _phones = thomas_takes_the_wholesaler(app, client)
    taken = [e for e in logged(app, game_id) if e["type"] == "card_taken"][-1]
    assert (taken["position"], taken["payment"]) == (4, ["yellow", "white", "yellow"])
    row = get_table(app).state(game_id)["row"]
    assert row[0]["bricks"]["yellow"] == 1 and row[0]["bricks"]["white"] == 2  # the Mason
    assert row[1]["bricks"]["white"] == 2 and sum(row[1]["bricks"].values()) == 6  # the Feast
    assert row[2]["bricks"]["yellow"] == 1 and row[2]["bricks"]["white"] == 4  # the Chapel
    board = html.unescape(client.get(f"/firenze/{game_id}/table").text)
    assert (
        "Thomas took card 4, Wholesaler, with 4 red bricks, paying yellow on card 1, white on "
        "card 2 and yellow on card 3" in board
    )


def test_a_payment_select_offers_only_the_colours_in_the_storehouse(app, client):
    game_id, phones = seated(app, client)
    forms = [f for f in page_forms(me(phones[0], game_id)) if f["button"] == "Take card 3"]
    assert forms[0]["selects"] == {"pay_1": ["white"], "pay_2": ["white"]}


def test_the_wholesaler_on_a_card_of_six_asks_for_six_bricks(app, client):
    game_id, phones = thomas_takes_the_wholesaler(app, client)
    thomas = phones[0]
    page = me(thomas, game_id)
    wholesale = [f for f in page_forms(page) if f["fields"].get("card") == "Wholesaler"]
    asked = {
        f["fields"]["position"]: len([k for k in f["selects"] if k.startswith("brick_")])
        for f in wholesale
    }
    assert asked == {"1": 7, "2": 6, "3": 5, "4": 4, "5": 4, "6": 4}
    new = ["yellow", "yellow", "yellow", "white", "white", "green"]
    short = phone_form(page, "Wholesaler: replace the 6 bricks on card 2", brick_5="")
    refused = act(thomas, game_id, short, status=422)
    assert "Card 2 holds 6 bricks: draw 6 new ones for it" in html.unescape(refused)
    assert "Rule: Firenze rulebook, Wholesaler card" in html.unescape(refused)
    # what was chosen stays chosen, that card's form stays open
    assert 'data-wholesale="2" open' in refused
    fields = phone_form(
        refused,
        "Wholesaler: replace the 6 bricks on card 2",
        **{f"brick_{i}": c for i, c in enumerate(new)},
    )
    act(thomas, game_id, fields)
    played = logged(app, game_id)[-1]
    assert (played["card"], played["position"], sorted(played["bricks"])) == (
        "Wholesaler",
        2,
        sorted(new),
    )
    feast = get_table(app).state(game_id)["row"][1]["bricks"]
    assert feast == {"white": 2, "yellow": 3, "green": 1, "red": 0, "blue": 0, "purple": 0}


def test_three_new_towers_in_one_build_from_the_phones_form(app, client):
    game_id, phones = thomas_takes_the_wholesaler(app, client)
    thomas = phones[0]
    page = me(thomas, game_id)
    new = ["green", "green", "green", "green", "green", "green"]
    act(
        thomas,
        game_id,
        phone_form(
            page,
            "Wholesaler: replace the 4 bricks on card 4",
            **{f"brick_{i}": c for i, c in enumerate(new[:4])},
        ),
    )
    page = me(thomas, game_id)
    # a row for each new tower the 6 bricks of a turn allow
    assert all(f'name="new_bricks_{i}"' in page for i in range(6))
    build = dict(
        new_colour_0="red",
        new_bricks_0="1",
        new_colour_1="red",
        new_bricks_1="1",
        new_colour_2="yellow",
        new_bricks_2="1",
    )
    # a wrong cost is refused, and the form keeps the three towers typed
    refused = act(thomas, game_id, phone_form(page, "Build", **build), status=422)
    assert "3 bricks cost 1 more from your storehouse" in html.unescape(refused)
    kept = phone_form(refused, "Build")
    assert {k: kept[k] for k in build} == build
    act(thomas, game_id, phone_form(refused, "Build", cost_white="1"))
    built = logged(app, game_id)[-1]
    assert built["build"] == [
        {"colour": "red", "bricks": 1},
        {"colour": "red", "bricks": 1},
        {"colour": "yellow", "bricks": 1},
    ]
    assert built["cost"] == ["white"]
    towers = get_table(app).state(game_id)["players"][0]["towers"]
    assert [(t["colour"], t["bricks"]) for t in towers] == [("red", 1), ("red", 1), ("yellow", 1)]


def test_undo_after_undo_from_the_host_page_each_saying_what_it_took_back(app, client):
    game_id, phones = thomas_takes_the_wholesaler(app, client)
    thomas = phones[0]
    act(
        thomas,
        game_id,
        phone_form(
            me(thomas, game_id),
            "Wholesaler: replace the 6 bricks on card 2",
            **{f"brick_{i}": "yellow" for i in range(6)},
        ),
    )
    act(
        thomas,
        game_id,
        phone_form(me(thomas, game_id), "Build", new_colour_0="red", new_bricks_0="2"),
    )
    host = client.get(f"/firenze/{game_id}/host").text
    first = phone_form(host, "Undo the latest event")
    undone = act(client, game_id, first)
    assert "Undone: Thomas built a new red tower of 2 bricks" in html.unescape(undone)
    second = phone_form(undone, "Undo the latest event")
    assert second["seq"] != first["seq"]
    undone = act(client, game_id, second)
    assert "Undone: Thomas played Wholesaler" in html.unescape(undone)
    log = logged(app, game_id)
    assert [e["type"] for e in log[-2:]] == ["retracted", "retracted"]
    assert log[-2]["seqs"] == [int(first["seq"])] and log[-1]["seqs"] == [int(second["seq"])]
    assert [e["type"] for e in log if e["seq"] in (int(first["seq"]), int(second["seq"]))] == [
        "card_played",
        "towers_built",
    ]
    # next is the card turned over: the page says why it stays, and offers no undo
    assert "A card turned over cannot be taken back" in html.unescape(undone)
    assert not [f for f in page_forms(undone) if f["button"].startswith("Undo")]
    state = get_table(app).state(game_id)
    assert state["pending"]["event"]["name"] == "Wholesaler"  # to be resolved again
    board = html.unescape(client.get(f"/firenze/{game_id}/table").text)
    assert "<s>Thomas built a new red tower of 2 bricks</s> (undone)" in board
    assert "<s>Thomas played Wholesaler</s> (undone)" in board


def test_the_host_page_says_whose_phone_acts_next(app, client):
    game_id, phones = seated(app, client)
    host = html.unescape(client.get(f"/firenze/{game_id}/host").text)
    assert "Next: Thomas plays their turn, on their phone." in host
    act(phones[0], game_id, phone_form(me(phones[0], game_id), "Take card 1"))
    host = html.unescape(client.get(f"/firenze/{game_id}/host").text)
    assert "Next: Thomas turns over the next card for the row, on their phone." in host


def test_the_card_form_keeps_what_was_typed_and_defaults_to_personnel(app, client):
    game_id, phones = seated(app, client)
    thomas = phones[0]
    act(thomas, game_id, phone_form(me(thomas, game_id), "Take card 1"))
    page = me(thomas, game_id)
    assert phone_form(page, "Put it in the row")["kind"] == "personnel"
    fields = phone_form(page, "Put it in the row", name="Mason", brick_0="red", brick_1="red")
    refused = act(thomas, game_id, fields, status=422)  # 2 bricks, not 4
    assert "Put 4 bricks from the pouch on the new card" in html.unescape(refused)
    again = phone_form(refused, "Put it in the row")
    assert (again["name"], again["brick_0"], again["brick_1"], again["brick_2"]) == (
        "Mason",
        "red",
        "red",
        "",
    )


def test_the_board_form_marks_the_wrong_field_and_keeps_every_value(client):
    form = board_form(csrf_token_for(client))
    green5 = next(k for k, v in form.items() if k.startswith("h_green_") and v == "5")
    row = green5.rsplit("_", 1)[1]
    form[f"pp_green_{row}"] = "3"  # the rulebook prints 4
    form["h_red_2"] = "x"
    response = client.post("/firenze/board", data=form)
    assert response.status_code == 422
    page = response.text
    # a field that is no number first: marked, with every value as typed
    marked = [f for f in _inputs(page) if f.get("aria-invalid") == "true"]
    assert [(f["name"], f["value"]) for f in marked] == [("h_red_2", "x")]
    assert "Fill in each marked field with a whole number from the board" in page
    form["h_red_2"] = "4"
    page = client.post("/firenze/board", data=form).text
    marked = [f for f in _inputs(page) if f.get("aria-invalid") == "true"]
    assert [f["name"] for f in marked] == [f"pp_green_{row}"]
    assert marked[0]["value"] == "3"
    assert "green commission for 5 levels at 4 PP" in page
    values = {f["name"]: f["value"] for f in _inputs(page)}
    assert all(values[k] == v for k, v in form.items() if k in values)


def _inputs(page: str) -> list[dict]:
    from html.parser import HTMLParser

    found: list[dict] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "input" and dict(attrs).get("type") == "number":
                found.append({k: v or "" for k, v in attrs})

    Reader().feed(page)
    return found
