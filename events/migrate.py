"""The database's shape, kept by one migration history (events/migrations/, Alembic).

A club keeps its box for years and installs each release over the last: the database it
opens may be fresh, made by 0.1.0 (tables, but no revision), a revision behind, or written by
a newer release than the one now running. Opening a store brings the first three up to date
by itself (`ensure`); the last is refused with a sentence saying what to do, since reading
a newer shape with older code would misread it.

Nothing is half-changed: on PostgreSQL the whole upgrade is one transaction (and a lock, so
the workers of one server starting together migrate once); on a SQLite file a copy is taken
first and put back if a step fails.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from sqlalchemy import Engine, inspect, text

from .errors import EventStoreError
from .sqlite_files import file_of, remove

log = logging.getLogger(__name__)
# Alembic tells each plugin it loads and each step at INFO: the server's log says once what
# changed (`upgrade`), and Alembic's warnings and errors still show.
logging.getLogger("alembic").setLevel(logging.WARNING)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
# the columns of 0.1.0's log, by which a database made before the migrations is recognised
PALAZZO_EVENTS = frozenset({"game_id", "seq", "id", "type", "payload", "by", "at"})
LOCK_KEY = 0x50414C415A5A4F  # PostgreSQL advisory lock: one migrating process at a time


class SchemaError(EventStoreError):
    """The database cannot be used by this release; the message says why and what to do."""


class SchemaTooNew(SchemaError):
    """The database was written by a newer release (a revision this code does not know)."""


class NotPalazzo(SchemaError):
    """The database holds tables of the names Palazzo uses, but not Palazzo's."""


class MigrationFailed(SchemaError):
    """A step of the upgrade failed: the database was left as it was before."""


_NOT_OUR_EVENTS = (
    "the database holds a table named events that is not Palazzo's log: give Palazzo a "
    "database of its own (PALAZZO_DATABASE_URL)"
)
_NOT_OUR_GAMES = (
    "the database holds a table named games but no log of Palazzo's: give Palazzo a "
    "database of its own (PALAZZO_DATABASE_URL)"
)


def _config(connection=None):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@cache
def _script():
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config())


@cache
def head() -> str:
    """The revision this release's code expects."""
    found = _script().get_current_head()
    assert found is not None
    return found


@cache
def known() -> frozenset[str]:
    """Every revision of this release's history."""
    return frozenset(r.revision for r in _script().walk_revisions())


def revision(engine: Engine) -> str | None:
    """The database's revision: None for one without (fresh, or made by 0.1.0)."""
    with engine.connect() as conn:
        return revision_on(conn)


def revision_on(conn) -> str | None:
    """`revision`, read on a connection (inside its transaction, if it is in one)."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return None
    return conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()


def too_new(found: str) -> SchemaTooNew:
    from .version import release

    return SchemaTooNew(
        f"the database was last used by a newer release of Palazzo than this one "
        f"({release()}): its schema revision {found!r} is not in this release's history. "
        f"Install that release again, or restore a backup made with this one "
        f"(see docs/upgrading.md)"
    )


def check(engine: Engine) -> str | None:
    """The database's revision, refusing one this release does not know (SchemaTooNew)."""
    found = revision(engine)
    if found is not None and found not in known():
        raise too_new(found)
    return found


def check_file(path: Path) -> None:
    """A SQLite file's revision checked read-only, before any connection of a store's sets
    its journal mode: a database this release cannot use is refused unchanged, byte for
    byte. A file that is not SQLite at all is left to SQLite's own error."""
    if not path.is_file() or not path.stat().st_size:
        return
    try:
        # immutable: read as the file stands, with no -wal or -shm file made beside it
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return
    try:
        names = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if VERSION_TABLE in names:
            found = conn.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchone()
            if found and found[0] not in known():
                raise too_new(found[0])
        else:
            _refuse_foreign(
                names, lambda: {row[1] for row in conn.execute("PRAGMA table_info(events)")}
            )
    except sqlite3.Error:
        return
    finally:
        conn.close()


def ensure(engine: Engine) -> None:
    """Bring the database up to this release's revision if it is behind; one query when it is
    already there. SchemaError when it cannot be used."""
    if check(engine) != head():
        upgrade(engine)


def _recognise(conn) -> None:
    """A database without a revision: fresh, or made by 0.1.0 (whose tables the baseline
    keeps as they are); one whose `events` or `games` table is another application's is
    refused."""
    inspector = inspect(conn)
    names = set(inspector.get_table_names())
    _refuse_foreign(names, lambda: {c["name"] for c in inspector.get_columns("events")})


