"""The step the engine waits for (`SoloState.need`) and the events that answer each step: any
other event is refused, except the few that may come any time (`ANY_TIME`)."""

from __future__ import annotations

from .. import automa
from ..refusals import N_, Named, refuse, said
from ..solo_state import solo_of

ME = 0


DIE_SOURCES = ("table", "app")


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
    need = solo_of(state).need
    if need["step"] not in steps:
        refuse(
            "not_expected_now", N_("Not now: Palazzo is waiting for %(step)s"), step=waited(state)
        )
    return need


# What each step waits for, named in a refusal (the step's own sentence is the words
# package's: the screen shows it right above).
STEP_NAMES = {
    "starting_hand": N_("the 3 Profession cards you keep"),
    "auction_card": N_("the Automa card for the auction"),
    "choose_object": N_("an object to auction, or leaving the auctions"),
    "roll": N_("the die for the %(object)s"),
    "buy_or_decline": N_("buying or declining the %(object)s"),
    "your_choice": N_("your Landscape placed or your Prestige card chosen"),
    "reveal": N_("the Profession on Wolfgang's card"),
    "dummy_flip": N_("the Profession on a dummy column's card"),
    "offer": N_("the cards drawn for Wolfgang"),
    "tie": N_("Palazzo's pick among the cards Wolfgang values equally"),
    "your_turn": N_("your turn's actions"),
    "wolfgang_card": N_("the Automa card for Wolfgang's action"),
    "over": N_("nothing more: the game is over"),
}


def waited(state) -> Named:
    """The step the engine waits for, named for a refusal (marked: the edge words it)."""
    need = solo_of(state).need
    step = "over" if state.phase == "over" else need["step"]
    obj = need.get("object")
    return said(STEP_NAMES[step], **({"object": automa.object_named(obj)} if obj else {}))


READ_KEPT = 8  # the facts a misread fix may name (the page lists the latest 4)
READ_FIELDS = {
    "die_rolled": "value",
    "automa_card_drawn": "card",
    "automa_profession_revealed": "profession",
}


def remember_read(state, ev, fact: str, **what) -> None:
    """A fact read off the table (`fact`: die, automa_card, profession) and what it was for,
    numbered `k` in the order these events were accepted (the k-th such event of the log that
    still counts: no envelope needed, so a state never depends on how it was folded). Only
    the latest few are kept: bounded, whatever the game's length."""
    read = solo_of(state).read
    kind = str(ev.get("type"))
    read.append(
        {
            "k": read[-1]["k"] + 1 if read else 1,
            "type": kind,
            "value": ev.get(READ_FIELDS[kind]),
            "round": state.round,
            "fact": fact,
            **what,
        }
    )
    del read[:-READ_KEPT]
