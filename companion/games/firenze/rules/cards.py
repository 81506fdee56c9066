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
from .refusals import N_, PRINTED_TEXT, card_code, named_card, named_colour, refuse, said
from .schema import CardPlayed, CardRevealed, ChurchCardFulfilled, Effect, MonumentReceived
from .state import POUCH, bricks, has, move, require, slot, storehouse_of, total, tower

# The fields of a played card, as a player says them.
EFFECT_FIELDS = {
    "position": N_("card in the row"),
    "bricks": N_("bricks drawn"),
    "target": N_("other player"),
    "give": N_("brick you give"),
    "take": N_("brick you take"),
    "tower": N_("tower"),
    "effect": N_("effect"),
}
TEMPLATES = PRINTED_TEXT


def cards_left(state: dict) -> int:
    return state["deck_unknown"] + len(state["deck_known"]) + len(state["discard"])


def card_revealed(state: dict, ev: CardRevealed):
    """A new card at the right end of the row with the bricks drawn for it."""
    if state["phase"] == "setup":
        pass
    elif not state["pending"]["reveal"]:
        refuse("no_reveal_expected", N_("No card is turned over now: the row is full"))
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
                N_("The deck is the shuffled discard pile, which has no %(card)s"),
                card=named_card(card["name"]),
            )
        card = match
    else:
        if card["name"] == CAMPANILE:
            if not state["campanile"]["in_game"]:
                refuse(
                    "campanile_left_out",
                    N_("The %(card)s was left out of this game"),
                    card=named_card(CAMPANILE),
                )
            if state["campanile"]["seen"] or card["kind"] != "church":
                refuse(
                    "card_not_in_deck",
                    N_("There is one %(card)s, a Church card"),
                    card=named_card(CAMPANILE),
                )
        first = state["start_revealed"] < START_CARDS
        if card["start"] != first:
            refuse(
                "start_cards_first",
                N_("The 10 Start cards lie on top of the deck")
                if first
                else N_("All 10 Start cards have already come up"),
            )
    drawn = min(BRICKS_PER_CARD, total(state["pouch"]))
    if len(ev.bricks) != drawn:
        refuse(
            "wrong_brick_count",
            N_("Put %(count)s bricks from the pouch on the new card"),
            count=drawn,
        )
    require(state["pouch"], ev.bricks, POUCH, "not_in_pouch")
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
            refuse(
                "resolve_event_first",
                N_("Resolve the %(card)s first"),
                card=named_card(pending["name"]),
            )
        source = "event"
    elif any(c["name"] == ev.card and c["kind"] == "personnel" for c in player["hand"]):
        if ev.card in t["played"]:
            refuse(
                "same_name_twice",
                N_("A second %(card)s cannot be played this turn"),
                card=named_card(ev.card),
            )
        source = "hand"
    elif any(b["name"] == ev.card for b in player["buildings"]):
        if ev.card in t.get("used", ()):
            refuse(
                "building_used",
                N_("The %(card)s has been used this turn: once a turn"),
                card=named_card(ev.card),
            )
        source = "building"
    elif any(c["name"] == ev.card for c in player["hand"]):
        refuse(
            "not_playable",
            N_("The %(card)s stays in your hand to the end of the game"),
            card=named_card(ev.card),
        )
    else:
        refuse(
            "not_in_hand",
            N_("%(name)s has no %(card)s to play"),
            name=player["name"],
            card=named_card(ev.card),
        )
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
        refuse(
            "not_on_church_space",
            N_("No %(card)s waits on a church space"),
            card=named_card(ev.card),
        )
    apply_effect = _effect(state, ev.player, ev.effect or Effect())
    apply_effect()
    state["church"].remove(card)
    state["discard"].append(card)


