"""Helpers every template can call (besides csrf_token/csrf_field and live_attrs, which
live with their modules)."""

from __future__ import annotations

from flask import Flask, current_app, request
from markupsafe import Markup

from companion import qr
from companion.core import lang
from companion.core.lang import and_, clauses, listing
from events.version import release

from .kept import kept_in_app
from .urls import public_base_url, public_url_for


def qr_svg(data: str, label: str = "QR code") -> Markup:
    """Inline SVG QR code: `{{ qr_svg(public_url_for('games.join_link', token=t)) }}`.

    Inline, not an <img src="/qr?u=...">, so join tokens never appear in a request line.
    """
    return Markup(qr.qr_svg(str(data), label=label))


def unreadable_events() -> list[tuple[int, str]]:
    """The stored events of this page's game that its state leaves out, (seq, why), so a
    damaged log is reported on every screen of the game instead of breaking them."""
    from .recording import get_table
    from .store import get_store

    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, str) or get_store().game(game_id) is None:
        return []
    left_out = get_table().unreadable(game_id).items()
    return sorted((seq, lang.words(why)) for seq, why in left_out)  # in the reader's words


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        qr_svg=qr_svg,
        public_url_for=public_url_for,
        public_base_url=public_base_url,
        unreadable_events=unreadable_events,
        drawn_once=drawn_once,
        # the release the host's page names (templates/_version.html): what to upgrade from
        palazzo_release=release(),
    )
    # lists in the reader's words: `names|listing` ("A, B, C"), `names|and_list` ("A, B and
    # C"), `sentences|clauses` ("...; ..."), never `|join(', ')` of words
    app.jinja_env.filters.update(listing=listing, and_list=and_, clauses=clauses)


DRAWN_KEPT = 2048  # drawings a process keeps (games x seats x languages x cards, with room)
DRAWN_KEY = "palazzo.drawn_once"  # in app.extensions: (language, template, macro, args) -> html


def drawn_once(template: str, macro: str, *args) -> Markup:
    """`{{ drawn_once("t.html", "card", data) }}`: macro `macro` of `template`, which uses
    nothing of the page's context (imported without it), drawn for `args`, kept per
    language and `repr(args)` (bounded): a card that shows the same plain data (dicts,
    lists, text, numbers; no object whose repr hides what it holds) is drawn once, not at
    every panel a move pushes."""
    draw = getattr(current_app.jinja_env.get_template(template).module, macro)
    key = (lang.current(), template, macro, repr(args))
    return kept_in_app(DRAWN_KEY, key, lambda: draw(*args), DRAWN_KEPT)
