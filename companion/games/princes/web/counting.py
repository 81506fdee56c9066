"""Count your Florins (and the Fame track): the table's check of its purses against the log.

Anyone at the table (a seat or the host) asks for a check; each player types their count on
their own phone and sees their own ledger (`presentation.ledger`), where it parts from the log
and may mark the line where they think it did. The host sees who agrees, who disagrees and at
which event, never a money amount, and records a correction naming that event through the
recording route (view `count_money` / `count_fame`). Money ledgers and counts reach only their
own seat; the Fame track is public, so its ledgers and counts are everyone's. What was counted
is kept beside the log (`companion.games.princes.counts`); the page follows the log live and polls for counts.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from htmx_flask import request as htmx_request
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from companion.core.lang import N_, _, seat_name
from companion.core.lang import current as current_language
from companion.games.princes.counts import Check, CountError, Counts, read_amount
from companion.games.princes.rules import GameState, Refusal
from companion.games.princes.words.ledger import (
    CLUES,
    TRACKS,
    UNITS,
    Ledger,
    Verdict,
    compare,
    ledger,
)
from companion.games.princes.words.telling import text_of
from companion.web.for_games import (
    NUDGED_EVERY,
    Access,
    app_extension,
    current_replay,
    get_store,
    keep_out_of_caches,
    kept_in_app,
    nudge,
    require_viewer,
)

bp = keep_out_of_caches(Blueprint("counting", __name__))
EXTENSION_KEY = "palazzo.counts"
VIEWS = {track: f"count_{track}" for track in TRACKS}  # the recording route's answer
TITLES = {"money": N_("Count your Florins"), "fame": N_("Check the Fame track")}
OPEN_CHECK = {  # said once on each screen: a phone's alerts' banner, or the host's links
    "money": N_("A money check is open: count your Florins"),
    "fame": N_("A Fame check is open: check your marker"),
}
POLL_SECONDS = 5  # how often an open page asks for new counts (they are not in the log)
LINKS_KEPT = 1024  # count links a process keeps drawn (games x seats x languages x checks)
LINKS_KEY = "palazzo.princes_count_links"  # in app.extensions: (language, root, game, seat, checks)
LINKS_POLL = NUDGED_EVERY  # how often the links ask whether a check opened, unless nudged


def get_counts(app=None) -> Counts:
    return app_extension(app, EXTENSION_KEY, _counts_of)


def _counts_of(app) -> Counts:
    store = get_store(app)
    return Counts(store)


@dataclass(frozen=True)
class Standing:
    """One seat in the check, as a viewer may see it: amounts only where they are theirs to
    see (money: their own; fame: everyone's)."""

    seat: int
    name: str
    counted: bool
    agrees: bool | None = None
    where: int | None = None  # the event where it parts: the player's mark, else the first clue
    where_text: str = ""
    marked: bool = False  # `where` is the player's own mark
    book: Ledger | None = None  # the ledger, when the viewer may see it
    verdict: Verdict | None = None  # the comparison, when the viewer may see the amounts


def _track_or_404(track: str) -> str:
    if track not in TRACKS:
        abort(404, description=_("There is no such check."))
    return track


def standings(replay, check: Check | None, track: str, me: Access) -> list[Standing]:
    """Every seat's place in the check. Money: the amounts and the ledger only for the
    viewer's own seat; the host and everyone else see who agrees and where, in public words."""
    out = []
    for s, p in enumerate(replay.state.players):
        count = check.counts.get(s) if check is not None else None
        public = track == "fame"
        own = me.seat == s
        book = ledger(replay, s, track, viewer=me.seat) if public or own else None
        if count is None or not (public or own or me.host):
            out.append(Standing(s, p.name, count is not None, book=book))
            continue
        verdict = compare(
            book or ledger(replay, s, track, viewer=s), count.amount, count.seq, replay
        )
        first = verdict.first
        where = None if verdict.agrees else count.marked or (first.seq if first else None)
        fact = replay.fact(where) if where else None
        out.append(
            Standing(
                s,
                p.name,
                True,
                agrees=verdict.agrees,
                where=where,
                where_text=text_of(replay, fact, me.seat if own else None) if fact else "",
                marked=bool(count.marked) and where == count.marked,
                book=book,
                verdict=verdict if public or own else None,
            )
        )
    return out


def _replay(game_id: str):
    """The game's replay; a game other than the Princes (Firenze) has no purses to count."""
    replay = current_replay(game_id)
    if not isinstance(replay.state, GameState) or not replay.state.players:
        abort(404, description=_("This game has no money or fame to count."))
    return replay


def _viewer(game_id: str) -> tuple[Access, int | None]:
    """Who is looking; the host may count for a seat without a phone (`as_seat`, as in scribe
    mode, where the host's device already shows that seat's private panel)."""
    me = require_viewer(game_id)
    text = request.values.get("as_seat", "")
    if not me.host or not re.fullmatch(r"[0-9]{1,2}", text):
        return me, None
    if int(text) >= _replay(game_id).state.n:
        abort(404, description=_("There is no seat %(num)s at this game.", num=int(text) + 1))
    return Access(game_id, host=True, seat=int(text)), int(text)


def context(game_id: str, track: str, me: Access, scribe: int | None = None, **extra) -> dict:
    replay = _replay(game_id)
    here = {"game_id": game_id, "track": track}
    if scribe is not None:
        here["as_seat"] = scribe
    check = get_counts().check(game_id, track)
    table = standings(replay, check, track, me)
    mine = next((s for s in table if s.seat == me.seat), None)
    count = check.counts.get(me.seat) if check is not None and me.seat is not None else None
    fixing = extra.pop("fixing", None)
    return {
        "game_id": game_id,
        "track": track,
        "unit": _(UNITS[track]),
        "title": _(TITLES[track]),
        "other": next(t for t in TRACKS if t != track),
        "other_title": _(TITLES[next(t for t in TRACKS if t != track)]),
        "me": me,
        "seq": replay.seq,
        "over": replay.state.phase == "over",
        "check": check,
        "started_by": _who(replay, check.by) if check is not None else "",
        "table": table,
        "mine": mine,
        "count": count,
        "clues": {k: _(v) for k, v in CLUES.items()},
        "fix": _fix_form(replay, table, track, fixing) if me.host and fixing is not None else None,
        "names": [p.name for p in replay.state.players],
        "scribe": scribe,
        "live_url": url_for("counting.live", **here),
        "page_url": url_for("counting.page", game_id=game_id, track=track),
        "post_url": url_for("counting.post", **here),
        "other_url": url_for(
            "counting.page", **{**here, "track": next(t for t in TRACKS if t != track)}
        ),
        "phone_url": (
            url_for("seat.scribe", game_id=game_id, seat=scribe)
            if scribe is not None
            else url_for("seat.phone", game_id=game_id)
        ),
        "events_url": url_for("recording.post_event", game_id=game_id),
        "form_view": VIEWS[track],
        "poll": POLL_SECONDS,
        "error": None,
        "refusal": None,
        "done": None,
        **extra,
    }


def _who(replay, by: str) -> str:
    if by.isdigit() and int(by) < replay.state.n:
        return seat_name([p.name for p in replay.state.players], int(by))
    return _("The host")


def _fix_form(replay, table: list[Standing], track: str, seat) -> dict | None:
    """The host's correction for one seat, naming the event: the events that moved that
    seat's track (told as the table may hear them), the seat's mark or first clue chosen."""
    if isinstance(seat, dict):  # a refused correction comes back as it was sent
        sent = seat
        player = str(sent.get("player", ""))
        seat = int(player) if re.fullmatch(r"[0-9]{1,2}", player) else None
    else:
        sent = {}
    standing = next((s for s in table if s.seat == seat), None)
    if standing is None:
        return None
    book = ledger(replay, standing.seat, track, viewer=None)
    chosen = str(sent.get("fixes") or standing.where or "")
    fame = standing.verdict.difference if track == "fame" and standing.verdict else 0
    return {
        "seat": standing.seat,
        "name": standing.name,
        "events": [(line.seq, line.text) for line in book.lines],
        "chosen": chosen,
        "amount": sent.get(track, "" if track == "money" else fame),
        "reason": sent.get("reason")
        or (_("Counted at the table") if track == "money" else _("Fame track checked")),
        "event_id": uuid.uuid4().hex,
    }


# -- the page --------------------------------------------------------------------------------


@bp.get("/games/<game_id>/count/<track>")
def page(game_id: str, track: str):
    me, scribe = _viewer(game_id)
    fixing = request.args.get("fix", "")
    fix = int(fixing) if re.fullmatch(r"[0-9]{1,2}", fixing) else None
    return render_template(
        "princes/count/page.html", **context(game_id, _track_or_404(track), me, scribe, fixing=fix)
    )


@bp.get("/games/<game_id>/count/<track>/live")
def live(game_id: str, track: str):
    me, scribe = _viewer(game_id)
    return render_block(
        "princes/count/page.html", "live", **context(game_id, _track_or_404(track), me, scribe)
    )


@bp.post("/games/<game_id>/count/<track>")
def post(game_id: str, track: str):
    """Start or close a check, give a count, mark a line: plain forms, answered by the page."""
    me, scribe = _viewer(game_id)
    track = _track_or_404(track)
    _replay(game_id)
    by = "host" if me.host and (scribe is not None or me.seat is None) else str(me.seat)
    action = request.form.get("action", "")
    counts = get_counts()
    opened_or_closed = action in ("start", "close")  # every phone's banner and links say it
    try:
        if action == "start":
            _may_start(me)
            counts.start(game_id, track, by, _replay(game_id).seq)
        elif action == "close":
            if not me.host:
                abort(403, description=_("Only the host's device closes a check."))
            counts.close(game_id, track)
        elif action == "count":
            seat = _own_seat(me)
            amount = read_amount(track, request.form.get("amount", ""))
            seq = _seq(game_id, request.form.get("seq", ""))
            opened_or_closed = counts.give(game_id, track, seat, amount, seq, by)
        elif action in ("mark", "unmark"):
            seat = _own_seat(me)
            marked = _own_line(game_id, track, seat) if action == "mark" else None
            if not counts.mark(game_id, track, seat, marked):
                raise CountError(_("Type your count first"))
        else:
            abort(400, description=_("That form does not say what to do."))
    except CountError as e:
        page = context(game_id, track, me, scribe, error=str(e))
        return render_template("princes/count/page.html", **page), 422
    if opened_or_closed:
        nudge(game_id, "alerts")
    here = {} if scribe is None else {"as_seat": scribe}
    return redirect(url_for("counting.page", game_id=game_id, track=track, **here), code=303)


def _may_start(me: Access):
    if not me.host and me.seat is None:
        abort(403, description=_("Spectators watch; a player or the host asks for a check."))


def _own_seat(me: Access) -> int:
    if me.seat is None:
        abort(403, description=_("Only a player counts: open your seat's link."))
    return me.seat


def _seq(game_id: str, text: str) -> int:
    """The seq the player's screen showed when they counted (never past the log's end)."""
    last = _replay(game_id).seq
    return min(int(text), last) if re.fullmatch(r"[0-9]{1,9}", text) else last


def _own_line(game_id: str, track: str, seat: int) -> int:
    """The line a player marks must be one of their own ledger's."""
    text = request.form.get("line", "")
    replay = _replay(game_id)
    lines = {line.seq for line in ledger(replay, seat, track, viewer=seat).lines}
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) not in lines:
        raise CountError(_("Mark one of the lines of your own ledger"))
    return int(text)


