"""A club installs Palazzo with its own dependencies only, and its club setup runs.

As README.md and docs/deploy.md say: the wheel built by `pip wheel --no-deps -w dist .` (tests/conftest.py builds
it once for this file and tests/platform/test_wheel.py), `pip install`ed into a fresh virtual environment
(its runtime dependencies come from PyPI, nothing of the test tools), `palazzo deploy-files` writes
the setup's files out of the installed package, and gunicorn runs two gevent workers from
them on PostgreSQL. The worker class needs `packaging`, which only gunicorn's [gevent] extra
brings: a plain gunicorn dependency failed here with "No module named 'packaging'".
Downloads: 2 minutes on a loaded 2-core machine (bounded by the timeouts below). Its CPU
time, and what makes it quick (a venv without pip of its own, `--no-compile`): docs/testing.md.
"""

from __future__ import annotations

import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests import ROOT
from tests.platform import venvs
from tests.platform.club import Gunicorn
from tests.support.pg import free_port

TEST_TOOLS = ("pytest", "playwright", "mypy", "ruff", "hypothesis", "waitress")

# installs the wheel tests/platform/test_wheel.py checks too: built once a run (tests/conftest.py)
pytestmark = [pytest.mark.postgres, pytest.mark.slow]


# A hang guard above the suite's default: the downloads alone took 2 minutes on a loaded
# 2-core machine (the subprocesses below carry their own bounds).
@pytest.mark.timeout(1200)
def test_the_package_alone_runs_the_club_setup(built_wheel, tmp_path, pg_fresh_url):
    bin_dir = venvs.create(tmp_path / "venv")
    clean = venvs.environ()
    install = venvs.pip(
        bin_dir,
        *("install", "-q", "--no-compile", "--prefer-binary", built_wheel),
        timeout=900,
        env=clean,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    listed = venvs.pip(bin_dir, "list", "--format=freeze", timeout=120, env=clean)
    assert listed.returncode == 0, listed.stderr
    installed = listed.stdout.lower()
    assert "\ngunicorn==" in f"\n{installed}" and "\npackaging==" in f"\n{installed}"  # its list
    assert not [tool for tool in TEST_TOOLS if f"\n{tool}==" in f"\n{installed}"], installed
    # The installed package is the one imported (not this checkout); run before the workers,
    # this first import also leaves the bytecode they load.
    assert (
        str(tmp_path / "venv")
        in subprocess.run(
            [bin_dir / "python", "-c", "import companion.web.games as g; print(g.__file__)"],
            capture_output=True,
            text=True,
            env=clean,
            cwd=tmp_path,
            check=True,
        ).stdout
    )

    etc = tmp_path / "etc"
    written = subprocess.run(
        [bin_dir / "palazzo", "deploy-files", etc],
        capture_output=True,
        text=True,
        env=clean,
        cwd=tmp_path,
        timeout=120,
    )
    assert written.returncode == 0, written.stderr
    names = sorted(Path(line).name for line in written.stdout.split())
    assert names == [
        "gunicorn.conf.py",
        "nginx-https.conf",
        "nginx.conf",
        "palazzo.env",
        "palazzo.service",
    ]
    for site in ("nginx.conf", "nginx-https.conf"):
        assert (etc / site).read_text() == (ROOT / "deploy" / site).read_text()

    port = free_port()
    gunicorn = Gunicorn(
        tmp_path,
        {
            "PALAZZO_DATABASE_URL": pg_fresh_url,
            "PALAZZO_INSTANCE": str(tmp_path / "instance"),
            "PALAZZO_BIND": f"127.0.0.1:{port}",
        },
        workers=2,
        gunicorn=bin_dir / "gunicorn",
        conf=etc / "gunicorn.conf.py",
    )
    try:
        gunicorn.wait_ready(timeout=120)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
            assert page.status == 200 and "Host a game" in page.read().decode()
    finally:
        gunicorn.stop()
    output = gunicorn.output()
    assert "packaging" not in output and "Traceback" not in output, output
