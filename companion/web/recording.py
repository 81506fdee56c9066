"""Turning a tap into an event: parse the form, check who may send it, record it, re-render.

Every screen posts its buttons to one route. The form names the event's type and fields, an
`event_id` minted when the button was drawn (a double tap or a retry sends the same id and is
stored once) and the `view` to answer with. A refusal comes back inline, next to the button
that sent it, and nothing is stored.
"""

from __future__ import annotations

import json
import re

from flask import Blueprint, abort, request

from companion.learned import LearnedCatalog
from companion.rules import Refusal
from companion.table import Table

from .access import Access, require_viewer
from .store import app_extension, get_store

bp = Blueprint("recording", __name__)
EXTENSION_KEY = "palazzo.table"

INT_FIELDS = {
    "player",
    "amount",
    "points",
    "prestige",
    "from_player",
    "money",
    "fame",
    "value",
    "start_player",
    "cells_count",
    "card_number",
    "partner",
    "partner_payment",
    "space",
    "florin",
}
BOOL_FIELDS = {"princess"}
LIST_FIELDS = {"professions", "bonus_cards", "seqs", "cards"}
JSON_FIELDS = {"cells", "panels"}
TEXT_FIELDS = {
    "object",
    "landscape",
    "profession",
    "building",
    "freedom",
    "card",
    "reason",
    "deck",
    "name",
    "owner",
    "source",
    "character",
    "effect",
}
# A seat teaches only through the teach flow, with the move that needs it (seat.teach);
# changing what Palazzo knows is the host's act.
SEAT_MAY_NOT = {"game_started", "correction", "profession_taught", "landscape_taught"}
EVENT_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")

VIEWS: dict = {}  # view name -> callable(game_id, access, refusal=None, sent=None) -> response


def register_view(name: str, render):
    """Screens say how to answer a post made from them (their fragment, re-rendered)."""
    VIEWS[name] = render


def get_table(app=None) -> Table:
    return app_extension(app, EXTENSION_KEY, _open_table)


def _open_table(app) -> Table:
    """The Table, telling this process's live streams of each event it records."""
    from .live import get_watcher

    table = Table(get_store(app), LearnedCatalog(app.instance_path))
    table.listeners.append(get_watcher(app).announce)
    return table


class FormError(ValueError):
    """A field that is not even the right kind of value: told to the player like a refusal."""


def event_from_form(form) -> dict:
    kind = form.get("type", "")
    if not re.fullmatch(r"[a-z_]{3,40}", kind):
        raise FormError("That button sent no event type Palazzo knows")
    event = {"type": kind}
    for key in form:
        if key in ("type", "event_id", "view", "csrf_token", "as_seat"):
            continue
        values = [v.strip() for v in form.getlist(key)]
        if key in INT_FIELDS:
            if not re.fullmatch(r"-?\d{1,7}", values[0]):
                raise FormError(
                    f"{key.replace('_', ' ')} must be a whole number, not {values[0][:20]!r}"
                )
            event[key] = int(values[0])
        elif key in LIST_FIELDS:
            items = [v for v in values if v]
            event[key] = [int(v) if key == "seqs" and v.isdigit() else v for v in items]
        elif key in JSON_FIELDS:
            try:
                event[key] = json.loads(values[0])
            except ValueError:
                raise FormError(f"{key} could not be read") from None
        elif key in BOOL_FIELDS:
            if values[0] not in ("true", "false"):
                raise FormError(f"{key} is true or false")
            event[key] = values[0] == "true"
        elif key in TEXT_FIELDS:
            event[key] = values[0][:200]
        else:
            raise FormError(f"Unexpected field {key[:30]!r}")
    return event


def authorise(me: Access, event: dict) -> str:
    """The `by` to record: a seat acts for itself only; the host's device (scribe mode) may
    record for any seat; spectators only watch."""
    if me.host:
        return "host"
    if me.seat is None:
        abort(403, description="Spectators watch; only seats and the host record events.")
    if event["type"] in SEAT_MAY_NOT:
        abort(403, description="Only the host's device can do this.")
    if "player" in event and event["player"] != me.seat:
        abort(403, description="You can only act for your own seat.")
    if event["type"] == "retracted":
        _only_own_events(me, event.get("seqs"))
    return str(me.seat)


def _only_own_events(me: Access, seqs):
    """A seat undoes its own latest moves; anyone else's need the host (ruling 14: not past
    another player's later action without their consent)."""
    if not isinstance(seqs, list) or not seqs or not all(isinstance(x, int) for x in seqs):
        return  # the engine refuses it with its reason
    mine = str(me.seat)
    stored = get_table().events(me.game_id, after_seq=min(seqs) - 1)
    if any(e.by != mine for e in stored if e.seq in seqs):
        abort(403, description="That was another player's move: ask the host to undo it.")


def record(game_id: str, event: dict, by: str, event_id: str | None, teach=()):
    """(recorded, refusal): exactly one is None."""
    try:
        return get_table().record(game_id, event, by=by, event_id=event_id, teach=teach), None
    except Refusal as refusal:
        return None, refusal


@bp.post("/games/<game_id>/events")
def post_event(game_id):
    me = require_viewer(game_id)
    view = request.form.get("view", "")
    render = VIEWS.get(view)
    if render is None:
        abort(400, description="That form does not say which screen sent it.")
    event_id = request.form.get("event_id") or None
    if event_id is not None and not EVENT_ID.match(event_id):
        abort(400, description="That button's event id is malformed: reload the page.")
    try:
        event = event_from_form(request.form)
    except FormError as e:
        refusal = Refusal("bad_event", str(e))
        return render(game_id, me, refusal=refusal, sent=request.form), 422
    if me.host and request.form.get("as_seat", "").isdigit():
        me = Access(game_id, host=True, seat=int(request.form["as_seat"]))
    by = authorise(me, event)
    recorded, refusal = record(game_id, event, by, event_id)
    if refusal is not None:
        return render(game_id, me, refusal=refusal, sent=request.form), 422
    return render(game_id, me, recorded=recorded, sent=request.form)
