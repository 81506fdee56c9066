"""`palazzo deploy-files DIR`: the club setup's files, written out from the installed package.

A club installs Palazzo as a wheel, not as a checkout, yet its setup needs the gunicorn
settings, the nginx site, the systemd unit and the settings file (docs/deploy.md, "Serving a
games club"). The wheel carries deploy/ inside the package (companion/deploy/, hatchling
`force-include`), and this command copies them where the organiser edits them, e.g.
/etc/palazzo. An existing file is never overwritten unless asked (`--force`): it may hold the
club's own edits.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

FILES = ("gunicorn.conf.py", "nginx.conf", "nginx-https.conf", "palazzo.service", "palazzo.env")
PRIVATE = ("palazzo.env",)  # may come to hold a database password: owner-only


def source() -> Path:
    """deploy/: inside the package in an installed wheel, at the top of a checkout."""
    here = Path(__file__).resolve().parent
    inside = here / "deploy"
    return inside if inside.is_dir() else here.parent / "deploy"


def write(target: Path, force: bool = False) -> list[Path]:
    """Copy the files into `target` (created if missing); returns what was written.
    Unless `force`, FileExistsError names the files already there, and nothing is written."""
    origin = source()
    target.mkdir(parents=True, exist_ok=True)
    there = [name for name in FILES if (target / name).exists()]
    if there and not force:
        raise FileExistsError(", ".join(there))
    written = []
    for name in FILES:
        path = target / name
        shutil.copyfile(origin / name, path)
        os.chmod(path, 0o600 if name in PRIVATE else 0o644)
        written.append(path)
    return written


def cmd_deploy_files(args) -> int:
    try:
        written = write(Path(args.dir), force=args.force)
    except FileExistsError as e:
        print(f"palazzo: {args.dir} already holds {e}; --force replaces them", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"palazzo: cannot write into {args.dir}: {e.strerror or e}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0
