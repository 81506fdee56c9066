"""Properties of the rules engine over random event streams (hypothesis).

The streams mix plausible events derived from the state (so games really progress through
auctions, Works, rounds and sometimes to the end) with events of every type carrying random,
malformed or hostile fields. Whatever arrives, the engine either accepts it or refuses it with a
`Refusal` that leaves the state exactly as it was; an accepted log replays to the same state as
the pure `apply`; states round-trip through `to_dict`/JSON; undo equals replay without.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.princes.rules import (
    Fold,
    GameState,
    Refusal,
    apply,
    apply_in_place,
    cooperation_in_game,
    cooperation_partners,
    cooperation_proposal,
    cooperative_buildings,
    current_player,
    replay,
)
from companion.games.princes.rules.autoplay import play
from companion.games.princes.rules.catalog import (
    BONUS_CARDS,
    BUILDINGS,
    CHARACTERS,
    FREEDOMS,
    GRID_SIZE,
    LANDSCAPES,
    MINIMUM_WORK_VALUE,
    PRESTIGE_CARDS,
)
from companion.games.princes.rules.legal import allowed, allowed_events
from companion.games.princes.rules.module import field_names
from companion.games.princes.rules.principality import occupied
from companion.games.princes.rules.solo_state import SOLO
from companion.games.princes.rules.state import PLAYER_FIELDS, STATE_FIELDS
from companion.games.princes.rules.work import work_value
from tests.support.builders import TEST_CATALOG
from tests.support.mutate import mutate_json
from tests.support.solo_table import SoloTable

TYPES = [
    "game_started",
    "starting_hand_chosen",
    "auction_opened",
    "bid_raised",
    "bid_passed",
    "auctions_left",
    "last_player_took",
    "last_player_declined",
    "landscape_placed",
    "prestige_card_chosen",
    "work_completed",
    "building_built",
    "profession_taken",
    "freedom_introduced",
    "bonus_card_taken",
    "turn_ended",
    "recruiting_card_used",
    "fame_sold",
    "correction",
    "profession_taught",
    "landscape_taught",
    "cooperation_proposed",
    "cooperation_accepted",
    "cooperation_declined",
    "character_bid",
    "character_passed",
    "character_used",
]
OBJECTS = ["forest", "lake", "park", "prestige", "recruiting", "jester", "builder", "landscape"]
PROFESSIONS = sorted(TEST_CATALOG.professions)
NAMES = ["Alexandra", "Leon", "Jen", "Wolfgang", "Anna"]
FIELDS = [
    "player",
    "object",
    "amount",
    "landscape",
    "cells",
    "card",
    "profession",
    "bonus_cards",
    "prestige",
    "building",
    "freedom",
    "from_player",
    "points",
    "money",
    "fame",
    "reason",
    "name",
    "professions",
    "players",
    "start_player",
    "grid",
    "freedoms",
    "expansions",
    "by",
    "partner",
    "partner_payment",
    "character",
    "space",
    "effect",
    "deck",
    "florin",
    "princess",
]

SETTINGS = settings(max_examples=100)  # deadline, health checks, randomness: tests/conftest.py


# --- generating events -------------------------------------------------------------------


def junk(rng: random.Random, depth=0):
    """Any JSON-ish value, hostile ones included (unhashable, wrong types, huge numbers)."""
    pick = rng.randrange(12 if depth < 2 else 10)
    if pick == 10:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(3))]
    if pick == 11:
        return {rng.choice(FIELDS): junk(rng, depth + 1)}
    return [
        None,
        True,
        -1,
        0,
        3,
        10**12,
        2.5,
        "",
        "x" * rng.randrange(1, 60),
        rng.choice(PROFESSIONS + OBJECTS + list(BUILDINGS) + list(CHARACTERS)),
    ][pick]


def junk_event(rng: random.Random, state) -> dict:
    ev = {"type": rng.choice(TYPES + ["retired", 7])}
    n = max(state.n, 1)
    for key in rng.sample(FIELDS, rng.randrange(5)):
        ev[key] = rng.choice([junk(rng), rng.randrange(-1, n + 1)])
    return ev


def start_event(rng: random.Random, *, coop: bool | None = None) -> dict:
    """A game of 2 to 5, half with The Muse and the Princess, about a third with Cooperative
    Building (without the grid, mostly: with it the start is refused, ruling C5), so some with
    both."""
    n = rng.randrange(2, 6)
    coop = rng.random() < 0.35 if coop is None else coop
    ev = {
        "type": "game_started",
        "players": NAMES[:n],
        "start_player": rng.randrange(n),
        "expansions": {"muse_princess": rng.random() < 0.5, "cooperative": coop},
        "solo": None,
        "grid": rng.random() < (0.05 if coop else 0.5),
    }
    if n == 2:
        extra = rng.sample(list(FREEDOMS), 2 if rng.random() < 0.7 else 1)
        ev["freedoms"] = {f: 1 + (f in extra) for f in FREEDOMS}
    return ev


def random_cells(rng: random.Random, player, size: int) -> list:
    """A random connected group of free squares, grown from a random free square."""
    taken = occupied(player)
    free = [(r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE) if (r, c) not in taken]
    if not free:
        return [[0, 0]]
    cells = [rng.choice(free)]
    while len(cells) < size:
        options = [
            (r + dr, c + dc)
            for r, c in cells
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (r + dr, c + dc) not in taken
            and (r + dr, c + dc) not in cells
            and 0 <= r + dr < GRID_SIZE
            and 0 <= c + dc < GRID_SIZE
        ]
        if not options:
            break
        cells.append(rng.choice(options))
    return [list(c) for c in cells]


def plausible_event(rng: random.Random, state) -> dict:
    """An event that fits the moment more often than not, so games progress."""
    if state.phase == "setup":
        s = next((i for i, p in enumerate(state.players) if not p.hand), 0)
        held = {c for p in state.players for c in p.hand}
        free = [c for c in PROFESSIONS if c not in held]
        return {
            "type": "starting_hand_chosen",
            "player": s,
            "professions": rng.sample(free, 3) if len(free) >= 3 else free,
        }
    if state.phase == "auction":
        a = state.auction
        if a["pending"]:
            item = a["pending"][0]
            s = item["player"]
            if item["kind"] == "prestige":
                deck = state.prestige_deck[:5] or list(PRESTIGE_CARDS)
                return {"type": "prestige_card_chosen", "player": s, "card": rng.choice(deck)}
            kind = item["object"] if item["object"] in LANDSCAPES else rng.choice(LANDSCAPES)
            ev = {"type": "landscape_placed", "player": s, "landscape": kind}
            if state.grid:
                size = state.catalog.landscape_cells.get(kind) or rng.randrange(2, 6)
                ev["cells"] = random_cells(rng, state.players[s], size)
            elif rng.random() < 0.3:
                return {"type": "landscape_taught", "landscape": kind, "cells": rng.randrange(1, 7)}
            return ev
        cur = a["current"]
        if cur:
            s = cur["turn"]
            if rng.random() < 0.45:
                return {"type": "bid_raised", "player": s, "amount": cur["bid"] + 100}
            return {"type": "bid_passed", "player": s}
        s = a["opener"] if a["opener"] is not None else 0
        roll = rng.random()
        if roll < 0.12:
            return {"type": "auctions_left", "player": s}
        if roll < 0.2:
            return {"type": "last_player_declined", "player": s}
        kind = "last_player_took" if roll < 0.35 else "auction_opened"
        return {"type": kind, "player": s, "object": rng.choice(OBJECTS)}
    if state.phase in ("character_auction", "banker_exchange") or (
        "muse_princess" in state.modules and rng.random() < 0.15
    ):  # the expansion's own events
        return character_event(rng, state)
    if state.phase == "action":
        offer = cooperation_proposal(state)
        if offer is not None:
            return cooperation_answer(rng, state, offer)
        s = state.turn
        p = state.players[s]
        roll = rng.random()
        if cooperation_in_game(state) and roll < 0.12:
            return cooperation_offer(rng, state, s)
        if roll < 0.15 or (p.actions >= 2 and roll < 0.9):
            return {"type": "turn_ended", "player": s}
        playable = [c for c in p.hand if c in state.catalog.professions]
        if roll < 0.5 and playable:
            values = {c: work_value(state, s, c, p.bonus_cards)["total"] for c in playable}
            good = [c for c in playable if values[c] >= MINIMUM_WORK_VALUE[state.round]]
            pid = rng.choice(good) if good and rng.random() < 0.8 else rng.choice(playable)
            cards = (
                list(p.bonus_cards)
                if rng.random() < 0.7
                else rng.sample(p.bonus_cards, rng.randrange(len(p.bonus_cards) + 1))
            )
            return {
                "type": "work_completed",
                "player": s,
                "profession": pid,
                "bonus_cards": cards,
                "prestige": rng.randrange(0, values[pid] // 2 + 2),
            }
        if roll < 0.65:
            b = rng.choice(list(BUILDINGS))
            ev = {"type": "building_built", "player": s, "building": b}
            if state.grid:
                ev["cells"] = random_cells(rng, p, BUILDINGS[b][1])
            return ev
        if roll < 0.72:
            return {"type": "profession_taken", "player": s, "profession": rng.choice(PROFESSIONS)}
        if roll < 0.8:
            return {"type": "freedom_introduced", "player": s, "freedom": rng.choice(FREEDOMS)}
        if roll < 0.88:
            deck = state.bonus_deck or list(BONUS_CARDS)
            return {"type": "bonus_card_taken", "player": s, "card": rng.choice(deck)}
        other = rng.randrange(state.n)
        table = state.players[other].table or PROFESSIONS
        return {
            "type": "recruiting_card_used",
            "player": s,
            "from_player": other,
            "profession": rng.choice(table),
        }
    return junk_event(rng, state)


def cooperation_offer(rng: random.Random, state, s: int) -> dict:
    """A proposal to a neighbour, now and then to someone else, with a payment of any kind."""
    partner = rng.choice(cooperation_partners(state, s) + [rng.randrange(state.n)])
    return {
        "type": "cooperation_proposed",
        "player": s,
        "partner": partner,
        "building": rng.choice(list(BUILDINGS)),
        "partner_payment": rng.choice([0, 100, 300, 700, 1200, 5000, 150, -100]),
    }


def cooperation_answer(rng: random.Random, state, offer: dict) -> dict:
    """The partner accepts or declines; sometimes the builder withdraws, or a stranger tries."""
    roll = rng.random()
    if roll < 0.55:
        return {"type": "cooperation_accepted", "player": offer["partner"]}
    if roll < 0.8:
        return {"type": "cooperation_declined", "player": offer["partner"]}
    if roll < 0.9:
        return {"type": "cooperation_declined", "player": offer["player"]}
    kind = rng.choice(["cooperation_accepted", "cooperation_declined"])
    return {"type": kind, "player": rng.randrange(state.n)}


def character_event(rng: random.Random, state) -> dict:
    """The Muse and the Princess: a bid or pass in the Character Auction, the Banker's exchange,
    or a Character used by whoever holds one (at a moment that may or may not allow it)."""
    held = [p.part("muse_princess").characters for p in state.players]
    if state.phase == "character_auction" and rng.random() < 0.7:
        s = current_player(state)
        if rng.random() < 0.4:
            return {"type": "character_passed", "player": s}
        character = rng.choice(list(CHARACTERS))
        low, high = CHARACTERS[character][1:]
        return {
            "type": "character_bid",
            "player": s,
            "character": character,
            "space": rng.randrange(low - 1, high + 2),
        }
    holders = [s for s, cards in enumerate(held) if cards]
    s = rng.choice(holders) if holders else rng.randrange(state.n)
    character = held[s][0]["character"] if held[s] else rng.choice(list(CHARACTERS))
    if state.phase == "banker_exchange" or character == "banker":
        florin = rng.choice([0, 200, 300, 1000, state.players[s].money])
        return {"type": "character_used", "player": s, "character": "banker", "florin": florin}
    if character == "princess":
        return {"type": "work_completed", "player": s, "princess": True, "prestige": 2}
    ev = {"type": "character_used", "player": s, "character": character}
    if character == "merchant":
        ev["effect"] = rng.choice(["prestige", "pay_object", "coins"])
    elif character == "professor":
        deck = rng.choice(["bonus", "prestige"])
        cards = state.bonus_deck if deck == "bonus" else state.prestige_deck
        ev.update(deck=deck, card=rng.choice(cards or ["none"]))
    return ev


def anytime_event(rng: random.Random, state) -> dict:
    s = rng.randrange(max(state.n, 1))
    roll = rng.random()
    if roll < 0.4:
        return {"type": "fame_sold", "player": s, "points": rng.randrange(0, 4)}
    if roll < 0.7:
        return {
            "type": "correction",
            "player": s,
            "money": rng.choice([-500, 0, 100, 1000]),
            "fame": rng.choice([-2, 0, 3]),
            "reason": rng.choice(["miscounted", ""]),
            "by": rng.choice(["host", "host", 0]),
        }
    if roll < 0.85:
        return {
            "type": "landscape_taught",
            "landscape": rng.choice(LANDSCAPES + ("sea",)),
            "cells": rng.randrange(0, 8),
        }
    return {
        "type": "profession_taught",
        "profession": rng.choice(PROFESSIONS + ["juggler"]),
        "name": "Taught",
        "building": rng.choice(list(BUILDINGS) + ["circus"]),
        "landscape": rng.choice(LANDSCAPES),
        "freedom": rng.choice(FREEDOMS),
    }


def next_event(rng: random.Random, state) -> dict:
    roll = rng.random()
    if state.phase == "not_started":
        event = start_event(rng) if roll < 0.9 else junk_event(rng, state)
    elif roll < 0.08:
        return junk_event(rng, state)
    elif roll < 0.15:
        return anytime_event(rng, state)
    else:
        event = plausible_event(rng, state)
    if roll > 0.8 and rng.random() < 0.5:  # a plausible event with one field spoiled
        key = rng.choice([k for k in event if k != "type"] or ["player"])
        event[key] = junk(rng)
    return event


def run(seed: int, steps: int):
    """Feed `steps` generated events to a live state; returns (accepted events, state)."""
    rng = random.Random(seed)
    state = GameState(TEST_CATALOG)
    accepted = []
    for _ in range(steps):
        event = next_event(rng, state)
        # a clone, turned into a dict only when the event is refused (most are accepted):
        # as exact as to_dict (test_a_clone_is_the_round_trip_and_shares_nothing_mutable)
        before = state.clone()
        try:
            apply_in_place(state, event)
        except Refusal as r:
            assert r.rule and r.message
            assert state.to_dict() == before.to_dict(), (
                f"refused {event} ({r.code}) changed the state"
            )
        else:
            accepted.append(event)
    return accepted, state


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --- the properties ----------------------------------------------------------------------


@SETTINGS
@given(seed=seeds, steps=st.integers(min_value=20, max_value=300))
def test_random_streams_only_ever_refuse_and_refusals_change_nothing(seed, steps):
    run(seed, steps)  # any exception other than Refusal fails the test


@SETTINGS
@given(seed=seeds, steps=st.integers(min_value=20, max_value=300))
def test_replay_of_an_accepted_log_equals_the_pure_fold(seed, steps):
    accepted, live = run(seed, steps)
    pure = GameState(TEST_CATALOG)
    for event in accepted:
        before = pure.to_dict()
        pure_next = apply(pure, event)
        assert pure.to_dict() == before  # apply leaves its input alone
        pure = pure_next
    assert replay(accepted, TEST_CATALOG).to_dict() == pure.to_dict() == live.to_dict()


@SETTINGS
@given(seed=seeds, steps=st.integers(min_value=20, max_value=300))
def test_state_round_trips_through_to_dict_and_json(seed, steps):
    _, state = run(seed, steps)
    d = state.to_dict()
    assert GameState.from_dict(d, TEST_CATALOG).to_dict() == d
    assert GameState.from_dict(d).to_dict() == d  # the catalog is not part of a state
    assert json.loads(json.dumps(d)) == d
    again = GameState.from_dict(json.loads(json.dumps(d)), TEST_CATALOG)
    assert again.to_dict() == d
    assert again.catalog.landscape_cells == state.catalog.landscape_cells


def mutate_state(state: GameState) -> None:
    """Change every field of the state, its players and its modules' parts in place, and
    every dict and list they hold. Not the catalog (frozen, shared by design), nor the
    entries of the solo decision log (written once, shared by design: SoloState.to_dict)."""
    for owner, names in [(state, STATE_FIELDS)] + [(p, PLAYER_FIELDS) for p in state.players]:
        for name in names:
            value = getattr(owner, name)
            if name != "players":
                mutate_json(value)
            if not isinstance(value, (dict, list)):
                setattr(owner, name, ["mutated", value])
    for part in [*state.parts.values(), *(v for p in state.players for v in p.parts.values())]:
        for name in field_names(type(part)):
            value = getattr(part, name)
            if name == "log" and part is state.parts.get(SOLO):
                value.append({"mutated": True})
            elif isinstance(value, (dict, list)):
                mutate_json(value)
            else:
                setattr(part, name, ["mutated", value])
    for p in state.players:
        p.parts["mutated"] = p.parts.get("mutated")  # type: ignore[assignment]
    state.parts["mutated"] = state.parts.get("mutated")  # type: ignore[assignment]


def legal_state(kind: str, seed: int, events: int) -> GameState:
    """A state `events` events into a legal game (or at its end, if sooner): a random
    stream's (every expansion, the grid, taught entries and refusals), an autoplayed game's,
    or a solo game's. Played only that far: no game played whole to be cut."""
    if kind == "stream":
        return run(seed, events)[1]
    rng = random.Random(seed)
    if kind == "autoplay":
        modules = {"muse_princess": rng.random() < 0.5, "cooperative": rng.random() < 0.3}
        grid = not modules["cooperative"] and rng.random() < 0.3  # not both: ruling C5
        players = rng.randrange(2, 6)
        return play(players, seed, expansions=modules, grid=grid, max_events=events)[1]
    table = SoloTable(seed, difficulty=rng.choice(["easy", "standard", "hard"]))
    table.play(max_events=events)
    return table.state


