"""`palazzo backup FILE` and `palazzo restore FILE`: the whole club in one portable file.

A club's box dies, or moves from a laptop's SQLite to a PostgreSQL server: what it must not
lose is every game's log, the club's figures, the money checks under way, the learned
catalog, the hosts' join links and the key that signs the players' sessions. A backup holds
all of it, taken as one consistent moment of the database while the server goes on serving
(SQLite's online backup API; PostgreSQL in one REPEATABLE READ transaction), so each game in
it is complete up to some seq and never holds half an event.

The file is gzipped JSON Lines, the same on either database: a header naming the application,
the format and the migration revision the rows are in; each table's columns and rows; the
instance's files; and a last line counting all of it with the SHA-256 of what came before,
so a truncated, corrupt or foreign file is refused whole before anything is changed. The
snapshots (a cache, folded again from the log) and who is here (live only) are not kept.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import sqlite3
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    MetaData,
    create_engine,
    delete,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import DataError, IntegrityError

from events import migrate
from events.engines import engine_for
from events.sqlite_files import file_of, remove
from events.version import release

from .games import Games
from .instance import write_private

APP = "palazzo"
FORMAT = 1
LEFT_OUT = frozenset({"alembic_version", "snapshots", "presence"})  # a cache; live only
# the tables whose rows others point at come first (the log's foreign key to its game)
FIRST = ("games", "events")
MAX_LINE = 16 * 1024 * 1024  # a row or an instance file; a catalog is a few hundred KB
SQLITE_MAGIC = b"SQLite format 3\x00"
GZIP_MAGIC = b"\x1f\x8b"


class BadBackup(ValueError):
    """The file cannot be restored: truncated, corrupt, foreign or from a newer release."""


class NotEmpty(Exception):
    """The instance already holds games: restoring would replace them (`--force`)."""


@dataclass
class Backup:
    """A backup as read and checked: its header, each table's columns and rows, the files."""

    header: dict
    tables: dict[str, tuple[list[str], list[list]]] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.tables.get("games", ([], []))[1])


# -- what an instance holds besides its database ---------------------------------------------


def instance_files(folder: Path) -> dict[str, str]:
    """The instance's files that belong with its database: the learned catalog and its
    history, the session key and the hosts' join links."""
    names = ["catalog.json", "catalog-history.jsonl", "secret_key"]
    paths = [folder / n for n in names] + sorted((folder / "hosts").glob("*.json"))
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in paths
        if p.is_file()
    }


def _allowed(rel: str) -> bool:
    if rel in ("catalog.json", "catalog-history.jsonl", "secret_key"):
        return True
    parts = rel.split("/")
    return (
        len(parts) == 2
        and parts[0] == "hosts"
        and parts[1].endswith(".json")
        and parts[1][:-5].replace("-", "").replace("_", "").isalnum()
    )


# -- backup ----------------------------------------------------------------------------------


def backup(url: str, folder: Path, target: Path) -> dict:
    """Write the club of the database at `url` and the instance `folder` into `target`
    (replaced whole, owner-only); returns the end line's counts. SchemaError when this
    release cannot use the database."""
    engine = engine_for(url)
    try:
        migrate.ensure(engine)
        with _consistent(engine) as (source, revision):
            return _write(target, _lines(source, revision, engine.dialect.name, folder))
    finally:
        engine.dispose()