def monument_received(state: dict, ev: MonumentReceived):
    """The Monument, a Celebration card, passes into a player's hand outside the usual choice
    of a card (ruling F15): from another player's hand or from the discard pile."""
    if state["phase"] != "play":
        refuse(
            "wrong_phase",
            N_("The %(card)s changes hands during play, not now"),
            card=named_card(MONUMENT),
        )
    if not 0 <= ev.player < state["n"]:
        refuse("unknown_player", N_("There is no player %(seat)s"), seat=ev.player + 1)
    where, _, seat = ev.source.partition(":")
    if where == "discard" and not seat:
        pile, whose = state["discard"], said(N_("The discard pile"))
    elif where == "hand" and seat.isdigit() and int(seat) < state["n"]:
        if int(seat) == ev.player:
            refuse(
                "no_monument",
                N_("The %(card)s comes to you from another player"),
                card=named_card(MONUMENT),
            )
        pile = state["players"][int(seat)]["hand"]
        whose = state["players"][int(seat)]["name"]
    else:
        refuse(
            "bad_event",
            N_("The %(card)s comes from another player's hand or from the discard pile"),
            card=named_card(MONUMENT),
        )
    card = next((c for c in pile if is_monument(c)), None)
    if card is None:
        refuse(
            "no_monument",
            N_("%(whose)s has no %(card)s to pass on"),
            whose=whose,
            card=named_card(MONUMENT),
        )
    # every check passed: the card changes hands
    pile.remove(card)
    state["players"][ev.player]["hand"].append(card)


def is_monument(card: dict) -> bool:
    return card["name"] == MONUMENT and card["kind"] == "celebration"


def _code(ev: CardPlayed) -> str:
    """A printed card's refusals cite that card; any other card's, ruling F7."""
    return card_code(ev.card) if ev.card in TEMPLATES else "bad_effect"


def _only(ev: CardPlayed, *allowed: str):
    for name in ("position", "bricks", "target", "give", "take", "tower", "effect"):
        if name not in allowed and getattr(ev, name) is not None:
            refuse(
                _code(ev),
                N_("The %(card)s does not take %(what)s"),
                card=named_card(ev.card),
                what=said(EFFECT_FIELDS[name]),
            )
        if name in allowed and getattr(ev, name) is None:
            refuse(
                _code(ev),
                N_("Say the %(what)s for the %(card)s"),
                card=named_card(ev.card),
                what=said(EFFECT_FIELDS[name]),
            )


def _other(state: dict, ev: CardPlayed) -> dict:
    if not 0 <= ev.target < state["n"] or ev.target == ev.player:
        refuse(_code(ev), N_("The %(card)s acts on another player"), card=named_card(ev.card))
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
            refuse(
                _code(ev),
                N_("Card %(position)s holds %(held)s bricks: draw %(count)s new ones for it"),
                position=ev.position,
                held=total(card["bricks"]),
                count=drawn,
            )
        require(state["pouch"], ev.bricks, POUCH, "not_in_pouch")

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
        require(player["storehouse"], [ev.give], storehouse_of(player))
        require(other["storehouse"], [ev.take], storehouse_of(other))

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
                _code(ev),
                N_("Put %(count)s bricks in the pouch, none of those that came with this card"),
                count=due,
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


def _pile_name(state: dict, pile: str):
    """'pouch' or 'storehouse:N' in the players' words."""
    if pile == "pouch":
        return POUCH
    return storehouse_of(state["players"][int(pile.split(":")[1])])


def _effect(state: dict, seat: int, effect: Effect):
    """Check a recorded effect (bricks moved, PP, Celebration cards discarded); return its apply."""
    piles = {"pouch": dict(state["pouch"])}
    for i, p in enumerate(state["players"]):
        piles[f"storehouse:{i}"] = dict(p["storehouse"])
    for m in effect.moves:
        if m.source not in piles or m.to not in piles or m.source == m.to:
            refuse(
                "bad_effect",
                N_(
                    "Bricks move between the pouch and a player's storehouse, or from one "
                    "player to another"
                ),
            )
        if not 1 <= m.count <= 88:
            refuse("bad_effect", N_("Move at least one brick"))
        if piles[m.source][m.colour] < m.count:
            refuse(
                "bad_effect",
                N_("%(pile)s has too few %(colour)s bricks"),
                pile=_pile_name(state, m.source),
                colour=named_colour(m.colour),
            )
        piles[m.source][m.colour] -= m.count
        piles[m.to][m.colour] += m.count
    for key, delta in effect.pp.items():
        if not key.isdigit() or int(key) >= state["n"] or abs(delta) > 99:
            refuse(
                "bad_effect",
                N_("A card's Prestige goes to a player at this table, at most 99 at once"),
            )
    hand = list(state["players"][seat]["hand"])
    gone = []
    for name in effect.discard:
        card = next((c for c in hand if c["name"] == name and c["kind"] == "celebration"), None)
        if card is None:
            refuse(
                "bad_effect",
                N_("No Celebration card %(card)s in hand to discard"),
                card=named_card(name),
            )
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
