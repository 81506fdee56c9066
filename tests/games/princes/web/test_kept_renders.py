"""What a panel and the board keep between draws: the links
(`kept_url_for`, the live attributes), a word's parameters filled without Markup's helper
(`_said`), the board's Fame tracks. Each gives what a fresh computation gives, and sees what
it must: the script root, the language, a change of PP."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest
from flask import render_template_string, url_for
from markupsafe import Markup

from companion.core import lang
from companion.core.jsoncopy import json_copy
from companion.games.princes.screens.drawings import fame_track
from companion.games.princes.web import counting
from companion.games.princes.web import table as table_screen
from companion.games.princes.web.counting import count_links
from companion.games.princes.web.fields import form_attrs
from companion.web import urls
from companion.web.live import live_attrs
from companion.web.urls import kept_url_for
from tests.games.princes.web.panel_kept import check
from tests.support.phone_game import as_host, as_seat, host_game, panel
from tests.support.table_games import tv_game


def test_a_kept_link_is_url_fors_and_sees_the_script_root(app):
    with app.test_request_context("/"):
        assert kept_url_for("live.seq", game_id="g1") == url_for("live.seq", game_id="g1")
        assert kept_url_for("live.seq", game_id="g1") == "/games/g1/seq"
        assert kept_url_for("live.seq", game_id="g2") == "/games/g2/seq"
    with app.test_request_context("/", base_url="http://localhost/club/"):
        assert kept_url_for("live.seq", game_id="g1") == "/club/games/g1/seq"


def test_kept_links_are_bounded(app, monkeypatch):
    monkeypatch.setattr(urls, "URLS_KEPT", 2)
    with app.test_request_context("/"):
        for n in range(5):
            assert kept_url_for("live.seq", game_id=f"g{n}") == f"/games/g{n}/seq"
            assert len(app.extensions[urls.URLS_KEY]) <= 2
        # a list among the values is built each time, never kept
        kept = dict(app.extensions[urls.URLS_KEY])
        assert kept_url_for("live.seq", game_id="g9", p=["a", "b"]) == url_for(
            "live.seq", game_id="g9", p=["a", "b"]
        )
        assert app.extensions[urls.URLS_KEY] == kept


def test_the_live_attributes_carry_the_seq_and_the_escaped_refresh_link(app):
    with app.test_request_context("/", base_url="http://localhost/club/"):
        for seq in (5, 6):
            said = live_attrs("g1", seq, refresh_url="/games/g1/me/panel?do=a&x=<b>")
            assert isinstance(said, Markup)
            assert said == (
                'data-stream-url="/club/games/g1/stream" data-seq-url="/club/games/g1/seq" '
                f'data-seq="{seq}" data-rendered-seq="{seq}" data-hx-trigger="palazzo:seq" '
                'data-hx-get="/games/g1/me/panel?do=a&amp;x=&lt;b&gt;"'
            )
        assert live_attrs("g2", 7) == (
            'data-stream-url="/club/games/g2/stream" data-seq-url="/club/games/g2/seq" '
            'data-seq="7" data-rendered-seq="7" data-hx-trigger="palazzo:seq"'
        )


# a word of the catalog (translated in de and fr), said twice: the second from what was kept
WORDS = "{{ _('%(name)s must %(what)s.', name=name, what=money) }}"
MUST = {"en": "must", "de": "muss", "fr": "doit"}


@pytest.mark.parametrize(
    "name, money",
    [
        ("Ada", 300),
        ('<script>"A&B"</script>', -5),
        (Markup("<strong>Ada</strong>"), 0),
        ("Ada", True),  # a bool: Markup's own %
        ("Ada", 2.5),  # a float: Markup's own %
        (None, 3),  # neither text nor number: Markup's own %
    ],
)
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_word_with_parameters_says_what_the_full_path_says(
    app, words_in_full, name, money, language
):
    """`_said` (the request holding its language) fills a word's parameters by `str`'s `%`
    when they are text and numbers: the same text, the same escaping, as the full path
    (`_filled`, translated and filled each time)."""
    said = {}
    for kept in (True, False):
        with words_in_full() if not kept else nullcontext():
            with app.test_request_context(f"/?lang={language}"):
                assert lang.current() == language
                said[kept] = render_template_string(WORDS, name=name, money=money)
                # said again: from what the language kept
                assert render_template_string(WORDS, name=name, money=money) == said[kept]
    assert said[True] == said[False]
    assert f" {MUST[language]} " in said[True] and "<script>" not in said[True]


def test_the_kept_fame_track_is_the_fresh_one_and_sees_pp_and_language(app, monkeypatch):
    fame = ((0, "Ada", 3), (1, "Bea", 0), (2, "<Cy>", 51))
    drawn = []
    real = table_screen.fame_track
    monkeypatch.setattr(
        table_screen, "fame_track", lambda *a, **k: drawn.append(1) or real(*a, **k)
    )
    players = [{"seat": s, "name": n, "fame": f} for s, n, f in fame]
    with app.test_request_context("/?lang=en"):
        for wide in (False, True):
            assert table_screen._track(fame, wide=wide) == fame_track(players, wide=wide)
        assert table_screen._track(fame) == fame_track(players)
        assert len(drawn) == 2  # the second ask of the narrow track was kept
        moved = ((0, "Ada", 4),) + fame[1:]
        assert table_screen._track(moved) == fame_track([{**players[0], "fame": 4}, *players[1:]])
        assert table_screen._track(moved) != table_screen._track(fame)
        english = table_screen._track(fame)
    with app.test_request_context("/?lang=de"):
        german = table_screen._track(fame)
        assert german == fame_track(players) and german != english
    with app.test_request_context("/?lang=en"):
        assert table_screen._track(fame) == english


def test_kept_fame_tracks_are_bounded(app, monkeypatch):
    monkeypatch.setattr(table_screen, "TRACKS_KEPT", 2)
    with app.test_request_context("/"):
        for pp in range(5):
            table_screen._track(((0, "Ada", pp),))
            assert len(app.extensions[table_screen.TRACKS_KEY]) <= 2


def fresh_cards(app, players, turn_name, phase_id):
    """The cards drawn anew by the card's macro, nothing kept."""
    card = app.jinja_env.get_template("princes/table/_seat.html").module.seat_card
    return [card(p, turn_name, phase_id) for p in players]


