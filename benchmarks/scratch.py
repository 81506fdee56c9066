"""The temporary folders a benchmark works in (a night's database, the code before checked out
of git), removed when the benchmark's process ends: each `make bench` used to leave its own in
/tmp, a checkout of the old code among them (~5 MB), and a machine that ran it now and then
piled up hundreds."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path


def scratch_folder(prefix: str) -> Path:
    """A new empty folder under the system's temporary one, removed at this process's exit."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder
