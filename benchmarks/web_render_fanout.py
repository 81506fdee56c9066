"""Phone screen speed, measured in one run with its baselines.

- render: p50/p95 of the time to render a seat's live phone fragment and the table screen's
  board for a game with 400 events (aim: p95 under 50 ms), against the landing page rendered by
  the same app (the baseline); once with the game standing still (every cache warm) and once
  right after each new event (what every screen pays when the seq moves);
- fan-out: the time from an append to the last of 6 connected live streams hearing its seq
  (aim: under 200 ms), against one stream hearing it.
Run: `make bench` (or `python benchmarks/web_render_fanout.py`).
"""

from __future__ import annotations

import http.client
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadclient import percentile  # noqa: E402
from benchmarks.scratch import scratch_folder  # noqa: E402
from companion.app import create_app  # noqa: E402
from companion.games.princes.learned import LearnedCatalog  # noqa: E402
from companion.games.princes.rules import play, simulation_catalog  # noqa: E402
from companion.games.princes.web.recording import get_table  # noqa: E402
from companion.web.games import create_hosted_game  # noqa: E402
from tests.support.web_fixtures import threaded_server, viewer_cookie  # noqa: E402

EVENTS = 400
STREAMS = 6


def game_with_400_events(app):
    LearnedCatalog(app.instance_path).teach(simulation_catalog().to_dict())
    log, _ = play(5, seed=7, catalog=simulation_catalog())
    log = log[:-12]  # stop in round 7, before the final scoring
    with app.test_request_context():
        game_id, tokens = create_hosted_game({k: v for k, v in log[0].items() if k != "type"})
        table = get_table()
        for event in log[1:]:
            table.record(game_id, event, by="host")
        n = 0
        while table.seq(game_id) < EVENTS:  # host corrections make up the 400 events
            table.record(
                game_id,
                {"type": "correction", "player": n % 5, "money": 100, "reason": "bench"},
                by="host",
            )
            n += 1
    return game_id


def timed_gets(client, path, count, clock=time.perf_counter):
    times = []
    for _ in range(count):
        t0 = clock()
        r = client.get(path)
        times.append(clock() - t0)
        assert r.status_code == 200, (path, r.status_code)
    return times


def after_each_event(app, client, game_id, paths, count):
    """Each path rendered once right after a new event: the first render at a new seq."""
    table = get_table(app)
    times = {path: [] for path in paths}
    for i in range(count):
        table.record(
            game_id,
            {"type": "correction", "player": 1, "money": 100, "reason": f"render {i}"},
            by="host",
        )
        for path in paths:
            times[path] += timed_gets(client, path, 1)
    return times


