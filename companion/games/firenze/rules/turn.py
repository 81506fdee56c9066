"""A player's turn, phase by phase: choose a card, exchange, build, tear down, fulfil, limits.

The phases go in the rulebook's order; a later phase closes the earlier ones (once you fulfil a
commission you can no longer build this turn). Tearing down is not a choice, so the engine does
it itself when building closes.
"""

from __future__ import annotations

from .cards import cards_left, receive
from .catalog import (
    BELL_TOWER_HEIGHT,
    CAMPANILE,
    CARD_LIMIT,
    CONSTRUCTION_COST,
    END_BONUS,
    MAX_BRICKS_PER_TURN,
    STOREHOUSE_LIMIT,
    card_cost,
    teardown_split,
)
from .refusals import N_, named_card, named_colour, refuse, said
from .schema import BricksExchanged, CardTaken, CommissionFulfilled, TowersBuilt, TurnEnded
from .scoring import finish
from .setup import fresh_turn
from .state import card_count, expand, move, require, seal_key, slot, storehouse_of, total, tower


def card_taken(state: dict, ev: CardTaken):
    t = state["t"]
    player = state["players"][ev.player]
    if t["taken"]:
        refuse("card_already_taken", N_("You have already chosen this turn's card"))
    slot(state, ev.position)
    cost = 0 if t["princess"] else card_cost(ev.position)
    if len(ev.payment) != cost:
        if t["princess"]:
            refuse(
                "wrong_payment",
                N_("With the %(card)s, card %(position)s costs you nothing"),
                card=named_card("Princess"),
                position=ev.position,
            )
        refuse(
            "wrong_payment",
            N_("Card %(position)s costs 1 brick: one on the card to its left")
            if cost == 1
            else N_("Card %(position)s costs %(cost)s bricks: one on each card to its left"),
            position=ev.position,
            cost=cost,
        )
    require(player["storehouse"], ev.payment, storehouse_of(player))
    # every check passed: pay one brick on each card to the left, then take card and bricks
    for left, colour in zip(state["row"], ev.payment, strict=False):
        move(player["storehouse"], left["bricks"], [colour])
    chosen = state["row"].pop(ev.position - 1)
    gained = expand(chosen["bricks"])
    move(chosen["bricks"], player["storehouse"], gained)
    t.update(taken=True, card_bricks=gained)
    receive(state, ev.player, chosen["card"])
    state["pending"]["reveal"] = cards_left(state) > 0


def bricks_exchanged(state: dict, ev: BricksExchanged):
    t = state["t"]
    player = state["players"][ev.player]
    _after_card(t)
    if t["exchanged"]:
        refuse("exchange_used", N_("You have already exchanged bricks this turn"))
    if t["built"] or t["closed"]:
        refuse("wrong_phase", N_("Exchanging comes before building"))
    row_card = slot(state, ev.position)
    if len(ev.give) != 3:
        refuse("bad_exchange", N_("An exchange is 3 of your bricks for 1"))
    on_card = said(N_("Card %(position)s"), position=ev.position)
    require(row_card["bricks"], [ev.take], on_card, "bad_exchange")
    require(player["storehouse"], ev.give, storehouse_of(player))
    move(row_card["bricks"], player["storehouse"], [ev.take])
    move(player["storehouse"], row_card["bricks"], ev.give)
    t["exchanged"] = True


def towers_built(state: dict, ev: TowersBuilt):
    """This turn's building, all at once: checked whole (the bricks, their cost, each tower
    named, the bell tower's rule, the storehouse), then the bricks moved."""
    t = state["t"]
    player = state["players"][ev.player]
    _after_card(t)
    if t["built"]:
        refuse("already_built", N_("Record all of this turn's building at once"))
    if t["closed"]:
        refuse("wrong_phase", N_("Building comes before fulfilling commissions"))
    _check_bricks_and_cost(t, ev)
    ids = [item.tower for item in ev.build if item.tower is not None]
    if len(ids) != len(set(ids)):
        refuse("bad_build", N_("Name each tower once"))
    for item in ev.build:
        _check_tower(state, player, item)
    needed = [item.colour for item in ev.build for _ in range(item.bricks)] + list(ev.cost)
    require(player["storehouse"], needed, storehouse_of(player))
    # every check passed
    move(player["storehouse"], state["pouch"], ev.cost)
    for item in ev.build:
        if item.tower is None:
            built = {"id": player["next_tower"], "colour": item.colour, "bricks": 0}
            built["bell"] = item.bell
            player["next_tower"] += 1
            player["towers"].append(built)
        else:
            built = tower(player, item.tower)
        player["storehouse"][item.colour] -= item.bricks
        built["bricks"] += item.bricks
        t["worked"].append(built["id"])
        if built["bell"] and built["bricks"] == BELL_TOWER_HEIGHT:
            _bell_tower_complete(state, player, built)
    t["built"] = True


