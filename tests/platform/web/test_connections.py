"""Connections that cannot pile up: `palazzo serve` bounds them per client address, gives a
request's headers a short deadline, and closes idle keep-alives early under pressure, so
thousands of half-open connections leave the table answered (companion/connections.py).

The tests on a real server are marked `stress` (CI runs them; `-m "not stress"` skips them):
they open up to 2,000 sockets on loopback (127.0.0.2, 127.0.0.3... are this machine too) and
take about 45 s together."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request

import pytest

from companion import connections
from companion.connections import Connections
from tests.platform.web.serve import _hosted_game
from tests.support.servers import Served, read_until
from tests.support.web_fixtures import viewer_cookie

ATTACKERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")
HALF_OPEN = 2000


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _half_open(port: int, source: str) -> socket.socket | None:
    """A connection that sends a request line and a Host header, and then nothing."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    except OSError:
        return None
    try:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    except OSError:
        pass  # already turned away
    return sock


def _timed_get(url: str, cookie: str) -> float:
    start = time.monotonic()
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=30) as answer:
        answer.read()
        assert answer.status == 200
    return time.monotonic() - start


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


@pytest.mark.stress
def test_2000_half_open_connections_leave_the_table_answered(tmp_path):
    app, game_id = _hosted_game(tmp_path)
    cookie = viewer_cookie(app, game_id)
    server = Served(tmp_path / "instance")
    page = f"{server.url}/games/{game_id}/table"
    port = _port(server.url)
    held: list[socket.socket] = []
    opened = threading.Event()

    def attack() -> None:
        for i in range(HALF_OPEN):
            sock = _half_open(port, ATTACKERS[i % len(ATTACKERS)])
            if sock is not None:
                held.append(sock)
        opened.set()

    try:
        quiet = [_timed_get(page, cookie) for _ in range(10)]
        attacker = threading.Thread(target=attack, daemon=True)
        attacker.start()
        during: list[float] = []
        while not opened.is_set() or len(during) < 40:
            during.append(_timed_get(page, cookie))
        attacker.join(timeout=60)
        assert len(held) >= HALF_OPEN * 0.9  # the attack really ran
        assert _p95(during) < 2.0, (sorted(during)[-5:], quiet)

        for sock in held:
            sock.close()
        closed_at = time.monotonic()
        while True:
            try:
                _timed_get(page, cookie)
                break
            except OSError:
                assert time.monotonic() - closed_at < 5.0
        after = [_timed_get(page, cookie) for _ in range(10)]
        assert time.monotonic() - closed_at < 5.0 + sum(after)
        assert _p95(after) < 2.0
    finally:
        for sock in held:
            sock.close()
        server.stop()
    assert server.proc.returncode is not None
    output = "".join(server.output)
    assert "Traceback" not in output, output[-3000:]


@pytest.mark.stress
def test_one_address_holds_a_bounded_number_and_slow_headers_are_cut(tmp_path):
    server = Served(tmp_path / "instance")
    port = _port(server.url)
    socks = []
    try:
        # One address: PER_ADDRESS open connections, the next one answered 429 at once.
        socks = [_half_open(port, "127.0.0.9") for _ in range(connections.PER_ADDRESS)]
        extra = _half_open(port, "127.0.0.9")
        assert extra is not None
        socks.append(extra)
        assert read_until(extra, b"\r\n", timeout=5).startswith(b"HTTP/1.1 429")
        # Another address is not affected.
        with urllib.request.urlopen(server.url + "/", timeout=10) as answer:
            assert answer.status == 200
        # A header trickled in one byte a second is cut at the deadline, like a silent one.
        slow = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.10", 0))
        socks.append(slow)
        started = time.monotonic()
        slow.settimeout(0.05)
        cut = None
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
            try:
                slow.send(bytes([byte]))
                if slow.recv(100) == b"":
                    cut = time.monotonic() - started
                    break
            except TimeoutError:
                pass
            except OSError:
                cut = time.monotonic() - started
                break
            time.sleep(0.45)
        assert cut is not None and connections.HEADER_DEADLINE - 1 < cut < (
            connections.HEADER_DEADLINE + 3
        )
        # The silent ones from the first address were cut as well, which frees its slots.
        socks[0].settimeout(5)
        assert socks[0].recv(100) == b""
        again = _half_open(port, "127.0.0.9")
        socks.append(again)
        again.sendall(b"\r\n")
        assert read_until(again, b"\r\n").startswith(b"HTTP/1.1 200")
    finally:
        for sock in socks:
            if sock is not None:
                sock.close()
        server.stop()
    assert "Traceback" not in "".join(server.output)


def test_idle_keep_alives_are_closed_early_under_pressure(monkeypatch):
    monkeypatch.setattr(connections, "IDLE_UNDER_PRESSURE", 0.0)
    bounds = Connections(per_address=3, pressure_at=4)
    assert all(bounds.admit("a") for _ in range(3))
    assert not bounds.admit("a")  # its share is full
    assert bounds.idle_limit() == connections.IDLE_TIMEOUT
    ours, theirs = socket.socketpair()
    try:
        bounds.idle("keep-alive", ours)
        assert bounds.admit("b")  # the fourth: pressure, and the idle one is closed
        assert bounds.under_pressure
        assert bounds.idle_limit() == connections.IDLE_UNDER_PRESSURE
        theirs.settimeout(1)
        assert theirs.recv(10) == b""  # shut down: its browser reconnects for the next request
        bounds.release("b")
        assert not bounds.under_pressure
        assert bounds.by_address == {"a": 3}
    finally:
        ours.close()
        theirs.close()


