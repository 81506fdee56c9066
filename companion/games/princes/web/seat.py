"""A seat's own phone: joining by its QR code, the private panel, scribe mode, teaching cards.

The panel is one live fragment (`phone_panel`): it re-renders on every seq, and every button on
it posts to the one recording route with `view=phone`, which answers with the same fragment (a
refusal placed next to the button that sent it). Scribe mode is the same panel on the host's
device for a seat without a phone: its forms carry `as_seat`, so the log says `by: host`.
"""

from __future__ import annotations

import json
import re
import uuid
from urllib.parse import quote

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from htmx_flask import request as htmx_request
from jinja2_fragments.flask import render_block
from werkzeug.datastructures import MultiDict

from companion.core.lang import N_, _, ngettext
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import Refusal, in_play, is_solo, seen_out_of_deck
from companion.games.princes.rules.catalog import LANDSCAPES, STARTING_HAND, CatalogError
from companion.games.princes.screens import characters
from companion.games.princes.screens import phone as screens
from companion.games.princes.teaching import (
    FIRST_TIME_QUESTIONS,
    TeachError,
    needs_teaching,
    read_cells,
    read_profession,
    typed_card,
)
from companion.games.princes.words import newest_first, object_name, text_of
from companion.games.princes.words.notices import buzz_key, notices
from companion.service.tokens import Identity, identify_in_game
from companion.web.access import (
    Access,
    grant,
    keep_out_of_caches,
    require_host,
    require_seat,
    require_viewer,
)
from companion.web.access import join as join_game
from companion.web.errors import error_response
from companion.web.recording import (
    LIST_FIELDS,
    FormError,
    authorise,
    check_event_id,
    current_replay,
    event_from_form,
    get_table,
    record,
    register_view,
)
from companion.web.store import get_store
from events.boundedjson import JsonRefused, loads

bp = Blueprint("seat", __name__)
VIEW = "phone"
PANEL_ID = "phone-panel"
HOST_PAGE_ENDPOINTS = ("hosting.host_page", "hosting.page")  # the host screen's, if registered
NOTICES = 3  # what happened to you, newest first, on top of the panel
RECENT = 8  # the table's latest events, folded away at the bottom
MAX_RESEND = 2000  # characters of the event a teach form carries along
TEMPLATES = {  # screen name -> the part of templates/princes/phone/ that draws it
    "hand": "setup",
    "setup_wait": "setup",
    "open": "auction",
    "paddle": "auction",
    "auction_wait": "auction",
    "prestige": "auction",
    "place": "auction",
    "actions": "actions",
    "work": "work",
    "build": "actions",
    "coop": "coop",
    "coop_answer": "coop",
    "coop_wait": "coop",
    "take": "actions",
    "bonus": "actions",
    "recruit": "actions",
    "characters": "characters",
    "banker": "characters",
    "professor": "characters",
    "princess": "characters",
    "teach_profession": "teach",
    "teach_landscape": "teach",
    "wait": "notice",
    "solo": "notice",
    "over": "notice",
}


class PhoneUrls:
    """Where this panel's links and forms go: the seat's own /me, or the host's scribe page."""

    def __init__(self, game_id: str, seat: int, scribe: bool):
        self.game_id, self.seat, self.scribe = game_id, seat, scribe
        self.events = url_for("recording.post_event", game_id=game_id)
        self.teach = url_for("seat.teach", game_id=game_id)

    def _url(self, endpoint: str, params: dict | None, extra: dict) -> str:
        values = {
            k: v
            for k, v in {**(params or {}), **extra}.items()
            if not k.startswith("_") and v not in (None, "", [])
        }
        if self.scribe:
            return url_for(endpoint, game_id=self.game_id, seat=self.seat, **values)
        return url_for(endpoint, game_id=self.game_id, **values)

    def panel(self, params: dict | None = None, **extra) -> str:
        return self._url("seat.scribe_panel" if self.scribe else "seat.panel", params, extra)

    def page(self, params: dict | None = None, **extra) -> str:
        return self._url("seat.scribe" if self.scribe else "seat.phone", params, extra)


def _installed_catalog():
    try:
        return LearnedCatalog(current_app.instance_path).catalog()
    except CatalogError:
        return None  # an unreadable catalog file must not take the phones down


