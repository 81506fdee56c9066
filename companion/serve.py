"""`palazzo serve`: run the companion on the LAN under waitress.

Waitress because it is a production server that needs no compiler or reverse proxy, runs
on every OS the host may bring, and flushes each chunk of a streamed response at once
(send_bytes=1 by default), which server-sent events rely on. Every open phone holds one
thread with its live stream, hence the generous thread pool.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import socket
import sys

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 5000
DEFAULT_THREADS = 32  # ~12 phones' live streams plus their page and action requests
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


def banner(url: str) -> str:
    from companion.qr import qr_terminal

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
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, help=argparse.SUPPRESS)
    return parser


def create_server(app, host: str, port: int, threads: int = DEFAULT_THREADS, **adjustments):
    """A bound (not yet running) waitress server; `.effective_port`, `.run()`, `.close()`.
    Extra keyword arguments are waitress adjustments."""
    import waitress

    settings = {
        "threads": threads,
        "ident": "palazzo",
        # Live streams are idle between heartbeats (15 s); keep well above that.
        "channel_timeout": 120,
        # Keep reading while a request runs, so a phone that closes its live stream is
        # noticed at once and its thread freed at the next heartbeat, not the one after.
        "channel_request_lookahead": 1,
        **adjustments,
    }
    return waitress.create_server(app, host=host, port=port, **settings)


def _print(text: str) -> None:
    try:
        print(text, flush=True)
    except UnicodeEncodeError:  # a non-UTF-8 console: the URL still matters, the QR does not
        print(text.encode("ascii", "replace").decode("ascii"), flush=True)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
        )

    from companion.web import create_app

    app = create_app()
    try:
        server = create_server(app, args.host, args.port, args.threads)
    except OSError as error:
        print(
            f"palazzo serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        print("Is another server running? Try another port, e.g. --port 5001.", file=sys.stderr)
        return 1
    _print(banner(public_url(args.host, server.effective_port)))
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
