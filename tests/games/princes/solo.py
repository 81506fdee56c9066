"""What the tests of solo share with other tests (HAND, Solo, checklist, in_english, said_prompt,
solo_refusals): kept here, since a test module imports no other test module."""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import (
    GameState,
    Refusal,
    apply_in_place,
    solo_of,
)
from companion.games.princes.rules.solo import checklist as checklist_facts
from companion.games.princes.rules.solo import solo_prompt, wolfgang_decisions
from companion.games.princes.words.automa import entry_words
from companion.games.princes.words.solo import step_said
from tests.support.solo_table import SIZES, SOLO_CATALOG


def in_english(state, entries: list[dict]) -> list[dict]:
    """Decision-log entries (facts) with the words package's English: `say`, `moves`."""
    out = []
    for entry in entries:
        worded = entry_words(entry, state)
        moves = {"moves": [str(m) for m in worded["moves"]]} if entry.get("moves") else {}
        out.append({**entry, "say": str(worded["told"]), **moves})
    return out


def checklist(state) -> list[dict]:
    """The checklist's steps, told in English."""
    return in_english(state, checklist_facts(state))


def said_prompt(state) -> dict:
    """The engine's step (data) with its English sentence (`say`, made by the words package)."""
    prompt = solo_prompt(state)
    return {**prompt, "say": str(step_said(state, prompt))}


HAND = [
    "test_university_forest_travel",
    "test_workshop_forest_religion",
    "test_library_forest_opinion",
]


class Solo:
    """One solo game driven by events, as the table would record them."""

    def __init__(
        self, *, start=0, difficulty="standard", dummies=2, catalog=SOLO_CATALOG, hand=HAND
    ):
        self.state = GameState(catalog)
        self.log: list[dict] = []
        self.do(
            "game_started",
            players=["Alexandra", "Wolfgang"],
            start_player=start,
            solo={"difficulty": difficulty, "dummies": dummies},
            grid=False,
        )
        for kind, cells in SIZES.items():
            self.do("landscape_taught", landscape=kind, cells=cells)
        if hand:
            self.do("starting_hand_chosen", player=0, professions=list(hand))

    def do(self, type_, **payload):
        event = {"type": type_, **payload}
        apply_in_place(self.state, event)
        self.log.append(event)
        again = GameState.from_dict(
            json.loads(json.dumps(self.state.to_dict())), self.state.catalog
        )
        assert again.to_dict() == self.state.to_dict()
        return self.state

    def refused(self, type_, **payload) -> Refusal:
        before = self.state.to_dict()
        with pytest.raises(Refusal) as info:
            apply_in_place(self.state, {"type": type_, **payload})
        assert self.state.to_dict() == before
        return info.value

    @property
    def prompt(self):
        """The step as the engine gives it, with its sentence from the words package."""
        return said_prompt(self.state)

    @property
    def me(self):
        return self.state.players[0]

    @property
    def wolfgang(self):
        return self.state.players[1]

    @property
    def row(self):
        return solo_of(self.state).row

    def said(self, since=0):
        return [x["say"] for x in in_english(self.state, wolfgang_decisions(self.state, since))]

    # shortcuts ---------------------------------------------------------------------------
    def offer(self, obj, roll=None):
        self.do("solo_auction_offered", object=obj)
        if roll is not None:
            self.do("die_rolled", value=roll)

    def decline(self, obj, roll):
        self.offer(obj, roll)
        self.do("solo_declined", object=obj)

    def leave(self):
        self.do("auctions_left", player=0)

    def reveal(self, pid, owner="wolfgang"):
        self.do("automa_profession_revealed", owner=owner, profession=pid)

    def end_turn(self):
        self.do("turn_ended", player=0)


