"""What a money or fame check keeps beside the log, on SQLite and PostgreSQL: one check per game
and track, one count per seat however many times or at once it is sent, kept across stores."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from companion.games.princes.counts import CheckRow, CountError, Counts, read_amount
from events import EventStore


def test_a_check_and_its_counts_are_kept_per_game_and_track(store_url):
    with EventStore(store_url) as store:
        counts = Counts(store)
        assert counts.check("g1", "money") is None
        assert counts.give("g1", "money", 1, 3200, 15, "1")  # opens the check
        assert not counts.give("g1", "money", 0, 2900, 15, "0")
        counts.give("g1", "money", 1, 3300, 16, "1")  # counted again: the newer stands
        assert counts.mark("g1", "money", 1, 9)
        assert not counts.mark("g1", "money", 2, 9)  # no count, nothing to mark
        counts.give("g1", "fame", 2, 4, 16, "2")
        counts.give("g2", "money", 0, 100, 3, "host")
    with EventStore(store_url) as again:  # another process, the same database
        counts = Counts(again)
        check = counts.check("g1", "money")
        assert check is not None and (check.by, check.seq) == ("1", 15)
        assert {s: (c.amount, c.seq, c.marked) for s, c in check.counts.items()} == {
            0: (2900, 15, None),
            1: (3300, 16, 9),
        }
        assert counts.open_tracks("g1") == {"money", "fame"}
        assert counts.open_tracks("g3") == set()
        counts.start("g1", "money", "host", 20)  # a new check: the old counts go
        check = counts.check("g1", "money")
        assert check is not None and check.counts == {} and check.by == "host"
        counts.close("g1", "money")
        assert counts.check("g1", "money") is None
        assert counts.check("g1", "fame").counts[2].amount == 4
        assert counts.check("g2", "money").counts[0].amount == 100


def test_counts_sent_at_once_keep_one_row_per_seat(store_url):
    with EventStore(store_url) as store:
        counts = Counts(store)
        counts.start("g", "money", "host", 1)
        errors = []

        def send(seat, amount):
            try:
                counts.give("g", "money", seat, amount, 1, str(seat))
            except Exception as e:  # pragma: no cover - the assertion below reports it
                errors.append(e)

        threads = [
            threading.Thread(target=send, args=(seat, 100 * (i + 1)))
            for i in range(6)
            for seat in range(3)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        check = counts.check("g", "money")
        assert sorted(check.counts) == [0, 1, 2]
        assert all(c.amount in range(100, 700, 100) for c in check.counts.values())


@pytest.mark.parametrize(
    ("track", "text", "amount"),
    [("money", "3200", 3200), ("money", " 3 200 ", 3200), ("fame", "7", 7), ("fame", "0", 0)],
)
def test_a_typed_count_is_read(track, text, amount):
    assert read_amount(track, text) == amount


@pytest.mark.parametrize(
    ("track", "text"),
    [("money", "3250"), ("money", "-100"), ("money", ""), ("money", "1e5"), ("fame", "3.5")]
    + [("money", "99999999"), ("fame", "1001"), ("money", "٣٢٠٠"), ("fame", "²")],
)
def test_a_count_that_cannot_be_read_is_refused(track, text):
    with pytest.raises(CountError):
        read_amount(track, text)


def sqlalchemy_opened(engine, game_id: str) -> dict[str, str]:
    """The open checks as SQLAlchemy's own read gives them (what Counts read before)."""
    checks = CheckRow.__table__
    query = select(checks.c.track, checks.c.seq, checks.c.at).where(checks.c.game_id == game_id)
    with engine.connect() as conn:
        return {r.track: f"{r.track}-{r.seq}-{r.at.timestamp():.0f}" for r in conn.execute(query)}


def test_the_checks_read_on_the_stores_driver_are_what_sqlalchemy_reads(store_url):
    """Every phone panel asks which checks are open: read on the event store's driver, the
    answer is the one SQLAlchemy's own read gives, and sees at once a check opened, asked
    again (a new key: the phones buzz again) or closed, here or by another process."""
    with EventStore(store_url) as store, EventStore(store_url) as other:
        fast, elsewhere = Counts(store), Counts(other)

        def same() -> dict:
            plain = sqlalchemy_opened(store.engine, "g1")
            assert fast.opened("g1") == plain
            assert fast.open_tracks("g1") == set(plain) == set(fast.opened("g1"))
            return fast.opened("g1")

        assert same() == {}
        fast.start("g1", "money", "host", 7)
        first = same()
        assert list(first) == ["money"] and first["money"].startswith("money-7-")
        elsewhere.start("g1", "fame", "2", 9)  # another process opens one
        assert same().keys() == {"money", "fame"}
        elsewhere.start("g1", "money", "1", 12)  # asked again, at another seq
        assert same()["money"].startswith("money-12-")
        fast.start("g2", "money", "host", 3)  # another game's check is not this one's
        elsewhere.close("g1", "money")
        assert same().keys() == {"fame"}
        fast.close("g1", "fame")
        assert same() == {}
        assert fast.opened("g2").keys() == {"money"}
