"""What copying a state costs: every move clones the state it is applied to (the pure
`state + event -> state`), and every screen the server draws works on a clone.

For each game the clone is timed against the copy it replaced, in the same process, on the
same states (CPU time of this process, the best of several rounds, taking turns):
- the Princes: `GameState.clone` against `GameState.from_dict(to_dict())`, what `clone` was,
  with the catalog merges forgotten before each (`from_dict` merged the catalog with what the
  game taught, every Automa card checked again in a solo game); the old clone also copied
  each module's part through `dataclasses.asdict`, which `to_dict` no longer does, so the
  ratio is below what the change saved (main before it: 258 µs mid-game, 398 µs at the end
  of the 5-player game, 123 µs and 260 µs for the solo game, in a run on a busy machine);
- Firenze: the JSON copy (`companion.core.jsoncopy`) against `copy.deepcopy`.
States: mid-game and at the end of a 5-player game with both expansions, of a solo game
(test Automa deck) and of a 4-player Firenze game.
Run: `make bench` (or `python benchmarks/clone.py`).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.loadclient import best_of_each  # noqa: E402
from companion.core.jsoncopy import json_copy  # noqa: E402
from companion.games.princes.rules import GameState, play, replay  # noqa: E402
from companion.games.princes.rules.catalog import _MERGED  # noqa: E402
from tests.support.firenze_bot import Bot  # noqa: E402
from tests.support.solo_table import SoloTable  # noqa: E402


def princes_states() -> dict[str, GameState]:
    log, end = play(5, 3, expansions={"muse_princess": True, "cooperative": True})
    solo = SoloTable(1)
    solo.play()
    half = len(solo.log) // 2
    return {
        "5 players, both expansions, mid-game": replay(log[: len(log) // 2], end.catalog),
        "5 players, both expansions, over": end,
        "solo, mid-game": replay(solo.log[:half], solo.state.catalog),
        "solo, over": solo.state,
    }


def firenze_states() -> dict[str, dict]:
    bot = Bot(2, 4)
    bot.play(30)
    mid = json_copy(bot.state)
    bot.play(400)
    return {"4 players, mid-game": mid, "4 players, over": bot.state}


def round_trip(state: GameState) -> GameState:
    _MERGED.clear()
    return GameState.from_dict(state.to_dict(), state.catalog)


def main() -> None:
    print("Princes: clone() against from_dict(to_dict()) merging afresh, µs a copy")
    for name, state in princes_states().items():
        new, old = best_of_each([state.clone, lambda s=state: round_trip(s)], 9, 50)
        print(f"  {name:40s} {new * 1e6:8.1f} {old * 1e6:8.1f}   {old / new:5.1f}x")
    print("Firenze: json_copy against copy.deepcopy, µs a copy")
    for name, fstate in firenze_states().items():
        new, old = best_of_each(
            [lambda s=fstate: json_copy(s), lambda s=fstate: copy.deepcopy(s)], 9, 50
        )
        print(f"  {name:40s} {new * 1e6:8.1f} {old * 1e6:8.1f}   {old / new:5.1f}x")


if __name__ == "__main__":
    main()
