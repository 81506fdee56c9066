"""The session cookie, signed again only when it changed or once a day.

Flask re-signs a permanent session on every request (SESSION_REFRESH_EACH_REQUEST), so that
its expiry slides: serialising, compressing and signing the cookie and sending it back was a
sixth of a small request's CPU, on every fragment a phone fetches after every move. Here a
session that did not change is signed again only when its signature is older than
REFRESH_AFTER: the cookie's expiry still slides (PERMANENT_SESSION_LIFETIME from the last
day's visit, not the last request's), and a session that changed is sent at once as before,
also when only a value inside it changed (`session["games"][g]["seat"] = 1` does not mark a
Flask session modified: it is compared with a copy of what the cookie held). The signer is made once per key, not twice per request.

A phone sends the same cookie with every request (a tap, each fetch after each move, its
stream), and checking its signature and decoding it was most of what opening a session cost.
What a cookie's text was verified to hold is kept (`VERIFIED_MAX` cookies per process, keyed on
the cookie's exact text and forgotten with the key that verified them): the same text, signed
by the same key, holds the same data, so only the signature's age is checked again, against
the lifetime as it is now, as itsdangerous checks it. Nothing unverified is ever kept, and any
other text (one byte changed) is verified in full. A lookup compares the text only after its
hash matched, a hash salted per process, so it tells an attacker nothing about a kept cookie.
Each request gets its own copy of the data to change.
"""

from __future__ import annotations

import copy
import time
from datetime import datetime

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

from .headers import vary

REFRESH_AFTER = 24 * 3600.0  # seconds: an unchanged session's cookie is signed again after this
VERIFIED_MAX = 4096  # cookies kept verified; forgotten all at once past this (it only saves CPU)


class Session(SecureCookieSession):
    """A session that knows when its cookie was signed (None: new, or not from a cookie) and
    what it held then."""

    signed_at: float | None = None
    loaded: dict | None = None


class KeptSessionInterface(SecureCookieSessionInterface):
    session_class = Session

    def __init__(self) -> None:
        self._signer: tuple[tuple, URLSafeTimedSerializer | None] | None = None
        # cookie text -> (the data it holds, when it was signed): verified by self._signer's keys
        self._verified: dict[str, tuple[dict, float]] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if self._signer is None or self._signer[0] != keys:
            self._verified = {}  # what the old keys verified, the new ones have not
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
        verified = self._verified.get(value)
        if verified is None:
            session = self._verify(signer, value, max_age)
            if session.signed_at is not None:
                if len(self._verified) >= VERIFIED_MAX:
                    self._verified.clear()
                self._verified[value] = (session.loaded, session.signed_at)
            return session
        data, signed_at = verified
        age = int(time.time()) - int(signed_at)
        if age > max_age or age < 0:  # as itsdangerous: expired, or signed in the future
            return self.session_class()
        session = self.session_class(copy.deepcopy(data))
        session.loaded = data  # only ever compared with, never changed
        session.signed_at = signed_at
        return session

    def _verify(self, signer: URLSafeTimedSerializer, value: str, max_age: int) -> Session:
        """The session a cookie holds, its signature and age checked (empty if they fail)."""
        try:
            data, signed = signer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.loaded = copy.deepcopy(data)
        session.signed_at = signed.timestamp() if isinstance(signed, datetime) else None
        return session

    def save_session(self, app: Flask, session, response) -> None:
        """Flask's, without its seven cookie settings looked up and its Vary header parsed
        again for the answer that sends no cookie, nearly every one."""
        if session and not self.should_set_cookie(app, session):
            if session.accessed:
                vary(response, "Cookie")
            return
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session) -> bool:
        if session.modified or dict(session) != getattr(session, "loaded", None):
            return True
        if not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            return False
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or time.time() - signed_at >= REFRESH_AFTER


def init_app(app: Flask) -> None:
    app.session_interface = KeptSessionInterface()
