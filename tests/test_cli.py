"""`palazzo replay` and `palazzo catalog`, run as a user would run them: the console script."""

import json
import subprocess
import sys
from pathlib import Path

from companion.rules.autoplay import play, simulation_catalog
from tests.builders import TEST_CATALOG, Table

PALAZZO = str(Path(sys.executable).with_name("palazzo"))


def run(*args, cwd=None, env=None):
    return subprocess.run(
        [PALAZZO, *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env, timeout=60
    )


def write_log(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def write_catalog(path):
    path.write_text(json.dumps(simulation_catalog().to_dict()))
    return path


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
    out = run(
        "replay",
        write_log(tmp_path / "muse.jsonl", log),
        "--catalog",
        write_catalog(tmp_path / "cat.json"),
        "--json",
    )
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
    out = run(
        "replay",
        write_log(tmp_path / "bad.jsonl", bad),
        "--catalog",
        write_catalog(tmp_path / "cat.json"),
        "--json",
    )
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


def test_a_line_that_is_not_json_is_refused_at_its_line(tmp_path):
    log, _ = play(3, seed=4)
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(log[0]) + "\n{not json\n")
    out = run("replay", path, "--json")
    assert out.returncode == 3
    assert json.loads(out.stdout)["error"] == {
        "seq": 2,
        "code": "bad_event",
        "message": "Line 2 is not a JSON object",
        "rule": json.loads(out.stdout)["error"]["rule"],
    }


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
