"""The catalog screen: the 21 Profession cards and the Landscape sizes this installation knows.

Anyone on the LAN may look (nothing here is secret). Changing it needs two things: the page's
CSRF token (so no other web page can post here) and either the host role in a game on this
server or a browser on the serving machine itself, so the phones that joined as players or
spectators cannot change it. Every change is validated before it is kept, a game's own log
keeps copies of what it was taught, and export/import restores a known-good file.
"""

from __future__ import annotations

import ipaddress
import json
import re

from flask import Blueprint, Response, abort, current_app, render_template, request, session

from companion.learned import MAX_CATALOG_BYTES, LearnedCatalog
from companion.rules.catalog import (
    BUILDINGS,
    BUILTIN,
    BUILTIN_PROFESSIONS,
    FREEDOMS,
    LANDSCAPES,
    OBJECT_NAMES,
    PROFESSION_DECK,
    PROFESSIONS_PER_LANDSCAPE,
    CatalogError,
)

from .access import SESSION_KEY

bp = Blueprint("catalog", __name__)

NAME = re.compile(r"^[A-Za-z][A-Za-z '\-]{0,39}$")
MAX_CELLS = 12


def learned() -> LearnedCatalog:
    return LearnedCatalog(current_app.instance_path)


def may_change() -> bool:
    """Host of some game in this browser, or a browser on the serving machine."""
    games = session.get(SESSION_KEY) or {}
    if isinstance(games, dict) and any(
        isinstance(v, dict) and v.get("host") for v in games.values()
    ):
        return True
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def _require_change():
    if not may_change():
        abort(
            403,
            description="Only a host may change the catalog: host a game from this "
            "device first, or use the computer Palazzo runs on.",
        )


def card_id(name: str) -> str:
    """The catalog's id for a card named on the table: its snake_case English name."""
    return re.sub(r"[^a-z]+", "_", name.casefold()).strip("_")


def _status(pid: str, card, taught: dict) -> str:
    """Where the entry came from, and whether someone checked it against a real card."""
    origin = "built in" if pid in BUILTIN_PROFESSIONS and pid not in taught else "taught"
    return f"{origin}, {'verified' if card.verified else 'unverified'}"


def page_context(
    message: str | None = None, error: str | None = None, values: dict | None = None
) -> dict:
    store = learned()
    try:
        catalog = store.catalog()
        taught = store.learned().get("professions") or {}
        broken = None
    except CatalogError as e:  # a hand-edited file that no longer reads: say so, show built-ins
        catalog, taught, broken = BUILTIN, {}, str(e)
    cards = [
        {
            "id": pid,
            "name": c.name,
            "building": c.building,
            "landscape": c.landscape,
            "freedom": c.freedom,
            "source": c.source,
            "verified": c.verified,
            "status": _status(pid, c, taught),
        }
        for pid, c in sorted(catalog.professions.items(), key=lambda kv: kv[1].name)
    ]
    return {
        "cards": cards,
        "check": catalog.consistency(),
        "deck": PROFESSION_DECK,
        "wanted": PROFESSIONS_PER_LANDSCAPE,
        "cells": {k: catalog.landscape_cells.get(k, 0) for k in LANDSCAPES},
        "buildings": [(b, BUILDINGS[b][0]) for b in BUILDINGS],
        "landscapes": [(k, OBJECT_NAMES[k]) for k in LANDSCAPES],
        "freedoms": [(f, f.title()) for f in FREEDOMS],
        "may_change": may_change(),
        "message": message,
        "error": error or broken,
        "values": values or {},
        "max_cells": MAX_CELLS,
    }


def _render(status: int = 200, **kw):
    return render_template("catalog/page.html", **page_context(**kw)), status


@bp.get("/catalog")
def page():
    return _render()


@bp.post("/catalog/professions")
def teach_profession():
    """One card: its name and three taps (Building, Landscape, Freedom)."""
    _require_change()
    form = request.form
    name = re.sub(r"\s+", " ", str(form.get("name", ""))).strip()
    values = {k: str(form.get(k, ""))[:60] for k in ("name", "building", "landscape", "freedom")}
    problems = []
    if not NAME.match(name):
        problems.append("Give the card's name as printed (letters, up to 40)")
    if form.get("building") not in BUILDINGS:
        problems.append("Tap the Building the card shows")
    if form.get("landscape") not in LANDSCAPES:
        problems.append("Tap the Landscape the card shows")
    if form.get("freedom") not in FREEDOMS:
        problems.append("Tap the Freedom the card shows")
    if problems:
        return _render(422, error="; ".join(problems) + ".", values=values)
    pid = card_id(name)
    try:
        learned().teach_profession(
            pid, form["building"], form["landscape"], form["freedom"], name=name
        )
    except CatalogError as e:
        return _render(422, error=str(e), values=values)
    return _render(
        message=f"Kept the {name}: {BUILDINGS[form['building']][0]}, "
        f"{OBJECT_NAMES[form['landscape']]}, {form['freedom'].title()}."
    )


@bp.post("/catalog/professions/<pid>/forget")
def forget_profession(pid):
    """Undo a mistaken entry; a built-in card returns to its built-in preferences."""
    _require_change()
    if not learned().forget_profession(pid):
        return _render(422, error="Only a card this installation was taught can be forgotten.")
    return _render(message="Forgot that entry.")


@bp.post("/catalog/landscapes")
def teach_landscape():
    _require_change()
    kind, cells = request.form.get("landscape"), str(request.form.get("cells", "")).strip()
    if kind not in LANDSCAPES:
        return _render(422, error="Choose a Landscape: Forest, Lake or Park.")
    if not cells.isdigit() or not 1 <= int(cells) <= MAX_CELLS:
        return _render(422, error=f"A Landscape tile covers 1 to {MAX_CELLS} squares.")
    try:
        learned().teach_landscape(kind, int(cells))
    except CatalogError as e:
        return _render(422, error=str(e))
    return _render(message=f"A {OBJECT_NAMES[kind]} covers {int(cells)} squares.")


@bp.get("/catalog/export.json")
def export():
    body = json.dumps(learned().export(), indent=1, sort_keys=True, ensure_ascii=False)
    return Response(
        body,
        mimetype="application/json",
        headers={
            "Content-Disposition": 'attachment; filename="palazzo-catalog.json"',
            "Cache-Control": "no-store",
        },
    )


@bp.post("/catalog/import")
def import_file():
    """A catalog file from another installation; a bad file changes nothing."""
    _require_change()
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _render(422, error="Choose a catalog file (JSON) to import.")
    try:
        text = upload.read(MAX_CATALOG_BYTES + 1).decode("utf-8")
    except UnicodeDecodeError:
        return _render(422, error="That file is not a text (JSON) catalog file.")
    try:
        catalog = learned().import_file(text)  # checks it is JSON in the catalog's outline
    except CatalogError as e:
        return _render(422, error=f"Nothing was imported: {e}")
    return _render(message=f"Imported: {len(catalog.professions)} Profession cards known now.")