def test_the_kept_seat_cards_are_the_fresh_ones_and_see_each_change(app):
    game_id, _tokens = tv_game(app)
    with app.test_request_context("/?lang=en"):
        board = table_screen.board_context(game_id)
        players, turn, phase = board["players"], board["turn_name"], board["phase_id"]
        assert phase == "auction" and len(players) == 5 and players[0]["grid"]
        cards = table_screen._seat_cards(players, turn, phase)
        assert cards == fresh_cards(app, players, turn, phase)
        assert sum("is-turn" in c for c in cards) == 1
        again = table_screen._seat_cards(players, turn, phase)
        assert all(a is c for a, c in zip(again, cards, strict=True))  # kept, not drawn
        # one player's PP move: that card alone is drawn again, as a fresh one would be
        moved = [{**players[0], "fame": players[0]["fame"] + 1}, *players[1:]]
        after = table_screen._seat_cards(moved, turn, phase)
        assert after == fresh_cards(app, moved, turn, phase)
        assert after[0] != cards[0] and all(
            a is c for a, c in zip(after[1:], cards[1:], strict=True)
        )
        # the turn passes to another player; the auctions end
        other = next(p["name"] for p in players if p["name"] != turn)
        for turn_name, phase_id in ((other, phase), (turn, "actions")):
            assert table_screen._seat_cards(players, turn_name, phase_id) == fresh_cards(
                app, players, turn_name, phase_id
            )
        assert table_screen._seat_cards(players, other, phase) != cards
    with app.test_request_context("/?lang=de"):
        german = table_screen._seat_cards(players, turn, phase)
        assert german == fresh_cards(app, players, turn, phase) and german != cards


def test_kept_seat_cards_are_bounded(app, monkeypatch):
    game_id, _tokens = tv_game(app)
    monkeypatch.setattr(table_screen, "CARDS_KEPT", 3)
    with app.test_request_context("/"):
        board = table_screen.board_context(game_id)
        players = board["players"]
        cards = table_screen._seat_cards(players, board["turn_name"], board["phase_id"])
        assert len(app.extensions[table_screen.CARDS_KEY]) <= 3
        assert cards == fresh_cards(app, players, board["turn_name"], board["phase_id"])


PRINCIPALITY = {
    "buildings": ["Theatre", "<Tower>"],
    "landscapes": [("Lake", 2)],
    "freedoms": [],
    "jesters": 1,
    "builders": 0,
    "works": 2,
    "empty": 5,
    "grid": [
        [{"kind": "lake", "name": "Lake", "label": "L"}, {"kind": "", "name": "", "label": ""}]
    ],
}
HAND = [
    {
        "name": "Poet",
        "building": "Theatre",
        "landscape": "Lake",
        "freedom": "Travel",
        "value": 7,
        "meets": True,
    },
    {"name": "Recruiting"},
]


