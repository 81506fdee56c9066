"""Cross-site request forgery guard.

Every phone at the table shares one LAN and any page it visits could post to this server,
so each state-changing request must prove it came from one of our pages: a per-session
random token, rendered into pages and sent back as the `csrf_token` form field or the
`X-CSRF-Token` header (base.html puts the header on every htmx request via data-hx-headers).
"""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, current_app, request, session
from markupsafe import Markup, escape

from companion.core.lang import N_, _

SESSION_KEY = "_csrf"
FORM_FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
CHECKED_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FAILURE_MESSAGE = N_(
    "This page is out of date or your session has expired, so the action was not done. "
    "Reload the page and try again."
)


def csrf_token() -> str:
    """This session's token, created on first use (which also makes the session permanent,
    so a phone keeps it across browser restarts)."""
    token = session.get(SESSION_KEY)
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        session[SESSION_KEY] = token
        session.permanent = True
    return token


def has_csrf_token() -> bool:
    """Whether this session already holds its token: a request that cannot set a cookie (a
    live stream, its headers long sent) must not draw forms with a token never stored."""
    token = session.get(SESSION_KEY)
    return isinstance(token, str) and len(token) >= 32


def csrf_field() -> Markup:
    """Hidden input for plain (non-htmx) forms."""
    return Markup(f'<input type="hidden" name="{FORM_FIELD}" value="{escape(csrf_token())}">')


def exempt(view):
    """Mark a view that must accept unauthenticated writes (none yet; think twice)."""
    view.csrf_exempt = True
    return view


def _presented_token() -> str | None:
    token = request.headers.get(HEADER)
    if token:
        return token
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return request.form.get(FORM_FIELD)
    return None


def _tokens_equal(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


def check_request() -> None:
    if request.method not in CHECKED_METHODS:
        return
    if request.routing_exception is not None:
        return  # let routing answer 404/405 instead of a misleading 403
    view = current_app.view_functions.get(request.endpoint or "")
    if getattr(view, "csrf_exempt", False):
        return
    expected = session.get(SESSION_KEY)
    presented = _presented_token()
    if not isinstance(expected, str) or not presented or not _tokens_equal(presented, expected):
        abort(403, description=_(FAILURE_MESSAGE))


def init_app(app: Flask) -> None:
    app.before_request(check_request)
    app.jinja_env.globals.update(csrf_token=csrf_token, csrf_field=csrf_field)
