"""A complete 3-player game, scripted turn by turn, every number worked out by hand.

Thomas (seat 0, start player), Holger (1), Daniela (2); the test board of table.py. Everyone
takes the free card at the left of the row, so the row is a queue: turns 1-6 take the six dealt
cards, turn k takes the card turned over at turn k - 6. The expected storehouse and Prestige
after each turn were computed by hand from the rulebook (see the comment on each line).
"""

from __future__ import annotations

from companion.cli import main
from companion.games.firenze.rules import replay, summary
from tests.support.firenze_game import H, T, events


def test_the_scripted_game_turn_by_turn_then_final_scoring():
    log = events()
    state = replay(log)
    assert state["phase"] == "scoring"  # Holger and Daniela hold Celebration cards
    assert state["end"] == {"by": T}
    assert [p["seals_left"] for p in state["players"]] == [0, 3, 5]
    # torn down at turn 9: Daniela's white 2, 1 to the pouch and 1 back
    state = replay(log + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}])
    final = state["final"]
    by = {s["name"]: s for s in final["scores"]}
    # white: Thomas 2 seals (2, 4), Holger 1 -> Thomas 2; yellow: Thomas 2 (3, 2), Holger 1
    # (4) -> Thomas 3; green: Holger 2 (2, 5), Thomas 1 -> Holger 3; red: Thomas (3) and
    # Daniela (2) tie at one seal, Thomas's sits higher -> Thomas 4; blue: Daniela 4;
    # purple: Thomas 5.
    assert by["Thomas"]["majority"] == {"white": 2, "yellow": 3, "red": 4, "purple": 5}
    assert by["Holger"]["majority"] == {"green": 3}
    assert by["Daniela"]["majority"] == {"blue": 4}
    # Thomas: commissions 1+2+1+7+2+3+1 = 17, level tile 3 = 1, end 5 -> 23; + 14 = 37
    assert (by["Thomas"]["commissions"], by["Thomas"]["level_tiles"]) == (17, 1)
    assert (by["Thomas"]["end_bonus"], by["Thomas"]["total"]) == (5, 37)
    # Holger: 1+2+4+3 = 10, level tile 5 = 2 -> 12; + 3 - 1 (Banquet) = 14
    assert (by["Holger"]["commissions"], by["Holger"]["level_tiles"]) == (10, 2)
    assert (by["Holger"]["celebrations"], by["Holger"]["total"]) == (-1, 14)
    # Daniela: 1 + 3 = 4; + 4 + 3 (Feast) = 11
    assert (by["Daniela"]["commissions"], by["Daniela"]["total"]) == (4, 11)
    assert final["winners"] == [T]
    assert summary(state)["final"] == final


def test_ties_share_the_win():
    log = events() + [{"type": "celebrations_scored", "points": [[], [22], [3]]}]
    final = replay(log)["final"]
    assert final["winners"] == [T, H]  # 37 and 14 + 22 + 1 = 37


def test_palazzo_replay_reads_a_firenze_log(tmp_path, capsys):
    import json

    path = tmp_path / "firenze.jsonl"
    log = events() + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}]
    path.write_text("\n".join(json.dumps(e) for e in log) + "\n")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "firenze" and out["final"]["winners"] == [T]
    bad = log[:10] + [{"type": "card_taken", "player": 2, "position": 1}]
    path.write_text("\n".join(json.dumps(e) for e in bad) + "\n")
    assert main(["replay", str(path), "--json"]) == 3
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["seq"] == 11 and err["code"] == "not_your_turn"
