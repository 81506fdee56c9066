"""gevent's WSGI server with Palazzo's bounds on connections (companion/connections.py): a bound
per client address, a deadline for a request's line and headers, and a shorter idle wait for
kept-alive connections when the process is full.

Imported by `companion.serve.create_server` only, after gevent's monkey patching: it imports
gevent at the top. The server's `connections` (a `Connections`) is what both count through.
"""

from __future__ import annotations

import email.parser
import re
import socket
from http import client

from gevent import Timeout
from gevent.pywsgi import OldMessage, WSGIHandler, WSGIServer

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

    def MessageClass(self, fp, *args):  # noqa: N802 (gevent's name)
        """The request's headers, as gevent reads them (`read_headers`)."""
        return read_headers(fp)

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


# Plain header lines: each a name of printable ASCII without ':' (the email parser's header
# pattern, but never empty), ':', a value without CR or LF, then CRLF or LF; a blank line last.
PLAIN_HEADERS = re.compile(rb"(?:[\x21-\x39\x3b-\x7e]+:[^\r\n]*\r?\n)*\r?\n")


def read_headers(fp) -> OldMessage:
    """The request's headers, exactly as gevent's `headers_factory` gives them (http.client's
    line and count limits, then the email parser), in under half its time when every line is
    a plain `Name: value` (a browser's always are): the email parser's feed machinery was most
    of reading a request. Anything else (a folded line, a "From " line, a line it would not
    call a header, no blank line at the end; a line too long or too many lines are refused as
    before) goes the standard way, so a client cannot make the two differ
    (tests/platform/web/test_connections.py compares them)."""
    try:
        lines = client._read_headers(fp)  # the standard limits: 64 KiB a line, 100 lines
    except client.LineTooLong:  # as gevent's: answered 431 (companion/connections.py)
        too_long = OldMessage()
        too_long.status = "Line too long"
        return too_long
    if PLAIN_HEADERS.fullmatch(b"".join(lines)) is None or any(
        line.startswith(b"From ") for line in lines
    ):
        return _standard(lines)
    message = OldMessage()
    for line in lines[:-1]:
        name, _, value = line.partition(b":")
        value = value[:-2] if value.endswith(b"\r\n") else value[:-1]
        message.set_raw(name.decode("ascii"), value.decode("iso-8859-1").lstrip(" \t"))
    return message


def _standard(lines: list[bytes]) -> OldMessage:
    """What http.client.parse_headers makes of these lines (gevent's headers_factory)."""
    return email.parser.Parser(_class=OldMessage).parsestr(b"".join(lines).decode("iso-8859-1"))


def _address(address) -> str:
    return str(address[0]) if isinstance(address, tuple) and address else "?"
