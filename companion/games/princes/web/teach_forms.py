"""The forms a phone teaches a card with, on first use inside the move that needs it: the move
they carry along (`parse_resend`), and the card or Landscape size they add to it."""

from __future__ import annotations

import json

from werkzeug.datastructures import MultiDict

from companion.core.lang import N_, _
from companion.games.princes.rules.catalog import LANDSCAPES, STARTING_HAND
from companion.games.princes.screens import phone as screens
from companion.games.princes.teaching import (
    TeachError,
    match_known,
    needs_teaching,
    read_cells,
    read_profession,
)
from companion.games.princes.web.recording import LIST_FIELDS, FormError, event_from_form
from companion.games.princes.words import object_name
from events.boundedjson import JsonRefused, loads

MAX_RESEND = 2000  # characters of the event a teach form carries along


def parse_resend(text: str) -> dict:
    """The event a teach form carries, checked like any posted form."""
    if not text or len(text) > MAX_RESEND:
        raise FormError(N_("This form lost the move it was for: go back and try again"))
    unreadable = FormError(N_("This form's move could not be read: go back and try again"))
    try:
        data = loads(text, max_depth=4, max_bytes=MAX_RESEND)
    except JsonRefused:
        raise unreadable from None
    if not isinstance(data, dict) or data.get("type") not in screens.TEACHABLE:
        raise unreadable
    form = MultiDict()
    for key, value in data.items():
        if not isinstance(key, str):
            raise unreadable
        if key == "cells":
            form.add(key, json.dumps(value))
        elif isinstance(value, list) and key in LIST_FIELDS:
            for item in value:
                form.add(key, str(item))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            form.add(key, str(value))
        else:
            raise unreadable
    return event_from_form(form)


def teach_profession(state, installed, resend: dict, form: dict) -> tuple[dict | None, dict]:
    """(the move to send, or None for a starting hand still short of cards; the
    `profession_taught` event to record with it, or None when Palazzo knows the card). A seat
    teaches only a card of its own move, and only one Palazzo does not know yet, or a name in
    another language for a card it knows (asked first: "is this the Sculpteur?")."""
    fixed = resend.get("profession") if resend["type"] != "starting_hand_chosen" else None
    card = read_profession(form, fixed if isinstance(fixed, str) and fixed else None)
    named = False
    if not (isinstance(fixed, str) and fixed):  # a card the move does not name yet
        card, named = match_known(card, form, state.catalog, installed)
    teaching = card.event() if named or needs_teaching(card, state.catalog, installed) else None
    event = dict(resend)
    if resend["type"] == "starting_hand_chosen":
        chosen = list(dict.fromkeys([*(resend.get("professions") or []), card.pid]))
        if len(chosen) < STARTING_HAND:
            return None, teaching or {"profession": card.pid}
        event["professions"] = chosen
    else:
        event["profession"] = card.pid
    return event, teaching or {"profession": card.pid}


def teach_landscape(state, installed, resend: dict, form: dict) -> tuple[dict, dict | None]:
    """(the move, the `landscape_taught` event it needs, or None when Palazzo knows the size)."""
    kind = resend.get("landscape")
    if kind not in LANDSCAPES:
        raise FormError(N_("This form lost which Landscape it was for: go back and try again"))
    cells = read_cells(form.get("cells"), kind)
    known = state.catalog.landscape_cells.get(kind) or (
        installed.landscape_cells.get(kind) if installed is not None else 0
    )
    if known and known != cells:
        raise TeachError(
            _(
                "Palazzo already knows that a %(landscape)s covers %(num)s squares. Count the "
                "tile again; if Palazzo has it wrong, the host can change it on the catalog "
                "screen.",
                landscape=object_name(kind),
                num=known,
            )
        )
    return resend, None if known else {
        "type": "landscape_taught",
        "landscape": kind,
        "cells": cells,
    }