def drawn(app, macro, data):
    from companion.web.templating import drawn_once

    return drawn_once("princes/phone/_kept.html", macro, data)


@pytest.mark.parametrize("macro, data", [("principality_card", PRINCIPALITY), ("hand_card", HAND)])
def test_a_card_drawn_once_is_the_fresh_one_and_sees_its_data_and_language(app, macro, data):
    from companion.web import templating

    fresh = {}
    for language in ("en", "de"):
        with app.test_request_context(f"/?lang={language}"):  # the macro itself, nothing kept
            fresh[language] = getattr(
                app.jinja_env.get_template("princes/phone/_kept.html").module, macro
            )(data)
    assert templating.DRAWN_KEY not in app.extensions
    with app.test_request_context("/?lang=en"):
        card = drawn(app, macro, data)
        assert card == fresh["en"] and isinstance(card, Markup) and "<Tower>" not in card
        assert drawn(app, macro, data) is card  # kept
        changed = json_copy(data)
        (changed["grid"][0][1] if macro == "principality_card" else changed[0]).update(
            name="<Ada's>"
        )
        other = drawn(app, macro, changed)
        assert other != card and "&lt;Ada&#39;s&gt;" in other
    with app.test_request_context("/?lang=de"):
        assert drawn(app, macro, data) == fresh["de"] != card


def test_cards_drawn_once_are_bounded(app, monkeypatch):
    from companion.web import templating

    monkeypatch.setattr(templating, "DRAWN_KEPT", 2)
    with app.test_request_context("/"):
        for jesters in range(5):
            data = {**PRINCIPALITY, "jesters": jesters}
            assert f"Jesters: {jesters}" in drawn(app, "principality_card", data) or not jesters
            assert len(app.extensions[templating.DRAWN_KEY]) <= 2


def links_of(page: str) -> str:
    return re.search(r'<nav class="count-links".*?</nav>', page, re.S).group(0)


def test_the_kept_count_links_see_a_check_opened_and_closed_the_root_and_language(app, client):
    """The count links are kept across seqs: a check opening at the same seq, another script
    root, another language are each a new drawing, the same as a fresh one."""
    game_id, _ = host_game(app)
    as_seat(client, game_id, 2)
    closed = links_of(panel(client, game_id))
    assert "count-open" not in closed and f'href="/games/{game_id}/count/money"' in closed
    as_host(client, game_id, 0)
    check(client, game_id, "start")  # at the same seq: no event moved
    as_seat(client, game_id, 2)
    opened = links_of(panel(client, game_id))
    assert 'data-count-open="money"' in opened
    under = links_of(
        client.get(f"/games/{game_id}/me/panel", base_url="http://localhost/club").text
    )
    assert f'href="/club/games/{game_id}/count/money"' in under
    client.set_cookie("palazzo_lang", "de")
    german = links_of(panel(client, game_id))
    assert "Zähle deine Florin" in german
    assert german != opened
    client.set_cookie("palazzo_lang", "en")
    with app.test_request_context("/"):
        kept = count_links(game_id, None, {"money"}, under_banner=True)
        app.extensions.pop(counting.LINKS_KEY)  # drawn afresh
        assert kept == count_links(game_id, None, {"money"}, under_banner=True) == opened
        host_page = count_links(game_id, None, {"money"})  # the host's page: no banner above
        assert host_page != opened and "A money check is open" in host_page
    as_host(client, game_id, 0)
    check(client, game_id, "close")
    as_seat(client, game_id, 2)
    assert links_of(panel(client, game_id)) == closed


def test_kept_count_links_are_bounded(app, monkeypatch):
    game_id, _ = host_game(app)
    monkeypatch.setattr(counting, "LINKS_KEPT", 2)
    with app.test_request_context("/"):
        for seat in (None, 0, 1, 2):
            assert f"as_seat={seat}" in count_links(game_id, seat, set()) or seat is None
            assert len(app.extensions[counting.LINKS_KEY]) <= 2


def test_the_forms_attributes_are_what_the_post_and_sync_macros_write(app):
    class Urls:
        events = "/games/g&1/events"

    with app.test_request_context("/"):
        macros = app.jinja_env.get_template("princes/phone/_macros.html")
        m = macros.make_module({"urls": Urls(), "panel_id": "seat<panel>"})
        posted, synced = m.posted, m.synced
        assert (posted, synced) == (m.post(), m.sync()) == form_attrs("seat<panel>", Urls.events)
    assert 'action="/games/g&amp;1/events"' in posted and synced in posted
    assert synced.startswith('data-hx-target="#seat&lt;panel&gt;"')
