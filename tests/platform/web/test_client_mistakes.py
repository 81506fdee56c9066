"""A client's mistake is a 4xx and at most a short log line: any Host header that is not ours
(any length, any characters), in the app and through `palazzo serve` itself."""

from __future__ import annotations

import logging
import socket

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.servers import Served, read_until

REFUSED = (400, 421, 431)
NOT_OURS = [
    "a" * 63,
    "a" * 64,  # gave a 500: the 400 page could not render without a URL map
    "a" * 64 + ".local",
    "b" * 300 + ":5000",
    "x" * 8000,
    "..",
    "-a-",
    "a b",
    "é.example",
    "\x01",
    "[::1",
    "[zz]",
    "a:b:c",
    "evil.example:99999",
]


def _no_traceback(caplog):
    for record in caplog.records:
        assert record.exc_info is None, record.getMessage()
        assert "Traceback" not in record.getMessage()
        assert len(record.getMessage()) < 300, record.getMessage()


@pytest.mark.parametrize("host", NOT_OURS)
def test_a_host_that_is_not_ours_is_refused_plainly(client, caplog, host):
    caplog.set_level(logging.INFO)
    for htmx in (False, True):
        headers = {"Host": host, **({"HX-Request": "true"} if htmx else {})}
        response = client.get("/", headers=headers)
        assert response.status_code in REFUSED
        html = response.get_data(as_text=True)
        assert "does not answer to that name" in html
        assert "Traceback" not in html
    _no_traceback(caplog)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(host=st.text(st.characters(max_codepoint=0xFF, exclude_characters="\r\n"), max_size=400))
def test_any_host_header_is_ours_or_a_4xx(client, host):
    response = client.get("/games/nope/table", headers={"Host": host})
    assert response.status_code in (*REFUSED, 403, 404), (host, response.status_code)


def _raw(url: str, head: bytes) -> bytes:
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        return read_until(sock, b"\r\n\r\n")


def test_the_real_server_answers_a_foreign_host_with_a_4xx_and_one_short_line(tmp_path):
    server = Served(tmp_path / "instance")
    try:
        for host in ("a" * 64, "a" * 5000, "x" * 70_000, "\xe9t\xe9"):
            line = b"Host: " + host.encode("latin-1")
            head = _raw(server.url, b"GET / HTTP/1.1\r\n" + line + b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            assert status in REFUSED, (len(host), head[:80])
        # a request line that is garbage, and a header line far too long, also a 4xx
        assert _raw(server.url, b"FOO\r\n\r\n").startswith(b"HTTP/1.1 400")
        # and the server still answers its own name
        head = _raw(server.url, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200")
    finally:
        server.stop()
    output = "".join(server.output)
    assert "Traceback" not in output
    assert "HTTP_" not in output and "wsgi." not in output  # no request environment dumped
    assert all(len(line) < 300 for line in server.output), output[-2000:]
