"""The app's one EventStore, opened on first use.

Lazy so that importing or creating the app never touches the database (tests, `--help`),
and one per app because an EventStore owns a connection pool that is safe to share.
"""

from __future__ import annotations

import threading

from flask import Flask, current_app

EXTENSION_KEY = "palazzo.store"
GAMES_KEY = "palazzo.games"  # app.extensions: the Games the composition root handed create_app
_lock = threading.RLock()  # re-entrant: making one extension may need another


def app_extension(app: Flask | None, key: str, make):
    """The app's one `key` object, made on first use by `make(app)`, once even when several
    requests ask at the same moment."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    value = app.extensions.get(key)
    if value is None:
        with _lock:
            value = app.extensions.get(key)
            if value is None:
                value = app.extensions[key] = make(app)
    return value


def _open_store(app: Flask):
    from .request_store import RequestStore  # a game's record read once per request

    return RequestStore(url=app.config["DATABASE_URL"])


def get_store(app: Flask | None = None):
    """The `events.EventStore` for `app` (default: the current app)."""
    return app_extension(app, EXTENSION_KEY, _open_store)


def get_games(app: Flask | None = None):
    """The games this app serves (`companion.service.games.Games`), as the composition root
    (companion/app.py) handed them to `create_app`."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    return app.extensions[GAMES_KEY]
