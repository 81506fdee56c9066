"""Action cards: the row and the deck, the five kinds, and what a played card does.

Which card came up and which bricks came out of the pouch are facts the table records. The
cards whose text the rulebook prints are applied by Palazzo (Princess, Mason, Wholesaler,
Smuggler, Storehouse Fire, Saboteur, Botch, Campanile); any other card's effect is recorded as
what it did (bricks moved, PP won or lost), and the engine keeps the rules that hold whatever
the card says: every brick accounted for, turn order, the card's kind.
"""

from __future__ import annotations

from .catalog import (
    BRICKS_PER_CARD,
    CAMPANILE,
    CHURCH_SPACES,
    MASON_REDUCTION,
    MONUMENT,
    ROW_SIZE,
    START_CARDS,
    STOREHOUSE_FIRE_BRICKS,
)
from .refusals import refuse
from .schema import CardPlayed, CardRevealed, ChurchCardFulfilled, Effect, MonumentReceived
from .state import bricks, has, move, require, slot, total, tower

TEMPLATES = ("Princess", "Mason", "Wholesaler", "Smuggler", "Storehouse Fire", "Saboteur", "Botch")


def cards_left(state: dict) -> int:
    return state["deck_unknown"] + len(state["deck_known"]) + len(state["discard"])


def card_revealed(state: dict, ev: CardRevealed):
    """A new card at the right end of the row with the bricks drawn for it."""
    if state["phase"] == "setup":
        pass
    elif not state["pending"]["reveal"]:
        refuse("no_reveal_expected", "No card is turned over now: the row is full")
    card = {"name": ev.card.name, "kind": ev.card.kind, "start": ev.card.start}
    reshuffle = state["deck_unknown"] == 0 and not state["deck_known"]
    known = state["discard"] if reshuffle else state["deck_known"]
    if state["deck_unknown"] == 0:
        match = next(
            (c for c in known if c["name"] == card["name"] and c["kind"] == card["kind"]), None
        )
        if match is None:
            refuse(
                "card_not_in_deck",
                f"The deck is the shuffled discard pile, which has no {card['name']}",
            )
        card = match
    else:
        if card["name"] == CAMPANILE:
            if not state["campanile"]["in_game"]:
                refuse("campanile_left_out", "The Campanile was left out of this game")
            if state["campanile"]["seen"] or card["kind"] != "church":
                refuse("card_not_in_deck", "There is one Campanile, a Church card")
        first = state["start_revealed"] < START_CARDS
        if card["start"] != first:
            refuse(
                "start_cards_first",
                "The 10 Start cards lie on top of the deck"
                if first
                else "All 10 Start cards have already come up",
            )
    drawn = min(BRICKS_PER_CARD, total(state["pouch"]))
    if len(ev.bricks) != drawn:
        refuse("wrong_brick_count", f"Put {drawn} bricks from the pouch on the new card")
    require(state["pouch"], ev.bricks, "The pouch", "not_in_pouch")
    # every check passed: change the state
    if reshuffle:
        state["deck_known"], state["discard"] = state["discard"], []
    if state["deck_unknown"] == 0:
        state["deck_known"].remove(card)
    else:
        state["deck_unknown"] -= 1
        state["start_revealed"] += card["start"]
        state["campanile"]["seen"] |= card["name"] == CAMPANILE
    state["revealed"] += 1
    new = {"card": card, "bricks": bricks()}
    move(state["pouch"], new["bricks"], ev.bricks)
    state["row"].append(new)
    state["pending"]["reveal"] = False
    if state["phase"] == "setup" and len(state["row"]) == ROW_SIZE:
        state["phase"] = "play"


def receive(state: dict, seat: int, card: dict):
    """What happens with a card just taken from the row, by its kind."""
    player = state["players"][seat]
    kind = card["kind"]
    if kind == "event":
        state["pending"]["event"] = card
    elif kind in ("personnel", "celebration"):
        player["hand"].append(card)
    elif kind == "building":
        if any(b["name"] == card["name"] for b in player["buildings"]):
            state["discard"].append(card)  # no identical buildings: discarded at once
        else:
            player["buildings"].append(card)
    elif len(state["church"]) < CHURCH_SPACES:
        state["church"].append(card)
        if card["name"] == CAMPANILE:
            state["campanile"]["active"] = True
            for p in state["players"]:
                p["bell_done"] = False
    else:
        state["discard"].append(card)  # ruling F8: no free church space


