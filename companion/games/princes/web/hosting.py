"""Hosting a game: the form that starts it, and the host's page that runs it.

The host's page shows each seat's QR code (and the spectators'), embeds the live table, and
holds what only the host may do: undo, corrections, the log. Undo and corrections go through the
one recording route like every other button (view "host"), so they get the same idempotency and
the engine's refusals inline.
"""

from __future__ import annotations

import secrets
import uuid

from flask import Blueprint, abort, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

from companion.core.lang import _
from companion.games.princes.rules import Refusal, is_solo
from companion.games.princes.rules.catalog import (
    DEFAULT_EDITION,
    EDITIONS,
    FREEDOMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from companion.games.princes.web import recording
from companion.games.princes.words.telling import final_fact
from companion.web.for_games import (
    access,
    current_replay,
    host_game,
    kept_tokens,
    names_refusal,
    public_join_url,
    public_url_for,
    refusal_message,
    require_host,
    told_at,
    typed_names,
    undo_offer,
)

from .catalog import profession_deck_offer
from .table import board_context, board_html, presence_context, seat_presence

bp = Blueprint("hosting", __name__)

SEATS = MAX_PLAYERS
HOST_VIEW = "host"
ON = ("on", "1", "true", "yes")


# -- the form ---------------------------------------------------------------------------------


def parse_host_form(form) -> tuple[dict | None, dict, dict]:
    """(started event fields or None, settings, errors by field) from the posted form.
    Random choices (start player, 2-player Freedoms) are drawn here, with `secrets`."""
    errors: dict[str, str] = {}
    names = typed_names(form, SEATS)
    refused = names_refusal(names, MIN_PLAYERS, MAX_PLAYERS)
    if refused:
        errors["names"] = refused
    start = str(form.get("start", "random"))
    start_player = None
    if start != "random":
        if start.isdigit() and int(start) < max(len(names), 1):
            start_player = int(start)
        else:
            errors["start"] = _("Choose who starts: one of the players above, or random")
    grid_value = str(form.get("grid", "")).lower()
    if grid_value and grid_value not in ON:
        errors["grid"] = _("The grid is on or off")
    muse_value = str(form.get("muse_princess", "")).lower()
    if muse_value and muse_value not in ON:
        errors["muse_princess"] = _("The Muse and the Princess is on or off")
    muse = muse_value in ON
    coop_value = str(form.get("cooperative", "")).lower()
    if coop_value and coop_value not in ON:
        errors["cooperative"] = _("Cooperative Building is on or off")
    coop = coop_value in ON
    edition = str(form.get("edition", DEFAULT_EDITION))
    if edition not in EDITIONS:
        errors["edition"] = _("Choose the rules of your box: one of the editions listed")
    freedoms = None
    supply = str(form.get("freedoms", "5"))
    if len(names) == 2 and "names" not in errors:
        if supply not in ("5", "4"):
            errors["freedoms"] = _("Choose 5 Freedoms, or 4 for the harder game")
        else:
            extra = (
                secrets.SystemRandom().sample(FREEDOMS, 2)
                if supply == "5"
                else [secrets.choice(FREEDOMS)]
            )
            freedoms = {f: 1 + (f in extra) for f in FREEDOMS}
    if errors:
        return None, {}, errors
    if start_player is None:
        start_player = secrets.randbelow(len(names))
    started = {
        "players": names,
        "start_player": start_player,
        "grid": grid_value in ON,
        "expansions": {"muse_princess": muse, "cooperative": coop},
        "solo": None,
        "edition": edition,
    }
    if freedoms is not None:
        started["freedoms"] = freedoms
    settings = {
        "start": "random" if start == "random" else "chosen",
        "grid": grid_value in ON,
        "muse_princess": muse,
        "cooperative": coop,
        "freedom_supply": int(supply) if freedoms is not None else None,
        "edition": edition,
    }
    return started, settings, errors


def _form_values(form) -> dict:
    return {
        "names": [str(form.get(f"name_{i}", ""))[:60] for i in range(SEATS)],
        "start": str(form.get("start", "random")),
        "grid": str(form.get("grid", "")).lower() in ON,
        "muse_princess": str(form.get("muse_princess", "")).lower() in ON,
        "freedoms": str(form.get("freedoms", "5")),
        "cooperative": str(form.get("cooperative", "")).lower() in ON,
        "edition": str(form.get("edition", DEFAULT_EDITION))[:20],
    }


def edition_choices() -> list[dict]:
    """The editions a host may choose, in the catalog's order (the 2022 one first)."""
    return [{"id": k, "title": _(e.title)} for k, e in EDITIONS.items()]


@bp.get("/host")
def form():
    return render_template(
        "princes/host/form.html",
        values=_form_values({}),
        errors={},
        seats=SEATS,
        editions=edition_choices(),
    )


@bp.post("/host")
def create():
    started, settings, errors = parse_host_form(request.form)
    if errors:
        return render_template(
            "princes/host/form.html",
            values=_form_values(request.form),
            errors=errors,
            seats=SEATS,
            editions=edition_choices(),
        ), 422
    try:
        game_id = host_game(started, settings=settings)
    except Refusal as refusal:
        return render_template(
            "princes/host/form.html",
            values=_form_values(request.form),
            errors={"game": refusal_message(refusal)},
            seats=SEATS,
            editions=edition_choices(),
        ), 422
    return redirect(url_for("hosting.page", game_id=game_id), code=303)


# -- the host's page --------------------------------------------------------------------------


def _joins(game_id: str, names: list[str]) -> dict:
    tokens = kept_tokens(game_id)
    if tokens is None:
        return {"seats": [], "spectator": None, "host_link": None}
    return {
        "seats": [
            {
                **p,
                "url": public_join_url(game_id, tokens.seats[p["seat"]]),
                "scribe": url_for("seat.scribe", game_id=game_id, seat=p["seat"]),
            }
            for p in seat_presence(game_id, names)
            if p["seat"] < len(tokens.seats)
        ],
        "spectator": public_join_url(game_id, tokens.spectator),
        "host_link": public_join_url_for_host(game_id, tokens.host),
    }


def public_join_url_for_host(game_id: str, token: str) -> str:
    return public_url_for("games.host_join", game_id=game_id, token=token)


def controls_context(
    game_id: str, refusal: Refusal | None = None, sent=None, done: str | None = None
) -> dict:
    replay = current_replay(game_id)
    state = replay.state
    latest = undo_offer(game_id, host=True)
    sent_type = sent.get("type") if sent is not None else None
    return {
        "game_id": game_id,
        "seq": replay.seq,
        "latest": latest,
        "final": final_fact(replay),
        "solo": is_solo(state),
        "names": [p.name for p in state.players],
        "phase_id": state.phase,
        "undo_id": uuid.uuid4().hex,
        "correction_id": uuid.uuid4().hex,
        "refusal": refusal,
        "sent_type": sent_type,
        "done": done,
        # a refused correction comes back filled in, so the host fixes one field, not four
        "sent": (
            {k: str(sent.get(k, ""))[:200] for k in ("player", "money", "fame", "reason")}
            if sent_type == "correction" and refusal is not None
            else {}
        ),
        "form_view": HOST_VIEW,
        "undo_url": url_for("hosting.undo_fragment", game_id=game_id),
        "events_url": url_for("recording.post_event", game_id=game_id),
    }


def render_host_view(game_id, me, refusal=None, sent=None, recorded=None):
    """What the recording route answers to the host's undo and correction forms."""
    if not me.host:
        abort(403, description=_("Only the host's device can do this."))
    kind = (sent or {}).get("type")
    done = None
    if recorded is not None:
        done = told_at(game_id, recorded.event.seq)
    context = controls_context(game_id, refusal, sent, done)
    block = "correction" if kind == "correction" else "undo"
    return render_block("princes/host/controls.html", block, **context)


VIEWS = {HOST_VIEW: render_host_view}  # the recording route's answer to the host's forms


@recording.bp.before_request
def _host_view_is_for_the_host():
    """The recording route renders the view only after storing the event; a non-host posting
    from the host's forms must be stopped before that, not after."""
    game_id = (request.view_args or {}).get("game_id")
    if request.method != "POST" or request.form.get("view") != HOST_VIEW:
        return
    if request.endpoint == "recording.post_event" and not access(game_id).host:
        abort(403, description=_("Only the host's device can do this."))


@bp.get("/games/<game_id>/host")
def page(game_id: str):
    me = require_host(game_id)
    replay = current_replay(game_id)
    board = board_context(game_id, replay)
    names = [p["name"] for p in board["players"]]
    context = {**controls_context(game_id), **presence_context(game_id, host=True), **board}
    state = replay.state
    deck_offer = (
        profession_deck_offer()
        if getattr(state, "phase", None) == "setup" and hasattr(state, "catalog")
        else None
    )
    return render_template(
        "princes/host/page.html",
        me=me,
        board_html=board_html(game_id, replay),
        joins=_joins(game_id, names),
        deck_offer=deck_offer,
        **context,
    )


@bp.get("/games/<game_id>/host/undo")
def undo_fragment(game_id: str):
    """The undo button, re-rendered live: it always names the event it would take back."""
    require_host(game_id)
    return render_block("princes/host/controls.html", "undo", **controls_context(game_id))
