"""Starting a game: seats, money, the supply, and the starting hands."""

from __future__ import annotations

from .catalog import (
    AUCTION_STACKS,
    BONUS_CARDS,
    BUILDINGS,
    BUILDINGS_OF_EACH_TYPE,
    EXPANSIONS,
    FREEDOMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESTIGE_CARDS,
    PROFESSION_DECK,
    STARTING_HAND,
    STARTING_MONEY,
)
from .checks import seat
from .editions import check_edition
from .module import Event, combo, combo_of, gather, modules_for, new_parts, option_module
from .refusals import N_, Named, refuse
from .rounds import begin_round
from .state import GameState, Player
from .work import profession


def game_started(state: GameState, ev: Event) -> None:
    """Start a game with the modules its options turn on; each module may check its options,
    replace the base setup (solo) and add its own pieces, in that order."""
    if state.phase != "not_started":
        refuse("game_already_started", N_("This game has already started"))
    names = modules_for(ev)
    game = combo_of(names)
    edition = check_edition(ev)
    for check in game.hooks["check_setup"]:
        check(state, ev)
    start = game.hooks["start"][-1] if game.hooks["start"] else base_setup
    start(state, ev)
    state.edition = edition
    state.modules = names
    for name, part in new_parts(names, game=True).items():
        state.parts.setdefault(name, part)  # a `start` hook may have made its own
    for p in state.players:
        for name, part in new_parts(names, game=False).items():
            p.parts.setdefault(name, part)
    state.expansions = {k: any(m.option == k for m in game.modules) for k in EXPANSIONS}
    for setup in game.hooks["setup"]:
        setup(state, ev)
    state.phase = "setup"


def base_setup(state: GameState, ev: Event) -> None:
    """The base game's setup: seats, money, supply, decks. The modules this setup turns on
    may change the money and the Freedom supply (the 2-player rules)."""
    names = ev.get("players")
    if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        refuse(
            "bad_player_count",
            N_(
                "The Princes of Florence is for %(low)s to %(high)s players (or solo against Wolfgang)"
            ),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    names = player_names(names)
    check_expansions(ev)
    n = len(names)
    game = combo_of(modules_for(ev))
    supply = game.first(state, "freedom_supply", ev) or _freedom_supply(ev.get("freedoms"), n)
    money = game.chain(state, "starting_money", STARTING_MONEY, ev)
    start = ev.get("start_player", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < n:
        refuse(
            "unknown_player",
            N_("The starting player is one of the seats 0 to %(last)s, not %(value)s"),
            last=n - 1,
            value=repr(start),
        )
    grid = ev.get("grid", False)
    if not isinstance(grid, bool):
        refuse("bad_event", N_("Say whether the game has a grid: grid is true or false"))
    # all checks passed
    state.players = [Player(name, money) for name in names]
    state.start_player = start
    state.grid = grid
    state.freedom_supply = supply
    state.stacks = dict(AUCTION_STACKS)
    state.building_supply = {b: BUILDINGS_OF_EACH_TYPE for b in BUILDINGS}
    state.profession_deck = PROFESSION_DECK
    state.bonus_deck = list(BONUS_CARDS)
    state.prestige_deck = list(PRESTIGE_CARDS)


def check_expansions(ev: Event) -> None:
    """An expansion is played only when a module runs it (docs/engine.md)."""
    expansions = ev.get("expansions") or {}
    if not isinstance(expansions, dict):
        refuse("bad_event", N_("expansions must be an object"))
    missing = [k for k in EXPANSIONS if expansions.get(k) and option_module(k) is None]
    if missing:
        refuse(
            "expansion_not_supported",
            N_("Palazzo does not run that expansion yet: play without it"),
        )


def player_names(names: list) -> list[str]:
    clean = []
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 24:
            refuse("bad_event", N_("Each player needs a name of 1 to 24 characters"))
        clean.append(name.strip())
    if len(set(n.lower() for n in clean)) != len(clean):
        refuse("bad_event", N_("Two players have the same name: give them different names"))
    return clean


def _freedom_supply(given: object, n: int) -> dict[str, int]:
    """Players-1 of each Freedom (a module may name another supply: the 2-player rules)."""
    standard = {f: n - 1 for f in FREEDOMS}
    if given is not None and given != standard:
        refuse(
            "bad_freedom_supply",
            N_("With %(num)s players the supply is %(each)s of each Freedom"),
            num=n,
            each=n - 1,
        )
    return standard


def starting_hand_chosen(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    p = state.players[s]
    if p.hand:
        refuse(
            "hand_already_chosen", N_("%(name)s has already chosen a starting hand"), name=p.name
        )
    cards = ev.get("professions")
    if (
        not isinstance(cards, list)
        or len(cards) != STARTING_HAND
        or len(set(map(str, cards))) != STARTING_HAND
    ):
        refuse(
            "bad_starting_hand",
            N_("Keep %(keep)s different Profession cards of the 4 dealt"),
            keep=STARTING_HAND,
        )
    for pid in cards:
        profession(state, pid)
        if in_play(state, pid):
            refuse(
                "card_not_available",
                # the same words wherever the card is: they never say whose hand holds it
                N_(
                    "Palazzo cannot put the %(card)s in your starting hand: by what the table "
                    "recorded, it is not in the deck"
                ),
                card=Named("professions", pid, state.catalog.professions[pid].name),
            )
    p.hand = list(cards)
    state.profession_deck -= STARTING_HAND
    if all(state.players[t].hand for t in people(state)):
        begin_round(state, 1)


def people(state: GameState) -> list[int]:
    """The seats people play (not the ones the app plays itself, like Wolfgang)."""
    automated = combo(state).hooks["automated"]  # none but in a solo game: asked per glance
    if not automated:
        return list(range(state.n))
    return [s for s in range(state.n) if not any(f(state, s) for f in automated)]


def next_hand_to_choose(state: GameState) -> int | None:
    return next((s for s in people(state) if not state.players[s].hand), None)


def in_play(state: GameState, pid: str) -> bool:
    """A Profession card somebody holds or has played (the deck has one of each)."""
    if pid in gather(state, "professions_out"):
        return True
    return any(pid in p.hand or pid in p.table for p in state.players)


def seen_out_of_deck(state: GameState, seat: int | None) -> set[str]:
    """The Profession cards `seat` can know are not in the deck: its own hand, every card face
    up, and the cards the table has seen (a module's `professions_out`: the solo game's turned
    up cards). Another player's hand is not among them: lists built from this never tell
    where a hidden card is."""
    out = set(gather(state, "professions_out"))
    for s, p in enumerate(state.players):
        out.update(c for c in p.table if c != "recruiting")
        if s == seat:
            out.update(c for c in p.hand if c != "recruiting")
    return out


def stack_left(state: GameState, obj: str) -> int:
    """What is left of an object's stack; an object without a stack of its own (the 2-player
    Landscape) has what is left of the Landscapes it may be placed as."""
    if obj in state.stacks:
        return state.stacks[obj]
    return sum(state.stacks[k] for k in gather(state, "landscape_choices", obj))
