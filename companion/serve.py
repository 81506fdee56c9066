"""`palazzo serve`: run the companion on the LAN under gevent's WSGI server.

Every open screen holds a live stream (server-sent events) for minutes. A thread per stream
froze a 32-thread server at 32 screens; under gevent a stream is a socket and a greenlet, so
one process holds hundreds of them and still answers pages and taps. gevent ships wheels for
every OS a host may bring, needs no reverse proxy, and its WSGI server writes each chunk of a
streamed response at once. The same Flask app runs as several processes under gunicorn's
gevent worker (see deploy/ and docs/deploy.md); psycopg cooperates with gevent by itself.

`monkey.patch_all()` runs first thing in `main`, before the app (and its locks, threads and
database drivers) is imported, so the live layer's threads and conditions become greenlets.
"""

from __future__ import annotations

import argparse
import gc
import ipaddress
import logging
import os
import shlex
import shutil
import socket
import sys
from pathlib import Path

from companion.connections import (
    MAX_CONNECTIONS,
    PER_ADDRESS,
    Connections,
)

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 5000
BACKLOG = 1024  # connections the OS queues while the server is busy
WANTED_FILES = 8192  # open-file limit asked of the OS (soft limit, up to the hard one)
GC_YOUNG = 700  # allocations between two sweeps of the GC's youngest generation (Python's own)
GC_OLD = 300  # sweeps of the middle generation before a full one may run (Python: 10)
WILDCARD_HOSTS = ("", "0.0.0.0", "::", "*")
# The app this server serves, named as gunicorn's config names it (deploy/gunicorn.conf.py):
# the composition root builds it with the installation's games; the server names no game.
APP = "companion.app:create_app"


def build_app(name: str):
    """The app `module:factory` builds (called without arguments)."""
    from importlib import import_module

    module, _, factory = name.partition(":")
    return getattr(import_module(module), factory)()


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


def serve_command(host: str | None = None, port: int = DEFAULT_PORT, argv0=None) -> str:
    """`palazzo serve [--host H] [--port P]` as this server was started, typed as it works from
    here: the script by its path when its folder is not on PATH (after `make run`:
    `.venv/bin/palazzo serve`), `palazzo serve` when it is, `python -m companion.serve` when
    started that way."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    script = Path(argv0)
    if script.suffix == ".py":  # python -m companion.serve, or -m companion.cli serve
        module = "companion.cli serve" if script.stem == "cli" else "companion.serve"
        command = f"{_typed(sys.executable)} -m {module}"
    else:
        found = shutil.which(script.name)
        on_path = found and script.exists() and Path(found).resolve() == script.resolve()
        command = f"{script.name if on_path else _typed(argv0)} serve"
    if host is not None:
        command += f" --host {host}"
    if port != DEFAULT_PORT:
        command += f" --port {port}"
    return command


def _typed(path: str) -> str:
    """A path as a shell runs it: relative to here when below this folder (`./x` for a bare
    name, which the shell would look up on PATH), quoted when it has spaces."""
    try:
        relative = Path(path).resolve().relative_to(Path.cwd().resolve())
        path = str(relative) if len(relative.parts) > 1 else f"./{relative}"
    except (OSError, ValueError):
        pass
    return shlex.quote(path)


def banner(
    url: str,
    host: str = DEFAULT_HOST,
    *,
    port: int = DEFAULT_PORT,
    color: bool = False,
    argv0: str | None = None,
) -> str:
    """What `palazzo serve` prints: the address its QR codes point to, as text and as a QR
    (`color`: in colours of its own, readable on a light or dark terminal; qr.qr_terminal)."""
    from companion.qr import qr_terminal

    if only_this_machine(host):
        again = serve_command(DEFAULT_HOST, port, argv0)
        return (
            "Palazzo is running for this machine only: phones cannot reach it. Open:\n\n"
            f"    {url}\n\nTo play with phones on the Wi-Fi, run: {again}\n"
            "Press Ctrl+C to stop.\n"
        )
    return (
        "Palazzo is running. Players on the same Wi-Fi open (or scan):\n\n"
        f"    {url}\n\n{qr_terminal(url, color=color)}\nPress Ctrl+C to stop.\n"
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
    from gevent import socket as gsocket
    from gevent.pool import Pool

    if connections is None:
        behind_proxy = bool(app.config.get("TRUSTED_PROXIES"))
        connections = Connections(per_address=None if behind_proxy else PER_ADDRESS)
    listener = gsocket.socket(listener.family, listener.type, fileno=listener.detach())
    from companion.bounded_server import BoundedHandler, BoundedServer

    server = BoundedServer(
        listener,
        app,
        handler_class=BoundedHandler,
        spawn=Pool(MAX_CONNECTIONS),
        log=None,  # no access log: join links carry tokens in their path
        error_log=logging.getLogger("palazzo.serve"),
    )
    server.connections = connections  # the handler and the server count through it
    server.init_socket()
    return server


def settle_memory() -> None:
    """Once the app is built: its objects (modules, the app, compiled templates so far) are
    moved out of the cyclic GC's sweeps for good, and a full sweep (every live object not
    frozen: it stalled every screen for tens of milliseconds) waits for GC_OLD sweeps of the
    middle generation instead of 10, so it runs as rarely as when the youngest was swept every
    20,000 allocations. The youngest is swept every GC_YOUNG (700, Python's own): each sweep's
    pause grows with it, and a pause lands in whichever tap or push is running, so in the
    p95s, while the GC's total CPU does not shrink with fewer, longer sweeps. A club night at
    20,000: 22-45 ms per young sweep, 93 ms for a middle one, every 2 s. At 2,000: young 0.9 ms
    (p50), middle 6 ms (p50), up to 10-15 ms, the slowest of a night's pushes. At 700: 0.3 and
    2.2 ms, 5 ms at most, for the same CPU in all (0.28 s a night against 0.26 s); the tap,
    the last screen and the pages' p95 came out 5-15% lower in 3 of 4 alternated pairs of
    nights. Most of a request's garbage is freed by reference counting; what the sweeps find
    is cycles (template macros' closures...)."""
    gc.collect()
    gc.freeze()
    _young, middle, _old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, GC_OLD)


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
        host = None if args.host == DEFAULT_HOST else args.host
        other = serve_command(host, 5001 if args.port != 5001 else 5002)
        print(f"Is another server running? Try another port: {other}", file=sys.stderr)
        return 1
    from gevent import monkey

    monkey.patch_all()
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )
    _raise_file_limit()

    from companion.qr import terminal_takes_colors

    app = build_app(APP)
    # the QR codes point where this server listens (see companion/web/urls.py)
    app.config["LISTEN_HOST"] = args.host
    from companion.core.exits import EXIT_DATABASE
    from companion.web.startup import SchemaProblem, check

    problem = check(app)
    if problem:
        # stderr is the server's log (systemd's journal; gunicorn logs it in post_worker_init)
        print(f"palazzo serve: cannot start: {problem}", file=sys.stderr)
        listener.close()
        return EXIT_DATABASE if isinstance(problem, SchemaProblem) else 1
    server = create_server(app, listener)
    settle_memory()
    url = public_url(args.host, server.server_port)
    port = server.server_port  # the one port 0 picked
    _print(banner(url, args.host, port=port, color=terminal_takes_colors(sys.stdout)))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop(timeout=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
