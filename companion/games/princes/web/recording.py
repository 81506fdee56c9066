"""Turning a Princes tap into an event: parse the form, check who may send it, record it,
re-render.

Every screen posts its buttons to one route. The form names the event's type and fields, an
`event_id` minted when the button was drawn (a double tap or a retry sends the same id and is
stored once) and the `view` to answer with. A refusal comes back inline, next to the button
that sent it, and nothing is stored.
"""

from __future__ import annotations

import re
import types
import typing

from flask import Blueprint, abort, request

from companion.core.lang import N_, _
from companion.core.refusal import FormError
from companion.games.princes.rules import (
    EVENT_SCHEMAS,
    MISREAD_CORRECTED,
    payload_fields,
    said,
    schema_of,
)
from companion.web.for_games import (
    Access,
    check_event_id,
    check_may_undo,
    game_web,
    record,
    require_viewer,
)
from events.boundedjson import JsonRefused, loads

bp = Blueprint("recording", __name__)

# A seat teaches only through the teach flow, with the move that needs it (seat.teach);
# changing what Palazzo knows is the host's act.
SEAT_MAY_NOT = {"game_started", "correction", "profession_taught", "landscape_taught"}


CONTROL_FIELDS = ("type", "event_id", "view", "csrf_token", "as_seat")
WHOLE_NUMBER = re.compile(r"-?\d{1,7}")


def event_from_form(form) -> dict:
    """The event a form describes, built from its event type's declared fields only: a field
    the event does not declare is refused, and each value is read as its declared kind (a
    number, text, a list, or a bounded JSON value). Ranges and sizes are the schema's to judge
    when the Table records it, with the refusal code the rules give for that field."""
    kind = form.get("type", "")
    schema = schema_of(kind)
    if schema is None:
        raise FormError(N_("That button sent no event type Palazzo knows"))
    fields = payload_fields(kind)
    event = {"type": kind}
    for key in form:
        if key in CONTROL_FIELDS:
            continue
        field = fields.get(key)
        if field is None:
            raise FormError(
                N_('%(event)s: unexpected field "%(field)s"'),
                event=said(schema.TITLE),
                field=key[:30],
            )
        event[key] = _read(key, form_kind(field.annotation), form.getlist(key))
    return event


def _read(key: str, kind: str, values: list[str]):
    """One form field as the kind its event declares."""
    values = [v.strip() for v in values]
    if kind == "int_text_or_texts":
        kind = "texts" if len(values) > 1 else "int_or_text"
    if kind in ("ints", "texts"):
        return [int(v) if kind == "ints" and WHOLE_NUMBER.fullmatch(v) else v for v in values if v]
    value = values[0]
    if kind == "int" or (kind == "int_or_text" and WHOLE_NUMBER.fullmatch(value)):
        if not WHOLE_NUMBER.fullmatch(value):
            raise FormError(
                N_('%(field)s must be a whole number, not "%(value)s"'),
                field=key.replace("_", " "),
                value=value[:20],
            )
        return int(value)
    if kind == "bool":
        if value not in ("true", "false"):
            raise FormError(N_("%(field)s is true or false"), field=key.replace("_", " "))
        return value == "true"
    if kind == "json":
        try:
            return loads(value, max_depth=4, max_bytes=8 * 1024)
        except JsonRefused as e:
            raise FormError(
                N_("%(field)s could not be read: %(why)s"), field=key, why=str(e)
            ) from None
    return value


def form_kind(annotation) -> str:
    """How a form carries a field of this declared type: int, text, int_or_text, bool, ints or
    texts (a list, one form value per item) or json (anything nested)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return form_kind(args[0])
    if origin in (typing.Union, types.UnionType):
        kinds = {form_kind(a) for a in args if a is not type(None)}
        if kinds <= {"int", "text"}:
            return kinds.pop() if len(kinds) == 1 else "int_or_text"
        if kinds == {"int", "text", "texts"}:
            return "int_text_or_texts"  # one value: a number or text; several: a list
        return "json"
    if origin is list:
        return {"int": "ints", "text": "texts"}.get(form_kind(args[0]), "json")
    if origin is typing.Literal:
        return "int" if all(isinstance(a, int) for a in args) else "text"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is str:
        return "text"
    return "json"


# Fields a form sends as several values (`professions=a&professions=b`), for forms that
# rebuild an event from a stored one.
LIST_FIELDS = {
    name
    for kind in EVENT_SCHEMAS
    for name, field in payload_fields(kind).items()
    if form_kind(field.annotation) in ("ints", "texts")
}


def authorise(me: Access, event: dict) -> str:
    """The `by` to record: a seat acts for itself only; the host's device (scribe mode) may
    record for any seat; spectators only watch."""
    if me.host:
        return "host"
    if me.seat is None:
        abort(403, description=_("Spectators watch; only seats and the host record events."))
    if event["type"] in SEAT_MAY_NOT:
        abort(403, description=_("Only the host's device can do this."))
    if "player" in event and event["player"] != me.seat:
        abort(403, description=_("You can only act for your own seat."))
    if event["type"] == "retracted":
        check_may_undo(me, event.get("seqs"))
    if event["type"] == MISREAD_CORRECTED:  # ruling 33: whoever entered it, or the host
        check_may_undo(
            me, [event.get("fixes")], _("That was another player's entry: ask the host to fix it.")
        )
    return str(me.seat)


@bp.post("/games/<game_id>/events")
def post_event(game_id):
    me = require_viewer(game_id)
    view = request.form.get("view", "")
    # the screens say how to answer a post made from them (their fragment, re-rendered)
    render = game_web(game_id).views.get(view)
    if render is None:
        abort(400, description=_("That form does not say which screen sent it."))
    check_event_id(request.form.get("event_id"))
    event_id = request.form.get("event_id") or None
    try:
        event = event_from_form(request.form)
    except FormError as e:
        return render(game_id, me, refusal=e.refusal(), sent=request.form), 422
    if me.host and request.form.get("as_seat", "").isdigit():
        me = Access(game_id, host=True, seat=int(request.form["as_seat"]))
    by = authorise(me, event)
    recorded, refusal = record(game_id, event, by, event_id)
    if refusal is not None:
        return render(game_id, me, refusal=refusal, sent=request.form), 422
    return render(game_id, me, recorded=recorded, sent=request.form)
