"""The app's EventStore, reading a game's record once per request.

One request asks for its game's record (the meta: seat keys, claims) in several places: the
check that a game's blueprint answers for its own games, who this browser is, the game's 404,
the phone's notices. Each was a query, a good part of a fragment's cost that is not drawing
it. A record changes only through `update_game_meta` (or `create_game`), which forget it. It is
kept on the request, never across requests: another process may change it between two.

Imported on first use of the store (companion/web/store.py), like the store itself. Off with
RENDER_ONCE (PALAZZO_RENDER_ONCE=0), which benchmarks/club_night.py runs as the code before
issue 22.
"""

from __future__ import annotations

from typing import Any

from flask.globals import _cv_request

from events.records import GameRecord
from events.store import EventStore

_KEPT = "palazzo_records"  # the request context's attribute: game id -> record (or None)


class RequestStore(EventStore):
    def game(self, game_id: str) -> GameRecord | None:
        kept = _kept()
        if kept is None:  # outside a request (the live watcher, commands, tests' setup)
            return super().game(game_id)
        if game_id not in kept:
            kept[game_id] = super().game(game_id)
        return kept[game_id]

    def create_game(self, game_id: str, meta: dict[str, Any] | None = None) -> GameRecord:
        _forget(game_id)
        return super().create_game(game_id, meta)

    def update_game_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        _forget(game_id)
        super().update_game_meta(game_id, meta)


def _kept() -> dict[str, GameRecord | None] | None:
    """This request's records by game id (None outside a request)."""
    ctx = _cv_request.get(None)
    if ctx is None or not ctx.app.config["RENDER_ONCE"]:  # off: the code before issue 22
        return None
    kept = getattr(ctx, _KEPT, None)
    if kept is None:
        kept = {}
        setattr(ctx, _KEPT, kept)
    return kept


def _forget(game_id: str) -> None:
    kept = _kept()
    if kept is not None:
        kept.pop(game_id, None)


def forget_records() -> None:
    """Forget every record this request read (a live stream asking again at each push)."""
    ctx = _cv_request.get(None)
    if ctx is not None and hasattr(ctx, _KEPT):
        delattr(ctx, _KEPT)
