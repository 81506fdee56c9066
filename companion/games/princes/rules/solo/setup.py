"""Setting up a solo game and each round's auction (Solo rules, "Setup")."""

from __future__ import annotations

from .. import automa
from ..catalog import (
    AUCTION_STACKS,
    BONUS_CARDS,
    BUILDINGS,
    BUILDINGS_OF_EACH_TYPE,
    FREEDOMS,
    PRESTIGE_CARDS,
    PROFESSION_DECK,
    SOLO_DUMMIES,
    SOLO_FREEDOMS_OF_EACH,
    SOLO_STARTING_MONEY,
    STARTING_HAND,
    WOLFGANG,
    WOLFGANG_STARTING_MONEY,
)
from ..module import Event
from ..refusals import N_, refuse
from ..setup import player_names
from ..solo_state import SOLO, SoloState, solo_of
from ..state import GameState, Player
from .row import _sync, _unknown_card
from .steps import ME, _wait


def start_solo(state: GameState, ev: Event) -> None:
    """`game_started` with `solo`: two seats, Wolfgang's money by difficulty, 2 Freedoms of
    each type, and the Profession cards dealt face down to Wolfgang and the dummies."""
    options = ev.get("solo")
    if not isinstance(options, dict):
        refuse("bad_solo_setup", N_("solo is {difficulty: easy|standard|hard, dummies: 2|3}"))
    difficulty, dummies = options.get("difficulty"), options.get("dummies")
    if not isinstance(difficulty, str) or difficulty not in WOLFGANG_STARTING_MONEY:
        refuse("bad_solo_setup", N_("Choose Wolfgang's difficulty: easy, standard or hard"))
    if dummies not in SOLO_DUMMIES or isinstance(dummies, bool):
        refuse("bad_solo_setup", N_("Play with 2 or 3 dummy players (a 4- or 5-player game)"))
    names = ev.get("players")
    if not isinstance(names, list) or len(names) != 2:
        refuse(
            "bad_player_count",
            N_("A solo game has two seats: you and %(wolfgang)s"),
            wolfgang=WOLFGANG,
        )
    names = player_names(names)
    if names[1] != WOLFGANG:
        refuse("bad_solo_setup", N_("Seat 1 of a solo game is %(wolfgang)s"), wolfgang=WOLFGANG)
    expansions = ev.get("expansions") or {}
    if not isinstance(expansions, dict) or any(expansions.values()):
        refuse("expansion_not_supported", N_("The expansions cannot be used in the solo game"))
    if ev.get("freedoms") is not None:
        refuse(
            "bad_freedom_supply",
            N_("The solo game uses %(each)s of each Freedom"),
            each=SOLO_FREEDOMS_OF_EACH,
        )
    start = ev.get("start_player", 0)
    if start not in (0, 1) or isinstance(start, bool):
        refuse("unknown_player", N_("start_player is 0 (you) or 1 (Wolfgang), chosen at random"))
    grid = ev.get("grid", False)
    if not isinstance(grid, bool):
        refuse("bad_event", N_("Say whether the game has a grid: grid is true or false"))
    # all checks passed
    state.players = [
        Player(names[0], SOLO_STARTING_MONEY),
        Player(WOLFGANG, WOLFGANG_STARTING_MONEY[difficulty]),
    ]
    state.start_player = start
    state.grid = grid
    state.freedom_supply = {f: SOLO_FREEDOMS_OF_EACH for f in FREEDOMS}
    state.stacks = dict(AUCTION_STACKS)
    state.building_supply = {b: BUILDINGS_OF_EACH_TYPE for b in BUILDINGS}
    # Your 3 kept cards leave the deck when you choose them (starting_hand_chosen).
    state.profession_deck = PROFESSION_DECK - STARTING_HAND * (1 + dummies)
    state.bonus_deck = list(BONUS_CARDS)
    state.prestige_deck = list(PRESTIGE_CARDS)
    state.parts[SOLO] = SoloState(
        difficulty=difficulty,
        dummies=dummies,
        players=2 + dummies,
        row=[_unknown_card() for _ in range(STARTING_HAND)],
        columns=[
            [{"card": None, "face_up": False} for _ in range(STARTING_HAND)] for _ in range(dummies)
        ],
    )
    _sync(state)


def begin_solo_round(state: GameState) -> None:
    solo_of(state).auction = {
        "card": None,
        "offers": [],
        "bought": None,
        "left": False,
        "rolls": [],
        "wolfgang": None,
        "discarded": [],
    }
    solo_of(state).facts = {}
    solo_of(state).turn = {}
    solo_of(state).running = None
    state.auction["opener"] = ME
    _wait(state, "auction_card")


def wolfgang_counts(state: GameState) -> dict:
    return automa.wolfgang_counts(state)
