"""The session cookie, signed again only when it changed or once a day.

Flask re-signs a permanent session on every request (SESSION_REFRESH_EACH_REQUEST), so that
its expiry slides: serialising, compressing and signing the cookie and sending it back was a
sixth of a small request's CPU, on every fragment a phone fetches after every move. Here a
session that did not change is signed again only when its signature is older than
REFRESH_AFTER: the cookie's expiry still slides (PERMANENT_SESSION_LIFETIME from the last
day's visit, not the last request's), and a session that changed is sent at once as before,
also when only a value inside it changed (`session["games"][g]["seat"] = 1` does not mark a
Flask session modified: it is compared with a copy of what the cookie held). The signer is made once per key, not twice per request.
"""

from __future__ import annotations

import copy
import time
from datetime import datetime

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

REFRESH_AFTER = 24 * 3600.0  # seconds: an unchanged session's cookie is signed again after this


class Session(SecureCookieSession):
    """A session that knows when its cookie was signed (None: new, or not from a cookie) and
    what it held then."""

    signed_at: float | None = None
    loaded: dict | None = None


class KeptSessionInterface(SecureCookieSessionInterface):
    session_class = Session

    def __init__(self) -> None:
        self._signer: tuple[tuple, URLSafeTimedSerializer | None] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._signer is None or self._signer[0] != keys:
            self._signer = (keys, super().get_signing_serializer(app))
        return self._signer[1]

    def open_session(self, app: Flask, request: Request) -> Session | None:
        signer = self.get_signing_serializer(app)
        if signer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        try:
            data, signed = signer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.loaded = copy.deepcopy(data)
        session.signed_at = signed.timestamp() if isinstance(signed, datetime) else None
        return session

    def should_set_cookie(self, app: Flask, session) -> bool:
        if not app.config["RENDER_ONCE"]:  # off: the code before issue 22, signed every time
            return super().should_set_cookie(app, session)
        if session.modified or dict(session) != getattr(session, "loaded", None):
            return True
        if not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            return False
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or time.time() - signed_at >= REFRESH_AFTER


def init_app(app: Flask) -> None:
    app.session_interface = KeptSessionInterface()
