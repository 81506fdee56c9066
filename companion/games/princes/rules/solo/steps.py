"""The step the engine waits for (`SoloState.need`) and the events that answer each step: any
other event is refused, except the few that may come any time (`ANY_TIME`)."""

from __future__ import annotations

from ..refusals import N_, refuse
from ..solo_state import solo_of

ME = 0


DIE_SOURCES = ("table", "app")


ROUND_GROUPS = {"1-2": (1, 2), "3-4": (3, 4), "5-7": (5, 7)}


# Events that may come whenever the rules allow them, whatever step the app is waiting for.
ANY_TIME = {
    "fame_sold",
    "correction",
    "profession_taught",
    "landscape_taught",
    "recruiting_card_used",
    "solo_step_done",
    "die_mode_changed",
}


SETUP_STEP = 0  # the setup checklist's number in `SoloState.done`


# The base game's bidding: in solo play you auction against the Automa card instead.
BIDDING = {"auction_opened", "bid_raised", "bid_passed", "last_player_took", "last_player_declined"}


YOUR_TURN = [
    "work_completed",
    "building_built",
    "profession_taken",
    "freedom_introduced",
    "bonus_card_taken",
    "recruiting_card_used",
    "turn_ended",
]


EXPECT = {
    "starting_hand": ["starting_hand_chosen"],
    "auction_card": ["automa_card_drawn"],
    "choose_object": ["solo_auction_offered", "auctions_left"],
    "roll": ["die_rolled"],
    "buy_or_decline": ["solo_bought", "solo_declined"],
    "your_choice": ["landscape_placed", "prestige_card_chosen"],
    "reveal": ["automa_profession_revealed"],
    "dummy_flip": ["automa_profession_revealed"],
    "offer": ["automa_cards_offered"],
    "tie": ["automa_tie_broken"],
    "your_turn": YOUR_TURN,
    "wolfgang_card": ["automa_card_drawn"],
    "over": [],
}


def _need_from(d: dict) -> dict:
    if d["need"] == "die":
        return {"step": "roll", "who": "wolfgang", "object": d["object"], "modifier": d["modifier"]}
    return {"step": "reveal", "owner": d["owner"], "purpose": d["purpose"]}


def _wait(state, step: str, **context):
    solo_of(state).need = {"step": step, **context}


def _need(state, *steps) -> dict:
    from .prompt import solo_prompt  # the words of the refusal; prompt imports this module

    need = solo_of(state).need
    if need["step"] not in steps:
        refuse("not_expected_now", N_("Not now. %(step)s"), step=solo_prompt(state)["say"])
    return need