def test_behind_a_trusted_proxy_there_is_no_per_address_bound():
    bounds = Connections(per_address=None)
    assert all(bounds.admit("127.0.0.1") for _ in range(100))


@pytest.mark.stress
def test_idle_keep_alives_are_closed_early_when_the_server_is_full(tmp_path):
    """Browsers' kept-alive connections, idle after one answer each, one short of PRESSURE_AT:
    the newcomer that makes it PRESSURE_AT is answered, and the ones idle IDLE_UNDER_PRESSURE
    are closed at once (not after 75 s)."""
    server = Served(tmp_path / "instance")
    port = _port(server.url)
    idle: list[socket.socket] = []
    request = b"GET /static/favicon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    try:
        for i in range(connections.PRESSURE_AT - 1):
            source = f"127.0.{2 + i // 30}.{1 + i % 30}"  # 30 an address, under the bound
            sock = socket.create_connection(
                ("127.0.0.1", port), timeout=10, source_address=(source, 0)
            )
            sock.sendall(request)
            idle.append(sock)
        for sock in idle:
            read_until(sock, b"</svg>")  # answered, and kept alive
        time.sleep(connections.IDLE_UNDER_PRESSURE + connections.SHED_EVERY)
        started = time.monotonic()
        with urllib.request.urlopen(server.url + "/", timeout=10) as answer:  # the newcomer
            assert answer.status == 200
        closed = 0
        for sock in idle:
            sock.settimeout(max(0.01, 5 - (time.monotonic() - started)))
            try:
                closed += sock.recv(100) == b""
            except (TimeoutError, OSError):
                pass
        assert closed >= (connections.PRESSURE_AT - 1) * 0.95, closed
        assert time.monotonic() - started < connections.IDLE_TIMEOUT / 5
    finally:
        for sock in idle:
            sock.close()
        server.stop()
    assert "Traceback" not in "".join(server.output)


HEADER_BLOCKS = [
    b"Host: 127.0.0.1:5000\r\nCookie: palazzo_session=abc.def; palazzo_lang=de\r\n"
    b"HX-Request: true\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    b"Content-Length: 12\r\n\r\n",
    b"Host: x\n\n",  # LF only
    b"\r\n",  # none at all
    b"",  # the connection ended
    b"Host: x\r\n",  # no blank line: ended mid-headers
    b"Host:x\r\nEmpty:\r\nSpaced:  \t two words  \r\n\r\n",
    b"X-Folded: one\r\n  two\r\nHost: x\r\n\r\n",  # a folded line
    b" leading: continuation\r\nHost: x\r\n\r\n",
    b"From someone\r\nHost: x\r\n\r\n",
    b"Host: x\r\nFrom : y\r\n\r\n",
    b": no name\r\nHost: x\r\n\r\n",
    b"Host: x\r\nno colon at all\r\nAfter: y\r\n\r\n",  # the rest is a body to the parser
    b"Bare: cr\rinside\r\nHost: x\r\n\r\n",
    b"Host: x\r\r\n\r\n",
    b"Latin: caf\xe9 \xff\r\nHost: x\r\n\r\n",
    b"Bad Name: x\r\nHost: x\r\n\r\n",
    b"Host: a\r\nHost: b\r\nhost: c\r\n\r\n",  # repeated
    b"Under_score: x\r\nHost: x\r\n\r\n",
    b"Long: " + b"x" * 70000 + b"\r\n\r\n",  # a line over http.client's 64 KiB
    b"".join(b"H%d: v\r\n" % n for n in range(120)) + b"\r\n",  # over 100 headers
]


def _parsed(read, block: bytes):
    """What `read` makes of a header block: the headers, the envelope, the defects and the
    status, or the exception it raises."""
    from io import BytesIO

    try:
        message = read(BytesIO(block + b"body"))
    except Exception as error:  # noqa: BLE001 - the outcome is what the test compares
        return type(error), str(error)
    return (
        list(message._headers),
        message.get_unixfrom(),
        [type(d) for d in message.defects],
        message.status,
        list(message.headers),  # what gevent's environ is made of
        message.get("content-length"),
        message.typeheader,
    )


def test_a_requests_headers_read_as_gevent_reads_them():
    """The plain lines' short way (companion/bounded_server.read_headers) gives exactly what
    gevent's email parser does, for plain lines, and for any others, which it hands over."""
    import random

    from gevent.pywsgi import headers_factory

    from companion.bounded_server import read_headers

    blocks = list(HEADER_BLOCKS)
    pieces = [b"Host", b"X-A", b"a:b", b" ", b"\t", b":", b"\r", b"\n", b"\r\n", b"From ",
              b"\xe9", b"v", b"_", b"\x00", b"\x7f", b"="]  # fmt: skip
    rng = random.Random(22)
    for _ in range(3000):
        lines = [b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(3)]
        blocks.append(b"Host: x\r\n" + b"\r\n".join(lines) + rng.choice([b"\r\n\r\n", b"\n\n"]))
    for block in blocks:
        assert _parsed(read_headers, block) == _parsed(headers_factory, block), block[:200]
