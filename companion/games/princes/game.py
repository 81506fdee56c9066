"""The Princes of Florence, declared as one `Game` (companion/core/game.py) for the platform.

Everything the service, the command line and the web need to know of this game is here: its
fold and story, its snapshots, what its tables teach the installation, and its screens (loaded
only when the web app is built, so the rules and the command line need no Flask).
"""

from __future__ import annotations

from importlib import import_module

from companion.core.game import Game
from companion.core.lang import N_

from . import stats
from .learned import LearnedCatalog
from .lessons import TEACHING
from .rules import BUILTIN, CHANCE_EVENTS, Fold, GameState, replay, summary
from .story import Story, replay_of
from .upcasters import UPCASTERS
from .words.brief import describe

ID = "princes_of_florence"
# Snapshots are a cache of the fold: one written in another format is ignored and the log
# folded again from its first event (never upgraded). Raise it when GameState.to_dict changes.
SNAPSHOT_FORMAT = 3  # 3: the solo decision log keeps facts (`told`), not sentences


def _fold(state: GameState | None = None) -> Fold:
    return Fold(BUILTIN) if state is None else Fold(BUILTIN, state, None)


GAME = Game(
    id=ID,
    title=N_("The Princes of Florence"),
    fold=_fold,
    replay=lambda events, catalog=None: replay(events, catalog or BUILTIN),
    from_snapshot=lambda data: GameState.from_dict(data, BUILTIN),
    to_snapshot=lambda state: state.to_dict(),
    clone=lambda state: state.clone(),
    summary=summary,
    describe=describe,
    is_over=lambda state: state.phase == "over",
    chance_events=frozenset(CHANCE_EVENTS),
    snapshot_format=SNAPSHOT_FORMAT,
    story=Story,
    replay_of=replay_of,
    teaching=TEACHING,
    open_learned=LearnedCatalog,
    stats=stats,
    commands=lambda: import_module("companion.games.princes.commands").COMMANDS,
    web=lambda: import_module("companion.games.princes.web").WEB,
    upcasters=UPCASTERS,
)
