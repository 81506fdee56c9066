"""The catalog screen: what this installation knows of the cards the rulebook does not print.

Anyone on the LAN may look (nothing here is secret). Changing it needs two things: the page's
CSRF token (so no other web page can post here) and either the host role in a game on this
server or a browser on the serving machine itself, so the phones that joined as players or
spectators cannot change it. Here a host teaches the whole Profession deck in one pass (a list
of names, three taps a card) and the 21 Automa cards with the one card editor, before play;
a club brings its catalog by file or by the link (or QR code) of another installation. Every
change is validated before it is kept, and the history says who changed what, from what to what.
"""

from __future__ import annotations

import ipaddress
import json
import re
from dataclasses import replace

from flask import Blueprint, Response, abort, current_app, render_template, request, session

from companion.core.lang import N_, _, ngettext, thing_name
from companion.games.princes.learned import (
    BY,
    BY_COMMAND,
    BY_COMMAND_PREFIX,
    BY_FILE,
    BY_GAME_PLAYER,
    BY_GAME_SEAT,
    BY_LINK,
    BY_SCREEN_HERE,
    BY_SCREEN_HOST,
    SECTIONS,
    KnownEntries,
    LearnedCatalog,
    parse_catalog,
)
from companion.games.princes.rules.catalog import (
    AUTOMA_DECK,
    AUTOMA_DECK_SHAPE,
    BUILDINGS,
    BUILTIN,
    BUILTIN_PROFESSIONS,
    FREEDOMS,
    LANDSCAPES,
    NAME_KEYS,
    PROFESSION_DECK,
    PROFESSIONS_PER_LANDSCAPE,
    CatalogError,
    taught_names,
)
from companion.games.princes.teaching import (
    AUTOMA_ACTION_WORDS,
    SameCardQuestion,
    TeachError,
    automa_editor,
    deck_problems,
    match_known,
    next_missing_number,
    read_automa_card,
    read_cells,
    read_profession,
    same_card_choices,
    typed_card,
)
from companion.games.princes.words import (
    and_,
    building_name,
    freedom_name,
    listing,
    object_name,
    profession_name,
    wishes,
)
from companion.web.for_games import (
    CONTENT_SECURITY_POLICY,
    SESSION_KEY,
    public_url_for,
    qr,
    refusal_message,
)

bp = Blueprint("catalog", __name__)

MAX_CELLS = 12
MAX_IMPORT = 1_000_000  # bytes: a whole catalog is a few dozen kilobytes
FETCHING_POLICY = CONTENT_SECURITY_POLICY.replace(
    "connect-src 'self'", "connect-src 'self' http: https:"
)
LINK = re.compile(r"https?://[^\s/]+(/\S*)?")  # where a fetched catalog came from
BACK = re.compile(r"^/games/[A-Za-z0-9_-]{1,64}/(solo|host)$")  # where a deck pass sends you back


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
            description=_(
                "Only a host may change the catalog: host a game from this device first, or "
                "use the computer Palazzo runs on."
            ),
        )


def _who() -> str:
    """Who changed the catalog, as its history says it."""
    return BY_SCREEN_HERE if _loopback() else BY_SCREEN_HOST


def _loopback() -> bool:
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def _taught(pid: str, taught: dict) -> bool:
    """Whether this installation was taught the entry (else it is built in)."""
    return pid not in BUILTIN_PROFESSIONS or pid in taught


def _status(pid: str, card, taught: dict) -> str:
    """Where the entry came from, and whether someone checked it against a real card."""
    if _taught(pid, taught):
        return _("taught, verified") if card.verified else _("taught, unverified")
    return _("built in, verified") if card.verified else _("built in, unverified")


# Where the built-in and taught entries come from, as a player reads it (no file names or
# seed numbers); a source a catalog file brought otherwise is shown as it says.
SOURCES = {
    "taught at the table": N_("taught at the table"),
    "seed 000, Work scoring example": N_("Rulebook, Work scoring example"),
    "published play guide, older printing (unverified)": N_(
        "published play guide, older printing (unverified)"
    ),
}


