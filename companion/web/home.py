"""The landing page: where the host starts, and the way back to every game this browser is in.

The games come from this browser's own session (the roles its join links and host forms granted),
so the list shows nobody else's games and needs no account.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from markupsafe import Markup

from companion.core.lang import _, and_

from .access import SESSION_KEY, access
from .games import game_web, game_web_of, own_screen
from .recording import get_table
from .store import get_games, get_store

bp = Blueprint("home", __name__)

MY_GAMES = 12  # the newest this many; older ones stay reachable through their join links


def my_games() -> list[dict]:
    """The games of this browser's session that this server still has, newest first, each as
    its own game lists it."""
    store = get_store()
    found = []
    for game_id in list(session.get(SESSION_KEY) or {}):
        me = access(game_id)
        record = store.game(game_id) if me.any else None
        if record is not None:
            found.append((record, me))
    found.sort(key=lambda x: x[0].created_at, reverse=True)
    out = []
    table = get_table()
    for record, me in found[:MY_GAMES]:
        game = table.game(record.id)
        state = table.state(record.id)
        web = game_web(record.id)
        line = web.listing(state)
        names = line["names"]
        if me.seat is not None and me.seat < len(names):
            role = (
                _("You play %(name)s and host", name=names[me.seat])
                if me.host and not line.get("one_phone")
                else _("You play %(name)s", name=names[me.seat])
            )
        else:
            role = _("You host") if me.host else _("You watch")
        out.append(
            {
                "id": record.id,
                "game": _(game.title),
                "names": names,
                "role": role,
                "over": line["over"],
                "status": line["status"],
                "created": record.created_at,
                "url": web.own_screen(record.id, me, state),
            }
        )
    return out


@bp.get("/")
def index():
    starts = [start for web in _webs() for start in web.starts]
    return render_template("home.html", games=my_games(), starts=starts, titles=_titles())


def _titles() -> Markup:
    """The games this installation keeps the book of, each cited by its title, in the
    reader's words ("<cite>A</cite> and <cite>B</cite>")."""
    return Markup(and_([Markup("<cite>%s</cite>") % _(game.title) for game in get_games()]))


@bp.get("/guide")
def guide():
    """How Palazzo works, for hosts and players (docs/guide.md at more length): each game
    says its own part."""
    parts = [web.guide for web in _webs() if web.guide]
    return render_template("guide.html", parts=parts)


def _webs() -> list:
    """The screens of every game the web serves, in the composition root's order."""
    return [game_web_of(game) for game in get_games() if game.web]


@bp.app_template_global()
def brand_url() -> str:
    """Where the logo leads: on a screen of a game this browser is in, back to its own screen
    of that game (from the history, the end, the table); on that screen itself and elsewhere,
    home, which lists the games."""
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str) and get_store().game(game_id) is not None:
        if access(game_id).any:
            url = own_screen(game_id)
            if url != request.path:
                return url
    return url_for("home.index")


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for this on pages that are not ours (plain-text answers, downloads)."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
