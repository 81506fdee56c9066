"""The real serving stack as subprocesses: `palazzo serve` (gevent) and gunicorn with the
shipped deploy/gunicorn.conf.py, and scripts that patch as they do (`under_gevent`). gevent
patches the whole process it runs in, so these never run inside pytest's own process."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.web import REPO_ROOT
from tests.support.web_fixtures import WAIT

GUNICORN_CONF = REPO_ROOT / "deploy" / "gunicorn.conf.py"
_SERVE_URL = re.compile(r"^\s*(http://127\.0\.0\.1:\d+)/\s*$")
_GUNICORN_URL = re.compile(r"Listening at: (http://127\.0\.0\.1:\d+)")


class Served:
    """One server process on a free port of 127.0.0.1: `.url` (no trailing slash),
    `.output` (what it printed), `.stop()`. `code`: another tree to serve from (a benchmark's
    baseline, benchmarks/baseline.py), this checkout by default."""

    def __init__(
        self,
        instance: Path,
        env: dict | None = None,
        gunicorn: bool = False,
        code: Path | None = None,
    ):
        environ = {**os.environ, "PALAZZO_INSTANCE": str(instance), "PYTHONUNBUFFERED": "1"}
        environ.pop("PALAZZO_DATABASE_URL", None)
        environ.update(env or {})
        if code is not None:
            environ["PYTHONPATH"] = str(code)
        if gunicorn:
            command = [
                str(Path(sys.executable).parent / "gunicorn"),
                "-c",
                str(GUNICORN_CONF),
                "--bind",
                "127.0.0.1:0",
                "--workers",
                "1",
            ]
            pattern = _GUNICORN_URL
        else:
            command = [
                sys.executable,
                "-m",
                "companion.serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
            ]
            pattern = _SERVE_URL
        self.gunicorn = gunicorn
        self.proc = subprocess.Popen(
            command,
            cwd=code or REPO_ROOT,
            env=environ,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.output: list[str] = []
        self.url = self._wait_for(pattern)
        # Keep draining its output, so a chatty server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()

    def _wait_for(self, pattern: re.Pattern, timeout: float = 3 * WAIT) -> str:
        """The URL the server prints once it listens; the read returns as soon as it does
        (`timeout`: a hang guard, for a start on a loaded machine)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output.append(line)
            found = pattern.search(line)
            if found:
                return found.group(1)
        self.stop()
        raise AssertionError("the server did not start:\n" + "".join(self.output))

    def _drain(self) -> None:
        for line in self.proc.stdout:
            self.output.append(line)

    def stop(self) -> None:
        if self.proc.poll() is None:
            # gunicorn's TERM waits for open streams to end (graceful_timeout); INT does not.
            self.proc.send_signal(signal.SIGINT if self.gunicorn else signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def raw_stream(url: str, path: str, cookie: str, source: str = "127.0.0.1") -> socket.socket:
    """Open a live stream from client address `source` (any 127.x.y.z is this machine) with
    a plain socket: hundreds of them cost the test no threads."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        ).encode()
    )
    return sock


def read_until(sock: socket.socket, needle: bytes, timeout: float = WAIT) -> bytes:
    """What the socket sends until `needle` has arrived (AssertionError on timeout or EOF);
    `timeout` is a hang guard (10 s failed healthy runs on a loaded machine)."""
    data = b""
    deadline = time.monotonic() + timeout
    while needle not in data:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {needle!r} in time; got {data[-200:]!r}"
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        assert chunk, f"the stream ended before {needle!r}; got {data[-200:]!r}"
        data += chunk
    return data


def under_gevent(script: str):
    """What a script patched by gevent printed last, as JSON: the script runs in a process of
    its own (`python -c`, from the checkout) and must exit cleanly within 60 s."""
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])
