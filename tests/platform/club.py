"""The club setup of docs/deploy.md ("Serving a games club") on this machine, for tests: Debian's
nginx with the shipped deploy/nginx.conf on a loopback port, gunicorn with the shipped
deploy/gunicorn.conf.py, and devices that talk to nginx by a public name and port.

Only what a machine's own setup must differ in is changed in the shipped files (the port
nginx listens on, where gunicorn listens, the server_name, where the logs go), each by an
exact substitution that fails loudly if the shipped file no longer has that line.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from companion.web import REPO_ROOT

DEPLOY = REPO_ROOT / "deploy"
DEBIAN_NGINX = Path("/etc/nginx")


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else "")
    if not found:
        pytest.fail(
            "nginx not found: install the Debian package 'nginx' (bash scripts/system-deps)",
            pytrace=False,
        )
    return found


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, f"deploy/nginx.conf no longer has {old!r}: update tests/platform/club.py"
    return text.replace(old, new)


def site_config(port: int, upstream: str, server_name: str, logs: Path) -> str:
    """deploy/nginx.conf for this machine: listening on 127.0.0.1:`port`, proxying to
    `upstream`, logging into `logs`."""
    site = (DEPLOY / "nginx.conf").read_text()
    site = _replace(site, "    listen 80;\n", f"    listen 127.0.0.1:{port};\n")
    site = _replace(site, "    listen [::]:80;\n", "")
    site = _replace(site, "server 127.0.0.1:5001;", f"server {upstream};")
    site = _replace(site, "server_name palazzo.example.org;", f"server_name {server_name};")
    site = _replace(site, "/var/log/nginx/", f"{logs}/")
    return site


def https_site_config(
    ports: tuple[int, int], upstream: str, server_name: str, tls: tuple[Path, Path], logs: Path
) -> str:
    """deploy/nginx-https.conf for this machine: plain HTTP on 127.0.0.1:`ports[0]` (sending
    phones on to HTTPS), HTTPS on `ports[1]` with the certificate and key `tls`, proxying to
    `upstream`, logging into `logs`."""
    plain, secure = ports
    site = (DEPLOY / "nginx-https.conf").read_text()
    site = _replace(site, "    listen 80;\n", f"    listen 127.0.0.1:{plain};\n")
    site = _replace(site, "    listen [::]:80;\n", "")
    site = _replace(site, "    listen 443 ssl;\n", f"    listen 127.0.0.1:{secure} ssl;\n")
    site = _replace(site, "    listen [::]:443 ssl;\n", "")
    site = _replace(site, "https://$host$request_uri", f"https://$host:{secure}$request_uri")
    site = _replace(site, "server 127.0.0.1:5001;", f"server {upstream};")
    site = _replace(site, "server_name palazzo.example.org;", f"server_name {server_name};")
    site = _replace(site, "/etc/palazzo/tls/palazzo.crt", str(tls[0]))
    site = _replace(site, "/etc/palazzo/tls/palazzo.key", str(tls[1]))
    return _replace(site, "/var/log/nginx/", f"{logs}/")


class Nginx:
    """Debian's nginx as docs/deploy.md sets it up: Debian's own /etc/nginx (copied, with its
    absolute paths moved into `root`), the site in sites-enabled/, Debian's default site
    taken out; `nginx -t` first, then nginx in the foreground. `.access_log`: the site's log;
    `.logs()`: every log nginx wrote."""

    def __init__(self, root: Path, site: str):
        self.binary = nginx_binary()
        if not DEBIAN_NGINX.joinpath("nginx.conf").is_file():
            pytest.fail(f"{DEBIAN_NGINX}/nginx.conf is missing: reinstall nginx", pytrace=False)
        self.root = root
        etc, logs = root / "etc", root / "logs"
        shutil.copytree(DEBIAN_NGINX, etc, symlinks=True)
        logs.mkdir(parents=True, exist_ok=True)
        for linked in (etc / "sites-enabled").iterdir():
            linked.unlink()  # Debian's default site (docs/deploy.md: sudo rm .../sites-enabled/default)
        (etc / "sites-available" / "palazzo").write_text(site)
        (etc / "sites-enabled" / "palazzo").symlink_to("../sites-available/palazzo")
        # Where a system nginx keeps its request bodies and buffers (/var/lib/nginx).
        (etc / "conf.d" / "temp-paths.conf").write_text(
            "".join(
                f"{kind}_temp_path {root}/{kind};\n"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            )
        )
        main = (etc / "nginx.conf").read_text()
        main = main.replace("/etc/nginx/", f"{etc}/").replace("/var/log/nginx/", f"{logs}/")
        main = re.sub(r"(?m)^pid .*;$", f"pid {root}/nginx.pid;", main)
        main = re.sub(r"(?m)^worker_processes .*;$", "worker_processes 1;\ndaemon off;", main)
        # A system nginx starts as root and serves as www-data; here, as whoever runs the tests.
        main = re.sub(r"(?m)^user .*;$", "user root root;" if os.geteuid() == 0 else "", main)
        (etc / "nginx.conf").write_text(main)
        self.access_log = logs / "palazzo.access.log"
        self.error_log = logs / "error.log"
        command = [self.binary, "-p", str(root), "-e", str(self.error_log), "-c"]
        command.append(str(etc / "nginx.conf"))
        checked = subprocess.run(
            command + ["-t"], capture_output=True, text=True, timeout=30, check=False
        )
        assert checked.returncode == 0, f"nginx -t refused the site:\n{checked.stderr}"
        self.proc = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=root
        )

    def logs(self) -> str:
        return "".join(p.read_text(errors="replace") for p in (self.root / "logs").glob("*"))

    def wait_listening(self, port: int, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                assert self.proc.poll() is None, "nginx stopped:\n" + self.logs()
                assert time.monotonic() < deadline, "nginx is not listening:\n" + self.logs()
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: the logs are complete after
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Gunicorn:
    """`gunicorn -c deploy/gunicorn.conf.py` with docs/deploy.md's settings in its environment;
    its whole output goes to `.log` (gunicorn's error log: it keeps no access log)."""

    READY = re.compile(r"Palazzo worker (\d+) serves")

    def __init__(
        self,
        root: Path,
        env: dict[str, str],
        workers: int,
        gunicorn: Path | None = None,
        conf: Path = DEPLOY / "gunicorn.conf.py",
    ):
        """This checkout's code with the test environment's gunicorn, unless `gunicorn` names
        another installation's (which then imports its own Palazzo)."""
        self.log = root / "gunicorn.log"
        environ = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("PALAZZO_") and k != "PYTHONPATH"
        }
        environ.update(env)
        if gunicorn is None:
            gunicorn = Path(sys.executable).parent / "gunicorn"
            environ["PYTHONPATH"] = str(REPO_ROOT)
        else:  # a fresh installation (tests/platform/venvs.py): its bytecode is cached as it is imported
            environ.pop("PYTHONDONTWRITEBYTECODE", None)
        environ["PYTHONUNBUFFERED"] = "1"
        environ["PALAZZO_WORKERS"] = str(workers)
        self.workers = workers
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(
                [str(gunicorn), "-c", str(conf)],
                cwd=root,
                env=environ,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self, timeout: float = 60) -> list[int]:
        """The pids of the workers that checked their database and serve."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pids = [int(p) for p in self.READY.findall(self.output())]
            if len(set(pids)) >= self.workers:
                return sorted(set(pids))
            assert self.proc.poll() is None, "gunicorn stopped:\n" + self.output()
            time.sleep(0.2)
        raise AssertionError("the workers did not get ready:\n" + self.output())

    def wait_exit(self, timeout: float = 60) -> int:
        return self.proc.wait(timeout=timeout)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # TERM would wait for the streams to end
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Device:
    """A browser on a phone (or the host's laptop): its own cookies and its own client
    address, talking to nginx on 127.0.0.1:`port` by the public name `host` ("name:port")."""

    def __init__(self, port: int, host: str, source: str = "127.0.0.1"):
        self.port = port
        self.host = host
        self.source = source
        self.cookies: dict[str, str] = {}

    def _headers(self, extra: dict | None = None) -> dict:
        headers = {"Host": self.host, **(extra or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return headers

    def request(self, method: str, path: str, form: dict | None = None, headers=None):
        """(status, location, body) of one request; cookies kept."""
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(self.source, 0)
        )
        try:
            body = urlencode(form).encode() if form is not None else None
            extra = dict(headers or {})
            if body is not None:
                extra["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=self._headers(extra))
            response = conn.getresponse()
            for cookie in response.headers.get_all("Set-Cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            return response.status, response.getheader("Location"), response.read().decode()
        finally:
            conn.close()

    def get(self, path: str) -> tuple[str, str]:
        """(the path it ended at, the page) after following redirects; asserts a 200."""
        for _hop in range(5):
            status, location, body = self.request("GET", path)
            if status in (301, 302, 303, 307, 308):
                parts = urlsplit(location)
                assert not parts.netloc or parts.netloc == self.host, location
                path = parts.path + (f"?{parts.query}" if parts.query else "")
                continue
            assert status == 200, f"GET {path}: {status}\n{body[:500]}"
            return path, body
        raise AssertionError(f"too many redirects from {path}")

    def open_stream(self, path: str) -> socket.socket:
        sock = socket.create_connection(
            ("127.0.0.1", self.port), timeout=10, source_address=(self.source, 0)
        )
        head = "".join(f"{k}: {v}\r\n" for k, v in self._headers().items())
        sock.sendall(f"GET {path} HTTP/1.1\r\n{head}Accept: text/event-stream\r\n\r\n".encode())
        return sock
