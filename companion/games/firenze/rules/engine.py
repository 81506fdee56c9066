"""`state + event -> new state, or a Refusal` for Firenze; and folding a whole log.

Each event is first parsed into its declared shape (schema.py), then checked against the turn
(only the player whose turn it is acts; a new card is turned over and an Event card resolved
before the turn goes on), then handed to its rule. Handlers check before they change anything.
"""

from __future__ import annotations

from companion.core import fold as core

from . import cards, scoring, setup, turn
from .refusals import N_, Refusal, named_card, refuse
from .schema import parse
from .state import clone, new_state

HANDLERS = {
    "game_started": setup.game_started,
    "card_revealed": cards.card_revealed,
    "card_taken": turn.card_taken,
    "card_played": cards.card_played,
    "bricks_exchanged": turn.bricks_exchanged,
    "towers_built": turn.towers_built,
    "commission_fulfilled": turn.commission_fulfilled,
    "church_card_fulfilled": cards.church_card_fulfilled,
    "monument_received": cards.monument_received,
    "turn_ended": turn.turn_ended,
    "celebrations_scored": scoring.celebrations_scored,
}
# Chance the table cannot take back: undo may not reach past a card turned over.
CHANCE_EVENTS = {"card_revealed"}
RETRACTED = core.RETRACTED
# Events of the player whose turn it is; the Monument may come outside one's turn (ruling F15).
TURN_EVENTS = set(HANDLERS) - {
    "game_started",
    "card_revealed",
    "celebrations_scored",
    "monument_received",
}


def apply_in_place(state: dict, event: dict) -> dict:
    ev = parse(event)
    kind = event["type"]
    phase = state["phase"]
    if kind != "game_started" and phase == "not_started":
        refuse("game_not_started", N_("The game has not started yet: its first event starts it"))
    if phase == "over" and kind != "game_started":
        refuse("game_over", N_("The game is over and scored"))
    if kind == "card_revealed" and phase not in ("setup", "play"):
        refuse("no_reveal_expected", N_("No card is turned over now"))
    if phase == "setup" and kind not in ("card_revealed", "game_started"):
        refuse("setup_incomplete", N_("Deal the card row first: six cards with 4 bricks each"))
    if kind in TURN_EVENTS:
        _gate(state, ev, kind)
    HANDLERS[kind](state, ev)
    state["events_applied"] += 1
    return state


def _gate(state: dict, ev, kind: str):
    if state["phase"] != "play":
        refuse("wrong_phase", N_("The game is being scored: no more turns"))
    if not 0 <= ev.player < state["n"]:
        refuse("unknown_player", N_("There is no player %(seat)s"), seat=ev.player + 1)
    if ev.player != state["turn"]:
        refuse(
            "not_your_turn",
            N_("It is %(name)s's turn"),
            name=state["players"][state["turn"]]["name"],
        )
    if state["pending"]["reveal"]:
        refuse("reveal_first", N_("Turn over the new card for the row first"))
    if state["pending"]["event"] is not None and kind != "card_played":
        refuse(
            "resolve_event_first",
            N_("Resolve the %(card)s first"),
            card=named_card(state["pending"]["event"]["name"]),
        )


def apply(state: dict, event: dict) -> dict:
    """The pure form: a new state; `state` is left as it was, even on a refusal."""
    return apply_in_place(clone(state), event)


def _past_chance(event: dict) -> tuple[str, dict]:
    return N_("A card turned over cannot be taken back"), {}


# Firenze's rules as the shared fold (companion/core/fold.py) takes them; an event is applied to a
# copy of the state, so a refusal leaves the fold as it was. Undo: ruling F10.
RULES: core.FoldRules[dict] = core.FoldRules(
    new_state=new_state,
    apply=apply,
    refuse=refuse,
    refusal=Refusal,
    is_over=lambda state: state["phase"] == "over",
    chance_events=frozenset(CHANCE_EVENTS),
    past_chance=_past_chance,
)


class Fold(core.Fold[dict]):
    """A Firenze log folded by the shared fold, from the first event or from a snapshot."""

    def __init__(self, state: dict | None = None, effective: list[dict] | None = None):
        super().__init__(RULES, state, effective)


def replay(events) -> dict:
    """Fold a whole log; the first illegal event raises its Refusal (with `.seq` set)."""
    return core.replay(RULES, events)
