"""Firenze, declared as one `Game` (companion/core/game.py) for the platform.

Its state is the plain dict its rules keep; its story is told by its words (words.py), noted as
the service folds the log, so a Firenze log is folded once per process like any other game's.
"""

from __future__ import annotations

from importlib import import_module

from companion.core.game import Game
from companion.core.jsoncopy import json_copy
from companion.core.lang import N_

from . import stats
from .rules import CHANCE_EVENTS, Fold, replay, summary
from .rules import GAME as ID
from .words import Story, describe, replay_of

# Snapshots are a cache of the fold: one written in another format is ignored and the log
# folded again from its first event. Raise it when the state's shape changes.
SNAPSHOT_FORMAT = 1

GAME = Game(
    id=ID,
    title=N_("Firenze"),
    fold=lambda state=None: Fold(state),
    replay=lambda events, catalog=None: replay(events),
    from_snapshot=json_copy,
    to_snapshot=json_copy,
    clone=json_copy,
    summary=summary,
    describe=describe,  # in the reader's language (English on the command line)
    is_over=lambda state: state.get("phase") == "over",
    chance_events=frozenset(CHANCE_EVENTS),
    snapshot_format=SNAPSHOT_FORMAT,
    story=Story,
    replay_of=replay_of,
    stats=stats,
    commands=lambda: import_module("companion.games.firenze.commands").COMMANDS,
    web=lambda: import_module("companion.games.firenze.web").WEB,
)
