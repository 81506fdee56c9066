"""Every reason an event can be refused, with the rulebook section it rests on.

A refusal's code is stable (clients match on it), its message is for the player at the table,
and its rule tells where to look it up. The engine speaks no language but English: a message
marked with `N_()` and given its values as `%(name)s` parameters is translated at the web edge
(docs/i18n.md); `message` is always the English sentence. Keeping them in one table means each code cites the same
rule everywhere and the tests can prove that every code is reachable.
"""

from __future__ import annotations

from typing import NoReturn

from companion.core.lang import N_
from companion.core.refusal import (
    CONTRACT,
    Named,
    listed,
    ngettext,
    said,
    said_data,
    said_from_data,
)
from companion.core.refusal import Refusal as CoreRefusal

__all__ = [
    "CODES",
    "N_",
    "Named",
    "Refusal",
    "listed",
    "ngettext",
    "refuse",
    "said",
    "said_data",
    "said_from_data",
]

SETUP = "Setup (p. 2)"
AUCTION = "Auction phase: Basic rules and Flow of the Auction phase (p. 3)"
OBJECTS = "The meaning of the 7 objects (pp. 4-5)"
ACTIONS = "Action phase (p. 5)"
WORK = "Complete a Work (pp. 5-6)"
BUILD = "Build a Building (p. 7)"
PLACING = "Placing a Building or Landscape (p. 7)"
CARDS = "Take a Profession card / Acquire a Bonus card (pp. 7-8)"
FREEDOM = "Introduce a Freedom (p. 8)"
MONEY = "Earning Money (p. 8)"
TWO_PLAYERS = "Two Player Rules (p. 11)"
SOLO = "Solo Rules (pp. 11-13)"
MUSE = "The Muse and the Princess"
CHARACTER_AUCTION = MUSE + ": Character Auction phase (p. 14)"
USING = MUSE + ": Using a Character card (pp. 14-15)"
COOPERATIVE = "Cooperative Building expansion (p. 16)"
COOPERATIVE_ALONE = "Cooperative Building expansion (p. 17): Additional rule for building alone"
# Palazzo's own rulings (docs/rulings.md), cited on screens by their titles, never by file or
# number: a player reads "Palazzo ruling: Undo never deletes", not a path.
RULING_TITLES = {
    "1": "Bidding beyond cash",
    "2": "The last player's price",
    "3": "The Builder cap",
    "4": "Recruiting",
    "11-13": "Solo play and the expansions",
    "12": "Random tie-breaks in solo play",
    "14": "Undo never deletes",
    "16": "Landscape sizes are learned",
    "17": "A piece needs room",
    "30": "Corrections",
    "33": "A misread is fixed, chance is not re-rolled",
    "M1": "Bid spaces",
    "M2": "The Character Auction's turns",
    "M3": "The moments a Character may be used",
    "M8": "Banker",
    "M11": "Players",
    "C1": "Neighbours by seat",
    "C2": "A proposal, then the partner's answer",
    "C3": "The payment",
    "C5": "The shared board and the grid",
}


def ruling(*numbers: str) -> str:
    """A citation of Palazzo's own rulings in words: "Palazzo ruling: Undo never deletes"."""
    titles = [RULING_TITLES[n] for n in numbers]
    return ("Palazzo ruling: " if len(titles) == 1 else "Palazzo rulings: ") + "; ".join(titles)


CATALOG = "Palazzo ruling: cards and sizes are learned at the table"