def card_played(state: dict, ev: CardPlayed):
    """A Personnel card from the hand, the Event card just taken, or a Building's use."""
    seat = ev.player
    player = state["players"][seat]
    pending = state["pending"]["event"]
    t = state["t"]
    source = None
    if pending is not None:
        if ev.card != pending["name"]:
            refuse("resolve_event_first", f"Resolve the {pending['name']} first")
        source = "event"
    elif any(c["name"] == ev.card and c["kind"] == "personnel" for c in player["hand"]):
        if ev.card in t["played"]:
            refuse("same_name_twice", f"A second {ev.card} cannot be played this turn")
        source = "hand"
    elif any(b["name"] == ev.card for b in player["buildings"]):
        if ev.card in t.get("used", ()):
            refuse("building_used", f"The {ev.card} has been used this turn: once a turn")
        source = "building"
    elif any(c["name"] == ev.card for c in player["hand"]):
        refuse("not_playable", f"The {ev.card} stays in your hand to the end of the game")
    else:
        refuse("not_in_hand", f"{player['name']} has no {ev.card} to play")
    apply_effect = _template(state, ev) if ev.card in TEMPLATES else _generic(state, ev)
    # every check passed: change the state
    apply_effect()
    if source == "event":
        state["discard"].append(pending)
        state["pending"]["event"] = None
    elif source == "hand":
        card = next(c for c in player["hand"] if c["name"] == ev.card and c["kind"] == "personnel")
        player["hand"].remove(card)
        state["discard"].append(card)
        t["played"].append(ev.card)
    else:
        t.setdefault("used", []).append(ev.card)  # ruling F16: once in each of your turns


def church_card_fulfilled(state: dict, ev: ChurchCardFulfilled):
    """A Church card's effect is fulfilled: what it did, then it goes to the discard pile."""
    card = next((c for c in state["church"] if c["name"] == ev.card), None)
    if card is None or card["name"] == CAMPANILE:
        refuse("not_on_church_space", f"No {ev.card} waits on a church space")
    apply_effect = _effect(state, ev.player, ev.effect or Effect())
    apply_effect()
    state["church"].remove(card)
    state["discard"].append(card)


def monument_received(state: dict, ev: MonumentReceived):
    """The Monument, a Celebration card, passes into a player's hand outside the usual choice
    of a card (ruling F15): from another player's hand or from the discard pile."""
    if state["phase"] != "play":
        refuse("wrong_phase", "The Monument changes hands during play, not now")
    if not 0 <= ev.player < state["n"]:
        refuse("unknown_player", f"There is no player {ev.player}")
    where, _, seat = ev.source.partition(":")
    if where == "discard" and not seat:
        pile, whose = state["discard"], "The discard pile"
    elif where == "hand" and seat.isdigit() and int(seat) < state["n"]:
        if int(seat) == ev.player:
            refuse("no_monument", "The Monument comes to you from another player")
        pile = state["players"][int(seat)]["hand"]
        whose = state["players"][int(seat)]["name"]
    else:
        refuse("bad_event", "source is hand:N (another player's seat) or discard")
    card = next((c for c in pile if is_monument(c)), None)
    if card is None:
        refuse("no_monument", f"{whose} has no Monument to pass on")
    # every check passed: the card changes hands
    pile.remove(card)
    state["players"][ev.player]["hand"].append(card)


def is_monument(card: dict) -> bool:
    return card["name"] == MONUMENT and card["kind"] == "celebration"


def _only(ev: CardPlayed, *allowed: str):
    for name in ("position", "bricks", "target", "give", "take", "tower", "effect"):
        if name not in allowed and getattr(ev, name) is not None:
            refuse("bad_effect", f"The {ev.card} does not take {name}")
        if name in allowed and getattr(ev, name) is None:
            refuse("bad_effect", f"Say the {name} for the {ev.card}")


def _other(state: dict, ev: CardPlayed) -> dict:
    if not 0 <= ev.target < state["n"] or ev.target == ev.player:
        refuse("bad_effect", f"The {ev.card} acts on another player")
    return state["players"][ev.target]


