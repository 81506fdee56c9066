"""What the tests of cli share with other tests (Ran, replay_json, run, write_catalog, write_log):
kept here, since a test module imports no other test module."""

import contextlib
import io
import json
from dataclasses import dataclass

from companion import cli
from companion.games.princes.rules import simulation_catalog


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run(*args) -> Ran:
    """`palazzo ARGS…`: cli.main's answer, its exit code as the console script exits with it
    (argparse's own usage errors and --help leave through SystemExit)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main([str(a) for a in args])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())


def write_log(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def write_catalog(path):
    path.write_text(json.dumps(simulation_catalog().to_dict()))
    return path


def replay_json(tmp_path, log, name: str = "game.jsonl"):
    """`palazzo replay --json` of `log` written to `name`, with the test catalog."""
    catalog = write_catalog(tmp_path / "cat.json")
    return run("replay", write_log(tmp_path / name, log), "--catalog", catalog, "--json")
