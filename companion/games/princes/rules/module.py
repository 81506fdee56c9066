"""How a game is put together: the base game plus the modules a game's setup turns on.

Like a boardgame.io game object, a `Module` declares its phases (each with the events, "moves",
it accepts), the events it accepts in every phase of play, the state it owns, and hooks: small
functions the base game asks at each moment a module's rules may change the base rules. The
engine checks phase and turn once, from these declarations, before a handler runs.

The base game and the engine only ever ask this registry; they import no module. A module
imports the base game and registers itself (`register`), so `companion/games/princes/rules` has no cycle.
docs/engine.md lists every hook with its signature and an example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

from companion.core.jsoncopy import json_copy
from companion.core.schema import Event as EventShape
from companion.core.schema import Shapes

from .refusals import Refusal

if TYPE_CHECKING:
    from .state import GameState

Event = dict[str, Any]
Handler = Callable[["GameState", Event], None]
T = TypeVar("T")
P = TypeVar("P", bound="Part")

BASE = "base"
# Moments of the game a phase can belong to.
SETUP, ROUND, GAME_END = "setup", "round", "game_end"


@dataclass(frozen=True)
class Move:
    """One event a phase accepts. `turn`: only the seat whose turn it is (`whose_turn`, then the
    `acting_seat` hooks) may make it; `action`: it uses one of the turn's actions, so the
    engine checks the actions left and the once-per-turn kinds before the handler runs."""

    handler: Handler
    turn: bool = False
    action: bool = False
    # The refusal (code, message) when it comes in a phase that does not accept it, if the
    # rulebook says it better than "wrong phase" (a starting hand after setup).
    out_of_phase: tuple[str, str] | None = None
    # Accepted after the game is over and scored: it changes nothing a score depends on (the
    # solo table ticking off the last steps of its checklist: round 7's Works, the Best Work).
    after_over: bool = False


@dataclass(frozen=True)
class Phase:
    """A phase and the events it accepts. A module that declares a phase with a name that
    already exists changes that phase: its moves add to (or replace) the base game's, and its
    `begin` runs after theirs. A new round phase goes right `after` the phase it names."""

    name: str
    title: str = ""  # for messages: "the Auction phase"
    moves: dict[str, Move | Handler] = field(default_factory=dict)
    when: str = ROUND  # SETUP, ROUND or GAME_END
    after: str | None = None
    begin: Callable[[GameState], None] | None = None
    # A phase that has nothing to do in this game (no Character left, nobody holds the Banker)
    # is skipped: the game goes on to the next one at once.
    active: Callable[[GameState], bool] | None = None
    whose_turn: Callable[[GameState], int | None] | None = None


class Part:
    """State a module owns, per game or per player: a dataclass of JSON-shaped fields that
    round-trips through clone/to_dict/from_dict. Override both methods for nested types."""

    def to_dict(self) -> dict[str, Any]:
        """Its fields, copied: what `dataclasses.asdict` gives for JSON-shaped fields, without
        its dispatch on every value (every snapshot of a state writes each part)."""
        return {k: json_copy(getattr(self, k)) for k in field_names(type(self))}

    def squares_covered(self) -> int:
        """Squares of its player's Principality that this part's pieces cover, for a game
        without the grid (a cooperative Building's share: ruling C6). None by default."""
        return 0

    @classmethod
    def from_dict(cls: type[P], d: dict[str, Any]) -> P:
        names = field_names(cls)
        return cls(**{k: json_copy(v) for k, v in d.items() if k in names})

    def clone(self: P) -> P:
        """`from_dict(to_dict())` without building the dict twice: every move clones the
        state. A part that overrides either of them (nested types) is cloned through them,
        unless it overrides this too."""
        cls = type(self)
        if cls.to_dict is not Part.to_dict or cls.from_dict.__func__ is not _FROM_DICT:  # type: ignore[attr-defined]
            return cls.from_dict(self.to_dict())
        return cls(**{k: json_copy(getattr(self, k)) for k in field_names(cls)})


_FROM_DICT = Part.from_dict.__func__  # type: ignore[attr-defined]


_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a Part dataclass, asked for every clone (looked up once a class)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True)
class Module:
    """The base game or one module. Every hook is optional; docs/engine.md says when each is
    asked and how answers of several modules combine."""

    name: str
    title: str
    # Which game_started events turn the module on; `option` is its key in `expansions`.
    enabled_by: Callable[[Event], bool] | None = None
    option: str | None = None
    # The refusal (code, message) for its events in a game it is not part of.
    foreign: tuple[str, str] | None = None
    phases: tuple[Phase, ...] = ()
    # The shapes of the events it brings (companion.core.schema.Event subclasses): checked
    # before any rule, read by the phone's forms and written into docs/events.md.
    events: tuple[type[EventShape], ...] = ()
    anytime: dict[str, Move | Handler] = field(default_factory=dict)
    game_part: type[Part] | None = None
    player_part: type[Part] | None = None
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)


