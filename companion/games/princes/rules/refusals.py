"""Every reason an event can be refused, with the rulebook section it rests on.

A refusal's code is stable (clients match on it), its message is for the player at the table,
and its rule tells where to look it up. The engine speaks no language but English: a message
marked with `N_()` and given its values as `%(name)s` parameters is translated at the web edge
(docs/i18n.md); `message` is always the English sentence. Keeping them in one table means each code cites the same
rule everywhere and the tests can prove that every code is reachable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, NoReturn

from companion.core.lang import N_

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
CONTRACT = "Palazzo ruling: what a recorded move must say"

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


class Named(str):
    """A thing of the catalog named in a refusal's parameters: its English name as a string,
    with its kind (a section of names.toml) and id, so the edge can name it in the reader's
    edition (companion.core.lang.translate)."""

    kind: str
    id: str
    params: dict[str, object] = {}  # a `said` message's own parameters
    taught: dict[str, str] | None = None  # a card's names per language, as the table taught

    def __new__(
        cls, kind: str, thing_id: str, english: str, taught: Mapping[str, str] | None = None
    ) -> Named:
        named = super().__new__(cls, english)
        named.kind, named.id = kind, thing_id
        if taught:
            named.taught = dict(taught)
        return named

    def __copy__(self) -> Named:
        return self  # immutable: a copied state shares it

    def __deepcopy__(self, memo: dict) -> Named:
        return self

    def __reduce__(self):  # pickling keeps the kind, id and parameters
        return (_rebuilt, (self.kind, self.id, str(self), self.__dict__))


def _rebuilt(kind: str, thing_id: str, english: str, attributes: dict) -> Named:
    named = Named(kind, thing_id, english)
    named.__dict__.update(attributes)
    return named


def said(message: str, **params: object) -> Named:
    """A marked message used as a parameter of another (translated at the edge too), with
    its own `%(name)s` parameters if it has any (which may be `Named` and `said` too). Also
    what the engine tells the table in its own sentences (Wolfgang's moves in solo play):
    English as a string, translated at the edge by `companion.core.lang.words()`."""
    named = Named("message", message, message % params if params else message)
    named.params = params
    return named


def ngettext(singular: str, plural: str, num: int, **params: object) -> Named:
    """The engine's plural marker (named like gettext's so `pybabel extract` finds both
    forms): a `said` message whose form the edge picks for `num` in the reader's language;
    `%(num)s` is `num`. It translates nothing (the engine stays language-free)."""
    english = singular if num == 1 else plural
    named = said(english, num=num, **params)
    named.id, named.plural = singular, plural  # type: ignore[attr-defined]
    return named


def said_data(value: object) -> object:
    """A `said` message or `Named` thing as JSON-shaped data, so a state that keeps what the
    engine said (the solo decision log) survives a snapshot: `companion.core.lang.words()` reads
    it back in the reader's language. Any other value is returned as it is."""
    kind = getattr(value, "kind", None)
    if kind == "message":
        assert isinstance(value, Named)
        data: dict[str, object] = {"said": value.id, "text": str(value)}
        if getattr(value, "plural", None) is not None:
            data["plural"] = value.plural  # type: ignore[attr-defined]
        if value.params:
            data["params"] = {k: said_data(v) for k, v in value.params.items()}
        return data
    if isinstance(kind, str):
        assert isinstance(value, Named)
        data = {"named": kind, "id": value.id, "text": str(value)}
        return {**data, "taught": value.taught} if value.taught else data
    return value


class Refusal(Exception):
    """An event the rules do not allow; the state it was tried on is left exactly as it was."""

    codes: ClassVar[dict[str, str]] = CODES  # code -> rule cited; another game's are its own

    def __init__(self, code: str, message: str, **params: object):
        if code not in self.codes:
            raise KeyError(f"unregistered refusal code {code!r}")
        text = message % params if params else message
        super().__init__(text)
        self.code = code
        self.template = message  # the marked message, before its parameters are filled in
        self.params = params
        self.message = text
        self.rule = self.codes[code]
        self.seq: int | None = None  # where replay met it

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "rule": self.rule}


def refuse(code: str, message: str, **params: object) -> NoReturn:
    """Refuse with `code`; `message` may be `N_("... %(name)s ...")` with `name=...`."""
    raise Refusal(code, message, **params)


def said_from_data(data: object) -> object:
    """`said_data`'s JSON form back as a `said` message or `Named` thing (anything else as
    it is: a plain English string kept by an older state stays one)."""
    if isinstance(data, dict):
        if "said" in data:
            params = {k: said_from_data(v) for k, v in data.get("params", {}).items()}
            if "plural" in data:
                singular, plural, num = data["said"], data["plural"], params.pop("num")
                assert isinstance(num, int)
                return ngettext(singular, plural, num, **params)
            return said(data["said"], **params)
        if "named" in data:
            return Named(data["named"], data["id"], data["text"])
    return data


def listed(items: list, pattern: str) -> object:
    """Several words as one: `pattern` (a marked two-place message such as
    `N_("%(one)s; %(other)s")`) joins them in order, so each language punctuates its own
    list. One item is itself; none is an empty string."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = said(pattern, one=joined, other=item)
    return joined
