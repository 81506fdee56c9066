"""`palazzo serve`: run the companion on the LAN under gevent's WSGI server.

Every open screen holds a live stream (server-sent events) for minutes. A thread per stream
froze a 32-thread server at 32 screens; under gevent a stream is a socket and a greenlet, so
one process holds hundreds of them and still answers pages and taps. gevent ships wheels for
every OS a host may bring, needs no reverse proxy, and its WSGI server writes each chunk of a
streamed response at once. The same Flask app runs as several processes under gunicorn's
gevent worker (see deploy/ and the README); psycopg cooperates with gevent by itself.

`monkey.patch_all()` runs first thing in `main`, before the app (and its locks, threads and
database drivers) is imported, so the live layer's threads and conditions become greenlets.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import os
import socket
import sys

from companion.connections import (
    HEADER_DEADLINE,
    IDLE_TIMEOUT,
    MAX_CONNECTIONS,
    PER_ADDRESS,
    Connections,
    client_error_response,
    turn_away,
)

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 5000
BACKLOG = 1024  # connections the OS queues while the server is busy
WANTED_FILES = 8192  # open-file limit asked of the OS (soft limit, up to the hard one)
WILDCARD_HOSTS = ("", "0.0.0.0", "::", "*")
# connect() on a UDP socket only asks the kernel for a route: no packet is sent, so this
# works offline and behind firewalls. Private ranges, so the route is the LAN one.
PROBE_ADDRESSES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def _usable(ip: str) -> bool:
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return not (addr.is_loopback or addr.is_unspecified)


def lan_ip() -> str:
    """This machine's address on the local network, as phones on the same Wi-Fi see it."""
    for target in PROBE_ADDRESSES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                ip = probe.getsockname()[0]
        except OSError:
            continue
        if _usable(ip):
            return ip
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        ip = info[4][0]
        if _usable(ip):
            return ip
    return "127.0.0.1"


def public_url(host: str, port: int) -> str:
    """The URL to announce: the LAN address when listening on all interfaces."""
    name = lan_ip() if host in WILDCARD_HOSTS else host
    if ":" in name and not name.startswith("["):
        name = f"[{name}]"
    return f"http://{name}:{port}/"


def only_this_machine(host: str) -> bool:
    """Whether `--host` is a loopback address, which no phone can reach."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def banner(url: str, host: str = DEFAULT_HOST) -> str:
    """What `palazzo serve` prints: the address its QR codes point to, as text and as a QR."""
    from companion.qr import qr_terminal

    if only_this_machine(host):
        return (
            "Palazzo is running for this machine only: phones cannot reach it. Open:\n\n"
            f"    {url}\n\nTo play with phones on the Wi-Fi, run: palazzo serve --host 0.0.0.0\n"
            "Press Ctrl+C to stop.\n"
        )
    return (
        "Palazzo is running. Players on the same Wi-Fi open (or scan):\n\n"
        f"    {url}\n\n{qr_terminal(url)}\nPress Ctrl+C to stop.\n"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palazzo serve",
        description="Host Palazzo on this machine for the phones on your network.",
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: every interface)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"TCP port (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    return parser


def _raise_file_limit() -> None:
    """Each connection is a file descriptor; Linux's default soft limit (1024) is too low."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: a free one). Bound before gevent patches anything, so a
    port in use is reported without having changed the process."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # on Windows this would let two servers share the port
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host.strip("[]") or DEFAULT_HOST, port))
        listener.listen(BACKLOG)
    except OSError:
        listener.close()
        raise
    return listener


def create_server(app, listener: socket.socket, connections: Connections | None = None):
    """A gevent WSGI server on `listener` (from `bind`); `.server_port`, `.serve_forever()`,
    `.stop()`. Needs gevent's monkey patching first (see `main`). Its connections are bounded
    per client address, in header time and in idle time (companion/connections.py)."""
    from gevent import Timeout
    from gevent import socket as gsocket
    from gevent.pool import Pool
    from gevent.pywsgi import WSGIHandler, WSGIServer

    class Deadline(Timeout):
        """A request's line and headers were not in on time (or a keep-alive idled out)."""

    if connections is None:
        behind_proxy = bool(app.config.get("TRUSTED_PROXIES"))
        connections = Connections(per_address=None if behind_proxy else PER_ADDRESS)

    class Handler(WSGIHandler):
        def handle(self):
            # Bounds how long a silent socket is kept: a half-sent body, an unread answer.
            self.socket.settimeout(IDLE_TIMEOUT)
            # The headers and the body leave in separate writes: without NODELAY, Nagle holds
            # the body until the client's delayed ACK (~40 ms on every answer).
            if self.socket.family in (socket.AF_INET, socket.AF_INET6):
                self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.requests = 0
            self.deadline = None
            super().handle()

        def _limit(self, seconds: float) -> None:
            if self.deadline is not None:
                self.deadline.close()
            self.deadline = Deadline(seconds)
            self.deadline.start()

        def handle_one_request(self):
            # The first request's line and headers within HEADER_DEADLINE of the accept; a
            # kept-alive connection waits idle_limit() for the next one to begin.
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
                if self.deadline is not None:
                    self.deadline.close()
                    self.deadline = None

        def read_requestline(self):
            line = super().read_requestline()
            if self.requests > 1:  # a kept-alive wait ended: now its headers' deadline
                connections.busy(self)
                self._limit(HEADER_DEADLINE)
            return line

        def read_request(self, raw_requestline):
            try:
                return super().read_request(raw_requestline)
            finally:
                if self.deadline is not None:  # the headers are in: the app has its time
                    self.deadline.close()
                    self.deadline = None

        def _handle_client_error(self, ex):
            return client_error_response(ex)

    class Server(WSGIServer):
        def do_handle(self, sock, address):
            client = _address(address)
            if not connections.admit(client):
                turn_away(sock)
                return
            try:
                super().do_handle(sock, address)
            except BaseException:
                connections.release(client)
                raise

        def handle(self, sock, address):
            try:
                super().handle(sock, address)
            finally:
                connections.release(_address(address))

    listener = gsocket.socket(listener.family, listener.type, fileno=listener.detach())
    server = Server(
        listener,
        app,
        handler_class=Handler,
        spawn=Pool(MAX_CONNECTIONS),
        log=None,  # no access log: join links carry tokens in their path
        error_log=logging.getLogger("palazzo.serve"),
    )
    server.connections = connections
    server.init_socket()
    return server


def _address(address) -> str:
    return str(address[0]) if isinstance(address, tuple) and address else "?"


def _print(text: str) -> None:
    try:
        print(text, flush=True)
    except UnicodeEncodeError:  # a non-UTF-8 console: the URL still matters, the QR does not
        print(text.encode("ascii", "replace").decode("ascii"), flush=True)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        listener = bind(args.host, args.port)
    except OSError as error:
        print(
            f"palazzo serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        print("Is another server running? Try another port, e.g. --port 5001.", file=sys.stderr)
        return 1
    from gevent import monkey

    monkey.patch_all()
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
    _raise_file_limit()

    from companion.web import create_app

    app = create_app()
    # the QR codes point where this server listens (see companion/web/urls.py)
    app.config["LISTEN_HOST"] = args.host
    server = create_server(app, listener)
    _print(banner(public_url(args.host, server.server_port), args.host))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop(timeout=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
