"""The rules of The Princes of Florence as a pure function of events: no web, no database."""

from .catalog import BUILTIN, Catalog, CatalogError
from .engine import CHANCE_EVENTS, HANDLERS, Fold, NeedFullLog, apply, apply_in_place, replay
from .refusals import CODES, Refusal
from .schema import EVENTS as EVENT_SCHEMAS
from .schema import Event, check_shape, payload_fields, schema_of
from .state import GameState
from .views import current_player, public_view, seat_view, summary

__all__ = [
    "BUILTIN",
    "Catalog",
    "CatalogError",
    "CHANCE_EVENTS",
    "HANDLERS",
    "Fold",
    "NeedFullLog",
    "apply",
    "apply_in_place",
    "replay",
    "CODES",
    "Refusal",
    "EVENT_SCHEMAS",
    "Event",
    "check_shape",
    "payload_fields",
    "schema_of",
    "GameState",
    "current_player",
    "public_view",
    "seat_view",
    "summary",
]
