"""The composition root: the one place that names the games this installation records.

Everything below it (the service, the club, the web platform, the command line's commands) is
handed this list and names no game; each game declares itself as one `Game`
(companion/core/game.py) in its own package. Adding a game is a new package under
companion/games/ and one line here. gunicorn (`deploy/gunicorn.conf.py`) and `palazzo serve`
build their app with `create_app` below.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.firenze.game import GAME as FIRENZE
from companion.games.princes.game import GAME as PRINCES
from companion.service.games import Games

# the first is the default: a log whose first event names no game is one of the Princes
GAMES = Games((PRINCES, FIRENZE))


def create_app(test_config: Mapping[str, Any] | None = None, games: Games = GAMES):
    """The web app serving `games` (companion/web's factory; `test_config` as it takes it)."""
    from companion.web import create_app as build

    return build(test_config, games=games)


__all__ = ["FIRENZE", "GAMES", "PRINCES", "Games", "create_app"]
