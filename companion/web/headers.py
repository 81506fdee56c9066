"""Response headers every page gets.

- Referrer-Policy no-referrer: join links carry seat tokens in their path; no page may
  pass its URL on to anyone.
- A strict Content-Security-Policy: scripts only from /static (no inline <script>, no
  CDN), so injected markup cannot run code. htmx's own attribute handlers (data-hx-on) need
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


EVERY_RESPONSE = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("Referrer-Policy", "no-referrer"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
)


def add_headers(response: Response) -> Response:
    """The headers above, each unless the response has its own. Every answer pays this (a
    phone's fetch after each move): the names it has are read once, where `setdefault` read
    them twice per header."""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    for name, value in EVERY_RESPONSE:
        if name.lower() not in present:
            headers.add(name, value)
    vary(response, "HX-Request")
    if "cache-control" not in present and response.mimetype == "text/html":
        # Pages show live game state: a back button or a resumed tab must refetch them.
        headers.add("Cache-Control", "no-store")
    return response


def vary(response: Response, *names: str) -> None:
    """Add `names` to the response's Vary header. `response.vary.add` parses the header and
    writes it again for each name; here a response without one gets it in one write, and one
    with it only the names it lacks."""
    headers = response.headers
    current = headers.get("Vary")
    if not current:
        headers["Vary"] = ", ".join(names)
        return
    have = {part.strip().lower() for part in current.split(",")}
    missing = [name for name in names if name.lower() not in have]
    if missing:
        headers["Vary"] = ", ".join([current, *missing])


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
