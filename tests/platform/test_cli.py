"""`palazzo replay` and `palazzo catalog` as a user runs them: `cli.main(argv)` in this process
(what the console script calls), and once the installed `palazzo` script itself."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.games.princes.rules import play, simulation_catalog
from tests.support.builders import TEST_CATALOG, Table
from tests.support.cli import replay_json, run, write_catalog, write_log

PALAZZO = str(Path(sys.executable).with_name("palazzo"))


def test_replay_prints_the_final_state_as_json(tmp_path):
    log, state = play(4, seed=3)
    out = run(
        "replay",
        write_log(tmp_path / "game.jsonl", log),
        "--catalog",
        write_catalog(tmp_path / "cat.json"),
        "--json",
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["phase"] == "over" and result["round"] == 7
    assert result["final"]["winners"] == state.final["winners"]
    assert [p["money"] for p in result["players"]] == [p.money for p in state.players]
    keys = {
        "name",
        "money",
        "fame",
        "jesters",
        "builders",
        "buildings",
        "landscapes",
        "freedoms",
        "hand",
        "table",
        "bonus_cards",
        "prestige_cards",
        "empty_spaces",
    }
    assert all(set(p) == keys for p in result["players"])


def test_replay_json_reports_the_characters_and_the_banker_money(tmp_path):
    """The Muse and the Princess: each player's `characters: [{character, face_up}]` and the
    state's `banker_money`, as the contract says."""
    log, state = play(4, seed=5, expansions={"muse_princess": True})
    assert any(e["type"] == "character_bid" for e in log)
    out = replay_json(tmp_path, log, "muse.jsonl")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    held = [p.part("muse_princess").characters for p in state.players]
    assert [p["characters"] for p in result["players"]] == held
    assert result["banker_money"] == state.part("muse_princess").banker_money
    assert result["final"]["winners"] == state.final["winners"]
    text = run("replay", tmp_path / "muse.jsonl", "--catalog", tmp_path / "cat.json").stdout
    assert "Banker:" in text


def test_replay_stops_at_the_first_illegal_event_with_exit_3(tmp_path):
    log, _ = play(3, seed=4)
    bad = log[:20] + [{"type": "bid_raised", "player": 0, "amount": 150}] + log[20:]
    out = replay_json(tmp_path, bad, "bad.jsonl")
    assert out.returncode == 3
    error = json.loads(out.stdout)["error"]
    assert error["seq"] == 21
    assert error["code"] and error["message"] and error["rule"]


def test_without_the_catalog_unknown_professions_must_be_taught(tmp_path):
    log, _ = play(3, seed=4)
    out = run("replay", write_log(tmp_path / "game.jsonl", log), "--json")
    assert out.returncode == 3
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "profession_unknown" and error["seq"] == 2
    assert "teach" in error["message"]


