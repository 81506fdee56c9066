"""A fresh virtual environment for the tests that install the built wheel (tests/platform/test_wheel.py,
tests/platform/test_club_install.py), at the least CPU that still checks what they check.

- No pip of its own: `venv`'s `with_pip` unpacks and compiles a whole pip into every new
  environment (about 5 s of CPU time, as much as the rest of test_wheel.py); this test
  environment's pip installs into it instead (`pip --python`), which puts the same files in
  the same place.
- Installs with `--no-compile`: pip would compile every module of every package; the
  environment's programs compile (and cache, `PYTHONDONTWRITEBYTECODE` dropped) only what
  they import, once.
- pip's cache stays on (downloads are taken from it on the next run) and its check for a
  newer pip stays off (a request to PyPI for nothing the test checks).
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path


def create(env_dir: Path) -> Path:
    """A new environment without pip: its bin folder."""
    venv.create(env_dir, with_pip=False)
    return env_dir / "bin"


def environ(**extra: str) -> dict[str, str]:
    """The environment for the new venv's programs: none of this checkout's settings
    (PALAZZO_*, a PYTHONPATH naming the checkout), bytecode cached beside what they import."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("PALAZZO_")
        and k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(extra)
    return env


def pip(bin_dir: Path, *args, timeout: float, env: dict[str, str] | None = None):
    """`pip ARGS` acting on the environment of `bin_dir` (CompletedProcess, output captured)."""
    command = [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), *map(str, args)]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, env=env or environ()
    )