def _source_words(source: str) -> str:
    known = SOURCES.get(source or "")
    return _(known) if known else re.sub(r"seed 000, ", "Rulebook, ", source or "")


def _changed_by(h: dict) -> str:
    """Who made a change of the catalog's history, in the reader's words."""
    by = str(h.get("by") or "")
    if by == BY_GAME_SEAT and h.get("who"):
        return _(BY_GAME_PLAYER, name=str(h["who"])[:40])
    if by in BY:
        return _(by)
    if by.startswith("the catalog at "):
        return _(BY_LINK, link=by.removeprefix("the catalog at "))
    if by.startswith(BY_COMMAND_PREFIX):
        return _(BY_COMMAND, file=by.removeprefix(BY_COMMAND_PREFIX))
    return by


def history_lines(history: list[dict]) -> list[dict]:
    """The catalog's history as sentences in the reader's language: {at, text}. A line keeps
    the entries it changed (`section`, `id`, `was`, `now`); an older line has only its English
    words, shown as they are."""
    lines = []
    for h in history:
        by = _changed_by(h)
        what, was, now = h.get("what"), h.get("from"), h.get("to")
        if h.get("section") in SECTIONS:
            try:
                what = _entry_name(h["section"], h["id"], h.get("now") or h.get("was") or {})
                was = _entry_words(h["section"], h.get("was"))
                now = _entry_words(h["section"], h.get("now"))
            except (KeyError, TypeError, AttributeError):  # a hand-edited line: its own words
                pass
        added = _names_added(h)
        if added:
            text = _("%(by)s: %(what)s is also called %(names)s", by=by, what=what, names=added)
        elif h.get("forgot"):
            text = (
                _("%(by)s: forgot %(what)s (back to %(to)s)", by=by, what=what, to=now)
                if now
                else _("%(by)s: forgot %(what)s", by=by, what=what)
            )
        elif was and _checked(h):
            text = _(
                "%(by)s: checked %(what)s against the card: %(new)s", by=by, what=what, new=now
            )
        elif was:
            text = _(
                "%(by)s: changed %(what)s from %(old)s to %(new)s",
                by=by,
                what=what,
                old=was,
                new=now,
            )
        else:
            text = _("%(by)s: taught %(what)s: %(new)s", by=by, what=what, new=now)
        lines.append(
            {
                "at": str(h.get("at") or "")[:16].replace("T", " "),
                "text": text[:1].upper() + text[1:],
            }
        )
    return lines


def _checked(h: dict) -> bool:
    """Whether a change of a Profession card kept its wishes and names (only where it came from
    or that someone checked it against the card changed): "checked", not "changed" or
    "taught"."""
    was, now = h.get("was"), h.get("now")
    if h.get("section") != "professions" or not isinstance(was, dict) or not isinstance(now, dict):
        return False
    keys = ("name", "building", "landscape", "freedom")
    kept = taught_names(was).items() <= taught_names(now).items()
    return all(was.get(k) == now.get(k) for k in keys) and kept and not _names_added(h)


def _names_added(h: dict) -> str:
    """The names a Profession card gained in a change that kept its three wishes ("Bildhauer"
    for the Sculpteur), or "" when the change was something else."""
    was, now = h.get("was"), h.get("now")
    if h.get("section") != "professions" or not isinstance(was, dict) or not isinstance(now, dict):
        return ""
    if any(was.get(k) != now.get(k) for k in ("building", "landscape", "freedom")):
        return ""
    old = taught_names(was)
    known = {*old.values(), was.get("name")}  # a card of one name shows it in every language
    return listing(
        name
        for language, name in taught_names(now).items()
        if old.get(language) != name and name not in known
    )


def _entry_name(section: str, key: str, entry) -> str:
    if section == "professions":
        return thing_name("professions", key, entry.get("name") or key, taught_names(entry))
    if section == "landscape_cells":
        return object_name(key)
    return _("Automa card %(num)s", num=key)