def phone_context(
    game_id: str,
    seat: int,
    *,
    scribe: bool = False,
    host: bool = False,
    params: dict | None = None,
    refusal: Refusal | None = None,
    sent_event: dict | None = None,
    teach_form: dict | None = None,
    recorded=None,
) -> dict:
    """Everything templates/princes/phone/page.html needs to draw one seat's panel."""
    replay = current_replay(game_id)
    seq, state = replay.seq, replay.state  # shared by every screen at this seq: read only
    if not 0 <= seat < state.n:
        abort(404, description=_("There is no seat %(num)s at this game.", num=seat + 1))
    work = screens.working_state(state, _installed_catalog())
    params = dict(params or {})
    if state.phase == "setup" and not state.players[seat].hand and not params:
        undone = last_hand_claimed(replay, seat)
        if undone:  # the host undid this hand: the same ticks come back, to change one
            params = {"do": "hand", "professions": undone}
    if refusal is not None and sent_event is not None and sent_event.get("type") != "_teach":
        params = screens.params_after_refusal(refusal, sent_event) or params
        if isinstance(sent_event.get("cells"), list):
            params["_cells"] = sent_event["cells"]
    resend = None
    if params.get("do") == "teach" and sent_event and sent_event.get("type") in screens.TEACHABLE:
        resend = sent_event
    if sent_event and sent_event.get("type") == "_teach":
        resend = sent_event.get("resend")
    screen = screens.screen(work, seat, params, resend=resend, teach_form=teach_form)
    if (
        refusal is not None
        and refusal.code in FIRST_TIME_QUESTIONS
        and screen["name"].startswith("teach_")
    ):
        refusal = None  # the teach form asks it as a question
    if params.get("do") and not screen["name"].startswith(params["do"]):
        params = {}  # that screen is gone (the turn moved on): refresh to the overview
    done = None
    fact = replay.fact(recorded.event.seq) if recorded is not None else None
    if fact is not None:
        said = text_of(replay, fact, seat)
        done = (
            _("Already recorded: %(said)s", said=said)
            if recorded.duplicate
            else _("Done: %(said)s", said=said)
        )
    return {
        "game_id": game_id,
        "seat": seat,
        "scribe": scribe,
        "seq": seq,
        "params": params,
        "urls": PhoneUrls(game_id, seat, scribe),
        "view": VIEW,
        "panel_id": PANEL_ID,
        "status": screens.status(work, seat),
        "screen": screen,
        "screen_template": f"princes/phone/_{TEMPLATES.get(screen['name'], 'notice')}.html",
        "hand": screens.hand(work, seat),
        "bonus_cards": screens.bonus_cards_held(work, seat),
        "prestige_cards": screens.prestige_cards_held(work, seat),
        "principality": screens.principality(work, seat),
        "sell": screens.sell_offer(work, seat),
        "character": characters.mine(work, seat, screens._button),
        "undo": screens.undo_offer(replay, seat, host=host),
        "notices": [] if is_solo(state) else notices(replay, seat, last=NOTICES),
        "recent": [] if is_solo(state) else newest_first(replay, seat, last=RECENT),
        "buzz": "" if scribe else buzz_key(replay, seat),  # the host's device stays still
        "clashes": clash_notices(game_id, state, seat),
        "slot": screens.RefusalSlot(refusal, sent_event),
        "done": done,
        "table_url": f"/games/{quote(game_id, safe='')}/table",
        "history_url": f"/games/{quote(game_id, safe='')}/history",
        "new_event_id": lambda: uuid.uuid4().hex,
    }


