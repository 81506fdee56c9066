"""The game told in words, newest first, a page at a time.

A long game (or one a seat lengthened on purpose) must not make this page cost the whole log:
each request tells one page of events, found by bisecting the read model's facts, and the page
ends with a link to the next older one (htmx swaps it in place; without JavaScript it is a
plain link: companion/web/paging.py). A page's items are rendered once per seq, viewer,
language and page and kept with the replay, so a table asking again costs nothing more.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for
from markupsafe import Markup

from companion.core.lang import current as current_language
from companion.games.princes.words.telling import newest_first
from companion.web.for_games import PAGE, before_of, current_replay, require_viewer

bp = Blueprint("history", __name__)


def _entries(game_id: str, replay, seat: int | None, before: int | None) -> Markup:
    """One page's items as `seat` may read them (a seat hears its own private details,
    nobody else's), with the link to the next older page while there is one."""
    entries = newest_first(replay, seat, last=PAGE, before=before)
    oldest = entries[-1].seq if entries else None
    return Markup(
        render_template(
            "princes/table/_history_entries.html",
            entries=entries,
            # older events remain below the page's oldest: where the next page starts
            older=oldest if oldest is not None and replay.index(oldest) > 0 else None,
            page_url=url_for("history.page", game_id=game_id),
            more_url=url_for("history.more", game_id=game_id),
        )
    )


def _entries_html(game_id: str) -> tuple:
    me = require_viewer(game_id)
    before = before_of(request.args)
    replay = current_replay(game_id)
    html = replay.kept(
        ("history", me.seat, current_language(), before),
        lambda: _entries(game_id, replay, me.seat, before),
    )
    return me, replay, html


@bp.get("/games/<game_id>/history")
def page(game_id: str):
    """The newest events in words (or those before `?before=`)."""
    me, replay, html = _entries_html(game_id)
    return render_template(
        "princes/table/history.html",
        game_id=game_id,
        me=me,
        names=[p.name for p in replay.state.players],
        entries_html=html,
        seq=replay.seq,
    )


@bp.get("/games/<game_id>/history/more")
def more(game_id: str):
    """The next page's items, swapped in for the "older" link by htmx."""
    return _entries_html(game_id)[2]