def _entry_words(section: str, entry) -> str | None:
    """An entry as the history shows it, in the reader's language."""
    if entry is None:
        return None
    if section == "professions":
        return wishes(entry["building"], entry["landscape"], entry["freedom"])
    if section == "landscape_cells":
        return ngettext("%(num)d square", "%(num)d squares", int(entry))
    top = ", ".join(
        _automa_object_words(o["object"], o["mod4"], o["mod5"]) for o in entry["auction"]
    )
    return _(
        "rounds %(rounds)s; %(top)s; first %(first)s; second %(second)s",
        rounds=entry["rounds"],
        top=top,
        first=", ".join(_(AUTOMA_ACTION_WORDS[a]) for a in entry["first_action"]),
        second=", ".join(_(AUTOMA_ACTION_WORDS[a]) for a in entry["second_action"]),
    )


def _automa_object_words(obj: str, mod4, mod5) -> str:
    """An object of an Automa card's top panel with its die modifiers: "Lake +1/+2"."""
    mods = "" if mod4 is None else f" +{mod4}"
    if mod5 != mod4:
        mods += "/" + ("—" if mod5 is None else f"+{mod5}")
    return object_name(obj) + mods


def _known():
    """(catalog, taught entries, why the file cannot be read or None)."""
    store = learned()
    try:
        return store.catalog(), store.learned(), None
    except CatalogError as e:  # a hand-edited file that no longer reads: say so, show built-ins
        return BUILTIN, {}, refusal_message(e)


def page_context(
    message: str | None = None,
    error: str | None = None,
    values: dict | None = None,
    same: dict | None = None,
    told: list[dict] | None = None,
    replacing: bool = False,
) -> dict:
    catalog, taught, broken = _known()
    taught_cards = taught.get("professions") or {}
    cards = [
        {
            "id": pid,
            "name": profession_name(catalog, pid),
            # the edit form: the names the table gave; a card of one name shows it as English
            # (Palazzo spoke only English when such cards were taught)
            **{NAME_KEYS[k]: v for k, v in (c.names or {"en": c.name}).items()},
            "building": c.building,
            "landscape": c.landscape,
            "freedom": c.freedom,
            "source": _source_words(c.source),
            "verified": c.verified,
            "status": _status(pid, c, taught_cards),
            "taught": _taught(pid, taught_cards),
        }
        for pid, c in catalog.professions.items()
    ]
    cards.sort(key=lambda card: card["name"].lower())
    return {
        "cards": cards,
        "check": catalog.consistency(),
        "deck": PROFESSION_DECK,
        "wanted": PROFESSIONS_PER_LANDSCAPE,
        "cells": {k: catalog.landscape_cells.get(k, 0) for k in LANDSCAPES},
        "buildings": [(b, building_name(b)) for b in BUILDINGS],
        "landscapes": [(k, object_name(k)) for k in LANDSCAPES],
        "landscape_names": {k: object_name(k) for k in LANDSCAPES},
        "freedom_names": {f: freedom_name(f) for f in FREEDOMS},
        "automa": automa_status(catalog.automa_cards),
        "may_change": may_change(),
        "message": message,
        "error": error or broken,
        "values": values or {},
        "same": same,
        "told": told or [],  # what an import changed, or would change
        "replacing": replacing,
        "max_cells": MAX_CELLS,
        "history": history_lines(learned().history()),
        "share_url": public_url_for("catalog.export"),
    }


def profession_deck_offer() -> dict | None:
    """For a host before play: how many Profession cards are still to teach (None: all)."""
    catalog, _taught, _broken = _known()
    missing = PROFESSION_DECK - len(catalog.professions)
    return {"known": len(catalog.professions), "deck": PROFESSION_DECK} if missing > 0 else None