# -- the host's correction, through the recording route ---------------------------------------


def _render_correction(track: str):
    def render(game_id, me, refusal: Refusal | None = None, sent=None, recorded=None):
        if not me.host:
            abort(403, description=_("Only the host's device can do this."))
        done = None
        fixed = ""  # whose correction this was, for the heading once it is recorded
        if recorded is not None:
            replay = current_replay(game_id)
            fact = replay.fact(recorded.event.seq)
            done = text_of(replay, fact) if fact is not None else None
            player = recorded.event.payload.get("player")
            if isinstance(player, int) and 0 <= player < replay.state.n:
                fixed = replay.state.players[player].name
        fixing = dict(sent or {}) if refusal is not None else None
        ctx = context(game_id, track, me, refusal=refusal, done=done, fixing=fixing)
        ctx["fixed"] = fixed
        if htmx_request.htmx:
            return render_block("princes/count/page.html", "fix", **ctx)
        return render_template("princes/count/page.html", **ctx)

    return render


# the recording route's answers to a count's corrections
ANSWERS = {VIEWS[track]: _render_correction(track) for track in TRACKS}


# -- elsewhere: the link on a phone or the host's page ------------------------------------------


@bp.app_template_global()
def count_links(
    game_id: str, as_seat: int | None = None, checks=None, *, under_banner: bool = False
) -> Markup:
    """Links to the checks, saying when one is open (on a phone, in scribe mode for `as_seat`,
    and on the host's page); a check opening is not an event of the log, so they ask again when
    the game's stream is nudged (`post`), and every LINKS_POLL seconds. `checks`: the open
    tracks, when the page has just read them. `under_banner`: on a panel whose alerts already
    say a check is open (a phone, scribe mode), so the link to it stands out but says the
    same sentence only once, and a screen reader reads it out once."""
    checks = get_counts().open_tracks(game_id) if checks is None else set(checks)
    here = {} if as_seat is None else {"as_seat": as_seat}

    def draw() -> Markup:
        return Markup(
            render_template(
                "princes/count/_links.html",
                game_id=game_id,
                checks=checks,
                titles=TITLES,
                open_check=OPEN_CHECK,
                poll=LINKS_POLL,
                here=here,
                asked={**here, "banner": 1} if under_banner else here,  # its refresh keeps it
                under_banner=under_banner,
            )
        )

    # the same for every phone of the game showing the same open checks, at every seq: drawn
    # once per language, links' root, place and open checks, and kept (every phone's
    # panel carries it; a check opening or closing is a new key)
    key = (current_language(), request.script_root, game_id, as_seat, under_banner, *sorted(checks))
    return kept_in_app(LINKS_KEY, key, draw, LINKS_KEPT)


@bp.get("/games/<game_id>/count/links")
def links(game_id: str):
    me, scribe = _viewer(game_id)
    return count_links(game_id, scribe, under_banner=request.args.get("banner") == "1")
