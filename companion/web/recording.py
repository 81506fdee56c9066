"""The platform's side of recording: the one Table of this app, and the checks every game's
record routes share.

Each game reads its own forms into events and says who may send them (the Princes:
companion/games/princes/web/recording.py; Firenze: its web.py); they all record through the
same Table, which asks the game's rules, and refuse a malformed button id the same way.
"""

from __future__ import annotations

from flask import abort, g

from companion.core.ids import is_event_id
from companion.core.lang import _
from companion.core.refusal import Refusal
from companion.service.table import Table

from .store import app_extension, get_games, get_store

EXTENSION_KEY = "palazzo.table"


def get_table(app=None) -> Table:
    return app_extension(app, EXTENSION_KEY, _open_table)


SYNCED_KEY = "palazzo_synced"  # on `g`: the games whose store this request has read


def current_replay(game_id: str):
    """The game's Replay for this request. The store is asked for events other processes
    appended once per request and game (not at all while the game's streams know its seq and
    the fold has it); a screen's later calls read this process's fold,
    which every event recorded here (this request's too) has already moved: a page asking
    in five places costs one query, not five."""
    synced = g.setdefault(SYNCED_KEY, set())
    table = get_table()
    if game_id not in synced:
        from .live import get_watcher

        # a watched game's seq is known without a query (its streams' poll or LISTEN): the
        # store is asked only when the game moved past this process's fold
        known = get_watcher().current(game_id)
        if known is not None:
            replay = table.replay(game_id, sync=False)
            if replay.seq >= known:
                synced.add(game_id)
                return replay
    replay = table.replay(game_id, sync=game_id not in synced)
    synced.add(game_id)
    return replay


def _open_table(app) -> Table:
    """The Table, telling this process's live streams of each event it records."""
    from .live import get_watcher

    games = get_games(app)
    table = Table(get_store(app), games, games.open_learned(app.instance_path))
    table.listeners.append(get_watcher(app).announce)
    from .club import get_club  # the club's figures kept as each game finishes

    table.finished.append(lambda game_id: get_club(app).note(game_id))
    return table


def check_event_id(event_id: str | None) -> None:
    """A button's event id, minted when it was drawn: a malformed one is no retry of anything."""
    if event_id and not is_event_id(event_id):
        abort(400, description=_("That button's event id is malformed: reload the page."))


def record(game_id: str, event: dict, by: str, event_id: str | None, teach=()):
    """(recorded, refusal): exactly one is None. A move on a game another process moved
    (its streams here heard the seq) is judged after folding that move in (`Table.catch_up`)."""
    from .live import get_watcher

    table = get_table()
    known = get_watcher().current(game_id)
    if known is not None:
        table.catch_up(game_id, known)
    try:
        return table.record(game_id, event, by=by, event_id=event_id, teach=teach), None
    except Refusal as refusal:
        return None, refusal
