"""What one seat's phone shows: its own purse and cards, and only the moves open to it now.

Plain data built from a game state, for templates/princes/phone/. It is for one seat's eyes only:
nothing from another seat's purse or hand goes in. Card lists the player picks from (the card
they drew) are whole catalogs, never "what is left in the deck", so nobody can work out an
opponent's hand, Bonus or Prestige cards by elimination; the engine refuses a card that is
not there.

The screen shown depends on the phase and on `params`, the little state a screen needs (the
Profession chosen for a Work, the Bonus cards ticked...). Params travel in the panel's URL, so a
live refresh redraws the same screen on the new state; after a refusal they are rebuilt from the
event that was refused, so the player sees the message next to the button they pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.lang import _
from companion.games.princes.rules import (
    actions_allowed,
    cooperation_proposal,
    current_player,
    is_solo,
    selling_allowed,
)
from companion.games.princes.rules.catalog import FLORIN_PER_FAME_SOLD, MINIMUM_WORK_VALUE

from .. import characters
from .action import action_screen
from .auction import auction_screen
from .cooperation import cooperation_screen
from .pieces import (
    TEACHABLE,
    RefusalSlot,
    _button,
    bonus_cards_held,
    hand,
    params_after_refusal,
    parse_params,
    phase_name,
    prestige_cards_held,
    principality,
    squares,
    working_state,
)
from .setup import setup_screen
from .teach import teach_screen


def solo_turn_here(state, seat: int) -> bool:
    """In a solo game this panel serves only the player's own Action phase turn (embedded in
    the solo page); every other step, Wolfgang's above all, is on the solo page."""
    return seat == 0 and state.phase == "action" and state.turn == 0


# The screen of each phase, drawn by the module that declares the phase.
PHASE_SCREENS: dict[str, Callable[[Any, int, dict], dict]] = {
    "setup": setup_screen,
    "auction": auction_screen,
    "action": action_screen,
    # The Muse and the Princess (screens/characters.py)
    "character_auction": lambda state, seat, params: characters.auction_screen(
        state, seat, params, _button
    ),
    "banker_exchange": lambda state, seat, params: characters.banker_screen(state, seat),
}


def _before_the_phase(state, seat: int, params: dict, resend, teach_form) -> dict | None:
    """A screen that comes before the phase's own: a card to teach inside the move that needs
    it, a cooperative proposal to answer, the Professor asked for."""
    if params.get("do") == "teach" or resend is not None:
        taught = teach_screen(state, seat, params, resend, teach_form or {})
        if taught is not None:
            return taught
    offer = cooperation_proposal(state)
    if offer is not None:
        return cooperation_screen(state, seat, offer)
    if params.get("do") == "professor":
        return characters.professor_screen(state, seat, _button)
    return None


def screen(state, seat: int, params: dict, *, resend=None, teach_form=None) -> dict:
    if is_solo(state) and not solo_turn_here(state, seat):
        return {"name": "solo"}
    if state.phase == "over":
        return {"name": "over"}
    first = _before_the_phase(state, seat, params, resend, teach_form)
    if first is not None:
        return first
    draw = PHASE_SCREENS.get(state.phase)
    if draw is None:
        return {"name": "wait", "text": _("The game has not started yet.")}
    return draw(state, seat, params)


def status(state, seat: int) -> dict:
    p = state.players[seat]
    turn = current_player(state)
    if state.phase == "setup":
        turn_text = _("Choose your starting hand") if not p.hand else _("Waiting for the others")
    elif cooperation_proposal(state) is not None:
        offer = cooperation_proposal(state)
        turn_text = (
            _("Your answer")
            if offer["partner"] == seat
            else _("Waiting for %(name)s's answer", name=state.players[offer["partner"]].name)
        )
    elif turn is None:
        turn_text = ""
    elif turn == seat:
        turn_text = _("Your turn")
    else:
        turn_text = _("%(name)s's turn", name=state.players[turn].name)
    return {
        "name": p.name,
        "money": p.money,
        "fame": p.fame,
        "round": state.round,
        "minimum": MINIMUM_WORK_VALUE.get(state.round),
        "phase": phase_name(state.phase),
        "turn": turn_text,
        "my_turn": turn == seat
        and state.phase in ("auction", "action", "character_auction", "banker_exchange"),
        "actions_left": max(actions_allowed(state, seat) - p.actions, 0)
        if state.phase == "action" and state.turn == seat
        else None,
    }


def sell_offer(state, seat: int) -> dict | None:
    p = state.players[seat]
    if (
        p.fame <= 0
        or not selling_allowed(state)
        or (is_solo(state) and seat != 0)
        or state.phase not in ("setup", "auction", "action")
    ):
        return None
    return {"max": p.fame, "rate": FLORIN_PER_FAME_SOLD}


__all__ = [
    "TEACHABLE",
    "RefusalSlot",
    "_button",
    "bonus_cards_held",
    "hand",
    "params_after_refusal",
    "parse_params",
    "phase_name",
    "prestige_cards_held",
    "principality",
    "screen",
    "sell_offer",
    "squares",
    "status",
    "working_state",
]
