"""`palazzo serve`: which URL it announces, and that it really serves the app."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from companion import serve
from companion.web import REPO_ROOT


class FakeUDPSocket:
    """Stands in for socket.socket: records connect() targets, answers getsockname()."""

    def __init__(self, routes: dict, log: list):
        self.routes, self.log, self.target = routes, log, None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        self.log.append(address)
        self.target = address[0]
        if isinstance(self.routes.get(self.target), OSError):
            raise self.routes[self.target]

    def getsockname(self):
        return (self.routes.get(self.target, "0.0.0.0"), 40000)

    def send(self, *args):  # pragma: no cover - must never be called
        raise AssertionError("lan_ip must not send packets")

    sendto = send


def _patch(monkeypatch, routes, hostname_ips=()):
    log: list = []
    monkeypatch.setattr(serve.socket, "socket", lambda *a, **k: FakeUDPSocket(routes, log))
    monkeypatch.setattr(serve.socket, "gethostname", lambda: "table-laptop")

    def getaddrinfo(host, *args, **kwargs):
        assert host == "table-laptop"
        if isinstance(hostname_ips, OSError):
            raise hostname_ips
        return [(socket.AF_INET, socket.SOCK_DGRAM, 0, "", (ip, 0)) for ip in hostname_ips]

    monkeypatch.setattr(serve.socket, "getaddrinfo", getaddrinfo)
    return log


def test_lan_ip_from_the_route_to_a_private_address(monkeypatch):
    log = _patch(monkeypatch, {"10.255.255.255": "192.168.1.23"})
    assert serve.lan_ip() == "192.168.1.23"
    assert log == [("10.255.255.255", 9)]


def test_lan_ip_tries_other_private_ranges(monkeypatch):
    routes = {"10.255.255.255": OSError("Network is unreachable"), "192.168.255.255": "192.168.0.9"}
    log = _patch(monkeypatch, routes)
    assert serve.lan_ip() == "192.168.0.9"
    assert [target for target, _ in log] == ["10.255.255.255", "192.168.255.255"]


def test_lan_ip_falls_back_to_the_hostname(monkeypatch):
    unreachable = {t: OSError("unreachable") for t in serve.PROBE_ADDRESSES}
    _patch(monkeypatch, unreachable, hostname_ips=["127.0.1.1", "10.1.2.3"])
    assert serve.lan_ip() == "10.1.2.3"  # Debian's 127.0.1.1 hostname entry is skipped


def test_lan_ip_falls_back_to_loopback(monkeypatch):
    _patch(monkeypatch, {t: "127.0.0.1" for t in serve.PROBE_ADDRESSES}, hostname_ips=OSError("no"))
    assert serve.lan_ip() == "127.0.0.1"


def test_lan_ip_on_this_machine_is_an_address():
    import ipaddress

    ipaddress.ip_address(serve.lan_ip())


def test_public_url(monkeypatch):
    monkeypatch.setattr(serve, "lan_ip", lambda: "192.168.1.23")
    assert serve.public_url("0.0.0.0", 5000) == "http://192.168.1.23:5000/"
    assert serve.public_url("", 8080) == "http://192.168.1.23:8080/"
    assert serve.public_url("127.0.0.1", 5000) == "http://127.0.0.1:5000/"
    assert serve.public_url("::1", 5000) == "http://[::1]:5000/"


def test_banner_has_url_and_qr():
    text = serve.banner("http://192.168.1.23:5000/")
    assert "    http://192.168.1.23:5000/\n" in text
    assert "█" in text and "Ctrl+C" in text


def test_public_url_for_swaps_loopback_for_the_lan_address(app, monkeypatch):
    from companion.web.urls import public_url_for

    monkeypatch.setattr(serve, "lan_ip", lambda: "192.168.1.23")
    with app.test_request_context("/", base_url="http://localhost:5000"):
        assert public_url_for("home.index") == "http://192.168.1.23:5000/"
    with app.test_request_context("/", base_url="http://127.0.0.1:5000"):
        assert public_url_for("live.seq", game_id="g1") == "http://192.168.1.23:5000/games/g1/seq"
    with app.test_request_context("/", base_url="http://10.0.0.5:5000"):
        assert public_url_for("home.index") == "http://10.0.0.5:5000/"
    app.config["PUBLIC_BASE_URL"] = "http://palazzo.lan/"
    with app.test_request_context("/", base_url="http://localhost:5000"):
        assert public_url_for("home.index") == "http://palazzo.lan/"


def test_bad_arguments_exit_cleanly():
    with pytest.raises(SystemExit) as exc:
        serve.main(["--port", "not-a-number"])
    assert exc.value.code == 2


def test_port_in_use_is_reported_not_a_traceback(instance_dir, monkeypatch, capsys):
    monkeypatch.setenv("PALAZZO_INSTANCE", str(instance_dir))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve.main(["--host", "127.0.0.1", "--port", str(port)]) == 1
    assert "--port" in capsys.readouterr().err


CLI_SERVE = pytest.param(["companion.cli", "serve"], id="companion.cli serve")


@pytest.mark.parametrize(
    "command", [pytest.param(["companion.serve"], id="companion.serve"), CLI_SERVE]
)
def test_serve_runs_the_app(tmp_path, command):
    """`palazzo serve` (and `python -m companion.serve`) on a free port answers on the URL
    it prints."""
    env = {**os.environ, "PALAZZO_INSTANCE": str(tmp_path / "instance"), "PYTHONUNBUFFERED": "1"}
    env.pop("PALAZZO_DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", *command, "--host", "127.0.0.1", "--port", "0"],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = None
        deadline = time.monotonic() + 20
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.strip().startswith("http://"):
                url = line.strip()
        assert url is not None and url.startswith("http://127.0.0.1:") and url.endswith("/")
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            assert "Host a game" in response.read().decode()
            assert response.headers["Server"] == "palazzo"
        assert (tmp_path / "instance" / "secret_key").exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
