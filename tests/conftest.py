import pytest

from events import EventStore

pytest_plugins = ["tests.pg"]


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


def pytest_sessionstart(session):
    """Build the .mo files from the .po files in git (what `make translations` compiles), so a
    test run never reads stale translations (companion/tools/compile_messages.py)."""
    from companion.tools.compile_messages import compile_all

    compile_all()
