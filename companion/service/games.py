"""The games one Palazzo records: a registry built once by the composition root
(companion/app.py) and handed to the service, the club, the web and the command line.

The event store knows nothing of games; a log's first event, `game_started {game: ...}`, says
which rules fold it (no `game`: the registry's default, The Princes of Florence). The platform
names no game: it asks this registry for the game of a log, and the game (its `Game`,
companion/core/game.py) for everything that differs, so a third game is a new package and one
entry in the composition root.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from companion.core.game import Game
from companion.core.lang import N_
from companion.core.refusal import Refusal, listed


class Games:
    """The games of one installation, by id; the first is the default (a log whose first event
    names no game is one of it)."""

    def __init__(self, games: Iterable[Game]):
        self.by_id: dict[str, Game] = {}
        for game in games:
            if game.id in self.by_id:
                raise ValueError(f"two games declare the id {game.id!r}")
            self.by_id[game.id] = game
        if not self.by_id:
            raise ValueError("an installation records at least one game")
        self.default = next(iter(self.by_id.values()))

    def __iter__(self) -> Iterator[Game]:
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.by_id

    def __getitem__(self, game_id: str) -> Game:
        return self.by_id[game_id]

    def ids(self) -> list[str]:
        return list(self.by_id)

    def with_game(self, game: Game) -> Games:
        """These games and one more (a test's toy game, a game of a plug-in)."""
        return Games([*(g for g in self if g.id != game.id), game])

    def named(self, game_id: str | None) -> Game:
        """The game for an id (None: the default); refuses an id this installation does not
        know."""
        game = (
            self.by_id.get(game_id or self.default.id) if isinstance(game_id, str | None) else None
        )
        if game is None:
            raise Refusal(
                "bad_event",
                N_("Palazzo knows the games %(games)s, not %(value)s"),
                games=listed(sorted(self.by_id), N_("%(one)s, %(other)s")),
                value=repr(game_id),
            )
        return game

    def of_event(self, first: Any) -> Game:
        """The game a log's first event starts (anything else: the default, whose rules refuse
        it)."""
        if isinstance(first, dict) and first.get("type") == "game_started":
            return self.named(first.get("game"))
        return self.default

    def open_learned(self, folder: Any) -> Any:
        """This installation's catalog of what its tables taught (one per installation, in its
        instance folder), opened by the game whose tables teach; None if no game does."""
        for game in self:
            if game.teaching is not None:
                return game.open_learned(folder)
        return None


__all__ = ["Game", "Games"]