HOOKS = {
    # setup
    "check_setup": "all: (state, event) refuse a bad setup option, before anything changes",
    "start": "last: (state, event) sets the game up instead of the base game's setup",
    "setup": "all: (state, event) after the setup, the module's own pieces",
    "starting_money": "chain: (state, event, money) -> the Florin each player starts with",
    "freedom_supply": "first: (state, event) -> the Freedom supply this setup names, or None",
    # flow
    "round_start": "all: (state) after the base game's start of a round, before its phases",
    "round_end": "all: (state) after Best Work is scored, before the next round or game end",
    "turn_start": "all: (state) a new turn in the Action phase begins",
    "game_end": "all: (state) after the last game-end phase, before the final scoring",
    "final_scoring": "all: (state, scores) adds to each seat's final score entry",
    # who acts
    "gate": "all: (state, event) refuse any event now (a step the table must do first)",
    "event_done": "all: (state, event) after an accepted event's handler (moments it ends)",
    "acting_seat": "chain: (state, seat) -> seat who may make the phase's turn moves now",
    "automated": "any: (state, seat) -> the app plays this seat itself (Wolfgang)",
    "actions_per_turn": "chain: (state, seat, n) -> actions the seat's turn allows",
    "once_per_turn": "chain: (state, seat, {event type: refusal message}) -> once-per-turn kinds",
    # what things cost and are worth
    "auction_objects": "chain: (state, [object]) -> the objects the Auction phase offers",
    "opening_bid": "chain: (state, bid) -> the bid an auction opens with",
    "landscape_choices": "gather: (state, object) -> Landscapes a stackless object is placed as",
    "object_price": "chain: (state, seat, object, price) -> what the winner pays",
    "work_value": "chain: (state, seat, value) -> the Work Value breakdown, total included",
    "fame_may_be_sold": "all: (state) -> False forbids selling fame (and bidding with it)",
    "after_auction_choice": "first: (state) -> True when the module continued the phase",
    # the Principality
    "shared_buildings": "gather: (state, seat) -> Buildings that also count for this seat",
    "principality_counts": "first: (state, seat) -> the counts Prestige cards compare, or None",
    "placing_rules_apply": "all: (state, seat) -> False: the seat ignores the placing rules",
    "professions_out": "gather: (state) -> Profession cards out of the deck nobody holds",
    "fame_may_go_negative": "any: (state, seat) -> the seat may owe fame",
    "reveals_cards": "any: (state, event) -> the event showed cards drawn (undo stops there)",
    # what is shown
    "summary": "merge: (state) -> keys for `palazzo replay --json` and the table",
    "player_summary": "merge: (state, seat) -> keys for that seat's summary",
    "public_view": "merge: (state) -> keys for the table's public view",
    "candidates": "gather: (state, seat) -> the module's plausible events for the seat now",
}

REGISTRY: dict[str, Module] = {}
# Every registered module's event shapes, the base game's first: the one table the engine's
# door, the forms and the docs read (schema.py).
SHAPES = Shapes(Refusal)
_COMBOS: dict[tuple[str, ...], Combo] = {}
_OWNERS: dict[str, Module] = {}  # known_event's answers, until the registry changes


def register(module: Module) -> Module:
    """Add (or replace) a module; its hooks must be ones the engine asks (HOOKS)."""
    unknown = set(module.hooks) - set(HOOKS)
    if unknown:
        raise ValueError(f"{module.name}: no such hook {sorted(unknown)}")
    REGISTRY[module.name] = module
    _changed()
    return module


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    _changed()


def _changed() -> None:
    _COMBOS.clear()
    _OWNERS.clear()
    ordered = sorted(REGISTRY.values(), key=lambda m: m.name != BASE)
    SHAPES.reset(cls for m in ordered for cls in m.events)


def modules_for(event: Event) -> list[str]:
    """The modules a game_started event turns on, besides the base game."""
    return [
        m.name
        for m in REGISTRY.values()
        if m.name != BASE and m.enabled_by is not None and m.enabled_by(event)
    ]


def option_module(option: str) -> Module | None:
    return next((m for m in REGISTRY.values() if m.option == option), None)


