"""`palazzo serve`: which URL it announces, and that it really serves the app."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

from companion import serve
from companion.web import REPO_ROOT
from tests.platform.web.serve import _hosted_game
from tests.support.servers import Served, raw_stream, read_until
from tests.support.web_fixtures import WAIT, session_cookie, viewer_cookie


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


def test_serving_this_machine_only_prints_the_address_the_qr_codes_use(app, monkeypatch):
    """`palazzo serve --host 127.0.0.1`: the LAN address would not answer, so the QR codes keep
    the address the host opened (the one printed), and the banner says phones cannot reach it."""
    from companion.web.urls import public_url_for

    monkeypatch.setattr(serve, "lan_ip", lambda: "192.168.1.23")
    printed = serve.public_url("127.0.0.1", 5000)
    text = serve.banner(printed, "127.0.0.1")
    assert f"    {printed}\n" in text and "phones cannot reach it" in text
    assert "--host 0.0.0.0" in text and "192.168.1.23" not in text
    app.config["LISTEN_HOST"] = "127.0.0.1"
    with app.test_request_context("/", base_url=printed.rstrip("/")):
        assert public_url_for("home.index") == printed
    app.config["LISTEN_HOST"] = "0.0.0.0"  # every interface: phones use the LAN address
    with app.test_request_context("/", base_url=printed.rstrip("/")):
        assert public_url_for("home.index") == "http://192.168.1.23:5000/"
    assert "phones cannot reach" not in serve.banner("http://192.168.1.23:5000/", "0.0.0.0")


def test_the_hints_name_palazzo_as_it_was_started(monkeypatch, tmp_path):
    """The banner's and the busy port's hints are typed as they work from here: `palazzo` when
    its folder is on PATH, the script's path when not (after `make run`), the module for
    `python -m`; the port kept when it is not the default."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "palazzo"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert serve.serve_command("0.0.0.0", argv0=str(script)) == "palazzo serve --host 0.0.0.0"
    monkeypatch.setenv("PATH", "/nonexistent")
    assert serve.serve_command("0.0.0.0", argv0="bin/palazzo") == "bin/palazzo serve --host 0.0.0.0"
    assert serve.serve_command(port=5001, argv0=str(script)) == "bin/palazzo serve --port 5001"
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert serve.serve_command(argv0=str(script)) == f"{script} serve"
    module = serve.serve_command("0.0.0.0", argv0=serve.__file__)
    assert module.endswith(" -m companion.serve --host 0.0.0.0")
    text = serve.banner("http://127.0.0.1:5001/", "127.0.0.1", port=5001, argv0=str(script))
    assert f"run: {script} serve --host 0.0.0.0 --port 5001\n" in text


