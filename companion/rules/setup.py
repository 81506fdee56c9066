"""Starting a game: seats, money, the supply, and the starting hands."""

from __future__ import annotations

from .catalog import (
    AUCTION_STACKS,
    BONUS_CARDS,
    BUILDINGS,
    BUILDINGS_OF_EACH_TYPE,
    FREEDOMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESTIGE_CARDS,
    PROFESSION_DECK,
    STARTING_HAND,
    STARTING_MONEY,
    TWO_PLAYER_LANDSCAPE_OBJECT,
    TWO_PLAYER_STARTING_MONEY,
)
from .checks import seat
from .refusals import refuse
from .state import Player, new_auction
from .work import profession


def game_started(state, ev):
    if state.phase != "not_started":
        refuse("game_already_started", "This game has already started")
    names = ev.get("players")
    if ev.get("solo"):
        from .solo import start_solo  # solo setup differs enough to live with Wolfgang

        return start_solo(state, ev)
    if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        refuse(
            "bad_player_count",
            f"The Princes of Florence is for {MIN_PLAYERS} to "
            f"{MAX_PLAYERS} players (or solo against Wolfgang)",
        )
    names = _names(names)
    expansions = ev.get("expansions") or {}
    if not isinstance(expansions, dict):
        refuse("bad_event", "expansions must be an object")
    if expansions.get("cooperative"):
        refuse(
            "expansion_not_supported",
            "Palazzo does not run Cooperative Building yet: play without it",
        )
    muse = expansions.get("muse_princess", False)
    if not isinstance(muse, bool):
        refuse("bad_event", "Say whether the game plays The Muse and the Princess: true or false")
    n = len(names)
    two = n == 2
    supply = _freedom_supply(ev.get("freedoms"), n)
    start = ev.get("start_player", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < n:
        refuse(
            "unknown_player", f"The starting player is one of the seats 0 to {n - 1}, not {start!r}"
        )
    grid = ev.get("grid", False)
    if not isinstance(grid, bool):
        refuse("bad_event", "Say whether the game has a grid: grid is true or false")
    # all checks passed
    state.players = [
        Player(name, TWO_PLAYER_STARTING_MONEY if two else STARTING_MONEY) for name in names
    ]
    state.start_player = start
    state.two_player = two
    state.grid = grid
    state.freedom_supply = supply
    state.stacks = dict(AUCTION_STACKS)
    state.building_supply = {b: BUILDINGS_OF_EACH_TYPE for b in BUILDINGS}
    state.profession_deck = PROFESSION_DECK
    state.bonus_deck = list(BONUS_CARDS)
    state.prestige_deck = list(PRESTIGE_CARDS)
    state.expansions = {"muse_princess": muse, "cooperative": False}
    if muse:
        from .muse_princess import NAME, new_state

        state.modules[NAME] = new_state(n)
    state.phase = "setup"


def _names(names) -> list[str]:
    clean = []
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 24:
            refuse("bad_event", "Each player needs a name of 1 to 24 characters")
        clean.append(name.strip())
    if len(set(n.lower() for n in clean)) != len(clean):
        refuse("bad_event", "Two players have the same name: give them different names")
    return clean


def _freedom_supply(given, n) -> dict:
    """Players-1 of each; 2 players: 1 each plus 2 of two different types (or plus 1)."""
    if n > 2:
        standard = {f: n - 1 for f in FREEDOMS}
        if given is not None and given != standard:
            refuse("bad_freedom_supply", f"With {n} players the supply is {n - 1} of each Freedom")
        return standard
    if (
        not isinstance(given, dict)
        or set(given) != set(FREEDOMS)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in given.values())
    ):
        refuse(
            "bad_freedom_supply",
            "A 2-player game names its Freedoms: {travel, religion, "
            "opinion} counts, 1 of each plus 2 of two different types",
        )
    extra = sorted(v - 1 for v in given.values())
    if extra not in ([0, 1, 1], [0, 0, 1]):
        refuse(
            "bad_freedom_supply",
            "2 players: 1 of each Freedom plus 2 of two different "
            "types (5), or plus 1 (4, the harder game)",
        )
    return dict(given)


def starting_hand_chosen(state, ev):
    if state.phase != "setup":
        refuse(
            "hand_already_chosen" if state.phase not in ("not_started",) else "game_not_started",
            "Starting hands are chosen at setup, before round 1",
        )
    s = seat(state, ev)
    if state.solo and s != 0:
        refuse("bad_solo_setup", "Wolfgang's cards stay face down: only you choose a hand")
    p = state.players[s]
    if p.hand:
        refuse("hand_already_chosen", f"{p.name} has already chosen a starting hand")
    cards = ev.get("professions")
    if (
        not isinstance(cards, list)
        or len(cards) != STARTING_HAND
        or len(set(map(str, cards))) != STARTING_HAND
    ):
        refuse(
            "bad_starting_hand", f"Keep {STARTING_HAND} different Profession cards of the 4 dealt"
        )
    for pid in cards:
        profession(state, pid)
        if in_play(state, pid):
            refuse(
                "card_not_available",
                f"The {state.catalog.professions[pid].name} is already in another player's hand",
            )
    p.hand = list(cards)
    state.profession_deck -= STARTING_HAND
    if all(q.hand for q in humans(state)):
        begin_round(state, 1)


def humans(state):
    return state.players[:1] if state.solo else state.players


def in_play(state, pid: str) -> bool:
    """A Profession card somebody holds or has played (the deck has one of each)."""
    if state.solo and pid in state.solo.get("known_automa_professions", ()):
        return True
    return any(pid in p.hand or pid in p.table for p in state.players)


def begin_round(state, number: int):
    state.round = number
    state.phase = "auction"
    state.turn = None
    state.turns_taken = 0
    for p in state.players:
        p.acquired = None
        p.left_auctions = False
        p.actions = 0
        p.took_profession = False
        p.introduced_freedom = False
        p.best_this_round = 0
    state.auction = new_auction(state.start_player)
    if state.solo:
        from .solo import begin_solo_round

        begin_solo_round(state)


def stack_left(state, obj: str) -> int:
    if obj == TWO_PLAYER_LANDSCAPE_OBJECT:
        return sum(state.stacks[k] for k in ("forest", "lake", "park"))
    return state.stacks[obj]
