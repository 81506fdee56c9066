"""Friendly error pages, and for htmx requests a notice swapped into the page's #flash box.

Phones send garbage (stale pages, half-typed URLs, double taps): those get a 4xx that
says what to do, never a 500 or a stack trace, and the log gets one short line at most.

The full error page is drawn in the site's frame (base.html), which asks the database (the
game's unreadable events, the logo's link) and the URL map. When either is out of reach (the
database is down, or the request never matched a server name so there is no URL map) the
same words come on a bare page that needs nothing but the request: an error page must never
fail into a bare "Internal Server Error". A database outage is told as such (503: the game is
safe, try again), never as a server fault.
"""

from __future__ import annotations

import logging

from flask import Flask, render_template
from flask.globals import request_ctx
from htmx_flask import make_response, request
from jinja2_fragments.flask import render_block
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

from companion.core.lang import N_, _, current

log = logging.getLogger(__name__)

TITLES = {
    400: N_("That request didn't make sense"),
    403: N_("Not allowed"),
    404: N_("Nothing here"),
    405: N_("Not allowed here"),
    409: N_("Someone was quicker"),
    413: N_("Too much data"),
    429: N_("Slow down"),
    500: N_("Something went wrong"),
    503: N_("Palazzo cannot reach its records"),
}
MESSAGES = {
    400: N_(
        "The server could not understand what your browser sent. Reload the page and try again."
    ),
    403: N_("You are not allowed to do that from this device."),
    404: N_("This page does not exist. Check the link, or scan the QR code again."),
    405: N_("That action is not available on this page. Reload the page and try again."),
    409: N_("The game moved on while you were deciding. Check the updated screen and try again."),
    413: N_("What your browser sent is far bigger than anything this game needs."),
    500: N_("The server hit a problem. Your game is safe; reload the page and try again."),
    503: N_(
        "Palazzo cannot reach its database right now. Your game is safe: everything recorded "
        "is kept. Try again in a moment."
    ),
}
TAP_NOT_RECORDED = N_(
    "This tap was not recorded: Palazzo cannot reach its database right now. Your game is "
    "safe; tap again in a moment."
)
RETRY_AFTER = "5"  # seconds: a database restart or a locked file usually passes this soon
FLASH_TARGET = "#flash"  # the notice box in base.html


def error_response(code: int, message: str | None = None, *, headers=None):
    """Render the error page (or its `notice` block for htmx) with status `code`."""
    title = _(TITLES[code]) if code in TITLES else _("Error")
    text = message or (
        _(MESSAGES[code]) if code in MESSAGES else _("Something unexpected happened.")
    )
    context = {"code": code, "title": title, "message": text}
    if request_ctx.url_adapter is None:  # a Host that is none of ours: no URL map to draw with
        response = bare_response(code, title, text)
        return _with_headers(response, headers)
    try:
        if request.htmx:
            body = render_block("error.html", "notice", **context)
            response = make_response(body, code, retarget=FLASH_TARGET, reswap="innerHTML")
        else:
            response = make_response(render_template("error.html", **context), code)
    except Exception as error:  # no URL map (a foreign Host), no database: the bare page
        log.warning("error page %s drawn bare: %s", code, type(error).__name__)
        response = bare_response(code, title, text)
    return _with_headers(response, headers)


def _with_headers(response, headers):
    for name, value in headers or ():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def bare_response(code: int, title: str, text: str):
    """The error in plain HTML that needs no template context, URL map or database. For an
    htmx request only the notice (retargeted to the page's #flash box)."""
    notice = (
        f'<div class="notice notice-error" role="alert" data-status="{code}">'
        f'<p class="notice-title">{escape(title)}</p><p>{escape(text)}</p>'
    )
    if request.htmx:
        notice += (
            '<button type="button" class="btn btn-small" data-dismiss="flash">'
            f"{escape(_('OK'))}</button></div>"
        )
        return make_response(notice, code, retarget=FLASH_TARGET, reswap="innerHTML")
    notice += "</div>"
    home = escape((request.script_root or "") + "/")
    page = (
        f'<!doctype html>\n<html lang="{escape(current())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · Palazzo</title></head>"
        '<body style="font-family: sans-serif; max-width: 36rem; margin: 2rem auto; '
        f'padding: 0 1rem">{notice}<p><a href="{home}">{escape(_("Back to the start"))}</a>'
        "</p></body></html>\n"
    )
    response = make_response(page, code)
    response.mimetype = "text/html"
    return response


def handle_http_exception(error: HTTPException):
    code = error.code or 500
    if code < 400:  # RequestRedirect and friends are not errors
        return error
    # Werkzeug's stock descriptions are written for developers; keep only custom ones.
    custom = error.description if error.description != type(error).description else None
    return error_response(code, custom, headers=error.get_headers())


def handle_internal_error(error: InternalServerError):
    return error_response(500)


def _store_error_handlers(app: Flask) -> None:
    """Store failures that reach a view are the client's doing (stale seq, unknown game)."""
    from events import EventIdClash, EventStoreError, InvalidEvent, SeqConflict, UnknownGame

    def handle_store_error(error: EventStoreError):
        if isinstance(error, EventIdClash):  # only that: the other game is none of their business
            return error_response(
                409, _("That button's event id is already used: reload the page and tap again.")
            )
        if isinstance(error, UnknownGame):
            return error_response(404, _("There is no such game on this server."))
        if isinstance(error, InvalidEvent):
            return error_response(400)
        if isinstance(error, SeqConflict):
            return error_response(409)
        return error_response(409, str(error))

    app.register_error_handler(EventStoreError, handle_store_error)


def _outage_handlers(app: Flask) -> None:
    """The database out of reach (PostgreSQL stopped or restarting, an SQLite file that cannot
    be opened or read, a pool with no free connection): 503 on the bare page, which needs no
    database, saying the game is safe; a tap says it was not recorded. One log line each."""
    from sqlalchemy.exc import DatabaseError, InterfaceError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    def handle_outage(error: Exception):
        if (
            isinstance(error, DatabaseError)
            and not isinstance(error, (OperationalError, InterfaceError))
            and type(error) is not DatabaseError
        ):
            raise error  # a bug (integrity, programming), not an outage: the 500 page
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        log.warning(
            "database out of reach (%s): %s",
            type(error).__name__,
            (reason[0] if reason else "")[:160],
        )
        title = _(TITLES[503])
        text = _(TAP_NOT_RECORDED) if request.method == "POST" else _(MESSAGES[503])
        response = bare_response(503, title, text)
        response.headers["Retry-After"] = RETRY_AFTER
        return response

    for kind in (OperationalError, InterfaceError, DatabaseError, PoolTimeout):
        app.register_error_handler(kind, handle_outage)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(InternalServerError, handle_internal_error)
    _store_error_handlers(app)
    _outage_handlers(app)
