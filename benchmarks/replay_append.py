"""Replay and append speed, each as a ratio to a baseline measured in the same run.

- replay: folding a 5-player, 7-round log through the rules, against `json.loads` of the same
  lines (aim: within 5x);
- append: recording one event with validation through the Table on SQLite, against a raw
  sqlite3 INSERT + COMMIT of the same row under the same pragmas (aim: within 2x).
Run: `make bench` (or `python benchmarks/replay_append.py`).
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.princes.learned import LearnedCatalog  # noqa: E402
from companion.games.princes.rules import play, replay, simulation_catalog
from companion.service.table import Table  # noqa: E402
from events import EventStore  # noqa: E402


def best_of(fn, repeat=7, number=20) -> float:
    """Seconds per call, the best of several rounds (the least disturbed by the machine)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number)
    return min(times)


def bench_replay() -> dict:
    catalog = simulation_catalog()
    log, state = play(5, seed=2026, catalog=catalog)
    assert state.phase == "over" and state.round == 7
    lines = [json.dumps(e) for e in log]
    parsed = [json.loads(x) for x in lines]
    parse = best_of(lambda: [json.loads(x) for x in lines])
    fold = best_of(lambda: replay(parsed, catalog))
    both = best_of(lambda: replay([json.loads(x) for x in lines], catalog))
    return {
        "events": len(log),
        "parse_s": parse,
        "replay_s": fold,
        "events_per_s": len(log) / fold,
        "ratio_replay_to_parse": fold / parse,
        "ratio_parse_and_replay_to_parse": both / parse,
    }


def bench_append(count=400) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="palazzo-bench-"))
    learned = LearnedCatalog(folder)
    store = EventStore(f"sqlite:///{folder / 'palazzo.db'}")
    table = Table(store, learned)
    game_id, _ = table.create_game({"players": ["A", "B", "C", "D", "E"], "start_player": 0})
    event = {"type": "correction", "player": 0, "money": 100, "reason": "bench"}
    payload = {k: v for k, v in event.items() if k != "type"}

    t_app = []
    for _ in range(count):
        t0 = time.perf_counter()
        table.record(game_id, event, by="host")
        t_app.append(time.perf_counter() - t0)

    raw = sqlite3.connect(folder / "raw.db", isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=NORMAL")
    raw.execute(
        "CREATE TABLE events (game_id TEXT, seq INTEGER, id TEXT UNIQUE, type TEXT, "
        "payload TEXT, by TEXT, at TEXT, PRIMARY KEY (game_id, seq))"
    )
    t_raw = []
    for i in range(count):
        t0 = time.perf_counter()
        raw.execute("BEGIN")
        raw.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                i + 1,
                f"raw-{i}",
                "correction",
                json.dumps(payload),
                "host",
                "2026-11-25T00:00:00+00:00",
            ),
        )
        raw.execute("COMMIT")
        t_raw.append(time.perf_counter() - t0)
    store.close()
    app, base = statistics.median(t_app), statistics.median(t_raw)
    return {
        "appends": count,
        "append_s": app,
        "raw_insert_s": base,
        "ratio_append_to_raw": app / base,
    }


def main():
    r = bench_replay()
    print(
        f"replay: {r['events']} events (5 players, 7 rounds) in {r['replay_s'] * 1e3:.2f} ms "
        f"= {r['events_per_s']:,.0f} events/s"
    )
    print(f"        json.loads of the same lines: {r['parse_s'] * 1e3:.2f} ms")
    print(
        f"        ratio replay/parse: {r['ratio_replay_to_parse']:.2f}x "
        f"(parse+replay/parse: {r['ratio_parse_and_replay_to_parse']:.2f}x; aim within 5x)"
    )
    a = bench_append()
    print(f"append: {a['append_s'] * 1e6:.0f} us per validated append (median of {a['appends']})")
    print(f"        raw sqlite3 INSERT+COMMIT: {a['raw_insert_s'] * 1e6:.0f} us")
    print(f"        ratio append/raw: {a['ratio_append_to_raw']:.2f}x (aim within 2x)")
    return {"replay": r, "append": a}


if __name__ == "__main__":
    main()
