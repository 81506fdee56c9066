"""How the project is installed and checked: `make run` installs only what running needs,
`make test-fast` and `make test` are the two tiers of the suite, CI runs exactly `make test`, and
Hypothesis draws the same examples on every CI run (tests/conftest.py)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import ROOT
from tests.conftest import hypothesis_profile


def dry_run(tmp_path, target: str) -> list[str]:
    """The commands `make TARGET` would run in a fresh clone (make -n runs none of them)."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    # as a user runs it, also when this test itself runs under make (make test)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", target],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def installs(commands: list[str]) -> list[str]:
    return [c for c in commands if " pip install" in c]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_make_run_installs_the_project_without_the_test_tools(tmp_path):
    run = dry_run(tmp_path, "run")
    assert [c.split()[-1] for c in installs(run)] == ["."]
    assert run[-1].split()[:2] == [".venv/bin/palazzo", "serve"]
    for target in ("test", "test-fast", "lint"):
        assert [c.split()[-1] for c in installs(dry_run(tmp_path, target))] == [".", "'.[test]'"]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_the_fast_tier_leaves_out_web_pages_postgresql_and_servers(tmp_path):
    # a worker per core and one more (the tests wait about half the time: docs/testing.md)
    spread = f".venv/bin/python -m pytest -n {len(os.sched_getaffinity(0)) + 1}"
    fast = [c for c in dry_run(tmp_path, "test-fast") if " -m pytest" in c]
    assert fast == [f"{spread} -m \"not postgres and not slow\" --ignore-glob='*/web'"]
    # everything: the tests not marked `stress` spread over the cores, then the `stress` ones
    # alone (docs/testing.md); the two selections leave no test out
    full = [c for c in dry_run(tmp_path, "test") if " -m pytest" in c]
    assert full == [
        f'{spread} -m "not stress"; spread=$?; \\',
        ".venv/bin/python -m pytest -m stress; alone=$?; \\",
    ]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert [line for line in ci if line.startswith("make")] == ["make test"]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_make_test_fails_when_either_half_fails(tmp_path):
    """The recipe runs both halves and exits non-zero if one failed (its last line's check)."""
    recipe = [c for c in dry_run(tmp_path, "test") if c.startswith("test $spread")]
    assert recipe == ["test $spread -eq 0 -a $alone -eq 0"]
    for spread, alone, ok in ((0, 0, True), (1, 0, False), (0, 1, False), (2, 5, False)):
        ran = subprocess.run(
            ["sh", "-c", f"spread={spread}; alone={alone}; {recipe[0]}"], check=False
        )
        assert (ran.returncode == 0) is ok, (spread, alone)


def test_ci_selects_the_derandomized_profile():
    assert hypothesis_profile({"CI": "true"}) == "ci"
    assert hypothesis_profile({"CI": "1"}) == "ci"
    assert hypothesis_profile({}) == hypothesis_profile({"CI": "false"}) == "dev"
    assert hypothesis_profile({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}) == "dev"
    ci, dev = settings.get_profile("ci"), settings.get_profile("dev")
    assert ci.derandomize and ci.database is None and not dev.derandomize
    assert ci.deadline is None and dev.deadline is None  # a loaded machine is slow, not wrong
    from tests.support.firenze_properties import SETTINGS

    assert SETTINGS.deadline is None  # a test's own settings inherit the profile


def test_the_ci_profile_draws_the_same_examples_every_run():
    def examples(profile: str) -> list:
        drawn: list = []

        @settings(settings.get_profile(profile), max_examples=30)
        @given(st.lists(st.integers(), max_size=5))
        def collect(xs):
            drawn.append(xs)

        collect()
        return drawn

    assert examples("ci") == examples("ci")
    assert examples("dev") != examples("dev")  # the check above can tell runs apart
