"""What the tests of game share with other tests (C, D, H, ROW, T, TURNS, b, events, new, on,
pile): kept here, since a test module imports no other test module."""

from __future__ import annotations

from companion.games.firenze.rules import Fold
from companion.games.firenze.rules.state import brick_total
from tests.support.firenze_deal import card, draw, started

T, H, D = 0, 1, 2


ROW = [  # dealt at setup: the 10 Start cards are the first 10 turned over
    (card("Mason", "personnel", True), ["yellow"] * 4),
    (card("Workshop", "building", True), ["green"] * 4),
    (card("Feast", "celebration", True), ["red"] * 4),
    (card("Fair", "event", True), ["blue"] * 4),
    (card("Smuggler", "personnel", True), ["purple"] * 4),
    (card("Chapel", "church", True), ["white"] * 4),
]


C = {"w": "white", "y": "yellow", "g": "green", "r": "red", "b": "blue", "p": "purple"}


def b(text: str) -> list[str]:
    """'yyrr' -> four bricks."""
    return [C[ch] for ch in text]


def pile(text: str) -> dict:
    """'y1 b4 r2' -> a full storehouse count."""
    out = dict.fromkeys(C.values(), 0)
    for part in text.split():
        out[C[part[0]]] = int(part[1:])
    return out


def new(colour, bricks):
    return {"colour": C[colour], "bricks": bricks}


def on(tower, colour, bricks):
    return {"tower": tower, "colour": C[colour], "bricks": bricks}