def _check_bricks_and_cost(t: dict, ev: TowersBuilt) -> None:
    """Some towers, each at least one brick, at most the turn's bricks, and the construction
    cost paid as the table says (less with the Mason)."""
    if not ev.build:
        refuse("bad_build", N_("Say which towers get bricks"))
    used = sum(item.bricks for item in ev.build)
    if any(item.bricks < 1 for item in ev.build):
        refuse("bad_build", N_("Each tower built on gets at least one brick"))
    if used > MAX_BRICKS_PER_TURN:
        refuse(
            "too_many_bricks",
            N_("At most %(most)s bricks a turn, not %(used)s"),
            most=MAX_BRICKS_PER_TURN,
            used=used,
        )
    due = max(0, CONSTRUCTION_COST[used] - t["mason"])
    if len(ev.cost) != due:
        refuse(
            "wrong_construction_cost",
            N_("%(used)s bricks cost %(due)s more from your storehouse (with the %(card)s)")
            if t["mason"]
            else N_("%(used)s bricks cost %(due)s more from your storehouse"),
            used=used,
            due=due,
            **({"card": named_card("Mason")} if t["mason"] else {}),
        )


def _check_tower(state: dict, player: dict, item) -> None:
    """One tower built on: its own colour, and a bell tower only as the Campanile allows."""
    existing = tower(player, item.tower) if item.tower is not None else None
    if existing is not None and existing["colour"] != item.colour:
        refuse(
            "wrong_colour",
            N_("Tower %(tower)s is %(colour)s, not %(other)s"),
            tower=item.tower,
            colour=named_colour(existing["colour"]),
            other=named_colour(item.colour),
        )
    bell = existing["bell"] if existing else item.bell
    if not bell:
        return
    campanile = state["campanile"]
    has_bell = any(tw["bell"] for tw in player["towers"])
    if (
        not campanile["active"]
        or player["bell_done"]
        or item.colour != "white"
        or (existing is None and has_bell)
        or (existing["bricks"] if existing else 0) + item.bricks > BELL_TOWER_HEIGHT
    ):
        refuse(
            "bad_bell_tower",
            N_(
                "One bell tower each, %(colour)s, %(height)s bricks high, while the "
                "%(card)s is on a church space"
            ),
            colour=named_colour("white"),
            height=BELL_TOWER_HEIGHT,
            card=named_card(CAMPANILE),
        )


def _bell_tower_complete(state: dict, player: dict, built: dict):
    """Ruling F6: the finished bell tower goes to the Church (its bricks to the pouch)."""
    player["towers"].remove(built)
    state["pouch"]["white"] += built["bricks"]
    player["bell_done"] = True
    if all(p["bell_done"] for p in state["players"]):
        card = next(c for c in state["church"] if c["name"] == CAMPANILE)
        state["church"].remove(card)
        state["discard"].append(card)
        state["campanile"]["active"] = False


def close_building(state: dict):
    """4) Tear down abandoned construction: towers of the turn's start not added to."""
    t = state["t"]
    if t["closed"]:
        return
    player = state["players"][state["turn"]]
    for tw in list(player["towers"]):
        if tw["id"] in t["start_towers"] and tw["id"] not in t["worked"]:
            to_pouch, back = teardown_split(tw["bricks"])
            state["pouch"][tw["colour"]] += to_pouch
            player["storehouse"][tw["colour"]] += back
            player["towers"].remove(tw)
            t["torn_down"].append({**tw, "to_pouch": to_pouch, "back": back})
    t["closed"] = True


def commission_fulfilled(state: dict, ev: CommissionFulfilled):
    t = state["t"]
    player = state["players"][ev.player]
    _after_card(t)
    built = tower(player, ev.tower)
    if ev.tower in t["start_towers"] and not t["closed"] and ev.tower not in t["worked"]:
        refuse(
            "tower_unknown",
            N_("Tower %(tower)s was not added to this turn: it is torn down before fulfilling"),
            tower=ev.tower,
        )
    offer = commission_for(state, built)
    if isinstance(offer, str):
        refuse(
            offer,
            COMMISSION_PROBLEMS[offer],
            colour=named_colour(built["colour"]),
            height=built["bricks"],
        )
    if player["seals_left"] == 0:
        refuse("no_seals_left", N_("You have placed all your seals"))
    if state["campanile"]["active"] and not player["bell_done"]:
        refuse(
            "bell_tower_first",
            N_("No commission before your bell tower for the %(card)s"),
            card=named_card(CAMPANILE),
        )
    # every check passed
    close_building(state)
    pp, balcony = offer
    key = seal_key(built["colour"], built["bricks"])
    state["seals"][key] = ev.player
    player["seals"].append(
        {"colour": built["colour"], "height": built["bricks"], "balcony": bool(balcony)}
    )
    player["seals_left"] -= 1
    player["pp"] += pp
    player["pp_commissions"] = player.get("pp_commissions", 0) + pp
    if balcony:
        balcony["sealed_by"] = ev.player
        state["next_balcony"] += 1
    tile = state["level_tiles"].pop(str(built["bricks"]), None)
    if tile is not None:
        player["pp"] += tile
        player["level_tiles"].append({"height": built["bricks"], "pp": tile})
    state["pouch"][built["colour"]] += built["bricks"]
    player["towers"].remove(built)
    if player["seals_left"] == 0 and state["end"] is None:
        player["pp"] += END_BONUS
        player["end_tile"] = True
        state["end"] = {"by": ev.player}


