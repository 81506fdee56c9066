"""The club page: what this installation's finished games say, for everyone at the club.

Figures come from the running sums `companion.service.club` keeps as games finish, so a request
reads a handful of rows whatever the club's history. Each game shows its own figures through
its own template and words (`Game.stats.TEMPLATE`, `labels`); the Princes and Firenze are never
mixed. Only finished games count, and a game's host can leave it out (a practice game) from the
club page, where this browser's own finished hosted games are listed.
"""

from __future__ import annotations

import csv
import io

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from companion.core import lang
from companion.core.lang import _
from companion.service.club import Club

from .access import SESSION_KEY, access, require_host
from .home import MY_GAMES
from .store import app_extension, get_games, get_store

bp = Blueprint("club", __name__)
EXTENSION_KEY = "palazzo.club"
MAX_NAME = 80


def get_club(app=None) -> Club:
    return app_extension(app, EXTENSION_KEY, lambda app: Club(get_store(app), get_games(app)))


@bp.app_template_filter("club_pair")
def club_pair(item, labels=None, field=None, prefix=None):
    """(key, figures) as a chart's (label, number): the label from `labels`, or `prefix` and
    the key (a round, a position: the word translated once per page); the number the figure
    `field` names (or the value itself)."""
    key, value = item
    label = labels.get(key, key) if labels else f"{prefix} {key}" if prefix else str(key)
    return label, (value.get(field) if field else value)


def _choices() -> dict:
    """What the page's filters offer, as the games' figures declare it: every player count
    one of them is played with, and their expansions (id, a marked label)."""
    stats = [game.stats for game in get_games() if game.stats is not None]
    counts = [n for s in stats for n in s.PLAYERS]
    return {
        "player_counts": range(min(counts), max(counts) + 1) if counts else range(0),
        "expansion_filters": [f for s in stats for f in s.EXPANSION_FILTERS],
    }


def _filters() -> tuple[int | None, str | None]:
    """The page's filters from its query: a player count (one a game is played with) and an
    expansion (or "none"); anything else is no filter."""
    raw = request.args.get("players", "")
    players = int(raw) if raw.isdigit() and int(raw) in _choices()["player_counts"] else None
    expansion = request.args.get("expansions", "") or None
    if expansion is not None and (len(expansion) > 40 or not expansion.replace("_", "").isalnum()):
        expansion = None
    return players, expansion


_drawn: dict = {}  # (game, players, expansion, language) -> (the figures drawn, their HTML)
CACHED_SECTIONS = 256


def _drawn_section(section: dict, key: tuple) -> Markup:
    """A game's section of the club page, drawn once per process, filter and language while
    its figures stay the same object (`Club.figures` keeps them until a bucket changes)."""
    known = _drawn.get(key)
    if known is not None and known[0] is section["figures"]:
        return known[1]
    section = {**section, "labels": section["stats"].labels(section["figures"])}
    html = Markup(render_template(section["template"], section=section, player_url=_player_url()))
    if len(_drawn) >= CACHED_SECTIONS:
        _drawn.clear()
    _drawn[key] = (section["figures"], html)
    return html


def _player_url() -> str:
    return url_for("club.player", name="-")[:-1]  # + a quoted name: one url_for a page


def _sections(players=None, expansion=None, name=None) -> list[dict]:
    club = get_club()
    out = []
    for game in get_games():
        if game.stats is None:
            continue
        # an expansion filter is for the games that have expansions
        figures, choices = club.figures(
            game.id, players, expansion if game.stats.EXPANSIONS else None
        )
        if name is not None:
            figures = {
                **figures,
                "players": {k: v for k, v in figures["players"].items() if k == name},
            }
        out.append(
            {
                "id": game.id,
                "title": _(game.title),
                "figures": figures,
                "choices": choices,
                "stats": game.stats,
                "template": game.stats.TEMPLATE,
            }
        )
    return out


def _my_finished_games() -> list[dict]:
    """The finished games this browser hosts, with whether each counts (bounded by what one
    browser's session holds)."""
    club = get_club()
    out = []
    for game_id in list(session.get(SESSION_KEY) or {})[-MY_GAMES:]:
        if not access(game_id).host:
            continue
        known = club.game(game_id)
        if known is not None:
            out.append({"id": game_id, **known})
    return out


@bp.get("/club")
def page():
    players, expansion = _filters()
    sections = _sections(players, expansion)
    for section in sections:
        key = (section["id"], players, expansion, lang.current())
        section["html"] = _drawn_section(section, key)
    return render_template(
        "club/page.html",
        **_choices(),
        sections=sections,
        players=players,
        expansion=expansion,
        mine=_my_finished_games(),
    )


@bp.get("/club/players/<name>")
def player(name: str):
    if len(name) > MAX_NAME:
        abort(404)
    sections = [s for s in _sections(name=name) if s["figures"]["players"]]
    if not sections:
        abort(404, description=_("No finished game here has a player of that name."))
    return render_template(
        "club/player.html", name=name, sections=sections, player_url=_player_url()
    )


@bp.post("/club/games/<game_id>/counted")
def counted(game_id: str):
    """The host leaves a finished game out of the figures, or counts it again."""
    require_host(game_id)
    out = request.form.get("counted") == "no"
    if not get_club().leave_out(game_id, out):
        abort(409, description=_("Only a finished game counts in the club's figures."))
    return redirect(url_for("club.page"), code=303)


@bp.get("/club/<table>.csv")
def export(table: str):
    """The per-game (one row a seat) or per-purchase table, for a spreadsheet."""
    if table not in ("games", "purchases"):
        abort(404)
    rows: list[dict] = []
    for game_id, rec, ended in get_club().records():
        stats = get_games()[rec["game"]].stats
        made = (stats.game_rows if table == "games" else stats.purchase_rows)(game_id, rec)
        rows += [
            {"game": game_id, "kind": rec["game"], "ended": ended.isoformat(), **r} for r in made
        ]
    columns: list[str] = []
    for r in rows:
        columns += [k for k in r if k not in columns]
    if not columns:
        columns = ["game"]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=columns, extrasaction="ignore")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: _cell(v) for k, v in r.items()})
    return Response(
        text.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=palazzo-{table}.csv"},
    )


def _cell(value):
    """A spreadsheet never runs a cell: text starting like a formula gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
