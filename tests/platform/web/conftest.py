"""The web tests' store is their app's own (tests/support/web_fixtures.py), not the event
store over SQLite and PostgreSQL that the other tests take from tests/conftest.py."""

from tests.support.web_fixtures import store  # noqa: F401
