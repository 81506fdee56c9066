"""What the platform does for any game: host it, let phones join it, hand out its log, and send
each request to the game it is for.

A game's id says nothing of its game; the game's first event does (`Table.game`). The platform
asks that, never the URL and never a fold: a join link leads to the joining browser's own screen
of whatever game it is, and a game's blueprints answer only for games of their own game.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, abort, current_app, redirect, request, url_for

from companion.core.game import Game, GameWeb, Pushed
from companion.core.lang import _
from companion.service.tokens import (
    Identity,
    TokenSet,
    identify_in_game,
    issue_tokens,
    store_token_hashes,
)

from . import history
from .access import access, game_or_404, grant, join, require_viewer
from .i18n import TABLE_SCREENS_KEY
from .join_links import keep_tokens
from .recording import current_replay, get_table
from .shared import PUSHED_KEY
from .store import get_games, get_store

bp = Blueprint("games", __name__)
# a request for one of these names a screen; the owning game shows its own of that name
SCREENS = ("me", "host", "table", "history")


def create_hosted_game(started: dict, *, settings: dict | None = None) -> tuple[str, TokenSet]:
    """Record `game_started` (refused events create nothing) and issue the game's tokens."""
    names = started.get("players") or []
    game_id, _ = get_table().create_game(
        {k: v for k, v in started.items() if k != "type"},
        meta={"settings": settings or {}, "names": list(names)},
    )
    tokens = issue_tokens(len(names))
    store_token_hashes(get_store(), game_id, tokens)
    return game_id, tokens


def host_game(started: dict, *, settings: dict | None = None) -> str:
    """What every game's host form does once its fields are read: the game created (a refused
    `game_started` creates nothing: the Refusal goes to the form), its join links kept for the
    host's page (companion/web/join_links.py), and this browser made its host."""
    game_id, tokens = create_hosted_game(started, settings=settings)
    keep_tokens(game_id, tokens)
    grant(game_id, Identity("host"))
    return game_id


def game_web_of(game: Game) -> GameWeb:
    """A game's screens, as it declares them."""
    assert game.web is not None, "a game the web serves declares its screens"
    return game.web()


def game_web(game_id: str) -> GameWeb:
    """The screens of the game this stored game plays."""
    return game_web_of(get_table().game(game_id))


def own_screen(game_id: str, state=None) -> str:
    """This browser's own screen of a game: its seat's phone, else the host's page, else the
    table, as the game draws them."""
    return game_web(game_id).own_screen(game_id, access(game_id), state)


@bp.get("/games/<game_id>/join/<token>")
def join_link(game_id: str, token: str):
    """A QR code's link: the token becomes a role in this browser's session (opening it again
    restores the same seat), then the game's own screen for that role."""
    me = join(game_id, token)
    return redirect(game_web(game_id).joined(game_id, me), code=303)


@bp.get("/games/<game_id>/host/join/<token>")
def host_join(game_id: str, token: str):
    """Open the host's page on another device (the host link is behind a toggle on the host's
    page). Only the host token leads here; a seat's or spectator's token is refused."""
    game_or_404(game_id)
    identity = identify_in_game(get_store(), game_id, token)
    if identity is None or identity.role != "host":
        abort(404, description=_("This link is not the host's link for this game."))
    grant(game_id, identity)
    return redirect(url_for(game_web(game_id).screens["host"], game_id=game_id), code=303)


@bp.get("/games/<game_id>/log.jsonl")
def log(game_id: str):
    """The whole log as JSON Lines, replayable with `palazzo replay`."""
    me = require_viewer(game_id)
    table = get_table()
    if not me.host and not table.game(game_id).is_over(current_replay(game_id).state):
        abort(
            403,
            description=_(
                "The log holds everyone's cards: it is shared once the game is over. "
                "The host can download it any time."
            ),
        )
    return Response(
        table.export_lines(game_id),  # streamed, yielding to other clients between chunks
        mimetype="application/x-ndjson",
        headers={
            "Content-Disposition": f'attachment; filename="palazzo-{_file_part(game_id)}.jsonl"',
            "Cache-Control": "no-store",
        },
    )


