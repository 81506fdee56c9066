"""A game as the platform sees it: one declared object, the way boardgame.io declares a game.

The event store knows nothing of games and the platform (the service, the command line, the web)
names none: it asks the game a log belongs to. Whatever differs from one game to the next is a
field of its `Game`: how its log is folded and told, how its snapshots are kept, what its table
teaches the installation, and which screens serve it. A third game is a new package under
`companion/games/` that declares one `Game` and is listed in the composition root
(`companion/app.py`); nothing else changes. `tests/platform/test_third_game.py` plugs a toy game
in through this protocol alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .fold import Fold
from .memo import memo
from .versions import Upcaster, Versions


class Story(Protocol):
    """What a game tells of its log, kept beside its fold and at the same seq."""

    def add(self, fold: Fold, event: dict, at: Any = None, *, trusted: bool = False) -> Any:
        """Fold `event` into `fold` and note what it did; a refusal changes neither.
        `trusted`: read back from the store, its shape checked when it was stored
        (`Fold.add`)."""

    def before(self, fold: Fold) -> Any:
        """What `note` needs of the state as the next event meets it: taken before that
        event is folded (a fold may change its state in place)."""

    def note(self, fold: Fold, event: dict, at: Any, before: Any) -> Any:
        """Note the fact of `event`, which `fold` has just taken (its state stands right
        after it; `before` is what `before` gave just ahead of it): `add` without the fold,
        so the service folds a recorded move once and tells its story when first read."""


class Teaching(Protocol):
    """What a game's table teaches the installation as it plays (the Princes' Profession and
    Automa cards, Landscape sizes), so a log stays self-contained and the next game knows the
    cards. `learned` is the installation's catalog the platform opened for this game."""

    def prepare(self, learned: Any, state: Any, kind: str, payload: dict) -> dict:
        """The payload as it will be stored (what the installation knows, travelling with it)."""

    def lessons(self, learned: Any, state: Any, event: dict, given: list) -> list[dict]:
        """Events the move needs recorded first: those `given` with it that it uses, and what
        the installation knows and the log does not."""

    def before(self, state: Any) -> Any:
        """What `keep` needs to know of the state as the move met it (read before the move)."""

    def keep(self, learned: Any, before: Any, stored: list, by: str) -> None:
        """Remember what the stored events taught; never fails the record it follows."""


KEPT_PER_SEQ = 512  # answers a replay keeps (views x languages x seats, with room)


@dataclass(frozen=True)
class ReplayBase:
    """What every game's replay (what screens read at one seq: `Game.replay_of`) shares: what
    screens worked out from this seq (a ledger, a rendered fragment), kept for the next request
    at the same seq. The read model makes one replay per seq, so a new event drops all of it."""

    _kept: dict = field(default_factory=dict, compare=False, repr=False, kw_only=True)

    def kept(self, key, make):
        """`make()`, worked out once per key at this seq and shared by every request that asks
        at the same seq. Keys say everything the answer depends on besides the seq: the
        viewer, the language. Bounded: a key set that keeps growing starts afresh."""
        return memo(self._kept, key, make, KEPT_PER_SEQ)


def _no_story() -> None:
    return None


def _none(*args: Any) -> Any:
    return None


@dataclass(frozen=True)
class Pushed:
    """A shared fragment a live stream may carry: `render(game_id, seq)` gives (the seq it
    shows, its HTML) at `seq` or later, or None for a game it is not drawn for. Built for every
    reader of the game (companion/web/shared.py). `table_screen`: it speaks the table screen's
    language, not the phone's. `seat`: the panel of the seat this stream's session holds, for
    it alone (never kept, never shared); `render` asks who the session is at each push."""

    render: Callable[[str, int], tuple[int, str] | None]
    table_screen: bool = False
    seat: bool = False


def _anything(replay: Any, event: dict, seat: int | None) -> bool:
    return True


def _own(event: dict, seat: int, host: bool) -> bool:
    return event.get("by") == str(seat)


@dataclass(frozen=True)
class History:
    """A game's history page, paged and served by the platform (companion/web/history.py):
    the game says only how its events are told, and what its page looks like around them."""

    # its address, under the game's own prefix ("/games/<game_id>/history")
    url: str
    # the name of its routes: the page is NAME.page (the game's `screens["history"]`), the
    # next older page's items NAME.more; unique in the installation
    name: str
    # (replay, seat or None, last, before) -> the newest `last` events older than seq `before`
    # (None: the newest), newest first, in the reader's words as that seat may hear them: each
    # with `seq`, `text`, `undone` (taken back since) and `at` (when, or None)
    lines: Callable[[Any, int | None, int, int | None], Sequence[Any]]
    # the page, extending the platform's templates/history.html
    template: str = "history.html"
    # one page's items (the platform's show a struck-through undone event and its time)
    entries: str = "_history_entries.html"


@dataclass(frozen=True)
class Undo:
    """What a game says of undo; the platform offers it, checks who may ask, records it and
    refuses a stale one (companion/web/undo.py). Which events the rules let go back is the
    fold's to judge (`FoldRules`): never the start, never past chance the table saw."""

    # (replay, seq, seat or None) -> the event at `seq` in the reader's words, as that seat
    # (None: the table) may hear it
    tell: Callable[[Any, int, int | None], str]
    # (replay, the newest event that still counts as the fold keeps it, the seat asking or
    # None for the host's own page) -> whether undo offers it to that screen at all; a game
    # that says why not in its own words (the Princes' chance) says no here
    offered: Callable[[Any, dict, int | None], bool] = _anything
    # (the event as the fold keeps it: type, seq, by, payload; seat; whether this device is
    # the host's too) -> whether that seat may take it back: its own by default
    mine: Callable[[dict, int, bool], bool] = _own