class Combo:
    """The base game with one set of modules, merged once: phases in order, moves, hooks."""

    def __init__(self, names: tuple[str, ...]):
        self.modules = [REGISTRY[BASE]] + [REGISTRY[n] for n in names if n in REGISTRY]
        merged: dict[str, dict[str, Any]] = {}
        order: dict[str, list[str]] = {SETUP: [], ROUND: [], GAME_END: []}
        for m in self.modules:
            for ph in m.phases:
                if ph.name not in merged:
                    merged[ph.name] = {"phase": ph, "moves": {}, "begin": [], "whose": None}
                    seq = order[ph.when]
                    at = seq.index(ph.after) + 1 if ph.after in seq else len(seq)
                    seq.insert(at, ph.name)
                entry = merged[ph.name]
                entry["moves"].update({k: _move(v) for k, v in ph.moves.items()})
                if ph.begin is not None:
                    entry["begin"].append(ph.begin)
                if ph.whose_turn is not None:
                    entry["whose"] = ph.whose_turn
                if ph.active is not None:
                    entry["active"] = ph.active
                if ph.title:
                    entry["title"] = ph.title
        self.phases = merged
        self.order = order
        self.anytime: dict[str, Move] = {}
        for m in self.modules:
            self.anytime.update({k: _move(v) for k, v in m.anytime.items()})
        self.hooks: dict[str, list[Callable[..., Any]]] = {
            h: [m.hooks[h] for m in self.modules if h in m.hooks] for h in HOOKS
        }
        self.declared = frozenset(self.anytime).union(*(e["moves"] for e in self.phases.values()))
        # each phase's moves with the any-time ones, a phase's own first: one lookup a move
        self._moves = {name: {**self.anytime, **e["moves"]} for name, e in merged.items()}

    def move(self, phase: str, kind: str) -> Move | None:
        moves = self._moves.get(phase)
        return moves.get(kind) if moves is not None else self.anytime.get(kind)

    def declares(self, kind: str) -> bool:
        return kind in self.declared

    def phases_accepting(self, kind: str) -> list[str]:
        return [name for name, e in self.phases.items() if kind in e["moves"]]

    def chain(self, state: GameState, hook: str, value: T, *args: Any) -> T:
        """Pass a value through every module's hook: each may change what the last one said."""
        for f in self.hooks[hook]:
            value = f(state, *args, value)
        return value

    def first(self, state: GameState, hook: str, *args: Any) -> Any:
        """The first answer that is not None (a module overriding the base game's rule)."""
        for f in self.hooks[hook]:
            answer = f(state, *args)
            if answer is not None:
                return answer
        return None

    def title(self, phase: str) -> str:
        entry = self.phases.get(phase)
        return entry.get("title", phase) if entry else phase


def _move(m: Move | Handler) -> Move:
    return m if isinstance(m, Move) else Move(m)


def combo(state: GameState) -> Combo:
    """The merged rules of the state's modules (asked several times per event: one lookup)."""
    found = _COMBOS.get(tuple(state.modules))
    return found if found is not None else combo_of(state.modules)


# The helpers below loop themselves (no generator, no second call): the rules ask them
# several times for every event a log replays.


def combo_of(names: Iterable[str]) -> Combo:
    key = tuple(names)
    found = _COMBOS.get(key)
    if found is None:
        found = _COMBOS[key] = Combo(key)
    return found


def event_types() -> list[str]:
    """Every event type some registered module declares."""
    out: dict[str, None] = {}
    for m in REGISTRY.values():
        out.update(dict.fromkeys(m.anytime))
        for ph in m.phases:
            out.update(dict.fromkeys(ph.moves))
    return list(out)


def known_event(kind: str) -> Module | None:
    """The registered module whose phases or any-time events name `kind` (base first)."""
    owner = _OWNERS.get(kind)
    if owner is None:
        owner = _owner_of(kind)
        if owner is not None:  # only declared kinds: a stranger's made-up types are not kept
            _OWNERS[kind] = owner
    return owner


def _owner_of(kind: str) -> Module | None:
    for m in [REGISTRY[BASE]] + [m for m in REGISTRY.values() if m.name != BASE]:
        if kind in m.anytime or any(kind in ph.moves for ph in m.phases):
            return m
    return None


# --- asking the hooks ---------------------------------------------------------------------------


def run(state: GameState, hook: str, *args: Any) -> None:
    """Call every module's hook, base game first."""
    for f in combo(state).hooks[hook]:
        f(state, *args)


def chain(state: GameState, hook: str, value: T, *args: Any) -> T:
    """Pass a value through every module's hook: each may change what the last one said."""
    for f in combo(state).hooks[hook]:
        value = f(state, *args, value)
    return value


def every(state: GameState, hook: str, *args: Any) -> bool:
    for f in combo(state).hooks[hook]:
        if not f(state, *args):
            return False
    return True


def some(state: GameState, hook: str, *args: Any) -> bool:
    for f in combo(state).hooks[hook]:
        if f(state, *args):
            return True
    return False


def first(state: GameState, hook: str, *args: Any) -> Any:
    """The first answer that is not None (a module overriding the base game's rule)."""
    return combo(state).first(state, hook, *args)


def last(state: GameState, hook: str) -> Callable[..., Any] | None:
    found = combo(state).hooks[hook]
    return found[-1] if found else None


def gather(state: GameState, hook: str, *args: Any) -> list[Any]:
    out: list[Any] = []
    for f in combo(state).hooks[hook]:
        out.extend(f(state, *args))
    return out


def merge(state: GameState, hook: str, *args: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in combo(state).hooks[hook]:
        out.update(f(state, *args))
    return out


def part_types(game: bool) -> dict[str, type[Part]]:
    """The Part class each module keeps on the state (game) or on each player."""
    out = {}
    for m in REGISTRY.values():
        t = m.game_part if game else m.player_part
        if t is not None:
            out[m.name] = t
    return out


def new_parts(names: Iterable[str], game: bool) -> dict[str, Part]:
    types = part_types(game)
    return {n: types[n]() for n in names if n in types}
