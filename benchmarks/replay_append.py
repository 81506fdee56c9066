"""Replay and append speed, each as a ratio to a baseline measured in the same process.

- replay: folding a 5-player, 7-round log through the rules, against `json.loads` of the same
  lines: as the service folds a log read back from the store (its events' shapes were checked
  when they were appended: aim within 3x) and as `palazzo replay` folds a hand-written log
  (every event checked against its declared shape);
- append: recording one event with validation through the Table on SQLite, against a raw
  sqlite3 INSERT + COMMIT of the same row under the same pragmas (aim: within 2x); and a whole
  move, the append and the replay every screen then reads once (its story told by then: the
  append leaves the telling to that read, so the move shows the cost was moved, not dropped).

Times are the process's CPU time (user and system: SQLite's writes included), not the wall
clock. Each figure is printed beside the same figure for the code before the trusted replay (the
commit BASELINE, or PALAZZO_BASELINE=<git revision>), taken in the same run: that code is
checked out of git into a temporary folder; this script measures each code in a child process
of its own, alternating (ROUNDS each, or REPLAY_ROUNDS=n), so a machine busy with other work
weighs on both alike; the medians of the rounds are printed.
PALAZZO_BASELINE=none leaves it out (a copy without git).
Run: `make bench` (or `python benchmarks/replay_append.py`).
"""

from __future__ import annotations

