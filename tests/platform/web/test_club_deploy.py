"""docs/deploy.md's "Serving a games club", followed on this machine: Debian's nginx with the
shipped site on a loopback port, two gunicorn gevent workers with the shipped settings, the
suite's throwaway PostgreSQL. A game is hosted through nginx under a public name and port,
four phones join and hold their live streams on both workers, a tap reaches every phone,
every screen agrees who is here, and no join token is in any log."""

from __future__ import annotations

import re
import time
import uuid
from urllib.parse import urlsplit

import psycopg
import pytest
from pyzbar.pyzbar import decode

from companion import presence
from tests.platform.club import DEPLOY, Device, Gunicorn, Nginx, site_config
from tests.platform.web.qr import _rasterize
from tests.support.pg import free_port
from tests.support.servers import read_until

pytestmark = pytest.mark.postgres

SERVER_NAME = "palazzo.test"
NAMES = ["Ada", "Ben", "Cleo", "Dan"]
HERE = re.compile(r'<li class="here" data-seat="(\d)"')
# The join links as the host page prints them beside their QR codes.
LINK = re.compile(r'<span class="join-address" data-copy-text>([^<]+)</span>')


def _conninfo(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _env_file(path) -> dict[str, str]:
    """KEY=VALUE lines, as systemd's EnvironmentFile= reads them (comments skipped)."""
    lines = path.read_text().splitlines()
    pairs = [line.split("=", 1) for line in lines if line.strip() and not line.startswith("#")]
    return {key.strip(): value.strip() for key, value in pairs}


def _over_the_socket(url: str) -> str:
    """The deploy doc's URL shape (the role over the local socket, `?host=` its folder) for the
    suite's server, whose socket is in its own folder and which trusts every local login."""
    with psycopg.connect(_conninfo(url)) as conn:
        folder = conn.execute("SHOW unix_socket_directories").fetchone()[0].split(",")[0]
    port = urlsplit(_conninfo(url)).port
    return f"postgresql://postgres@/{url.rsplit('/', 1)[1]}?host={folder}&port={port}"


def _stream_holders(url: str, game_id: str) -> dict[int, str]:
    """Seat -> the process (machine:pid:...) holding that seat's open stream."""
    with psycopg.connect(_conninfo(url)) as conn:
        rows = conn.execute(
            "SELECT seat, process FROM presence WHERE game_id = %s AND streams > 0", (game_id,)
        ).fetchall()
    return {seat: process for seat, process in rows}


def _wait_for(read, seat: int, gone: bool = False) -> dict:
    """`read()` again until `seat` is in it (or gone from it); a server notices a closed
    stream at its next heartbeat (LIVE_HEARTBEAT, 1 s here)."""
    deadline = time.monotonic() + 15
    while True:
        found = read()
        if (seat in found) != gone:
            return found
        assert time.monotonic() < deadline, (seat, gone, found)
        time.sleep(0.05)


def _pid(process: str) -> int:
    return int(process.split(":")[-2])


@pytest.fixture
def club(tmp_path, pg_fresh_url):
    """(nginx, gunicorn, its workers' pids, the public "name:port", nginx's port), set up as
    docs/deploy.md says."""
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o700)
    # The stores' poll is set to an hour: only LISTEN/NOTIFY can carry a tap across workers.
    # A 1-second heartbeat: a closed stream is noticed (and presence refreshed) within it.
    (instance / "config.py").write_text("LIVE_POLL_INTERVAL = 3600.0\nLIVE_HEARTBEAT = 1.0\n")
    nginx_port, app_port = free_port(), free_port()
    # The shipped settings file, with what this machine has elsewhere.
    settings = _env_file(DEPLOY / "palazzo.env")
    assert settings["PALAZZO_TRUSTED_PROXIES"] == "1" and settings["PALAZZO_WORKERS"] == "2"
    settings.update(
        PALAZZO_DATABASE_URL=_over_the_socket(pg_fresh_url),
        PALAZZO_INSTANCE=str(instance),
        PALAZZO_ALLOWED_HOSTS=SERVER_NAME,
        PALAZZO_BIND=f"127.0.0.1:{app_port}",
    )
    gunicorn = Gunicorn(tmp_path, settings, workers=int(settings["PALAZZO_WORKERS"]))
    nginx = None
    try:
        pids = gunicorn.wait_ready()
        nginx = Nginx(
            tmp_path / "nginx",
            site_config(
                nginx_port, f"127.0.0.1:{app_port}", SERVER_NAME, tmp_path / "nginx" / "logs"
            ),
        )
        nginx.wait_listening(nginx_port)
        yield nginx, gunicorn, pids, f"{SERVER_NAME}:{nginx_port}", nginx_port
    finally:
        if nginx is not None:
            nginx.stop()
        gunicorn.stop()


def _host_a_game(host: Device) -> tuple[str, str, str]:
    """(game id, host page, csrf token): the host's form, posted through nginx."""
    _path, home = host.get("/")
    assert "Host a game" in home
    _path, form = host.get("/host")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    fields = {f"name_{i}": name for i, name in enumerate(NAMES)}
    status, location, body = host.request("POST", "/host", {"csrf_token": csrf, **fields})
    assert status == 303, body[:500]
    path, page = host.get(location)
    game_id = re.fullmatch(r"/games/([^/]+)/host", path).group(1)
    return game_id, page, csrf


