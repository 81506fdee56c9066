"""The game told in words, newest first; and the told log every screen of the table shares.

Telling a log means folding it from the first event (a retraction rebuilds what it undoes), so
the result is cached per game, seq and viewer: after an event every open screen asks at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Blueprint, render_template

from companion.narrate import Story, tell

from .access import require_viewer
from .recording import get_table

bp = Blueprint("history", __name__)

CACHED_STORIES = 64
_cache: OrderedDict = OrderedDict()
_lock = threading.Lock()


def story_for(game_id: str, viewer_seat: int | None = None) -> Story:
    """The whole log as `viewer_seat` may hear it (None: the table), at the latest seq."""
    table = get_table()
    key = (game_id, table.seq(game_id), viewer_seat)
    with _lock:
        story = _cache.get(key)
        if story is not None:
            _cache.move_to_end(key)
            return story
    events = table.events(game_id)
    story = tell(events, viewer_seat)
    key = (game_id, events[-1].seq if events else 0, viewer_seat)
    with _lock:
        _cache[key] = story
        while len(_cache) > CACHED_STORIES:
            _cache.popitem(last=False)
    return story


def story_seq(story: Story) -> int:
    return story.entries[-1].seq if story.entries else 0


@bp.get("/games/<game_id>/history")
def page(game_id: str):
    """Every event in words; a seat hears its own private details, nobody else's."""
    me = require_viewer(game_id)
    story = story_for(game_id, me.seat)
    names = [p.name for p in story.state.players]
    return render_template(
        "table/history.html",
        game_id=game_id,
        me=me,
        names=names,
        entries=story.newest_first(),
        seq=story_seq(story),
    )
