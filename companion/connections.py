"""Bounds on the connections `palazzo serve` holds, so one client can never starve a club.

`palazzo serve` is one cooperative (gevent) process with room for MAX_CONNECTIONS sockets. A
socket costs almost nothing while it waits, which is exactly how it can be abused: 4,000
connections that send half a request and then nothing filled every slot, and no phone was
answered until they timed out. Three bounds keep the slots for the table:

- **Per address** (PER_ADDRESS): a client address holds at most this many open connections,
  live streams included. A phone's browser opens at most six to one server; the host's laptop
  with the table screen, the host page and a few tabs, each with its stream, stays far below.
  One more is answered at once with a short 429 and closed, before a byte of its request is
  read, and costs no slot.
- **Header deadline** (HEADER_DEADLINE): a new connection has this long to deliver its request
  line and headers, all of them, however slowly they trickle in (a phone sends them in one
  packet; even a weak Wi-Fi retransmits within a few seconds). A later request on a kept-alive
  connection gets the same deadline once its first byte has arrived.
- **Idle keep-alives** (IDLE_TIMEOUT, IDLE_UNDER_PRESSURE): between requests a browser may keep
  its connection for IDLE_TIMEOUT; once the process holds PRESSURE_AT connections, a keep-alive
  waits only IDLE_UNDER_PRESSURE, and those already idle that long are closed (a browser simply
  opens a new connection for its next request).

Behind a reverse proxy every connection comes from the proxy's address: there the proxy bounds
its clients (deploy/nginx.conf) and PALAZZO_TRUSTED_PROXIES turns the per-address bound off.
docs/server.md lists every bound and why it was chosen.
"""

from __future__ import annotations

import logging
import socket
import time
from collections import Counter

log = logging.getLogger("palazzo.serve")

MAX_CONNECTIONS = 4000  # open sockets (streams, pages, keep-alives) one process serves at once
PER_ADDRESS = 32  # open connections one client address may hold, streams included
HEADER_DEADLINE = 10.0  # seconds for a request's line and headers, from its first byte
IDLE_TIMEOUT = 75.0  # seconds a socket may stay silent (a stream writes every 15 s)
PRESSURE_AT = MAX_CONNECTIONS // 2  # open connections from which idle keep-alives go early
IDLE_UNDER_PRESSURE = 5.0  # seconds a keep-alive may idle under pressure
SHED_EVERY = 1.0  # seconds between two sweeps of idle keep-alives under pressure
QUIET_FOR = 60.0  # seconds between two log lines about the same address turned away

TURNED_AWAY = (
    b"HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: 39\r\n\r\n"
    b"Too many connections from this device.\n"
)
HEADERS_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n"
    b"Content-Length: 0\r\n\r\n"
)
BAD_REQUEST = b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class Connections:
    """The open connections of one server process: how many per client address, and which
    kept-alive ones are idle between requests (and since when)."""

    def __init__(
        self,
        per_address: int | None = PER_ADDRESS,
        pressure_at: int = PRESSURE_AT,
        idle_timeout: float = IDLE_TIMEOUT,
    ):
        self.per_address = per_address  # None: no bound (behind a trusted proxy)
        self.pressure_at = pressure_at
        self.idle_timeout = idle_timeout
        self.by_address: Counter[str] = Counter()
        self.total = 0
        self._idle: dict[object, tuple[float, socket.socket]] = {}
        self._last_shed = 0.0
        self._told: dict[str, float] = {}

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`, unless it already holds its share."""
        if self.per_address is not None and self.by_address[address] >= self.per_address:
            self._tell(address)
            return False
        self.by_address[address] += 1
        self.total += 1
        if self.under_pressure:
            self.shed_idle()
        return True

    def release(self, address: str) -> None:
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    @property
    def under_pressure(self) -> bool:
        return self.total >= self.pressure_at

    def idle_limit(self) -> float:
        """How long a kept-alive connection may now wait for its next request."""
        return IDLE_UNDER_PRESSURE if self.under_pressure else self.idle_timeout

    def idle(self, key: object, sock: socket.socket) -> None:
        """`key`'s connection waits between requests (it may be closed under pressure)."""
        self._idle[key] = (time.monotonic(), sock)

    def busy(self, key: object) -> None:
        self._idle.pop(key, None)

    def shed_idle(self) -> int:
        """Close the keep-alives idle for IDLE_UNDER_PRESSURE or more (at most once a
        second): their browsers open a new connection for the next request. Returns how many."""
        now = time.monotonic()
        if now - self._last_shed < SHED_EVERY:
            return 0
        self._last_shed = now
        stale = [k for k, (since, _) in self._idle.items() if now - since >= IDLE_UNDER_PRESSURE]
        for key in stale:
            _since, sock = self._idle.pop(key)
            try:
                sock.shutdown(socket.SHUT_RDWR)  # its handler reads the end and closes
            except OSError:
                pass
        return len(stale)

    def _tell(self, address: str) -> None:
        now = time.monotonic()
        if now - self._told.get(address, -QUIET_FOR) < QUIET_FOR:
            return
        if len(self._told) > 1000:
            self._told.clear()
        self._told[address] = now
        log.warning(
            "turning away connections from %s: it holds %s open already",
            address,
            self.per_address,
        )


def turn_away(sock: socket.socket) -> None:
    """Answer 429 without reading the request, and close: never waits on the client."""
    try:
        sock.setblocking(False)
        sock.send(TURNED_AWAY)
    except OSError:
        pass
    finally:
        sock.close()


def client_error_response(error: Exception) -> tuple[str, bytes]:
    """(status, raw response) for a request gevent could not parse: 431 for a header line too
    long or too many of them, 400 otherwise. Logged as one line without the request's text
    (it may carry a join link's token)."""
    words = str(error).lower()
    too_large = "too long" in words or "more than" in words or "too many" in words
    log.info("refused a malformed request (%s)", "headers too large" if too_large else "bad")
    return ("431", HEADERS_TOO_LARGE) if too_large else ("400", BAD_REQUEST)
