"""The web tests' fixtures (the app, its test client, a live server, Chromium and its phones),
the same here as beside the tests in tests/web/. The browser and its driver are started once
per test process for both folders (tests/web/conftest.py, `_PER_PROCESS`)."""

from tests.web.conftest import *  # noqa: F403