def _template(state: dict, ev: CardPlayed):
    """Check a card whose text the rulebook prints; return what applies it."""
    player = state["players"][ev.player]
    t = state["t"]
    name = ev.card
    if name == "Princess":
        _only(ev)
        return lambda: t.update(princess=True)
    if name == "Mason":
        _only(ev)
        return lambda: t.update(mason=t["mason"] + MASON_REDUCTION)
    if name == "Wholesaler":
        _only(ev, "position", "bricks")
        card = slot(state, ev.position)
        drawn = min(total(card["bricks"]), total(state["pouch"]))
        if len(ev.bricks) != drawn:
            refuse("wrong_brick_count", f"Draw {drawn} new bricks for that card")
        require(state["pouch"], ev.bricks, "The pouch", "not_in_pouch")

        def wholesale():  # ruling F3: the new bricks are drawn before the old ones go back
            old = card["bricks"]
            card["bricks"] = bricks()
            move(state["pouch"], card["bricks"], ev.bricks)
            for colour, k in old.items():
                state["pouch"][colour] += k

        return wholesale
    if name == "Smuggler":
        _only(ev, "target", "give", "take")
        other = _other(state, ev)
        require(player["storehouse"], [ev.give], player["name"] + "'s storehouse")
        require(other["storehouse"], [ev.take], other["name"] + "'s storehouse")

        def smuggle():
            move(player["storehouse"], other["storehouse"], [ev.give])
            move(other["storehouse"], player["storehouse"], [ev.take])

        return smuggle
    if name == "Storehouse Fire":
        _only(ev, "bricks")
        spared = bricks(t["card_bricks"]) if state["pending"]["event"] else bricks()
        burnable = {c: max(0, player["storehouse"][c] - spared[c]) for c in spared}
        due = min(STOREHOUSE_FIRE_BRICKS, total(burnable))
        if len(ev.bricks) != due or not has(burnable, ev.bricks):
            refuse(
                "bad_effect",
                f"Put {due} bricks in the pouch, none of those that came with this card",
            )
        return lambda: move(player["storehouse"], state["pouch"], ev.bricks)
    # Saboteur and Botch: one brick of a tower to the pouch
    _only(ev, "target", "tower") if name == "Saboteur" else _only(ev, "tower")
    victim = _other(state, ev) if name == "Saboteur" else player
    hit = tower(victim, ev.tower)

    def knock():
        hit["bricks"] -= 1
        state["pouch"][hit["colour"]] += 1
        if hit["bricks"] == 0:
            victim["towers"].remove(hit)

    return knock


def _generic(state: dict, ev: CardPlayed):
    _only(ev) if ev.effect is None else _only(ev, "effect")
    return _effect(state, ev.player, ev.effect or Effect())


def _pile_name(state: dict, pile: str) -> str:
    """'pouch' or 'storehouse:N' in the players' words."""
    if pile == "pouch":
        return "The pouch"
    return f"{state['players'][int(pile.split(':')[1])]['name']}'s storehouse"


def _effect(state: dict, seat: int, effect: Effect):
    """Check a recorded effect (bricks moved, PP, Celebration cards discarded); return its apply."""
    piles = {"pouch": dict(state["pouch"])}
    for i, p in enumerate(state["players"]):
        piles[f"storehouse:{i}"] = dict(p["storehouse"])
    for m in effect.moves:
        if m.source not in piles or m.to not in piles or m.source == m.to:
            refuse(
                "bad_effect",
                "Bricks move between the pouch and a player's storehouse, or from one player "
                "to another",
            )
        if not 1 <= m.count <= 88:
            refuse("bad_effect", "Move at least one brick")
        if piles[m.source][m.colour] < m.count:
            refuse("bad_effect", f"{_pile_name(state, m.source)} has too few {m.colour} bricks")
        piles[m.source][m.colour] -= m.count
        piles[m.to][m.colour] += m.count
    for key, delta in effect.pp.items():
        if not key.isdigit() or int(key) >= state["n"] or abs(delta) > 99:
            refuse("bad_effect", "PP go to a seat (0, 1, ...) by at most 99")
    hand = list(state["players"][seat]["hand"])
    gone = []
    for name in effect.discard:
        card = next((c for c in hand if c["name"] == name and c["kind"] == "celebration"), None)
        if card is None:
            refuse("bad_effect", f"No Celebration card {name} in hand to discard")
        hand.remove(card)
        gone.append(card)

    def apply():
        state["pouch"] = piles["pouch"]
        for i, p in enumerate(state["players"]):
            p["storehouse"] = piles[f"storehouse:{i}"]
        for key, delta in effect.pp.items():
            p = state["players"][int(key)]
            p["pp"] += delta
            p["pp_cards"] = p.get("pp_cards", 0) + delta
        state["players"][seat]["hand"] = hand
        state["discard"].extend(gone)

    return apply
