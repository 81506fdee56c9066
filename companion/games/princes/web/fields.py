"""The hidden fields of a phone panel's forms, written in Python rather than a Jinja macro.

Every button of a seat's panel is a form carrying its event as hidden fields, and a panel is
drawn for every seat at every move: a Jinja macro's loop and tests were a good part of a
panel's CPU. `event_fields` is the `fields(event)` of templates/princes/phone/_macros.html.
"""

from __future__ import annotations

import uuid
from functools import lru_cache
from numbers import Number

from flask import current_app
from jinja2 import pass_context
from markupsafe import Markup, escape

from companion.web.for_games import csrf_field


@pass_context
def event_fields(context, event: dict) -> Markup:
    """The CSRF token, the view, a fresh event id, the seat in scribe mode, and the event's
    own fields (a list as one field per item, the cells as JSON) of one form; `view`, `scribe`
    and `seat` come from the panel's context (phone_context)."""
    parts = [
        str(csrf_field()),
        f'\n<input type="hidden" name="view" value="{escape(context.get("view"))}">',
        f'\n<input type="hidden" name="event_id" value="{uuid.uuid4().hex}">',
    ]
    if context.get("scribe"):
        parts.append(f'<input type="hidden" name="as_seat" value="{escape(context.get("seat"))}">')
    for key, value in event.items():
        name = escape(key)
        if key == "cells":
            cells = current_app.jinja_env.filters["tojson"](value)
            parts.append(f'<input type="hidden" name="cells" value=\'{cells}\'>')
        elif isinstance(value, (str, Number)):
            parts.append(f'<input type="hidden" name="{name}" value="{escape(value)}">')
        else:
            parts += [f'<input type="hidden" name="{name}" value="{escape(i)}">' for i in value]
    return Markup("".join(parts))


@lru_cache(maxsize=256)
def form_attrs(panel_id: str, events_url: str) -> tuple[Markup, Markup]:
    """(posted, synced): the attributes every form and link of a panel shares, exactly what
    the `post()` and `sync()` macros of _macros.html write, written once per panel id and
    events URL (two macro calls were half of the macros' import, made for every panel
    drawn)."""
    panel = escape(panel_id)
    synced = f'data-hx-target="#{panel}" data-hx-swap="outerHTML" data-hx-sync="closest #{panel}:replace"'
    url = escape(events_url)
    posted = (
        f'method="post" action="{url}" data-hx-post="{url}" {synced} '
        "data-hx-disabled-elt=\"find button[type='submit']\""
    )
    return Markup(posted), Markup(synced)
