"""The games Palazzo records, each a package under companion/games declaring one `Game`.

The event store knows nothing of games; a log's first event, `game_started {game: ...}`, says
which rules fold it (no `game`: The Princes of Florence). The service (table.py), the command
line and the web ask this registry for a game, and the game for everything that differs
(companion/core/game.py), so a third game is a new package and one entry here.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Game
from companion.core.lang import N_
from companion.core.refusal import Refusal, listed
from companion.games.firenze.game import GAME as FIRENZE
from companion.games.princes.game import GAME as PRINCES

DEFAULT = PRINCES.id
GAMES: dict[str, Game] = {g.id: g for g in (PRINCES, FIRENZE)}


def game_named(game_id: str | None) -> Game:
    """The game for an id (None: the default); refuses an id Palazzo does not know."""
    game = GAMES.get(game_id or DEFAULT) if isinstance(game_id, str | None) else None
    if game is None:
        raise Refusal(
            "bad_event",
            N_("Palazzo knows the games %(games)s, not %(value)s"),
            games=listed(sorted(GAMES), N_("%(one)s, %(other)s")),
            value=repr(game_id),
        )
    return game


def game_of_event(first: Any) -> Game:
    """The game a log's first event starts (anything else: the default, whose rules refuse it)."""
    if isinstance(first, dict) and first.get("type") == "game_started":
        return game_named(first.get("game"))
    return GAMES[DEFAULT]


def open_learned(folder: Any) -> Any:
    """This installation's catalog of what its tables taught (one per installation, in its
    instance folder), opened by the game whose tables teach; None if no game does."""
    for game in GAMES.values():
        if game.teaching is not None:
            return game.open_learned(folder)
    return None


__all__ = ["DEFAULT", "GAMES", "Game", "game_named", "game_of_event", "open_learned"]