def commission_for(state: dict, built: dict):
    """(PP, balcony or None) for the commission this tower would fulfil now, else a code."""
    if built.get("bell"):
        return "no_commission"
    colour, height = built["colour"], built["bricks"]
    key = seal_key(colour, height)
    balcony = next(
        (b for b in state["balconies"] if b["colour"] == colour and b["height"] == height), None
    )
    if key in state["seals"]:
        return "commission_sealed"
    if balcony is not None:
        if balcony["numeral"] != state["next_balcony"]:
            return "balcony_locked"
        return balcony["pp"], balcony
    pp = state["board"]["commissions"][colour].get(str(height))
    if pp is None:
        return "no_commission"
    return pp, None


# Why a tower cannot fulfil a commission now, by the code `commission_for` gives.
COMMISSION_PROBLEMS = {
    "commission_sealed": N_(
        "The %(colour)s commission for %(height)s is already covered by a seal"
    ),
    "balcony_locked": N_(
        "The balcony on the %(colour)s commission for %(height)s is not open yet: balconies "
        "go in order I-IV"
    ),
    "no_commission": N_("There is no %(colour)s commission for %(height)s on the board"),
}


def turn_ended(state: dict, ev: TurnEnded):
    t = state["t"]
    player = state["players"][ev.player]
    if not t["taken"] and state["row"]:
        refuse("card_not_taken", N_("Choose a card from the row first"))
    # the limits are judged after tearing down, which may bring bricks back
    after = dict(player["storehouse"])
    for tw in player["towers"]:
        if not t["closed"] and tw["id"] in t["start_towers"] and tw["id"] not in t["worked"]:
            after[tw["colour"]] += teardown_split(tw["bricks"])[1]
    excess = max(0, total(after) - STOREHOUSE_LIMIT)
    if len(ev.surrender) != excess:
        # the message states the count the limit is judged on, then what the limit asks
        refuse(
            "limits_not_met",
            N_("Your storehouse holds %(count)s bricks: surrender %(excess)s")
            if excess
            else N_(
                "Your storehouse holds %(count)s bricks, within the limit of %(limit)s: surrender none"
            ),
            count=total(after),
            limit=STOREHOUSE_LIMIT,
            excess=excess,
        )
    discardable = [c for c in player["hand"] if c["kind"] == "personnel"] + player["buildings"]
    must = min(max(0, card_count(player) - CARD_LIMIT), len(discardable))
    if len(ev.discard) != must:
        refuse(
            "limits_not_met",
            N_(
                "You hold %(count)s action cards, at most %(limit)s: discard %(must)s Personnel or Building"
            ),
            count=card_count(player),
            limit=CARD_LIMIT,
            must=must,
        )
    left = list(discardable)
    chosen = []
    for name in ev.discard:
        card = next((c for c in left if c["name"] == name), None)
        if card is None:
            refuse(
                "bad_discard",
                N_("You have no Personnel or Building card %(card)s to discard"),
                card=named_card(name),
            )
        left.remove(card)
        chosen.append(card)
    require(after, ev.surrender, storehouse_of(player))
    # every check passed
    close_building(state)
    move(player["storehouse"], state["pouch"], ev.surrender)
    for card in chosen:
        (player["hand"] if card in player["hand"] else player["buildings"]).remove(card)
        state["discard"].append(card)
    end = state["end"]
    if end is not None and ev.player == (end["by"] - 1) % state["n"]:
        finish(state)
        return
    state["turn"] = (state["turn"] + 1) % state["n"]
    nxt = state["players"][state["turn"]]
    state["t"] = fresh_turn([tw["id"] for tw in nxt["towers"]])


def _after_card(t: dict):
    if not t["taken"]:
        refuse("card_not_taken", N_("First choose a card from the row"))
