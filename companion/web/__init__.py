"""The Flask app every screen hangs off: one factory, configured from the instance folder.

Run it with `palazzo serve` (gevent), or several processes under gunicorn's gevent worker
(`deploy/`). The games it serves are handed in by the composition root (companion/app.py,
whose `create_app` is the one gunicorn and `palazzo serve` call); the platform names none.
Tests call `companion.app.create_app({...})` with their own instance folder.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from htmx_flask import Htmx

from companion import logmask
from companion.core.memo import memo
from companion.service import instance
from companion.service.games import Games

from .store import GAMES_KEY

PACKAGE_DIR = Path(__file__).resolve().parent  # companion/web
REPO_ROOT = PACKAGE_DIR.parent.parent  # a checkout: templates/ and static/ live here


def _shipped(name: str) -> Path:
    """templates/ or static/: beside this module in an installed wheel (the build maps them
    there), at the top of the checkout otherwise."""
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else REPO_ROOT / name


TEMPLATE_DIR = _shipped("templates")
STATIC_DIR = _shipped("static")
KNOWN_CALLABLES = 512  # views, hooks and handlers whose sync form an app keeps (a few dozen)


class Palazzo(Flask):
    """Flask, asking each view and hook once whether it is a coroutine function. Flask asks
    for every hook of every request (about sixteen: `inspect.iscoroutinefunction` each
    time); the answer never changes for the same callable, so it is kept."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync_of: dict = {}  # callable -> what Flask's ensure_sync gives for it

    def ensure_sync(self, func):
        try:
            hash(func)
        except TypeError:  # an unhashable callable: asked each time, as Flask does
            return super().ensure_sync(func)
        return memo(self._sync_of, func, lambda: Flask.ensure_sync(self, func), KNOWN_CALLABLES)


def instance_folder(override: str | os.PathLike | None = None) -> Path:
    """Where the database, the secret key and local config live (created if missing): the
    same default folder as every `palazzo` command (companion/service/instance.py)."""
    return instance.folder(override)


def create_app(test_config: Mapping[str, Any] | None = None, *, games: Games) -> Flask:
    """Build the app serving `games`. `test_config` overrides any config key; its
    `INSTANCE_PATH` moves the instance folder (otherwise env PALAZZO_INSTANCE, otherwise the
    default: see companion/service/instance.py)."""
    overrides = dict(test_config or {})
    instance = instance_folder(overrides.pop("INSTANCE_PATH", None))
    app = Palazzo(
        __name__,
        template_folder=str(TEMPLATE_DIR),
        static_folder=str(STATIC_DIR),
        instance_path=str(instance),
        instance_relative_config=True,
    )
    app.config.from_mapping(
        # The app, not the store, decides where the default database goes: the store's own
        # default is relative to the working directory.
        DATABASE_URL=os.environ.get("PALAZZO_DATABASE_URL")
        or f"sqlite:///{instance / 'palazzo.db'}",
        # The URL phones should use, when the host's own browser is on localhost.
        PUBLIC_BASE_URL=os.environ.get("PALAZZO_PUBLIC_URL") or None,
        SESSION_COOKIE_NAME="palazzo_session",
        SESSION_COOKIE_SAMESITE="Lax",
        # A game night plus a few days: phones keep their seat across a browser restart.
        PERMANENT_SESSION_LIFETIME=timedelta(days=7),
        MAX_CONTENT_LENGTH=1024 * 1024,  # nothing at this table needs more than a form post
        MAX_FORM_MEMORY_SIZE=256 * 1024,
        LIVE_POLL_INTERVAL=0.15,  # seconds between the watcher's last_seq reads
        LIVE_HEARTBEAT=15.0,  # seconds between keep-alive comments on an idle stream
        LIVE_STREAM_MAX_AGE=300.0,  # a stream ends after this; the browser reconnects at once
        LIVE_MAX_STREAMS_PER_CLIENT=16,  # open streams per client address (a host's tabs)
        # Behind a reverse proxy: how many proxies' X-Forwarded-For/-Proto to trust, so each
        # phone keeps its own address (stream caps, the serving machine's catalog rights).
        TRUSTED_PROXIES=int(os.environ.get("PALAZZO_TRUSTED_PROXIES") or 0),
    )
    app.config.from_pyfile("config.py", silent=True)  # local overrides, kept out of git
    app.config.update(overrides)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(instance)

    app.extensions[GAMES_KEY] = games
    Htmx(app)
    if app.config["TRUSTED_PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["TRUSTED_PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    logmask.install()

    from . import (
        csrf,
        errors,
        games,
        headers,
        home,
        hosts,
        i18n,
        installable,
        join_links,
        live,
        sessions,
        templating,
        undo,
    )

    sessions.init_app(app)  # the cookie signed again when it changed, or once a day
    hosts.init_app(app)  # first: a request to a name that is not ours goes no further
    csrf.init_app(app)
    errors.init_app(app)
    headers.init_app(app)
    templating.init_app(app)
    i18n.init_app(app)
    app.register_blueprint(home.bp)
    from . import club

    app.register_blueprint(club.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(join_links.bp)
    app.register_blueprint(undo.bp)  # the undo page of a game whose screens have none
    app.register_blueprint(installable.bp)
    games.init_app(app)  # every game's screens: the platform asks each game for its own
    return app


def load_secret_key(instance: Path) -> str:
    """The session-signing key, generated on first start and kept so phones stay signed in
    across restarts. Written to a temp file and hard-linked into place, so the key file is
    never seen half-written and two processes starting together agree on one key."""
    path = instance / "secret_key"
    for _ in range(2):
        try:
            key = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            key = ""
        if key:
            return key
        fd, tmp = tempfile.mkstemp(dir=instance, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32) + "\n")
            os.chmod(tmp, 0o600)
            try:
                os.link(tmp, path)
            except FileExistsError:
                # Usually another process won the race (then we read its key next round);
                # an empty file is a leftover from a crash, whose place we take.
                if not path.read_text(encoding="ascii").strip():
                    os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    raise RuntimeError(f"cannot create a secret key in {path}")
