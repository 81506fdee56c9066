"""Creating a hosted game: the opening event, and the join tokens that go with it.

The tokens are returned once, to be shown as QR codes on the host's screen; the game keeps only
their hashes. Used by the host form and by tests that need a game with seats.
"""

from __future__ import annotations

from companion.service.tokens import TokenSet, issue_tokens, store_token_hashes

from .recording import get_table
from .store import get_store


def create_hosted_game(started: dict, *, settings: dict | None = None) -> tuple[str, TokenSet]:
    """Record `game_started` (refused events create nothing) and issue the game's tokens."""
    names = started.get("players") or []
    game_id, _ = get_table().create_game(
        {k: v for k, v in started.items() if k != "type"},
        meta={"settings": settings or {}, "names": list(names)},
    )
    tokens = issue_tokens(len(names))
    store_token_hashes(get_store(), game_id, tokens)
    return game_id, tokens
