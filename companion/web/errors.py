"""Friendly error pages, and for htmx requests a notice swapped into the page's #flash box.

Phones send garbage (stale pages, half-typed URLs, double taps): those get a 4xx that
says what to do, never a 500 or a stack trace.
"""

from __future__ import annotations

from flask import Flask, render_template
from htmx_flask import make_response, request
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import HTTPException, InternalServerError

from companion.core.lang import N_, _

TITLES = {
    400: N_("That request didn't make sense"),
    403: N_("Not allowed"),
    404: N_("Nothing here"),
    405: N_("Not allowed here"),
    409: N_("Someone was quicker"),
    413: N_("Too much data"),
    429: N_("Slow down"),
    500: N_("Something went wrong"),
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
}
FLASH_TARGET = "#flash"  # the notice box in base.html


def error_response(code: int, message: str | None = None, *, headers=None):
    """Render the error page (or its `notice` block for htmx) with status `code`."""
    title = _(TITLES[code]) if code in TITLES else _("Error")
    text = message or (
        _(MESSAGES[code]) if code in MESSAGES else _("Something unexpected happened.")
    )
    context = {"code": code, "title": title, "message": text}
    if request.htmx:
        body = render_block("error.html", "notice", **context)
        response = make_response(body, code, retarget=FLASH_TARGET, reswap="innerHTML")
    else:
        response = make_response(render_template("error.html", **context), code)
    for name, value in headers or ():
        if name.lower() != "content-type":
            response.headers[name] = value
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


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(InternalServerError, handle_internal_error)
    _store_error_handlers(app)