import inspect
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "762bb90"  # main before the trusted replay and the append cuts
ROUNDS = 5
# CPU time of this process, user and system: on a machine shared with other work, the time
# spent waiting for a core is not the code's cost, and it swings both sides of a ratio apart.
CLOCK = time.process_time
# Which code is measured: this tree, or (in the child process) the baseline's checkout.
sys.path.insert(0, sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--code" else str(ROOT))
sys.path.insert(1, str(ROOT))  # this tree's benchmarks/ helpers, in the child process too

from benchmarks.baseline import baseline_tree  # noqa: E402
from benchmarks.loadclient import best_of_each  # noqa: E402
from benchmarks.scratch import scratch_folder  # noqa: E402
from companion.app import GAMES  # noqa: E402
from companion.games.princes.learned import LearnedCatalog  # noqa: E402
from companion.games.princes.rules import play, replay, simulation_catalog  # noqa: E402
from companion.service.table import Table  # noqa: E402
from events import EventStore  # noqa: E402


def bench_replay() -> dict:
    catalog = simulation_catalog()
    log, state = play(5, seed=2026, catalog=catalog)
    assert state.phase == "over" and state.round == 7
    # the lines as the store hands them to the rules (`engine_event`): with seq and recorder
    lines = [json.dumps({**e, "seq": i, "by": "host"}) for i, e in enumerate(log, 1)]
    parsed = [json.loads(x) for x in lines]
    # the code before had one path: every event checked, stored or not
    stored = {"trusted": True} if "trusted" in inspect.signature(replay).parameters else {}
    parse, fold, checked, both = best_of_each(
        [
            lambda: [json.loads(x) for x in lines],
            lambda: replay(parsed, catalog, **stored),
            lambda: replay(parsed, catalog),
            lambda: replay([json.loads(x) for x in lines], catalog, **stored),
        ]
    )
    return {
        "events": len(log),
        "parse_s": parse,
        "replay_s": fold,
        "checked_s": checked,
        "events_per_s": len(log) / fold,
        "ratio_replay_to_parse": fold / parse,
        "ratio_checked_to_parse": checked / parse,
        "ratio_parse_and_replay_to_parse": both / parse,
    }


def bench_append(count=600) -> dict:
    folder = scratch_folder("palazzo-bench-")
    learned = LearnedCatalog(folder)
    store = EventStore(f"sqlite:///{folder / 'palazzo.db'}")
    table = Table(store, GAMES, learned)
    game_id, _ = table.create_game({"players": ["A", "B", "C", "D", "E"], "start_player": 0})
    event = {"type": "correction", "player": 0, "money": 100, "reason": "bench"}
    payload = {k: v for k, v in event.items() if k != "type"}

    raw = sqlite3.connect(folder / "raw.db", isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=NORMAL")
    raw.execute(
        "CREATE TABLE events (game_id TEXT, seq INTEGER, id TEXT UNIQUE, type TEXT, "
        "payload TEXT, by TEXT, at TEXT, PRIMARY KEY (game_id, seq))"
    )
    t_app, t_raw, t_move = [], [], []
    for i in range(count):  # in turns, so a busy spell weighs on both alike
        t0 = CLOCK()
        table.record(game_id, event, by="host")
        t1 = CLOCK()
        # what the screens then read once, shared (the story of the event told by then)
        table.replay(game_id, sync=False)
        t_move.append(CLOCK() - t0)
        t_app.append(t1 - t0)
        t0 = CLOCK()
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
        t_raw.append(CLOCK() - t0)
    raw.close()
    store.close()
    app, base = statistics.median(t_app), statistics.median(t_raw)
    return {
        "appends": count,
        "append_s": app,
        "raw_insert_s": base,
        "ratio_append_to_raw": app / base,
        "move_s": statistics.median(t_move),
    }


def measure() -> dict:
    return {"replay": bench_replay(), "append": bench_append()}


def measure_in(tree: Path) -> dict:
    """This script's measures of the code in `tree`, in a child process of its own."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--code", str(tree)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tree)},
    ).stdout
    return json.loads(out.splitlines()[-1])


def median_of(runs: list[dict], part: str, key: str) -> float:
    return statistics.median(r[part][key] for r in runs)


def main():
    rounds = int(os.environ.get("REPLAY_ROUNDS", ROUNDS))
    revision = os.environ.get("PALAZZO_BASELINE", BASELINE)
    tree = None if revision == "none" else baseline_tree(revision, ("companion", "events"))
    now, before = [], []
    for _ in range(rounds):  # alternating, so a busy machine weighs on both alike
        now.append(measure_in(ROOT))  # each in a fresh process, as the baseline is
        if tree is not None:
            before.append(measure_in(tree))

    def was(part: str, key: str, fmt: str, scale: float = 1) -> str:
        if not before:
            return ""
        return f" (before: {format(median_of(before, part, key) * scale, fmt)})"

    r = lambda key: median_of(now, "replay", key)  # noqa: E731
    a = lambda key: median_of(now, "append", key)  # noqa: E731
    print(f"medians of {rounds} rounds; before = {revision}, measured in the same run")
    print(
        f"replay: {now[0]['replay']['events']} events (5 players, 7 rounds) read back from the "
        f"store in {r('replay_s') * 1e3:.2f} ms = {r('events_per_s'):,.0f} events/s"
        + was("replay", "events_per_s", ",.0f")
    )
    print(f"        json.loads of the same lines: {r('parse_s') * 1e3:.2f} ms")
    print(
        f"        ratio replay/parse: {r('ratio_replay_to_parse'):.2f}x"
        + was("replay", "ratio_replay_to_parse", ".2f")
        + " (aim within 3x)"
    )
    print(
        f"        parse+replay/parse: {r('ratio_parse_and_replay_to_parse'):.2f}x"
        + was("replay", "ratio_parse_and_replay_to_parse", ".2f")
    )
    print(
        f"        a hand-written log (every event's shape checked): "
        f"{r('ratio_checked_to_parse'):.2f}x" + was("replay", "ratio_checked_to_parse", ".2f")
    )
    print(
        f"append: {a('append_s') * 1e6:.0f} us per validated append (median of "
        f"{now[0]['append']['appends']})" + was("append", "append_s", ".0f", 1e6)
    )
    print(
        f"        raw sqlite3 INSERT+COMMIT: {a('raw_insert_s') * 1e6:.0f} us"
        + was("append", "raw_insert_s", ".0f", 1e6)
    )
    print(
        f"        ratio append/raw: {a('ratio_append_to_raw'):.2f}x"
        + was("append", "ratio_append_to_raw", ".2f")
        + " (aim within 2x)"
    )
    print(
        f"        a move: the append and the screens' first read of it (Table.replay): "
        f"{a('move_s') * 1e6:.0f} us" + was("append", "move_s", ".0f", 1e6)
    )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return {"now": now, "before": before}


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--code":
        print(json.dumps(measure()))
    else:
        main()
