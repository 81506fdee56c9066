"""`state + event -> new state, or a Refusal`; and folding a whole log, retractions included.

Handlers check everything before they change anything, so applying in place is safe for a
replay; `apply` is the pure form for anyone who keeps the state it started from.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import check_action_left, use_action
from .catalog import BUILTIN, Catalog
from .checks import seat
from .misread import MISREAD_CORRECTED, corrected, parse
from .module import Event, Move, combo, known_event, run, some
from .refusals import N_, Refusal, refuse
from .rounds import whose_turn
from .schema import check_shape
from .setup import game_started
from .state import GameState

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


def apply_in_place(state: GameState, event: Event) -> GameState:
    """Check the event against the game's phases and turn, then let its handler check the rest
    and change the state; a refusal leaves the state as it was."""
    if not isinstance(event, dict):
        refuse("bad_event", "An event is a JSON object with a type")
    kind = event.get("type")
    check_shape(event)  # the declared fields, types and sizes, before any rule reads it
    if kind == "game_started":
        game_started(state, event)
    else:
        move = check_move(state, event, kind)
        move.handler(state, event)
        if move.action:
            use_action(state, seat(state, event), str(kind))
        run(state, "event_done", event)
    state.events_applied += 1
    return state


def check_move(state: GameState, event: Event, kind: object) -> Move:
    """Phase and turn, checked here once for every event: which phase accepts it, whose
    turn it is, the actions a turn allows and the kinds allowed once per turn."""
    owner = known_event(kind) if isinstance(kind, str) else None
    if owner is None:
        if kind == RETRACTED:
            refuse("bad_retraction", "A retraction is applied to the log, not to a state")
        refuse("unknown_event", f"Unknown event type {kind!r}")
    assert isinstance(kind, str)
    if state.phase == "not_started":
        refuse("game_not_started", "The first event of a game is game_started")
    game = combo(state)
    if not game.declares(kind):  # another module's event
        refuse(
            *(
                owner.foreign
                or ("unknown_event", f"{kind} belongs to {owner.title}: this game is without it")
            )
        )
    run(state, "gate", event)
    if state.phase == "over":
        refuse("game_over", "The game is over: nothing more can be recorded")
    move = game.move(state.phase, kind)
    if move is None:
        accepted = game.phases_accepting(kind)
        entry = game.phases[accepted[0]]["moves"][kind] if accepted else None
        if entry is not None and entry.out_of_phase:
            refuse(*entry.out_of_phase)
        where = " or ".join(game.title(p) for p in accepted) or "another game"
        refuse(
            "wrong_phase",
            f"That happens in {where}; the game is in {game.title(state.phase)}",
        )
    if move.turn:
        s = seat(state, event)
        turn = whose_turn(state)
        if turn != s:
            who = state.players[turn].name if turn is not None else "nobody"
            refuse("not_your_turn", f"It is {who}'s turn, not {state.players[s].name}'s")
    if move.action:
        check_action_left(state, seat(state, event), kind)
    return move


def apply(state: GameState, event: Event) -> GameState:
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
        elif isinstance(event, dict) and event.get("type") == MISREAD_CORRECTED:
            self._correct(event)
        else:
            if isinstance(event, dict) and event.get("type") == "correction":
                self.check_fixes(event)
            apply_in_place(self.state, event)
            if self.effective is not None:
                self.effective.append(dict(event, seq=seq))
        self.last_seq = seq
        return self.state

    def check_retraction(self, event: dict) -> list[int]:
        check_shape(event)
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
            drawn = e.get("type") in DRAWN_CARD_EVENTS or some(self.state, "reveals_cards", e)
            if e.get("type") in CHANCE_EVENTS or (i > 0 and drawn):
                refuse(
                    "retraction_past_reveal",
                    f"Event {e['seq']} ({e['type']}) revealed "
                    "something to the table: undo cannot reach "
                    "back past it",
                )
        return seqs

    def check_fixes(self, event: dict) -> None:
        """A correction naming the event it fixes (`fixes`, ruling 30): that event must still
        count and have moved the corrected player's money (if the correction changes money) and
        fame (if it changes fame). The log before it is folded again to see what it did."""
        target = event.get("fixes")
        if target is None:
            return
        check_shape(event)
        if self.effective is None:
            raise NeedFullLog()
        at = next((i for i, e in enumerate(self.effective) if e["seq"] == target), None)
        if at is None:
            refuse("bad_correction", N_("Event %(seq)s is not one that still counts"), seq=target)
        s = seat(self.state, event)
        prefix = Fold(self.catalog)
        for e in self.effective[:at]:
            prefix.add(e)
        players = prefix.state.players
        before = (players[s].money, players[s].fame) if s < len(players) else (0, 0)
        prefix.add(self.effective[at])
        after = (prefix.state.players[s].money, prefix.state.players[s].fame)
        who = self.state.players[s].name
        said = {"seq": target, "name": who}
        if event.get("money") and after[0] == before[0]:
            refuse("bad_correction", N_("Event %(seq)s did not change %(name)s's money"), **said)
        if event.get("fame") and after[1] == before[1]:
            refuse("bad_correction", N_("Event %(seq)s did not change %(name)s's fame"), **said)
        if not event.get("money") and not event.get("fame") and after == before:
            refuse(
                "bad_correction",
                N_("Event %(seq)s changed neither %(name)s's money nor fame"),
                **said,
            )

    def _retract(self, event: dict):
        seqs = self.check_retraction(event)
        assert self.effective is not None  # check_retraction asks for the full log otherwise
        keep = self.effective[: -len(seqs)]
        rebuilt = Fold(self.catalog)
        for e in keep:
            rebuilt.add(e)
        self.state, self.effective = rebuilt.state, rebuilt.effective

    def check_correction(self, event: dict) -> tuple[GameState, list[dict]]:
        """The game folded again with the misread fact replaced (ruling 33), or a refusal:
        every later event must still fit the corrected facts, else nothing changes."""
        fix = parse(event)
        if self.effective is None:
            raise NeedFullLog()
        if self.state.phase == "over":
            refuse("game_over", "The game is over and scored: it can no longer be corrected")
        at = next((i for i, e in enumerate(self.effective) if e["seq"] == fix.seq), None)
        if at is None:
            refuse("not_a_misread", f"Event {fix.seq} is not one that still counts")
        events = list(self.effective)
        events[at] = corrected(events[at], fix)
        rebuilt = Fold(self.catalog)
        for e in events:
            try:
                rebuilt.add(e)
            except Refusal as r:
                if e is events[at]:
                    refuse(r.code, r.message)
                refuse(
                    "correction_does_not_fit",
                    f"With that value, what was recorded after it no longer fits "
                    f"(event {e['seq']}: {r.message}): undo the later steps first",
                )
        assert rebuilt.effective is not None
        return rebuilt.state, rebuilt.effective

    def _correct(self, event: dict):
        self.state, self.effective = self.check_correction(event)


class NeedFullLog(Exception):
    """An undo reaches into events a snapshot folded away: fold again from the first event."""


def replay(events: Iterable[Event], catalog: Catalog = BUILTIN) -> GameState:
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
