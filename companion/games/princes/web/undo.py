"""What the Princes say of undo; the platform offers, checks and records it
(companion/web/undo.py).

The host's page offers the newest event that still counts unless it is chance the table saw:
the page then says so in its own words (`final_fact`: fix a misread instead). A seat's phone
offers only its own latest move while the game is under way, never the start of the game,
what the table taught, chance, or another undo; the host's device may take back what it
recorded for that seat (scribe mode). A seat never takes back another player's move: that
needs the host (ruling 14)."""

from __future__ import annotations

from companion.core.game import Undo
from companion.games.princes.screens.phone.pieces import NOT_UNDONE
from companion.games.princes.words.telling import latest_undoable, text_of


def tell(replay, seq: int, seat: int | None) -> str:
    fact = replay.fact(seq)
    return text_of(replay, fact, seat) if fact is not None else ""


def offered(replay, event: dict, seat: int | None) -> bool:
    if seat is None:  # the host's page
        return latest_undoable(replay) is not None
    return replay.state.phase not in ("over", "not_started") and event["type"] not in NOT_UNDONE


def mine(event: dict, seat: int, host: bool) -> bool:
    by = event.get("by")
    return by == str(seat) or (host and by == "host" and event.get("player") == seat)


UNDO = Undo(tell=tell, offered=offered, mine=mine)
