"""A seat's own phone: joining by its QR code, the private panel, scribe mode, teaching cards.

The panel is one live fragment (`phone_panel`): it re-renders on every seq, and every button on
it posts to the one recording route with `view=phone`, which answers with the same fragment (a
refusal placed next to the button that sent it). Scribe mode is the same panel on the host's
device for a seat without a phone: its forms carry `as_seat`, so the log says `by: host`.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
import uuid
from urllib.parse import quote

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    get_template_attribute,
    render_template,
    request,
)
from htmx_flask import request as htmx_request
from jinja2_fragments.flask import render_block
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from companion.core.lang import N_, _
from companion.core.lang import current as current_language
from companion.games.princes.game import GAME
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import (
    Refusal,
    apply_in_place,
    is_solo,
    principality_counts,
)
from companion.games.princes.rules.catalog import CatalogError
from companion.games.princes.screens import characters
from companion.games.princes.screens import phone as screens
from companion.games.princes.teaching import (
    FIRST_TIME_QUESTIONS,
    typed_card,
)
from companion.games.princes.web import recording
from companion.games.princes.web.held import as_entry, drop_held, held_cards, hold_card
from companion.games.princes.web.recording import (
    FormError,
    authorise,
    event_from_form,
)
from companion.games.princes.web.teach_forms import parse_resend, teach_landscape, teach_profession
from companion.games.princes.words.notices import buzz_key, notices
from companion.games.princes.words.telling import newest_first, text_of
from companion.web.for_games import (
    WAVE_SECONDS,
    Access,
    Pushed,
    access,
    check_event_id,
    csrf_token,
    current_replay,
    error_response,
    get_store,
    get_table,
    has_csrf_token,
    keep_out_of_caches,
    kept_in_app,
    private_etag,
    private_fragment,
    record,
    require_host,
    require_seat,
    require_viewer,
    shared_value,
    undo_offer,
)
from companion.web.for_games import kept_url_for as _url_for

from .alerts import alerts, card_clash, render_alerts
from .counting import get_counts

bp = Blueprint("seat", __name__)
VIEW = "phone"
PANEL_ID = "phone-panel"
PANEL_PUSH = "seat-panel"  # a seat's stream carries its own panel (`pushed_panel`)
NOTICES = 3  # what happened to you, newest first, on top of the panel
RECENT = 8  # the table's latest events, folded away at the bottom
LEARNED_KEY = "palazzo.phone_learned"  # in app.extensions: the installation's LearnedCatalog
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
        self.events = _url_for("recording.post_event", game_id=game_id)
        self.teach = _url_for("seat.teach", game_id=game_id)

    def _url(self, endpoint: str, params: dict | None, extra: dict) -> str:
        values = {
            k: v
            for k, v in {**(params or {}), **extra}.items()
            if not k.startswith("_") and v not in (None, "", [])
        }
        if self.scribe:
            return _url_for(endpoint, game_id=self.game_id, seat=self.seat, **values)
        return _url_for(endpoint, game_id=self.game_id, **values)

    def panel(self, params: dict | None = None, **extra) -> str:
        return self._url("seat.scribe_panel" if self.scribe else "seat.panel", params, extra)

    def page(self, params: dict | None = None, **extra) -> str:
        return self._url("seat.scribe" if self.scribe else "seat.phone", params, extra)


def _installed_catalog():
    try:
        return _learned().catalog()
    except CatalogError:
        return None  # an unreadable catalog file must not take the phones down


def _catalog_version():
    """What names the installation's catalog as it is now (see LearnedCatalog.version)."""
    return _learned().version()


def _learned() -> LearnedCatalog:
    """The installation's LearnedCatalog, made once per app (it holds only the file's path;
    making it, a Path joined each time, cost as much as the stat every panel makes)."""
    learned = current_app.extensions.get(LEARNED_KEY)
    if learned is None:
        learned = current_app.extensions[LEARNED_KEY] = LearnedCatalog(current_app.instance_path)
    return learned


