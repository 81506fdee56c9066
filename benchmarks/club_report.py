"""How a club night's figures are printed (benchmarks/club_night.py): each p95 beside the idle
server's p95 of the same thing in the same run, and beside the club night's aims (pages 3x, tap 4x,
event to last screen 8x; twice those on PostgreSQL)."""

from __future__ import annotations

import os

AIMS = {"page": 3.0, "tap": 4.0, "last": 8.0, "whole": 3.0}


def ratios(r: dict) -> dict[str, float]:
    """p95 under load / p95 of the idle server, each against the same fragment: a seat's
    panel for the panels' fetches, the tap (its answer is the panel) and the last screen;
    the board for the boards' fetches."""
    panel = r["baseline_p95_ms"]
    return {
        "whole": r["whole_p95_ms"] / r["idle_whole_p95_ms"],
        "page": r["panel_p95_ms"] / panel,
        "board": r["board_p95_ms"] / r["board_baseline_p95_ms"],
        "tap": r["tap_p95_ms"] / panel,
        "last": r["last_p95_ms"] / panel,
    }


def report(name: str, r: dict, slack: float = 1.0) -> None:
    x = ratios(r)

    board = "none fetched" if x["board"] != x["board"] else f"{x['board']:.1f}x its idle p95"

    def aim(what: str) -> str:
        if x[what] != x[what]:  # NaN: no such fetch under load (their streams carried them)
            return "none fetched: the streams carried them"
        met = "met" if x[what] <= AIMS[what] * slack else "NOT met"
        return f"{x[what]:.1f}x the idle p95; aim within {AIMS[what] * slack:.0f}x: {met}"

    print(
        f"{name}: {r['streams']} live clients, {r['moves']} moves in {r['seconds']:.0f} s "
        f"(this machine's load average: {r['load']:.1f} on {os.cpu_count()} cores; the load "
        f"generator used {r['client_cpu_share'] * 100:.0f}% of a core"
        + (", on a core apart from the servers')" if r.get("pinned") else ", on any core)")
    )
    print(
        f"  idle server (before and after the play), a seat's panel: p50 "
        f"{r['baseline_p50_ms']:.1f} ms, p95 {r['baseline_p95_ms']:.1f} ms; the board: p95 "
        f"{r['board_baseline_p95_ms']:.1f} ms"
    )
    if not r["pages"]:
        print(
            "  page latency under load: no page fetched (every screen's fragment came in its stream)"
        )
    else:
        print(
            f"  page latency under load ({r['pages']} fetches): p50 {r['page_p50_ms']:.1f} ms, "
            f"p95 {r['page_p95_ms']:.1f} ms (aim: p95 under 100 ms); a seat's panel: p95 "
            f"{r['panel_p95_ms']:.1f} ms ({aim('page')}); the board: p95 "
            f"{r['board_p95_ms']:.1f} ms ({board})"
        )
    loads = r["page_loads"]
    print(
        f"  whole pages under load ({sum(loads.values())} loads: "
        + ", ".join(f"{n} {kind}" for kind, n in loads.items())
        + f"): p50 {r['whole_p50_ms']:.1f} ms, p95 {r['whole_p95_ms']:.1f} ms against the idle "
        f"server's {r['idle_whole_p95_ms']:.1f} ms for the same mix ({aim('whole')}); p95 "
        "under load / idle: "
        + ", ".join(
            f"{kind} {load:.1f}/{idle:.1f} ms" for kind, (load, idle) in r["by_page"].items()
        )
    )
    print(
        f"  tap to own screen: p50 {r['tap_p50_ms']:.1f} ms, p95 {r['tap_p95_ms']:.1f} ms "
        f"({aim('tap')}; {r['tap_p95_ms'] / r['idle_tap_p95_ms']:.1f}x an idle move's tap, "
        f"p95 {r['idle_tap_p95_ms']:.1f} ms)"
    )
    print(
        f"  event to last screen: p50 {r['last_p50_ms']:.1f} ms, p95 {r['last_p95_ms']:.1f} ms "
        f"({aim('last')}; {r['last_p95_ms'] / r['idle_last_p95_ms']:.1f}x an idle move's, "
        f"p95 {r['idle_last_p95_ms']:.1f} ms; its seq on the last stream: p50 "
        f"{r['stream_p50_ms']:.1f} ms, p95 {r['stream_p95_ms']:.1f} ms)"
    )
    print(
        f"  errors: {r['errors']} (non-2xx {r['non_2xx']}{' ' + str(r['statuses']) if r['statuses'] else ''}, "
        f"failed requests {r['failed']}, "
        f"dropped streams {r['dropped_streams']}, moves never on every screen {r['missed']})"
    )
    if r.get("polls"):
        print(
            f"  polls (alerts, checks' links, who is here; idle and under load, once every "
            f"stream was open): {r['polls']} answered, p95 {r['poll_p95_ms']:.1f} ms"
        )
    print(f"  memory per open stream: {r['kib_per_stream']:.0f} KiB (server RSS growth / streams)")
    print(
        f"  server CPU: {r['cpu_s']:.1f} s during the play (the idle server's, "
        f"{r['idle_cpu_share'] * 100:.1f}% of a core, taken off"
        + (" per poll answered" if r.get("polls") else "")
        + f": {r['idle_cpu_s']:.1f} s; the {sum(r['page_loads'].values())} whole pages' "
        f"{r['pages_cpu_s']:.1f} s taken off) = {r['cpu_ms_per_move']:.1f} ms per recorded move "
        f"(all screens of its table refreshed; {r['cpu_ms_per_move_with_pages']:.1f} ms with "
        "the pages)"
    )
    print(f"  fragments carried by the streams (no fetch): {r['pushed']}")


def print_cpu_per_move(results: dict) -> None:
    """Each pair's CPU per recorded move, then all nights of each code together: their CPU
    seconds summed over their moves summed (the aim: a third of the code before)."""
    pairs = [k.removeprefix("sqlite_before") for k in results if k.startswith("sqlite_before")]
    for suffix in pairs:
        before, after = results["sqlite_before" + suffix], results["sqlite" + suffix]
        print(
            f"server CPU per recorded move{' (night ' + suffix[1:] + ')' if suffix else ''}: "
            f"{before['cpu_ms_per_move']:.1f} ms before, {after['cpu_ms_per_move']:.1f} ms now "
            f"({after['cpu_ms_per_move'] / before['cpu_ms_per_move']:.2f} of it)"
        )
    if len(pairs) > 1:

        def pooled(prefix: str) -> float:
            nights = [
                results[prefix + suffix] for suffix in pairs if results[prefix + suffix]["moves"]
            ]
            moves = sum(r["moves"] for r in nights)
            return (
                sum(r["cpu_ms_per_move"] * r["moves"] for r in nights) / moves
                if moves
                else float("nan")
            )

        before, after = pooled("sqlite_before"), pooled("sqlite")
        print(
            f"server CPU per recorded move, the {len(pairs)} nights of each together: "
            f"{before:.1f} ms before, {after:.1f} ms now ({after / before:.2f} of it, same "
            "run; aim: a third)"
        )