@dataclass(frozen=True)
class GameWeb:
    """A game's screens, as the web platform (companion/web) plugs them in."""

    blueprints: Sequence[Any]  # Flask blueprints, registered by the app factory
    # the endpoints of the screens every game has: "me" (a seat's phone), "host", "table",
    # "history"
    screens: Mapping[str, str]
    # (game_id, access, state) -> this browser's own screen of the game: a seat's phone, the
    # host's page or the table; after a join link, after a logo tap, on the home page
    own_screen: Callable[[str, Any, Any], str]
    # (game_id, access) -> where a join link leads once its role is granted (a game may grant
    # more: the solo player's phone hosts too)
    joined: Callable[[str, Any], str]
    # (state) -> the home page's line of a game: "names", "status" (words), "over", and
    # "one_phone" where the player's phone is the host's too (solo play)
    listing: Callable[[Any], Mapping[str, Any]]
    # the home page's ways into a new game of it: (endpoint, a marked label, whether it is a
    # main way in, shown first-rank on a browser's first visit) each, in order
    starts: Sequence[tuple[str, str, bool]] = ()
    # the shared screen (the TV) of its games, which keeps a language of its own: blueprint
    # names or endpoints (companion/web/i18n.py)
    table_screens: frozenset[str] = frozenset()
    # the fragments its pages ask their live stream to carry (`?push=NAME`), by name; names
    # are the installation's, so each game's start with its own id or name
    pushed: Mapping[str, Pushed] = field(default_factory=dict)
    # the answers its record route gives a move posted from one of its screens, by the form's
    # `view`: (game_id, access, refusal=None, sent=None, recorded=None) -> a response
    views: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # the endpoints of a seat's own traffic besides the platform's live streams (its phone,
    # its fragments, its posts): a request to one marks the seat's phone as here
    seat_traffic: frozenset[str] = frozenset()
    # endpoints of its screens besides `screens`' (a fragment, a sub-page), by the screen they
    # belong to: a browser sent to one for a game of another game lands on that game's own
    screen_of: Mapping[str, str] = field(default_factory=dict)
    # its part of the guide for hosts and players (/guide): a template of sections, included
    # in the games' order; None: it has none
    guide: str | None = None
    # its history page (the platform pages it and adds its routes); None: it has none
    history: History | None = None
    # what it says of undo (the platform offers, checks and records it); None: the platform's
    # undo route refuses for its games
    undo: Undo | None = None


@dataclass(frozen=True)
class GameCommands:
    """What a game adds to the command line (`palazzo`), which names no game."""

    # (path) -> the catalog `--catalog FILE` gives `replay` and `stats` (for the game whose
    # tables teach); ValueError in the reader's words when the file cannot be used
    catalog: Callable[[str], Any] | None = None
    # (text) -> whether it is one of the game's catalog files (a log given by mistake)
    is_catalog: Callable[[str], bool] = lambda text: False
    # (argparse's subparsers) -> adds the game's own commands (each sets `func`)
    add: Callable[[Any], None] = _none
    # (the figures `stats` found for the game) -> the lines `palazzo stats` prints of them
    describe_figures: Callable[[dict], list[str]] = lambda figures: []


@dataclass(frozen=True)
class Game:
    """One game's rules and screens as the rest of Palazzo uses them."""

    id: str
    title: str  # a marked message (N_), named in the reader's words at the edge
    # (state=None) -> a fold (add, state, last_seq, effective), from `state` (a snapshot) if given
    fold: Callable[..., Fold]
    replay: Callable[..., Any]  # (events, catalog=None) -> state, or its Refusal with .seq
    from_snapshot: Callable[[dict], Any]
    to_snapshot: Callable[[Any], dict]
    clone: Callable[[Any], Any]
    summary: Callable[[Any], dict]  # what `palazzo replay --json` prints
    describe: Callable[[dict], str]  # the summary in a few lines, in the reader's words
    is_over: Callable[[Any], bool]  # over and scored: the log is everyone's to read
    chance_events: frozenset[str] = frozenset()
    # a snapshot is a cache: one of another format is ignored and the log folded again
    snapshot_format: int = 1
    story: Callable[[], Story | None] = _no_story
    # (fold, story, a private copy of the state) -> what every screen reads at one seq
    replay_of: Callable[[Fold, Any, Any], Any] = _none
    teaching: Teaching | None = None
    open_learned: Callable[[Any], Any] = _none  # (instance folder) -> the installation's catalog
    # the club's figures (docs/screens.md, "The club's figures"): a module with record(events,
    # catalog) of a finished log (or NotFinished), contribution, figures, bucket (players,
    # expansions and kind of play: '' for ordinary play), KINDS_APART (kinds counted whatever
    # the player count asked, offering none), game_rows, purchase_rows; None: the game has none
    stats: Any = None
    # what the game adds to the command line, imported when a command needs it
    commands: Callable[[], GameCommands] | None = None
    # the game's screens, imported when the web app is built (the rules need no Flask)
    web: Callable[[], GameWeb] | None = None
    # how its events' older shapes are read (companion/core/versions.py; docs/events.md,
    # "Changing an event"): one Upcaster per change, kept in the game's own folder
    upcasters: Sequence[Upcaster] = ()
    versions: Versions = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "versions", Versions(self.upcasters))
