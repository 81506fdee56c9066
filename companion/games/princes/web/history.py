"""The game told in words, newest first."""

from __future__ import annotations

from flask import Blueprint, render_template

from companion.games.princes.words import newest_first
from companion.web.access import require_viewer
from companion.web.recording import get_table

bp = Blueprint("history", __name__)


@bp.get("/games/<game_id>/history")
def page(game_id: str):
    """Every event in words; a seat hears its own private details, nobody else's."""
    me = require_viewer(game_id)
    replay = get_table().replay(game_id)
    return render_template(
        "princes/table/history.html",
        game_id=game_id,
        me=me,
        names=[p.name for p in replay.state.players],
        entries=newest_first(replay, me.seat),
        seq=replay.seq,
    )
