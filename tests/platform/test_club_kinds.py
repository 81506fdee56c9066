"""The club's sums are kept by kind of play, and what a kind means for the page's filters is
the game's declaration (`stats.KINDS_APART`), never the platform's: the Princes' solo games
count whatever player count is asked and offer none; declared otherwise, the same rows are
filtered by their player count like any other."""

from __future__ import annotations

import dataclasses
import types

import pytest

from companion.app import GAMES
from companion.games.princes import stats
from companion.games.princes.rules import simulation_catalog
from companion.games.princes.rules.autoplay import play
from companion.service.club import Club, club_totals
from companion.service.games import Games
from tests.support.solo_table import SOLO_CATALOG, SoloTable

PRINCES = stats.ID


@pytest.fixture(scope="module")
def records():
    catalog = simulation_catalog()
    three = stats.record(play(3, 1, catalog=catalog)[0], catalog)
    solo = stats.record(SoloTable(3).play(), SOLO_CATALOG)
    return three, solo


def _solo_games(figures: dict) -> int:
    """The solo games in Wolfgang's record, at any difficulty."""
    return sum(x["games"] for x in figures["wolfgang"].values())


def _club(store, records, games=GAMES) -> Club:
    club = Club(store, games)
    for game_id, rec in zip(("three", "solo"), records, strict=True):
        club.keep(game_id, rec)
    return club


def test_a_solo_game_is_a_kind_of_play_of_its_own(store, records):
    _club(store, records)
    with store.engine.connect() as conn:
        kinds = conn.execute(club_totals.select().with_only_columns(club_totals.c.kind)).all()
    assert sorted(k for (k,) in kinds) == ["", "solo"]


def test_the_princes_count_a_solo_game_whatever_the_player_count(store, records):
    club = _club(store, records)
    for players in (None, 3, 4):
        figures, choices = club.figures(PRINCES, players)
        assert _solo_games(figures) == 1, players
        assert choices["players"] == [3]  # the solo game's two seats are no count to choose
    assert club.figures(PRINCES, 4)[0]["games"] == 0


def test_a_game_declaring_no_kind_apart_filters_every_row_by_its_player_count(store, records):
    declared = types.SimpleNamespace(**{**vars(stats), "KINDS_APART": frozenset()})
    games = Games([dataclasses.replace(g, stats=declared) if g.id == PRINCES else g for g in GAMES])
    club = _club(store, records, games)
    assert _solo_games(club.figures(PRINCES, 3)[0]) == 0
    assert _solo_games(club.figures(PRINCES, 2)[0]) == 1
    assert club.figures(PRINCES)[1]["players"] == [2, 3]
