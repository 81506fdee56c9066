"""The old data in tests/data/upgrade, laid out as a club's machine would hold it: an
instance folder with 0.1.0's SQLite database and files, or 0.1.0's PostgreSQL dump restored
into a fresh database of the suite's throwaway server."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
from pathlib import Path

from tests import DATA

UPGRADE = DATA / "upgrade"
PREFIX = "v0_1_0"


def figures() -> dict:
    """What 0.1.0 showed, written down when the data was made."""
    return json.loads((UPGRADE / f"{PREFIX}.figures.json").read_text(encoding="utf-8"))


def screens() -> dict:
    """The words of each screen 0.1.0 showed, in full (for a failing comparison to show)."""
    return json.loads(gzip.decompress((UPGRADE / f"{PREFIX}.screens.json.gz").read_bytes()))


def exports() -> list[dict]:
    """Each game's JSON Lines export as 0.1.0 wrote it: {"game": name, "id": id, "log": text}."""
    text = gzip.decompress((UPGRADE / f"{PREFIX}.jsonl.gz").read_bytes()).decode("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def instance_files(folder: Path) -> None:
    """0.1.0's instance files (catalog, join links, secret key) into `folder`."""
    files = json.loads(gzip.decompress((UPGRADE / f"{PREFIX}.instance.json.gz").read_bytes()))
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def sqlite_instance(folder: Path) -> Path:
    """An instance folder as 0.1.0 left it on SQLite; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "palazzo.db").write_bytes(gzip.decompress((UPGRADE / f"{PREFIX}.db.gz").read_bytes()))
    instance_files(folder)
    return folder


def postgres_database(pg_server) -> str:
    """0.1.0's PostgreSQL dump restored into a new database; returns its URL."""
    from tests.support.pg import PG_USER, _pg_bin

    url = pg_server.create_database("old")
    dump = gzip.decompress((UPGRADE / f"{PREFIX}.pg.sql.gz").read_bytes())
    psql = [str(_pg_bin() / "psql"), "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1"]
    psql += ["-p", str(pg_server.port), "-U", PG_USER, "-d", url.rsplit("/", 1)[1]]
    done = subprocess.run(psql, input=dump, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()
    return url


def digest(path: Path) -> str:
    """A file's SHA-256 (a folder's: of every file in it, by name), to show nothing changed."""
    if path.is_dir():
        return hashlib.sha256(
            "".join(
                f"{p.relative_to(path)}:{digest(p)}\n"
                for p in sorted(path.rglob("*"))
                if p.is_file()
            ).encode()
        ).hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest()


def later(prefix: str) -> dict:
    """A later release's figures of the same club (`make_<prefix>.py`): its revision and the
    club page's words for each filter."""
    return json.loads((UPGRADE / f"{prefix}.figures.json").read_text(encoding="utf-8"))


def later_screens(prefix: str) -> dict:
    """Those club pages' words in full."""
    return json.loads(gzip.decompress((UPGRADE / f"{prefix}.screens.json.gz").read_bytes()))


def backup_file(prefix: str) -> Path:
    """The backup a later release made of the club (`palazzo backup`, at its revision)."""
    return UPGRADE / f"{prefix}.backup.gz"
