"""The wheel carries everything the server needs: built, installed in a fresh virtual
environment (away from this checkout), and serving the landing page and its static files."""

from __future__ import annotations

import re
import subprocess
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests import ROOT
from tests.platform import venvs

# builds the wheel (once a run, for both files: tests/conftest.py), installs it in a new venv,
# starts a server
pytestmark = pytest.mark.slow


def test_the_wheel_holds_the_templates_and_static_files(built_wheel):
    names = set(zipfile.ZipFile(built_wheel).namelist())
    for path in ROOT.joinpath("templates").rglob("*.html"):
        assert f"companion/web/templates/{path.relative_to(ROOT / 'templates')}" in names
    for path in ROOT.joinpath("static").rglob("*"):
        if path.is_file():
            assert f"companion/web/static/{path.relative_to(ROOT / 'static')}" in names
    assert "companion/games/princes/rules/schema.py" in names and "events/store.py" in names
    # the migration history: a club's database is brought up to date from the installed wheel
    for path in ROOT.joinpath("events", "migrations").rglob("*.py"):
        assert path.relative_to(ROOT).as_posix() in names
    for language in ("de", "fr"):  # compiled by hatch_build.py, though git holds no .mo
        assert f"companion/translations/{language}/LC_MESSAGES/messages.mo" in names
        assert f"companion/translations/{language}/LC_MESSAGES/messages.po" in names


def test_an_installed_wheel_serves_the_landing_page(built_wheel, tmp_path):
    env_dir = tmp_path / "venv"
    python = venvs.create(env_dir) / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # The wheel is installed for real (files, console script); its dependencies are lent
    # from this test environment's site-packages by a plain path, which does not run that
    # folder's .pth files, so this checkout (an editable install) stays out of sight.
    installed = venvs.pip(
        python.parent,
        *("install", "-q", "--no-compile", "--no-deps", "--no-index", built_wheel),
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    (site / "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # A PYTHONPATH naming a checkout (as a developer's run of a worktree sets) would put it
    # in sight again: the installed wheel runs without one.
    clean = venvs.environ()
    where = subprocess.run(
        [python, "-c", "import companion.web, sys; print(companion.web.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=clean,
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(env_dir), "the checkout was imported"
    env = {**clean, "PALAZZO_INSTANCE": str(tmp_path / "instance"), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [env_dir / "bin" / "palazzo", "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = _announced_url(server)
        with urllib.request.urlopen(url, timeout=30) as page:
            html = page.read().decode()
        assert page.status == 200 and "Host a game" in html
        french = urllib.request.Request(url + "?lang=fr")
        with urllib.request.urlopen(french, timeout=30) as page:
            assert 'aria-label="Langue"' in page.read().decode()  # the shipped catalogs
        css = re.search(r'href="(/static/[^"]+\.css)"', html).group(1)
        with urllib.request.urlopen(url.rstrip("/") + css, timeout=30) as sheet:
            assert sheet.status == 200 and sheet.read()
    finally:
        server.terminate()
        server.wait(timeout=30)


def _announced_url(server) -> str:
    deadline = time.monotonic() + 120
    seen = []
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            if server.poll() is not None:
                break
            continue
        seen.append(line)
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found:
            return found.group(0)
    raise AssertionError("the installed server announced no URL:\n" + "".join(seen))
