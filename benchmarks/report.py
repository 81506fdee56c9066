"""`make bench`: run the benchmarks, then write what they printed into docs/benchmarks.md.

Each benchmark prints its own figures beside a baseline taken in the same run. A figure means
little without the machine that measured it and what else it was doing, so the run is added
to docs/benchmarks.md with the machine (processor, cores, memory, system, Python), the date,
the revision measured and the load average before and after; the newest run comes first, the
older ones stay below it, and the hand-written part above the RUNS marker is kept as it is.
The file is written only when every benchmark finished: a failed one prints why and leaves
the file alone.

Run: `make bench`, or `python benchmarks/report.py [--doc FILE] [SCRIPT ...]` (default: the
four benchmarks `make bench` runs, into docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "benchmarks.md"
SCRIPTS = [
    "benchmarks/replay_append.py",
    "benchmarks/web_render_fanout.py",
    "benchmarks/club_night.py",
    "benchmarks/clone.py",
]
RUNS = "<!-- make bench adds each run below this line, newest first -->"


def _first(path: str, key: str) -> str | None:
    """The value of the first `key: value` (or `KEY=value`) line of a system file."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        name, sep, value = line.partition(":" if ":" in line else "=")
        if sep and name.strip() == key:
            return value.strip().strip('"')
    return None


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine() -> str:
    """The machine in a line: processor, cores, memory, system, Python."""
    memory = _first("/proc/meminfo", "MemTotal")
    gib = f"{int(memory.split()[0]) / 1024**2:.1f} GiB" if memory else "memory unknown"
    return ", ".join(
        [
            _first("/proc/cpuinfo", "model name") or platform.processor() or "processor unknown",
            f"{os.cpu_count()} cores",
            gib,
            _first("/etc/os-release", "PRETTY_NAME") or platform.platform(),
            f"Python {platform.python_version()}",
        ]
    )


def revision() -> str:
    """The commit measured, `+changes` when the tree differs from it; "unknown" without git."""
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (no git)"
    return head + (" +changes" if changed else "")


def run(script: str) -> tuple[int, str]:
    """Run one benchmark, its output shown as it comes and kept; (exit status, output)."""
    proc = subprocess.Popen(
        [sys.executable, "-u", script],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    said = []
    for line in proc.stdout:
        sys.stdout.write(line)
        said.append(line)
    return proc.wait(), "".join(said)


def section(when: datetime, outputs: dict[str, str], before: str, after: str) -> str:
    """One run as markdown: its heading, the machine and revision, each script's output."""
    parts = [
        f"## {when:%Y-%m-%d %H:%M} UTC",
        "",
        f"- machine: {machine()}",
        f"- revision: {revision()}",
        f"- load average (1, 5, 15 min): {before} before, {after} after",
        "",
    ]
    for script, said in outputs.items():
        parts += [f"### `{script}`", "", "```text", said.rstrip("\n"), "```", ""]
    return "\n".join(parts)


def record(doc: Path, text: str) -> None:
    """Put one run's `text` first under the RUNS marker of `doc` (added at its end if the
    file lacks it), the older runs kept below."""
    old = doc.read_text() if doc.exists() else "# Benchmarks\n"
    head, marker, older = old.partition(RUNS)
    if not marker:
        head, older = old.rstrip("\n") + "\n\n", ""
    runs = text.rstrip("\n") + "\n"
    if older.strip():
        runs += "\n" + older.lstrip("\n")
    doc.write_text(head + RUNS + "\n\n" + runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scripts", nargs="*", default=SCRIPTS)
    parser.add_argument("--doc", type=Path, default=DOC)
    args = parser.parse_args(argv)
    when, before = datetime.now(UTC), _load()
    outputs = {}
    for script in args.scripts:
        status, said = run(script)
        if status != 0:
            print(f"{script} failed (exit {status}): {args.doc} left as it was", file=sys.stderr)
            return status
        outputs[script] = said
    record(args.doc, section(when, outputs, before, _load()))
    print(f"written to {args.doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
