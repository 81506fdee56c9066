"""Response headers every page gets.

- Referrer-Policy no-referrer: join links carry seat tokens in their path; no page may
  pass its URL on to anyone.
- A strict Content-Security-Policy: scripts only from /static (no inline <script>, no
  CDN), so injected markup cannot run code. htmx's own attribute handlers (hx-on) need
  eval and are therefore off; write behaviour in static/palazzo.js instead.
- Vary: HX-Request, because one URL may answer with a full page or an htmx fragment and
  a cache must not hand one out for the other.
"""

from __future__ import annotations

from flask import Flask, Response

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def add_headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    response.vary.add("HX-Request")
    if response.mimetype == "text/html":
        # Pages show live game state: a back button or a resumed tab must refetch them.
        headers.setdefault("Cache-Control", "no-store")
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
