"""The club setup's files: written out of the package by `palazzo deploy-files`, a systemd
unit systemd accepts, and every PALAZZO_* setting the code reads in docs/settings.md's one table."""

from __future__ import annotations

import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, deploy_files
from tests import ROOT

DEPLOY = ROOT / "deploy"


def shipped() -> list[str]:
    """The setup's files in deploy/, without the bytecode gunicorn leaves there when a test
    loads gunicorn.conf.py (git ignores it; the wheel never carries it)."""
    return sorted(p.name for p in DEPLOY.iterdir() if p.name != "__pycache__")


def test_deploy_files_writes_the_setup_and_keeps_your_edits(tmp_path, capsys):
    target = tmp_path / "etc" / "palazzo"
    assert cli.main(["deploy-files", str(target)]) == 0
    written = sorted(p.name for p in target.iterdir())
    assert written == sorted(deploy_files.FILES) == shipped()
    for name in written:
        assert (target / name).read_bytes() == (DEPLOY / name).read_bytes()
    assert stat.S_IMODE((target / "palazzo.env").stat().st_mode) == 0o600
    assert stat.S_IMODE((target / "nginx.conf").stat().st_mode) == 0o644
    assert capsys.readouterr().out.split() == [str(target / n) for n in deploy_files.FILES]

    (target / "palazzo.env").write_text("PALAZZO_ALLOWED_HOSTS=our.club\n")
    assert cli.main(["deploy-files", str(target)]) == 2
    said = capsys.readouterr().err
    assert f"{target} already holds {', '.join(deploy_files.FILES)}; --force replaces" in said
    assert (target / "palazzo.env").read_text() == "PALAZZO_ALLOWED_HOSTS=our.club\n"
    assert cli.main(["deploy-files", "--force", str(target)]) == 0
    assert (target / "palazzo.env").read_bytes() == (DEPLOY / "palazzo.env").read_bytes()

    (tmp_path / "a-file").write_text("")
    assert cli.main(["deploy-files", str(tmp_path / "a-file" / "x")]) == 2
    assert "cannot write into" in capsys.readouterr().err


def test_the_systemd_unit_is_one_systemd_accepts(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.fail(
            "systemd-analyze not found: install the Debian package 'systemd' "
            "(bash scripts/system-deps)",
            pytrace=False,
        )
    unit = (DEPLOY / "palazzo.service").read_text()
    # Where this machine has them (the unit names the club server's paths).
    for old, new in (
        ("/opt/palazzo/bin/gunicorn", str(Path(sys.executable).parent / "gunicorn")),
        ("/etc/palazzo/palazzo.env", str(DEPLOY / "palazzo.env")),
        ("/etc/palazzo/gunicorn.conf.py", str(DEPLOY / "gunicorn.conf.py")),
    ):
        assert old in unit
        unit = unit.replace(old, new)
    (tmp_path / "palazzo.service").write_text(unit)
    checked = subprocess.run(
        [analyze, "verify", str(tmp_path / "palazzo.service")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0 and not checked.stderr.strip(), checked.stderr


def _code_settings() -> set[str]:
    """The PALAZZO_* names the code reads from the environment: quoted in Python (a
    catalog's PALAZZO_CELLS is a constant), as written in the setup's and scripts' files."""
    names = set()
    for path in [*(ROOT / "companion").rglob("*.py"), *(ROOT / "events").rglob("*.py")]:
        names |= set(re.findall(r"[\"'](PALAZZO_[A-Z_]+)[\"']", path.read_text()))
    for path in [
        *(DEPLOY / name for name in shipped()),
        ROOT / "scripts/screenshots",
        ROOT / "tests/support/shots.py",
    ]:
        names |= set(re.findall(r"PALAZZO_[A-Z_]+", path.read_text()))
    return names


def test_every_setting_is_in_the_settings_table():
    settings = (ROOT / "docs" / "settings.md").read_text()
    table = set(re.findall(r"(?m)^\| `(PALAZZO_[A-Z_]+)` \|", settings))
    assert _code_settings() == table
    env_file = (DEPLOY / "palazzo.env").read_text()
    assert set(re.findall(r"(?m)^#? ?(PALAZZO_[A-Z_]+)=", env_file)) <= table