class _consistent:
    """One moment of the database to read every table from: on SQLite a copy made by its
    online backup API (the server may go on writing), on PostgreSQL one REPEATABLE READ
    transaction. Gives (a connection to read, the revision)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.copy: Path | None = None
        self.conn: Any = None
        self.other: Engine | None = None

    def __enter__(self):
        if self.engine.dialect.name == "sqlite":
            raw = self.engine.raw_connection()
            try:
                folder = Path(tempfile.mkdtemp(prefix="palazzo-backup-"))  # owner-only
                self.copy = folder / "copy.db"
                into = sqlite3.connect(self.copy)
                raw.dbapi_connection.backup(into)  # one step: a consistent snapshot
                into.close()
            finally:
                raw.close()
            self.other = create_engine(f"sqlite:///{self.copy}")
            self.conn = self.other.connect()
        else:
            self.conn = self.engine.connect().execution_options(isolation_level="REPEATABLE READ")
            self.conn.begin()
        return self.conn, migrate.revision_on(self.conn)

    def __exit__(self, *exc):
        self.conn.close()
        if self.other is not None:
            self.other.dispose()
        if self.copy is not None:
            self.copy.unlink(missing_ok=True)
            self.copy.parent.rmdir()


def _value(v: Any) -> Any:
    if isinstance(v, datetime):
        return (v if v.tzinfo else v.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
    return v


def _lines(conn, revision: str | None, dialect: str, folder: Path) -> Iterator[dict]:
    meta = MetaData()
    meta.reflect(conn)
    names = [n for n in meta.tables if n not in LEFT_OUT]
    names = [n for n in FIRST if n in names] + sorted(n for n in names if n not in FIRST)
    yield {
        "app": APP,
        "format": FORMAT,
        "release": release(),
        "revision": revision,
        "from": dialect,
        "made_at": datetime.now(UTC).isoformat(),
    }
    counts: dict[str, int] = {}
    games: set[str] = set()
    for name in names:
        table = meta.tables[name]
        columns = [c.name for c in table.columns]
        yield {"table": name, "columns": columns}
        keys = list(table.primary_key.columns) or list(table.columns)
        counts[name] = 0
        for row in conn.execute(select(table).order_by(*keys)):
            yield {"row": [_value(v) for v in row]}
            counts[name] += 1
            if name == "games":
                games.add(row.id)
    # the join links of the games of this moment (one hosted since has no rows here)
    files = {
        rel: content
        for rel, content in instance_files(folder).items()
        if not rel.startswith("hosts/") or rel[len("hosts/") : -len(".json")] in games
    }
    for rel, content in files.items():
        yield {"file": rel, "text": content}
    yield {"end": {"tables": counts, "files": len(files)}}


def _write(target: Path, lines: Iterator[dict]) -> dict:
    """The lines into `target` (replaced whole, never half-written); returns the end's."""
    target = target.resolve()
    end: dict = {}
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")  # 0600
    try:
        digest = hashlib.sha256()
        with os.fdopen(fd, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb") as out:
            for line in lines:
                if "end" in line:
                    end = line["end"]
                    end["sha256"] = digest.hexdigest()
                data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
                digest.update(data)
                out.write(data)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return end


# -- reading a backup ------------------------------------------------------------------------


def read(path: Path, games: Games) -> Backup:
    """The backup in `path`, checked whole (BadBackup, in words, when it cannot be used)."""
    try:
        with open(path, "rb") as f:
            start = f.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise BadBackup(f"cannot read {path}: {error.strerror or error}") from None
    if start == SQLITE_MAGIC:
        raise BadBackup(
            f"{path} is a SQLite database, not a backup of Palazzo's: `palazzo backup FILE` "
            "writes one"
        )
    if not start.startswith(GZIP_MAGIC):
        raise BadBackup(_foreign(path))
    try:
        found = _parse(path)
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile, UnicodeDecodeError) as error:
        raise BadBackup(
            f"{path} is not a whole backup of Palazzo's (it cannot be read to its end: "
            f"{error}); it may be truncated or damaged"
        ) from None
    _check_versions(found, games)
    return found


