"""What a server process checks before it serves: its settings and its database.

Without this, a worker whose database refuses it starts anyway and answers every page with
"Something went wrong", and the organiser finds `fe_sendauth: no password supplied` in a log if
they look. Checked once at start (`palazzo serve`, and each gunicorn worker through
deploy/gunicorn.conf.py), a process that cannot serve exits instead, with one sentence naming
the problem (unreachable, login refused, no such database, tables it may not create or use)
and where docs/deploy.md says what to do.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask

README = "see docs/deploy.md, 'Serving a games club'"
# What each table needs: games (host, rename), events (append, read), snapshots (a cache that
# is replaced), presence (companion/presence.py: upserts, sweeps).
PRIVILEGES = {
    "games": ("SELECT", "INSERT", "UPDATE"),
    "events": ("SELECT", "INSERT"),
    "snapshots": ("SELECT", "INSERT", "DELETE"),
    "presence": ("SELECT", "INSERT", "UPDATE", "DELETE"),
}


def check(app: Flask) -> str | None:
    """None when the app can serve, else what stops it, in words for the organiser."""
    return check_public_url(app.config.get("PUBLIC_BASE_URL")) or check_database(app)


def check_public_url(url: str | None) -> str | None:
    """PALAZZO_PUBLIC_URL goes into every QR code: a typo there sends every phone elsewhere."""
    if not url:
        return None
    try:
        parts = urlsplit(str(url))
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path.strip("/")
        or parts.query
        or parts.fragment
        or parts.username
    ):
        return (
            f"PALAZZO_PUBLIC_URL={url!r} is not an address phones can open: write "
            "http://NAME or http://NAME:PORT (https:// behind TLS), nothing after the name and "
            "port"
        )
    return None


class SchemaProblem(str):
    """A problem with the database's shape: a newer release wrote it, it is not Palazzo's,
    or an upgrade step failed and left it as it was (`palazzo serve` exits with
    EXIT_DATABASE; docs/upgrading.md)."""


def _denied(error: Exception) -> bool:
    cause = getattr(error, "orig", None) or error
    said = str(cause).lower()
    return getattr(cause, "sqlstate", None) == "42501" or "permission denied" in said


def _has_tables(url: str) -> bool:
    """Whether the database holds Palazzo's log (asked when its role may not read it)."""
    from sqlalchemy import inspect
    from sqlalchemy.exc import SQLAlchemyError

    from events.engines import engine_for

    try:
        engine = engine_for(url)
        try:
            return inspect(engine).has_table("events")
        finally:
            engine.dispose()
    except (SQLAlchemyError, OSError):
        return False


def check_database(app: Flask) -> str | None:
    """Opens the app's store (bringing the tables up to date, or making them, if the role
    may; a database this release cannot use is a SchemaProblem), reads each table and, on
    PostgreSQL, checks the role may do what serving needs."""
    from sqlalchemy.exc import SQLAlchemyError

    from companion.presence import SharedPresence
    from events.migrate import MigrationFailed, SchemaError

    from .live import get_presence
    from .store import get_store

    where = shown(app.config["DATABASE_URL"])
    try:
        store = get_store(app)  # connects, and brings the tables up to date (or makes them)
        keeper = get_presence(app)
    except MigrationFailed as error:
        cause = error.__cause__
        if isinstance(cause, SQLAlchemyError) and _denied(cause):  # the role's rights
            return describe(cause, where)
        return SchemaProblem(f"the database {where} cannot be used: {error}")
    except SchemaError as error:
        return SchemaProblem(f"the database {where} cannot be used: {error}")
    except SQLAlchemyError as error:
        exists = _denied(error) and _has_tables(app.config["DATABASE_URL"])
        return describe(error, where, tables_exist=exists)
    except OSError as error:  # SQLite: the folder of the file cannot be written
        return f"cannot open the database {where}: {error.strerror or error} ({README})"
    try:
        store.game("-")
        store.last_seq("-")
        store.latest_snapshot("-")
        if isinstance(keeper, SharedPresence):
            keeper.seats("-", 1)
            missing = _missing_privileges(store.engine)
            if missing:
                return (
                    f"the database {where} has Palazzo's tables, but its role may not "
                    f"{'; '.join(missing)}: make the role the tables' owner, or GRANT those "
                    f"privileges ({README})"
                )
    except SQLAlchemyError as error:
        return describe(error, where, tables_exist=True)
    return None


def _missing_privileges(engine) -> list[str]:
    from sqlalchemy import text

    query = text("SELECT has_table_privilege(CAST(:table AS text), CAST(:what AS text))")
    missing = []
    with engine.connect() as conn:
        for table, needed in PRIVILEGES.items():
            lacking = [
                what
                for what in needed
                if not conn.execute(query, {"table": table, "what": what}).scalar_one()
            ]
            if lacking:
                missing.append(f"{', '.join(lacking)} on {table}")
    return missing


def describe(error: Exception, where: str, tables_exist: bool = False) -> str:
    """A database error at start, sorted into what the organiser can act on."""
    cause = getattr(error, "orig", None) or error
    said = " ".join(str(cause).split())
    lowered = said.lower()
    said = said if said.endswith((".", "?", "!")) else said + "."
    denied = getattr(cause, "sqlstate", None) == "42501" or "permission denied" in lowered
    if denied and tables_exist:
        return (
            f"the database {where} has Palazzo's tables, but its role may not use them: "
            f"{said} Make the role the tables' owner, or GRANT it their use ({README})"
        )
    if denied:
        return (
            f"the database {where} lacks Palazzo's tables and its role may not create them "
            f"(or may not use them): {said} Let the role own the database, or create the "
            f"tables once as its owner ({README})"
        )
    if any(
        sign in lowered
        for sign in (
            "password authentication failed",
            "no password supplied",
            "peer authentication failed",
            "ident authentication failed",
            "pg_hba.conf",
            "authentication failed",
        )
    ) or ("role" in lowered and "does not exist" in lowered):
        return (
            f"PostgreSQL refused the login to {where}: {said} Create the role (and its "
            f"password, if the URL carries one), or run as the user whose name the role has "
            f"({README})"
        )
    if "database" in lowered and "does not exist" in lowered:
        return f"there is no database {where}: {said} Create it ({README})"
    if any(
        sign in lowered
        for sign in (
            "connection refused",
            "could not connect",
            "resolve host",
            "could not translate host",
            "no such file or directory",
            "timeout",
            "timed out",
            "network is unreachable",
            "no route to host",
        )
    ):
        return (
            f"the database server of {where} cannot be reached: {said} Is PostgreSQL "
            f"running, and are the host and port right? ({README})"
        )
    return f"cannot use the database {where}: {said} ({README})"


def shown(url: str) -> str:
    """The URL without its password, to name the database in a message or a log."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not even a URL: say so without repeating what might be a secret
        return "(PALAZZO_DATABASE_URL, which is not a database URL)"