# (turn, seat, card turned over after the take, its bricks, actions, end of turn,
#  storehouse after, PP after)
TURNS = [
    # T takes Mason + yyyy: w2 y4; white 2 (free) -> white:2 = 1 PP
    (
        1,
        T,
        card("Fair", "event", True),
        "yyrr",
        [("build", [new("w", 2)], ""), ("fulfil", 1)],
        {},
        "y4",
        1,
    ),
    # H takes Workshop + gggg: w3 g4; green 2 -> green:2 = 1 PP
    (
        2,
        H,
        card("Banquet", "celebration", True),
        "ggyy",
        [("build", [new("g", 2)], ""), ("fulfil", 1)],
        {},
        "w3 g2",
        1,
    ),
    # D takes Feast + rrrr: w4 r4; red 2 -> red:2 = 1 PP
    (
        3,
        D,
        card("Clerk", "personnel", True),
        "rrbb",
        [("build", [new("r", 2)], ""), ("fulfil", 1)],
        {},
        "w4 r2",
        1,
    ),
    # T takes the Fair (event, nothing happens) + bbbb: y4 b4; Mason: 3 bricks cost 1-3 = 0;
    # yellow 3 -> yellow:3 = 2 PP + level tile 3 = 1 PP: 1 + 3 = 4
    (
        4,
        T,
        card("Fair", "event", True),
        "wwww",
        [("play", "Fair"), ("play", "Mason"), ("build", [new("y", 3)], ""), ("fulfil", 2)],
        {},
        "y1 b4",
        4,
    ),
    # H takes Smuggler + pppp: w3 g2 p4; white 3 costs 1 (p) -> white:3 = 2 PP (tile 3 gone)
    (
        5,
        H,
        card("Fair", "event"),
        "ggbb",
        [("build", [new("w", 3)], "p"), ("fulfil", 2)],
        {},
        "g2 p3",
        3,
    ),
    # D takes Chapel (church space) + wwww: w8 r2; starts a white 2 she will abandon
    (6, D, card("Clerk", "personnel"), "ppww", [("build", [new("w", 2)], "")], {}, "w6 r2", 1),
    # T takes N1 Fair + yyrr: y3 b4 r2; yellow 2 -> yellow:2 = 1 PP
    (
        7,
        T,
        card("Fair", "event"),
        "rggg",
        [("play", "Fair"), ("build", [new("y", 2)], ""), ("fulfil", 3)],
        {},
        "y1 b4 r2",
        5,
    ),
    # H takes Banquet (celebration) + ggyy: g4 p3 y2; starts green 2 (tower 3), keeps it
    (8, H, card("Fair", "event"), "yyyy", [("build", [new("g", 2)], "")], {}, "g2 p3 y2", 3),
    # D takes Clerk + rrbb: w6 r4 b2 = 12; her white 2 was not added to: torn down, 1 to the
    # pouch, 1 back: w7 r4 b2 = 13; storehouse limit 10: surrender www
    (9, D, card("Scribe", "personnel"), "yyrr", [], {"surrender": b("www")}, "w4 r4 b2", 1),
    # T takes N4 Fair + wwww: y1 b4 r2 w4; white 4 costs 3 (bbb) -> Balcony I = 7 PP: 12
    (
        10,
        T,
        card("Fair", "event"),
        "gppw",
        [("play", "Fair"), ("build", [new("w", 4)], "bbb"), ("fulfil", 4)],
        {},
        "y1 b1 r2",
        12,
    ),
    # H takes N5 Fair + ggbb: g4 p3 y2 b2; 2 more green on tower 3 (now 4), not fulfilled
    (
        11,
        H,
        card("Fair", "event"),
        "bbww",
        [("play", "Fair"), ("build", [on(3, "g", 2)], "")],
        {},
        "g2 p3 y2 b2",
        3,
    ),
    # D takes Clerk + ppww: w6 r4 b2 p2 = 14: surrender wwww
    (12, D, card("Porter", "personnel"), "bbby", [], {"surrender": b("wwww")}, "w2 r4 b2 p2", 1),
    # T takes N7 Fair + rggg: y1 b1 r3 g3; red 3 costs 1 (b) -> red:3 = 2 PP: 14
    (
        13,
        T,
        card("Fair", "event"),
        "pyyy",
        [("play", "Fair"), ("build", [new("r", 3)], "b"), ("fulfil", 5)],
        {},
        "y1 g3",
        14,
    ),
    # H takes N8 Fair + yyyy: g2 p3 y6 b2; 1 green on tower 3 (5) -> green:5 = 4 PP + level
    # tile 5 = 2 PP: 9; storehouse g1 p3 y6 b2 = 12: surrender yy
    (
        14,
        H,
        card("Fair", "event"),
        "wwww",
        [("play", "Fair"), ("build", [on(3, "g", 1)], ""), ("fulfil", 3)],
        {"surrender": b("yy")},
        "g1 p3 y4 b2",
        9,
    ),
    # D takes Scribe + yyrr: w2 r6 b2 p2 y2 = 14: surrender wwrr
    (15, D, card("Guard", "personnel"), "wwww", [], {"surrender": b("wwrr")}, "r4 b2 p2 y2", 1),
    # T takes N10 Fair + gppw: y1 g4 p2 w1; green 4 costs 3 (ywp) -> green:4 = 3 PP: 17
    (
        16,
        T,
        card("Fair", "event"),
        "",
        [("play", "Fair"), ("build", [new("g", 4)], "ywp"), ("fulfil", 6)],
        {},
        "p1",
        17,
    ),
    # H takes N11 Fair + bbww: g1 p3 y4 b4 w2; yellow 4 costs 3 (bbb) -> yellow:4 = 3 PP: 12
    (
        17,
        H,
        card("Fair", "event"),
        "",
        [("play", "Fair"), ("build", [new("y", 4)], "bbb"), ("fulfil", 4)],
        {},
        "g1 p3 b1 w2",
        12,
    ),
    # D takes Porter + bbby: r4 b5 p2 y3; blue 4 costs 3 (rrr) -> blue:4 = 3 PP: 4
    (
        18,
        D,
        card("Fair", "event"),
        "",
        [("build", [new("b", 4)], "rrr"), ("fulfil", 3)],
        {},
        "r1 b1 p2 y3",
        4,
    ),
    # T takes N13 Fair + pyyy: p2 y3; purple 2 -> purple:2 = 1 PP; his 7th and last seal:
    # +5 end bonus: 23. Everyone else gets one more turn.
    (
        19,
        T,
        card("Fair", "event"),
        "",
        [("play", "Fair"), ("build", [new("p", 2)], ""), ("fulfil", 7)],
        {},
        "y3",
        23,
    ),
    # H takes N14 Fair + wwww: g1 p3 b1 w6 = 11: surrender w
    (
        20,
        H,
        card("Fair", "event"),
        "",
        [("play", "Fair")],
        {"surrender": b("w")},
        "g1 p3 b1 w5",
        12,
    ),
    # D takes Guard + wwww: r1 b1 p2 y3 w4 = 11: surrender w; 6 cards (Feast, Clerk, Clerk,
    # Scribe, Porter, Guard): discard one Personnel (the Guard). The game ends.
    (
        21,
        D,
        card("Fair", "event"),
        "",
        [],
        {"surrender": b("w"), "discard": ["Guard"]},
        "r1 b1 p2 y3 w3",
        4,
    ),
]


def events() -> list[dict]:
    fold = Fold()
    log = [started()]
    fold.add(log[0])
    for c, bricks in ROW:
        log.append({"type": "card_revealed", "card": c, "bricks": bricks})
        fold.add(log[-1])
    for turn, seat, revealed, bricks, actions, ending, store, pp in TURNS:
        steps = [{"type": "card_taken", "player": seat, "position": 1, "payment": []}]
        for step in steps:
            fold.add(step)
            log.append(step)
        reveal = {
            "type": "card_revealed",
            "card": revealed,
            "bricks": b(bricks) if bricks else draw(fold.state, ("white", "yellow")),
        }
        fold.add(reveal)
        log.append(reveal)
        for action in actions:
            if action[0] == "play":
                ev = {"type": "card_played", "player": seat, "card": action[1]}
            elif action[0] == "build":
                ev = {
                    "type": "towers_built",
                    "player": seat,
                    "build": action[1],
                    "cost": b(action[2]),
                }
            else:
                ev = {"type": "commission_fulfilled", "player": seat, "tower": action[1]}
            fold.add(ev)
            log.append(ev)
        ev = {"type": "turn_ended", "player": seat, **ending}
        fold.add(ev)
        log.append(ev)
        me = fold.state["players"][seat]
        assert me["storehouse"] == pile(store), f"turn {turn}"
        assert me["pp"] == pp, f"turn {turn}"
        assert brick_total(fold.state) == 88, f"turn {turn}"
    return log
