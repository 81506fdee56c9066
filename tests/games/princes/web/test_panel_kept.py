"""What a phone's panel keeps from one drawing to the next: its links built once per
process, its alerts drawn once per game, checks and language, every Principality's counts once
per seq. Each is what a fresh drawing gives, and sees what it must: another script root, a
check opened or closed, another language, the next seq."""

from __future__ import annotations

import re

from flask import render_template, url_for

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import play, principality_counts, simulation_catalog
from companion.games.princes.screens import phone as screens
from companion.games.princes.web.alerts import alerts
from companion.games.princes.web.seat import phone_context
from companion.web.games import create_hosted_game
from companion.web.recording import current_replay
from tests.games.princes.web.panel_kept import check
from tests.support.phone_game import (
    HANDS,
    as_host,
    as_seat,
    host_game,
    panel,
    record,
    text,
)


def banner(page: str) -> str:
    found = re.search(r'<p class="banner count-banner".*?</p>', page, re.S)
    return text(found.group(0)).strip() if found else ""


def test_the_panel_s_links_follow_the_script_root_it_is_drawn_under(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 1)
    plain = f'action="/games/{game_id}/events"'
    assert plain in panel(client, game_id)
    under = client.get(f"/games/{game_id}/me/panel", base_url="http://localhost/club").text
    assert f'action="/club/games/{game_id}/events"' in under and plain not in under
    assert f'data-hx-get="/club/games/{game_id}/me/panel"' in under
    again = panel(client, game_id)
    assert plain in again and "/club/" not in again
    with app.test_request_context("/", base_url="http://localhost/club"):
        urls = phone_context(game_id, 1)["urls"]
        assert urls.events == url_for("recording.post_event", game_id=game_id)
        assert urls.panel() == url_for("seat.panel", game_id=game_id)
        assert urls.page({"do": "build"}) == url_for("seat.phone", game_id=game_id, do="build")


def test_the_alerts_kept_show_a_check_opened_and_closed_in_each_language(app, client):
    game_id, _ = host_game(app)
    as_seat(client, game_id, 2)
    assert banner(panel(client, game_id)) == ""
    as_host(client, game_id, 0)
    check(client, game_id, "start")  # at the same seq: no event moved
    as_seat(client, game_id, 2)
    assert banner(panel(client, game_id)) == "A money check is open: count your Florins"
    client.set_cookie("palazzo_lang", "de")
    assert banner(panel(client, game_id)) == "Eine Geldprüfung läuft: Zähle deine Florin"
    client.set_cookie("palazzo_lang", "en")
    as_host(client, game_id, 0)
    check(client, game_id, "close")
    as_seat(client, game_id, 2)
    assert banner(panel(client, game_id)) == ""
    with app.test_request_context("/"):  # what is kept is what a fresh drawing gives
        shown = alerts(game_id, current_replay(game_id).state, 2)
        kept = phone_context(game_id, 2)["alerts_html"]
        assert kept == render_template("princes/phone/_alerts.html", alerts=shown)


def test_the_prestige_cards_read_the_counts_of_their_own_seq(app):
    log, _ = play(3, seed=3, catalog=simulation_catalog())
    LearnedCatalog(app.instance_path).teach(simulation_catalog().to_dict())
    with app.test_request_context():
        game_id, _ = create_hosted_game({k: v for k, v in log[0].items() if k != "type"})
    compared = 0
    for event in log[1:120]:  # until the first Works: the counts move with the Principalities
        record(app, game_id, "host", **event)
        with app.test_request_context("/"):
            replay = current_replay(game_id)
            work = screens.working_state(replay.state, LearnedCatalog(app.instance_path).catalog())
            for seat in range(3):
                held = phone_context(game_id, seat)["prestige_cards"]
                assert held == screens.prestige_cards_held(work, seat, principality_counts(work))
                compared += bool(held)
    assert compared


def test_a_seq_s_pushes_share_one_look_at_the_catalog_and_the_next_seq_looks_again(
    app, monkeypatch
):
    from companion.games.princes.web import seat

    game_id, _ = host_game(app)
    learned = LearnedCatalog(app.instance_path)
    clock = [1000.0]
    monkeypatch.setattr(seat.time, "monotonic", lambda: clock[0])
    with app.test_request_context("/"):
        replay = current_replay(game_id)
        before = seat._wave_catalog(replay)
        assert before == learned.version()
    learned.teach({"landscape_cells": {"forest": 4}})  # on the catalog screen: no seq moves
    after = learned.version()
    assert after != before
    with app.test_request_context("/"):
        replay = current_replay(game_id)
        assert seat._wave_catalog(replay) == before  # the same seq's wave, within its second
        clock[0] += seat.WAVE_SECONDS
        assert seat._wave_catalog(replay) == after  # a wave lasts WAVE_SECONDS at most
    learned.teach({"landscape_cells": {"lake": 3}})
    record(app, game_id, "0", type="starting_hand_chosen", player=0, professions=HANDS[0])
    with app.test_request_context("/"):
        assert seat._wave_catalog(current_replay(game_id)) == learned.version()  # a new seq
