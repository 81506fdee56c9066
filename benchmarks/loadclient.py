"""What the load-generating benchmarks measure with and talk through: percentiles, a process's
CPU seconds and memory read from /proc, and a small asyncio HTTP/1.1 client that keeps its
connection (as a phone's browser does) and reads chunked answers and event streams, so one
process can be hundreds of clients (benchmarks/club_night.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Collection, Sequence


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def mixed_percentile(samples: dict[str, list[float]], weights: dict[str, float], p) -> float:
    """The p-th percentile of several kinds' samples pooled, each kind weighing `weights[kind]`
    in all (so an idle baseline with as many samples of each kind stands for the play's mix)."""
    pooled = sorted(
        (value, weights[kind] / len(values))
        for kind, values in samples.items()
        if values and weights.get(kind)
        for value in values
    )
    if not pooled:
        return float("nan")
    total, running = sum(w for _, w in pooled), 0.0
    for value, weight in pooled:
        running += weight
        if running >= p / 100 * total - 1e-12:
            return value
    return pooled[-1][0]


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def servers_cpu(pids) -> float:
    """The CPU time so far of all of `pids` together (the servers under test)."""
    return sum(cpu_seconds(pid) for pid in pids)


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cores_apart(cpus: Collection[int], servers: int) -> tuple[set[int], set[int]] | None:
    """The cores for the servers under test and the core for the load generator, kept apart:
    the load generator on the last, the servers on the others; None (nobody pinned) when that
    would leave the servers fewer cores than processes. One `palazzo serve` is one thread, so
    on a 2-core machine it keeps a core of its own either way."""
    ordered = sorted(cpus)
    if len(ordered) < servers + 1:
        return None
    return set(ordered[:-1]), {ordered[-1]}


def pin_apart(pids: Sequence[int]) -> Callable[[], None] | None:
    """Pin the server processes `pids` (every thread) and this thread apart (`cores_apart`);
    returns what puts this thread back on its cores, or None if nothing was pinned.

    Why: a phone is its own device, but the load generator shares the server's machine. When
    the server answers a tap and goes straight on drawing the move's pushes, Linux may queue
    the woken load generator behind it on the same core: the answer, written at +3.4 ms, was
    read at +7.3 ms, so the benchmark timed its own wait for a core as the server's latency
    (an idle move's tap p95 8 ms unpinned, 5 ms pinned; the idle panel the same)."""
    mine = os.sched_getaffinity(0)
    apart = cores_apart(mine, len(pids))
    if apart is None:
        return None
    servers, generator = apart
    for pid in pids:
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(ProcessLookupError):  # a thread that ended meanwhile
                os.sched_setaffinity(int(task), servers)
    os.sched_setaffinity(0, generator)
    return lambda: os.sched_setaffinity(0, mine)


# -- a small HTTP/1.1 client ---------------------------------------------------------------------


class HttpError(Exception):
    pass


async def read_head(reader) -> tuple[int, dict[str, str]]:
    status_line = await reader.readline()
    if not status_line:
        raise HttpError("connection closed")
    status = int(status_line.split()[1])
    headers: dict[str, str] = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            return status, headers
        name, _, value = line.decode("latin-1").partition(":")
        name = name.strip().lower()
        value = value.strip()
        headers[name] = f"{headers[name]}, {value}" if name in headers else value


async def read_chunk(reader) -> bytes:
    size = int((await reader.readline()).split(b";")[0], 16)
    data = await reader.readexactly(size + 2)
    return data[:-2]


class Connection:
    """One keep-alive connection from a given client address."""

    def __init__(self, host: str, port: int, source: str):
        self.host, self.port, self.source = host, port, source
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict, body: bytes = b""):
        for attempt in (1, 2):  # a kept connection the server closed meanwhile: reconnect once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(
                    self.host, self.port, local_addr=(self.source, 0)
                )
            lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            if body:
                lines.append(f"Content-Length: {len(body)}")
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            try:
                status, head = await read_head(self.reader)
                break
            except (HttpError, ConnectionError):
                self.close()
                if attempt == 2:
                    raise
        if head.get("transfer-encoding") == "chunked":
            parts = []
            while chunk := await read_chunk(self.reader):
                parts.append(chunk)
            data = b"".join(parts)
        else:
            data = await self.reader.readexactly(int(head.get("content-length", "0")))
        if head.get("connection", "").lower() == "close":
            self.close()
        return status, head, data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def raise_file_limit() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096 and (hard == resource.RLIM_INFINITY or hard >= 4096):
        resource.setrlimit(resource.RLIMIT_NOFILE, (4096, hard))


def best_of_each(
    fns: list, repeat: int = 15, number: int = 10, clock=time.process_time
) -> list[float]:
    """CPU seconds (`clock`) per call of each of `fns`, the best of several rounds (the least
    disturbed by the machine); the functions take turns within each round, so a busy spell of a shared
    machine weighs on each alike, not on whichever was being timed then."""
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, times, strict=True):
            t0 = clock()
            for _ in range(number):
                fn()
            out.append((clock() - t0) / number)
    return [min(t) for t in times]