@SETTINGS
@given(
    kind=st.sampled_from(["stream", "autoplay", "solo"]),
    seed=seeds,
    events=st.integers(min_value=1, max_value=400),
)
def test_a_clone_is_the_round_trip_and_shares_nothing_mutable(kind, seed, events):
    """`clone()` copies field by field; what it must give is what the dict round trip gives,
    catalog included, and a clone and its original never change each other."""
    state = legal_state(kind, seed, events)
    before = json.dumps(state.to_dict(), sort_keys=True)
    clone = state.clone()
    tripped = GameState.from_dict(state.to_dict(), state.catalog)
    assert clone.to_dict() == tripped.to_dict() == state.to_dict()
    assert clone.catalog == tripped.catalog == state.catalog
    assert [type(p) for p in clone.parts.values()] == [type(p) for p in state.parts.values()]
    mutate_state(clone)
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    other = state.clone()
    mutate_state(state)
    assert json.dumps(other.to_dict(), sort_keys=True) == before


@SETTINGS
@given(kind=st.sampled_from(["stream", "autoplay", "solo"]), seed=seeds, events=st.integers(1, 400))
def test_the_allowed_events_are_those_each_accepted_on_its_own_copy(kind, seed, events):
    """`allowed_events` tries the next candidate on the copy a refused one left: what it
    keeps must be what `allowed` says of each on a fresh copy, the state left alone."""
    state = legal_state(kind, seed, events)
    rng = random.Random(seed)
    candidates = [next_event(rng, state) for _ in range(12)]
    if state.phase not in ("not_started", "over"):
        seat = current_player(state)
        candidates += [{"type": "turn_ended", "player": seat}, anytime_event(rng, state)]
    before = state.to_dict()
    assert allowed_events(state, candidates) == [e for e in candidates if allowed(state, e)]
    assert state.to_dict() == before


