"""The app's one EventStore, opened on first use.

Lazy so that importing or creating the app never touches the database (tests, `--help`),
and one per app because an EventStore owns a connection pool that is safe to share.
"""

from __future__ import annotations

import threading

from flask import Flask, current_app

EXTENSION_KEY = "palazzo.store"
_lock = threading.Lock()


def get_store(app: Flask | None = None):
    """The `events.EventStore` for `app` (default: the current app)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    store = app.extensions.get(EXTENSION_KEY)
    if store is None:
        with _lock:
            store = app.extensions.get(EXTENSION_KEY)
            if store is None:
                from events import EventStore

                store = EventStore(url=app.config["DATABASE_URL"])
                app.extensions[EXTENSION_KEY] = store
    return store
