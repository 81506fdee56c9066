"""Who this browser is at a game: a seat, the host, a spectator.

A join link's token is turned into a role once and kept in the signed session cookie; from then
on no token travels with a request, and none ever reaches the event log. Opening the link again
(a reload, another phone) restores the seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, g, session

from companion.core.lang import _
from companion.service.tokens import (
    META_KEY,
    Identity,
    identify_in_game,
    seat_key,
    seat_still_valid,
)

from .store import get_store

SESSION_KEY = "games"
SEATS_CHECKED_KEY = "palazzo_seats_checked"  # on `g`: each seat's key checked once a request


@dataclass(frozen=True)
class Access:
    """What one browser may do at one game; the host may also hold a seat of their own."""

    game_id: str
    host: bool = False
    spectator: bool = False
    seat: int | None = None

    @property
    def any(self) -> bool:
        return self.host or self.spectator or self.seat is not None


def game_or_404(game_id: str):
    record = get_store().game(game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
    if record is None:
        abort(404, description=_("There is no such game here. Ask the host for the QR code again."))
    return record


def grant(game_id: str, identity: Identity, token: str | None = None) -> Access:
    """Remember `identity` in this browser's session; a seat also keeps its token's key, so a
    link the host re-issues ends this session's seat (see `access`)."""
    games = dict(session.get(SESSION_KEY) or {})
    mine = dict(games.get(game_id) or {})
    if identity.role == "seat":
        mine["seat"] = identity.seat
        if token is not None:
            mine["key"] = seat_key(token)
    else:
        mine[identity.role] = True
    games[game_id] = mine
    session[SESSION_KEY] = games
    session.permanent = True
    return access(game_id)


def join(game_id: str, token: str) -> Access:
    """Turn a join link into a role for this browser (404 for a wrong or stale link)."""
    game_or_404(game_id)
    identity = identify_in_game(get_store(), game_id, token)
    if identity is None:
        abort(
            404,
            description=_(
                "This join link is not valid for this game. Scan the QR code on the host's "
                "screen again."
            ),
        )
    return grant(game_id, identity, token)


def access(game_id: str) -> Access:
    mine = (session.get(SESSION_KEY) or {}).get(game_id) or {}
    seat = mine.get("seat")
    if isinstance(seat, int) and not _seat_current(game_id, seat, mine.get("key")):
        seat = None  # the host re-issued this seat's link: the old phone is out
    return Access(
        game_id,
        host=bool(mine.get("host")),
        spectator=bool(mine.get("spectator")),
        seat=seat if isinstance(seat, int) else None,
    )


def _seat_current(game_id: str, seat: int, key: object) -> bool:
    """Whether this session still holds `seat` (the host may have re-issued its link); asked
    once per request and game, however often a request asks who it is."""
    key = key if isinstance(key, str) else None
    known = g.setdefault(SEATS_CHECKED_KEY, {})
    found = known.get((game_id, seat, key))
    if found is None:
        record = (
            get_store().game(game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        )
        found = record is None or seat_still_valid(record.meta.get(META_KEY), seat, key)
        known[(game_id, seat, key)] = found
    return found


def require_viewer(game_id: str) -> Access:
    game_or_404(game_id)
    me = access(game_id)
    if not me.any:
        abort(403, description=_("Join this game first: scan your seat's QR code."))
    return me


def require_seat(game_id: str) -> Access:
    me = require_viewer(game_id)
    if me.seat is None:
        abort(403, description=_("This screen belongs to a seat: scan your seat's QR code."))
    return me


def require_host(game_id: str) -> Access:
    me = require_viewer(game_id)
    if not me.host:
        abort(403, description=_("Only the host's device can do this."))
    return me


SHARED_REVALIDATE = "private, no-cache"  # shared.REVALIDATE (shared imports this module)


def keep_out_of_caches(bp):
    """Pages holding a player's secrets (purse, hand): no cache, shared or not, keeps a copy.
    A fragment every reader of the game shares (companion/web/shared.py: public by
    construction) keeps its own `private, no-cache`, so the browser may ask again with its
    ETag; so does a seat's live fragment (`shared.private_fragment`): only the seat's own
    browser keeps it, to be answered 304 while it is what the phone shows, never a proxy."""

    @bp.after_request
    def private(response):
        if response.headers.get("Cache-Control") != SHARED_REVALIDATE:
            response.headers["Cache-Control"] = "no-store"
        return response

    return bp
