"""docs/https.md followed on this machine: the shipped deploy/nginx-https.conf in Debian's nginx
on loopback ports, with a club's own certificate made by openssl as the doc says, in front of
a real `palazzo serve`. A phone that trusts the certificate opens the game over HTTPS: a
secure context, where the screen is kept on and the service worker installs; the join links
the host's page prints are https:// links; the plain address sends a phone on to HTTPS, path
and all."""

from __future__ import annotations

import base64
import hashlib
import http.client
import re
import shutil
import subprocess

import pytest

from tests.platform.club import Nginx, https_site_config
from tests.support.pg import free_port
from tests.support.servers import Served
from tests.support.table_games import mid_game
from tests.support.web_fixtures import BROWSER_WAIT, CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAME = "palazzo.test"
LINK = re.compile(r'<span class="join-address" data-copy-text(?:="")?>([^<]+)</span>')


def openssl() -> str:
    found = shutil.which("openssl")
    if found is None:
        pytest.fail("openssl not found: bash scripts/system-deps installs it", pytrace=False)
    return found


def club_certificate(folder) -> tuple:
    """(certificate, key, its public key's SHA-256 in base64): docs/https.md's command."""
    crt, key = folder / "palazzo.crt", folder / "palazzo.key"
    subprocess.run(
        [openssl(), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "2"]
        + ["-keyout", str(key), "-out", str(crt), "-subj", f"/CN={NAME}"]
        + ["-addext", f"subjectAltName=DNS:{NAME}", "-addext", "basicConstraints=critical,CA:TRUE"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    der = subprocess.run(
        [openssl(), "x509", "-in", str(crt), "-pubkey", "-noout"],
        check=True,
        capture_output=True,
        timeout=30,
    ).stdout
    spki = subprocess.run(
        [openssl(), "pkey", "-pubin", "-outform", "der"],
        input=der,
        check=True,
        capture_output=True,
        timeout=30,
    ).stdout
    return crt, key, base64.b64encode(hashlib.sha256(spki).digest()).decode()


def test_a_phone_plays_over_the_clubs_own_certificate(
    app, instance_dir, tmp_path, playwright_driver
):
    game_id, tokens = mid_game(app)
    crt, key, pin = club_certificate(tmp_path)
    served = Served(
        instance_dir, env={"PALAZZO_ALLOWED_HOSTS": NAME, "PALAZZO_TRUSTED_PROXIES": "1"}
    )
    plain, secure = free_port(), free_port()
    upstream = served.url.removeprefix("http://")
    logs = tmp_path / "nginx" / "logs"
    nginx = Nginx(
        tmp_path / "nginx", https_site_config((plain, secure), upstream, NAME, (crt, key), logs)
    )
    # A phone that trusts the club's certificate (as one does once it is installed on it).
    browser = playwright_driver.chromium.launch(
        executable_path=CHROMIUM,
        args=[
            *CHROMIUM_ARGS,
            f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
            f"--ignore-certificate-errors-spki-list={pin}",
        ],
    )
    try:
        nginx.wait_listening(secure)
        # The plain address: sent on to HTTPS with its path (a join link still joins).
        conn = http.client.HTTPConnection("127.0.0.1", plain, timeout=30)
        path = f"/games/{game_id}/join/{tokens.seats[1]}"
        conn.request("GET", path, headers={"Host": NAME})
        moved = conn.getresponse()
        assert moved.status == 301
        assert moved.getheader("Location") == f"https://{NAME}:{secure}{path}"
        conn.close()

        context = browser.new_context()
        context.set_default_timeout(BROWSER_WAIT)
        context.grant_permissions(["screen-wake-lock"], origin=f"https://{NAME}:{secure}")
        page = context.new_page()
        page.goto(f"http://{NAME}:{plain}{path}")  # typed without https://
        page.wait_for_url(f"https://{NAME}:{secure}/games/{game_id}/me")
        assert page.evaluate("() => window.isSecureContext") is True
        page.wait_for_function("() => window.palazzoWakeLock && !window.palazzoWakeLock.released")
        page.evaluate("() => navigator.serviceWorker.ready")

        host = context.new_page()
        host.goto(f"https://{NAME}:{secure}/games/{game_id}/host/join/{tokens.host}")
        links = LINK.findall(host.content())
        assert links and all(
            link.startswith(f"https://{NAME}:{secure}/games/{game_id}/") for link in links
        ), links
        context.close()
        assert tokens.seats[1] not in nginx.logs()
    finally:
        browser.close()
        nginx.stop()
        served.stop()
