"""A random but legal Firenze table, for property tests: it plays whole games by the rules,
and now and then tries something the rules refuse."""

from __future__ import annotations

import random

from companion.games.firenze.rules import Fold, Refusal
from companion.games.firenze.rules.catalog import CONSTRUCTION_COST, START_CARDS
from companion.games.firenze.rules.state import expand
from companion.games.firenze.rules.turn import commission_for
from tests.support.firenze_deal import started

POOL = [
    ("Princess", "personnel"),
    ("Mason", "personnel"),
    ("Clerk", "personnel"),
    ("Feast", "celebration"),
    ("Workshop", "building"),
    ("Fair", "event"),
    ("Storehouse Fire", "event"),
    ("Chapel", "church"),
]


class Bot:
    def __init__(self, seed: int, players: int = 3):
        self.rng = random.Random(seed)
        self.fold = Fold()
        self.log: list[dict] = []
        self.refused = 0
        names = ["Ann", "Ben", "Cleo", "Dan"][:players]
        self.add(started(players=names, start_player=self.rng.randrange(players)))
        while self.state["phase"] == "setup":
            self.add(self.reveal())

    @property
    def state(self) -> dict:
        return self.fold.state

    def add(self, event: dict) -> bool:
        try:
            self.fold.add(event)
        except Refusal:
            self.refused += 1
            return False
        self.log.append(event)
        return True

    def reveal(self) -> dict:
        s = self.state
        if s["deck_unknown"] == 0:
            known = s["deck_known"] or s["discard"]
            c = self.rng.choice(known)
            card = {"name": c["name"], "kind": c["kind"], "start": c["start"]}
        else:
            name, kind = self.rng.choice(POOL)
            card = {"name": name, "kind": kind, "start": s["start_revealed"] < START_CARDS}
        pouch = expand(s["pouch"])
        self.rng.shuffle(pouch)
        return {"type": "card_revealed", "card": card, "bricks": pouch[:4]}

    def bricks(self, seat: int, n: int, avoid=()) -> list[str]:
        have = expand(self.state["players"][seat]["storehouse"])
        for colour in avoid:
            if colour in have:
                have.remove(colour)
        self.rng.shuffle(have)
        return have[:n]

    def turn(self):
        s = self.state
        seat = s["turn"]
        me = s["players"][seat]
        rng = self.rng
        if rng.random() < 0.05:  # something illegal: it must be refused and change nothing
            self.add({"type": "card_taken", "player": (seat + 1) % s["n"], "position": 1})
        for c in list(me["hand"]):
            if c["name"] in ("Princess", "Mason") and rng.random() < 0.5:
                self.add({"type": "card_played", "player": seat, "card": c["name"]})
        s = self.state  # every accepted event gives the fold a new state object
        me = s["players"][seat]
        cost = 0 if s["t"]["princess"] else None
        affordable = [
            p
            for p in range(1, len(s["row"]) + 1)
            if (cost if cost is not None else p - 1) <= sum(me["storehouse"].values())
        ]
        if s["row"]:
            pos = rng.choice(affordable)
            pay = self.bricks(seat, 0 if cost == 0 else pos - 1)
            assert self.add({"type": "card_taken", "player": seat, "position": pos, "payment": pay})
        if self.state["pending"]["reveal"]:
            while not self.add(self.reveal()):
                pass
        pending = self.state["pending"]["event"]
        if pending:
            ev = {"type": "card_played", "player": seat, "card": pending["name"]}
            if pending["name"] == "Storehouse Fire":
                spared = list(self.state["t"]["card_bricks"])
                ev["bricks"] = self.bricks(seat, 3, avoid=spared)
            assert self.add(ev), ev
        s = self.state
        me = s["players"][seat]
        if rng.random() < 0.3 and len(s["row"]) and sum(me["storehouse"].values()) >= 3:
            pos = rng.randrange(len(s["row"])) + 1
            on = expand(s["row"][pos - 1]["bricks"])
            if on:
                self.add(
                    {
                        "type": "bricks_exchanged",
                        "player": seat,
                        "position": pos,
                        "give": self.bricks(seat, 3),
                        "take": rng.choice(on),
                    }
                )
        self.build(seat)
        for tw in list(self.state["players"][seat]["towers"]):
            if not isinstance(commission_for(self.state, tw), str) and rng.random() < 0.8:
                self.add({"type": "commission_fulfilled", "player": seat, "tower": tw["id"]})
        self.end(seat)

    def build(self, seat: int):
        s = self.state
        me = s["players"][seat]
        store = dict(me["storehouse"])
        items = []
        budget = self.rng.randint(0, 6)
        for tw in me["towers"]:
            if store[tw["colour"]] and budget > 0 and not tw["bell"]:
                k = min(store[tw["colour"]], self.rng.randint(1, 2), budget)
                items.append({"tower": tw["id"], "colour": tw["colour"], "bricks": k})
                store[tw["colour"]] -= k
                budget -= k
        colours = [c for c, k in store.items() if k]
        if colours and budget > 0:
            c = self.rng.choice(colours)
            k = min(store[c], budget, self.rng.randint(1, 3))
            items.append({"colour": c, "bricks": k})
            store[c] -= k
        used = sum(i["bricks"] for i in items)
        due = max(0, CONSTRUCTION_COST[used] - s["t"]["mason"])
        rest = [c for c, k in store.items() for _ in range(k)]
        if items and due <= len(rest):
            self.rng.shuffle(rest)
            self.add({"type": "towers_built", "player": seat, "build": items, "cost": rest[:due]})

    def end(self, seat: int):
        probe = {"type": "turn_ended", "player": seat}
        try:
            Fold(self.fold.state).add(probe)  # learn what the limits ask for
            assert self.add(probe)
            return
        except Refusal:
            pass
        s = self.state
        me = s["players"][seat]
        t = s["t"]
        after = dict(me["storehouse"])
        for tw in me["towers"]:
            if not t["closed"] and tw["id"] in t["start_towers"] and tw["id"] not in t["worked"]:
                after[tw["colour"]] += tw["bricks"] - (tw["bricks"] + 1) // 2
        have = [c for c, k in after.items() for _ in range(k)]
        self.rng.shuffle(have)
        excess = max(0, len(have) - 10)
        loose = [c["name"] for c in me["hand"] if c["kind"] == "personnel"]
        loose += [c["name"] for c in me["buildings"]]
        over = max(0, len(me["hand"]) + len(me["buildings"]) - 5)
        assert self.add(
            {
                "type": "turn_ended",
                "player": seat,
                "surrender": have[:excess],
                "discard": loose[:over],
            }
        )

    def play(self, turns: int):
        for _ in range(turns):
            if self.state["phase"] != "play":
                break
            self.turn()
        if self.state["phase"] == "scoring":
            from companion.games.firenze.rules.scoring import celebrations

            points = [
                [self.rng.randint(-3, 5) for _ in celebrations(p)] for p in self.state["players"]
            ]
            assert self.add({"type": "celebrations_scored", "points": points})
