"""The web tests' fixtures (the app, its test client, a live server, Chromium and its phones),
the same here as beside the tests in tests/web/."""

from tests.web.conftest import *  # noqa: F403
