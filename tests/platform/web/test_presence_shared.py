"""Who is here, kept in PostgreSQL for every worker (companion/presence.SharedPresence): two
keepers on one database stand for two processes (each names itself apart)."""

from __future__ import annotations

import time

import psycopg
import pytest
from sqlalchemy import create_engine

from companion import presence
from companion.app import create_app
from companion.web.live import get_presence
from tests.support.web_fixtures import WAIT

pytestmark = pytest.mark.postgres


@pytest.fixture
def keepers(pg_fresh_url):
    engine = create_engine(pg_fresh_url)
    pair = presence.SharedPresence(engine, refresh=15.0), presence.SharedPresence(engine, 15.0)
    yield pair
    for keeper in pair:  # a stream a test left open keeps no refresher writing after it
        keeper.stop()
    engine.dispose()


def _sql(url: str, statement: str, *args):
    with psycopg.connect(url.replace("+psycopg", "", 1), autocommit=True) as conn:
        cursor = conn.execute(statement, args)
        return cursor.fetchall() if statement.startswith("SELECT") else None


def _here(keeper, game: str, seats: int = 4) -> list[bool]:
    return [here for here, _ago in keeper.seats(game, seats)]


def test_a_stream_on_one_process_is_here_on_the_other(keepers, pg_fresh_url):
    one, two = keepers
    assert one.process != two.process
    assert one.stream_opened("g1", 0)  # the phone came (as this process counts)
    assert not one.stream_opened("g1", 0)  # a second tab of the same phone
    assert two.stream_opened("g1", 2)
    assert one.look("g1", 4)[1] is False  # Ben and Dee have no stream: their words count time
    assert one.look("g1", 1)[1] is True  # Ada streams: her dot changes only by a nudge
    for keeper in keepers:
        seats = keeper.seats("g1", 4)
        assert [here for here, _ in seats] == [True, False, True, False]
        assert seats[1][1] is None and seats[3][1] is None  # never seen: not joined yet
        assert 0 <= seats[0][1] < 2
    assert keepers[0].seats("other game", 4) == [(False, None)] * 4

    assert not one.stream_closed("g1", 0)
    assert _here(two, "g1")[0]  # the other tab still streams
    assert one.stream_closed("g1", 0)  # the phone went
    assert not one.stream_closed("g1", 0)  # a close too many never counts below zero
    here, ago = two.seats("g1", 4)[0]
    assert here and ago is not None and ago < 2  # seen as it left: here for a few seconds
    _sql(pg_fresh_url, "UPDATE presence SET seen_at = seen_at - interval '95 seconds'")
    seats = two.seats("g1", 4)
    assert [presence.words(ago, here) for here, ago in seats] == [
        "seen 1 min ago",
        "not joined yet",
        "seen 1 min ago",  # a stream whose process stopped refreshing it: see below
        "not joined yet",
    ]
    assert _sql(pg_fresh_url, "SELECT min(streams) FROM presence") == [(0,)]


def test_a_polling_phone_is_here_for_a_few_seconds_on_every_process(keepers, pg_fresh_url):
    one, two = keepers
    one.seen("g2", 1)
    assert _here(two, "g2", 2) == [False, True]
    grace = presence.POLLING_GRACE
    _sql(pg_fresh_url, f"UPDATE presence SET seen_at = seen_at - interval '{grace + 1} seconds'")
    here, ago = two.seats("g2", 2)[1]
    assert not here and grace < ago < grace + 3
    assert presence.words(ago, here) == f"seen {int(ago)} s ago"


