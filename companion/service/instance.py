"""The instance folder: this installation's database, learned catalog, secret key and join links.

One default for the server and every command line: `$PALAZZO_INSTANCE` if set; otherwise, in a
source checkout, the checkout's `instance/` (where `make run` has always kept it); otherwise,
for an installed package, `$XDG_DATA_HOME/palazzo` (usually `~/.local/share/palazzo`). The
folder is created owner-only (0700) and the files in it owner-only (0600): they hold every
game's secrets and the key that signs the players' sessions. A folder that already exists with
wider rights (made by hand, unpacked from an archive) is tightened to 0700 on first use, or,
where this user may not change it, a warning says so.
"""

from __future__ import annotations

import logging
import os
import stat
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the checkout, or site-packages


def default_folder() -> Path:
    """Where the instance lives when nothing says otherwise (see the module's docstring)."""
    env = os.environ.get("PALAZZO_INSTANCE")
    if env:
        return Path(env).expanduser().resolve()
    if (PACKAGE_ROOT / "pyproject.toml").is_file():
        return PACKAGE_ROOT / "instance"
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data).expanduser().resolve() / "palazzo"


def folder(override: str | os.PathLike | None = None) -> Path:
    """The instance folder (`override`, or the default), created owner-only if missing and
    tightened to owner-only if it exists with wider rights."""
    path = Path(override).expanduser().resolve() if override else default_folder()
    if not path.is_dir():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)
    tighten(path)
    return path


def database_url(path: Path) -> str:
    """The database of the instance in `path`: PALAZZO_DATABASE_URL when set (PostgreSQL),
    otherwise the SQLite file in the folder, as the app opens it (companion/web)."""
    return os.environ.get("PALAZZO_DATABASE_URL") or f"sqlite:///{path / 'palazzo.db'}"


def tighten(path: Path) -> None:
    """Owner-only (0700) for a folder that lets its group or others in."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if not mode & 0o077:
        return
    try:
        os.chmod(path, mode & 0o700 | 0o700)
    except OSError as error:
        log.warning(
            "the instance folder %s is open to other users (mode %o) and could not be made "
            "owner-only (%s): it holds every game's secrets; run chmod 700 on it",
            path,
            mode,
            error.strerror or error,
        )


def write_private(path: Path, text: str) -> None:
    """Replace `path` with `text` as a whole (never half-written), readable by its owner only."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
