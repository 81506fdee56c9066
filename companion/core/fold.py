"""One fold for every game: a log folded event by event, undo included.

The event store knows nothing of games, and a game's rules know nothing of logs; the fold is
where they meet. A game hands its rules over as `FoldRules` (a new state, applying one event,
its refusals, what undo may not reach back past); the fold keeps the rest, written once for
every game: the `seq` bookkeeping, the events that still count, undo by folding those again,
and a replay that raises the first refusal with its seq. Pure: no web, no database, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NoReturn, TypeVar

from companion.core.lang import N_  # a marker only: the fold translates nothing

S = TypeVar("S")
RETRACTED = "retracted"


class NeedFullLog(Exception):
    """An undo reaches into events a snapshot folded away: fold again from the first event."""


def _never(state: Any, event: dict) -> bool:
    return False


def _no_shape(event: dict) -> None:
    return None


@dataclass(frozen=True)
class FoldRules(Generic[S]):
    """What a game tells the fold: its rules, seen from a log."""

    new_state: Callable[[], S]
    # the state after the event, or raise a refusal that leaves `state` as it was
    apply: Callable[[S, dict], S]
    # the game's refusals, with its own rule citations: (code, marked message, **parameters);
    # the fold's messages are marked with N_() and the game's edge translates them
    refuse: Callable[..., NoReturn]
    refusal: type[Exception]  # what `refuse` raises: replay marks it with the event's seq
    is_over: Callable[[S], bool]  # a game over and scored can no longer be undone
    # chance the table saw: never undone, and undo never reaches back past it
    chance_events: frozenset[str]
    # the refusal's marked message and its parameters, for an undo reaching back past chance
    past_chance: Callable[[dict], tuple[str, Mapping[str, object]]]
    # an event that may itself be undone, but not reached back past (a card drawn and chosen)
    reveals: Callable[[S, dict], bool] = _never
    check_shape: Callable[[dict], None] = _no_shape  # a retraction's declared shape
    # events applied to the log rather than to the state (the Princes' misread corrections)
    log_events: Mapping[str, Callable[[Fold[S], dict], None]] = field(default_factory=dict)
    # checks an event needs the log for, before it is applied (a correction naming its event)
    log_checks: Mapping[str, Callable[[Fold[S], dict], None]] = field(default_factory=dict)
    # for each of `log_events`: check it without changing anything (the game's refusal, or
    # NeedFullLog) and say the first seq it rewrites (the service drops later snapshots)
    log_event_checks: Mapping[str, Callable[[Fold[S], dict], int]] = field(default_factory=dict)
    # `apply` without the shape check, for an event whose shape was checked at the door: read
    # back from the store, or already folded once (undo folds the events that count again).
    # None: every event is checked (a game whose handlers read the checked object need it).
    apply_stored: Callable[[S, dict], S] | None = None


class Fold(Generic[S]):
    """A log folded event by event, keeping the events that still count so undo can rebuild."""

    def __init__(
        self, rules: FoldRules[S], state: S | None = None, effective: list[dict] | None = None
    ):
        """From the first event, or from `state` (a snapshot) with `effective=None`: the
        events behind a snapshot are not at hand, so an undo reaching them needs the full log."""
        self.rules = rules
        self.state: S = state if state is not None else rules.new_state()
        self.effective = ([] if state is None else None) if effective is None else effective
        self.last_seq = self.effective[-1]["seq"] if self.effective else 0
        # the types applied to the log, or checked on it first: every other is just applied
        self._by_log = frozenset(rules.log_events).union(rules.log_checks, (RETRACTED,))

    def add(self, event: dict, *, trusted: bool = False) -> S:
        """Apply one logged event (with its `seq`); a refusal leaves the fold as it was.
        `trusted`: the event's shape was checked when it was stored (or folded before), so
        the rules may skip that check (`FoldRules.apply_stored`); everything else is checked.
        A trusted event the rules refuse may have been half applied: the caller folds the log
        again without trust (`replay` does) instead of going on from this fold."""
        if isinstance(event, dict):
            seq, kind = event.get("seq"), event.get("type")
            if type(kind) is str and type(seq) is int and kind not in self._by_log:
                # the common case, as below without the questions it answers no (a replay
                # asks it for every event)
                rules = self.rules
                apply = rules.apply_stored if trusted and rules.apply_stored else rules.apply
                self.state = apply(self.state, event)
                if self.effective is not None:
                    self.effective.append(event)
                self.last_seq = seq
                return self.state
        else:
            seq = kind = None
        given = seq
        if not isinstance(seq, int):
            seq = self.last_seq + 1
        rules = self.rules
        if kind == RETRACTED:
            self._retract(event)
        elif isinstance(kind, str) and kind in rules.log_events:
            rules.log_events[kind](self, event)
        else:
            check = rules.log_checks.get(kind) if isinstance(kind, str) else None
            if check is not None:
                check(self, event)
            apply = rules.apply_stored if trusted and rules.apply_stored else rules.apply
            self.state = apply(self.state, event)
            if self.effective is not None:
                # kept as given when it carries its seq (a fold never changes an event)
                kept = event if type(given) is int else dict(event, seq=seq)
                self.effective.append(kept)
        self.last_seq = seq
        return self.state

    def refold(self, events: Iterable[dict]) -> Fold[S]:
        """The same rules folded afresh over `events`, events this fold already took (undo and
        corrections rebuild this way): their shapes were checked when they first came in."""
        rebuilt = Fold(self.rules)
        for e in events:
            rebuilt.add(e, trusted=True)
        return rebuilt

    def full_log(self) -> list[dict]:
        """The events that still count; refuses to guess behind a snapshot."""
        if self.effective is None:
            raise NeedFullLog()
        return self.effective

    def refolds_from(self, event: dict) -> int | None:
        """For an event that rewrites the log (an undo, a game's `log_events`): check it,
        changing nothing, and return the first seq it rewrites; None for any other event."""
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == RETRACTED:
            return min(self.check_retraction(event))
        check = self.rules.log_event_checks.get(kind) if isinstance(kind, str) else None
        return check(self, event) if check is not None else None

    def check_retraction(self, event: dict) -> list[int]:
        """The seqs an undo takes back, or the game's refusal: only the latest events that
        count, never the start of the game, never past chance the table saw."""
        refuse = self.rules.refuse
        self.rules.check_shape(event)
        seqs = event.get("seqs")
        if (
            not isinstance(seqs, list)
            or not seqs
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in seqs)
        ):
            refuse("bad_retraction", N_("Say which events to take back: seqs, a list of numbers"))
        effective = self.full_log()
        if self.rules.is_over(self.state):
            refuse("game_over", N_("The game is over and scored: it can no longer be undone"))
        seqs = sorted(set(seqs))
        tail = [e["seq"] for e in effective[-len(seqs) :]] if len(seqs) <= len(effective) else []
        if tail != seqs:
            refuse(
                "bad_retraction",
                N_(
                    "Undo takes back only the latest events, newest first: %(seqs)s are not "
                    "the latest that count"
                ),
                seqs=", ".join(map(str, seqs)),
            )
        undone = effective[-len(seqs) :]
        if undone[0].get("type") == "game_started":
            refuse("bad_retraction", N_("The start of the game cannot be undone: host a new game"))
        for i, e in enumerate(undone):
            if e.get("type") in self.rules.chance_events or (
                i > 0 and self.rules.reveals(self.state, e)
            ):
                message, params = self.rules.past_chance(e)
                refuse("retraction_past_reveal", message, **params)
        return seqs

    def _retract(self, event: dict):
        seqs = self.check_retraction(event)
        rebuilt = self.refold(self.full_log()[: -len(seqs)])
        self.state, self.effective = rebuilt.state, rebuilt.effective


def replay(rules: FoldRules[S], events: Iterable[Any], *, trusted: bool = False) -> S:
    """Fold a whole log; the first illegal event raises its refusal (with `.seq` set).
    `trusted`: a log read back from the store, whose events were checked against their shapes
    when they were appended, folds without that check; should it fail anyway (a row written
    past the door), the log is folded again with every check, so it fails as an untrusted
    one would: the same refusal, at the same seq. A hand-written log is never trusted."""
    if trusted and rules.apply_stored is not None:
        events = list(events)
        try:
            return _replay(rules, events, trusted=True)
        except Exception:
            pass  # a damaged log: the checked fold below tells what is wrong with it
    return _replay(rules, events, trusted=False)


def _replay(rules: FoldRules[S], events: Iterable[Any], *, trusted: bool) -> S:
    fold = Fold(rules)
    for i, event in enumerate(events, 1):
        try:
            fold.add(event, trusted=trusted)
        except rules.refusal as r:
            seq = event.get("seq") if isinstance(event, dict) else None
            r.seq = seq if isinstance(seq, int) else i  # type: ignore[attr-defined]
            raise
    return fold.state
