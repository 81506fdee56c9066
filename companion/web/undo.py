"""Undo, written once for every game: what a device is offered to take back, who may ask for
it, and the request that takes it back.

An undo names the event it takes back (its seq), so one asked against an older screen (a move
recorded in between, another device's undo) is refused by the fold, never applied to another
event: the fold takes back only the latest events that still count, never the start of the
game and never past chance the table saw (`companion.core.fold`). The host's device may take
back the newest event; a seat only its own (`Undo.mine`): another player's later move needs
the host. The game says how an event is told, and whether the newest one is offered at all
(`companion.core.game.Undo`); a game whose screens have no undo of their own uses the pages
here: a confirmation naming the event, and the post that takes it back (CSRF-checked like
every post: companion/web/csrf.py).
"""

from __future__ import annotations

import uuid

from flask import Blueprint, abort, render_template, request, url_for

from companion.core.game import Undo
from companion.core.lang import _
from companion.service.table import engine_event

from .access import Access, keep_out_of_caches, require_viewer
from .games import game_web, own_screen
from .recording import check_event_id, current_replay, get_table, record

bp = keep_out_of_caches(Blueprint("undo", __name__))


def retraction(seq: int) -> dict:
    """The event that takes back the event at `seq`."""
    return {"type": "retracted", "seqs": [seq]}


def _undo_of(game_id: str) -> Undo | None:
    return game_web(game_id).undo


def offer(game_id: str, *, seat: int | None = None, host: bool = False, replay=None) -> dict | None:
    """What this device's Undo would take back: the newest event that still counts, if the
    game offers it to this device (`seat` None: the host's own page) and this device may take
    it back: {seq, text (in the reader's words), refusal (the rules' answer now, or None),
    event_id (a fresh one: a double tap takes back once)}. None: nothing to offer.

    `replay`: the one the screen is drawn from (a pushed panel's, at its seq), else this
    request's. Should the game have moved past it meanwhile, nothing newer than the screen
    is offered (its next push offers that); what is offered is judged again when it is
    asked for, so an offer gone stale is refused, never applied to another event."""
    undo = _undo_of(game_id)
    if undo is None or (seat is None and not host):
        return None
    replay = replay if replay is not None else current_replay(game_id)  # synced once
    latest = get_table().latest_counting(game_id, sync=False)
    if latest is None or latest["seq"] > replay.seq or not undo.offered(replay, latest, seat):
        return None
    if seat is not None and not undo.mine(latest, seat, host):
        return None
    seq = latest["seq"]
    return {
        "seq": seq,
        "text": undo.tell(replay, seq, seat),
        "refusal": get_table().refusal_of(
            game_id, retraction(seq), by=_recorder(host, seat), sync=False
        ),
        "event_id": uuid.uuid4().hex,
    }


def check_may_undo(me: Access, seqs, other: str | None = None) -> None:
    """A seat takes back its own latest moves only (`Undo.mine`); anyone else's need the
    host's device (403, `other` saying so in the game's words). A malformed `seqs` is left to
    the rules, which refuse it with their reason."""
    if me.host:
        return
    if me.seat is None:
        abort(403, description=_("Spectators watch; only seats and the host record events."))
    if not isinstance(seqs, list) or not seqs or not all(isinstance(x, int) for x in seqs):
        return
    undo = _undo_of(me.game_id)
    events = [engine_event(e) for e in get_table().events_at(me.game_id, seqs)]
    mine = undo.mine if undo is not None else Undo(tell=_nothing).mine
    if not all(mine(e, me.seat, me.host) for e in events):
        abort(
            403, description=other or _("That was another player's move: ask the host to undo it.")
        )


def _nothing(replay, seq: int, seat: int | None) -> str:
    return ""


def told_at(game_id: str, seq: int, seat: int | None = None) -> str | None:
    """The event at `seq` in the reader's words, as `seat` hears it: after an undo, its own
    sentence names what it took back. None: the game tells no undo, or nothing is at `seq`."""
    undo = _undo_of(game_id)
    if undo is None:
        return None
    return undo.tell(current_replay(game_id), seq, seat) or None


def by_of(me: Access) -> str:
    """Who records this device's undo: the host's device, else its seat."""
    return _recorder(me.host, me.seat)


def _recorder(host: bool, seat: int | None) -> str:
    return "host" if host else str(seat)


# -- the platform's own undo page, for a game whose screens have none --------------------------


def _page(game_id: str, me: Access, *, done=None, refusal=None, status: int = 200):
    return (
        render_template(
            "undo.html",
            game_id=game_id,
            offer=offer(game_id, seat=None if me.host else me.seat, host=me.host),
            done=done,
            refusal=refusal,
            back=own_screen(game_id),
            post_url=url_for("undo.take_back", game_id=game_id),
        ),
        status,
    )


def _require_undo(game_id: str) -> Access:
    me = require_viewer(game_id)
    if _undo_of(game_id) is None:
        abort(404, description=_("This game's screens have no undo."))
    if not me.host and me.seat is None:
        abort(403, description=_("Spectators watch; only seats and the host record events."))
    return me


@bp.get("/games/<game_id>/undo")
def confirm(game_id: str):
    """What this device's Undo would take back, in words, with the button that does it."""
    me = _require_undo(game_id)
    return _page(game_id, me)


@bp.post("/games/<game_id>/undo")
def take_back(game_id: str):
    """Take back the event the confirmation named (`seq`): refused, and nothing changed, when
    it is no longer the newest that counts or is not this device's to take back."""
    me = _require_undo(game_id)
    check_event_id(request.form.get("event_id"))
    raw = str(request.form.get("seq", ""))
    if not raw.isdigit() or len(raw) > 12:
        abort(400, description=_("That undo names no event: reload the page."))
    seqs = [int(raw)]
    check_may_undo(me, seqs)
    event_id = request.form.get("event_id") or None
    recorded, refusal = record(game_id, retraction(seqs[0]), by_of(me), event_id)
    if refusal is not None:
        return _page(game_id, me, refusal=refusal, status=422)
    done = told_at(game_id, recorded.event.seq, me.seat)
    return _page(game_id, me, done=done)
