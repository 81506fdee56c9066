"""Firenze at the table: hosting, the table screen, each player's phone, the host's page.

A thin layer over the Firenze rules (companion/games/firenze/rules): a route reads a form into one
event (forms.py), records it through the same Table service as the Princes, and re-renders its
fragment with the engine's refusal inline. The game-agnostic parts of the platform (the store,
join links, the log download, live updates) are shared; the platform sends a request for
another game's screen of a Firenze game here (`WEB.screens`, companion/web/games.py).
"""

from __future__ import annotations

import secrets
import uuid

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from jinja2_fragments.flask import render_block

from companion.core.game import GameWeb, History, Undo
from companion.core.lang import N_, _
from companion.games.firenze import board_fields
from companion.games.firenze.board import LearnedBoard
from companion.games.firenze.rules import GAME, Refusal, public_view, seat_view
from companion.games.firenze.rules.catalog import (
    BALCONY_NUMERALS,
    CARD_KINDS,
    COLOURS,
    NEUTRAL_SEALS,
    NORMAL_NEUTRAL_SEALS,
    PLAYERS,
    PRINTED_CARDS,
    BoardError,
)
from companion.games.firenze.words import Line, tell, told
from companion.web.for_games import (
    Access,
    Pushed,
    access,
    check_event_id,
    current_replay,
    game_or_404,
    get_store,
    get_table,
    host_game,
    keep_out_of_caches,
    kept_tokens,
    names_refusal,
    public_join_url,
    record,
    refusal_message,
    render_once,
    require_host,
    require_seat,
    require_viewer,
    retraction,
    shared_fragment,
    told_at,
    typed_names,
    undo_offer,
)

from .forms import FormError, celebrations, reveal, seat_event
from .names import card_name, card_names, colour_name

bp = Blueprint("firenze", __name__, url_prefix="/firenze")
keep_out_of_caches(bp)

MIN_PLAYERS, MAX_PLAYERS = PLAYERS  # how many play Firenze
BOARD = "firenze-board"  # the table's board: its shared renderings and its pushes
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
KIND_WORDS = {  # translated where shown: {{ _(kind_words[kind]) }}
    "event": N_("Event: play now"),
    "personnel": N_("Personnel: to your hand"),
    "celebration": N_("Celebration: kept to the end"),
    "building": N_("Building: in front of you"),
    "church": N_("Church: on a church space"),
}
RECORDED = N_("Recorded.")
# The card form's kind unless the table says otherwise (ruling F19): Personnel, the common case.
DEFAULT_KIND = "personnel"


# Every Firenze template (and fragment) names colours and cards in the reader's language.
bp.add_app_template_global(colour_name, "fz_colour")
bp.add_app_template_global(card_name, "fz_card")
bp.add_app_template_global(card_names, "fz_card_names")


def learned_board() -> LearnedBoard:
    return LearnedBoard(current_app.instance_path)


# -- teaching the board -----------------------------------------------------------------------


@bp.get("/board")
def board_form():
    return render_template(
        "firenze/board_form.html", **_board_form_context(learned_board().board())
    )


def _board_form_context(board: dict | None, error: str | None = None, values=None) -> dict:
    return {
        "colours": COLOURS,
        "board": board,
        "error": error,
        "values": values or {},
        "marked": set(),
    }


@bp.post("/board")
def board_teach():
    """Teach the board; a wrong board is refused with every value kept and the wrong fields
    marked (board_fields.py)."""
    form = request.form
    try:
        learned_board().teach(board_fields.check(form))
    except BoardError as e:
        context = _board_form_context(None, refusal_message(e), form)
        context["marked"] = board_fields.marked(form, e)
        return render_template("firenze/board_form.html", **context), 422
    return redirect(url_for("firenze.host_form"), code=303)


# -- hosting ----------------------------------------------------------------------------------


@bp.get("/host")
def host_form():
    return render_template("firenze/host_form.html", **_host_context({}, {}))


def _host_context(values, errors) -> dict:
    board = learned_board().board()
    heights = {c: sorted(int(h) for h in board["commissions"][c]) for c in COLOURS} if board else {}
    return {
        "board": board,
        "heights": heights,
        "colours": COLOURS,
        "numerals": BALCONY_NUMERALS,
        "roman": ROMAN,
        "neutral": range(NEUTRAL_SEALS),
        "normal_neutral": NORMAL_NEUTRAL_SEALS,
        "values": values,
        "errors": errors,
    }


