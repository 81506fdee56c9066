"""A third game for the tests, plugged in through the `Game` protocol alone (docs/engine.md).

"Count to ten": players take turns saying the next number; whoever says ten wins. It has a fold,
refusals of its own, a story, snapshots, a host form, a move and one screen (its history and
undo are the platform's, from what it declares), and it imports
nothing of the Princes or Firenze: what it needs from Palazzo is companion.core and the
platform's facade for games (companion/web/for_games.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import NoReturn

from flask import Blueprint, abort, redirect, request, url_for

from companion.core import fold as core
from companion.core.game import Game, GameWeb, History, Undo
from companion.core.lang import N_
from companion.core.refusal import CONTRACT_CODES, Refusal
from companion.web.for_games import (
    access,
    current_replay,
    host_game,
    names_refusal,
    record,
    typed_names,
)

ID = "count_to_ten"
RULE = "Count to ten: say the next number"


class CountRefusal(Refusal):
    codes = {
        **CONTRACT_CODES,
        **dict.fromkeys(("wrong_number", "not_your_turn", "game_over"), RULE),
        # the fold's own, for an undo it refuses (companion/core/fold.py)
        **dict.fromkeys(("bad_retraction", "retraction_past_reveal"), RULE),
    }


def refuse(code: str, message: str, **params: object) -> NoReturn:
    raise CountRefusal(code, message, **params)


def new_state() -> dict:
    return {"game": ID, "players": [], "said": 0, "turn": 0, "phase": "not_started"}


def apply(state: dict, event: dict) -> dict:
    state = copy.deepcopy(state)
    kind = event.get("type")
    if kind == "game_started":
        state.update(players=list(event["players"]), phase="playing")
    elif state["phase"] == "over":
        refuse("game_over", N_("Ten was said: the game is over"))
    elif kind == "counted":
        if event.get("player") != state["turn"]:
            refuse("not_your_turn", N_("It is not your turn"))
        if event.get("n") != state["said"] + 1:
            refuse("wrong_number", N_("The next number is %(n)s"), n=state["said"] + 1)
        state["said"] += 1
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        if state["said"] == 10:
            state["phase"] = "over"
    else:
        refuse("unknown_event", N_("Unknown event %(type)s"), type=repr(kind))
    return state


RULES: core.FoldRules[dict] = core.FoldRules(
    new_state=new_state,
    apply=apply,
    refuse=refuse,
    refusal=CountRefusal,
    is_over=lambda state: state["phase"] == "over",
    chance_events=frozenset(),
    past_chance=lambda event: (N_("Chance cannot be undone"), {}),
)


@dataclass
class Story:
    """Who said what, noted as the service folds the log: the counts, and each event told in
    words by seq (its history), with the seqs an undo took back."""

    said: list = field(default_factory=list)
    told: dict = field(default_factory=dict)
    undone: set = field(default_factory=set)

    def add(self, fold: core.Fold, event: dict, at=None, *, trusted: bool = False) -> None:
        before = self.before(fold)
        fold.add(event, trusted=trusted)
        self.note(fold, event, at, before)

    def before(self, fold: core.Fold) -> None:
        """Nothing of the state before an event: a count is said by its event alone."""
        return None

    def note(self, fold: core.Fold, event: dict, at=None, before=None) -> None:
        seq, kind = event.get("seq", fold.last_seq), event.get("type")
        if kind == "counted":
            self.said.append((event["player"], event["n"]))
            self.told[seq] = f"{fold.state['players'][event['player']]} said {event['n']}"
        elif kind == "retracted":
            seqs = [s for s in event.get("seqs", []) if s in self.told]
            self.undone.update(seqs)
            self.told[seq] = "Undone: " + ", ".join(self.told[s] for s in seqs)
        elif kind == "game_started":
            self.told[seq] = "Counting begins: " + " and ".join(event["players"])


@dataclass(frozen=True)
class Line:
    seq: int
    text: str
    undone: bool
    at: None = None


@dataclass(frozen=True)
class Replay:
    seq: int
    state: dict
    said: tuple
    told: dict
    undone: frozenset


def replay_of(fold: core.Fold, story: Story, state: dict) -> Replay:
    return Replay(
        fold.last_seq, state, tuple(story.said), dict(story.told), frozenset(story.undone)
    )


def history_lines(replay: Replay, seat, last: int, before) -> list[Line]:
    """The history's page: the newest `last` events older than `before`, newest first."""
    seqs = sorted(s for s in replay.told if before is None or s < before)[-last:]
    return [Line(s, replay.told[s], s in replay.undone) for s in reversed(seqs)]


bp = Blueprint("toy", __name__)


@bp.post("/toy/new")
def host():
    """The host form: two names, the game hosted, its join links kept for the host."""
    names = typed_names(request.form, 2)
    refused = names_refusal(names, 2, 2)
    if refused:
        return refused, 422
    game_id = host_game({"game": ID, "players": names})
    return redirect(url_for("toy.table", game_id=game_id), code=303)


@bp.post("/toy/<game_id>/count")
def count(game_id: str):
    """A seat says the next number."""
    me = access(game_id)
    if me.seat is None:
        abort(403)
    n = request.form.get("n", "")
    event = {"type": "counted", "player": me.seat, "n": int(n) if n.isdigit() else n}
    recorded, refusal = record(game_id, event, str(me.seat), None)
    if refusal is not None:
        return refusal.code, 422
    return redirect(url_for("toy.table", game_id=game_id), code=303)


@bp.get("/toy/<game_id>/table")
def table(game_id: str):
    replay = current_replay(game_id)
    return f"said {replay.state['said']}; {len(replay.said)} told"


def own_screen(game_id: str, me, state=None) -> str:
    return url_for("toy.table", game_id=game_id)


WEB = GameWeb(
    blueprints=(bp,),
    screens={**dict.fromkeys(("me", "host", "table"), "toy.table"), "history": "toy_history.page"},
    own_screen=own_screen,
    joined=lambda game_id, me: own_screen(game_id, me),
    listing=lambda state: {"names": state["players"], "status": "", "over": False},
    # the platform pages its history and serves its undo: the game says only how it tells
    history=History(url="/toy/<game_id>/history", name="toy_history", lines=history_lines),
    undo=Undo(tell=lambda replay, seq, seat: replay.told.get(seq, "")),
)

GAME = Game(
    id=ID,
    title=N_("Count to ten"),
    fold=lambda state=None: core.Fold(RULES, state),
    replay=lambda events, catalog=None: core.replay(RULES, events),
    from_snapshot=copy.deepcopy,
    to_snapshot=copy.deepcopy,
    clone=copy.deepcopy,
    summary=lambda state: {"said": state["said"]},
    describe=lambda summary: f"said {summary['said']}",
    is_over=lambda state: state["phase"] == "over",
    story=Story,
    replay_of=replay_of,
    web=lambda: WEB,
)
