"""What the tests of story share with other tests (GAMES, SOLO_CATALOG, numbered): kept here, since
a test module imports no other test module."""

from __future__ import annotations

import json

from tests.support.builders import DATA, TEST_CATALOG

SOLO_CATALOG = TEST_CATALOG.merged(json.loads((DATA / "automa_test_deck.json").read_text()))


GAMES = [
    ("game_2p.jsonl", TEST_CATALOG),
    ("game_3p_grid.jsonl", TEST_CATALOG),
    ("solo_game.jsonl", SOLO_CATALOG),
]


def numbered(events):
    return [{**e, "seq": i, "by": "host"} for i, e in enumerate(events, 1)]