def _working_state(replay, version=None):
    """The state with this installation's catalog (its buttons offer what is known): the same
    for every seat, so worked out once per seq and catalog and shared, read only. `version`:
    the catalog's as the caller read it (`_catalog_version`), else read now."""
    if version is None:
        version = _catalog_version()  # before the catalog: a change meanwhile only costs a redo
    return replay.kept(
        ("working_state", version),
        lambda: screens.working_state(replay.state, _installed_catalog()),
    )


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
    alerts_now: dict | None = None,
    drawn_for: str | None = None,
    catalog_version=None,
) -> dict:
    """Everything templates/princes/phone/page.html needs to draw one seat's panel
    (`alerts_now`: this seat's alerts when the caller has just worked them out; `drawn_for`:
    its `_drawn_for`, likewise; `catalog_version`: the installation's catalog as the caller read
    it, `_catalog_version`, so the panel and its ETag name the same one)."""
    replay = current_replay(game_id)
    seq, state = replay.seq, replay.state  # shared by every screen at this seq: read only
    if not 0 <= seat < state.n:
        abort(404, description=_("There is no seat %(num)s at this game.", num=seat + 1))
    version = catalog_version if catalog_version is not None else _catalog_version()
    work, held = _work_and_held(game_id, seat, replay, version)
    params = _panel_params(replay, seat, params, refusal, sent_event)
    screen, params, refusal = _panel_screen(
        work, seat, params, refusal, sent_event, teach_form=teach_form
    )
    screen = _hand_options_once(replay, screen, held, version)
    # a tap's answer: its seq is new, so the open checks read for this seq's pushes are too
    fresh = recorded is not None and alerts_now is None
    wave = _wave_checks(game_id, replay) if fresh else None
    shown = alerts_now or alerts(game_id, state, seat, scribe=scribe, checks=wave)
    return {
        "game_id": game_id,
        "seat": seat,
        "scribe": scribe,
        "seq": seq,
        "params": params,
        "urls": PhoneUrls(game_id, seat, scribe),
        "view": VIEW,
        "panel_id": PANEL_ID,
        "screen": screen,
        "held": bool(held),
        "screen_template": f"princes/phone/_{TEMPLATES.get(screen['name'], 'notice')}.html",
        **_seat_holds(replay, work, seat, held),
        "undo": undo_offer(game_id, seat=seat, host=host, replay=replay),
        "notices": [] if is_solo(state) else notices(replay, seat, last=NOTICES, shared=True),
        "recent": [] if is_solo(state) else newest_first(replay, seat, last=RECENT, shared=True),
        "buzz": "" if scribe else buzz_key(replay, seat),  # the host's device stays still
        "alerts": shown,
        "alerts_html": _alerts_once(shown),
        "slot": screens.RefusalSlot(refusal, sent_event),
        "done": _done(replay, recorded, seat),
        "table_url": f"/games/{quote(game_id, safe='')}/table",
        "history_url": f"/games/{quote(game_id, safe='')}/history",
        "new_event_id": lambda: uuid.uuid4().hex,
        "push": "" if scribe else PANEL_PUSH,
        "drawn_for": drawn_for or _drawn_for(game_id, seat, host, scribe),
    }


def _panel_screen(work, seat: int, params: dict, refusal, sent_event, *, teach_form) -> tuple:
    """(the screen the panel shows, the params it shows it for, the refusal it still shows):
    a teach form asks a first-time refusal as its question, and a screen the turn moved past
    falls back to the overview."""
    resend = _resend(params, sent_event)
    screen = screens.screen(work, seat, params, resend=resend, teach_form=teach_form)
    if (
        refusal is not None
        and (refusal.code in FIRST_TIME_QUESTIONS or screen.get("same"))
        and screen["name"].startswith("teach_")
    ):
        refusal = None  # the teach form asks it as a question ("is this the Sculpteur?" too)
    if params.get("do") and not screen["name"].startswith(params["do"]):
        params = {}  # that screen is gone (the turn moved on): refresh to the overview
    return screen, params, refusal


