"""The landing page: where the host starts, and the way back to every game this browser is in.

The games come from this browser's own session (the roles its join links and host forms granted),
so the list shows nobody else's games and needs no account.
"""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, session, url_for

from companion.core.lang import _
from companion.games.princes.rules import is_solo

from .access import SESSION_KEY, Access, access
from .recording import get_table
from .store import get_store

bp = Blueprint("home", __name__)

MY_GAMES = 12  # the newest this many; older ones stay reachable through their join links


def resume_url(game_id: str, me: Access, state=None) -> str:
    """This browser's own screen of a game: the seat's phone, else the host's page, else the
    table (a Firenze game's screens answer the same paths)."""
    base = f"/games/{game_id}"
    if me.seat is not None or me.host:
        state = get_table().state(game_id) if state is None else state
        if (
            not isinstance(state, dict)
            and is_solo(state)
            and "solo.page" in current_app.view_functions
        ):
            return url_for("solo.page", game_id=game_id)
    if me.seat is not None:
        return base + "/me"
    return base + ("/host" if me.host else "/table")


def _names(state) -> list[str]:
    players = state.get("players", []) if isinstance(state, dict) else state.players
    return [p["name"] if isinstance(p, dict) else p.name for p in players]


def my_games() -> list[dict]:
    """The games of this browser's session that this server still has, newest first."""
    store = get_store()
    found = []
    for game_id in list(session.get(SESSION_KEY) or {}):
        me = access(game_id)
        record = store.game(game_id) if me.any else None
        if record is not None:
            found.append((record, me))
    found.sort(key=lambda x: x[0].created_at, reverse=True)
    out = []
    for record, me in found[:MY_GAMES]:
        state = get_table().state(record.id)
        names = _names(state)
        firenze = isinstance(state, dict)
        solo = not firenze and is_solo(state)
        phase = state.get("phase") if firenze else state.phase
        if me.seat is not None and me.seat < len(names):
            role = (
                _("You play %(name)s and host", name=names[me.seat])
                if me.host and not solo
                else _("You play %(name)s", name=names[me.seat])
            )
        else:
            role = _("You host") if me.host else _("You watch")
        if phase == "over":
            status = _("game over")
        elif firenze:
            status = _("under way") if phase not in (None, "not_started") else _("not started")
        elif phase == "setup":
            status = _("choosing starting hands")
        else:
            status = _("round %(round)s", round=state.round)
        out.append(
            {
                "id": record.id,
                "game": "Firenze" if firenze else _("The Princes of Florence"),
                "names": names if not solo else [names[0], "Wolfgang"],
                "role": role,
                "over": phase == "over",
                "status": status,
                "created": record.created_at,
                "url": resume_url(record.id, me, state),
            }
        )
    return out


@bp.get("/")
def index():
    return render_template("home.html", games=my_games())


@bp.get("/guide")
def guide():
    """How Palazzo works, for hosts and players (docs/guide.md at more length)."""
    return render_template("guide.html")


@bp.app_template_global()
def brand_url() -> str:
    """Where the logo leads: on a screen of a game this browser is in, back to its own screen
    of that game (from the history, the end, the table); on that screen itself and elsewhere,
    home, which lists the games."""
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str) and get_store().game(game_id) is not None:
        me = access(game_id)
        if me.any:
            url = resume_url(game_id, me)
            if url != request.path:
                return url
    return url_for("home.index")


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for this on pages that are not ours (plain-text answers, downloads)."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
