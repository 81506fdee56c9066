"""Fragments several screens share, rendered once per (game, seq, view, language).

Every recorded move makes every screen of its table fetch its fragment again. The table
screen's board (the TV, each spectator, the host's page) is the same for all of them: built
from the public view only, it depends on nothing but the game, its seq and the reader's
language. So it is rendered once per seq and kept with the read model's Replay of that seq
(`Replay.kept`: a new event drops it), and every other screen gets the same text.

A screen that asks again for the seq it already shows (a reconnect, the polling fallback, a
second tab) gets 304 Not Modified: the fragment carries an ETag naming the seq, the view and
the language (and this build of the templates), and `Cache-Control: private, no-cache` lets
the browser keep it and ask with If-None-Match, never a shared cache. No private part is
ever shared: a fragment that shows a seat's purse or hand is never rendered through here.

A seat's own fragment (its purse, hand, buttons) is private: `private_fragment` renders it for
that browser alone, never keeps it here, and answers 304 when the browser already has it. Its
ETag names the seq, the view, the language and a digest of who reads it and everything else it
shows that is not in the log (this session's CSRF token, open checks, the installation's
catalog...), so another seat, another session or a changed alert never matches it.

A screen that shows nothing but a shared fragment (the TV, a spectator's table screen) need
not even ask for it: its page names the fragment (`data-live-push`, static/palazzo.js) and its
live stream carries the fragment itself at each new seq (`event: fragment`, companion/web/
live.py) instead of "the seq is now N" and a fetch. A game declares what may be pushed
(`GameWeb.pushed`): fragments built for every reader of the game, and one private kind
(`seat=True`): the panel of the seat whose session opened that stream, drawn for that stream
alone at each new seq, exactly as its fetch would be (see `renew_request`), so a phone's panel
needs no request per move either.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from flask import Response, current_app, g, make_response, request
from markupsafe import Markup

from companion.core.game import Pushed
from companion.core.lang import TRANSLATIONS
from companion.core.lang import current as current_language

from . import TEMPLATE_DIR
from .access import SEATS_CHECKED_KEY, SHARED_REVALIDATE
from .csrf import csrf_token
from .recording import SYNCED_KEY, current_replay
from .request_store import forget_records

T = TypeVar("T")
_RENDERING = threading.RLock()  # under gevent a greenlet lock: one render at a time anyway
REVALIDATE = SHARED_REVALIDATE  # the browser keeps it and asks again; no proxy keeps it


def _build() -> str:
    """What else a rendered fragment depends on: the templates and translations of this
    installation (an upgrade at the same seq must not be answered 304)."""
    digest = hashlib.sha256()
    for folder in (Path(TEMPLATE_DIR), Path(TRANSLATIONS)):
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".html", ".mo"):
                digest.update(f"{path.relative_to(folder)}:{path.stat().st_mtime_ns};".encode())
    return digest.hexdigest()[:10]


BUILD = _build()


def etag_of(seq: int, view: str, language: str, viewer: str = "all") -> str:
    """The ETag of a fragment: the seq it shows, the view, who may read it, the language."""
    return f"{BUILD}.{seq}.{view}.{viewer}.{language}"


def shared_value(replay, view: str, make: Callable[[], T]) -> T:
    """`make()` once per seq and language: what a shared part is drawn from (read only)."""
    return replay.kept(("context", view, current_language()), make)


def render_once(replay, view: str, render: Callable[[], str]) -> Markup:
    """`render()` once per seq (`replay`'s) and language for every screen that shows this
    part, as markup to embed in a page (the board inside the host's page and the TV's)."""
    key = ("fragment", view, current_language())
    with _RENDERING:  # screens woken together by one seq: the first renders, the rest wait
        return replay.kept(key, lambda: Markup(render()))


def shared_fragment(game_id: str, view: str, render: Callable[[object], str]) -> Response:
    """The fragment `view` of `game_id` at its current seq: `render(replay)` once per seq and
    language, 304 to a screen that already has it. Call it after checking who may read the
    game; `render` must draw only what every reader of the game may see."""
    replay = current_replay(game_id)
    language = current_language()
    etag = etag_of(replay.seq, view, language)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = make_response(render_once(replay, view, lambda: render(replay)))
    response.set_etag(etag)
    response.headers["Cache-Control"] = REVALIDATE
    return response


def private_etag(seq: int, view: str, *depends: object) -> str:
    """The ETag of one viewer's own fragment at `seq`: `depends` says who reads it and what
    else it shows that is not in the log; this session's CSRF token (the forms carry it) is
    added here. Only a digest of them leaves the server."""
    digest = hashlib.sha256(repr((csrf_token(), depends)).encode()).hexdigest()[:16]
    return etag_of(seq, view, current_language(), digest)


def private_fragment(etag: str, render: Callable[[], str]) -> Response:
    """One viewer's own fragment: 304 when the browser already has `etag` (`private_etag`),
    else `render()`. Only that browser may keep it (private) and it asks again each time
    (no-cache); nothing of it is kept on the server. Call it after checking the viewer."""
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = make_response(render())
    response.set_etag(etag)
    response.headers["Cache-Control"] = REVALIDATE
    return response


# -- fragments a live stream carries itself ------------------------------------------------------


PUSHED_KEY = "palazzo.pushed"  # app.extensions: name -> Pushed, as the games declare them


def pushed(name: str | None) -> Pushed | None:
    """The fragment a stream was asked to carry (`?push=`), if a game declares one by that name
    (`GameWeb.pushed`; else the stream says only the seq and the screen fetches)."""
    if not name:
        return None
    return current_app.extensions.get(PUSHED_KEY, {}).get(name)


def renew_request() -> None:
    """A live stream is one request that lasts minutes: before it draws a pushed fragment, it
    forgets what a request keeps of itself (the game's events synced once, the seat's key
    checked once, the game's record read once), so each push asks again as a new request
    would: a link the host re-issued meanwhile, or a check opened, shows at the next push."""
    g.pop(SYNCED_KEY, None)
    g.pop(SEATS_CHECKED_KEY, None)
    forget_records()
