"""The join links of a hosted game: where their tokens are kept, and how their URLs are spelled.

`create_hosted_game` hands out the plain tokens once; the game's meta keeps only their hashes.
The host must be able to show a seat's QR code again (a phone that lost its cookie, a reload on
another device), so the plain tokens are kept server-side in `instance/hosts/<game_id>.json`
(mode 0600) and read only by host-only views. A signed session cookie would not do: it is
signed, not encrypted, and lives on one device only. The instance folder already holds the
session-signing key, which grants any seat anyway, so this file adds no new way in.

A phone lost or a link leaked: the host re-issues that seat's link from the host page. The old
link stops working at once, and so does every browser that joined with it (its session keeps a
key of the token it joined with; see companion/web/access.py); the player scans the new code.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from flask import Blueprint, abort, current_app, redirect, url_for

from companion.core.lang import _
from companion.service.instance import write_private
from companion.service.tokens import TokenSet, reissue_seat_token

from .access import require_host
from .store import get_store
from .urls import public_base_url

bp = Blueprint("join_links", __name__)
FOLDER = "hosts"
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _path(game_id: str) -> Path:
    name = (
        game_id
        if _SAFE_ID.fullmatch(game_id)
        else hashlib.sha256(game_id.encode("utf-8", "replace")).hexdigest()
    )
    return Path(current_app.instance_path) / FOLDER / f"{name}.json"


def keep_tokens(game_id: str, tokens: TokenSet) -> None:
    """Write the plain tokens (whole file at once, owner-only) for the host to show again."""
    data = {
        "game_id": game_id,
        "host": tokens.host,
        "spectator": tokens.spectator,
        "seats": list(tokens.seats),
    }
    path = _path(game_id)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    write_private(path, json.dumps(data))


def kept_tokens(game_id: str) -> TokenSet | None:
    """The plain tokens, or None for a game not hosted from this installation's form."""
    try:
        data = json.loads(_path(game_id).read_text(encoding="utf-8"))
        if data.get("game_id") != game_id:
            return None
        return TokenSet(
            host=str(data["host"]),
            spectator=str(data["spectator"]),
            seats=tuple(str(t) for t in data["seats"]),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def reissue_seat(game_id: str, seat: int) -> str:
    """A new join link for `seat`: the game's meta first (the old link and the sessions that
    joined with it stop working), then the kept tokens the host page shows."""
    kept = kept_tokens(game_id)
    if kept is None or not 0 <= seat < len(kept.seats):
        abort(404, description=_("This game's join links are not kept on this server."))
    token = reissue_seat_token(get_store(), game_id, seat)
    seats = list(kept.seats)
    seats[seat] = token
    keep_tokens(game_id, TokenSet(host=kept.host, spectator=kept.spectator, seats=tuple(seats)))
    return token


@bp.post("/games/<game_id>/seats/<int:seat>/new-link")
def new_seat_link(game_id: str, seat: int):
    """The host page's "new link" button of a seat: back to the game's host page, at that
    seat's new QR code."""
    from .games import game_web

    require_host(game_id)
    reissue_seat(game_id, seat)
    back = url_for(game_web(game_id).screens["host"], game_id=game_id)
    return redirect(f"{back}#join-seat-{seat}", code=303)


# -- URLs: the join link is the platform's (companion/web/games.py) ---------------------------


def join_path(game_id: str, token: str) -> str:
    return url_for("games.join_link", game_id=game_id, token=token)


def public_join_url(game_id: str, token: str) -> str:
    """What a QR code carries: reachable from the other phones on the LAN."""
    return public_base_url() + join_path(game_id, token)
