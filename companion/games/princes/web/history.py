"""The Princes' history, as the platform pages it (companion/web/history.py): each event told
as the seat reading it may hear it (its own private details, nobody else's), undone ones
struck through, and the page around them naming who plays."""

from __future__ import annotations

from companion.core.game import History
from companion.games.princes.words.telling import newest_first


def lines(replay, seat: int | None, last: int, before: int | None) -> list:
    return newest_first(replay, seat, last=last, before=before)


HISTORY = History(
    url="/games/<game_id>/history",
    name="history",
    lines=lines,
    template="princes/table/history.html",
)
