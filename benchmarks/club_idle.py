"""What the club night (benchmarks/club_night.py) measures on the idle server, streams open and
nobody moving, before and after the play: the denominators of its ratios. A fragment fetched,
a whole page loaded, a move tapped: each one at a time, so each is what it costs with nothing
else to wait for."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from benchmarks.loadclient import servers_cpu

if TYPE_CHECKING:
    from benchmarks.club_night import Table
    from benchmarks.club_screen import Screen, Stats

BASELINE_GETS = 100
BASELINE_PAGES = 25  # idle loads of each kind of page, before and after the play
PAGE_KINDS = ("seat", "table", "newcomer", "host")
SETTLE_SECONDS = 10.0  # after the play: time for the last moves to reach every screen


async def idle_moves(table: Table, into: Stats, count: int) -> None:
    """Moves of `table` on the idle server, one at a time, each waiting until every screen of
    the table has it: what a tap and a move's last screen take with nothing else to do (the
    play's taps are also given against these, beside the club night's aimed ratio to the idle panel)."""
    table.idle = into
    try:
        for _ in range(count):
            event = next(table.moves, None)
            if event is None or not await table.seats[event["player"]].tap(event, into):
                return
            settle = time.perf_counter() + SETTLE_SECONDS
            while table.pending and time.perf_counter() < settle:
                await asyncio.sleep(0.005)
            await asyncio.sleep(0.05)
    finally:
        table.idle = None


async def baseline(screens: list[Screen], into: dict[str, list[float]]) -> None:
    """The idle server (streams open, nobody moving): the same fragments the play fetches, a
    seat's panel and the shared board, one request at a time, BASELINE_GETS of each. Taken
    before and after the play, so a busy moment of this shared machine weighs on both sides
    of the ratios alike."""
    for _ in range(BASELINE_GETS):
        for screen in screens:
            started = time.perf_counter()
            status, _, _ = await screen.conn.request(
                "GET", screen.refresh_path, {"Cookie": screen.cookie, "HX-Request": "true"}
            )
            into[screen.kind].append(time.perf_counter() - started)
            assert status == 200


async def page_baseline(
    table: Table,
    into: dict[str, list[float]],
    pids: Sequence[int] = (),
    idle_rate: float = 0.0,
    cpu_into: dict[str, float] | None = None,
) -> None:
    """The idle server's whole pages: BASELINE_PAGES loads of each kind the play loads (one
    table's, one at a time, a reload's stream reopening as in the play). `cpu_into`: the
    servers' CPU seconds one load of each kind costs (their idle rate taken off), so the CPU
    per move can leave out the pages the play loaded besides its moves."""
    for kind in PAGE_KINDS:
        screen = table.seats[0] if kind == "seat" else table.screens[-1]
        spent, started = servers_cpu(pids), time.perf_counter()
        for _ in range(BASELINE_PAGES):
            into[kind].append(await screen.load(kind, None, reopen=False))
        if cpu_into is not None:
            cpu = servers_cpu(pids) - spent
            cpu -= idle_rate * (time.perf_counter() - started)
            cpu_into[kind] = max(0.0, cpu) / BASELINE_PAGES


async def idle_share(pids: Sequence[int], seconds: float, polls: list) -> tuple[float, float]:
    """The servers' CPU per second over `seconds` with nobody moving (streams open: their
    heartbeats, the store's poll; the pages' polls asking), and the polls answered per second
    meanwhile (`polls`: the night's list of them, growing)."""
    spent, asked, started = servers_cpu(pids), len(polls), time.perf_counter()
    await asyncio.sleep(seconds)
    took = time.perf_counter() - started
    return (servers_cpu(pids) - spent) / took, (len(polls) - asked) / took
