"""What git holds is the project itself: no leftovers of a merge or an editor (`*.orig`,
`*.rej`, `*~`), and no tracker numbers in code, tests or docs. A reader who picks Palazzo up
has no tracker to look a number up in; the idea's own name says what it is ("the club-night
latency work", "the rules of the box").

Read from git's own list of tracked files. A copy without git (an sdist, an unpacked
archive) has nothing to ask: skipped there, never in CI (`CI=true`, .ci/run), whose clone is a
git checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests import ROOT

LEFTOVER = re.compile(r"(\.orig|\.rej|~)$")
# the word, an optional "#", digits: a tracker's number (any case, as git grep -i)
TRACKER_NUMBER = r"issues? #?[0-9]+"


def git(*args: str) -> subprocess.CompletedProcess:
    """`git -C ROOT args`, or a skip when this is not a git checkout (never in CI)."""
    inside = shutil.which("git") is not None and (
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        == str(ROOT)
    )
    if not inside:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI runs in a git checkout, and {ROOT} is not one")
        pytest.skip("not a git checkout (an sdist or an unpacked copy): nothing tracked to read")
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)


def test_no_merge_or_editor_leftover_is_tracked():
    tracked = git("ls-files", "-z").stdout.split("\0")
    assert len(tracked) > 100  # the list was read
    assert [p for p in tracked if LEFTOVER.search(p)] == []


def test_no_tracker_number_in_any_tracked_file():
    found = git("grep", "-n", "-i", "-I", "-E", TRACKER_NUMBER)
    assert found.returncode in (0, 1), found.stderr  # 1: nothing found
    assert found.stdout == "", "name the idea instead of its number:\n" + found.stdout


def test_the_checks_see_what_they_look_for(tmp_path):
    """The two patterns catch what they are for, in a file git tracks (a throwaway repo)."""
    assert all(LEFTOVER.search(p) for p in ("a.py.orig", "b.html.rej", "c.md~"))
    assert not any(LEFTOVER.search(p) for p in ("origin.py", "rej.py", "a.py"))
    git("--version")  # skips, as the tests above, outside a checkout
    repo = tmp_path / "repo"
    repo.mkdir()
    numbered = "# see " + "Issue #" + "22 and iss" + "ues 7"  # spelled apart: not found here
    (repo / "a.py").write_text(numbered + "\n# an issue with no number\n")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "a.py"], check=True)
    said = subprocess.run(
        ["git", "-C", str(repo), "grep", "-n", "-i", "-I", "-E", TRACKER_NUMBER],
        capture_output=True,
        text=True,
    ).stdout
    assert said == f"a.py:1:{numbered}\n"