def test_a_club_night_behind_nginx_on_two_workers(club, pg_fresh_url):
    nginx, gunicorn, pids, public, port = club
    base = f"http://{public}"
    host = Device(port, public)
    game_id, page, csrf = _host_a_game(host)

    # Every link on the host's page (seats, spectators, the host's own) and its QR code carry
    # the public name with nginx's port, as the host's browser typed it: nginx passes
    # $http_host.
    links = LINK.findall(page)
    assert len(links) == len(NAMES) + 2, links
    assert all(link.startswith(f"{base}/games/{game_id}/") for link in links), links
    qr_codes = [
        decode(_rasterize(svg))[0].data.decode()
        for svg in re.findall(r"<svg[^>]*>.*?</svg>", page, re.S)
        if '<path fill="#000"' in svg
    ]
    assert sorted(qr_codes) == sorted(links)
    tokens = [link.rsplit("/join/", 1)[1] for link in links]
    assert all(len(token) >= 20 for token in tokens)
    seat_links = [link for link in links if "/host/join/" not in link]

    # Four phones (and a spectator) open their links, each from its own address; the host's
    # page lists the seats in order.
    phones = []
    for i, link in enumerate(seat_links):
        device = Device(port, public, source=f"127.0.0.{10 + i}")
        path, _screen = device.get(link.removeprefix(base))
        last_seen = time.monotonic()  # a seat's latest "seen" is stamped before this
        if path.endswith("/me"):
            phones.append(device)
        else:
            assert path.endswith("/table"), path
    assert len(phones) == len(NAMES)

    # Each phone holds its live stream through nginx, and they land on both workers. Which
    # worker takes a connection is the kernel's choice: should the last phone's stream land
    # where all the others are, it reconnects (as a phone does after a Wi-Fi drop).
    stream_path = f"/games/{game_id}/stream"
    streams = {}
    for seat, device in enumerate(phones):
        for _attempt in range(40):
            sock = device.open_stream(stream_path)
            read_until(sock, b"data: 1\n")
            holders = _wait_for(lambda: _stream_holders(pg_fresh_url, game_id), seat)
            used = {_pid(holders[s]) for s in range(seat + 1)}
            if seat < len(phones) - 1 or len(used) == 2:
                streams[seat] = sock
                break
            sock.close()
            _wait_for(lambda: _stream_holders(pg_fresh_url, game_id), seat, gone=True)
            last_seen = time.monotonic()  # a closed stream stamps its seat "seen"
        else:
            pytest.fail(f"40 streams of seat {seat} all landed on the worker of the others")
    holders = _stream_holders(pg_fresh_url, game_id)
    assert sorted(holders) == [0, 1, 2, 3]
    assert {_pid(p) for p in holders.values()} == set(pids), (holders, pids)

    # A tap (the host's correction, through nginx) reaches every phone's stream, on both
    # workers: the poll is off, so LISTEN/NOTIFY carried it.
    status, _location, body = host.request(
        "POST",
        f"/games/{game_id}/events",
        {
            "csrf_token": csrf,
            "view": "host",
            "event_id": uuid.uuid4().hex,
            "type": "correction",
            "player": "1",
            "money": "100",
            "fame": "0",
            "reason": "behind nginx",
        },
        headers={"HX-Request": "true"},
    )
    assert status == 200, body[:500]
    for sock in streams.values():
        read_until(sock, b"data: 2\n")

    # Who is here, once the phones' page loads are older than the polling grace: only the
    # streams (two on each worker) make them "here". Every answer, from either worker,
    # agrees: the table screen, the host's page and its polled fragment. (The streams and the
    # tap above took part of the grace already: only the rest is waited.)
    time.sleep(max(0.0, last_seen + presence.POLLING_GRACE + 0.5 - time.monotonic()))
    answers = []
    for _ in range(6):
        answers.append(host.get(f"/games/{game_id}/table/presence")[1])
        answers.append(host.get(f"/games/{game_id}/table/presence?host=1")[1])
    answers.append(host.get(f"/games/{game_id}/table")[1])
    answers.append(host.get(f"/games/{game_id}/host")[1])
    for answer in answers:
        assert sorted(int(s) for s in HERE.findall(answer)) == [0, 1, 2, 3], answer[:2000]

    for sock in streams.values():
        sock.close()
    nginx.stop()
    gunicorn.stop()

    # No join token in any log line: nginx's (access and error) nor gunicorn's. The access
    # log did record the joins, with the token masked.
    logs = nginx.logs() + gunicorn.output()
    for token in tokens:
        assert token not in logs
    access = nginx.access_log.read_text()
    assert access.count(f"/games/{game_id}/join/[token]") >= len(NAMES) + 1, access
    assert f"/games/{game_id}/stream" in access
    assert gunicorn.output().count("Palazzo worker") == 2
    assert "postgresql://postgres@/" in gunicorn.output()  # over the socket, as it says
