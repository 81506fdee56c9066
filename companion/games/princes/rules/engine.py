"""`state + event -> new state, or a Refusal`; and folding a whole log, retractions included.

Handlers check everything before they change anything, so applying in place is safe for a
replay; `apply` is the pure form for anyone who keeps the state it started from.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core import fold as core
from companion.core.fold import NeedFullLog as NeedFullLog  # the service catches it from here

from .actions import check_action_left, use_action
from .catalog import BUILTIN, Catalog
from .checks import seat
from .misread import MISREAD_CORRECTED, corrected, parse
from .module import Combo, Event, Move, combo, known_event, some
from .refusals import N_, Refusal, refuse, said
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
RETRACTED = core.RETRACTED


def apply_in_place(state: GameState, event: Event) -> GameState:
    """Check the event against the game's phases and turn, then let its handler check the rest
    and change the state; a refusal leaves the state as it was."""
    if not isinstance(event, dict):
        refuse("bad_event", N_("An event is a JSON object with a type"))
    check_shape(event)  # the declared fields, types and sizes, before any rule reads it
    return apply_stored(state, event)


def apply_stored(state: GameState, event: Event) -> GameState:
    """`apply_in_place` for an event whose shape was checked at the door (read back from the
    store, or folded before): every rule is checked, only the shape is not checked again.
    Safe only for such events: a broken shape may fail anywhere, so a refusal here is no
    promise the state was left as it was (the fold then folds again without trust)."""
    kind = event.get("type")
    if kind == "game_started":
        game_started(state, event)
    else:
        game = combo(state)  # only game_started changes a game's modules
        move = check_move(state, event, kind, game)
        move.handler(state, event)
        if move.action:
            use_action(state, seat(state, event), str(kind))
        for hook in game.hooks["event_done"]:
            hook(state, event)
    state.events_applied += 1
    return state


def check_move(state: GameState, event: Event, kind: object, game: Combo | None = None) -> Move:
    """Phase and turn, checked here once for every event: which phase accepts it, whose
    turn it is, the actions a turn allows and the kinds allowed once per turn. `game`: the
    state's modules merged (`combo(state)`), if the caller has it at hand."""
    owner = known_event(kind) if isinstance(kind, str) else None
    if owner is None:
        if kind == RETRACTED:
            refuse("bad_retraction", N_("A retraction is applied to the log, not to a state"))
        refuse("unknown_event", N_("Unknown event type %(value)s"), value=repr(kind))
    assert isinstance(kind, str)
    if state.phase == "not_started":
        refuse("game_not_started", N_("The first event of a game is game_started"))
    if game is None:
        game = combo(state)
    if kind not in game.declared:  # another module's event
        if owner.foreign:
            code, message = owner.foreign
            refuse(code, message)
        refuse(
            "unknown_event",
            N_("%(event)s belongs to %(module)s: this game is without it"),
            event=kind,
            module=said(owner.title),
        )
    for hook in game.hooks["gate"]:
        hook(state, event)
    if state.phase == "over":
        late = game.anytime.get(kind)
        if late is None or not late.after_over:
            refuse("game_over", N_("The game is over: nothing more can be recorded"))
        return late
    move = game.move(state.phase, kind)
    if move is None:
        accepted = game.phases_accepting(kind)
        entry = game.phases[accepted[0]]["moves"][kind] if accepted else None
        if entry is not None and entry.out_of_phase:
            code, message = entry.out_of_phase  # marked where the module declares it
            refuse(code, message)
        # the phases' titles are marked where the modules name them
        where = said(N_("another game"))
        for i, phase in enumerate(accepted):
            title = said(game.title(phase))
            where = title if i == 0 else said(N_("%(one)s or %(other)s"), one=where, other=title)
        refuse(
            "wrong_phase",
            N_("That happens in %(where)s; the game is in %(now)s"),
            where=where,
            now=said(game.title(state.phase)),
        )
    if move.turn:
        s = seat(state, event)
        turn = whose_turn(state)
        if turn != s:
            if turn is None:
                refuse("not_your_turn", N_("It is nobody's turn now"))
            refuse(
                "not_your_turn",
                N_("It is %(turn)s's turn, not %(name)s's"),
                turn=state.players[turn].name,
                name=state.players[s].name,
            )
    if move.action:
        check_action_left(state, seat(state, event), kind)
    return move


def apply(state: GameState, event: Event) -> GameState:
    """The pure form: returns a new state and leaves `state` as it was, even on a refusal."""
    return apply_in_place(state.clone(), event)


def _reveals(state: GameState, event: dict) -> bool:
    """A card drawn and chosen: a mis-tap may be retracted, but undo may not reach past it."""
    return event.get("type") in DRAWN_CARD_EVENTS or some(state, "reveals_cards", event)