def test_a_line_that_is_not_json_makes_the_file_unreadable_exit_2(tmp_path):
    log, _ = play(3, seed=4)
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(log[0]) + "\n{not json\n")
    out = run("replay", path, "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert "broken.jsonl, line 2: it is not valid JSON" in out.stderr
    assert "Traceback" not in out.stderr


def bad_file_answer(out, *words):
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert out.stderr.startswith("palazzo: ") and "Traceback" not in out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


def test_bad_log_files_are_named_with_exit_2_never_a_traceback(tmp_path):
    log, _ = play(3, seed=4)
    first = json.dumps(log[0]) + "\n"
    latin = tmp_path / "latin1.jsonl"
    latin.write_bytes(
        first.encode() + '{"type": "bid_passed", "player": 0, "x": "\xe9"}'.encode("latin-1")
    )
    bad_file_answer(run("replay", latin), "not UTF-8 text", "0xe9")
    deep = tmp_path / "deep.jsonl"
    deep.write_text(first + "[" * 20_000 + "]" * 20_000 + "\n")
    bad_file_answer(run("replay", deep, "--json"), "line 2", "nested more than")
    deep.write_text(
        first + '{"type": "bid_passed", "player": 0, "x": ' + "[" * 975 + "]" * 975 + "}\n"
    )
    bad_file_answer(run("replay", deep), "line 2", "nested more than")
    huge = tmp_path / "huge.jsonl"
    huge.write_text(first + json.dumps({"type": "bid_passed", "x": "y" * 200_000}) + "\n")
    bad_file_answer(run("replay", huge), "line 2", "larger than")
    array = tmp_path / "array.jsonl"
    array.write_text(first + "[1, 2]\n")
    bad_file_answer(run("replay", array), "line 2", "an event is a JSON object")


def test_an_event_of_the_wrong_shape_is_refused_at_its_line_with_exit_3(tmp_path):
    log, _ = play(3, seed=4)
    bad = [log[0], {"type": "starting_hand_chosen", "player": 0, "professions": [], "panels": 1}]
    out = run("replay", write_log(tmp_path / "shape.jsonl", bad), "--json")
    assert out.returncode == 3
    error = json.loads(out.stdout)["error"]
    assert error["seq"] == 2 and error["code"] == "bad_event" and "panels" in error["message"]


def test_a_byte_order_mark_is_accepted(tmp_path):
    log, state = play(2, seed=8)
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(e) + "\n" for e in log).encode())
    catalog = tmp_path / "bom-catalog.json"
    catalog.write_bytes(b"\xef\xbb\xbf" + json.dumps(simulation_catalog().to_dict()).encode())
    out = run("replay", path, "--catalog", catalog, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["final"]["winners"] == state.final["winners"]
    assert run("catalog", "import", catalog, "--instance", tmp_path / "club").returncode == 0


@pytest.mark.parametrize(
    "content, words",
    [
        (b'{"professions": 5}', ("professions", "5")),
        (b'{"landscape_cells": [1]}', ("landscape_cells",)),
        (b'{"professions": {"poet": {"building": ["x"]}}}', ("professions.poet.building",)),
        (b'{"spells": {}}', ("spells", "Unknown catalog keys")),
        (b"[1]", ("one JSON object",)),
        (b'{"professions": ' + b"[" * 5000 + b"]" * 5000 + b"}", ("nested more than",)),
        (b'{"professions": {"caf\xe9": {}}}', ("not UTF-8 text",)),
        (b"", ("not valid JSON",)),
    ],
)
def test_bad_catalog_files_are_named_with_exit_2_and_change_nothing(tmp_path, content, words):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    club = tmp_path / "club"
    bad_file_answer(run("catalog", "import", bad, "--instance", club), *words)
    bad_file_answer(run("catalog", "check", bad), *words)
    log, _ = play(2, seed=8)
    bad_file_answer(
        run("replay", write_log(tmp_path / "g.jsonl", log), "--catalog", bad), "catalog", *words
    )
    assert not (club / "catalog.json").exists()


def test_human_readable_replay_names_the_winner(tmp_path):
    log, state = play(2, seed=8)
    out = run(
        "replay",
        write_log(tmp_path / "g.jsonl", log),
        "--catalog",
        write_catalog(tmp_path / "c.json"),
    )
    assert out.returncode == 0
    winner = state.players[state.final["winners"][0]].name
    assert f"Winner: {winner}" in out.stdout


def test_a_missing_file_is_a_usage_error_not_a_traceback(tmp_path):
    out = run("replay", tmp_path / "nope.jsonl")
    assert out.returncode == 2 and "cannot read" in out.stderr and "Traceback" not in out.stderr


def test_catalog_export_import_roundtrip(tmp_path):
    first, second = tmp_path / "club-a", tmp_path / "club-b"
    cat = tmp_path / "shared.json"
    cat.write_text(
        json.dumps(
            {
                "professions": {
                    "painter": {"building": "studio", "landscape": "park", "freedom": "opinion"}
                },
                "landscape_cells": {"lake": 3},
            }
        )
    )
    assert run("catalog", "import", cat, "--instance", first).returncode == 0
    exported = tmp_path / "export.json"
    assert run("catalog", "export", exported, "--instance", first).returncode == 0
    assert run("catalog", "import", exported, "--instance", second).returncode == 0
    data = json.loads(run("catalog", "export", "--instance", second).stdout)
    assert data["professions"]["painter"]["building"] == "studio"
    assert data["landscape_cells"]["lake"] == 3
    assert data["professions"]["poet"]["verified"] is True


def test_a_bad_catalog_file_changes_nothing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "professions": {
                    "painter": {"building": "castle", "landscape": "park", "freedom": "opinion"}
                }
            }
        )
    )
    out = run("catalog", "import", bad, "--instance", tmp_path / "club")
    assert out.returncode == 2 and "castle" in out.stderr
    data = json.loads(run("catalog", "export", "--instance", tmp_path / "club").stdout)
    assert "painter" not in data["professions"]


