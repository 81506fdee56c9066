"""How Palazzo opens a database: the URL a deployment names (or the file beside the app), and
an engine on it with what each backend needs (SQLite's pragmas and WAL, psycopg for
PostgreSQL). The store, the migrations, the backup and the server's start check open their
databases through it, so a file is always opened the same way."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import StaticPool

from . import migrate
from .sqlite_files import file_of


def default_url() -> str:
    """One env var switches a deployment to PostgreSQL; otherwise a file next to the app."""
    url = os.environ.get("PALAZZO_DATABASE_URL")
    if url:
        return url
    instance = Path(os.environ.get("PALAZZO_INSTANCE") or "instance").resolve()
    return f"sqlite:///{instance / 'palazzo.db'}"


def normalise_url(url: str) -> str:
    # Bare postgresql:// would pick psycopg2, which is not a dependency.
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str, **options) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, **options)
    if url in ("sqlite://", "sqlite:///:memory:"):
        # One shared connection, or every call would see its own empty database.
        return create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    database = file_of(url)
    if database is not None:
        migrate.check_file(database)  # refused unchanged, before WAL is turned on
        database.parent.mkdir(parents=True, exist_ok=True)
        # Owner-only from the start: the log holds every game's secrets. SQLite gives its
        # -wal and -shm files the database file's permissions.
        os.close(os.open(database, os.O_CREAT | os.O_RDWR, 0o600))
        _write_ahead(database)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **options)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record):
        cur = dbapi_conn.cursor()
        # WAL lets readers run while one writer commits; the busy timeout makes competing
        # writers queue instead of failing; NORMAL sync is WAL's usual trade (no fsync per
        # commit, a power cut may lose the last moves but never corrupts the log).
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


WAL_WAIT = 30.0  # seconds a new store waits for another process's migration to let go


def _write_ahead(path: Path) -> None:
    """Put the file in WAL mode once, before any pooled connection opens it. WAL is kept in
    the file, so each connection's own `journal_mode=WAL` is then a no-op; switching a file
    into it takes an exclusive lock, which SQLite refuses at once (no busy wait) while
    another process holds the write lock, as the workers of a server starting together do
    while one of them migrates. So the switch is tried again until that lock is let go. Any
    other error (a file that is not a database) is left for the store's own connection to
    say, as it always has."""
    deadline = time.monotonic() + WAL_WAIT
    while True:
        conn = sqlite3.connect(path, timeout=WAL_WAIT)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.DatabaseError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                return
        finally:
            conn.close()
        time.sleep(0.05)


def engine_for(url: str) -> Engine:
    """An engine on `url` as a store makes it (the SQLite file's pragmas, psycopg), for the
    tools that work on the whole database: migrate, backup, restore."""
    return make_engine(normalise_url(url))
