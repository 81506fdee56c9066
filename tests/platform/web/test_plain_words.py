"""Plain words on every screen: no file names, no 0-based squares, no "seed", no vague undo.

Walks the main screens of played games (the host's, the table's, each phone, the history, the
end, the catalog, the forms) and fails on the developer language players once found on them.
"""

from __future__ import annotations

import re

import pytest

from companion.web.recording import get_table
from tests.platform.web.walk import screens, words
from tests.support.phone_game import (
    as_seat,
    choose_hands,
    form_for,
    host_game,
    post_event,
    refusal_in,
    to_action_phase,
)
from tests.support.table_games import as_role, finished_game, mid_game, play

FORBIDDEN = {
    "seed": re.compile(r"\bseed", re.IGNORECASE),
    "a file name": re.compile(r"docs/|\w\.md\b|\.py\b|\.jsonl?\b"),
    "a 0-based square": re.compile(r"\[\s*\d+\s*,\s*\d+\s*\]"),
    "a vague undo": re.compile(r"undid an event|undid events? \d", re.IGNORECASE),
}


def assert_plain(page: str, where: str) -> None:
    said = words(page)
    for what, pattern in FORBIDDEN.items():
        found = pattern.search(said)
        assert found is None, (
            f"{where} shows {what}: ...{said[max(0, found.start() - 60) : found.end() + 60]}..."
        )


def test_a_played_game_speaks_plainly_on_every_screen(app, client):
    game_id, _ = finished_game(app)
    pages = screens(client, game_id, 3)
    assert "Game over" in words(pages["the host's table"])
    for path in ("/", "/host", "/catalog", "/catalog/professions/deck", "/catalog/automa"):
        r = client.get(path)
        assert r.status_code == 200, path
        pages[path] = r.text
    for where, page in pages.items():
        assert_plain(page, where)


def test_an_undo_says_what_was_undone_everywhere(app, client):
    game_id, _ = mid_game(app)
    latest = get_table(app).replay(game_id).seq
    play(app, game_id, {"type": "retracted", "seqs": [latest]})
    pages = screens(client, game_id, 3)
    assert "Host undid: Ada ended the turn" in words(pages["the host's history"])
    assert "Host undid: Ada ended the turn" in words(pages["seat 1's me"])  # Ada's notice
    for where, page in pages.items():
        assert_plain(page, where)


def test_setup_says_everyone_chooses_at_once(app, client):
    game_id, _ = host_game(app)
    as_role(client, game_id, "host")
    board = words(client.get(f"/games/{game_id}/table/board").text)
    assert "everyone chooses their starting hand at once" in board
    assert "to act" not in board


def test_a_refused_square_is_named_as_the_grid_labels_it(app, client):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)
    as_seat(client, game_id, 0)
    r = post_event(
        client,
        game_id,
        type="building_built",
        player="0",
        building="tower",
        cells="[[4,0],[3,0],[2,0]]",
    )
    form = words(form_for(r.text, "building_built"))
    assert refusal_in(form_for(r.text, "building_built")) == "building_adjacent"
    assert "Row 5, column 1 touches your Palazzo" in form
    assert_plain(r.text, "the refusal")


@pytest.mark.parametrize("code", ["bad_retraction", "landscape_size_unknown", "host_only"])
def test_rulings_are_cited_by_title_not_by_file(code):
    from companion.games.princes.rules.refusals import CODES

    assert CODES[code].startswith("Palazzo ruling: ")
    assert_plain(CODES[code], code)


def test_no_refusal_cites_a_file_or_a_number_alone():
    from companion.games.firenze.rules.refusals import CODES as FIRENZE
    from companion.games.princes.rules.refusals import CODES

    for code, rule in {**CODES, **FIRENZE}.items():
        assert_plain(rule, code)
        assert not re.search(r"#\s*\w|\bM\d|\bC\d|\bF\d", rule), (code, rule)