def _seat_holds(replay, work, seat: int, held) -> dict:
    """What the seat has, as its panel lists it: its status line, hand, cards, Principality,
    what it may sell and its Character."""
    return {
        "status": screens.status(work, seat),
        "hand": screens.hand(work, seat),
        "bonus_cards": screens.bonus_cards_held(work, seat),
        "prestige_cards": screens.prestige_cards_held(
            work, seat, _principality_counts(replay, work, held)
        ),
        "principality": screens.principality(work, seat),
        "sell": screens.sell_offer(work, seat),
        "character": characters.mine(work, seat, screens._button),
    }


def _done(replay, recorded, seat: int) -> str | None:
    """A tap's answer: what it recorded, in this seat's words (or that it was already)."""
    fact = replay.fact(recorded.event.seq) if recorded is not None else None
    if fact is None:
        return None
    said = text_of(replay, fact, seat, shared=True)
    if recorded.duplicate:
        return _("Already recorded: %(said)s", said=said)
    return _("Done: %(said)s", said=said)


def _work_and_held(game_id: str, seat: int, replay, version) -> tuple:
    """(the state the panel reads, the cards taught for this seat's starting hand): with cards
    held, a copy of its own whose catalog knows them, so they are choosable here and recorded
    with the hand."""
    state = replay.state
    work = _working_state(replay, version)
    held = (
        held_cards(game_id, seat) if state.phase == "setup" and not state.players[seat].hand else []
    )
    if held:
        work = screens.working_state(state, _installed_catalog())  # this seat's own copy
        try:
            work.catalog = work.catalog.merged(
                {"professions": {t["profession"]: as_entry(t) for t in held}}
            )
        except CatalogError:
            held = []
    return work, held


def _panel_params(replay, seat: int, params, refusal, sent_event) -> dict:
    """What the panel is asked to show: the link's `params`, the ticks of a hand the host
    undid, or after a refusal the form that was refused, as it was sent."""
    state = replay.state
    params = dict(params or {})
    if state.phase == "setup" and not state.players[seat].hand and not params:
        undone = last_hand_claimed(replay, seat)
        if undone:  # the host undid this hand: the same ticks come back, to change one
            params = {"do": "hand", "professions": undone}
    if refusal is not None and sent_event is not None and sent_event.get("type") != "_teach":
        params = screens.params_after_refusal(refusal, sent_event) or params
        if isinstance(sent_event.get("cells"), list):
            params["_cells"] = sent_event["cells"]
    return params


def _resend(params: dict, sent_event) -> dict | None:
    """The move a teach form sends again once the card is taught (None: no move waits)."""
    if params.get("do") == "teach" and sent_event and sent_event.get("type") in screens.TEACHABLE:
        return sent_event
    if sent_event and sent_event.get("type") == "_teach":
        return sent_event.get("resend")
    return None


def _principality_counts(replay, work, held: list) -> dict | None:
    """What Prestige cards compare, every Principality's, once per seq for the shared working
    state (None: worked out for this panel, as for a seat's own copy with cards held)."""
    if held:
        return None
    kept = replay.kept(("principality_counts", id(work)), lambda: (work, principality_counts(work)))
    return kept[1] if kept[0] is work else None  # the key's object, not a later one's id


ALERTS_KEY = "palazzo.phone_alerts"  # in app.extensions: the alerts drawn, by what they show
ALERTS_KEPT = 1024  # (games x open checks x languages, with room)


def _alerts_once(shown: dict) -> Markup | None:
    """The alerts without a card claimed (what nearly every phone shows: the open checks, the
    same for the whole table) drawn once per game, checks, language and script root, whatever
    the seq (they name no event: nearly always the empty box with its poll); a seat's own
    notices of claimed cards, and the scribe's links, are drawn for it alone (None: the page
    does). `shown["key"]` names the checks and their keys, the rest is words and links."""
    if shown["clashes"] or shown["scribe"]:
        return None
    key = (request.script_root, shown["game_id"], shown["key"], shown["poll"], current_language())
    return kept_in_app(
        ALERTS_KEY,
        key,
        lambda: Markup(render_template("princes/phone/_alerts.html", alerts=shown)),
        ALERTS_KEPT,
    )


