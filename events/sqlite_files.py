"""The file behind a SQLite database, where there is one (not an in-memory database, not a
`file:` URI SQLite opens by itself), and taking such a file away with the -wal and -shm
files SQLite keeps beside it in WAL mode. The store, the migrations' safety copy and restore
all need the same answer."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import URL, make_url


def file_of(url: str | URL) -> Path | None:
    """The database file `url` names, or None when it names none (another engine, memory)."""
    found = make_url(url)
    database = found.database if found.get_backend_name() == "sqlite" else None
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def remove(path: Path | None) -> None:
    """The file gone, with its -wal and -shm files (each only if it is there)."""
    if path is not None:
        for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            each.unlink(missing_ok=True)
