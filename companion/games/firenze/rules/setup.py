"""Set Up: the board as taught, balconies and neutral seals as placed, starting bricks, seals.

The card row is dealt by the six `card_revealed` events that follow (chance recorded as facts):
the rulebook deals the row's bricks only after everyone has their white bricks, which is what
this order gives.
"""

from __future__ import annotations

from .catalog import (
    ACTION_CARDS,
    BALCONY_NUMERALS,
    BRICKS,
    NEUTRAL_SEALS,
    PLAYERS,
    SEALS_PER_PLAYER,
    Board,
    BoardError,
    start_bricks,
)
from .refusals import N_, named_colour, refuse
from .schema import GameStarted
from .state import bricks, new_player, seal_key


def game_started(state: dict, ev: GameStarted):
    """The game set up as the table laid it out: its players, the board as taught, the
    balconies and neutral seals as placed (each checked against the board), the starting
    bricks and seals."""
    if state["phase"] != "not_started":
        refuse("game_already_started", N_("This game has already started"))
    n = len(ev.players)
    _check_players(ev, n)
    try:
        board = Board.from_dict(ev.board)
    except BoardError as e:
        refuse("bad_board", e.template, **e.params)
    places = _balcony_places(ev, board)
    seals = _neutral_seals(ev, board, places)
    players = [
        new_player(
            name.strip(),
            SEALS_PER_PLAYER[n],
            start_bricks((seat - ev.start_player) % n),
        )
        for seat, name in enumerate(ev.players)
    ]
    pouch = dict(BRICKS)
    pouch["white"] -= sum(p["storehouse"]["white"] for p in players)
    state.update(
        phase="setup",
        players=players,
        n=n,
        start_player=ev.start_player,
        board=board.to_dict(),
        balconies=[
            {"numeral": b.numeral, "colour": b.colour, "height": b.height, "pp": b.pp}
            for b in sorted(ev.balconies, key=lambda b: b.numeral)
        ],
        next_balcony=1,
        seals=seals,
        level_tiles=dict(board.to_dict()["level_tiles"]),
        pouch=pouch,
        row=[],
        deck_unknown=ACTION_CARDS - (0 if ev.campanile else 1),
        deck_known=[],
        discard=[],
        church=[],
        revealed=0,
        start_revealed=0,
        campanile={"in_game": ev.campanile, "seen": False, "active": False},
        variant=ev.variant,
        turn=ev.start_player,
        t=fresh_turn([]),
        pending={"reveal": False, "event": None},
        end=None,
        final=None,
    )
    state["pouch"] = bricks([c for c, k in pouch.items() for _ in range(k)])


def _check_players(ev: GameStarted, n: int) -> None:
    if not PLAYERS[0] <= n <= PLAYERS[1]:
        refuse("bad_player_count", N_("Firenze is for 2 to 4 players, not %(count)s"), count=n)
    if len({p.lower() for p in ev.players}) != n:
        refuse("bad_player_count", N_("Each player needs a different name"))
    if not 0 <= ev.start_player < n:
        refuse("unknown_player", N_("The start player must be one of the players"))


def _balcony_places(ev: GameStarted, board: Board) -> dict[str, object]:
    """The commissions the four balconies cover, by seal key: one each of I to IV, each on a
    level its tower has, never two on one."""
    places: dict[str, object] = {}
    if sorted(b.numeral for b in ev.balconies) != list(BALCONY_NUMERALS):
        refuse("bad_balconies", N_("Draw one balcony each of I, II, III and IV"))
    for b in ev.balconies:
        if b.height not in board.commissions[b.colour]:
            refuse(
                "bad_balconies",
                N_("The %(colour)s tower has no level for %(height)s"),
                colour=named_colour(b.colour),
                height=b.height,
            )
        if not 0 <= b.pp <= 99:
            refuse("bad_balconies", N_("A balcony's PP is a whole number from the tile"))
        key = seal_key(b.colour, b.height)
        if key in places:
            refuse(
                "bad_balconies",
                N_("Two balconies cannot cover the %(colour)s commission for %(height)s"),
                colour=named_colour(b.colour),
                height=b.height,
            )
        places[key] = b
    return places


def _neutral_seals(ev: GameStarted, board: Board, places: dict) -> dict[str, object]:
    """The neutral seals as placed, by seal key: on levels the towers have, without a
    balcony, one a commission."""
    if len(ev.neutral_seals) > NEUTRAL_SEALS:
        refuse("bad_neutral_seals", N_("The game has %(count)s neutral seals"), count=NEUTRAL_SEALS)
    seals: dict[str, object] = {}
    for s in ev.neutral_seals:
        key = seal_key(s.colour, s.height)
        if s.height not in board.commissions[s.colour]:
            refuse(
                "bad_neutral_seals",
                N_("The %(colour)s tower has no level for %(height)s"),
                colour=named_colour(s.colour),
                height=s.height,
            )
        if key in places:
            refuse("bad_neutral_seals", N_("Neutral seals go on levels without a balcony"))
        if key in seals:
            refuse(
                "bad_neutral_seals",
                N_("The %(colour)s commission for %(height)s already has a neutral seal"),
                colour=named_colour(s.colour),
                height=s.height,
            )
        seals[key] = "neutral"
    return seals


def fresh_turn(tower_ids: list) -> dict:
    """What a turn remembers: which phases are done and what was played."""
    return {
        "taken": False,
        "card_bricks": [],
        "exchanged": False,
        "built": False,
        "closed": False,
        "worked": [],
        "start_towers": list(tower_ids),
        "torn_down": [],
        "played": [],
        "used": [],  # Buildings used this turn (ruling F16)
        "princess": False,
        "mason": 0,
    }
