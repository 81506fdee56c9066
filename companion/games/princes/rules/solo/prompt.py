"""The one physical step the engine waits for, as data: its code, the events that answer it
and what it is about. Worked out here once; its sentence is the words package's
(`companion.games.princes.words.solo.step_said`), its controls the solo screen's."""

from __future__ import annotations

from companion.core.jsoncopy import json_copy

from .. import automa
from ..catalog import AUCTION_STACKS, LANDSCAPES, MAX_BUILDERS, SOLO_FINAL_AUCTION_PRICE
from ..checks import means
from ..principality import empty_spaces
from ..solo_state import is_solo, solo_of
from ..state import GameState
from .steps import EXPECT, ME


def solo_prompt(state: GameState) -> dict:
    """The next physical step: {step, expect: [event types], ...what the step is about}
    (docs/solo.md's table of steps)."""
    if not is_solo(state):
        return {"step": None, "expect": []}
    if state.phase == "over":
        return {"step": "over", "expect": []}
    solo = solo_of(state)
    need = solo.need
    step = need["step"]
    out = json_copy(need)
    out["expect"] = list(EXPECT[step])
    if step == "starting_hand":
        out["dummies"] = solo.dummies
    elif step == "wolfgang_card":
        out["forced"] = automa.must_work(state)  # he will complete a Work whatever it shows
    elif step == "choose_object":
        out.update(_choose(state))
    elif step == "buy_or_decline":
        offer = solo.auction["offers"][-1]
        out.update(
            price=offer["price"],
            last_bid=offer["last_bid"],
            forced=offer["forced"],
            final=offer["final"],
            roll=offer["roll"],
        )
        if not offer["final"] and offer["forced"] and offer["price"] <= means(state, ME):
            out["expect"] = ["solo_bought"]
    elif step == "your_choice":
        prestige = need["object"] == "prestige"
        out["expect"] = ["prestige_card_chosen"] if prestige else ["landscape_placed"]
    elif step == "your_turn":
        out["actions_left"] = 2 - state.players[ME].actions
    return out


def _choose(state) -> dict:
    """The objects you may auction now, their die modifiers, and the final auction's barred."""
    solo = solo_of(state)
    auc = solo.auction
    card = automa.automa_card(state, auc["card"])
    n, total = len(auc["offers"]) + 1, solo.players
    offered = {o["object"] for o in auc["offers"]}
    protected = automa.protected_objects(state, card) if n == total else []
    options = [
        o
        for o in AUCTION_STACKS
        if automa.card_item(state, card, o) is not None
        and o not in offered
        and state.stacks[o] > 0
        and o not in protected
        and not (o == "builder" and state.players[ME].builders >= MAX_BUILDERS)
        and not _no_room(state, o)
    ]
    key = automa.modifier_key(state)
    return {
        "options": options,
        "protected": protected,
        "auction": n,
        "auctions": total,
        "price": SOLO_FINAL_AUCTION_PRICE if n == total else None,
        "modifiers": {o: (automa.card_item(state, card, o) or {}).get(key) for o in options},
    }


def _no_room(state, obj: str) -> bool:
    if obj not in LANDSCAPES:
        return False
    size = state.catalog.landscape_cells[obj]
    empty = empty_spaces(state.players[ME], state.grid, state.catalog.landscape_cells)
    return bool(size) and empty is not None and empty < size