def parse_host_form(form, board: dict) -> tuple[dict | None, dict]:
    errors = {}
    names = typed_names(form, MAX_PLAYERS)
    refused = names_refusal(names, MIN_PLAYERS, MAX_PLAYERS)
    if refused:
        errors["names"] = refused
    start = str(form.get("start", "random"))
    if start != "random" and not (start.isdigit() and int(start) < max(len(names), 1)):
        errors["start"] = _("Choose who starts: one of the players above, or random")
    balconies, neutral = [], []
    try:
        for n in BALCONY_NUMERALS:
            balconies.append(
                {
                    "numeral": n,
                    "colour": _pick(form, f"bal_colour_{n}", COLOURS),
                    "height": _whole(form, f"bal_height_{n}"),
                    "pp": _whole(form, f"bal_pp_{n}"),
                }
            )
    except FormError as e:
        errors["balconies"] = _("Balconies: %(problem)s", problem=refusal_message(e))
    try:
        for i in range(NEUTRAL_SEALS):
            if form.get(f"neu_colour_{i}") or form.get(f"neu_height_{i}"):
                neutral.append(
                    {
                        "colour": _pick(form, f"neu_colour_{i}", COLOURS),
                        "height": _whole(form, f"neu_height_{i}"),
                    }
                )
    except FormError as e:
        errors["neutral"] = _("Neutral seals: %(problem)s", problem=refusal_message(e))
    if errors:
        return None, errors
    return {
        "game": GAME,
        "players": names,
        "start_player": secrets.randbelow(len(names)) if start == "random" else int(start),
        "board": board,
        "balconies": balconies,
        "neutral_seals": neutral,
        "campanile": bool(form.get("campanile")),
    }, {}


def _pick(form, key, allowed):
    value = str(form.get(key, ""))
    if value not in allowed:
        raise FormError(N_("choose a tower colour for each"))
    return value


def _whole(form, key):
    raw = str(form.get(key, "")).strip()
    if not raw.isdigit() or int(raw) > 99:
        raise FormError(N_("heights and PP are whole numbers as printed"))
    return int(raw)


@bp.post("/host")
def host_create():
    board = learned_board().board()
    if board is None:
        return redirect(url_for("firenze.board_form"), code=303)
    started, errors = parse_host_form(request.form, board)
    if not errors:
        try:
            game_id = host_game(started, settings={"game": GAME})
        except Refusal as refusal:
            errors = {"game": refusal_message(refusal)}
    if errors:
        return render_template("firenze/host_form.html", **_host_context(request.form, errors)), 422
    return redirect(url_for("firenze.host_page", game_id=game_id), code=303)


@bp.get("/<game_id>/host")
def host_page(game_id: str):
    game_or_404(game_id)
    require_host(game_id)
    return render_template("firenze/host.html", **_host_page_context(game_id))


def _host_page_context(
    game_id: str, refusal=None, done=None, posted=None, undone: str | None = None
) -> dict:
    seq = get_store().last_seq(game_id)  # before the state: see _common
    state = get_table().state(game_id)
    view = public_view(state)
    tokens = kept_tokens(game_id)
    joins = []
    if tokens is not None:
        joins = [
            {"seat": s, "name": p["name"], "url": public_join_url(game_id, tokens.seats[s])}
            for s, p in enumerate(view["players"])
        ]
    return {
        **_common(game_id, view, seq),
        "joins": joins,
        "spectator": public_join_url(game_id, tokens.spectator) if tokens else None,
        "celebration_hands": [
            sum(1 for c in p["hand"] if c["kind"] == "celebration") for p in state["players"]
        ],
        "celebration_names": [
            [c["name"] for c in p["hand"] if c["kind"] == "celebration"] for p in state["players"]
        ],
        "undo": undo_offer(game_id, host=True),
        "undone": undone,
        "refusal": refusal,
        "done": done,
        "kept": _keeper(posted),
    }


def _common(game_id: str, view: dict, seq: int) -> dict:
    """What every Firenze template reads. `seq` must be read before the state the view was
    made from: a fragment may then be older than its seq says (one extra refresh), never newer
    (an event landing in between would otherwise never be shown)."""
    return {
        "game_id": game_id,
        "v": view,
        "seq": seq,
        "colours": COLOURS,
        "kinds": CARD_KINDS,
        "kind_words": KIND_WORDS,
        "roman": ROMAN,
        "printed": PRINTED_CARDS,
        "default_kind": DEFAULT_KIND,
        "kept": _keeper(None),
        "new_id": lambda: uuid.uuid4().hex,
    }