def last_hand_claimed(replay, seat: int) -> list[str]:
    """The cards of this seat's latest starting hand in the log (undone, if it has none now)."""
    for f in reversed(replay.facts):
        if f.type == "starting_hand_chosen" and f.event.get("player") == seat:
            cards = f.event.get("professions")
            return [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []
    return []


def phone_panel(game_id: str, seat: int, **kwargs) -> str:
    """The live panel of one seat as an HTML fragment. Other screens reuse it for scribe mode:
    `phone_panel(game_id, seat, scribe=True, host=True)` (or link to `seat.scribe`)."""
    return render_block(
        "princes/phone/page.html", "panel", **phone_context(game_id, seat, **kwargs)
    )


def _answer(game_id: str, seat: int, **kwargs):
    """The fragment for htmx, the whole page for a plain form post (no JavaScript)."""
    if htmx_request.htmx:
        return phone_panel(game_id, seat, **kwargs)
    return render_template("princes/phone/page.html", **phone_context(game_id, seat, **kwargs))


def render_phone(game_id, me: Access, refusal=None, sent=None, recorded=None):
    """The recording route's answer to a post made from a phone panel (view=phone)."""
    if me.seat is None:
        return error_response(
            400,
            _(
                "This form belongs to a seat's phone: open your seat's link, or the host's "
                "scribe screen for that seat."
            ),
        )
    scribe = bool(me.host and sent is not None and str(sent.get("as_seat", "")).isdigit())
    sent_event = None
    if sent is not None:
        try:
            sent_event = event_from_form(sent)
        except FormError:  # a field of the wrong kind: still place the message by its type
            kind = sent.get("type", "")
            sent_event = {"type": kind} if re.fullmatch(r"[a-z_]{3,40}", kind) else None
    if refusal is not None and refusal.code == "card_not_available" and sent_event:
        refusal = card_clash(game_id, me.seat, refusal, sent_event)
    return _answer(
        game_id,
        me.seat,
        scribe=scribe,
        host=me.host,
        refusal=refusal,
        sent_event=sent_event,
        recorded=recorded,
    )


register_view(VIEW, render_phone)


# -- a card two phones claim ----------------------------------------------------------------------

CLASHES_KEY = "card_clashes"  # game meta: {profession id: the seat that claimed it last}


CLAIMS_KEY = "impossible_claims"  # game meta: {seat: how many cards it claimed from a hand}


def card_clash(game_id: str, seat: int, refusal: Refusal, event: dict) -> Refusal:
    """A starting hand that claims a card another phone already kept: one of the two phones
    mis-ticked. Say how to fix it without saying whose hand holds it, and ask the phone that
    kept it to check too (its panel shows a notice until the card leaves its hand)."""
    if event.get("type") == "profession_taken":
        return impossible_claim(game_id, seat, refusal, event)
    if event.get("type") != "starting_hand_chosen":
        return refusal
    state = get_table().state(game_id)
    wanted = event.get("professions") if isinstance(event.get("professions"), list) else []
    taken = [p for p in wanted if isinstance(p, str) and p in state.catalog.professions]
    taken = [p for p in taken if in_play(state, p)]
    if not taken:
        return refusal
    store = get_store()
    record_ = store.game(game_id)
    meta = dict(record_.meta) if record_ else {}
    clashes = dict(meta.get(CLASHES_KEY) or {})
    clashes.update({p: seat for p in taken[:STARTING_HAND]})
    meta[CLASHES_KEY] = clashes
    store.update_game_meta(game_id, meta)
    name = screens.profession_name(state.catalog, taken[0])
    return Refusal(
        refusal.code,
        N_(
            "The %(card)s cannot go in your hand too: the deck has one %(card)s, and another "
            "phone already kept it. Check the cards you were dealt. If you hold no %(card)s, "
            "untick it and tick your own card. If you do hold it, someone mis-ticked: the phone "
            "that kept it is asked to check as well, and whoever ticked a card they do not hold "
            "undoes their hand (or asks the host to)."
        ),
        card=name,
    )


def impossible_claim(game_id: str, seat: int, refusal: Refusal, event: dict) -> Refusal:
    """A card taken that the log places in a hidden hand: the engine's refusal says only that
    it cannot be so. At a real table a player claiming cards out of others' hands would be
    seen doing it: every phone is told how often this seat did (never which cards)."""
    state = get_table().state(game_id)
    pid = event.get("profession")
    if not isinstance(pid, str) or pid in seen_out_of_deck(state, seat):
        return refusal  # a card this seat can see: nothing hidden to protect
    store = get_store()
    record_ = store.game(game_id)
    meta = dict(record_.meta) if record_ else {}
    claims = dict(meta.get(CLAIMS_KEY) or {})
    claims[str(seat)] = int(claims.get(str(seat), 0)) + 1
    meta[CLAIMS_KEY] = claims
    store.update_game_meta(game_id, meta)
    return refusal


def claim_notices(game_id: str, state) -> list[str]:
    """For every phone: who claimed a Profession card the record places elsewhere, and how
    often, so probing the others' hands card by card is seen by the whole table."""
    record_ = get_store().game(game_id)
    claims = (record_.meta if record_ else {}).get(CLAIMS_KEY) or {}
    out = []
    for s, n in sorted(claims.items()):
        if not str(s).isdigit() or int(s) >= len(state.players):
            continue
        out.append(
            ngettext(
                "%(name)s has named once a Profession card Palazzo could not give them: the "
                "table may want to look at the cards drawn.",
                "%(name)s has named %(num)d times a Profession card Palazzo could not give "
                "them: the table may want to look at the cards drawn.",
                int(n),
                name=state.players[int(s)].name,
            )
        )
    return out


def clash_notices(game_id: str, state, seat: int) -> list[str]:
    """What this seat's phone is asked to check: a card it kept that another phone claims,
    and (for everyone) the cards somebody claimed out of a hidden hand."""
    if state.phase != "setup":
        return claim_notices(game_id, state)
    record_ = get_store().game(game_id)
    clashes = (record_.meta if record_ else {}).get(CLASHES_KEY) or {}
    hand = state.players[seat].hand
    return [
        _(
            "Another player says the %(card)s was dealt to them, and your phone kept it in your "
            "starting hand. Check your cards: if you do not hold the %(card)s, undo your "
            "starting hand (or ask the host to) and choose again.",
            card=screens.profession_name(state.catalog, pid),
        )
        for pid, claimant in clashes.items()
        if pid in hand and claimant != seat
    ]


keep_out_of_caches(bp)


# -- joining -------------------------------------------------------------------------------------


@bp.get("/games/<game_id>/join/<token>")
def join(game_id: str, token: str):
    """A QR code's link: the token becomes a role in this browser's session. Opening it again
    (a reload, another phone) restores the same seat."""
    join_game(game_id, token)
    identity = identify_in_game(get_store(), game_id, token)
    if identity is None:  # the game's tokens changed in between
        abort(404, description=_("This join link is no longer valid. Scan the QR code again."))
    if (
        identity.role == "seat"
        and identity.seat == 0
        and "solo.page" in current_app.view_functions
        and is_solo(get_table().state(game_id))
    ):
        # the solo player's phone plays the whole table: it is the host too
        grant(game_id, Identity("host"))
        return redirect(url_for("solo.page", game_id=game_id), code=303)
    if identity.role == "seat":
        return redirect(url_for("seat.phone", game_id=game_id), code=303)
    if identity.role == "host":
        for endpoint in HOST_PAGE_ENDPOINTS:
            if endpoint in current_app.view_functions:
                return redirect(url_for(endpoint, game_id=game_id), code=303)
        return redirect(f"/games/{quote(game_id, safe='')}/host", code=303)
    return redirect(f"/games/{quote(game_id, safe='')}/table", code=303)


# -- the panel -----------------------------------------------------------------------------------


@bp.get("/games/<game_id>/me")
def phone(game_id: str):
    me = require_seat(game_id)
    return render_template(
        "princes/phone/page.html",
        **phone_context(game_id, me.seat, host=me.host, params=screens.parse_params(request.args)),
    )


@bp.get("/games/<game_id>/me/panel")
def panel(game_id: str):
    me = require_seat(game_id)
    return phone_panel(game_id, me.seat, host=me.host, params=screens.parse_params(request.args))


@bp.get("/games/<game_id>/scribe/<int:seat>")
def scribe(game_id: str, seat: int):
    require_host(game_id)
    return render_template(
        "princes/phone/page.html",
        **phone_context(
            game_id, seat, scribe=True, host=True, params=screens.parse_params(request.args)
        ),
    )


@bp.get("/games/<game_id>/scribe/<int:seat>/panel")
def scribe_panel(game_id: str, seat: int):
    require_host(game_id)
    return phone_panel(
        game_id, seat, scribe=True, host=True, params=screens.parse_params(request.args)
    )


# -- teaching a card on first use ----------------------------------------------------------------


def parse_resend(text: str) -> dict:
    """The event a teach form carries, checked like any posted form."""
    if not text or len(text) > MAX_RESEND:
        raise FormError(N_("This form lost the move it was for: go back and try again"))
    unreadable = FormError(N_("This form's move could not be read: go back and try again"))
    try:
        data = loads(text, max_depth=4, max_bytes=MAX_RESEND)
    except JsonRefused:
        raise unreadable from None
    if not isinstance(data, dict) or data.get("type") not in screens.TEACHABLE:
        raise unreadable
    form = MultiDict()
    for key, value in data.items():
        if not isinstance(key, str):
            raise unreadable
        if key == "cells":
            form.add(key, json.dumps(value))
        elif isinstance(value, list) and key in LIST_FIELDS:
            for item in value:
                form.add(key, str(item))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            form.add(key, str(value))
        else:
            raise unreadable
    return event_from_form(form)


def teach_profession(state, installed, resend: dict, form: dict) -> tuple[dict | None, dict]:
    """(the move to send, or None for a starting hand still short of cards; the
    `profession_taught` event to record with it, or None when Palazzo knows the card). A seat
    teaches only a card of its own move, and only one Palazzo does not know yet."""
    fixed = resend.get("profession") if resend["type"] != "starting_hand_chosen" else None
    card = read_profession(form, fixed if isinstance(fixed, str) and fixed else None)
    teaching = card.event() if needs_teaching(card, state.catalog, installed) else None
    event = dict(resend)
    if resend["type"] == "starting_hand_chosen":
        chosen = list(dict.fromkeys([*(resend.get("professions") or []), card.pid]))
        if len(chosen) < STARTING_HAND:
            return None, teaching or {"profession": card.pid}
        event["professions"] = chosen
    else:
        event["profession"] = card.pid
    return event, teaching or {"profession": card.pid}


def teach_landscape(state, installed, resend: dict, form: dict) -> tuple[dict, dict | None]:
    """(the move, the `landscape_taught` event it needs, or None when Palazzo knows the size)."""
    kind = resend.get("landscape")
    if kind not in LANDSCAPES:
        raise FormError(N_("This form lost which Landscape it was for: go back and try again"))
    cells = read_cells(form.get("cells"), kind)
    known = state.catalog.landscape_cells.get(kind) or (
        installed.landscape_cells.get(kind) if installed is not None else 0
    )
    if known and known != cells:
        raise TeachError(
            _(
                "Palazzo already knows that a %(landscape)s covers %(num)s squares. Count the "
                "tile again; if Palazzo has it wrong, the host can change it on the catalog "
                "screen.",
                landscape=object_name(kind),
                num=known,
            )
        )
    return resend, None if known else {
        "type": "landscape_taught",
        "landscape": kind,
        "cells": cells,
    }


@bp.post("/games/<game_id>/teach")
def teach(game_id: str):
    """Teach Palazzo a card the table just used, then send the move it was for, so one tap
    finishes what the player started."""
    me = require_viewer(game_id)
    scribe = False
    if me.host and request.form.get("as_seat", "").isdigit():
        me, scribe = Access(game_id, host=True, seat=int(request.form["as_seat"])), True
    if me.seat is None:
        abort(
            403, description=_("Cards are taught from a seat's phone or the host's scribe screen.")
        )
    check_event_id(request.form.get("event_id"))
    event_id = request.form.get("event_id") or None
    form = {**typed_card(request.form), "cells": request.form.get("cells", "")[:60]}
    answer = dict(scribe=scribe, host=me.host)
    try:
        resend = parse_resend(request.form.get("resend", ""))
    except FormError as e:
        return _answer(game_id, me.seat, refusal=e.refusal(), **answer), 422
    by = authorise(me, resend)  # before teaching anything: only for one's own moves
    state = get_table().state(game_id)
    installed = _installed_catalog()
    try:
        if request.form.get("what") == "landscape":
            event, teaching = teach_landscape(state, installed, resend, form)
        elif request.form.get("what") == "profession":
            event, teaching = teach_profession(state, installed, resend, form)
        else:
            raise FormError(N_("That form does not say what to teach"))
    except (CatalogError, FormError) as e:
        return _answer(
            game_id,
            me.seat,
            params={"do": "teach"},
            teach_form=form,
            refusal=Refusal("bad_catalog_entry", e.template, **e.params),
            sent_event={"type": "_teach", "resend": resend},
            **answer,
        ), 422
    if event is None:  # a starting hand still short of cards: teach this one, then choose on
        chosen = [*(resend.get("professions") or []), teaching["profession"]]
        if teaching.get("type") == "profession_taught":
            recorded, refusal = record(game_id, teaching, by, event_id)
            if refusal is not None:
                return _answer(
                    game_id, me.seat, refusal=refusal, sent_event=teaching, **answer
                ), 422
        return _answer(game_id, me.seat, params={"do": "hand", "professions": chosen}, **answer)
    teach = [teaching] if teaching and teaching.get("type") else []
    recorded, refusal = record(game_id, event, by, event_id, teach=teach)
    if refusal is not None:
        return _answer(game_id, me.seat, refusal=refusal, sent_event=event, **answer), 422
    return _answer(game_id, me.seat, recorded=recorded, **answer)
