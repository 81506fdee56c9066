"""Firenze's screens through the Flask client: hosting, the row dealt, a turn from a phone,
refusals inline, and secrets: a hand is shown on its owner's phone only."""

from __future__ import annotations

import re

from tests.games.firenze.web.firenze_web import kept_tokens_in
from tests.support.firenze_table import board_form, deal_row, host_form, host_game, turned_over
from tests.support.web_fixtures import csrf_token_for


def test_hosting_needs_the_taught_board_first(client):
    page = client.get("/firenze/host").text
    assert "does not know the Firenze board yet" in page
    assert "Host Firenze" in client.get("/").text


def test_a_firenze_turn_from_a_phone_with_refusals_inline_and_hands_private(app, client):
    game_id = host_game(client)
    host_page = client.get(f"/firenze/{game_id}/host").text
    assert "Turn over the next card" in host_page and "<svg" in host_page  # QR codes
    deal_row(client, game_id)
    tokens = kept_tokens_in(app, game_id)
    thomas, holger = app.test_client(), app.test_client()
    # the Princes' join link leads a Firenze seat to Firenze's phone screen
    response = thomas.get(f"/games/{game_id}/join/{tokens.seats[0]}")
    assert response.headers["Location"].endswith(f"/firenze/{game_id}/me")
    holger.get(f"/games/{game_id}/join/{tokens.seats[1]}")
    page = thomas.get(f"/firenze/{game_id}/me").text
    assert "Your turn" in page and "Take card 3" in page
    # the leftmost card costs nothing (Card Costs), said as such, never "costs 0 bricks"
    assert "Card 1 · free" in page and "Card 2 · costs 1 brick" in page and "costs 0" not in page
    token = csrf_token_for(thomas)
    act = f"/firenze/{game_id}/act"
    refused = thomas.post(
        act, data={"csrf_token": token, "action": "take", "position": "3", "pay_1": "white"}
    )
    assert refused.status_code == 422 and "Card 3 costs 2 bricks" in refused.text
    taken = thomas.post(act, data={"csrf_token": token, "action": "take", "position": "1"})
    assert taken.status_code == 200 and "Turn over the next card" in taken.text
    revealed = thomas.post(
        act,
        data={"csrf_token": token, **turned_over("Botch", "event", "white")},
    )
    assert revealed.status_code == 200, revealed.text
    assert "Princess" in revealed.text  # his hand, on his phone
    built = thomas.post(
        act,
        data={"csrf_token": token, "action": "build", "new_colour_0": "white", "new_bricks_0": "2"},
    )
    assert "White 2: 1 PP" in built.text
    fulfilled = thomas.post(act, data={"csrf_token": token, "action": "fulfil", "tower": "1"})
    assert "1&nbsp;PP" in fulfilled.text
    # Holger may not act for Thomas, and never sees Thomas's hand
    other = holger.post(act, data={"csrf_token": csrf_token_for(holger), "action": "end"})
    assert other.status_code == 422 and "Thomas&#39;s turn" in other.text
    assert "Princess" not in holger.get(f"/firenze/{game_id}/me").text
    table = client.get(f"/firenze/{game_id}/table").text
    # the card taken is named (everyone saw it), what the hand holds is only counted
    assert "Thomas took card 1, Princess, with 4 yellow bricks" in table
    assert "Princess" not in table[table.index("Construction sites") :]
    assert "Cards in hand: 1" in table
    ended = thomas.post(act, data={"csrf_token": token, "action": "end"})
    assert ended.status_code == 200 and "Holger's turn" in ended.text
    # the Princes' screens send a Firenze game to its own
    assert (
        client.get(f"/games/{game_id}/table")
        .headers["Location"]
        .endswith(f"/firenze/{game_id}/table")
    )


def test_a_board_that_contradicts_the_rulebook_is_not_kept(client):
    from tests.support.firenze_table import board_form

    form = board_form(csrf_token_for(client))
    green5 = next(k for k, v in form.items() if k.startswith("h_green_") and v == "5")
    form["pp_green_" + green5.rsplit("_", 1)[1]] = "3"  # the rulebook prints 4
    response = client.post("/firenze/board", data=form)
    assert response.status_code == 422
    assert "green commission for 5 levels at 4 PP" in response.text
    assert "does not know the Firenze board yet" in client.get("/firenze/host").text


def test_the_end_shows_a_breakdown_per_player(app, client):
    from companion.web.recording import get_table
    from tests.support.firenze_game import events

    log = events() + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}]
    game_id = host_game(client)
    table = get_table(app)
    for ev in log[1:]:
        table.record(game_id, ev, by="host")
    page = client.get(f"/firenze/{game_id}/table").text
    assert "Final scoring" in page
    for name, total in (("Thomas", 37), ("Holger", 14), ("Daniela", 11)):
        assert f"<strong>{total}</strong>" in page and name in page
    assert "Thomas (wins)" in page
    assert "white 2, yellow 3, red 4, purple 5" in re.sub(r"<[^>]+>", "", page)
    log_text = client.get(f"/games/{game_id}/log.jsonl").text  # the host's download
    assert log_text.count("\n") == len(log)