# -- the table screen -------------------------------------------------------------------------


@bp.get("/<game_id>/table")
def table(game_id: str):
    game_or_404(game_id)
    require_viewer(game_id)
    # its stream carries the board (companion/web/shared.py, static/palazzo.js)
    return render_template("firenze/table.html", push=BOARD, **_table_context(game_id))


@bp.get("/<game_id>/table/board")
def table_board(game_id: str):
    game_or_404(game_id)
    require_viewer(game_id)
    return shared_fragment(game_id, BOARD, _render_board(game_id))


def pushed_board(game_id: str, seq: int) -> tuple[int, str] | None:
    """The board a table screen's live stream carries at `seq`: the text the table screen
    would fetch, rendered once per seq and language."""
    table = get_table()
    if table.game(game_id).id != GAME:
        return None
    replay = table.replay(game_id, sync=False)
    if replay.seq < seq:  # appended by another process: read it first
        replay = table.replay(game_id)
    return replay.seq, render_once(replay, BOARD, lambda: _render_board(game_id)(replay))


PUSHED = {BOARD: Pushed(pushed_board, table_screen=True)}  # the TV's board, carried by its stream


def _render_board(game_id: str):
    """The board from the public view only: the same for every reader, so rendered once per
    seq and language for the table screen and every spectator."""

    def render(replay) -> str:
        return render_block("firenze/table.html", "board", **_table_context(game_id, replay))

    return render


def _table_context(game_id: str, replay=None) -> dict:
    replay = replay or current_replay(game_id)
    view = public_view(replay.state)
    return {**_common(game_id, view, replay.seq), "recent": _recent(game_id)}


# -- the story: what happened, in the reader's words --------------------------------------------

RECENT = 5  # events the table screen tells


def _recent(game_id: str, last: int = RECENT) -> list[Line]:
    """The newest `last` events in words, newest first. Everything a Firenze event does is
    public, so the table screen and the host tell the same sentences."""
    return history_lines(current_replay(game_id), None, last, None)


def history_lines(replay, seat: int | None, last: int, before: int | None) -> list[Line]:
    """The `last` events before seq `before` in words, newest first, from the story the
    service keeps beside the game's one fold: a page costs a page. Every Firenze event is
    public: a seat hears what the table hears."""
    return list(reversed(told(replay, last=last, before=before)))


HISTORY = History(
    url="/firenze/<game_id>/history",
    name="firenze_history",
    lines=history_lines,
    template="firenze/history.html",
    entries="firenze/_history_entries.html",
)


def _tell_at(replay, seq: int, seat: int | None = None) -> str:
    """The event at `seq` in words, for undo (an undo's own: "Undone: ..." naming what it
    took back): every Firenze event is public, so a seat hears what the table hears."""
    return tell(replay.facts[seq], replay) if seq in replay.facts else ""


def _host_only(event: dict, seat: int, host: bool) -> bool:
    """In Firenze only the host's device undoes: a seat never takes back a move, its own
    either (the table asks the host)."""
    return False


# The platform offers the host's Undo (the newest event that still counts, with the rules'
# answer whether it may go: never past a card turned over), checks and records it.
UNDO = Undo(tell=_tell_at, mine=_host_only)


# -- a player's phone -------------------------------------------------------------------------


@bp.get("/<game_id>/me")
def phone(game_id: str):
    game_or_404(game_id)
    me = require_seat(game_id)
    return render_template("firenze/phone.html", **_phone_context(game_id, me.seat))


@bp.get("/<game_id>/me/panel")
def phone_panel(game_id: str):
    game_or_404(game_id)
    me = require_seat(game_id)
    return render_block("firenze/phone.html", "panel", **_phone_context(game_id, me.seat))


def _phone_context(game_id: str, seat: int, refusal=None, done=None, posted=None) -> dict:
    seq = get_store().last_seq(game_id)
    view = seat_view(_state(game_id), seat)
    return {
        **_common(game_id, view, seq),
        "seat": seat,
        "refusal": refusal,
        "done": done,
        "kept": _keeper(posted),
        "pay_default": _pay_default(view),
        "new_colours": _by_stock(view),
    }


def _by_stock(view: dict) -> list[str]:
    """The colours, the one this seat's storehouse holds most of first (the new towers' rows
    of the build form default to them in this order)."""
    store = view["me"]["storehouse"] if view.get("me") else {}
    return sorted(COLOURS, key=lambda c: (-store.get(c, 0), COLOURS.index(c)))


