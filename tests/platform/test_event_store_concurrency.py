"""The store under real contention: threads sharing one store, and separate processes sharing
one database, on SQLite and PostgreSQL. Correctness must come from the database constraints."""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from events import EventStore, SeqConflict

THREADS = 8


def race(n, fn):
    """Run fn(i) on n threads released at the same instant; return results or exceptions."""
    barrier = threading.Barrier(n)

    def run(i):
        barrier.wait()
        try:
            return fn(i)
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test inspects
            return exc

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def test_racing_at_the_same_seq_exactly_one_wins(store):
    store.create_game("g", {})
    store.append("g", id="first", type="setup", payload={}, by="host", expected_seq=0)

    outcomes = race(
        THREADS,
        lambda i: store.append(
            "g", id=f"bid-{i}", type="bid", payload={"seat": i}, by=str(i), expected_seq=1
        ),
    )

    winners = [o for o in outcomes if not isinstance(o, Exception)]
    losers = [o for o in outcomes if isinstance(o, SeqConflict)]
    assert len(winners) == 1 and len(losers) == THREADS - 1, outcomes
    assert all(e.last_seq == 2 for e in losers)
    assert store.events("g") == [store.find("g", "first"), winners[0].event]


def test_racing_retries_of_one_id_store_it_once(store):
    store.create_game("g", {})
    outcomes = race(
        THREADS,
        lambda i: store.append(
            "g", id="the-bid", type="bid", payload={"amount": 500}, by="2", expected_seq=0
        ),
    )

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert [o.duplicate for o in outcomes].count(False) == 1
    assert all(o.event == outcomes[0].event for o in outcomes)
    assert store.events("g") == [outcomes[0].event]


def append_until_stored(store, game_id, event_id, seat):
    """What a phone does: read the head, try, and on a conflict try again at the new head."""
    expected = store.last_seq(game_id)
    while True:
        try:
            return store.append(
                game_id,
                id=event_id,
                type="bid",
                payload={"seat": seat},
                by=str(seat),
                expected_seq=expected,
            ).event
        except SeqConflict as conflict:
            expected = conflict.last_seq


def test_many_writers_each_land_every_event_once(store):
    writers, per_writer = 4, 25
    store.create_game("g", {})

    def writer(w):
        for k in range(per_writer):
            append_until_stored(store, "g", f"w{w}-{k}", w)

    race(writers, writer)
    log = store.events("g")
    assert [e.seq for e in log] == list(range(1, writers * per_writer + 1))
    assert Counter(e.id for e in log) == Counter(
        f"w{w}-{k}" for w in range(writers) for k in range(per_writer)
    )
    for w in range(writers):  # each writer's own events keep their order
        mine = [e.id for e in log if e.by == str(w)]
        assert mine == [f"w{w}-{k}" for k in range(per_writer)]


def _process_writer(url, game_id, writer, count, start):
    start.wait()
    with EventStore(url) as store:
        for k in range(count):
            append_until_stored(store, game_id, f"p{writer}-{k}", writer)


@pytest.mark.slow
def test_separate_processes_share_one_log(store_url):
    processes, per_process = 3, 15
    with EventStore(store_url) as store:
        store.create_game("g", {})
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    procs = [
        ctx.Process(target=_process_writer, args=(store_url, "g", p, per_process, start))
        for p in range(processes)
    ]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(600)  # a hang guard: they finish in seconds
    assert [p.exitcode for p in procs] == [0] * processes
    with EventStore(store_url) as store:
        log = store.events("g")
    assert [e.seq for e in log] == list(range(1, processes * per_process + 1))
    assert sorted(e.id for e in log) == sorted(
        f"p{w}-{k}" for w in range(processes) for k in range(per_process)
    )


