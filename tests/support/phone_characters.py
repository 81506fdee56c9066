"""What the tests of phone characters share with other tests (MUSE, leave_auctions): kept here,
since a test module imports no other test module."""

from __future__ import annotations

from tests.support.phone_game import (
    record,
    state,
)

MUSE = {"expansions": {"muse_princess": True, "cooperative": False}}


def leave_auctions(app, game_id):
    """Everybody leaves the round's auctions: the Character Auction begins."""
    s = state(app, game_id)
    while s.phase == "auction":
        opener = s.auction["opener"]
        pawns = [t for t in range(s.n) if s.players[t].has_pawn]
        kind = "last_player_declined" if pawns == [opener] else "auctions_left"
        record(app, game_id, str(opener), type=kind, player=opener)
        s = state(app, game_id)
