"""`make bench`'s last step (benchmarks/report.py) writes each run into docs/benchmarks.md with
the machine and the date, newest first, the hand-written part kept; a failed benchmark leaves
the file as it was. Tried here with tiny scripts in place of the real benchmarks."""

from __future__ import annotations

import os
import re
from pathlib import Path

from benchmarks import report
from tests import ROOT


def script(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text(body)
    return str(path)


def test_each_run_comes_first_with_the_machine_and_date_and_the_rest_stays(tmp_path):
    doc = tmp_path / "benchmarks.md"
    doc.write_text((ROOT / "docs" / "benchmarks.md").read_text())
    head = doc.read_text().partition(report.RUNS)[0]
    first = script(tmp_path, "first.py", "print('replay: 1.72x the raw insert')\n")
    second = script(tmp_path, "second.py", "print('club night: p95 2.1x')\n")
    assert report.main(["--doc", str(doc), first]) == 0
    assert report.main(["--doc", str(doc), first, second]) == 0
    text = doc.read_text()
    assert text.startswith(head)  # the hand-written part, untouched
    runs = text.partition(report.RUNS)[2]
    headings = re.findall(r"(?m)^## (\d{4}-\d\d-\d\d \d\d:\d\d UTC)$", runs)
    assert len(headings) == 2 and headings == sorted(headings, reverse=True)
    newest, older = runs.split("\n## ", 3)[1:3]
    assert "club night: p95 2.1x" in newest and "club night" not in older
    assert "replay: 1.72x the raw insert" in newest and "replay: 1.72x" in older
    assert f"{os.cpu_count()} cores" in newest and "Python " in newest
    assert "- revision: " in newest and "- load average (1, 5, 15 min): " in newest
    assert f"### `{second}`" in newest
    # the figures written by hand before stay below every run
    assert runs.index(older) < runs.index("(before `make bench` wrote this file)")


def test_a_failed_benchmark_leaves_the_file_alone(tmp_path, capsys):
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\nhand-written\n")
    ok = script(tmp_path, "ok.py", "print('fine')\n")
    broken = script(tmp_path, "broken.py", "raise SystemExit('the server did not start')\n")
    assert report.main(["--doc", str(doc), ok, broken]) == 1
    assert doc.read_text() == "# Benchmarks\n\nhand-written\n"
    assert "left as it was" in capsys.readouterr().err
    assert report.main(["--doc", str(doc), ok]) == 0  # a file without the marker gets one
    assert doc.read_text().startswith("# Benchmarks\n\nhand-written\n\n" + report.RUNS)


def test_make_bench_ends_with_the_report():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
    assert "benchmarks/report.py" in recipe
    assert set(report.SCRIPTS) <= {str(p.relative_to(ROOT)) for p in ROOT.glob("benchmarks/*.py")}