def _pay_default(view: dict) -> list[str]:
    """The bricks a card's cost is placed with unless the player says otherwise: from the
    colour the storehouse holds most of, so the default is a payment the storehouse covers and
    the common case is one tap; any brick can be changed card by card."""
    store = view["me"]["storehouse"] if view.get("me") else {}
    return [c for c in _by_stock(view) for _n in range(store.get(c, 0))]


def _keeper(posted):
    """`kept(action, key, default)`: after a refusal, what the player typed into the form that
    was refused (its `action`), so nothing typed is lost; `default` otherwise. `kept(action)`
    says whether that form was the one refused (an unticked checkbox then stays unticked)."""

    def kept(action: str, key: str | None = None, default="", many: bool = False):
        mine = posted is not None and posted.get("action") == action
        if key is None:
            return mine
        if not mine:
            return default
        return posted.getlist(key) if many else posted.get(key, "")

    return kept


@bp.post("/<game_id>/act")
def act(game_id: str):
    """Every Firenze button posts here: read the form into an event for this seat (or the
    host's setup, scoring and undo), record it, answer with the fragment it came from."""
    game_or_404(game_id)
    me = access(game_id)
    view = str(request.form.get("view", "phone"))
    if view == "host" and not me.host:
        abort(403, description=_("Only the host's device can do this."))
    if view != "host" and me.seat is None:
        abort(403, description=_("Join this game from your seat's QR code first."))
    check_event_id(request.form.get("event_id"))  # a malformed id (`aaaaaaaa\n`): 400
    event_id = request.form.get("event_id") or None
    refusal = done = undone = None
    try:
        if view == "host":
            event = _host_event(game_id, request.form)
            by = "host"
        else:
            event = seat_event(request.form, me.seat)
            by = str(me.seat)
        # the platform's recording: a move another worker made, heard here, is folded in
        # first (`Table.catch_up`), so the tap is judged on the log's end at the first try
        recorded, refusal = record(game_id, event, by, event_id)
        if recorded is not None:
            done = RECORDED
            if recorded.event.type == "retracted":  # an undo says what it took back
                undone = told_at(game_id, recorded.event.seq)
    except (Refusal, FormError) as e:
        refusal = e  # told in the reader's language by the one `refusal_message`
    status = 422 if refusal else 200
    posted = request.form if refusal else None  # a refused form keeps what was typed
    if view == "host":
        context = _host_page_context(game_id, refusal, done, posted, undone)
        return render_block("firenze/host.html", "controls", **context), status
    context = _phone_context(game_id, me.seat, refusal, done, posted)
    return render_block("firenze/phone.html", "panel", **context), status


def _host_event(game_id: str, form) -> dict:
    action = str(form.get("action", ""))
    if action == "reveal":
        return reveal(form)
    if action == "celebrations":
        state = _state(game_id)
        hands = [sum(1 for c in p["hand"] if c["kind"] == "celebration") for p in state["players"]]
        return celebrations(form, hands)
    if action == "undo":
        return retraction(_whole(form, "seq"))
    raise FormError(N_("That is not something the host's page records"))


def _state(game_id: str) -> dict:
    return get_table().state(game_id)


# -- what the platform asks of Firenze's screens ------------------------------------------------

SCREENS = {
    "me": "firenze.phone",
    "host": "firenze.host_page",
    "table": "firenze.table",
    "history": "firenze_history.page",
}


def own_screen(game_id: str, me: Access, state: dict | None = None) -> str:
    """A seat's phone, else the host's page, else the table."""
    role = "me" if me.seat is not None else "host" if me.host else "table"
    return url_for(SCREENS[role], game_id=game_id)


def listing(state: dict) -> dict:
    """The home page's line of a game: who plays and whether it is under way."""
    phase = state.get("phase")
    if phase == "over":
        status = _("game over")
    else:
        status = _("under way") if phase not in (None, "not_started") else _("not started")
    return {
        "names": [p["name"] for p in state.get("players", [])],
        "status": status,
        "over": phase == "over",
    }


WEB = GameWeb(
    blueprints=(bp,),
    screens=SCREENS,
    own_screen=own_screen,
    joined=lambda game_id, me: own_screen(game_id, me),
    listing=listing,
    starts=(("firenze.host_form", N_("Host Firenze"), True),),
    table_screens=frozenset({"firenze.table", "firenze.table_board"}),
    pushed=PUSHED,
    history=HISTORY,
    undo=UNDO,
)