def test_many_long_lived_threads_appending_do_not_starve_readers(tmp_path):
    """A server's worker threads live for ever: the connections they keep for appends must not
    come out of the pool that every read needs."""
    import time as _time

    from events import EventStore as _Store

    store = _Store(f"sqlite:///{tmp_path / 'threads.db'}")
    store.create_game("g")
    go, done = threading.Event(), threading.Barrier(33)
    seqs = iter(range(40))
    lock = threading.Lock()

    def worker():
        go.wait()
        with lock:
            n = next(seqs)
            store.append("g", id=f"e{n}", type="t", payload={}, by="host", expected_seq=n)
        done.wait()  # stay alive, like a waitress thread, while the reads happen

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(32)]
    for t in threads:
        t.start()
    go.set()
    started = _time.monotonic()
    while store.last_seq("g") < 32:
        assert _time.monotonic() - started < 10
        _time.sleep(0.01)
    t0 = _time.monotonic()
    assert len(store.events("g")) == 32 and store.game("g") is not None
    assert _time.monotonic() - t0 < 2
    done.wait()
    for t in threads:
        t.join()
    store.close()


GREENLETS = r"""
from gevent import monkey

monkey.patch_all()
import json, sys
import gevent
from sqlalchemy import event
from events import EventStore

store = EventStore(sys.argv[1])
connects = []
event.listen(store._append_engine, "connect", lambda *_: connects.append(1))
store.create_game("g", {"seats": 5})
seen = []

def client(n):
    # a phone's connection: its own greenlet, as `palazzo serve` runs each; it taps, and
    # reads the game's record as every request does, giving the turn away between
    for i in range(5):
        seq = store.last_seq("g")
        while True:
            try:
                store.append("g", id=f"{n}-{i}", type="tap", payload={}, by=str(n),
                             expected_seq=seq)
                break
            except Exception:
                seq = store.last_seq("g")
                gevent.sleep(0)
        seen.append(store.game("g").meta["seats"])
        gevent.sleep(0)

gevent.joinall([gevent.spawn(client, n) for n in range(20)])
print(json.dumps({"connects": len(connects), "seqs": [e.seq for e in store.events("g")],
                  "ids": len({e.id for e in store.events("g")}), "seen": seen.count(5)}))
"""


@pytest.mark.slow
def test_greenlets_of_one_thread_share_its_kept_connection(tmp_path):
    """Under gevent (`palazzo serve`) every client connection is a greenlet: the appends and
    record reads of all of them go through the one connection the thread keeps, not a new
    one per greenlet, and every tap still lands once, gapless."""
    import json
    import subprocess
    import sys

    from companion.web import REPO_ROOT

    url = f"sqlite:///{tmp_path / 'palazzo.db'}"
    done = subprocess.run(
        [sys.executable, "-c", GREENLETS, url],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["connects"] == 1
    assert found["seqs"] == list(range(1, 101))
    assert found["ids"] == 100 and found["seen"] == 100


def test_meta_changed_by_racing_threads_loses_no_key_and_no_count(store):
    """`update_meta`: each thread counts in one shared key and sets a key of its own, many
    times, all at once; every count and every key is there after (a copy of the whole meta,
    changed and written back, would keep only the last writer's)."""
    store.create_game("g", {"names": ["Ada", "Ben"]})
    rounds = 5

    def change(i):
        for _ in range(rounds):
            store.update_meta("g", "counted", lambda old: (old or 0) + 1)
        store.update_meta("g", f"mine-{i}", lambda _old: i)

    assert [o for o in race(THREADS, change) if o is not None] == []
    meta = store.game("g").meta
    assert meta["counted"] == THREADS * rounds
    assert {k: v for k, v in meta.items() if k.startswith("mine-")} == {
        f"mine-{i}": i for i in range(THREADS)
    }
    assert meta["names"] == ["Ada", "Ben"]  # a key nobody changed stays
    assert store.update_meta("g", "counted", lambda _old: None) is None  # None: the key goes
    assert "counted" not in store.game("g").meta
