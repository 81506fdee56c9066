"""A test-only blueprint exercising the platform the way game screens will: a live fragment
(live_attrs + render_block), a CSRF-protected form post, and the error paths."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from jinja2_fragments.flask import render_block

from companion.service.tokens import Identity
from companion.web.access import grant
from companion.web.store import get_store

bp = Blueprint("probe", __name__, template_folder="templates", url_prefix="/_probe")


def _context(game_id: str) -> dict:
    store = get_store()
    if store.game(game_id) is None:
        abort(404)
    events = store.events(game_id)
    return {"game_id": game_id, "seq": events[-1].seq if events else 0, "events": events}


@bp.get("/games/<game_id>")
def page(game_id: str):
    """The page, watched as a spectator (live streams need a session of their game)."""
    _context(game_id)
    grant(game_id, Identity("spectator"))
    return render_template("probe/live.html", **_context(game_id))


@bp.get("/games/<game_id>/board")
def board(game_id: str):
    return render_block("probe/live.html", "board", **_context(game_id))


@bp.post("/echo")
def echo():
    return f"done: {request.form.get('word', '')}"


@bp.get("/number/<n>")
def number(n: str):
    try:
        return str(int(n) * 2)
    except ValueError:
        abort(400, description="Not a number.")


@bp.get("/qr")
def qr():
    return render_template("probe/qr.html", url=request.args.get("u", "http://192.168.1.20:5000/"))
