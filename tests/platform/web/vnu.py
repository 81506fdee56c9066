"""The Nu HTML Checker (vnu), the W3C's validator, run over pages the tests saved.

vnu.jar comes from the npm package `vnu-jar` (scripts/system-deps installs it into build/vnu,
at the version named here) and runs on Debian's Java. Its JVM costs about a second to start,
so every page of a run goes to one invocation: `check(files)`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import ROOT

VNU_VERSION = "26.9.27"
JAR = ROOT / "build" / "vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def java() -> str:
    found = shutil.which("java")
    if found is None:
        pytest.fail(
            "java not found: install Debian's 'default-jre-headless' package "
            "(bash scripts/system-deps, which `make test` runs)",
            pytrace=False,
        )
    return found


def check(files: list[Path]) -> dict[str, list[str]]:
    """Every error vnu finds, by file name: `line: message (extract)`."""
    if not JAR.is_file():
        pytest.fail(
            f"vnu.jar not found at {JAR}: run bash scripts/system-deps (npm's vnu-jar)",
            pytrace=False,
        )
    done = subprocess.run(
        [java(), "-Xss8m", "-jar", str(JAR), "--format", "json", "--errors-only", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard only
    )
    report = json.loads(done.stderr or done.stdout or '{"messages": []}')
    found: dict[str, list[str]] = {}
    for message in report["messages"]:
        where = Path(message.get("url", "").removeprefix("file:")).name
        extract = message.get("extract", "").strip().replace("\n", " ")[:120]
        line = f"{message.get('lastLine', '?')}: {message['message']} ({extract})"
        found.setdefault(where, []).append(line)
    return found