def _refuse_foreign(names: set[str], event_columns: Callable[[], set[str]]) -> None:
    """NotPalazzo for tables of Palazzo's names that are another application's: an `events`
    without the log's columns, or a `games` with no log beside it. `names`: the database's
    tables; `event_columns`: its `events` table's columns, asked only when there is one."""
    if "events" in names:
        if not PALAZZO_EVENTS <= event_columns():
            raise NotPalazzo(_NOT_OUR_EVENTS)
    elif "games" in names:
        raise NotPalazzo(_NOT_OUR_GAMES)


def upgrade(engine: Engine, to: str = "head") -> tuple[str | None, str]:
    """Run the history to `to` (default: this release's head; an earlier revision goes down,
    which restore alone needs); returns (from, to). All or nothing: MigrationFailed leaves
    the database as it was."""
    check(engine)  # connects first: an unreachable database is said as itself
    with _all_or_nothing(engine) as conn:
        before = revision_on(conn)
        target = head() if to == "head" else to
        move(conn, target)
    return before, target


@cache
def order() -> tuple[str, ...]:
    """The history's revisions, oldest first (one line: no branches)."""
    return tuple(r.revision for r in reversed(list(_script().walk_revisions())))


def move(conn, to: str) -> None:
    """Bring the database on `conn` to revision `to` of this release's history, up or down
    (down only ever on empty tables: `restore` empties them first), inside the caller's
    transaction. SchemaError when the database is not one this release can use."""
    from alembic import command

    before = revision_on(conn)
    if before is not None and before not in known():
        raise too_new(before)
    if before is None:
        _recognise(conn)
    if before == to:
        return
    if before is not None and order().index(to) < order().index(before):
        command.downgrade(_config(conn), to)
    else:
        command.upgrade(_config(conn), to)
    log.info("database schema brought from %s to %s", before or "none", to)


@contextmanager
def transaction(engine: Engine, passing: tuple[type[Exception], ...] = ()) -> Iterator:
    """One all-or-nothing transaction holding the database's lock, for a change of its shape
    and rows together (`restore`): an error leaves the database as it was; one of `passing`
    is raised as itself, any other as MigrationFailed."""
    check(engine)
    with _all_or_nothing(engine, passing) as conn:
        yield conn


@contextmanager
def _all_or_nothing(engine: Engine, passing: tuple[type[Exception], ...] = ()) -> Iterator:
    """One connection and one transaction for the whole upgrade, holding the database's lock
    so that one process migrates while the others wait (PostgreSQL's advisory lock, SQLite's
    write lock). On a SQLite file, a copy is taken too once the lock is held, and put back
    if a failed upgrade left the database other than it was."""
    copy = None
    try:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
            else:  # SQLite: the write lock before anything is read; its DDL is transactional
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                copy = _sqlite_copy(engine)
            yield conn
    except SchemaError:
        remove(copy)
        raise
    except Exception as error:
        if copy is not None and _revision_of(copy) != _revision_of(_file(engine)):
            engine.dispose()
            _copy_sqlite(copy, _file(engine))
        remove(copy)
        if isinstance(error, passing):
            raise
        raise MigrationFailed(
            f"the database could not be brought up to date, and was left as it was: "
            f"{' '.join(str(error).split())[:300]}"
        ) from error
    remove(copy)


def _file(engine: Engine) -> Path:
    return Path(engine.url.database or "")


def _revision_of(path: Path) -> str | None:
    """A SQLite file's revision, read on a connection of its own (None: none, or unreadable)."""
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = conn.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchone()
    except sqlite3.Error:
        return None
    finally:
        conn.close()
    return row[0] if row else None


def _sqlite_copy(engine: Engine) -> Path | None:
    """A SQLite file's copy beside it (SQLite's online backup, so a live WAL is in it)."""
    path = file_of(engine.url)
    if path is None or not path.is_file() or not path.stat().st_size:
        return None
    copy = path.with_name(path.name + ".before-upgrade")
    _copy_sqlite(path, copy)
    return copy


def _copy_sqlite(source: Path, target: Path) -> None:
    fd = os.open(target, os.O_CREAT | os.O_RDWR, 0o600)  # owner-only, as the database
    os.close(fd)
    src = sqlite3.connect(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