CODES = {
    # the log itself
    "unknown_event": CONTRACT,
    "bad_event": CONTRACT,
    "game_not_started": CONTRACT,
    "game_already_started": CONTRACT,
    "game_over": "End of the game (p. 10)",
    "unknown_player": CONTRACT,
    "host_only": ruling("30"),
    "expansion_not_supported": ruling("11-13", "M11"),
    "expansion_not_enabled": CONTRACT,  # an expansion's event in a game without it
    # setup
    "bad_player_count": SETUP,
    "bad_freedom_supply": TWO_PLAYERS,
    "bad_solo_setup": SOLO,
    "hand_already_chosen": SETUP,
    "bad_starting_hand": SETUP,
    "card_not_available": CARDS,
    "profession_unknown": CATALOG,
    "bad_catalog_entry": CATALOG,
    "wrong_phase": "Playing the game: Auction phase, then Action phase (p. 3)",
    # auction
    "not_your_turn": AUCTION,
    "auction_in_progress": AUCTION,
    "no_auction": AUCTION,
    "already_acquired": AUCTION,
    "stack_taken_this_round": AUCTION,
    "stack_exhausted": AUCTION,
    "unknown_object": AUCTION,
    "builder_cap": OBJECTS + ": Builder; " + ruling("3"),
    "bid_not_plus_100": AUCTION,
    "bid_beyond_means": AUCTION + "; " + ruling("1"),
    "not_last_player": ruling("2"),
    "pending_choice": OBJECTS,
    "nothing_to_place": OBJECTS,
    "wrong_landscape": OBJECTS + "; " + TWO_PLAYERS,
    "prestige_card_taken": OBJECTS + ": Prestige cards",
    "landscape_size_unknown": ruling("16"),
    # placing pieces
    "cells_required": PLACING,
    "cells_not_allowed": PLACING,
    "outside_grid": PLACING + ", rule 1",
    "overlap": PLACING + ", rule 2",
    "building_adjacent": PLACING + ", rule 3",
    "wrong_shape": PLACING + "; " + CATALOG,
    "no_room": BUILD + ": a Building requires that many empty spaces; " + ruling("17"),
    # actions
    "no_actions_left": ACTIONS,
    "once_per_round": ACTIONS,
    "cannot_afford": MONEY,
    "not_in_hand": WORK,
    "bonus_card_not_in_hand": WORK,
    "below_minimum": WORK,
    "bad_prestige_split": WORK,
    "building_unknown": BUILD,
    "building_already_built": PLACING + ", rule 5",
    "building_sold_out": BUILD,
    "freedom_unknown": FREEDOM,
    "freedom_already_introduced": FREEDOM,
    "freedom_sold_out": FREEDOM,
    "deck_empty": CARDS,
    # any time
    "no_recruiting_card": OBJECTS + ": Recruiting cards; " + ruling("4"),
    "not_on_table": OBJECTS + ": Recruiting cards; " + ruling("4"),
    "not_opponent": OBJECTS + ": Recruiting cards",
    "not_enough_fame": MONEY,
    "selling_forbidden": MUSE + ": Playing the game (p. 14)",
    "bad_correction": ruling("30"),
    "bad_retraction": ruling("14"),
    "retraction_past_reveal": ruling("14"),
    "not_a_misread": ruling("33"),
    "correction_does_not_fit": ruling("33"),
    # The Muse and the Princess
    "character_unknown": CHARACTER_AUCTION,
    "character_taken": CHARACTER_AUCTION + "; " + ruling("M2"),
    "bad_character_space": CHARACTER_AUCTION + "; " + ruling("M1"),
    "character_space_too_low": CHARACTER_AUCTION,
    "character_bid_beyond_cash": CHARACTER_AUCTION + "; " + ruling("M1"),
    "not_holding_character": USING,
    "character_face_down": USING,
    "character_not_now": USING + "; " + ruling("M3"),
    "bad_character_effect": USING + "; Merchant, Professor (pp. 15-16)",
    "bad_exchange": MUSE + ": Banker (p. 15); " + ruling("M8"),
    # Cooperative Building
    "shared_board_unknown": COOPERATIVE + ": Setup; " + ruling("C5"),
    "not_neighbour": COOPERATIVE + ": Building a Building; " + ruling("C1"),
    "bad_payment": COOPERATIVE + ": Cooperative Building Rules; " + ruling("C3"),
    "cooperation_pending": ruling("C2"),
    "no_proposal": ruling("C2"),
    "not_partner": COOPERATIVE + ": Building a Building; " + ruling("C2"),
    "border_needs_builders": COOPERATIVE_ALONE,
    "negotiation_failed": COOPERATIVE + ": Building a Building",
    # solo
    "solo_only": SOLO,
    "not_solo": SOLO,
    "automa_card_unknown": SOLO + "; " + CATALOG,
    "automa_card_used": SOLO,
    "automa_card_wrong_round": SOLO + ": Setup (Automa deck)",
    "not_expected_now": SOLO,
    "object_already_offered": SOLO + ": Auction phase, step 3",
    "forced_buy": SOLO + ": Auction phase, extra rules",
    "protected_in_final_auction": SOLO + ": Auction phase, extra rules",
    "bad_die": SOLO,
    "not_on_automa_card": SOLO + ": Auction phase, step 2 (the card prices each object)",
    "step_already_done": SOLO,
    "no_such_step": SOLO,
    "not_tied": SOLO
    + ": Prestige cards / Acquire a Bonus card (ties broken at random); "
    + ruling("12"),
}


class Refusal(CoreRefusal):
    """An event the rules of the Princes do not allow; the state it was tried on is left
    exactly as it was."""

    codes = CODES


def refuse(code: str, message: str, **params: object) -> NoReturn:
    """Refuse with `code`; `message` may be `N_("... %(name)s ...")` with `name=...`."""
    raise Refusal(code, message, **params)