def _parse(path: Path) -> Backup:
    digest = hashlib.sha256()
    found: Backup | None = None
    current: list | None = None
    end = None
    with gzip.open(path, "rb") as f:
        for n, data in enumerate(f, 1):
            if end is not None:
                raise BadBackup(f"{path}: something follows the backup's last line")
            if len(data) > MAX_LINE or not data.endswith(b"\n"):
                raise BadBackup(f"{path}, line {n}: cut short or far too long; damaged")
            try:
                line = json.loads(data)
            except ValueError:
                line = None
            if not isinstance(line, dict):
                raise BadBackup(_foreign(path) if n == 1 else f"{path}, line {n}: damaged")
            if found is None:
                found = Backup(_header(path, line))
            elif "end" in line:
                end = line["end"]
                _check_end(path, found, end, digest.hexdigest())
            else:
                current = _take(path, n, found, current, line)
            digest.update(data)
    if found is None:
        raise BadBackup(_foreign(path))
    if end is None:
        raise BadBackup(f"{path} stops before its last line: the backup is truncated")
    return found


def _foreign(path: Path) -> str:
    return f"{path} is not a backup of Palazzo's (`palazzo backup FILE` writes one)"


def _header(path: Path, line: dict) -> dict:
    if line.get("app") != APP:
        raise BadBackup(_foreign(path))
    if line.get("format") != FORMAT:
        raise BadBackup(
            f"{path} is a backup in format {line.get('format')!r}, which this release "
            f"({release()}) does not read: restore it with the release that made it "
            f"({line.get('release')}) or a later one"
        )
    revision = line.get("revision")
    if revision is not None and revision not in migrate.known():
        raise BadBackup(
            f"{path} was made by a newer release of Palazzo ({line.get('release')}, "
            f"database revision {revision!r}) than this one ({release()}): restore it with "
            "that release or a later one"
        )
    return line


def _take(path: Path, n: int, found: Backup, current: list | None, line: dict) -> list | None:
    """One line of tables, rows or files into `found`; the rows of the table now read."""
    if "table" in line and isinstance(line.get("columns"), list):
        rows: list = []
        found.tables[str(line["table"])] = (list(line["columns"]), rows)
        return rows
    if "row" in line and current is not None and isinstance(line["row"], list):
        current.append(line["row"])
        return current
    rel, text = line.get("file"), line.get("text")
    if isinstance(rel, str) and isinstance(text, str) and _allowed(rel):
        found.files[rel] = text
        return current
    raise BadBackup(f"{path}, line {n}: not a line of a backup; damaged")


def _check_end(path: Path, found: Backup, end: Any, digest: str) -> None:
    counts = {name: len(rows) for name, (_cols, rows) in found.tables.items()}
    if (
        not isinstance(end, dict)
        or end.get("sha256") != digest
        or end.get("tables") != counts
        or end.get("files") != len(found.files)
    ):
        raise BadBackup(f"{path} does not add up (its last line's counts or digest): damaged")


def _check_versions(found: Backup, games: Games) -> None:
    """Every event in a shape this release reads: a newer release's is refused, never
    misread."""
    columns, rows = found.tables.get("events", ([], []))
    if not rows:
        return
    at = {name: i for i, name in enumerate(columns)}
    firsts = {r[at["game_id"]]: r for r in rows if r[at["seq"]] == 1}
    for row in rows:
        first = firsts.get(row[at["game_id"]])
        opening = {**(first[at["payload"]] or {}), "type": first[at["type"]]} if first else None
        game = games.of_event(opening)
        v = row[at["v"]] if "v" in at else 1
        if not isinstance(v, int) or v > game.versions.of(row[at["type"]]):
            raise BadBackup(
                f"the backup holds an event written by a newer release of Palazzo "
                f"({row[at['type']]} version {v} in game {row[at['game_id']]}) than this one "
                f"({release()}): restore it with that release or a later one"
            )


# -- restore ---------------------------------------------------------------------------------