def _past_chance(event: dict) -> tuple[str, dict]:
    return (
        N_("Event %(seq)s revealed something to the table: undo cannot reach back past it"),
        {"seq": event["seq"]},
    )


def _corrects_from(fold: core.Fold[GameState], event: dict) -> int:
    """A misread correction checked on the log (ruling 33): the seq of the event it fixes."""
    check_correction(fold, event)
    return event["fixes"]


def rules_for(catalog: Catalog) -> core.FoldRules[GameState]:
    """The Princes' rules as the shared fold takes them. Their handlers check everything
    before changing anything, so an event is applied in place."""
    return core.FoldRules(
        new_state=lambda: GameState(catalog),
        apply=apply_in_place,
        apply_stored=apply_stored,
        refuse=refuse,
        refusal=Refusal,
        is_over=lambda state: state.phase == "over",
        chance_events=frozenset(CHANCE_EVENTS),
        past_chance=_past_chance,
        reveals=_reveals,
        check_shape=check_shape,
        log_events={MISREAD_CORRECTED: _correct},
        log_checks={"correction": check_fixes},
        log_event_checks={MISREAD_CORRECTED: _corrects_from},
    )


class Fold(core.Fold[GameState]):
    """The Princes' log folded by the shared fold (companion/core/fold.py): undo as ruling 14 says,
    and misread corrections (ruling 33) applied to the log."""

    def __init__(
        self,
        catalog: Catalog = BUILTIN,
        state: GameState | None = None,
        effective: list[dict] | None = None,
    ):
        """From the first event, or from `state` (a snapshot) with `effective=None`: the
        events behind a snapshot are not at hand, so an undo reaching them needs the full log."""
        self.catalog = catalog
        super().__init__(rules_for(catalog), state, effective)

    def check_correction(self, event: dict) -> tuple[GameState, list[dict]]:
        return check_correction(self, event)

    def check_fixes(self, event: dict) -> None:
        check_fixes(self, event)


def check_fixes(fold: core.Fold[GameState], event: dict) -> None:
    """A correction naming the event it fixes (`fixes`, ruling 30): that event must still
    count and have moved the corrected player's money (if the correction changes money) and
    fame (if it changes fame). The log before it is folded again to see what it did."""
    target = event.get("fixes")
    if target is None:
        return
    check_shape(event)
    effective = fold.full_log()
    at = next((i for i, e in enumerate(effective) if e["seq"] == target), None)
    if at is None:
        refuse("bad_correction", N_("Event %(seq)s is not one that still counts"), seq=target)
    s = seat(fold.state, event)
    prefix = fold.refold(effective[:at])
    players = prefix.state.players
    before = (players[s].money, players[s].fame) if s < len(players) else (0, 0)
    prefix.add(effective[at])
    after = (prefix.state.players[s].money, prefix.state.players[s].fame)
    said = {"seq": target, "name": fold.state.players[s].name}
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


def check_correction(fold: core.Fold[GameState], event: dict) -> tuple[GameState, list[dict]]:
    """The game folded again with the misread fact replaced (ruling 33), or a refusal:
    every later event must still fit the corrected facts, else nothing changes."""
    fix = parse(event)
    effective = fold.full_log()
    if fold.state.phase == "over":
        refuse("game_over", N_("The game is over and scored: it can no longer be corrected"))
    at = next((i for i, e in enumerate(effective) if e["seq"] == fix.seq), None)
    if at is None:
        refuse("not_a_misread", N_("Event %(seq)s is not one that still counts"), seq=fix.seq)
    events = list(effective)
    events[at] = corrected(events[at], fix)
    rebuilt = core.Fold(fold.rules)
    for e in events:
        try:
            rebuilt.add(e)
        except Refusal as r:
            if e is events[at]:
                refuse(r.code, r.template, **r.params)  # as marked, for the reader's language
            refuse(
                "correction_does_not_fit",
                N_(
                    "With that value, what was recorded after it no longer fits "
                    "(event %(seq)s: %(why)s): undo the later steps first"
                ),
                seq=e["seq"],
                why=said(r.template, **r.params),  # the later refusal, in the reader's words
            )
    assert rebuilt.effective is not None
    return rebuilt.state, rebuilt.effective


def _correct(fold: core.Fold[GameState], event: dict):
    fold.state, fold.effective = check_correction(fold, event)


def replay(
    events: Iterable[Event], catalog: Catalog = BUILTIN, *, trusted: bool = False
) -> GameState:
    """Fold a whole log; the first illegal event raises its Refusal (with `.seq` set).
    `trusted`: a log read back from the store, its shapes checked when each event was
    appended, is not checked again (a hand-written log never is trusted: core.fold.replay)."""
    return core.replay(rules_for(catalog), events, trusted=trusted)
