"""Palazzo as an app on the phone's home screen: the web app manifest, the service worker and
the page it shows when the server cannot be reached.

A player who adds Palazzo to the home screen opens it like an app: standalone, on the home
page, whose Resume button takes this phone back to its game in one tap. The service worker
keeps only what is the same for everybody (the CSS, the scripts, the icons) and the offline
page in this phone's language: never a seat's panel, a join link or a host's page, which
are private and live. It is served from the root so that its scope is the whole site (a
worker under /static/ could only see /static/).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, url_for

from companion.core.lang import _

bp = Blueprint("installable", __name__)

THEME = "#7a1f1f"  # the topbar's red (static/palazzo.css, base.html's theme-color)
BACKGROUND = "#f7f1e3"  # the page's paper


def manifest() -> dict:
    """The manifest, as Chromium's and Safari's installers read it (names, where it opens,
    the icons Android and iOS ask for)."""

    def icon(name: str, size: int, purpose: str) -> dict:
        return {
            "src": url_for("static", filename=f"icons/{name}"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }

    return {
        "id": "/",
        "name": "Palazzo",
        "short_name": "Palazzo",
        "description": _("A phone companion for The Princes of Florence and Firenze"),
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            icon("icon-192.png", 192, "any"),
            icon("icon-512.png", 512, "any"),
            icon("maskable-192.png", 192, "maskable"),
            icon("maskable-512.png", 512, "maskable"),
        ],
    }


@bp.get("/manifest.webmanifest")
def web_manifest():
    response = current_app.json.response(manifest())
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker():
    """static/sw.js at the root, so its scope is the whole site; asked again at every check
    (no-cache), so a new Palazzo's worker replaces the old one at once."""
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def offline() -> Response:
    """What a phone shows when it opens Palazzo and cannot reach the server: kept by the
    service worker, so nothing in it belongs to a session (no game, no token, no CSRF)."""
    return Response(render_template("offline.html"), mimetype="text/html")
