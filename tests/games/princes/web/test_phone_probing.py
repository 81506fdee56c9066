"""No probing of hidden hands: a seat naming a Profession card that another seat
holds learns nothing of where it is, and the whole table sees that it happened."""

from __future__ import annotations

import re

from tests.support.phone_game import (
    as_seat,
    choose_hands,
    host_game,
    panel,
    post_event,
    state,
    text,
    to_action_phase,
)
from tests.support.phone_probing import TWO, claims_counted, two_player_action_phase


def refusal_words(page: str) -> str:
    found = re.search(r'<div class="refusal"[^>]*>(.*?)</div>', page, re.S)
    assert found, "no refusal on the page"
    return text(found.group(1)).strip()


def take(client, game_id, seat, pid):
    r = post_event(client, game_id, type="profession_taken", player=str(seat), profession=pid)
    assert r.status_code == 422, r.text
    return r.text


def test_two_players_a_card_in_the_others_hand_is_not_placed_and_the_probe_is_seen(app, client):
    game_id = two_player_action_phase(app)
    as_seat(client, game_id, 0)
    offered = re.findall(r'name="profession" value="(\w+)"', panel(client, game_id, "?do=take"))
    assert {"mason", "painter", "jurist"} <= set(offered)  # Dario's hand stays in Carla's list
    assert not {"poet", "alchemist", "botanist"} & set(offered)  # her own cards are not
    words = refusal_words(take(client, game_id, 0, "alchemist"))
    assert "Alchemist" in words  # her own card (a stale or forged form): the same words
    before = state(app, game_id).to_dict()
    page = take(client, game_id, 0, "mason")
    words = refusal_words(page)
    assert "Dario" not in words and "someone" not in words.lower()
    assert "hand" not in words and "another" not in words.lower()
    assert "Mason" in words and "Check the card you drew" in words
    assert state(app, game_id).to_dict() == before  # nothing changed, nothing recorded
    assert words.replace("Mason", "X") == refusal_words(
        take(client, game_id, 0, "alchemist")
    ).replace("Alchemist", "X")
    take(client, game_id, 0, "painter")
    # The table sees the probing, as it would see a hand reaching into another's cards.
    for seat in (0, 1):
        as_seat(client, game_id, seat)
        notices = [
            text(n) for n in re.findall(r"data-clash>(.*?)</p>", panel(client, game_id), re.S)
        ]
        assert any(
            "Carla has named 4 times a Profession card Palazzo could not give them" in n
            for n in notices
        )
        assert not any("Mason" in n or "Painter" in n for n in notices)


def test_three_players_the_refusal_is_the_same_whoever_holds_the_card(app, client):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)  # Ada: poet alchemist botanist; Ben: mason painter jurist; Cy: ...
    to_action_phase(app, game_id)
    as_seat(client, game_id, 0)
    bens = refusal_words(take(client, game_id, 0, "mason")).replace("Mason", "X")
    cys = refusal_words(take(client, game_id, 0, "doctor")).replace("Doctor", "X")
    assert bens == cys  # nothing tells Ben's hand from Cy's
    assert "Ben" not in bens and "Cy" not in bens


def test_two_players_the_refusal_does_not_depend_on_who_holds_the_card(app, client):
    """Naming the opponent's card reads exactly like naming one's own (the only
    other card the list could be stale about), and the server does the same work for both:
    the claim is counted either way, so not even the answer's time tells them apart."""
    game_id = two_player_action_phase(app)
    as_seat(client, game_id, 0)
    answers = {}
    for pid, name in (("mason", "Mason"), ("alchemist", "Alchemist"), ("jurist", "Jurist")):
        before = claims_counted(app, game_id).get("0", 0)
        answers[pid] = refusal_words(take(client, game_id, 0, pid)).replace(name, "X")
        assert claims_counted(app, game_id).get("0", 0) == before + 1
    assert answers["mason"] == answers["alchemist"] == answers["jurist"]
    assert "deck" in answers["mason"] and "Dario" not in answers["mason"]
    for word in ("hand", "face up", "another", "top"):
        assert word not in answers["mason"].lower()


def test_two_players_a_starting_hand_clash_names_nobody(app, client):
    game_id, _ = host_game(
        app,
        players=["Carla", "Dario"],
        grid=False,
        freedoms={"travel": 2, "religion": 2, "opinion": 1},
    )
    choose_hands(app, game_id, TWO[:1])  # Carla keeps hers
    as_seat(client, game_id, 1)
    r = post_event(
        client,
        game_id,
        type="starting_hand_chosen",
        player="1",
        professions=["poet", "mason", "painter"],
    )
    assert r.status_code == 422
    words = refusal_words(r.text)
    assert "Poet" in words and "not in the deck" in words
    for word in ("another", "phone already", "Carla", "other player"):
        assert word not in words
