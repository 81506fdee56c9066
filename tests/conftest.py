import fcntl
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from events import EventStore
from tests import ROOT

# The throwaway PostgreSQL server, and the web tests' fixtures (an app, its client, a real
# server, Chromium) for every folder of web tests: each game's and the platform's.
pytest_plugins = ["tests.support.pg", "tests.support.web_fixtures"]

# Hypothesis' settings for every property test (a test's own @settings only says how many
# examples it wants and which health checks its fixtures trip). No deadline and no too_slow
# check anywhere: a loaded machine makes an example slow, never wrong.
#   ci   the same examples on every run (derandomized) and nothing remembered between runs:
#        a red CI run is the code's doing, and a rerun reproduces it. CI=true selects it
#        (.ci/run sets it; GitHub, GitLab and most CI services do too).
#   dev  (the default elsewhere) new random examples each run, a failing one remembered in
#        .hypothesis/ and tried first next time.
# HYPOTHESIS_PROFILE=ci|dev chooses one by name.
# Both start from Hypothesis' own "default" (with CI set, Hypothesis itself has already
# loaded its "ci" profile, which a profile without a parent would inherit from).
settings.register_profile(
    "ci",
    settings.get_profile("default"),
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    settings.get_profile("default"),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def hypothesis_profile(env=os.environ) -> str:
    if env.get("HYPOTHESIS_PROFILE"):
        return env["HYPOTHESIS_PROFILE"]
    in_ci = env.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return "ci" if in_ci else "dev"


settings.load_profile(hypothesis_profile())


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request, tmp_path) -> str:
    """An empty database on each backend the game can be deployed on."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'palazzo.db'}"
    return request.getfixturevalue("pg_fresh_url")


@pytest.fixture
def store(store_url):
    with EventStore(store_url) as s:
        yield s


# Tests that start a server (in this process or another) carry the `slow` mark, so
# `make test-fast` (-m "not postgres and not slow", without the `web` folders) leaves them out; tests
# that start processes some other way say so with @pytest.mark.slow themselves.
SERVER_FIXTURES = {"live_server", "sse", "served"}


def pytest_collection_modifyitems(items):
    for item in items:
        if SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def pytest_sessionstart(session):
    """Build the .mo files from the .po files in git (what `make translations` compiles), so a
    test run never reads stale translations (companion/tools/compile_messages.py)."""
    from companion.tools.compile_messages import compile_all

    compile_all()


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory) -> Path:
    """The wheel, built once per run by README's own command (`pip wheel --no-deps -w dist .`):
    tests/platform/test_wheel.py looks inside it and serves from it, tests/platform/test_club_install.py installs
    it as a club does. Under xdist the two files may run in different workers: the first to
    get here builds it into the run's shared temp folder under a lock, the other waits and
    takes it (the same folder a run without xdist uses alone)."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's basetemp is a folder of the run's
    out = run / "wheel"
    with open(run / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not out.is_dir():
            building = Path(tempfile.mkdtemp(prefix="wheel-", dir=run))
            subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", building, ROOT],
                check=True,
                capture_output=True,
                timeout=600,
            )
            building.rename(out)  # whole or not at all
    (built,) = out.glob("palazzo-*.whl")
    return built


@contextmanager
def lang_speaking(language: str):
    """companion.core.lang speaking `language` from the compiled catalog, as the web edge makes
    it for a request; the provider before is put back afterwards."""
    from babel.support import Translations

    from companion.core import lang

    before = lang._provider
    translations = Translations.load(str(lang.TRANSLATIONS), [language])  # once, not per word
    lang.use(lambda: (language, translations))
    try:
        yield language
    finally:
        lang.use(before)


@pytest.fixture
def german():
    with lang_speaking("de"):
        yield


@pytest.fixture
def french():
    with lang_speaking("fr"):
        yield
