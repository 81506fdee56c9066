"""The app's EventStore, reading a game's record once per request.

One request asks for its game's record (the meta: seat keys, claims) in several places: the
check that a game's blueprint answers for its own games, who this browser is, the game's 404,
the phone's notices. Each was a query, a good part of a fragment's cost that is not drawing
it. A record changes only through `update_meta`, `update_game_meta` (or `create_game`), which
forget it. It is
kept on the request, never across requests: another process may change it between two.

Why not across requests, even on SQLite where one process serves: a `palazzo` command, or a
second store on the same file, may re-issue a link, and a phone's own request must see that at
once (docs/live.md); knowing it without asking would take a query anyway (SQLite's
`PRAGMA data_version`), and the read itself now runs on the driver (EventStore.game: ~15 us,
where SQLAlchemy's execution made it ~90 us), so a cache would save little and risk much.

Imported on first use of the store (companion/web/store.py), like the store itself.
"""

from __future__ import annotations

import time
from typing import Any

from flask.globals import _cv_request

from events.records import GameRecord
from events.store import EventStore

_KEPT = "palazzo_records"  # the request context's attribute: game id -> record (or None)
WAVE_SECONDS = 1.0  # a record read for one seq's pushes serves the others this long at most
_WAVE: dict[str, tuple[int, float, GameRecord | None]] = {}  # game -> (seq, read at, record)
_WAVE_MAX = 4096  # forgotten all at once past this: it only saves a query


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

    def update_meta(self, game_id: str, key: str, change) -> Any:
        _forget(game_id)
        return super().update_meta(game_id, key, change)

    def pushing(self, game_id: str, seq: int) -> None:
        """A live stream is about to push its seat's panel at `seq` (companion/web/live.py):
        each phone of the table does so at once, and each asks who it is (the game's record:
        its seat keys). One read serves the pushes of the same seq for WAVE_SECONDS: this
        request then finds the record as if it had read it itself. A link re-issued by this
        process is seen at once (`update_game_meta` forgets it); by another process, at the
        latest WAVE_SECONDS later, or at the next seq."""
        kept = _kept()
        if kept is None or game_id in kept:
            return
        now = time.monotonic()
        wave = _WAVE.get(game_id)
        if wave is not None and wave[0] == seq and now - wave[1] < WAVE_SECONDS:
            kept[game_id] = wave[2]
            return
        record = kept[game_id] = super().game(game_id)
        if len(_WAVE) >= _WAVE_MAX:
            _WAVE.clear()
        _WAVE[game_id] = (seq, now, record)


def _kept() -> dict[str, GameRecord | None] | None:
    """This request's records by game id (None outside a request)."""
    ctx = _cv_request.get(None)
    if ctx is None:
        return None
    kept = getattr(ctx, _KEPT, None)
    if kept is None:
        kept = {}
        setattr(ctx, _KEPT, kept)
    return kept


def _forget(game_id: str) -> None:
    _WAVE.pop(game_id, None)
    kept = _kept()
    if kept is not None:
        kept.pop(game_id, None)


def forget_records() -> None:
    """Forget every record this request read (a live stream asking again at each push)."""
    ctx = _cv_request.get(None)
    if ctx is not None and hasattr(ctx, _KEPT):
        delattr(ctx, _KEPT)
