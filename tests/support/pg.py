"""pytest plugin: a throwaway PostgreSQL server for the whole session.

The deployment database is PostgreSQL, so the suite runs against a real one rather than trusting
SQLite to behave the same. The server lives in a temp dir and is torn down at the end; a missing
install fails loudly, because a silently skipped backend would hide exactly the bugs it catches.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

PG_USER = "postgres"


def _pg_bin() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not found:
        pytest.fail(
            "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install the "
            "Debian package 'postgresql' (bash scripts/system-deps does it)",
            pytrace=False,
        )
    return Path(found[-1]).parent


def _as_postgres() -> list[str]:
    """PostgreSQL refuses to run as root, so root hands the server to the postgres account."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(PG_USER)
    except KeyError:
        pytest.fail(
            f"running as root but there is no '{PG_USER}' user to run PostgreSQL as", pytrace=False
        )
    return ["runuser", "-u", PG_USER, "--"]


def _ephemeral_ports(path: str = "/proc/sys/net/ipv4/ip_local_port_range") -> range:
    try:
        low, high = (int(n) for n in Path(path).read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999  # Linux's default
    return range(low, high + 1)


_handed_out: set[int] = set()
_draw = random.SystemRandom()  # a test seeding `random` must not make two workers draw alike


def free_port() -> int:
    """A port of 127.0.0.1 that is free now, for a program that cannot listen on port 0 and
    say which port it took (PostgreSQL, nginx, gunicorn set by PALAZZO_BIND).

    Drawn at random below the kernel's ephemeral range: a port from `bind(0)` is free only
    until the kernel hands the same number to another socket (an outgoing connection, another
    xdist worker's `bind(0)`) before the program binds it; a port outside that range is only
    ever taken by someone asking for it by number."""
    ephemeral = _ephemeral_ports()
    candidates = [p for p in range(20000, 32768) if p not in ephemeral and p not in _handed_out]
    for _attempt in range(50 if candidates else 0):
        port = _draw.choice(candidates)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use: draw again
            _handed_out.add(port)  # never twice to this process (two ports for one test)
            return port
    with socket.socket() as s:  # a crowded range: the kernel's choice
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(cmd: list[str], cwd: Path, what: str) -> None:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(
            f"{what} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}", pytrace=False
        )


class PgServer:
    def __init__(self, port: int, control=None):
        self.port = port
        self._names = itertools.count(1)
        self._control = control  # pg_ctl with this server's folder and options

    def stop(self) -> None:
        """Stop the server (an outage: every connection is cut); `start()` brings it back on
        the same port. A fast stop, not an immediate one: this server runs with
        synchronous_commit off, so a crash could lose the last commits, which is no outage."""
        self._control("-m", "fast", "-w", "stop")

    def start(self) -> None:
        self._control("-w", "-t", "30", "start")

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, prefix: str = "t") -> str:
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=PG_USER, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server():
    with throwaway_postgres() as server:
        yield server


@contextmanager
def throwaway_postgres():
    """A PostgreSQL server in a temp dir for as long as the block runs (also for benchmarks)."""
    bin_dir = _pg_bin()
    wrap = _as_postgres()
    # Under /tmp (world-traversable), not pytest's 0700 tmp dirs, so the postgres user can
    # reach it; the socket path also has to stay short (about 100 bytes at most).
    root = Path(tempfile.mkdtemp(prefix="palazzo-pg-", dir="/tmp"))
    os.chmod(root, 0o755)
    if wrap:
        shutil.chown(root, PG_USER, PG_USER)
    data, log = root / "data", root / "server.log"
    started = False
    try:
        _run(
            wrap
            + [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-U",
                PG_USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            root,
            "initdb",
        )
        for _attempt in range(3):  # the free port can be taken before the server binds it
            port = free_port()
            # Durability is worthless for a throwaway server; skipping fsync keeps tests fast.
            opts = (
                f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            proc = subprocess.run(
                wrap
                + [
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(log),
                    "-o",
                    opts,
                    "-w",
                    "-t",
                    "30",
                    "start",
                ],
                cwd=root,
                capture_output=True,
                text=True,
            )
            if proc.returncode == 0:
                started = True
                break
            time.sleep(0.2)
        if not started:
            server_log = log.read_text() if log.exists() else ""
            pytest.fail(
                f"pg_ctl start failed:\n{proc.stdout}\n{proc.stderr}\n{server_log}", pytrace=False
            )

        def control(*args: str) -> None:
            _run(
                wrap
                + [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", opts]
                + list(args),
                root,
                "pg_ctl " + " ".join(args),
            )

        yield PgServer(port, control)
    finally:
        if started:
            subprocess.run(
                wrap + [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                cwd=root,
                capture_output=True,
            )
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_url(pg_server) -> str:
    """One database shared by the session: tests using it must pick unique game ids."""
    return pg_server.create_database("palazzo")


@pytest.fixture
def pg_fresh_url(pg_server) -> str:
    """A brand-new empty database for this test alone."""
    return pg_server.create_database("t")
