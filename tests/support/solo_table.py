"""A simulated solo table: shuffled cardboard that answers whatever the app asks next.

Drives whole solo games through `solo_prompt`, so every log it makes is one a real table could
have recorded. Face-down cards get their identity when they are first looked at (a random card
nobody has seen yet), which is as good as dealing them in advance. The Automa deck is the TEST
deck in tests/data (see tests/data/README.md), not the real cards.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.games.princes.rules import BUILTIN, GameState, Refusal, apply_in_place, solo_of
from companion.games.princes.rules.legal import candidate_events
from companion.games.princes.rules.setup import in_play
from companion.games.princes.rules.solo import solo_prompt
from tests import DATA

SOLO_CATALOG_DATA = {
    **json.loads((DATA / "test_professions.json").read_text()),
    **json.loads((DATA / "automa_test_deck.json").read_text()),
}
SOLO_CATALOG = BUILTIN.merged(SOLO_CATALOG_DATA)
SIZES = {"forest": 4, "lake": 3, "park": 2}  # test values: the rulebook prints no sizes


def load_jsonl(path: Path) -> list[dict]:
    return [
        json.loads(line)
        for line in path.read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("//")
    ]


class SoloTable:
    def __init__(
        self,
        seed=0,
        *,
        difficulty="standard",
        dummies=2,
        start=0,
        catalog=SOLO_CATALOG,
        check_round_trip=False,
    ):
        self.rng = random.Random(seed)
        self.state = GameState(catalog)
        self.log: list[dict] = []
        self.check_round_trip = check_round_trip
        groups = {}
        for number, card in sorted(catalog.automa_cards.items(), key=lambda kv: int(kv[0])):
            groups.setdefault(card["rounds"], []).append(int(number))
        self.automa = []
        for g in ("1-2", "3-4", "5-7"):
            cards = groups.get(g, [])
            self.rng.shuffle(cards)
            self.automa += cards
        self.do(
            type="game_started",
            players=["Alexandra", "Wolfgang"],
            start_player=start,
            solo={"difficulty": difficulty, "dummies": dummies},
            grid=False,
        )
        for kind, cells in SIZES.items():
            self.do(type="landscape_taught", landscape=kind, cells=cells)
        hand = self.rng.sample(self.unseen(), 3)
        self.do(type="starting_hand_chosen", player=0, professions=hand)

    def do(self, **event):
        apply_in_place(self.state, event)
        self.log.append(event)
        if self.check_round_trip:
            again = GameState.from_dict(
                json.loads(json.dumps(self.state.to_dict())), self.state.catalog
            )
            assert again.to_dict() == self.state.to_dict()
        return self.state

    def unseen(self) -> list[str]:
        return sorted(p for p in self.state.catalog.professions if not in_play(self.state, p))

    # --- the table answers ----------------------------------------------------------------
    def step(self):
        prompt = solo_prompt(self.state)
        getattr(self, "on_" + prompt["step"])(prompt)

    def play(self, max_events=3000):
        while self.state.phase != "over" and len(self.log) < max_events:
            self.step()
        return self.log

    def on_auction_card(self, prompt):
        self.do(type="automa_card_drawn", card=self.automa.pop(0))

    on_wolfgang_card = on_auction_card

    def on_roll(self, prompt):
        self.do(type="die_rolled", value=self.rng.randint(1, 6), source="app")

    def on_reveal(self, prompt):
        self.do(
            type="automa_profession_revealed",
            owner="wolfgang",
            profession=self.rng.choice(self.unseen()),
        )

    def on_dummy_flip(self, prompt):
        self.do(
            type="automa_profession_revealed",
            owner=prompt["columns"][0],
            profession=self.rng.choice(self.unseen()),
        )

    def on_offer(self, prompt):
        deck = self.state.prestige_deck if prompt["deck"] == "prestige" else self.state.bonus_deck
        self.do(
            type="automa_cards_offered",
            deck=prompt["deck"],
            cards=self.rng.sample(deck, prompt["count"]),
        )

    def on_tie(self, prompt):
        self.do(type="automa_tie_broken", card=self.rng.choice(prompt["cards"]))

    # --- you -------------------------------------------------------------------------------
    def on_choose_object(self, prompt):
        if not prompt["options"] or self.rng.random() < 0.1:
            self.do(type="auctions_left", player=0)
        else:
            self.do(type="solo_auction_offered", object=self.rng.choice(prompt["options"]))

    def on_buy_or_decline(self, prompt):
        me = self.state.players[0]
        affordable = prompt["price"] <= me.money + 100 * me.fame
        if prompt["expect"] == ["solo_bought"] or (affordable and self.rng.random() < 0.3):
            self.do(type="solo_bought", object=prompt["object"])
        else:
            self.do(type="solo_declined", object=prompt["object"])

    def on_your_choice(self, prompt):
        if prompt["object"] == "prestige":
            self.do(
                type="prestige_card_chosen",
                player=0,
                card=self.rng.choice(self.state.prestige_deck[:5]),
            )
        else:
            self.do(type="landscape_placed", player=0, landscape=prompt["object"])

    def on_your_turn(self, prompt):
        unseen = self.unseen()
        drawn = self.rng.sample(unseen, min(2, len(unseen)))
        options = candidate_events(
            self.state, 0, professions=drawn, bonus_cards=self.state.bonus_deck[:1]
        )
        options += self.dummy_recruits()
        by_type = {}
        for ev in options:
            by_type.setdefault(ev["type"], []).append(ev)
        for kind, weight in (
            ("recruiting_card_used", 0.7),
            ("work_completed", 0.9),
            ("building_built", 0.5),
            ("profession_taken", 0.5),
            ("freedom_introduced", 0.4),
            ("bonus_card_taken", 0.3),
        ):
            if kind in by_type and self.rng.random() < weight:
                return self.do(**self.rng.choice(by_type[kind]))
        self.do(type="turn_ended", player=0)

    def dummy_recruits(self) -> list[dict]:
        if "recruiting" not in self.state.players[0].hand:
            return []
        out = []
        for d, column in enumerate(solo_of(self.state).columns):
            for e in column:
                if e["face_up"]:
                    out.append(
                        {
                            "type": "recruiting_card_used",
                            "player": 0,
                            "from_dummy": d,
                            "profession": e["card"],
                        }
                    )
        good = []
        for ev in out:
            try:
                apply_in_place(self.state.clone(), ev)
                good.append(ev)
            except Refusal:
                pass
        return good