def _file_part(game_id: str) -> str:
    return "".join(c for c in game_id if c.isalnum() or c in "-_")[:64] or "game"


OWNERS = "palazzo.game_blueprints"  # app.extensions: blueprint name -> its game


SEAT_TRAFFIC_KEY = "palazzo.seat_traffic"  # app.extensions: endpoints of a seat's own requests
# the platform's: a phone's live stream and its fallback poll
LIVE_TRAFFIC = frozenset({"live.stream", "live.seq"})
MAX_GAME_ID = 64  # longer is no game's id: nobody to mark as here


def _seat_seen() -> None:
    """Any request a seat's phone makes for its game (its stream, its screens, its posts, as
    its game declares them) marks the seat as seen, so the table can tell whose phone dropped
    off the Wi-Fi."""
    if request.endpoint not in current_app.extensions[SEAT_TRAFFIC_KEY]:
        return
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str) and len(game_id) <= MAX_GAME_ID:
        seat = access(game_id).seat
        if seat is not None:
            from .live import get_presence

            get_presence().seen(game_id, seat)


def _screen_of(endpoint: str | None, web: GameWeb) -> str:
    """Which of the screens every game has (`SCREENS`) an endpoint of `web` belongs to."""
    for name, screen in web.screens.items():
        if screen == endpoint:
            return name
    if web.history is not None and (endpoint or "").partition(".")[0] == web.history.name:
        return "history"
    return web.screen_of.get(endpoint or "", "table")


def _this_game_only():
    """A game's blueprint answers only for games of that game: a request for another game's
    screen goes to that game's own screen of the same name (a GET), or is not found."""
    game = current_app.extensions[OWNERS].get(request.blueprint)
    game_id = (request.view_args or {}).get("game_id")
    if game is None or not isinstance(game_id, str) or get_store().game(game_id) is None:
        return None  # not a game's screen, or the route says there is no such game
    owner = get_table().game(game_id)
    if owner is game:
        return None
    if request.method != "GET" or owner.web is None:
        abort(
            404,
            description=_("This is a game of %(game)s: use its own screens.", game=_(owner.title)),
        )
    wanted = _screen_of(request.endpoint, game_web_of(game))
    return redirect(url_for(owner.web().screens[wanted], game_id=game_id), code=303)


def _blueprints(web: GameWeb) -> list[Blueprint]:
    """A game's own blueprints, and the routes the platform serves for it from what it
    declares (its history pages)."""
    made = []
    if web.history is not None:
        made.append(history.blueprint(web.history, web.screens["table"]))
    return [*web.blueprints, *made]


def init_app(app: Flask) -> None:
    """Every game's screens; each game's blueprints answer for its own games only."""
    app.register_blueprint(bp)
    owners: dict[str, Game] = {}
    table_screens: set[str] = set()
    pushed: dict[str, Pushed] = {}
    seat_traffic: set[str] = set(LIVE_TRAFFIC)
    for game in get_games(app):
        if game.web is None:
            continue
        web = game.web()
        for blueprint in _blueprints(web):
            app.register_blueprint(blueprint)
            owners[blueprint.name] = game
        table_screens |= web.table_screens
        seat_traffic |= web.seat_traffic
        for name, fragment in web.pushed.items():
            if pushed.setdefault(name, fragment) is not fragment:
                raise ValueError(f"two games push a fragment named {name!r}")
    app.extensions[OWNERS] = owners
    app.extensions[PUSHED_KEY] = pushed
    app.extensions[TABLE_SCREENS_KEY] = frozenset(table_screens)
    app.extensions[SEAT_TRAFFIC_KEY] = frozenset(seat_traffic)
    app.before_request(_seat_seen)
    app.before_request(_this_game_only)