def automa_status(cards: dict) -> dict:
    groups = {g: 0 for g in AUTOMA_DECK_SHAPE}
    for card in cards.values():
        if card.get("rounds") in groups:
            groups[card["rounds"]] += 1
    return {
        "known": len(cards),
        "deck": AUTOMA_DECK,
        "groups": [(g, groups[g], want) for g, want in AUTOMA_DECK_SHAPE.items()],
        "numbers": sorted(cards, key=int),
        "complete": len(cards) == AUTOMA_DECK and not deck_problems(cards),
        "test_data": any(c.get("test_data") for c in cards.values()),
    }


def _render(status: int = 200, **kw):
    # the page's script fetches another Palazzo's catalog link from the browser
    headers = {"Content-Security-Policy": FETCHING_POLICY}
    return render_template("princes/catalog/page.html", **page_context(**kw)), status, headers


@bp.get("/catalog")
def page():
    return _render()


# -- Profession cards ---------------------------------------------------------------------------


@bp.post("/catalog/professions")
def teach_profession():
    """One card: its name and three taps (Building, Landscape, Freedom)."""
    _require_change()
    values = typed_card(request.form)
    try:
        known = learned().catalog()
        pid = str(request.form.get("id") or "")
        if pid in known.professions:  # a known card's form: a name added is that card's name
            card = typed = read_profession(request.form, pid)
            was = known.professions[pid].name
            if was != card.name and was in dict(card.names).values():
                card = typed = replace(card, name=was)  # its name where a language has none
        else:  # a new name with a known card's three wishes: asked "is this the Sculpteur?"
            typed = read_profession(request.form)
            card, _named = match_known(typed, request.form, known)
        catalog = learned().teach({"professions": {card.pid: card.entry()}}, _who())
    except SameCardQuestion:
        # nothing kept until answered (422, like the phone's teach form)
        return _render(422, values=values, same=same_card_choices(request.form, known))
    except CatalogError as e:
        return _render(422, error=refusal_message(e), values=values)
    if card.pid != typed.pid:  # answered "yes, it is the Sculpteur": one card, a name more
        return _render(
            message=_(
                "One card: the %(card)s is also called %(name)s.",
                card=profession_name(known, card.pid),
                name=typed.name,
            )
        )
    return _render(
        message=_(
            "Kept the %(card)s: %(building)s, %(landscape)s, %(freedom)s.",
            card=profession_name(catalog, card.pid),
            building=building_name(card.building),
            landscape=object_name(card.landscape),
            freedom=freedom_name(card.freedom),
        )
    )


class _Row:
    """One row of the deck form, read like a one-card form."""

    def __init__(self, form, i: int):
        self.form, self.i = form, i

    def get(self, key, default=None):
        return self.form.get(f"{key}_{self.i}", default)


@bp.get("/catalog/professions/deck")
def profession_deck():
    """The whole deck in one pass: first the names (one a line), then three taps a card."""
    catalog, _taught, broken = _known()
    raw = str(request.args.get("names", ""))[:4000]
    names = [n for n in (" ".join(line.split())[:40] for line in raw.splitlines()) if n]
    missing = max(0, PROFESSION_DECK - len(catalog.professions))
    if not names:
        names = [""] * missing
    rows = [
        {"name": n, "building": None, "landscape": None, "freedom": None}
        for n in names[:PROFESSION_DECK]
    ]
    return render_template(
        "princes/catalog/professions.html",
        rows=rows,
        check=catalog.consistency(),
        deck=PROFESSION_DECK,
        missing=missing,
        names_given=bool(raw.strip()),
        back=_back(),
        may_change=may_change(),
        error=broken,
        message=None,
    )