@pytest.mark.slow
def test_palazzo_serve_runs_the_app_and_its_banner_hint_works_as_written(tmp_path):
    """`make run HOST=127.0.0.1` runs `.venv/bin/palazzo serve …` from the checkout: the app
    answers on the URL it prints (a free port here). The venv is not on PATH: the banner's
    hint, run by a shell from there as printed, is a command (its --help answers), not
    "palazzo: command not found"."""
    script = Path(sys.executable).with_name("palazzo")
    argv0 = os.path.relpath(script, REPO_ROOT)  # as make starts it: .venv/bin/palazzo
    env = {**os.environ, "PALAZZO_INSTANCE": str(tmp_path / "instance"), "PYTHONUNBUFFERED": "1"}
    env.pop("PALAZZO_DATABASE_URL", None)
    env["PATH"] = os.pathsep.join(
        p
        for p in env.get("PATH", "").split(os.pathsep)
        if p and Path(p).resolve() != script.parent.resolve()
    )
    proc = subprocess.Popen(
        [argv0, "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url, hint, printed = None, None, []
        for line in proc.stdout:  # the server prints its banner, then stays silent
            printed.append(line)
            if line.strip().startswith("http://") and url is None:
                url = line.strip()
            if "run: " in line:
                hint = line.split("run: ", 1)[1].strip()
                break
        assert hint is not None, "".join(printed)
        _answers_the_landing_page(url, tmp_path / "instance")
        assert hint.endswith("palazzo serve --host 0.0.0.0 --port " + hint.rsplit(" ", 1)[1])
        again = subprocess.run(
            f"{hint} --help", shell=True, cwd=REPO_ROOT, env=env, capture_output=True, text=True
        )
        assert again.returncode == 0, again.stderr
        assert again.stdout.startswith("usage: palazzo serve")
    finally:
        proc.terminate()
        proc.wait(timeout=60)


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


def _answers_the_landing_page(url: str | None, instance: Path) -> None:
    """`url` (as the banner printed it) is this machine's, with the port picked, and the app
    answers there from its instance folder."""
    assert url is not None and url.startswith("http://127.0.0.1:") and url.endswith("/")
    with urllib.request.urlopen(url, timeout=WAIT) as response:
        assert response.status == 200
        assert "Host a game" in response.read().decode()
    assert (instance / "secret_key").exists()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """One `python -m companion.serve` on a free port for this module's checks that need a
    server, not a fresh one (its start costs a second or two of CPU time): `(server, its
    instance's parent)`. Tests that restart, kill or configure a server start their own."""
    root = tmp_path_factory.mktemp("shared-serve")
    server = Served(root / "instance")
    yield server, root
    server.stop()


@pytest.mark.slow
def test_python_m_companion_serve_runs_the_app(shared_server):
    """`python -m companion.serve` on a free port answers on the URL it prints (`palazzo
    serve`, the console script: test_palazzo_serve_runs_the_app_and_its_banner_hint…)."""
    server, root = shared_server
    _answers_the_landing_page(server.url + "/", root / "instance")
    assert server.proc.poll() is None, "".join(server.output)


# -- the evented server under load, and several processes ------------------------------------


@pytest.fixture
def served(tmp_path):
    """Start real server processes: `served(env=..., gunicorn=...)`; all stopped after."""
    running: list[Served] = []

    def start(**kwargs) -> Served:
        server = Served(tmp_path / "instance", **kwargs)
        running.append(server)
        return server

    yield start
    for server in running:
        server.stop()


def _host_tap(app, url: str, game_id: str, reason: str, event_id: str | None = None) -> int:
    """The host's correction button, posted as the browser would; returns the status."""
    cookie = session_cookie(app, {"games": {game_id: {"host": True}}, "_csrf": "t" * 32})
    form = urllib.parse.urlencode(
        {
            "csrf_token": "t" * 32,
            "view": "host",
            "event_id": event_id or uuid.uuid4().hex,
            "type": "correction",
            "player": "1",
            "money": "100",
            "fame": "0",
            "reason": reason,
        }
    ).encode()
    request = urllib.request.Request(
        f"{url}/games/{game_id}/events",
        data=form,
        headers={"Cookie": cookie, "HX-Request": "true"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def _page(app, url: str, path: str, game_id: str) -> int:
    request = urllib.request.Request(url + path, headers={"Cookie": viewer_cookie(app, game_id)})
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()
        return response.status


def _client_address(i: int) -> str:
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


STREAMS = 1000  # a club night's screens and then some (benchmarks/club_night.py times them)


def _enough_files(wanted: int) -> None:
    """This test's own open-file limit, raised for its sockets (Linux's default is 1024)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"{wanted} open files needed, the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def test_one_process_holds_1000_streams_and_still_answers(shared_server):
    """1,000 phones' streams from 1,000 addresses stay open on one `palazzo serve`; pages
    and a tap are still answered, and every stream hears the tap's seq."""
    _enough_files(STREAMS + 256)
    server, root = shared_server
    app, game_id = _hosted_game(root)
    path = f"/games/{game_id}/stream"
    cookie = viewer_cookie(app, game_id, spectator=True)
    streams = []
    try:
        for i in range(STREAMS):
            streams.append(raw_stream(server.url, path, cookie, _client_address(i)))
        for sock in streams:
            head = read_until(sock, b"data: 1\n")
            assert head.startswith(b"HTTP/1.1 200")
        assert _page(app, server.url, f"/games/{game_id}/table", game_id) == 200
        assert _page(app, server.url, "/", game_id) == 200
        assert _host_tap(app, server.url, game_id, f"with {STREAMS} screens open") == 200
        for sock in streams:
            read_until(sock, b"data: 2\n")
        # One client may hold only a few: the 17th stream from one address is refused.
        mine = [raw_stream(server.url, path, cookie, "127.0.9.9") for _ in range(16)]
        streams.extend(mine)
        for sock in mine:
            read_until(sock, b"data: 2\n")
        extra = raw_stream(server.url, path, cookie, "127.0.9.9")
        streams.append(extra)
        assert read_until(extra, b"\r\n").startswith(b"HTTP/1.1 429")
        # And none without a session of the game.
        stranger = raw_stream(server.url, path, "", "127.0.9.10")
        streams.append(stranger)
        assert read_until(stranger, b"\r\n").startswith(b"HTTP/1.1 403")
    finally:
        for sock in streams:
            sock.close()
    assert server.proc.poll() is None, "".join(server.output)


@pytest.mark.postgres
def test_two_processes_on_postgresql_wake_each_others_streams(tmp_path, served, pg_fresh_url):
    """`palazzo serve` and a gunicorn gevent worker (deploy/gunicorn.conf.py) on one
    PostgreSQL: a tap on either reaches the other's streams. Their store poll is set to an
    hour, so only LISTEN/NOTIFY can carry it."""
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text("LIVE_POLL_INTERVAL = 3600.0\n")
    app, game_id = _hosted_game(tmp_path, pg_fresh_url)
    env = {"PALAZZO_DATABASE_URL": pg_fresh_url}
    one, two = served(env=env), served(env=env, gunicorn=True)
    path = f"/games/{game_id}/stream"
    cookie = viewer_cookie(app, game_id, spectator=True)
    streams = {
        server: [raw_stream(server.url, path, cookie, _client_address(i)) for i in range(5)]
        for server in (one, two)
    }
    try:
        for socks in streams.values():
            for sock in socks:
                read_until(sock, b"data: 1\n")
        _wait_for_listeners(pg_fresh_url, 2)  # both processes hear appends before the tap
        assert _host_tap(app, two.url, game_id, "tapped on the gunicorn worker") == 200
        for sock in streams[one]:
            read_until(sock, b"data: 2\n")
        assert _host_tap(app, one.url, game_id, "tapped on palazzo serve") == 200
        for sock in streams[two]:
            read_until(sock, b"data: 3\n")
        assert _page(app, two.url, f"/games/{game_id}/history", game_id) == 200
    finally:
        for socks in streams.values():
            for sock in socks:
                sock.close()
    with app.app_context():
        from companion.web.store import get_store

        events = get_store(app).events(game_id)
    assert [e.seq for e in events] == [1, 2, 3]
    assert [e.payload.get("reason") for e in events[1:]] == [
        "tapped on the gunicorn worker",
        "tapped on palazzo serve",
    ]


def _wait_for_listeners(url: str, count: int) -> None:
    """Until `count` connections of the database have run LISTEN (each server's, once it
    watches a stream): polled, not slept, so a loaded machine only makes it take longer."""
    import psycopg

    deadline = time.monotonic() + WAIT
    with psycopg.connect(url.replace("+psycopg", "", 1), autocommit=True) as conn:
        while True:
            (found,) = conn.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query LIKE 'LISTEN %'"
            ).fetchone()
            if found >= count:
                return
            assert time.monotonic() < deadline, f"{found} of {count} processes LISTEN"
            time.sleep(0.05)


def test_a_server_killed_mid_game_loses_nothing(tmp_path, served):
    """kill -9 of `palazzo serve` between taps: restarted on the same instance, the log is
    whole, a retried tap (same event id) is stored once, and streams carry on."""
    import signal

    from companion.web.store import get_store

    app, game_id = _hosted_game(tmp_path)
    first = served()
    for i in range(5):
        assert _host_tap(app, first.url, game_id, f"before the crash {i}") == 200
    retried = uuid.uuid4().hex
    assert _host_tap(app, first.url, game_id, "the last tap", retried) == 200
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(timeout=10)
    second = served()
    stream = raw_stream(second.url, f"/games/{game_id}/stream", viewer_cookie(app, game_id))
    try:
        read_until(stream, b"data: 7\n")
        assert _host_tap(app, second.url, game_id, "the last tap", retried) == 200  # a retry
        assert _host_tap(app, second.url, game_id, "after the restart") == 200
        read_until(stream, b"data: 8\n")
    finally:
        stream.close()
    reasons = [e.payload.get("reason") for e in get_store(app).events(game_id)[1:]]
    assert reasons == [f"before the crash {i}" for i in range(5)] + [
        "the last tap",
        "after the restart",
    ]


def test_a_started_server_keeps_its_own_objects_out_of_the_gcs_sweeps(tmp_path):
    """settle_memory (run by `palazzo serve` and each gunicorn worker once the app is built):
    what exists then is frozen, and a full sweep waits for GC_OLD middle ones."""
    code = (
        "import gc; from companion import serve; from companion.app import create_app; "
        "create_app(); serve.settle_memory(); "
        "print(gc.get_freeze_count() > 10000, "
        "gc.get_threshold() == (serve.GC_YOUNG, 10, serve.GC_OLD))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env={**os.environ, "PALAZZO_INSTANCE": str(tmp_path / "instance")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.stdout.split() == ["True", "True"], out.stderr