def restore(found: Backup, url: str, folder: Path, *, force: bool = False) -> dict:
    """Put a checked backup onto the database at `url` and the instance `folder`, then the
    files. In one transaction: the database emptied and brought to the backup's own revision
    (an older release's backup holds its tables in their shape then), the rows put in, and
    the whole brought up to this release's, as an upgrade brings a database. NotEmpty when
    the instance holds games and not `force`; SchemaError when this release cannot use the
    database; anything refused leaves it as it was."""
    made = _new_file(url)
    engine = engine_for(url)
    try:
        if not force and _holds_games(engine, folder):  # asked before anything changes
            raise NotEmpty(
                "the instance already holds games: restoring would replace them all "
                "(give --force to do so)"
            )
        with migrate.transaction(engine, passing=(BadBackup,)) as conn:  # all or none
            _empty(conn)
            migrate.move(conn, found.header.get("revision") or migrate.head())
            _fill(conn, found)
            migrate.move(conn, migrate.head())
    except BaseException:
        engine.dispose()
        remove(made)
        raise
    engine.dispose()
    _put_files(found.files, folder)
    return {"games": found.games, "files": len(found.files)}


def _empty(conn) -> None:
    """Every row out of the database's tables, whatever its revision (a shape moves down only
    when empty)."""
    meta = MetaData()
    meta.reflect(conn)
    for name in reversed(_ordered(meta)):
        conn.execute(delete(meta.tables[name]))


def _fill(conn, found: Backup) -> None:
    """The backup's rows into tables of the shape they were taken in."""
    meta = MetaData()
    meta.reflect(conn)
    _check_tables(found, meta)
    try:
        for name in _ordered(meta):
            if name in found.tables:
                _insert(conn, meta.tables[name], *found.tables[name], conn.dialect.name)
    except (IntegrityError, DataError, ValueError, TypeError) as error:
        said = " ".join(str(getattr(error, "orig", error)).split())[:200]
        raise BadBackup(
            f"the backup's rows do not fit together ({said}): it is damaged; nothing was restored"
        ) from None


def _new_file(url: str) -> Path | None:
    """The SQLite file a restore would make, when there is none yet: taken away again if the
    restore fails, so a refused backup leaves a fresh instance as it was."""
    path = file_of(url)
    return None if path is None or path.exists() else path


def _holds_games(engine: Engine, folder: Path) -> bool:
    """Whether the instance has games: rows in its database's games, or join links kept."""
    if list((folder / "hosts").glob("*.json")):
        return True
    with engine.connect() as conn:
        if not inspect(conn).has_table("games"):
            return False
        return conn.execute(text("SELECT 1 FROM games LIMIT 1")).first() is not None


def _ordered(meta: MetaData) -> list[str]:
    names = [n for n in meta.tables if n != "alembic_version"]
    return [n for n in FIRST if n in names] + sorted(n for n in names if n not in FIRST)


def _check_tables(found: Backup, meta: MetaData) -> None:
    for name, (columns, _rows) in found.tables.items():
        table = meta.tables.get(name)
        if name in LEFT_OUT or table is None or not set(columns) <= set(table.columns.keys()):
            raise BadBackup(f"the backup's table {name!r} is not one this release keeps")


def _insert(conn, table, columns: list[str], rows: list[list], dialect: str) -> None:
    convert = {}
    for name in columns:
        kind = table.columns[name].type
        if isinstance(kind, DateTime):
            convert[name] = _when_postgres if dialect == "postgresql" else _when_sqlite
        elif isinstance(kind, Boolean):
            convert[name] = bool
    batch = []
    for row in rows:
        if len(row) != len(columns):
            raise BadBackup(f"a row of the backup's table {table.name!r} is damaged")
        values = dict(zip(columns, row, strict=True))
        for name, change in convert.items():
            if values[name] is not None:
                values[name] = change(values[name])
        batch.append(values)
        if len(batch) == 1000:
            conn.execute(insert(table), batch)
            batch = []
    if batch:
        conn.execute(insert(table), batch)


def _when_postgres(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _when_sqlite(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC).replace(tzinfo=None)


def _put_files(files: dict[str, str], folder: Path) -> None:
    for old in (folder / "hosts").glob("*.json"):
        old.unlink()
    for rel, content in files.items():
        write_private(folder / rel, content)