def test_replay_json_reports_cooperative_buildings(tmp_path):
    """A Cooperative Building log: the shared Tower in both players' Buildings, the open
    proposal, and the refusal of a stranger's answer with its line number."""
    t = Table(("Alexandra", "Leon", "Jen"), expansions={"cooperative": True})
    t.to_action()
    t.do("cooperation_proposed", player=0, partner=1, building="tower", partner_payment=400)
    t.do("cooperation_accepted", player=1)
    t.do("turn_ended", player=0)
    t.do("cooperation_proposed", player=1, partner=2, building="chapel", partner_payment=0)
    events = list(t.log)
    catalog = tmp_path / "test-cards.json"
    catalog.write_text(json.dumps(TEST_CATALOG.to_dict()))
    out = run("replay", write_log(tmp_path / "coop.jsonl", events), "--catalog", catalog, "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    alexandra, leon, jen = result["players"]
    assert alexandra["buildings"] == leon["buildings"] == ["tower"] and jen["buildings"] == []
    assert (alexandra["money"], leon["money"]) == (3500 + 400 - 700, 3500 - 400)
    assert (alexandra["fame"], leon["fame"]) == (3, 3)
    assert alexandra["empty_spaces"] == leon["empty_spaces"] == 42
    assert result["cooperative_buildings"] == [{"building": "tower", "builder": 0, "partner": 1}]
    assert result["cooperation"] == {
        "player": 1,
        "partner": 2,
        "building": "chapel",
        "partner_payment": 0,
    }

    events.append({"type": "cooperation_accepted", "player": 0})
    out = run(
        "replay", write_log(tmp_path / "stranger.jsonl", events), "--catalog", catalog, "--json"
    )
    assert out.returncode == 3
    error = json.loads(out.stdout)["error"]
    assert error["seq"] == len(events) and error["code"] == "not_partner"


def test_catalog_import_reports_each_change_and_names_its_file_in_the_history(tmp_path):
    club = tmp_path / "club"
    cat = tmp_path / "club-deck.json"
    cat.write_text(
        json.dumps(
            {
                "professions": {
                    "glass_blower": {
                        "name": "Glass Blower",
                        "building": "workshop",
                        "landscape": "lake",
                        "freedom": "travel",
                    }
                },
                "landscape_cells": {"lake": 3},
            }
        )
    )
    out = run("catalog", "import", cat, "--instance", club)
    assert out.returncode == 0, out.stderr
    assert "taught Glass Blower: Workshop, Lake, Travel" in out.stdout
    assert "taught Lake: 3 squares" in out.stdout
    history = [
        json.loads(line) for line in (club / "catalog-history.jsonl").read_text().splitlines()
    ]
    assert {h["by"] for h in history} == {f"palazzo catalog import {cat}"}
    again = run("catalog", "import", cat, "--instance", club)
    assert again.returncode == 0 and "Nothing new" in again.stdout and "taught" not in again.stdout


def test_catalog_import_never_overwrites_a_known_card_without_replace(tmp_path):
    club = tmp_path / "club"
    forest = tmp_path / "forest-painter.json"
    forest.write_text(
        json.dumps(
            {
                "professions": {
                    "painter": {"building": "studio", "landscape": "forest", "freedom": "opinion"},
                    "glass_blower": {
                        "name": "Glass Blower",
                        "building": "workshop",
                        "landscape": "lake",
                        "freedom": "travel",
                    },
                }
            }
        )
    )
    park = tmp_path / "park-painter.json"
    park.write_text(
        json.dumps(
            {
                "professions": {
                    "painter": {"building": "studio", "landscape": "park", "freedom": "opinion"}
                }
            }
        )
    )
    assert run("catalog", "import", park, "--instance", club).returncode == 0
    before = json.loads(run("catalog", "export", "--instance", club).stdout)
    assert before["professions"]["painter"]["landscape"] == "park"
    out = run("catalog", "import", forest, "--instance", club)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "changed Painter: Studio, Park, Opinion -> Studio, Forest, Opinion" in out.stderr
    assert str(forest) in out.stderr and "--replace" in out.stderr
    after = json.loads(run("catalog", "export", "--instance", club).stdout)
    assert after == before  # nothing imported, the new card neither
    out = run("catalog", "import", forest, "--instance", club, "--replace")
    assert out.returncode == 0, out.stderr
    assert "changed Painter: Studio, Park, Opinion -> Studio, Forest, Opinion" in out.stdout
    assert "taught Glass Blower" in out.stdout
    data = json.loads(run("catalog", "export", "--instance", club).stdout)
    assert data["professions"]["painter"]["landscape"] == "forest"


def test_catalog_errors_name_the_file(tmp_path):
    bad = tmp_path / "castle.json"
    bad.write_text(
        json.dumps(
            {
                "professions": {
                    "painter": {"building": "castle", "landscape": "park", "freedom": "x"}
                }
            }
        )
    )
    for action in ("import", "check"):
        out = run("catalog", action, bad, "--instance", tmp_path / "club")
        bad_file_answer(out, str(bad), "castle")


def test_catalog_check_exits_non_zero_when_it_lists_problems(tmp_path):
    out = run("catalog", "check", "--instance", tmp_path / "club")
    report = json.loads(out.stdout)
    assert report["problems"] and out.returncode == 1
    whole = tmp_path / "whole.json"
    whole.write_text(json.dumps(simulation_catalog().to_dict()))
    out = run("catalog", "check", whole)
    assert json.loads(out.stdout)["problems"] == [] and out.returncode == 0


def test_an_empty_log_is_named_with_exit_2(tmp_path):
    """Not "Round 0, not_started" and exit 0: a file with no event is not a game."""
    for content in ("", "\n\n  \n", "\ufeff\n"):
        empty = tmp_path / "empty.jsonl"
        empty.write_text(content, encoding="utf-8")
        bad_file_answer(run("replay", empty), "empty.jsonl is empty", "game_started")
        bad_file_answer(run("replay", empty, "--json"), "is empty")


@pytest.mark.parametrize("indent", [1, None], ids=["exported", "one-line"])
def test_a_catalog_given_as_the_log_is_named_as_a_catalog(tmp_path, indent):
    """`palazzo catalog export` writes an indented file (line 1 alone is not JSON), a hand-made
    catalog may be one line (a JSON object the rules would refuse as an event): both are told
    to go after --catalog, instead of "not valid JSON" or a refused event."""
    catalog = tmp_path / "club-catalog.json"
    catalog.write_text(json.dumps(simulation_catalog().to_dict(), indent=indent))
    out = run("replay", catalog, "--json")
    bad_file_answer(out, "club-catalog.json is a catalog file, not a game's log", "--catalog")
    assert out.stdout == ""


def test_a_log_whose_first_line_is_broken_is_still_called_not_json(tmp_path):
    """Only a real catalog is called one: a log with a broken line keeps its line's message."""
    log, _ = play(2, seed=8)
    path = tmp_path / "torn.jsonl"
    path.write_text('{"type": "game_started", \n' + json.dumps(log[1]) + "\n")
    bad_file_answer(run("replay", path), "torn.jsonl, line 1: it is not valid JSON")
    path.write_text('{"professions": {}}\n{"type": "game_started"}\n')
    out = run("replay", path, "--json")
    assert out.returncode == 3 and "catalog" not in out.stderr


def test_help_names_every_exit_code():
    for argv in (["--help"], ["replay", "--help"]):
        out = run(*argv)
        assert out.returncode == 0 and out.stderr == ""
        assert "exit status:" in out.stdout
        for code, word in (
            (cli.EXIT_OK, "done"),
            (cli.EXIT_SERVE_FAILED, "listen"),
            (cli.EXIT_USAGE, "usage error"),
            (cli.EXIT_REFUSED, "refused"),
        ):
            line = next(x for x in out.stdout.splitlines() if x.startswith(f"  {code}  "))
            assert word in line, line
        assert "an empty log, a catalog file given as a log" in " ".join(out.stdout.split())


def test_the_installed_palazzo_script_replays_and_exits_with_the_answer(tmp_path):
    """The one run of the real entry point: the console script `pip install` wrote, its exit
    code carried out of the process (3: a refused event), and it loads no database layer or
    web framework to replay a log (PYTHONPROFILEIMPORTTIME lists every import)."""
    log, _ = play(3, seed=4)
    bad = log[:20] + [{"type": "bid_raised", "player": 0, "amount": 150}]
    path = write_log(tmp_path / "bad.jsonl", bad)
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    out = subprocess.run(
        [PALAZZO, "replay", path, "--catalog", write_catalog(tmp_path / "c.json"), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,  # a hang guard only: this takes a second or two, more on a loaded machine
    )
    assert out.returncode == cli.EXIT_REFUSED, out.stderr[-2000:]
    assert json.loads(out.stdout)["error"]["seq"] == 21
    imported = {line.split("|")[-1].strip() for line in out.stderr.splitlines() if "|" in line}
    assert "companion.games.princes.rules" in imported  # the list is real
    assert not {m for m in imported if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "flask")}


def test_a_catalog_the_rules_cannot_use_is_named_by_replay_and_stats(tmp_path):
    """A --catalog file that is JSON but not a catalog the rules can take (a Profession card
    without its wishes): exit 2, the file named, for both commands that read one."""
    log, _ = play(3, seed=4)
    catalog = simulation_catalog().to_dict()
    card = next(iter(catalog["professions"]))
    catalog["professions"][card] = {"name": "Broken"}
    bad = tmp_path / "broken-catalog.json"
    bad.write_text(json.dumps(catalog))
    logged = write_log(tmp_path / "game.jsonl", log)
    for answer in (run("replay", logged, "--catalog", bad), run("stats", logged, "--catalog", bad)):
        bad_file_answer(answer, f"the catalog {bad} cannot be used")