@bp.post("/catalog/professions/deck")
def teach_profession_deck():
    """Every complete row is kept; rows with a mistake come back as typed, to fix."""
    _require_change()
    form = request.form
    count = min(int(form.get("rows", "0")) if str(form.get("rows", "")).isdigit() else 0, 30)
    good, bad = [], []
    known = _known()[0]
    for i in range(count):
        row = _Row(form, i)
        typed = typed_card(row)
        if not any(typed.values()):
            continue
        try:  # a row with a known card's three wishes is asked "is this the Sculpteur?"
            good.append(match_known(read_profession(row), row, known)[0])
        except SameCardQuestion:
            bad.append({**typed, "same": same_card_choices(row, known)["same"]})
        except TeachError as e:
            bad.append({**typed, "error": refusal_message(e)})
    kept, refused = [], []
    if good:
        data = {"professions": {c.pid: c.entry() for c in good}}
        try:
            learned().teach(data, _who())
            kept = good
        except CatalogError as e:  # the batch breaks a whole-deck rule: keep them one by one
            for card in good:
                try:
                    learned().teach({"professions": {card.pid: card.entry()}}, _who())
                    kept.append(card)
                except CatalogError as one:
                    refused.append(
                        {
                            "name": card.name,
                            "building": card.building,
                            "landscape": card.landscape,
                            "freedom": card.freedom,
                            "error": refusal_message(one) or refusal_message(e),
                        }
                    )
    rows = bad + refused
    catalog, _taught, _broken = _known()
    if not good and not rows:  # an empty form: ask for one card
        rows = [{"name": "", "error": _("Fill in a card: its name and three taps.")}]
    message = (
        ngettext(
            "Kept %(num)d card: %(cards)s.",
            "Kept %(num)d cards: %(cards)s.",
            len(kept),
            cards=and_(c.name for c in kept),
        )
        if kept
        else None
    )
    return render_template(
        "princes/catalog/professions.html",
        rows=rows,
        check=catalog.consistency(),
        deck=PROFESSION_DECK,
        missing=max(0, PROFESSION_DECK - len(catalog.professions)),
        names_given=True,
        back=_back(),
        may_change=True,
        error=(
            ngettext(
                "%(num)d card still to fix below: what you typed is kept.",
                "%(num)d cards still to fix below: what you typed is kept.",
                len(rows),
            )
            if rows
            else None
        ),
        message=message,
    ), (422 if rows else 200)


@bp.post("/catalog/professions/<pid>/forget")
def forget_profession(pid):
    """Undo a mistaken entry; a built-in card returns to its built-in preferences."""
    _require_change()
    if not learned().forget_profession(pid, _who()):
        return _render(422, error=_("Only a card this installation was taught can be forgotten."))
    return _render(message=_("Forgot that entry."))


# -- Landscape sizes ----------------------------------------------------------------------------


@bp.post("/catalog/landscapes")
def teach_landscape():
    _require_change()
    kind = request.form.get("landscape")
    if kind not in LANDSCAPES:
        return _render(
            422,
            error=_(
                "Choose a Landscape: %(forest)s, %(lake)s or %(park)s.",
                forest=object_name("forest"),
                lake=object_name("lake"),
                park=object_name("park"),
            ),
        )
    try:
        cells = read_cells(request.form.get("cells"), kind)
        learned().teach_landscape(kind, cells, _who())
    except CatalogError as e:
        return _render(422, error=refusal_message(e))
    return _render(
        message=_("A %(landscape)s covers %(num)s squares.", landscape=object_name(kind), num=cells)
    )


# -- the Automa deck ----------------------------------------------------------------------------


def _back() -> str | None:
    back = str(request.values.get("back", ""))
    return back if BACK.fullmatch(back) else None


def _automa_page(number: str | None, *, typed=None, message=None, error=None, status=200):
    catalog, _taught, broken = _known()
    cards = catalog.automa_cards
    number = number if number else next_missing_number(cards)
    editor = automa_editor(number, cards, typed=typed) if number or typed is not None else None
    return render_template(
        "princes/catalog/automa.html",
        automa=automa_status(cards),
        editor=editor,
        known_card=number in cards if number else False,
        may_change=may_change(),
        message=message,
        error=error or broken,
        back=_back(),
    ), status


@bp.get("/catalog/automa")
def automa_deck():
    """The 21 Automa cards, one after the other with the one card editor."""
    number = str(request.args.get("card", "")).strip()
    return _automa_page(number if number.isdigit() and 1 <= int(number) <= 99 else None)