def _hand_options_once(replay, screen: dict, held: list, version) -> dict:
    """The starting hand's cards with none ticked are the same on every phone still choosing
    (the game's catalog with this installation's): drawn once per seq, catalog and language
    (`shared_value`), a quarter of such a panel's CPU. Ticked ones are drawn for their phone."""
    if screen["name"] != "hand" or held:
        return screen
    options = screen["options"]
    if any(o["checked"] for o in options):
        return screen  # ticked (or cards held on this device for the hand): its own
    html = shared_value(
        replay,
        f"hand-options:{version}",
        lambda: Markup(
            get_template_attribute("princes/phone/_macros.html", "hand_options")(options)
        ),
    )
    return {**screen, "options_html": html}


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
    context = phone_context(game_id, seat, **kwargs)
    if context["drawn_for"] and not context["scribe"]:
        _answered(game_id, seat, context["drawn_for"], context["seq"])
    return render_block("princes/phone/page.html", "panel", **context)


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


VIEWS = {VIEW: render_phone}  # the recording route's answer to a post from a phone panel


keep_out_of_caches(bp)


# -- the panel -----------------------------------------------------------------------------------


@bp.get("/games/<game_id>/me")
def phone(game_id: str):
    me = require_seat(game_id)
    return render_template(
        "princes/phone/page.html",
        **phone_context(game_id, me.seat, host=me.host, params=screens.parse_params(request.args)),
    )


def _live_panel(game_id: str, seat: int, *, scribe: bool, host: bool):
    """The panel a live refresh asks for: 304 when this browser already shows it. It shows
    this seat's secrets, so it is this browser's alone (shared.private_fragment); its ETag
    names the seq, the seat and the device's role, and what the panel shows besides the log:
    the alerts (open checks, claimed cards), the installation's catalog, the cards held
    for a starting hand, the asked screen."""
    replay = current_replay(game_id)
    if not 0 <= seat < replay.state.n:
        abort(404, description=_("There is no seat %(num)s at this game.", num=seat + 1))
    now = alerts(game_id, replay.state, seat, scribe=scribe)
    version = _catalog_version()  # the ETag's, and the panel's it names
    etag = private_etag(
        replay.seq,
        VIEW,
        seat,
        host,
        scribe,
        now["key"],
        version,
        held_cards(game_id, seat),
        request.query_string,
    )
    params = screens.parse_params(request.args)
    return private_fragment(
        etag,
        lambda: phone_panel(
            game_id,
            seat,
            scribe=scribe,
            host=host,
            params=params,
            alerts_now=now,
            catalog_version=version,
        ),
    )


@bp.get("/games/<game_id>/me/panel")
def panel(game_id: str):
    me = require_seat(game_id)
    return _live_panel(game_id, me.seat, scribe=False, host=me.host)


# -- the panel a seat's own stream carries -------------------------------------------------------
#
# A phone's page names its panel (`data-live-push`), so its live stream (companion/web/live.py)
# draws that seat's panel at each new seq and sends it: no request per move, no session to
# decode, no access check of a request. The stream's session is the seat's (it opened it), and
# who it is is asked again at each push (`access`: a link the host re-issued ends it). The
# panel is drawn exactly as a fetch of /me/panel would draw it; static/palazzo.js swaps it in
# only over a panel drawn for the same session and URL (`data-drawn-for`, `data-hx-get`), so a
# screen the player opened (?do=build), or a session changed since the stream opened (cards
# held for a starting hand), is fetched as before.

_ANSWERED: dict[tuple[str, int, str], int] = {}  # (game, seat, drawn for) -> latest seq drawn
_ANSWERING: dict[tuple[str, int, str], int] = {}  # the same -> its taps on their way
_ANSWERED_LOCK = threading.Lock()
_TAP_KEY = "palazzo_tap_of"  # on `g`: the panel this request's tap will answer with
_ANSWERED_MAX = 4096  # forgotten all at once past this: it only saves a render


