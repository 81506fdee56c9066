"""The Saboteur's choice on a phone names the player and the tower at once: tower numbers repeat
across players, so a separate "which player" and "which tower" could hit the wrong tower."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from companion.games.firenze.forms import FormError, seat_event
from companion.games.firenze.web import _common


def saboteur(victim: str) -> dict:
    form = MultiDict({"action": "play", "card": "Saboteur", "victim": victim})
    return seat_event(form, seat=0)


def test_the_saboteur_hits_the_tower_of_the_player_chosen_with_it():
    event = saboteur("2:1")
    assert (event["player"], event["target"], event["tower"]) == (0, 2, 1)
    assert saboteur("1:1")["target"] == 1


@pytest.mark.parametrize("victim", ["", "2", "2:", ":1", "x:1", "9:1", "2:0"])
def test_a_choice_that_names_no_tower_is_a_form_error(victim):
    with pytest.raises(FormError):
        saboteur(victim)


def test_the_phone_offers_each_tower_with_its_owner(app):
    with app.test_request_context():
        players = [
            {"seat": 0, "name": "Thomas", "towers": []},
            {"seat": 1, "name": "Holger", "towers": [{"id": 1, "colour": "red", "bricks": 3}]},
            {"seat": 2, "name": "Daniela", "towers": [{"id": 1, "colour": "blue", "bricks": 2}]},
        ]
        html = app.jinja_env.from_string(
            '{% from "firenze/_macros.html" import play_form with context %}'
            '{{ play_form("Saboteur") }}'
        ).render(**_common("g", {"players": players}, seq=1), seat=0)
    assert 'value="1:1">Holger: red 3' in html and 'value="2:1">Daniela: blue 2' in html
    assert 'name="target"' not in html