def test_a_cards_effect_on_others_a_church_card_a_building_and_the_monument_from_phones(
    app, client
):
    """The recording's gaps closed: the phone records what a card did to other players, a Church card's
    fulfilment, a Building's use (once a turn, ruling F16) and the Monument received outside
    one's turn (ruling F15); each is the seat's own event, checked by the engine."""
    from companion.web.recording import get_table
    from tests.support.firenze_deal import draw

    game_id = host_game(client)
    deal_row(client, game_id)  # Princess, Mason, Workshop, Feast, Fair, Chapel
    tokens = kept_tokens_in(app, game_id)
    phones = []
    for seat in range(3):
        phone = app.test_client()
        phone.get(f"/games/{game_id}/join/{tokens.seats[seat]}")
        phones.append((phone, csrf_token_for(phone)))
    act = f"/firenze/{game_id}/act"
    table = get_table(app)

    def post(seat, **data):
        phone, token = phones[seat]
        return phone.post(act, data={"csrf_token": token, **data})

    def reveal(name, kind):
        bricks = draw(table.state(game_id))
        table.record(
            game_id,
            {
                "type": "card_revealed",
                "card": {"name": name, "kind": kind, "start": True},
                "bricks": bricks,
            },
            by="host",
        )

    def state():
        return table.state(game_id)

    # Thomas takes the Workshop (card 3, two white), and uses it: 1 blue from the pouch to
    # Holger, Holger +2 PP, 1 yellow to himself
    assert post(0, action="take", position="3", pay_1="white", pay_2="white").status_code == 200
    reveal("Monument", "celebration")
    page = phones[0][0].get(f"/firenze/{game_id}/me").text
    assert "Use it (once a turn)" in page and "What it did to Holger" in page
    used = post(0, action="play", card="Workshop", gain_yellow="1", p1_gain_blue="1", p1_pp="2")
    assert used.status_code == 200, used.text
    assert (
        'Workshop</strong> <span class="hint">Building, in front of you: used this turn'
        in used.text
    )
    s = state()
    assert s["players"][1]["storehouse"]["blue"] == 1 and s["players"][1]["pp"] == 2
    assert s["players"][0]["storehouse"]["yellow"] == 1
    before = table.seq(game_id)
    again = post(0, action="play", card="Workshop", gain_yellow="1")
    assert again.status_code == 422 and "once a turn" in again.text
    assert state()["players"][0]["storehouse"]["yellow"] == 1  # nothing changed
    assert table.seq(game_id) == before
    # a seat acts only for itself: Holger cannot use Thomas's Workshop
    assert post(1, action="play", card="Workshop").status_code == 422
    assert post(0, action="end").status_code == 200

    # Holger takes the Chapel (card 5 now, four bricks) onto a church space and fulfils it:
    # 1 white from him to Daniela, Daniela +1 PP
    assert (
        post(
            1,
            action="take",
            position="5",
            pay_1="white",
            pay_2="white",
            pay_3="white",
            pay_4="blue",
        ).status_code
        == 200
    )
    reveal("Clerk", "personnel")
    page = phones[1][0].get(f"/firenze/{game_id}/me").text
    assert "A Church card's effect is fulfilled" in page
    before = table.seq(game_id)
    refused = post(1, action="church", card="Chapel", xfer_from="2", xfer_to="1", xfer_white="9")
    assert table.seq(game_id) == before
    assert (
        refused.status_code == 422
        and "Daniela&#39;s storehouse has too few white bricks" in refused.text
    )
    assert state()["church"] == [{"name": "Chapel", "kind": "church", "start": True}]
    done = post(
        1, action="church", card="Chapel", xfer_from="1", xfer_to="2", xfer_white="1", p2_pp="1"
    )
    assert done.status_code == 200, done.text
    s = state()
    assert s["church"] == [] and s["discard"][-1]["name"] == "Chapel"
    assert s["players"][2]["storehouse"]["white"] == 5 and s["players"][2]["pp"] == 1
    assert post(1, action="end").status_code == 200

    # Daniela takes the Monument (card 5, four white); Thomas receives it during her turn
    assert (
        post(
            2,
            action="take",
            position="5",
            pay_1="white",
            pay_2="white",
            pay_3="white",
            pay_4="white",
        ).status_code
        == 200
    )
    reveal("Clerk", "personnel")
    page = phones[0][0].get(f"/firenze/{game_id}/me").text
    assert "Did the Monument come to you?" in page and '<option value="hand:2">Daniela' in page
    assert "Did the Monument come to you?" not in phones[2][0].get(f"/firenze/{game_id}/me").text
    assert post(0, action="monument", source="hand:1").status_code == 422  # Holger has none
    assert post(0, action="monument", source="row:1").status_code == 422  # not a source
    received = post(0, action="monument", source="hand:2")
    assert received.status_code == 200, received.text
    s = state()
    assert [c["name"] for c in s["players"][0]["hand"]] == ["Monument"]
    assert [c["name"] for c in s["players"][2]["hand"]] == []
    assert s["turn"] == 2  # still Daniela's turn
    holger = phones[1][0].get(f"/firenze/{game_id}/me").text
    hand = holger[holger.index("data-hand") : holger.index("</ul>", holger.index("data-hand"))]
    assert "Monument" not in hand and "Thomas" in holger  # his own hand; who holds it is public
    assert "Monument" in phones[0][0].get(f"/firenze/{game_id}/me").text


def test_two_players_of_the_same_name_are_refused_as_for_the_princes(client, store):
    """The names the host types are checked as the Princes' host form checks them: two seats
    of one name (whatever the case) would make every sentence ambiguous."""
    token = csrf_token_for(client)
    assert client.post("/firenze/board", data=board_form(token)).status_code == 303
    response = client.post("/firenze/host", data=host_form(token, ("Thomas", "holger", "Holger")))
    assert response.status_code == 422
    assert "Two players have the same name" in response.text
    assert 'value="holger"' in response.text  # what was typed stays in the form
    assert store.games() == []