def test_seen_is_written_at_most_once_a_second_per_seat(keepers, pg_fresh_url):
    one, _two = keepers
    one.seen("g3", 0)
    (first,) = _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g3'")
    one.seen("g3", 0)
    assert _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g3'") == [first]
    one.seen("g3", 1)  # another seat is its own
    assert len(_sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g3'")) == 2
    for seat in (-1, True, "0", 2**40):
        one.seen("g3", seat)
        one.stream_opened("g3", seat)
    assert len(_sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g3'")) == 2


def test_a_seat_streaming_here_costs_no_write_per_request(keepers, pg_fresh_url, monkeypatch):
    """Its open stream already says the seat is here: the fragments it fetches after each
    move write nothing more (a club night's PostgreSQL would take a write per fetch)."""
    one, two = keepers
    monkeypatch.setattr(presence, "SEEN_EVERY", 0.0)  # only the stream holds writes back
    one.stream_opened("g5", 0)
    (opened,) = _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g5'")
    one.seen("g5", 0)
    one.seen("g5", 0)
    assert _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g5'") == [opened]
    assert _here(two, "g5", 1) == [True]
    two.seen("g5", 0)  # the other process holds no stream of that seat: it writes its own row
    assert len(_sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g5'")) == 2
    one.stream_closed("g5", 0)  # the close is stamped, and later requests write again
    (closed,) = _sql(
        pg_fresh_url,
        "SELECT seen_at FROM presence WHERE game_id = 'g5' AND process = %s",
        one.process,
    )
    assert closed > opened
    one.seen("g5", 0)
    (after,) = _sql(
        pg_fresh_url,
        "SELECT seen_at FROM presence WHERE game_id = 'g5' AND process = %s",
        one.process,
    )
    assert after > closed


def _until(done, what: str) -> None:
    """Poll `done()` (a refresher's next round) instead of sleeping a guess: a loaded machine
    only makes it take longer; WAIT is a hang guard."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def test_a_dead_process_stops_counting_and_a_live_one_keeps_its_streams_fresh(pg_fresh_url):
    engine = create_engine(pg_fresh_url)
    try:
        living = presence.SharedPresence(engine, refresh=0.2)
        dead = presence.SharedPresence(engine, refresh=0.2)
        living.stream_opened("g4", 0)
        dead.stream_opened("g4", 1)
        dead._open = 0  # it died: no more refreshes, and its stream is never closed
        _until(lambda: dead._refresher is None, "the dead process's refresher still runs")
        _sql(pg_fresh_url, "UPDATE presence SET seen_at = seen_at - interval '10 seconds'")
        # the living process touches its rows again, at its next refresh (0.2 s)
        _until(lambda: living.seats("g4", 2)[0][1] < 1, "the living stream was not refreshed")
        seats = living.seats("g4", 2)
        assert seats[0][0] and seats[0][1] < 1
        assert not seats[1][0] and seats[1][1] > 10
        living.stream_closed("g4", 0)
        _until(lambda: living._refresher is None, "no streams, yet the refresher runs")
    finally:
        engine.dispose()


def test_a_stopped_keeper_ends_its_refresher_though_a_stream_never_closed(pg_fresh_url):
    """An app done with its database (a test's, at its end) stops its keeper: the refresher
    that kept an unclosed stream's row fresh ends at once, and writes nothing more."""
    engine = create_engine(pg_fresh_url)
    try:
        keeper = presence.SharedPresence(engine, refresh=30.0)
        keeper.stream_opened("g5", 2)
        refresher = keeper._refresher
        assert refresher is not None and refresher.is_alive()
        keeper.stop()  # well before its next refresh, 30 s away
        assert not refresher.is_alive() and keeper._refresher is None
        (stamped,) = _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE game_id = 'g5'")
        keeper.stream_opened("g5", 3)  # a late stream starts no refresher that lasts
        _until(lambda: keeper._refresher is None, "a stopped keeper's refresher still runs")
        assert _sql(pg_fresh_url, "SELECT seen_at FROM presence WHERE seat = 2") == [stamped]
    finally:
        engine.dispose()


def test_the_app_keeps_presence_where_its_database_is(tmp_path, pg_fresh_url):
    on_sqlite = create_app({"INSTANCE_PATH": tmp_path / "a"})
    assert get_presence(on_sqlite) is presence.LOCAL
    on_postgres = create_app({"INSTANCE_PATH": tmp_path / "b", "DATABASE_URL": pg_fresh_url})
    keeper = get_presence(on_postgres)
    assert isinstance(keeper, presence.SharedPresence)
    assert keeper.refresh == on_postgres.config["LIVE_HEARTBEAT"]
    assert get_presence(on_postgres) is keeper