def solo_refusals() -> list[Refusal]:
    """One of each solo refusal (and a few more), each refused with the state unchanged."""
    refusals: list[Refusal] = []

    def no(game, kind, **payload):
        refusals.append(game.refused(kind, **payload))

    g = Solo()
    no(g, "auction_opened", player=0, object="jester")  # not_solo
    no(g, "bid_raised", player=0, amount=300)
    no(g, "automa_card_drawn", card=99)  # automa_card_unknown
    no(g, "automa_card_drawn", card=7)  # automa_card_wrong_round
    no(g, "automa_card_drawn", card=30, panels={"rounds": "1-2", "auction": []})  # bad panels
    no(g, "die_rolled", value=3)  # not_expected_now
    no(g, "automa_card_drawn", card="one")  # bad_event
    g.do(
        "automa_card_drawn",
        card=30,
        panels={
            "rounds": "1-2",
            "auction": [
                {"object": "jester", "mod4": 6, "mod5": 6},
                {"object": "landscape", "mod4": None, "mod5": None},
            ],
            "first_action": ["work"],
            "second_action": ["bonus"],
        },
    )
    assert g.state.taught["automa_cards"]["30"]["auction"][0]["object"] == "jester"
    no(g, "solo_auction_offered", object="prestige")  # not_on_automa_card
    no(g, "solo_auction_offered", object="landscape")  # unknown_object
    g.offer("jester")
    no(g, "die_rolled", value=7)  # bad_die
    no(g, "die_rolled", value=0)
    no(g, "die_rolled", value=True)
    no(g, "die_rolled", value=3, source="dice")
    g.do("die_rolled", value=3, source="table")
    g.do("solo_declined", object="jester")
    no(g, "solo_auction_offered", object="jester")  # object_already_offered
    g.offer("lake", 1)
    no(g, "solo_declined", object="lake")  # forced_buy
    g.do("solo_bought", object="lake")
    g.do("landscape_placed", player=0, landscape="lake")
    # Wolfgang buys the Jester at the last bid you rolled: (6+3) x 100.
    assert g.wolfgang.jesters == 1 and g.wolfgang.money == 600
    g.end_turn()
    g.do("automa_card_drawn", card=2)  # middle panel: Profession
    no(g, "automa_card_drawn", card=2)  # automa_card_used

    f = Solo()
    f.do("automa_card_drawn", card=1)
    for obj, roll in (("forest", 6), ("lake", 6), ("park", 6)):
        f.decline(obj, roll)
    no(f, "solo_auction_offered", object="jester")  # protected_in_final_auction

    t = Solo()
    t.do("automa_card_drawn", card=4)  # Prestige card leftmost
    t.leave()
    t.do("die_rolled", value=2)
    no(t, "automa_cards_offered", deck="bonus", cards=["per_lake"])  # not_expected_now
    no(t, "automa_cards_offered", deck="prestige", cards=["most_lakes"])  # bad_event
    no(
        t,
        "automa_cards_offered",
        deck="prestige",
        cards=["most_lakes", "most_lakes", "most_parks", "most_works", "all_freedoms"],
    )
    no(
        t,
        "automa_cards_offered",
        deck="prestige",
        cards=["most_lakes", "lots_of_lakes", "most_parks", "most_works", "all_freedoms"],
    )
    t.do(
        "automa_cards_offered",
        deck="prestige",
        cards=["most_lakes", "most_jesters", "most_parks", "most_works", "all_freedoms"],
    )
    no(t, "automa_tie_broken", card="most_forests")  # not_tied

    r = Solo(hand=None)
    no(r, "starting_hand_chosen", player=1, professions=HAND)  # not_expected_now
    r.do("starting_hand_chosen", player=0, professions=HAND)
    r.do("automa_card_drawn", card=2)
    r.leave()
    no(r, "automa_profession_revealed", owner="wolfgang", profession="nobody")  # profession_unknown
    no(r, "automa_profession_revealed", owner="wolfgang", profession=HAND[0])  # card_not_available
    no(r, "automa_profession_revealed", owner=0, profession="poet")  # not_expected_now
    no(r, "solo_step_done", n=99)  # no_such_step
    r.do("solo_step_done", n=0)
    no(r, "solo_step_done", n=0)  # step_already_done

    base = GameState(SOLO_CATALOG)
    apply_in_place(base, {"type": "game_started", "players": ["A", "B", "C"], "start_player": 0})
    for kind, payload in (
        ("automa_card_drawn", {"card": 1}),
        ("die_rolled", {"value": 1}),
        ("solo_bought", {"object": "jester"}),
        ("automa_tie_broken", {"card": "x"}),
    ):
        before = base.to_dict()
        with pytest.raises(Refusal) as info:
            apply_in_place(base, {"type": kind, **payload})
        assert info.value.code == "solo_only" and base.to_dict() == before
        refusals.append(info.value)
    return refusals
