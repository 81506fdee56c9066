"""`state + event -> new state, or a Refusal`; and folding a whole log, retractions included.

Handlers check everything before they change anything, so applying in place is safe for a
replay; `apply` is the pure form for anyone who keeps the state it started from.
"""

from __future__ import annotations

from . import actions, anytime, auction, muse_princess, setup
from .catalog import BUILTIN, Catalog
from .refusals import Refusal, refuse
from .state import GameState

HANDLERS = {
    "game_started": setup.game_started,
    "starting_hand_chosen": setup.starting_hand_chosen,
    "auction_opened": auction.auction_opened,
    "bid_raised": auction.bid_raised,
    "bid_passed": auction.bid_passed,
    "auctions_left": auction.auctions_left,
    "last_player_took": auction.last_player_took,
    "last_player_declined": auction.last_player_declined,
    "landscape_placed": auction.landscape_placed,
    "prestige_card_chosen": auction.prestige_card_chosen,
    "work_completed": actions.work_completed,
    "building_built": actions.building_built,
    "profession_taken": actions.profession_taken,
    "freedom_introduced": actions.freedom_introduced,
    "bonus_card_taken": actions.bonus_card_taken,
    "turn_ended": actions.turn_ended,
    "recruiting_card_used": anytime.recruiting_card_used,
    "fame_sold": anytime.fame_sold,
    "correction": anytime.correction,
    "profession_taught": anytime.profession_taught,
    "landscape_taught": anytime.landscape_taught,
    "character_bid": muse_princess.character_bid,
    "character_passed": muse_princess.character_passed,
    "character_used": muse_princess.character_used,
}

# Chance the table cannot take back: undo may neither remove nor reach past these (ruling 14).
CHANCE_EVENTS = {
    "die_rolled",
    "automa_card_drawn",
    "automa_cards_offered",
    "automa_profession_revealed",
    "automa_tie_broken",
}
# Cards drawn and chosen: a mis-tap may be retracted, but undo may not reach past it.
DRAWN_CARD_EVENTS = {"profession_taken", "bonus_card_taken", "prestige_card_chosen"}
RETRACTED = "retracted"


def register(handlers: dict):
    """Modules with their own events (solo play) add their handlers here."""
    HANDLERS.update(handlers)


def _ensure_solo_handlers():
    from . import solo  # noqa: F401  (registers Wolfgang's events on import)


def apply_in_place(state: GameState, event: dict) -> GameState:
    if not isinstance(event, dict):
        refuse("bad_event", "An event is a JSON object with a type")
    kind = event.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        if kind == RETRACTED:
            refuse("bad_retraction", "A retraction is applied to the log, not to a state")
        refuse("unknown_event", f"Unknown event type {kind!r}")
    if kind != "game_started" and state.phase == "not_started":
        refuse("game_not_started", "The first event of a game is game_started")
    if state.solo and kind != "game_started":
        from .solo import gate  # solo: only the step the app waits for (or an any-time one)

        gate(state, event)
    handler(state, event)
    muse_princess.after_event(state, event)
    state.events_applied += 1
    return state


def apply(state: GameState, event: dict) -> GameState:
    """The pure form: returns a new state and leaves `state` as it was, even on a refusal."""
    return apply_in_place(state.clone(), event)


class Fold:
    """A log folded event by event, keeping the events that still count so undo can rebuild."""

    def __init__(
        self,
        catalog: Catalog = BUILTIN,
        state: GameState | None = None,
        effective: list[dict] | None = None,
    ):
        """From the first event, or from `state` (a snapshot) with `effective=None`: the
        events behind a snapshot are not at hand, so an undo reaching them needs the full log."""
        self.catalog = catalog
        self.state = state if state is not None else GameState(catalog)
        self.effective = ([] if state is None else None) if effective is None else effective
        self.last_seq = self.effective[-1]["seq"] if self.effective else 0

    def add(self, event: dict) -> GameState:
        """Apply one logged event (with its `seq`); a refusal leaves the fold as it was."""
        seq = event.get("seq") if isinstance(event, dict) else None
        if not isinstance(seq, int):
            seq = self.last_seq + 1
        if isinstance(event, dict) and event.get("type") == RETRACTED:
            self._retract(event)
        else:
            apply_in_place(self.state, event)
            if self.effective is not None:
                self.effective.append(dict(event, seq=seq))
        self.last_seq = seq
        return self.state

    def check_retraction(self, event: dict) -> list[int]:
        seqs = event.get("seqs")
        if (
            not isinstance(seqs, list)
            or not seqs
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in seqs)
        ):
            refuse("bad_retraction", "Say which events to take back: seqs, a list of numbers")
        if self.effective is None:
            raise NeedFullLog()
        if self.state.phase == "over":
            refuse("game_over", "The game is over and scored: it can no longer be undone")
        seqs = sorted(set(seqs))
        tail = (
            [e["seq"] for e in self.effective[-len(seqs) :]]
            if len(seqs) <= len(self.effective)
            else []
        )
        if tail != seqs:
            refuse(
                "bad_retraction",
                "Undo takes back only the latest events, newest first: "
                f"{', '.join(map(str, seqs))} are not the latest that count",
            )
        undone = self.effective[-len(seqs) :]
        if undone[0].get("type") == "game_started":
            refuse("bad_retraction", "The start of the game cannot be undone: host a new game")
        for i, e in enumerate(undone):
            if e.get("type") in CHANCE_EVENTS or (i > 0 and e.get("type") in DRAWN_CARD_EVENTS):
                refuse(
                    "retraction_past_reveal",
                    f"Event {e['seq']} ({e['type']}) revealed "
                    "something to the table: undo cannot reach "
                    "back past it",
                )
        return seqs

    def _retract(self, event: dict):
        seqs = self.check_retraction(event)
        keep = self.effective[: -len(seqs)]
        rebuilt = Fold(self.catalog)
        for e in keep:
            rebuilt.add(e)
        self.state, self.effective = rebuilt.state, rebuilt.effective


class NeedFullLog(Exception):
    """An undo reaches into events a snapshot folded away: fold again from the first event."""


def replay(events, catalog: Catalog = BUILTIN) -> GameState:
    """Fold a whole log; the first illegal event raises its Refusal (with `.seq` set)."""
    fold = Fold(catalog)
    for i, event in enumerate(events, 1):
        try:
            fold.add(event)
        except Refusal as r:
            seq = event.get("seq") if isinstance(event, dict) else None
            r.seq = seq if isinstance(seq, int) else i
            raise
    return fold.state


_ensure_solo_handlers()