@SETTINGS
@given(
    seed=seeds,
    steps=st.integers(min_value=20, max_value=300),
    k=st.integers(min_value=1, max_value=3),
)
def test_retracting_the_latest_events_equals_replaying_without_them(seed, steps, k):
    accepted, _ = run(seed, steps)
    fold = Fold(TEST_CATALOG)
    for event in accepted:
        fold.add(event)
    k = min(k, len(accepted) - 1)
    if k < 1:
        return
    seqs = list(range(len(accepted) - k + 1, len(accepted) + 1))
    before = fold.state.to_dict()
    try:
        fold.add({"type": "retracted", "seqs": seqs})
    except Refusal as r:
        assert r.code in ("retraction_past_reveal", "bad_retraction", "game_over")
        assert fold.state.to_dict() == before
        return
    assert fold.state.to_dict() == replay(accepted[:-k], TEST_CATALOG).to_dict()
    assert [e["seq"] for e in fold.effective] == list(range(1, len(accepted) - k + 1))
    # and the game goes on from there: the retracted events can be applied again
    for event in accepted[-k:]:
        fold.add(event)
    assert fold.state.to_dict() == before


@settings(max_examples=8)
@given(seed=seeds)
def test_some_random_games_reach_the_end(seed):
    """With enough plausible events a random game is scored: the fold survives a whole game."""
    rng = random.Random(seed)
    state = GameState(TEST_CATALOG)
    for _ in range(3000):
        if state.phase == "over":
            break
        event = plausible_event(rng, state) if state.phase != "not_started" else start_event(rng)
        try:
            apply_in_place(state, event)
        except Refusal:
            pass
    if state.phase == "over":
        totals = [s["total"] for s in state.final["scores"]]
        assert state.final["winners"] and all(
            state.final["scores"][w]["total"] == max(totals) for w in state.final["winners"]
        )


def test_random_cooperative_streams_build_together():
    """The streams really exercise Cooperative Building: over a few seeds, proposals are
    accepted and declined, and every accepted one leaves a Building shared by two seats."""
    kinds = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GameState(TEST_CATALOG)
        apply_in_place(state, start_event(rng, coop=True) | {"grid": False})
        for _ in range(600):
            event = plausible_event(rng, state)
            try:
                apply_in_place(state, event)
            except Refusal:
                continue
            kinds.add(event["type"])
        for b in cooperative_buildings(state):
            assert b["partner"] in cooperation_partners(state, b["builder"])
    assert {"cooperation_proposed", "cooperation_accepted", "cooperation_declined"} <= kinds