def bench_render(app, game_id, count=60) -> dict:
    client = app.test_client()
    with client.session_transaction() as s:
        s["games"] = {game_id: {"seat": 0}}
    panel_path, board_path = f"/games/{game_id}/me/panel", f"/games/{game_id}/table/board"
    timed_gets(client, panel_path, 5)  # warm the caches
    timed_gets(client, board_path, 5)
    panel = timed_gets(client, panel_path, count)
    board = timed_gets(client, board_path, count)
    landing = timed_gets(client, "/", count)
    moved = after_each_event(app, client, game_id, (panel_path, board_path), count // 2)
    # CPU time of the same renders: on a shared machine, wall time also counts other work
    cpu = {p: timed_gets(client, p, count, time.process_time) for p in (panel_path, board_path)}
    return {
        "cpu_p50_ms": percentile(cpu[panel_path], 50) * 1e3,
        "board_cpu_p50_ms": percentile(cpu[board_path], 50) * 1e3,
        "p50_ms": percentile(panel, 50) * 1e3,
        "p95_ms": percentile(panel, 95) * 1e3,
        "board_p50_ms": percentile(board, 50) * 1e3,
        "board_p95_ms": percentile(board, 95) * 1e3,
        "moved_p50_ms": percentile(moved[panel_path], 50) * 1e3,
        "moved_p95_ms": percentile(moved[panel_path], 95) * 1e3,
        "board_moved_p50_ms": percentile(moved[board_path], 50) * 1e3,
        "board_moved_p95_ms": percentile(moved[board_path], 95) * 1e3,
        "baseline_p50_ms": percentile(landing, 50) * 1e3,
        "ratio_p50": percentile(panel, 50) / percentile(landing, 50),
    }


class Stream:
    """One phone's live stream: notes when each seq arrives."""

    def __init__(self, base, game_id, cookie):
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        self.conn.request(
            "GET",
            f"/games/{game_id}/stream",
            headers={"Accept": "text/event-stream", "Cookie": cookie},
        )
        self.response = self.conn.getresponse()
        self.heard: dict[int, float] = {}
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        event = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:") and event == "seq":
                    self.heard[int(line[5:].strip())] = time.perf_counter()
        except (OSError, ValueError):
            pass

    def close(self):
        self.conn.close()


def bench_fanout(app, game_id, rounds=30) -> dict:
    server = threaded_server(app)
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{server.effective_port}"
    cookie = viewer_cookie(app, game_id, spectator=True)
    streams = [Stream(base, game_id, cookie) for _ in range(STREAMS)]
    table = get_table(app)
    time.sleep(0.5)
    all_six, first = [], []
    for i in range(rounds):
        t0 = time.perf_counter()
        seq = table.record(
            game_id,
            {"type": "correction", "player": 0, "money": 100, "reason": f"fan-out {i}"},
            by="host",
        ).event.seq
        deadline = t0 + 5
        while not all(seq in s.heard for s in streams) and time.perf_counter() < deadline:
            time.sleep(0.001)
        heard = [s.heard.get(seq) for s in streams]
        assert all(heard), f"a stream missed seq {seq}"
        all_six.append(max(heard) - t0)
        first.append(min(heard) - t0)
        time.sleep(0.05)
    for s in streams:
        s.close()
    server.close()
    return {
        "p50_ms": percentile(all_six, 50) * 1e3,
        "p95_ms": percentile(all_six, 95) * 1e3,
        "first_p50_ms": percentile(first, 50) * 1e3,
        "ratio_last_to_first": statistics.median(all_six) / statistics.median(first),
    }


def main():
    folder = scratch_folder("palazzo-web-bench-")
    app = create_app({"INSTANCE_PATH": folder, "TESTING": True})
    game_id = game_with_400_events(app)
    r = bench_render(app, game_id)
    print(
        f"render: phone fragment, {EVENTS}-event game: p50 {r['p50_ms']:.1f} ms, "
        f"p95 {r['p95_ms']:.1f} ms (aim: p95 under 50 ms)"
    )
    print(f"        table board: p50 {r['board_p50_ms']:.1f} ms, p95 {r['board_p95_ms']:.1f} ms")
    print(
        f"        CPU time p50: phone {r['cpu_p50_ms']:.1f} ms, table board "
        f"{r['board_cpu_p50_ms']:.1f} ms"
    )
    print(
        f"        right after a new event: phone p50 {r['moved_p50_ms']:.1f} ms, "
        f"p95 {r['moved_p95_ms']:.1f} ms; table board p50 {r['board_moved_p50_ms']:.1f} ms, "
        f"p95 {r['board_moved_p95_ms']:.1f} ms"
    )
    print(
        f"        landing page (baseline) p50 {r['baseline_p50_ms']:.2f} ms; "
        f"ratio {r['ratio_p50']:.1f}x"
    )
    f = bench_fanout(app, game_id)
    print(
        f"fan-out: append to the last of {STREAMS} streams: p50 {f['p50_ms']:.0f} ms, "
        f"p95 {f['p95_ms']:.0f} ms (aim: under 200 ms)"
    )
    print(
        f"         first stream p50 {f['first_p50_ms']:.0f} ms; last/first "
        f"{f['ratio_last_to_first']:.2f}x"
    )
    return {"render": r, "fanout": f}


if __name__ == "__main__":
    main()
