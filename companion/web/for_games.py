"""The platform as a game's screens see it: the one module of companion/web (and of the
service) a game imports.

A game's blueprints need the platform's pieces: who this browser is at the table (access),
the CSRF field, the error page, the one Table and this request's replay, join links, the
shared renders, live nudges. They import them from here, never from the module that holds
them, so the platform can move its insides without touching a game, and the import contracts
(pyproject.toml, `lint-imports`) can hold every other platform module out of the games.
"""

from __future__ import annotations

from companion import presence, qr
from companion.core.game import Pushed
from companion.service.tokens import Identity

from .access import (
    SESSION_KEY,
    Access,
    access,
    game_or_404,
    grant,
    keep_out_of_caches,
    require_host,
    require_seat,
    require_viewer,
)
from .csrf import csrf_field, csrf_token, has_csrf_token
from .errors import error_response
from .games import create_hosted_game, game_web, host_game
from .headers import CONTENT_SECURITY_POLICY
from .i18n import refusal_message
from .join_links import keep_tokens, kept_tokens, public_join_url
from .kept import kept_in_app
from .live import NUDGED_EVERY, get_presence, nudge
from .paging import PAGE, before_of
from .players import NAME_MAX, name_refusal, names_refusal, typed_name, typed_names
from .recording import check_event_id, current_replay, get_table, record
from .request_store import WAVE_SECONDS
from .shared import (
    private_etag,
    private_fragment,
    render_once,
    shared_fragment,
    shared_value,
)
from .store import app_extension, get_store
from .undo import check_may_undo, retraction, told_at
from .undo import offer as undo_offer
from .urls import kept_url_for, public_url_for

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "NAME_MAX",
    "NUDGED_EVERY",
    "PAGE",
    "Pushed",
    "SESSION_KEY",
    "WAVE_SECONDS",
    "Access",
    "Identity",
    "access",
    "app_extension",
    "before_of",
    "check_event_id",
    "check_may_undo",
    "create_hosted_game",
    "csrf_field",
    "csrf_token",
    "current_replay",
    "error_response",
    "game_or_404",
    "game_web",
    "get_presence",
    "get_store",
    "get_table",
    "grant",
    "has_csrf_token",
    "host_game",
    "keep_out_of_caches",
    "keep_tokens",
    "kept_in_app",
    "kept_tokens",
    "kept_url_for",
    "name_refusal",
    "names_refusal",
    "nudge",
    "presence",
    "private_etag",
    "private_fragment",
    "public_join_url",
    "public_url_for",
    "qr",
    "record",
    "refusal_message",
    "render_once",
    "require_host",
    "require_seat",
    "require_viewer",
    "retraction",
    "shared_fragment",
    "shared_value",
    "told_at",
    "typed_name",
    "typed_names",
    "undo_offer",
]
