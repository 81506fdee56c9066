"""Club night: 50 tables, every phone and table screen open, moves at table pace with bursts.

Each table is a 5-player game (the most the box allows) with 7 live clients: 5 seat phones, 1
spectator phone and the table screen, so 350 clients, each with its live stream open, each
joining through its QR link like a phone does. Every table plays a legal game (the rules'
autoplay) through the phones' own buttons, from its start (CLUB_MID_GAME=1: from somewhere in
its first 150 events, `already_played`): a move every ~10 s on average (exponential gaps; a
real 5-player game of ~225 events in ~100 minutes makes one every ~25 s), and now and then a
burst of 3 moves 0.2 s apart (a quick round of bids). Like static/palazzo.js, a screen that
hears a new seq re-fetches its fragment (one request per burst, not per event), unless its page
asks its stream to carry the fragment itself (`data-live-push`: the table screens), which it
then shows as it arrives.

Printed, for one `palazzo serve` on SQLite and for 2 processes on one PostgreSQL (each table's
clients spread over both, as behind a reverse proxy), beside a baseline from the same run: the
same fragments (a seat's panel, the board) fetched one at a time from the idle server (streams
open, nobody moving), before and after the play, so a busy moment of a shared machine weighs on
both sides; each p95 is given as a multiple of the idle p95 of the same fragment, beside the
club-night aims (page 3x, tap 4x, event to last screen 8x; twice those on PostgreSQL):
- tap to own screen: a move's POST until its answer (the phone's redrawn panel) arrives;
  given also against an idle move's (IDLE_MOVES moves of the first table on the idle server,
  one at a time, half before and half after the play): a tap records and draws the first
  panel of a new seq, which an idle panel's fetch at a known seq no longer does;
- event to last screen: a move's POST until the last of the table's 7 screens has fetched a
  fragment showing it (and until the last of their streams carried its seq: with 2
  processes, most tables' streams sit on the other process than the tap); also against an
  idle move's;
- whole pages: a real screen also loads whole pages, at any moment of the play. The mix, per
  table and PAGE_GAP (60 s) on average (exponential gaps): each seat's phone reloads its page
  (`/me`: a browser that dropped the locked tab, or whose Wi-Fi flaked, reloads it on wake; its
  stream then reopens from the page's seq, as palazzo.js's does), the table screen reloads its
  page (`/table`, same), a newcomer opens the table screen through the spectator's QR link (the
  join's redirect and the page, timed together, no stream kept), and the host opens `/host`: 8
  loads per table a minute (~120 in 20 s). Each is timed from its request to its last byte,
  against the same pages of the first table loaded one at a time on the idle server, before
  and after the play (a reload's stream left open there, so one address does not pile up
  streams), as the idle p95 of the same mix (each kind weighing what it weighs in the play),
  aim 3x (6x on PostgreSQL); each kind's p95s are printed beside;
- page latency: every fragment fetch under load (a seat's panel, the board: only when a stream
  could not carry it);
- errors (non-2xx answers, failed connections, streams that dropped, screens never updated);
- polls: what a page asks again by itself (htmx's `every`: a seat's alerts and checks' links
  every minute; the table screen's who-is-here every minute while every phone of its table
  streams, else every 3 s), and at once when its stream says `event: nudge` about it (a phone
  of its table came or went), all night, idle moments included (CLUB_POLLS=0: none); how many
  were answered, their p95;
- memory per open stream: the servers' RSS growth from opening the 350 streams, divided.

A phone whose tap is on its way fetches nothing its stream announces meanwhile (its answer is
its panel; palazzo.js waits the same way), then catches up if the answer was older.

`CLUB_BEFORE=0` leaves out the night of the code before shared renders.

The client is asyncio on loopback only (each client from its own 127.x.y.z address): 350
clients and CLUB_SECONDS (default 60) of play per setup (CLUB_TABLES tables, default 50;
CLUB_POSTGRES=0 leaves out PostgreSQL). It shares the machine with the servers, so it runs on a
core of its own (`pin_apart`; not when a server process would lose its core, as the 2 on a
2-core machine; CLUB_PIN=0: every process on every core): a phone never waits for the server's
core to read an answer, and on the server's core the load generator did. Its CPU is printed.

A third setup holds CLUB_STREAMS (default 1,000; 0: none) open streams on one process, as many
tables of 7 screens playing more slowly (the club night's moves per second), for CLUB_SECONDS
but at most 30 s (aim: page p95 under 100 ms).

Also printed: the servers' CPU seconds per recorded move (everything the servers did during the
play, divided by the moves: each move's tap, its table's refreshes, the streams), for the same
SQLite club night run with the code before shared renders and as now, alternated CLUB_PAIRS
times (default 2: before, now, before, now; so a minute when this shared machine ran slower
weighs on both codes), each pair's figure and then all nights of each code together (the aim's
verdict). The code before is commit BEFORE_SHARED_RENDERS (every screen fetches and renders
its own fragment after each move), checked out of git and served from a temporary folder
(benchmarks/baseline.py), so a cut that serves both codes does not move it;
`CLUB_BASELINE=<revision>` names another. A copy without git leaves that night out. Run:
`make bench` (or `python benchmarks/club_night.py`).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.baseline import baseline_tree  # noqa: E402
from benchmarks.club_idle import (  # noqa: E402
    PAGE_KINDS,
    SETTLE_SECONDS,
    baseline,
    idle_moves,
    idle_share,
    page_baseline,
)
from benchmarks.club_report import print_cpu_per_move, report  # noqa: E402
from benchmarks.club_screen import Screen, Stats  # noqa: E402
from benchmarks.loadclient import (  # noqa: E402
    HttpError,
    mixed_percentile,
    percentile,
    pin_apart,
    raise_file_limit,
    rss_kib,
    servers_cpu,
)
from benchmarks.scratch import scratch_folder  # noqa: E402
from companion.app import create_app  # noqa: E402
from companion.games.princes.learned import LearnedCatalog  # noqa: E402
from companion.games.princes.rules import play, simulation_catalog  # noqa: E402
from companion.web.games import create_hosted_game  # noqa: E402
from companion.web.join_links import join_path  # noqa: E402
from tests.support.servers import Served  # noqa: E402

BEFORE_SHARED_RENDERS = "bbfd92d"  # main before shared renders (and the folder-per-game move)
TABLES = int(os.environ.get("CLUB_TABLES", "50"))
SEATS = 5
SCREENS_PER_TABLE = SEATS + 2  # the seats' phones, a spectator's phone, the table screen
LOAD_SECONDS = float(os.environ.get("CLUB_SECONDS", "60"))
STREAMS_SECONDS = min(LOAD_SECONDS, 30.0)  # the 1,000-stream night's play (make bench's time)
MEAN_GAP = 10.0  # seconds between a table's moves, on average (a real game: ~25 s)
# nights of each code, alternated (before, now, before...), the CPU per move over them all
PAIRS = max(1, int(os.environ.get("CLUB_PAIRS", "2")))
PIN = os.environ.get("CLUB_PIN", "1") != "0"  # the load generator on a core of its own
STREAMS = int(os.environ.get("CLUB_STREAMS", "1000"))  # the many-streams night (0: left out)
BURST_CHANCE = 0.2  # a move that starts a burst of BURST moves BURST_GAP apart
BURST, BURST_GAP = 3, 0.2
MID_GAME = 150  # CLUB_MID_GAME=1: a table starts within its game's first MID_GAME events,
LEFT_TO_PLAY = 60  # with at least LEFT_TO_PLAY still to play
PAGE_GAP = 60.0  # seconds between one screen's whole-page loads, on average (see the docstring)
# a table's page loads per PAGE_GAP: each seat's phone and the table screen reload their own
# page once, a newcomer opens the table screen once, the host looks at the host page once
PAGE_MIX = {"seat": SEATS, "table": 1, "newcomer": 1, "host": 1}
IDLE_MOVES = 20  # moves on the idle server, half before and half after the play
IDLE_SECONDS = 5.0  # streams open, no moves: the servers' CPU that is not the moves'
REQUEST_TIMEOUT = 30.0
POLLS = os.environ.get("CLUB_POLLS", "1") != "0"


# -- the table's clients ---------------------------------------------------------------------------


class Table:
    def __init__(
        self, game_id: str, script: list[dict], mean_gap: float = MEAN_GAP, played: int = 0
    ):
        self.game_id, self.script, self.mean_gap = game_id, script, mean_gap
        self.screens: list[Screen] = []
        self.seats: list[Screen] = []
        # seq -> (tapped at, {"shown"/"heard": {screen: when}}) until every screen has both
        self.pending: dict[int, tuple[float, dict[str, dict]]] = {}
        self.moves = iter(script[1:])  # the first is game_started, recorded when hosted
        self.played = played  # moves its phones record before the night (`catch_up`)
        self.idle: Stats | None = None  # while set, where its moves' figures go (idle_moves)

    async def catch_up(self):
        """The moves before the night (`already_played`), tapped on its phones before the
        streams open, uncounted: each night's server records its own log (the code before
        shared renders reads neither today's snapshots nor all of today's events)."""
        scratch = Stats()
        for _ in range(self.played):
            event = next(self.moves)
            if not await self.seats[event["player"]].tap(event, scratch):
                raise AssertionError(f"a move before the night was refused: {event}")
        self.pending.clear()
        if self.played:  # each screen shows the game as it now stands, its stream opens there
            for screen in self.screens:
                await screen.load("seat" if screen in self.seats else "table", None)

    def posted(self, seq: int, at: float, stats: Stats):
        """A move's POST (sent `at`) was answered with `seq`: other screens may have heard
        or shown it already (their streams can beat the answer)."""
        reached: dict[str, dict] = {"shown": {}, "heard": {}}
        for what, screens in reached.items():
            for screen in self.screens:
                first = screen.first_at(what, seq)
                if first is not None:
                    screens[id(screen)] = first
        self.pending[seq] = (at, reached)
        for what in reached:
            self._complete(seq, what, stats)

    def reached(self, screen: Screen, what: str, seq: int, at: float, stats: Stats):
        for pending_seq in [s for s in self.pending if s <= seq]:
            if id(screen) not in self.pending[pending_seq][1][what]:
                self.pending[pending_seq][1][what][id(screen)] = at
                self._complete(pending_seq, what, stats)

    def _complete(self, seq: int, what: str, stats: Stats):
        if seq not in self.pending:  # completed by the other milestone's call just now
            return
        tapped, reached = self.pending[seq]
        if len(reached[what]) == len(self.screens):
            last = max(reached[what].values()) - tapped
            stats = self.idle or stats
            (stats.last_screen if what == "shown" else stats.last_stream).append(last)
            if all(len(r) == len(self.screens) for r in reached.values()):
                del self.pending[seq]

    async def browse(self, until: float, stats: Stats, rng: random.Random):
        """The table's whole-page loads at PAGE_MIX's rates (in all one per screen and
        PAGE_GAP), each by the screen whose page it is."""
        kinds = [kind for kind, n in PAGE_MIX.items() for _ in range(n)]
        seats = iter(range(10**9))
        tv = self.screens[-1]  # the table screen, whose session is the host's
        while True:
            await nap(rng.expovariate(len(kinds) / PAGE_GAP), until)
            if time.perf_counter() >= until:
                return
            kind = rng.choice(kinds)
            screen = self.seats[next(seats) % SEATS] if kind == "seat" else tv
            try:
                stats.pages[kind].append(await screen.load(kind, stats))
            except (OSError, HttpError, asyncio.IncompleteReadError) as error:
                if isinstance(error, HttpError) and "answered" in str(error):
                    stats.non_2xx += 1
                    stats.statuses[str(error)] += 1
                else:
                    stats.failed += 1
                screen.page_conn.close()

    async def play(self, until: float, stats: Stats, rng: random.Random):
        await nap(rng.uniform(0, self.mean_gap), until)
        while time.perf_counter() < until:
            for _ in range(BURST if rng.random() < BURST_CHANCE else 1):
                event = next(self.moves, None)
                if event is None:
                    return
                if not await self.seats[event["player"]].tap(event, stats):
                    return  # the game cannot go on from here: counted as an error
                stats.moves += 1
                await asyncio.sleep(BURST_GAP)
            await nap(rng.expovariate(1 / self.mean_gap), until)


async def nap(seconds: float, until: float) -> None:
    """A table's wait for its next move or page load, cut at the play's end. Slept in full,
    the longest of 50 tables' last waits (exponential, mean 10 s) ran ~45 s past it, inside
    the window whose CPU is divided by the moves once the idle server's is taken off: with
    the pages' polls, 15% of a core for 45 s more than the moves' own CPU."""
    await asyncio.sleep(max(0.0, min(seconds, until - time.perf_counter())))


# -- one setup -------------------------------------------------------------------------------------


def host_tables(app, count: int, mean_gap: float) -> list[Table]:
    LearnedCatalog(app.instance_path).teach(simulation_catalog().to_dict())
    tables = []
    with app.test_request_context():
        scripts: dict[int, list[dict]] = {}  # past TABLES tables, the games repeat
        for i in range(count):
            seed = 1000 + i % TABLES
            if seed not in scripts:
                scripts[seed] = play(SEATS, seed=seed, catalog=simulation_catalog())[0]
            log = scripts[seed]
            settings = {k: v for k, v in log[0].items() if k != "type"}
            game_id, tokens = create_hosted_game(settings)
            table = Table(game_id, log, mean_gap, already_played(log, i))
            table.tokens = tokens
            table.joins = {
                "seats": [join_path(game_id, t) for t in tokens.seats],
                "spectator": join_path(game_id, tokens.spectator),
                "host": join_path(game_id, tokens.host),
            }
            tables.append(table)
    return tables


def already_played(log: list[dict], i: int) -> int:
    """How far into its game table `i` is when the night starts: at its start, as the club-night
    aims were measured (a 20 s night plays ~4 starting hands a table); CLUB_MID_GAME=1: in its
    first MID_GAME events, LEFT_TO_PLAY still to come (a club's tables are at every stage)."""
    if os.environ.get("CLUB_MID_GAME") != "1":
        return 0
    return random.Random(i).randint(0, max(0, min(MID_GAME, len(log) - 1 - LEFT_TO_PLAY)))


def client_address(n: int) -> str:
    return f"127.0.{10 + n // 250}.{1 + n % 250}"


async def club_night(
    urls: list[str], pids: list[int], tables: list[Table], seconds: float = LOAD_SECONDS
) -> dict:
    stats = Stats()
    n = 0
    for t, table in enumerate(tables):
        joins = table.joins
        plan = [(j, None) for j in joins["seats"]]
        plan.append((joins["spectator"], f"/games/{table.game_id}/table/board"))
        plan.append((joins["host"], f"/games/{table.game_id}/table/board"))
        for join, refresh in plan:
            url = urls[(t + n) % len(urls)]  # spread each table over the processes
            screen = Screen(table, url, client_address(n), join, refresh)
            table.screens.append(screen)
            n += 1
        table.seats = table.screens[:SEATS]
    screens = [s for t in tables for s in t.screens]
    await asyncio.gather(*(s.open_page() for s in screens))
    await asyncio.gather(*(t.catch_up() for t in tables))
    before = sum(rss_kib(pid) for pid in pids)
    polling = random.Random(11)
    for screen in screens:
        screen.stream_task = asyncio.get_running_loop().create_task(screen.stream(stats))
        if POLLS:
            screen.poll_task = asyncio.get_running_loop().create_task(
                screen.poll(stats, random.Random(polling.random()))
            )
    await asyncio.wait_for(asyncio.gather(*(s.stream_open.wait() for s in screens)), 60)
    await asyncio.sleep(1.0)
    after = sum(rss_kib(pid) for pid in pids)
    stats.dropped_streams = 0
    opened_polls = len(stats.polls)  # asked while the streams opened (and phones came): not timed
    # what the servers spend with every stream open and nobody moving (heartbeats, the seq
    # poll, the pages' polls): taken off the play's CPU, so the figure per move is what the
    # moves cost; measured before and after the play, the two averaged for the moves
    idle_rate, idle_polls = await idle_share(pids, IDLE_SECONDS, stats.polls)
    # the idle fragments, on the process the first table's screens use
    idle: dict[str, list[float]] = {"panel": [], "board": []}
    idle_pages: dict[str, list[float]] = {kind: [] for kind in PAGE_KINDS}
    samples = [tables[0].seats[0], tables[0].screens[-1]]
    await baseline(samples, idle)
    page_cpu: dict[str, float] = {}
    await page_baseline(tables[0], idle_pages, pids, idle_rate, page_cpu)
    idle_play = Stats()
    await idle_moves(tables[0], idle_play, IDLE_MOVES // 2)
    cpu_before, play_started = servers_cpu(pids), time.perf_counter()
    polls_before = len(stats.polls)
    client_before = time.process_time()
    until = time.perf_counter() + seconds
    rng = random.Random(7)
    await asyncio.gather(
        *(t.play(until, stats, random.Random(rng.random())) for t in tables),
        *(t.browse(until, stats, random.Random(rng.random())) for t in tables),
    )
    settle = time.perf_counter() + SETTLE_SECONDS
    while any(t.pending for t in tables) and time.perf_counter() < settle:
        await asyncio.sleep(0.1)
    stats.missed = sum(len(t.pending) for t in tables)
    # every move's screens have refreshed (or SETTLE_SECONDS passed): the servers' CPU for
    # the play, streams' heartbeats and polls included, per recorded move
    cpu = servers_cpu(pids) - cpu_before
    played = time.perf_counter() - play_started
    play_polls = len(stats.polls) - polls_before
    client_share = (time.process_time() - client_before) / played
    await asyncio.sleep(1.0)  # the last refreshes' connections settle
    rate, polled = await idle_share(pids, IDLE_SECONDS, stats.polls)
    idle_rate, idle_polls = (idle_rate + rate) / 2, (idle_polls + polled) / 2
    # what the servers would have spent with nobody moving, taken off: per poll answered
    # when the pages poll (a new panel puts a seat's polls off, so fewer are asked during the
    # play than while idle), else per second
    idle_cpu = idle_rate / idle_polls * play_polls if idle_polls else idle_rate * played
    moving_cpu = max(0.0, cpu - idle_cpu)
    await baseline(samples, idle)
    await page_baseline(tables[0], idle_pages)
    await idle_moves(tables[0], idle_play, IDLE_MOVES // 2)
    for screen in screens:
        screen.closing = True
        screen.stream_task.cancel()
        if screen.poll_task is not None:
            screen.poll_task.cancel()
        screen.poll_conn.close()
        screen.conn.close()
        screen.tap_conn.close()
        screen.page_conn.close()
    await asyncio.sleep(0.2)
    loaded = {kind: len(stats.pages[kind]) for kind in PAGE_KINDS}
    pages_cpu = sum(loaded[kind] * page_cpu[kind] for kind in PAGE_KINDS)
    return {
        "baseline_p50_ms": percentile(idle["panel"], 50) * 1e3,
        "baseline_p95_ms": percentile(idle["panel"], 95) * 1e3,
        "board_baseline_p95_ms": percentile(idle["board"], 95) * 1e3,
        "page_p50_ms": percentile(stats.page, 50) * 1e3,
        "page_p95_ms": percentile(stats.page, 95) * 1e3,
        "panel_p95_ms": percentile(stats.page_by_kind["panel"], 95) * 1e3,
        "board_p95_ms": percentile(stats.page_by_kind["board"], 95) * 1e3,
        "client_cpu_share": client_share,
        "seconds": seconds,
        "tap_p50_ms": percentile(stats.tap, 50) * 1e3,
        "tap_p95_ms": percentile(stats.tap, 95) * 1e3,
        "last_p50_ms": percentile(stats.last_screen, 50) * 1e3,
        "last_p95_ms": percentile(stats.last_screen, 95) * 1e3,
        "idle_tap_p95_ms": percentile(idle_play.tap, 95) * 1e3,
        "idle_last_p95_ms": percentile(idle_play.last_screen, 95) * 1e3,
        "stream_p50_ms": percentile(stats.last_stream, 50) * 1e3,
        "stream_p95_ms": percentile(stats.last_stream, 95) * 1e3,
        "pages": len(stats.page),
        "page_loads": loaded,
        "whole_p50_ms": percentile([v for vs in stats.pages.values() for v in vs], 50) * 1e3,
        "whole_p95_ms": mixed_percentile(stats.pages, loaded, 95) * 1e3,
        "idle_whole_p95_ms": mixed_percentile(idle_pages, loaded, 95) * 1e3,
        "by_page": {
            kind: (percentile(stats.pages[kind], 95) * 1e3, percentile(idle_pages[kind], 95) * 1e3)
            for kind in PAGE_KINDS
        },
        "pushed": stats.pushed,
        "moves": stats.moves,
        "errors": stats.non_2xx + stats.failed + stats.dropped_streams + stats.missed,
        "non_2xx": stats.non_2xx,
        "polls": len(stats.polls) - opened_polls,
        "poll_p95_ms": percentile(stats.polls[opened_polls:], 95) * 1e3,
        "statuses": dict(stats.statuses),
        "load": os.getloadavg()[0],
        "failed": stats.failed,
        "dropped_streams": stats.dropped_streams,
        "missed": stats.missed,
        "streams": len(screens),
        "kib_per_stream": (after - before) / len(screens),
        "cpu_s": cpu,
        "idle_cpu_share": idle_rate,
        "idle_cpu_s": idle_cpu,
        "pages_cpu_s": pages_cpu,
        # what the moves cost: the pages loaded besides them (their CPU per load measured on
        # the idle server, before the play) taken off, as the idle rate is
        "cpu_ms_per_move": (moving_cpu - pages_cpu) / stats.moves * 1e3
        if stats.moves
        else float("nan"),
        "cpu_ms_per_move_with_pages": moving_cpu / stats.moves * 1e3
        if stats.moves
        else float("nan"),
    }


def run_setup(
    name: str,
    processes: int,
    database_url: str | None,
    code: Path | None = None,
    slack: float = 1.0,
    tables: int = TABLES,
    seconds: float = LOAD_SECONDS,
) -> dict:
    """One club night. `code`: the tree its servers run (the code before shared renders),
    this one by default.
    With more `tables` than TABLES, each plays more slowly: the moves per second stay the
    club night's (the streams are what grows)."""
    folder = scratch_folder("palazzo-club-")
    instance = folder / "instance"
    config = {"INSTANCE_PATH": instance}
    env = {}
    if database_url:
        config["DATABASE_URL"] = database_url
        env["PALAZZO_DATABASE_URL"] = database_url
    app = create_app(config)
    hosted = host_tables(app, tables, MEAN_GAP * tables / TABLES)
    servers = [Served(instance, env=env, code=code) for _ in range(processes)]
    pids = [s.proc.pid for s in servers]
    unpin = pin_apart(pids) if PIN else None
    try:
        result = asyncio.run(club_night([s.url for s in servers], pids, hosted, seconds))
    finally:
        if unpin is not None:
            unpin()
        for server in servers:
            server.stop()
    result["pinned"] = unpin is not None
    report(name, result, slack)
    return result


# The club night's aims, as multiples of the idle server's p95 for the same fragment in the same
# run (one process on SQLite; two on PostgreSQL may take `slack` times as much)
def main():
    raise_file_limit()
    results = {}
    code, revision = None, None
    if os.environ.get("CLUB_BEFORE", "1") != "0":
        revision = os.environ.get("CLUB_BASELINE", BEFORE_SHARED_RENDERS)
        code = baseline_tree(revision)
        if code is None:  # a copy without git: no night before
            revision = None
    # before, now, before, now...: a 2-core machine shared with others runs a fifth faster or
    # slower from one minute to the next, so one night of each, one after the other, gives
    # the drift to the code that ran in the faster minutes; alternated, it weighs on both
    for n in range(1, PAIRS + 1 if revision else 2):
        suffix = "" if n == 1 else f"_{n}"
        nth = "" if n == 1 else f" (night {n} of each)"
        if revision:
            name = f"club night, one process on SQLite, the code before shared renders ({revision})"
            results["sqlite_before" + suffix] = run_setup(name + nth, 1, None, code=code)
        results["sqlite" + suffix] = run_setup("club night, one process on SQLite" + nth, 1, None)
    if revision:
        print_cpu_per_move(results)
    if STREAMS:
        # one process holding 1,000 open streams (143 tables of 7 screens, at a real game's
        # pace: the same moves per second as the club night); aim: page p95 under 100 ms
        many = -(-STREAMS // SCREENS_PER_TABLE)
        results["streams"] = run_setup(
            f"{many * SCREENS_PER_TABLE} open streams, one process on SQLite",
            1,
            None,
            tables=many,
            seconds=STREAMS_SECONDS,
        )
    if os.environ.get("CLUB_POSTGRES", "1") == "0":
        return results
    from tests.support.pg import throwaway_postgres

    with throwaway_postgres() as pg:
        results["postgres"] = run_setup(
            "club night, two processes on PostgreSQL", 2, pg.create_database("club"), slack=2.0
        )
    return results


if __name__ == "__main__":
    main()
