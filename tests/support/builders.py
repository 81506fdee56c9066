"""Shared helpers for the rules tests: a game driven by events, one call per thing at the table.

Everything goes through the engine's real handlers (`apply_in_place` on the live state), so a test
reads like the table's log. The test catalog adds 18 Profession cards that are TEST DATA (the
rulebook prints none of the 21 cards); their ids spell out what each one wants:
`test_<building>_<landscape>_<freedom>`.
"""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import (
    BUILTIN,
    GameState,
    Refusal,
    apply_in_place,
    current_player,
)
from tests import DATA

TEST_CATALOG = BUILTIN.merged(json.loads((DATA / "test_professions.json").read_text()))

# Landscape tile sizes are not printed in the rulebook; these are test values (Forest largest).
TEST_SIZES = {"forest": 4, "lake": 3, "park": 2}
TWO_PLAYER_FREEDOMS = {"travel": 2, "religion": 2, "opinion": 1}


def load_log(name: str) -> list[dict]:
    """A hand-written JSON Lines log from tests/data (blank lines and // comments skipped)."""
    events = []
    for line in (DATA / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("//"):
            events.append(json.loads(line))
    return events


class Table:
    """One game, driven by events; `log` keeps every accepted event in order."""

    def __init__(
        self,
        players=("Alexandra", "Leon", "Jen"),
        *,
        start=0,
        grid=False,
        freedoms=None,
        hands=None,
        sizes=TEST_SIZES,
        catalog=TEST_CATALOG,
        expansions=None,
        options=None,
    ):
        """`hands`: None for default hands, {seat: [3 ids]} to fix some, [] to stay in setup;
        `expansions`: e.g. {"muse_princess": True} or {"cooperative": True} (default: the base
        game); `options`: more game_started fields, over the defaults."""
        self.state = GameState(catalog)
        self.log: list[dict] = []
        start_event = {
            "players": list(players),
            "start_player": start,
            "expansions": {"muse_princess": False, "cooperative": False, **(expansions or {})},
            "solo": None,
            "grid": grid,
        }
        if freedoms is None and len(players) == 2:
            freedoms = TWO_PLAYER_FREEDOMS
        if freedoms is not None:
            start_event["freedoms"] = freedoms
        start_event.update(options or {})
        self.do("game_started", **start_event)
        for kind, cells in (sizes or {}).items():
            self.do("landscape_taught", landscape=kind, cells=cells)
        if hands is None or isinstance(hands, dict):
            hands = default_hands(len(players), hands)
        for s, hand in enumerate(hands or ()):
            self.do("starting_hand_chosen", player=s, professions=list(hand))

    # --- events ---------------------------------------------------------------------------
    def do(self, type_: str, **payload):
        event = {"type": type_, **payload}
        apply_in_place(self.state, event)
        self.log.append(event)
        return self.state

    def refused(self, type_: str, **payload) -> Refusal:
        """The event is refused and the state is exactly as it was."""
        before = self.state.to_dict()
        with pytest.raises(Refusal) as info:
            apply_in_place(self.state, {"type": type_, **payload})
        assert self.state.to_dict() == before
        return info.value

    # --- looking -------------------------------------------------------------------------
    def p(self, seat: int):
        return self.state.players[seat]

    @property
    def opener(self):
        return self.state.auction["opener"]

    @property
    def current(self):
        return self.state.auction["current"]

    # --- auction helpers -------------------------------------------------------------------
    def win(self, seat: int, obj: str, *, landscape=None, cells=None, card=None):
        """The opener auctions `obj`; `seat` wins it at the lowest price the rules allow (the
        opening bid if `seat` opened, else one raise), everybody else passing."""
        opener = self.opener
        self.do("auction_opened", player=opener, object=obj)
        while self.current:
            cur = self.current
            turn = cur["turn"]
            if turn == seat and cur["bidder"] != seat:
                self.do("bid_raised", player=seat, amount=cur["bid"] + 100)
            else:
                self.do("bid_passed", player=turn)
        self.resolve(seat, obj, landscape=landscape, cells=cells, card=card)

    def take_last(self, seat: int, obj: str, *, landscape=None, cells=None, card=None):
        self.do("last_player_took", player=seat, object=obj)
        self.resolve(seat, obj, landscape=landscape, cells=cells, card=card)

    def resolve(self, seat, obj, *, landscape=None, cells=None, card=None):
        if obj in ("forest", "lake", "park", "landscape"):
            extra = {"cells": cells} if cells is not None else {}
            self.do("landscape_placed", player=seat, landscape=landscape or obj, **extra)
        elif obj == "prestige":
            self.do("prestige_card_chosen", player=seat, card=card or self.state.prestige_deck[0])

    def leave_all(self):
        """Everybody still bidding leaves the auctions (the last player declines)."""
        while self.state.phase == "auction":
            s = self.opener
            pawns = [t for t in range(self.state.n) if self.p(t).has_pawn]
            if pawns == [s]:
                self.do("last_player_declined", player=s)
            else:
                self.do("auctions_left", player=s)

    def characters_round(self, bids: dict | None = None):
        """The Muse and the Princess: the Character Auction phase, each seat in turn bidding as
        `bids` says ({seat: (character, space)}, once) or passing; purchases happen by
        themselves."""
        bids = dict(bids or {})
        assert self.state.phase == "character_auction", self.state.phase
        while self.state.phase == "character_auction":
            s = current_player(self.state)
            if s in bids:
                character, space = bids.pop(s)
                self.do("character_bid", player=s, character=character, space=space)
            else:
                self.do("character_passed", player=s)

    # --- action helpers --------------------------------------------------------------------
    def end_turns(self):
        """Every remaining player ends their turn: the round ends."""
        r = self.state.round
        while self.state.phase == "action" and self.state.round == r:
            self.do("turn_ended", player=self.state.turn)

    def skip_round(self):
        self.leave_all()
        self.end_turns()

    def to_action(self):
        self.leave_all()
        assert self.state.phase == "action"

    def act(self, plan: dict | None = None):
        """The whole Action phase: each seat in turn order does its planned actions, a list of
        (type, payload) pairs, and ends its turn; the round then ends by itself."""
        plan = plan or {}
        r = self.state.round
        assert self.state.phase == "action", self.state.phase
        while self.state.phase == "action" and self.state.round == r:
            s = self.state.turn
            for type_, payload in plan.get(s, ()):
                self.do(type_, player=s, **payload)
            self.do("turn_ended", player=s)

    def turn(self, seat: int, *actions):
        """`seat` (whose turn it must be) does the given actions, (type, payload) pairs, and ends
        the turn."""
        assert self.state.turn == seat, (self.state.turn, seat)
        for type_, payload in actions:
            self.do(type_, player=seat, **payload)
        self.do("turn_ended", player=seat)


def nearly_full(players=("Alexandra", "Leon", "Jen"), expansions=None) -> Table:
    """No grid: Alexandra, rich by correction, builds 7+7+7+5+5+5+5 = 41 of her 43 squares in
    4 rounds; returned at the start of round 5."""
    t = Table(players=players, expansions=expansions)
    t.do("correction", player=0, money=20000, fame=0, reason="test: a rich Alexandra")
    for buildings in (
        ("university", "laboratory"),
        ("workshop", "library"),
        ("opera", "studio"),
        ("hospital",),
    ):
        t.leave_all()
        t.act({0: [build(b) for b in buildings]})
    return t


def default_hands(n: int, fixed: dict | None = None) -> list[list[str]]:
    """Three different TEST Profession cards each; `fixed` gives some seats a chosen hand and
    the others get cards nobody else holds (park and lake cards first, so the forest cards
    the tests play stay in the deck)."""
    fixed = fixed or {}
    used = {pid for hand in fixed.values() for pid in hand}
    pool = [
        pid
        for pid in reversed(list(TEST_CATALOG.professions))
        if pid.startswith("test_") and pid not in used
    ]
    hands = []
    for s in range(n):
        if s in fixed:
            hands.append(list(fixed[s]))
        else:
            hands.append(pool[:3])
            pool = pool[3:]
    return hands


# --- actions as (type, payload) pairs, for Table.act and Table.turn ----------------------------
def build(building, cells=None):
    return "building_built", {"building": building, **({"cells": cells} if cells else {})}


def work(profession, bonus_cards=(), prestige=0):
    return "work_completed", {
        "profession": profession,
        "bonus_cards": list(bonus_cards),
        "prestige": prestige,
    }


def freedom(name):
    return "freedom_introduced", {"freedom": name}


def take(profession):
    return "profession_taken", {"profession": profession}


def bonus(card):
    return "bonus_card_taken", {"card": card}


def recruit(from_player, profession):
    return "recruiting_card_used", {"from_player": from_player, "profession": profession}


def sell(points):
    return "fame_sold", {"points": points}
