"""gevent's WSGI server with Palazzo's bounds on connections (companion/connections.py): a bound
per client address, a deadline for a request's line and headers, and a shorter idle wait for
kept-alive connections when the process is full.

Imported by `companion.serve.create_server` only, after gevent's monkey patching: it imports
gevent at the top. The server's `connections` (a `Connections`) is what both count through.
"""

from __future__ import annotations

import socket

from gevent import Timeout
from gevent.pywsgi import WSGIHandler, WSGIServer

from companion.connections import HEADER_DEADLINE, IDLE_TIMEOUT, client_error_response, turn_away


class Deadline(Timeout):
    """A request's line and headers were not in on time (or a keep-alive idled out)."""


class BoundedHandler(WSGIHandler):
    """One connection: its first request's line and headers within HEADER_DEADLINE of the
    accept; a kept-alive connection waits `idle_limit()` for the next to begin."""

    def handle(self):
        # Bounds how long a silent socket is kept: a half-sent body, an unread answer.
        self.socket.settimeout(IDLE_TIMEOUT)
        # The headers and the body leave in separate writes: without NODELAY, Nagle holds the
        # body until the client's delayed ACK (~40 ms on every answer).
        if self.socket.family in (socket.AF_INET, socket.AF_INET6):
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.requests = 0
        self.deadline: Deadline | None = None
        self.timers: dict[float, Deadline] = {}  # a deadline per length, started again
        try:
            super().handle()
        finally:
            self.deadline = None
            for timer in self.timers.values():
                timer.close()

    def _limit(self, seconds: float | None) -> None:
        """A new deadline (`None`: none), replacing the one running. Each request sets three;
        the connection keeps one timer per length (the headers', the idle waits) and starts
        it again, where a new Timeout each time was a good part of a request's own cost."""
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if seconds is None:
            return
        deadline = self.timers.get(seconds)
        if deadline is None:
            deadline = self.timers[seconds] = Deadline(seconds)
        deadline.start()
        self.deadline = deadline

    def handle_one_request(self):
        connections = self.server.connections
        self.requests += 1
        if self.requests == 1:
            self._limit(HEADER_DEADLINE)
        else:
            self._limit(connections.idle_limit())
            connections.idle(self, self.socket)
        try:
            return super().handle_one_request()
        except Deadline:
            return None  # the connection is closed, nothing answered
        finally:
            connections.busy(self)
            self._limit(None)

    def read_requestline(self):
        line = super().read_requestline()
        if self.requests > 1:  # a kept-alive wait ended: now its headers' deadline
            self.server.connections.busy(self)
            self._limit(HEADER_DEADLINE)
        return line

    def read_request(self, raw_requestline):
        try:
            return super().read_request(raw_requestline)
        finally:
            self._limit(None)  # the headers are in: the app has its time

    def _handle_client_error(self, ex):
        return client_error_response(ex)


class BoundedServer(WSGIServer):
    """Admits a connection only while its client address is under its bound."""

    def do_handle(self, sock, address):
        client = _address(address)
        if not self.connections.admit(client):
            turn_away(sock)
            return
        try:
            super().do_handle(sock, address)
        except BaseException:
            self.connections.release(client)
            raise

    def handle(self, sock, address):
        try:
            super().handle(sock, address)
        finally:
            self.connections.release(_address(address))


def _address(address) -> str:
    return str(address[0]) if isinstance(address, tuple) and address else "?"
