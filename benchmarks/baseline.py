"""The code a benchmark compares with, checked out of git at a given revision.

The club-night figures are each measured beside the code before that work, in the same run: that
code is `git archive`d into a temporary folder and run from there (in a child process, or as a
server started in that folder), so a machine busy with other work weighs on both alike, and a
speed-up that serves both trees does not move the baseline (a flag that turns the new code off
only approximates the old code, and less so with every shared cut).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from benchmarks.scratch import scratch_folder

ROOT = Path(__file__).resolve().parents[1]


def baseline_tree(revision: str, paths: tuple[str, ...] = ()) -> Path | None:
    """The tree at `revision` (only `paths` of it, if given) in a temporary folder, with the
    translations this tree compiled (the messages are not measured); None, saying why, when
    git cannot give it (a copy without git, a shallow clone)."""
    folder = scratch_folder("palazzo-baseline-")
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, *paths],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"(no baseline: cannot check out {revision}: {error})")
        return None
    for mo in (ROOT / "companion" / "translations").rglob("*.mo"):
        target = folder / mo.relative_to(ROOT)
        if target.parent.is_dir() and not target.exists():
            target.write_bytes(mo.read_bytes())
    return folder
