"""The games Palazzo records, each a rules package behind this one boundary.

The event store knows nothing of games; a log's first event, `game_started {game: ...}`, says
which rules fold it (no `game`: The Princes of Florence). The service (table.py), the command
line and the web ask this registry for a game's fold, snapshot form, replay and summary, so a
third game is a new package and one entry here, not edits across the Princes' code.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.lang import N_
from companion.games.firenze import rules as firenze
from companion.games.firenze import stats as firenze_stats
from companion.games.firenze import words as firenze_words
from companion.games.princes import rules as princes
from companion.games.princes import stats as princes_stats

DEFAULT = "princes_of_florence"


@dataclass(frozen=True)
class Game:
    """One game's rules as the rest of Palazzo uses them."""

    id: str
    title: str
    fold: Callable[..., Any]  # (catalog, state=None) -> a fold: add, state, last_seq, effective
    from_snapshot: Callable[[dict, Any], Any]  # (data, catalog) -> a state
    clone: Callable[[Any], Any]
    to_dict: Callable[[Any], dict]
    replay: Callable[[list, Any], Any]  # (events, catalog) -> state, or raises its Refusal
    summary: Callable[[Any], dict]  # what `palazzo replay --json` prints
    describe: Callable[[dict], str]  # the summary in a few lines of text
    chance_events: frozenset
    learns_cards: bool  # the Princes' service teaches Profession/Automa cards on the fly
    # the club's figures: record(events, catalog) of a finished log (or NotFinished),
    # contribution(record), figures(summed contributions), bucket, game_rows, purchase_rows
    stats: Any = None


def _princes_describe(s: dict) -> str:
    lines = [
        f"Round {s['round']}, {s['phase']}"
        + (
            f", {s['players'][s['current_player']]['name']} to act"
            if s.get("current_player") is not None
            else ""
        )
    ]
    for p in s["players"]:
        ls = p["landscapes"]
        lines.append(
            f"  {p['name']}: {p['fame']} PP, {p['money']} Florin, "
            f"{len(p['buildings'])} Buildings, {sum(ls.values())} Landscapes, "
            f"{p['jesters']} Jesters, {p['builders']} Builders, "
            f"{len(p['table'])} Works"
            + "".join(
                f", {c['character'].title()} ({'face up' if c['face_up'] else 'used'})"
                for c in p.get("characters", ())
            )
        )
    if "banker_money" in s:
        lines.append(f"  Banker: {s['banker_money']} Florin on the card")
    if s.get("final"):
        names = [s["players"][w]["name"] for w in s["final"]["winners"]]
        for sc in s["final"]["scores"]:
            lines.append(
                f"  {s['players'][sc['player']]['name']}: total {sc['total']} "
                f"({sc['fame']} + Prestige {sum(sc['prestige_cards'].values())}), "
                f"{sc['money']} Florin"
            )
        lines.append("Winner: " + " and ".join(names))
    return "\n".join(lines)


def _princes_fold(catalog=princes.BUILTIN, state=None):
    return princes.Fold(catalog) if state is None else princes.Fold(catalog, state, None)


PRINCES = Game(
    id=DEFAULT,
    title="The Princes of Florence",
    fold=_princes_fold,
    from_snapshot=lambda data, catalog: princes.GameState.from_dict(data, catalog),
    clone=lambda state: state.clone(),
    to_dict=lambda state: state.to_dict(),
    replay=lambda events, catalog: princes.replay(events, catalog),
    summary=princes.summary,
    describe=_princes_describe,
    chance_events=frozenset(princes.CHANCE_EVENTS),
    learns_cards=True,
    stats=princes_stats,
)

FIRENZE = Game(
    id=firenze.GAME,
    title="Firenze",
    fold=lambda catalog=None, state=None: firenze.Fold(state),
    from_snapshot=lambda data, catalog: copy.deepcopy(data),
    clone=copy.deepcopy,
    to_dict=copy.deepcopy,
    replay=lambda events, catalog: firenze.replay(events),
    summary=firenze.summary,
    describe=firenze_words.describe,  # in the reader's language (English on the command line)
    chance_events=frozenset(firenze.CHANCE_EVENTS),
    learns_cards=False,
    stats=firenze_stats,
)

GAMES: dict[str, Game] = {g.id: g for g in (PRINCES, FIRENZE)}


def game_named(game_id: str | None) -> Game:
    """The game for an id (None: the default); refuses an id Palazzo does not know."""
    game = GAMES.get(game_id or DEFAULT) if isinstance(game_id, str | None) else None
    if game is None:
        raise princes.Refusal(
            "bad_event",
            N_("Palazzo knows the games %(games)s, not %(value)s"),
            games=princes.listed(sorted(GAMES), N_("%(one)s, %(other)s")),
            value=repr(game_id),
        )
    return game


def game_of_event(first: Any) -> Game:
    """The game a log's first event starts (anything else: the default, whose rules refuse it)."""
    if isinstance(first, dict) and first.get("type") == "game_started":
        return game_named(first.get("game"))
    return PRINCES


def game_of_snapshot(data: dict) -> Game:
    return game_named(data.get("game") if isinstance(data.get("game"), str) else None)


def game_of_state(state: Any) -> Game:
    return FIRENZE if isinstance(state, dict) and state.get("game") == firenze.GAME else PRINCES


__all__ = [
    "DEFAULT",
    "GAMES",
    "Game",
    "game_named",
    "game_of_event",
    "game_of_snapshot",
    "game_of_state",
]
