"""The rules of Firenze as a pure function of events: no web, no database.

Firenze shares Palazzo's event core with The Princes of Florence: a log that starts with
`game_started {game: "firenze", ...}` is folded by this package (see companion/service/games.py).
"""

from .catalog import Board, BoardError
from .engine import CHANCE_EVENTS, HANDLERS, Fold, apply, apply_in_place, replay
from .refusals import CODES, Refusal
from .schema import SCHEMAS, parse
from .views import current_player, public_view, seat_view, summary

GAME = "firenze"

__all__ = [
    "GAME",
    "Board",
    "BoardError",
    "CHANCE_EVENTS",
    "HANDLERS",
    "Fold",
    "apply",
    "apply_in_place",
    "replay",
    "CODES",
    "Refusal",
    "SCHEMAS",
    "parse",
    "current_player",
    "public_view",
    "seat_view",
    "summary",
]
