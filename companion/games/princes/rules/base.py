"""The base game as a module: its phases, the events each accepts, and its setup.

Every other module (solo, the expansions) is declared the same way and changes these phases or
adds its own; docs/engine.md explains how. This module registers itself when imported.
"""

from __future__ import annotations

from . import actions, anytime, auction, setup
from .module import BASE, SETUP, Module, Move, Phase, register
from .refusals import N_
from .schema import BASE_EVENTS

register(
    Module(
        name=BASE,
        title=N_("The Princes of Florence"),
        events=BASE_EVENTS,
        phases=(
            Phase(
                "setup",
                N_("setup"),
                {
                    "starting_hand_chosen": Move(
                        setup.starting_hand_chosen,
                        out_of_phase=(
                            "hand_already_chosen",
                            N_("Starting hands are chosen at setup, before round 1"),
                        ),
                    )
                },
                when=SETUP,
                whose_turn=setup.next_hand_to_choose,
            ),
            Phase(
                "auction",
                N_("the Auction phase"),
                {
                    "auction_opened": auction.auction_opened,
                    "bid_raised": auction.bid_raised,
                    "bid_passed": auction.bid_passed,
                    "auctions_left": auction.auctions_left,
                    "last_player_took": auction.last_player_took,
                    "last_player_declined": auction.last_player_declined,
                    "landscape_placed": Move(
                        auction.landscape_placed,
                        out_of_phase=(
                            "nothing_to_place",
                            N_("No Landscape is waiting to be placed"),
                        ),
                    ),
                    "prestige_card_chosen": Move(
                        auction.prestige_card_chosen,
                        out_of_phase=(
                            "nothing_to_place",
                            N_("No Prestige card is waiting to be chosen"),
                        ),
                    ),
                    "recruiting_card_used": anytime.recruiting_card_used,
                },
                begin=auction.begin_auction_phase,
                whose_turn=auction.whose_turn,
            ),
            Phase(
                "action",
                N_("the Action phase"),
                {
                    "work_completed": Move(actions.work_completed, turn=True, action=True),
                    "building_built": Move(actions.building_built, turn=True, action=True),
                    "profession_taken": Move(actions.profession_taken, turn=True, action=True),
                    "freedom_introduced": Move(actions.freedom_introduced, turn=True, action=True),
                    "bonus_card_taken": Move(actions.bonus_card_taken, turn=True, action=True),
                    "turn_ended": Move(actions.turn_ended, turn=True),
                    "recruiting_card_used": anytime.recruiting_card_used,
                },
                begin=actions.begin_action_phase,
                whose_turn=actions.whose_turn,
            ),
        ),
        anytime={
            "fame_sold": anytime.fame_sold,
            "correction": anytime.correction,
            "profession_taught": anytime.profession_taught,
            "landscape_taught": anytime.landscape_taught,
        },
    )
)
