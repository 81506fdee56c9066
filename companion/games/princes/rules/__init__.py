"""The rules of The Princes of Florence as a pure function of events: no web, no database.

This is the package's door: code outside `companion/games/princes/rules` imports from here (and game data
from `companion.games.princes.rules.catalog`), never from the modules behind it. The base game and the
modules (solo; see docs/engine.md) register themselves on import, below.
"""

from . import base, cooperative, muse_princess, solo, two_player  # noqa: F401  (the base game and modules register)
from .actions import actions_allowed, building_cost
from .auction import available_objects, is_last_player
from .automa import automa_card, card_name, modifier_key, object_named
from .autoplay import play, simulation_catalog
from .cards import bonus_value, prestige_points
from .catalog import BUILTIN, Catalog, CatalogError
from .checks import means, opening_bid, selling_allowed
from .cooperative import built as cooperative_buildings
from .cooperative import in_game as cooperation_in_game
from .cooperative import neighbours as cooperation_partners
from .cooperative import open_proposal as cooperation_proposal
from .editions import edition, last_player_price
from .engine import CHANCE_EVENTS, Fold, NeedFullLog, apply, apply_in_place, replay
from .legal import candidate_events
from .misread import CORRECTABLE, MISREAD_CORRECTED, table_changes
from .module import Module, Move, Part, Phase, event_types, register, unregister
from .muse_princess import (
    banker_holder,
    character_area,
    character_held,
    character_spaces,
    princess_work_value,
)
from .principality import PALAZZO, buildings_of, counts, covered, empty_spaces, occupied
from .refusals import CODES, Named, Refusal, listed, ngettext, said
from .rounds import principality_counts
from .schema import EVENTS as EVENT_SCHEMAS
from .schema import check_shape, payload_fields, schema_of
from .setup import in_play, seen_out_of_deck
from .solo import READ_FIELDS, as_on_table, solo_prompt, solo_view, wolfgang_decisions
from .solo_state import SoloState, is_solo, solo_of
from .state import GameState, Player
from .two_player import is_two_player
from .views import current_player, public_view, seat_view, summary
from .work import bonus_values_now, counts_for_a_work, profession_named, work_value

__all__ = [
    "edition",
    "last_player_price",
    "CORRECTABLE",
    "MISREAD_CORRECTED",
    "table_changes",
    "seen_out_of_deck",
    # folding events
    "BUILTIN",
    "Catalog",
    "CatalogError",
    "CHANCE_EVENTS",
    "CODES",
    "Fold",
    "GameState",
    "NeedFullLog",
    "Player",
    "Refusal",
    "listed",
    "ngettext",  # a marked plural phrase, like `said`
    "Named",  # a thing named in a refusal, and a marked phrase (`said`): docs/i18n.md
    "said",
    "apply",
    "apply_in_place",
    "event_types",
    "replay",
    # declared event shapes (schema.py)
    "EVENT_SCHEMAS",
    "check_shape",
    "payload_fields",
    "schema_of",
    # modules (docs/engine.md)
    "Module",
    "Move",
    "Part",
    "Phase",
    "register",
    "unregister",
    # what the screens ask
    "available_objects",
    "bonus_value",
    "bonus_values_now",
    "building_cost",
    "buildings_of",
    "candidate_events",
    "counts",
    "counts_for_a_work",
    "current_player",
    "empty_spaces",
    "in_play",
    "is_last_player",
    "means",
    "occupied",
    "covered",
    "opening_bid",
    "PALAZZO",
    "prestige_points",
    "principality_counts",
    "public_view",
    "seat_view",
    "selling_allowed",
    "summary",
    "work_value",
    # Cooperative Building
    "cooperation_in_game",
    "cooperation_partners",
    "cooperation_proposal",
    "cooperative_buildings",
    # The Muse and the Princess
    "actions_allowed",
    "banker_holder",
    "character_area",
    "character_held",
    "character_spaces",
    "princess_work_value",
    # the 2-player rules
    "is_two_player",
    # the solo game
    "automa_card",
    "card_name",
    "object_named",
    "profession_named",
    "modifier_key",
    "SoloState",
    "is_solo",
    "solo_of",
    "as_on_table",
    "READ_FIELDS",  # the solo facts read off the table, and the field each one reads
    "solo_prompt",
    "solo_view",
    "wolfgang_decisions",
    # simulations (tests, benchmarks)
    "play",
    "simulation_catalog",
]