def _drawn_for(game_id: str, seat: int, host: bool, scribe: bool) -> str:
    """A digest of what the panel shows from the browser's session rather than from the log:
    the CSRF token its forms carry, who it is, the cards it holds for a starting hand, its
    language. A pushed panel replaces only a panel drawn for the same (static/palazzo.js)."""
    depends = (
        csrf_token(),
        game_id,
        seat,
        host,
        scribe,
        held_cards(game_id, seat),
        current_language(),
    )
    return hashlib.sha256(repr(depends).encode()).hexdigest()[:16]


def _answered(game_id: str, seat: int, drawn_for: str, seq: int) -> None:
    """This browser was sent its panel at `seq` (a tap's answer, a fetch, a push)."""
    key = (game_id, seat, drawn_for)
    with _ANSWERED_LOCK:
        if len(_ANSWERED) >= _ANSWERED_MAX:
            _ANSWERED.clear()
        if _ANSWERED.get(key, -1) < seq:
            _ANSWERED[key] = seq


@recording.bp.before_request
def _tap_on_its_way() -> None:
    """A phone's tap: until it is answered (with the panel, at the seq it made), the phone's
    stream says only the seq, whichever of the two threads runs first."""
    if request.endpoint != "recording.post_event":
        return
    game_id = (request.view_args or {}).get("game_id")
    if request.form.get("view") != VIEW or request.form.get("as_seat") or not has_csrf_token():
        return
    me = access(game_id) if isinstance(game_id, str) and game_id.isprintable() else None
    if me is None or me.seat is None:
        return
    key = (game_id, me.seat, _drawn_for(game_id, me.seat, me.host, False))
    with _ANSWERED_LOCK:
        _ANSWERING[key] = _ANSWERING.get(key, 0) + 1
    setattr(g, _TAP_KEY, key)


@recording.bp.teardown_request
def _tap_answered(_error) -> None:
    key = g.pop(_TAP_KEY, None)
    if key is not None:
        with _ANSWERED_LOCK:
            left = _ANSWERING.get(key, 0) - 1
            if left > 0:
                _ANSWERING[key] = left
            else:
                _ANSWERING.pop(key, None)


def pushed_panel(game_id: str, seq: int) -> tuple[int, str] | None:
    """The panel of the seat whose session opened this stream, at `seq` or later: None (the
    stream then says only the seq, and the phone fetches if it must) for a session that holds
    no seat of this Princes game any more, one without its CSRF token yet, or a browser this
    process already answered with its panel at that seq, or is answering (the tapping phone:
    its tap's answer is that panel)."""
    get_store().pushing(game_id, seq)  # one read of the record for this seq's pushes
    if get_table().game(game_id) is not GAME:
        return None
    me = access(game_id)  # asked again at each push: a re-issued link ends this seat's
    if me.seat is None or not has_csrf_token():
        return None
    replay = current_replay(game_id)
    if not 0 <= me.seat < replay.state.n:
        return None
    drawn_for = _drawn_for(game_id, me.seat, me.host, False)
    key = (game_id, me.seat, drawn_for)
    with _ANSWERED_LOCK:
        if _ANSWERING.get(key) or _ANSWERED.get(key, -1) >= max(seq, replay.seq):
            return None
    now = alerts(game_id, replay.state, me.seat, checks=_wave_checks(game_id, replay))
    html = phone_panel(
        game_id,
        me.seat,
        host=me.host,
        params={},
        alerts_now=now,
        drawn_for=drawn_for,
        catalog_version=_wave_catalog(replay),
    )
    return replay.seq, html


def _wave_checks(game_id: str, replay) -> dict[str, str]:
    """The game's open checks for the pushes of one seq (`pushed_panel`): one query serves
    them for WAVE_SECONDS, as the game's record does (RequestStore.pushing). A check opened
    meanwhile shows at the phone's next look at its alerts (its nudge), or the next seq."""
    wave = replay.kept(("open_checks",), dict)  # this seq's: (read at, checks)
    now = time.monotonic()
    found = wave.get("checks")
    if found is None or now - found[0] >= WAVE_SECONDS:
        found = wave["checks"] = (now, get_counts().opened(game_id))
    return found[1]


