"""Solo play against Wolfgang, the Automa (rulebook: "SOLO RULES").

The table plays with cardboard and tells Palazzo only facts: which Automa card was drawn, what
the die showed, which Profession a flipped card shows, which cards were drawn for Wolfgang, and
what you chose. Wolfgang's decisions are worked out here from those facts (see `automa.py`),
never typed in, so the log replays his game exactly.

At every moment the engine knows the one physical step it waits for: `solo_of(state).need`,
given as data by `solo_prompt` (its sentence is the words package's: `words.solo`). An event
that is not that step (or one of the few that may come any time: selling fame, teaching a
card, a correction, using a Recruiting card) is refused with `not_expected_now`. Like every handler, these check everything before they change
anything.

Seats: 0 is you, 1 is Wolfgang. The dummy players are no seats: their columns of Profession
cards live in `SoloState.columns`, Wolfgang's row of cards in `SoloState.row` (solo_state.py).

The package, by what each part holds: `steps` (the step awaited and the events that answer
it), `setup`, `auction` (your auctions), `facts` (what the table reports about cards),
`buying` and `acting` (Wolfgang's purchase and his actions), `machine` (running his procedure
until it needs a fact), `recruiting`, `checklist` (the round's end, the Done ticks, the die),
`row` (his row and purse), `moves` (the decision log and the table's moves), `prompt` and `view`
(what the app says and shows). This door registers the module.
"""

from __future__ import annotations

from ..automa import WOLFGANG_SEAT
from ..module import Event, Handler, Module, Move, Phase, register
from ..refusals import N_, refuse
from ..solo_state import SOLO, SoloState, solo_of
from ..state import GameState
from .acting import _start_turn
from .auction import (
    after_player_choice,
    die_rolled,
    solo_auction_offered,
    solo_auctions_left,
    solo_bought,
    solo_declined,
)
from .checklist import as_on_table, checklist, die_mode_changed, solo_round_end, solo_step_done
from .events import EVENTS
from .facts import (
    automa_card_drawn,
    automa_cards_offered,
    automa_profession_revealed,
    automa_tie_broken,
)
from .prompt import solo_prompt
from .recruiting import solo_recruiting_card_used
from .row import _sync
from .setup import begin_solo_round, start_solo, wolfgang_counts
from .steps import ANY_TIME, BIDDING, EXPECT, READ_FIELDS, waited
from .view import solo_view, wolfgang_decisions


def gate(state: GameState, ev: Event) -> None:
    """Every event of a solo game passes here first (engine.apply_in_place)."""
    kind = ev.get("type")
    if kind in BIDDING:
        refuse(
            "not_solo",
            N_("In the solo game nobody bids: offer an object against the Automa card"),
        )
    if state.phase == "over":
        return  # the handlers themselves say the game is over
    if ev.get("player") == WOLFGANG_SEAT and kind != "correction":
        refuse(
            "not_expected_now",
            N_(
                "Palazzo works out Wolfgang's moves itself from what the table reports: it is "
                "waiting for %(step)s"
            ),
            step=waited(state),
        )
    if kind in ANY_TIME:
        return
    if kind not in EXPECT[solo_of(state).need["step"]]:
        refuse(
            "not_expected_now", N_("Not now: Palazzo is waiting for %(step)s"), step=waited(state)
        )


# Wolfgang's facts, accepted in both phases the app may ask for them.
FACTS: dict[str, Move | Handler] = {
    "automa_card_drawn": automa_card_drawn,
    "automa_profession_revealed": automa_profession_revealed,
    "automa_cards_offered": automa_cards_offered,
    "automa_tie_broken": automa_tie_broken,
    "recruiting_card_used": solo_recruiting_card_used,
}


register(
    Module(
        name=SOLO,
        title=N_("Solo game against Wolfgang, the Automa"),
        events=EVENTS,
        enabled_by=lambda ev: bool(ev.get("solo")),
        foreign=("solo_only", N_("This event belongs to a solo game against Wolfgang")),
        game_part=SoloState,
        anytime={
            "solo_step_done": Move(solo_step_done, after_over=True),
            "die_mode_changed": die_mode_changed,
        },
        phases=(
            Phase(
                "auction",
                moves={
                    **FACTS,
                    "solo_auction_offered": solo_auction_offered,
                    "die_rolled": die_rolled,
                    "solo_bought": solo_bought,
                    "solo_declined": solo_declined,
                    "auctions_left": solo_auctions_left,
                },
                begin=begin_solo_round,
            ),
            Phase("action", moves=FACTS),
        ),
        hooks={
            "start": start_solo,
            "gate": gate,
            "turn_start": lambda state: _start_turn(state),
            "round_end": solo_round_end,
            "after_auction_choice": after_player_choice,
            "automated": lambda state, s: s == WOLFGANG_SEAT,
            "placing_rules_apply": lambda state, s: s != WOLFGANG_SEAT,
            "fame_may_go_negative": lambda state, s: s == WOLFGANG_SEAT,
            "professions_out": lambda state: solo_of(state).known_automa_professions,
            "principality_counts": lambda state, s: (
                wolfgang_counts(state) if s == WOLFGANG_SEAT else None
            ),
            "summary": lambda state: {"solo": solo_view(state)},
            "public_view": lambda state: {"solo": solo_view(state)},
        },
    )
)


__all__ = [
    "EXPECT",
    "READ_FIELDS",
    "_sync",
    "as_on_table",
    "checklist",
    "gate",
    "solo_prompt",
    "solo_view",
    "start_solo",
    "wolfgang_decisions",
]