@bp.post("/catalog/automa")
def teach_automa_card():
    """Keep one card; a refused transcription comes back as typed, to fix, not to retype."""
    _require_change()
    typed = {k: v for k, v in request.form.items() if k not in ("csrf_token", "back")}
    try:
        number, card = read_automa_card(request.form)
        problems = deck_problems(learned().catalog().automa_cards, adding=(number, card))
        if problems:
            raise TeachError(problems[0])
        learned().teach({"automa_cards": {number: card}}, _who())
    except CatalogError as e:
        number = str(request.form.get("card", "")).strip()[:3]
        return _automa_page(number, typed=typed, error=refusal_message(e), status=422)
    status = automa_status(learned().catalog().automa_cards)
    kept = _(
        "Kept Automa card %(number)s (%(known)s of %(deck)s).",
        number=number,
        known=status["known"],
        deck=AUTOMA_DECK,
    )
    if status["complete"]:
        kept = _(
            "%(kept)s Palazzo knows the whole deck: it can shuffle and draw it in a solo game.",
            kept=kept,
        )
    return _automa_page(None, message=kept)


# -- sharing ------------------------------------------------------------------------------------


@bp.get("/catalog/export.json")
def export():
    body = json.dumps(learned().export(), indent=1, sort_keys=True, ensure_ascii=False)
    return Response(
        body,
        mimetype="application/json",
        headers={
            "Content-Disposition": 'attachment; filename="palazzo-catalog.json"',
            "Cache-Control": "no-store",
            "Access-Control-Allow-Origin": "*",  # public data, read by another installation
        },
    )


@bp.get("/catalog/share.png")
def share_qr():
    """A QR code of this installation's catalog link, for another installation to import."""
    return Response(
        qr.qr_png(public_url_for("catalog.export")),
        mimetype="image/png",
        headers={"Cache-Control": "no-store"},
    )


def _import_text(text: str, by: str, replace: bool):
    """Import a file as `palazzo catalog import` does: each change told (a card's name in
    another language added to the card it names, never a second card), and a file that would
    change a known entry refused whole unless the host ticked "replace" (KnownEntries)."""
    store = learned()
    try:
        changes = store.import_catalog(parse_catalog(text), by, replace=replace)
    except KnownEntries as e:
        told = history_lines([{**change, "by": by} for change in e.changes])
        return _render(422, error=_nothing_imported(e), told=told, replacing=True)
    catalog = store.catalog()
    return _render(
        message=_(
            "Imported: %(professions)s Profession cards and %(automa)s Automa cards known now.",
            professions=len(catalog.professions),
            automa=len(catalog.automa_cards),
        )
        if changes
        else _("Nothing new in that file: Palazzo knows all of it."),
        told=history_lines(changes),
    )


@bp.post("/catalog/import")
def import_file():
    """A catalog file from another installation; a bad file changes nothing. The server never
    fetches a link itself (it would reach whatever the link names, from inside the club's
    network): for a link or a QR code, the host's browser fetches the other Palazzo's catalog
    (it serves it to any page, see `export`) and uploads it here as a file, saying in `link`
    where it came from, for the history's words only."""
    _require_change()
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _render(422, error=_("Choose a catalog file (JSON) to import."))
    try:
        text = upload.read(MAX_IMPORT + 1).decode("utf-8-sig")
    except UnicodeDecodeError:
        return _render(422, error=_("That file is not a text (JSON) catalog file."))
    if len(text) > MAX_IMPORT:
        return _render(422, error=_("That file is far too large for a catalog file."))
    link = " ".join(str(request.form.get("link", "")).split())[:120]
    by = BY_LINK % {"link": link} if LINK.fullmatch(link) else BY_FILE
    try:
        return _import_text(text, by, replace=bool(request.form.get("replace")))
    except CatalogError as e:
        return _render(422, error=_nothing_imported(e))


def _nothing_imported(error: CatalogError) -> str:
    return _("Nothing was imported: %(why)s.", why=refusal_message(error).rstrip("."))