def _wave_catalog(replay):
    """The installation's catalog version for the pushes of one seq (`pushed_panel`): one
    look at the file serves them for WAVE_SECONDS, as `_wave_checks` does for the checks. A
    card taught with a move in this process is kept before its seq's pushes are drawn (one
    kept by another process shows within WAVE_SECONDS, or at the next seq); one taught on the
    catalog screen moves no seq (the phone's next fetch names it in its ETag)."""
    wave = replay.kept(("catalog_version",), dict)  # this seq's: (read at, version)
    now = time.monotonic()
    found = wave.get("version")
    if found is None or now - found[0] >= WAVE_SECONDS:
        found = wave["version"] = (now, _catalog_version())
    return found[1]


PUSHED = {PANEL_PUSH: Pushed(pushed_panel, seat=True)}  # a phone's panel, carried by its stream


@bp.get("/games/<game_id>/me/alerts")
def phone_alerts(game_id: str):
    """The phone's alerts, asked for every few seconds (web/alerts.py): 204 while they are
    what the phone shows (`seen`)."""
    me = require_seat(game_id)
    return render_alerts(game_id, me.seat, request.args.get("seen"))


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
    return _live_panel(game_id, seat, scribe=True, host=True)


# -- teaching a card on first use ----------------------------------------------------------------


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
    answer = dict(scribe=scribe, host=me.host)
    if request.form.get("what") == "hand":
        return _choose_hand(game_id, me, event_id, answer)
    form = {**typed_card(request.form), "cells": request.form.get("cells", "")[:60]}
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
    if event is None:  # a starting hand still short of cards: hold this one, choose on
        return _hold_for_the_hand(game_id, me, state, resend, teaching, answer)
    teach = [teaching] if teaching and teaching.get("type") else []
    if event["type"] == "starting_hand_chosen":
        taught = {t.get("profession") for t in teach}
        teach = [t for t in held_cards(game_id, me.seat) if t["profession"] not in taught] + teach
    recorded, refusal = record(game_id, event, by, event_id, teach=teach)
    if refusal is not None:
        return _answer(game_id, me.seat, refusal=refusal, sent_event=event, **answer), 422
    if event["type"] == "starting_hand_chosen":
        drop_held(game_id, me.seat)
    return _answer(game_id, me.seat, recorded=recorded, **answer)


def _hold_for_the_hand(game_id: str, me: Access, state, resend: dict, teaching, answer: dict):
    """A card taught for a starting hand still short of cards waits on this device and the
    hand screen shows it chosen; with no hand left to choose, the engine's refusal: a card is
    taught with a move or not at all."""
    if state.phase != "setup" or state.players[me.seat].hand:
        refusal = _engine_refusal(state, resend)
        return _answer(game_id, me.seat, refusal=refusal, sent_event=resend, **answer), 422
    if teaching.get("type") == "profession_taught":
        hold_card(game_id, me.seat, teaching)
    chosen = [*(resend.get("professions") or []), teaching["profession"]]
    return _answer(game_id, me.seat, params={"do": "hand", "professions": chosen}, **answer)


def _choose_hand(game_id: str, me: Access, event_id: str | None, answer: dict):
    """The starting hand, sent from the hand screen with the cards taught for it on this
    device: they are recorded with the hand, in one go, or not at all."""
    fields = MultiDict(request.form)
    fields.pop("what", None)
    try:
        event = event_from_form(fields)
        if event["type"] != "starting_hand_chosen":
            raise FormError(N_("That form does not say what to teach"))
    except FormError as e:
        return _answer(game_id, me.seat, refusal=e.refusal(), **answer), 422
    by = authorise(me, event)
    recorded, refusal = record(game_id, event, by, event_id, teach=held_cards(game_id, me.seat))
    if refusal is not None:
        return _answer(game_id, me.seat, refusal=refusal, sent_event=event, **answer), 422
    drop_held(game_id, me.seat)
    return _answer(game_id, me.seat, recorded=recorded, **answer)


def _engine_refusal(state, event: dict) -> Refusal:
    """Why the engine would not take `event` now (a form for a move that is gone)."""
    try:
        apply_in_place(state.clone(), event)
    except Refusal as refusal:
        return refusal
    return FormError(N_("This form lost the move it was for: go back and try again")).refusal()
