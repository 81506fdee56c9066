"""A game's history, newest first, a page at a time: written once for every game.

A long game (or one a seat lengthened on purpose) must not make this page cost the whole log:
a request tells one page of events (`paging.PAGE`, named by the seq it starts under), and the
page ends with a link to the next older one (htmx swaps it in place; without JavaScript it is
a plain link: templates/_history_more.html). A page's items are rendered once per seq,
viewer, language and page and kept with the replay, so a table asking again costs nothing
more. Only a viewer of the game reads it; a seat hears its own private details, nobody
else's. The game says how its events are told and what its page looks like around them
(`companion.core.game.History`); the platform adds its two routes to the app.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for
from markupsafe import Markup

from companion.core.game import History
from companion.core.lang import current as current_language

from .access import keep_out_of_caches, require_viewer
from .paging import PAGE, before_of
from .recording import current_replay


def _entries(history: History, game_id: str, replay, seat, before) -> Markup:
    """One page's items as `seat` may hear them, with the link to the next older page while
    older events remain (one more is told than shown, to know)."""
    lines = list(history.lines(replay, seat, PAGE + 1, before))
    older = lines[PAGE - 1].seq if len(lines) > PAGE else None
    return Markup(
        render_template(
            history.entries,
            lines=lines[:PAGE],
            older=older,
            page_url=url_for(f"{history.name}.page", game_id=game_id),
            more_url=url_for(f"{history.name}.more", game_id=game_id),
        )
    )


def _page_of(history: History, game_id: str):
    """(who reads, the replay, this page's items), the items kept with the replay when it
    keeps what screens work out (`ReplayBase.kept`)."""
    me = require_viewer(game_id)
    before = before_of(request.args)
    replay = current_replay(game_id)

    def make() -> Markup:
        return _entries(history, game_id, replay, me.seat, before)

    kept = getattr(replay, "kept", None)
    key = ("history", me.seat, current_language(), before)
    return me, replay, kept(key, make) if callable(kept) else make()


def blueprint(history: History, table_screen: str) -> Blueprint:
    """The history's two routes for one game, made afresh for each app: the page, and the
    next older page's items (what the "older" link's htmx swaps in). Like every page holding
    a seat's secrets, kept out of caches."""
    bp = keep_out_of_caches(Blueprint(history.name, __name__))

    def page(game_id: str):
        """The newest events in words (or those before `?before=`)."""
        me, replay, html = _page_of(history, game_id)
        return render_template(
            history.template,
            game_id=game_id,
            me=me,
            replay=replay,
            entries_html=html,
            seq=replay.seq,
            table_url=url_for(table_screen, game_id=game_id),
        )

    def more(game_id: str):
        """The next page's items, swapped in for the "older" link by htmx."""
        return _page_of(history, game_id)[2]

    bp.add_url_rule(history.url, "page", page, methods=["GET"])
    bp.add_url_rule(history.url.rstrip("/") + "/more", "more", more, methods=["GET"])
    return bp
