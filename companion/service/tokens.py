"""Capability tokens: whoever holds the link for seat 3 plays seat 3.

Players join by scanning a QR code, so a token is the only thing that tells one phone from
another. They are therefore long random strings (192 bits, unguessable on a LAN) and the
game keeps only their SHA-256: a copied database, an exported log or a screenshot of the
meta never hands out a seat. A token must never be put into an event payload; events carry
seat numbers, the web layer turns a token into a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 24  # 192 bits of entropy; token_urlsafe gives 32 URL-safe characters
META_KEY = "tokens"  # where the hashes live in a game's meta


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """SHA-256 hex digest. No salt needed: the token itself carries 192 random bits."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: object, digest: object) -> bool:
    """Constant-time check of a presented token against a stored digest.

    Garbage (None, non-strings, odd characters) is simply "no match", because it comes
    straight from URLs and cookies.
    """
    if not isinstance(token, str) or not isinstance(digest, str) or not token or not digest:
        return False
    try:
        presented = hash_token(token)
    except UnicodeEncodeError:  # lone surrogates from a mangled URL
        return False
    return hmac.compare_digest(presented.encode("ascii"), digest.encode("ascii", "replace"))


@dataclass(frozen=True)
class TokenSet:
    """The plain tokens of one game, handed out once (QR codes) and then forgotten."""

    host: str
    spectator: str
    seats: tuple[str, ...]

    def hashes(self) -> dict:
        """What goes into the game's meta under META_KEY (JSON-friendly)."""
        return {
            "host": hash_token(self.host),
            "spectator": hash_token(self.spectator),
            "seats": [hash_token(t) for t in self.seats],
        }


def issue_tokens(n_seats: int) -> TokenSet:
    if not isinstance(n_seats, int) or n_seats < 0:
        raise ValueError(f"n_seats must be a non-negative int, got {n_seats!r}")
    return TokenSet(
        host=new_token(), spectator=new_token(), seats=tuple(new_token() for _ in range(n_seats))
    )


@dataclass(frozen=True)
class Identity:
    """Who a token belongs to: role is "host", "spectator" or "seat" (then seat is 0-based)."""

    role: str
    seat: int | None = None


def identify(token: object, hashes: dict | None) -> Identity | None:
    """Map a presented token to its holder using the stored hashes, or None.

    Every stored digest is compared, without stopping at the first hit, so the time taken
    does not tell which entry matched.
    """
    if not isinstance(hashes, dict):
        return None
    found: Identity | None = None
    if token_matches(token, hashes.get("host")):
        found = Identity("host")
    if token_matches(token, hashes.get("spectator")):
        found = found or Identity("spectator")
    seats = hashes.get("seats") or []
    for i, digest in enumerate(seats if isinstance(seats, list) else []):
        if token_matches(token, digest):
            found = found or Identity("seat", i)
    return found


def store_token_hashes(store, game_id: str, tokens: TokenSet) -> dict:
    """Record the hashes (only) in the game's meta, keeping its other keys; returns the meta.

    One key changed in one transaction (`EventStore.update_meta`): whatever else a request
    keeps in the meta meanwhile stays.
    """
    store.update_meta(game_id, META_KEY, lambda _old: tokens.hashes())
    record = store.game(game_id)
    return dict(record.meta) if record is not None else {}


KEY_CHARS = 16  # of a seat token's hash, kept in a joined browser's session (seat_key)
REISSUED = "reissued"  # the seats whose link the host re-issued, in the hashes' dict


def seat_key(token: str) -> str:
    """What a browser that joined a seat keeps of the token it joined with: a prefix of its
    hash, enough to tell the current link from a re-issued one, never enough to join."""
    return hash_token(token)[:KEY_CHARS]


def reissue_seat_token(store, game_id: str, seat: int) -> str:
    """A new token for `seat` (a lost or leaked phone): the old token stops identifying anyone,
    and so do the sessions that joined with it (see `seat_still_valid`). Returns the new
    token, to be shown as a QR code. The hashes change in one transaction
    (`EventStore.update_meta`): two seats re-issued at once both stay re-issued, and nothing
    else of the meta is lost."""
    token = new_token()

    def reissued(old) -> dict:
        hashes = dict(old or {})
        seats = list(hashes.get("seats") or [])
        if not 0 <= seat < len(seats):
            raise ValueError(f"no seat {seat} in game {game_id!r}")
        seats[seat] = hash_token(token)
        again = {s for s in hashes.get(REISSUED) or [] if isinstance(s, int)} | {seat}
        return {**hashes, "seats": seats, REISSUED: sorted(again)}

    store.update_meta(game_id, META_KEY, reissued)
    return token


def seat_still_valid(hashes: object, seat: int, key: object) -> bool:
    """Whether a session holding `seat` (with the `seat_key` it joined with, if any) still
    holds it: always, unless the host re-issued the seat's link; then only a session that
    joined with the new link."""
    if not isinstance(hashes, dict):
        return True
    reissued = hashes.get(REISSUED) or []
    if not isinstance(reissued, list) or seat not in reissued:
        return True
    seats = hashes.get("seats") or []
    if not isinstance(key, str) or not isinstance(seats, list) or not 0 <= seat < len(seats):
        return False
    current = seats[seat]
    return isinstance(current, str) and hmac.compare_digest(
        key.encode("ascii", "replace"), current[:KEY_CHARS].encode("ascii", "replace")
    )


def identify_in_game(store, game_id: str, token: object) -> Identity | None:
    """Who holds `token` in game `game_id` (None for unknown games or tokens)."""
    record = store.game(game_id)
    return identify(token, record.meta.get(META_KEY)) if record is not None else None
