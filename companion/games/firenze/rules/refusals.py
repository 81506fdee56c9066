"""Every reason a Firenze event can be refused, with the rulebook section it rests on.

A Firenze refusal is a `companion.core.refusal.Refusal` (one kind of "no" for the service, the command
line and the web), with its own codes citing the Firenze rulebook. Like the Princes' engine it
speaks no language: messages are marked with `N_()` and their values passed as parameters, and
the web edge translates both the message and the citation (citations.toml; the Firenze rulebook
exists in our sources only in English, so the other languages cite it with the section titles
translated).
"""

from __future__ import annotations

from typing import NoReturn

from companion.core.lang import N_
from companion.core.refusal import Named, said
from companion.core.refusal import Refusal as _CoreRefusal

__all__ = [
    "CODES",
    "N_",
    "Named",
    "PRINTED_TEXT",
    "Refusal",
    "card_code",
    "named_card",
    "named_colour",
    "refuse",
    "said",
]

BOOK = "Firenze rulebook"
SETUP = f"{BOOK}, Set Up"
TIPS = f"{BOOK}, Tips for Setting Up the Game"
PLAY = f"{BOOK}, Game Play"
CHOOSE = f"{BOOK}, 1) Choose a card"
EXCHANGE = f"{BOOK}, 2) Exchange Bricks"
BUILD = f"{BOOK}, 3) Build Towers"
FULFIL = f"{BOOK}, 5) Fulfill Commissions"
BALCONIES = f"{BOOK}, Construction Commissions: Balconies"
LIMITS = f"{BOOK}, 6) Check Limits"
CARDS = f"{BOOK}, Action Cards"
END = f"{BOOK}, The End of the Game"
# Palazzo's rulings for Firenze (docs/firenze.md), cited by their titles, never by file.
RULINGS = {
    "F1": "Palazzo ruling: the board is taught whole",
    "F2": "Palazzo ruling: chance as facts",
    "F4": "Palazzo ruling: one building record a turn",
    "F6": "Palazzo ruling: Campanile",
    "F7": "Palazzo ruling: cards without printed text",
    "F10": "Palazzo ruling: undo",
    "F15": "Palazzo ruling: the Monument",
    "F16": "Palazzo ruling: a Building once a turn",
}
CONTRACT = "Palazzo ruling: what a recorded move must say"
# A card whose text the rulebook prints is cited by that card, not by ruling F7 (which is for
# cards without printed text): one code per card, `card_code(name)`.
PRINTED_TEXT = (
    "Princess",
    "Mason",
    "Wholesaler",
    "Smuggler",
    "Storehouse Fire",
    "Saboteur",
    "Botch",
)


def card_code(name: str) -> str:
    """The refusal code of a card whose text is printed: "Storehouse Fire" -> "bad_storehouse_fire"."""
    return "bad_" + name.lower().replace(" ", "_")


CODES = {
    "unknown_event": CONTRACT,
    "bad_event": CONTRACT,
    "game_not_started": CONTRACT,
    "game_already_started": CONTRACT,
    "game_over": END,
    "unknown_player": CONTRACT,
    "not_your_turn": PLAY,
    "bad_player_count": f"{BOOK}: a game for 2-4 players",
    "bad_board": f"{SETUP}; {RULINGS['F1']}",
    "bad_balconies": f"{SETUP}, step 4",
    "bad_neutral_seals": f"{SETUP}, step 5; {TIPS}",
    "setup_incomplete": f"{SETUP}, step 11",
    "not_in_pouch": f"{CHOOSE}; {RULINGS['F2']}",
    "wrong_brick_count": f"{CHOOSE}: 4 bricks from the pouch on each new card",
    "start_cards_first": f"{SETUP}, step 10",
    "card_not_in_deck": f"{CARDS}: the discard pile becomes the new deck",
    "campanile_left_out": f"{SETUP}, step 9",
    "no_reveal_expected": CHOOSE,
    "reveal_first": CHOOSE,
    "resolve_event_first": f"{CARDS}: Event Cards",
    "card_already_taken": f"{CHOOSE}: exactly 1 card each turn",
    "card_not_taken": f"{CHOOSE}: choosing a card is mandatory",
    "no_such_card": CHOOSE,
    "wrong_payment": f"{CHOOSE}: Card Costs",
    "not_in_storehouse": f"{PLAY}: your Storehouse",
    "wrong_phase": f"{PLAY}: the six phases in order",
    "exchange_used": f"{EXCHANGE}: at most one exchange per turn",
    "bad_exchange": EXCHANGE,
    "already_built": f"{BUILD}; {RULINGS['F4']}",
    "bad_build": BUILD,
    "too_many_bricks": f"{BUILD}: at most 6 Bricks per turn",
    "wrong_construction_cost": f"{BUILD}: Construction Costs",
    "tower_unknown": BUILD,
    "wrong_colour": f"{BUILD}: each tower must be of a single color",
    "no_commission": f"{BOOK}, Construction Commissions",
    "commission_sealed": f"{FULFIL}: only Commissions not covered by a Seal",
    "balcony_locked": BALCONIES,
    "no_seals_left": END,
    "bell_tower_first": f"{BOOK}, Campanile card; {RULINGS['F6']}",
    "bad_bell_tower": f"{BOOK}, Campanile card; {RULINGS['F6']}",
    "limits_not_met": LIMITS,
    "bad_discard": f"{LIMITS}: discard Personnel and Building cards only",
    "not_in_hand": f"{CARDS}: Personnel Cards",
    "same_name_twice": f"{CARDS}: Personnel Cards, not two with the same name in a turn",
    "not_playable": CARDS,
    "bad_effect": f"{CARDS}; {RULINGS['F7']}",
    "not_on_church_space": f"{CARDS}: Church Cards",
    "building_used": f"{CARDS}: Building Cards; {RULINGS['F16']}",
    "no_monument": f"{CARDS}: Celebration Cards; {RULINGS['F15']}",
    "not_scoring": f"{BOOK}, Final Scoring",
    "bad_celebrations": f"{BOOK}, Final Scoring: Celebration Cards",
    "bad_retraction": RULINGS["F10"],
    "retraction_past_reveal": RULINGS["F10"],
    **{card_code(name): f"{BOOK}, {name} card" for name in PRINTED_TEXT},
}


class Refusal(_CoreRefusal):
    """An event the Firenze rules do not allow; the state it was tried on is left as it was."""

    codes = CODES


def refuse(code: str, message: str, **params: object) -> NoReturn:
    """Refuse with `code`: `message` is `N_("... %(name)s ...")`, translated at the web edge
    like the Princes' (docs/i18n.md); colours and cards in it are `named_colour()` and `named_card()`."""
    raise Refusal(code, message, **params)


def named_colour(name: str) -> Named:
    """A brick or tower colour, named at the edge in the reader's words."""
    return Named("firenze_colours", name, name)


def named_card(name: str) -> Named:
    """An action card as the table read it: a card the rulebook names is named at the edge in
    the reader's words, any other keeps the name it was recorded with."""
    return Named("firenze_cards", name, name)
