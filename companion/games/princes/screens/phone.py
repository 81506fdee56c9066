"""What one seat's phone shows: its own purse and cards, and only the moves open to it now.

Plain data built from a game state, for templates/princes/phone/. It is for one seat's eyes only:
nothing from another seat's purse or hand goes in. Card lists the player picks from (the card
they drew) are whole catalogs, never "what is left in the deck", so nobody can work out an
opponent's hand, Bonus or Prestige cards by elimination; the engine refuses a card that is
not there.

The screen shown depends on the phase and on `params`, the little state a screen needs (the
Profession chosen for a Work, the Bonus cards ticked...). Params travel in the panel's URL, so a
live refresh redraws the same screen on the new state; after a refusal they are rebuilt from the
event that was refused, so the player sees the message next to the button they pressed.
"""

from __future__ import annotations

import re

from companion.core.lang import N_, _, pgettext
from companion.games.princes.rules import (
    CHANCE_EVENTS,
    MISREAD_CORRECTED,
    PALAZZO,
    Refusal,
    actions_allowed,
    apply_in_place,
    available_objects,
    bonus_value,
    bonus_values_now,
    building_cost,
    buildings_of,
    candidate_events,
    cooperation_in_game,
    cooperation_partners,
    cooperation_proposal,
    counts_for_a_work,
    covered,
    current_player,
    empty_spaces,
    is_last_player,
    is_solo,
    means,
    opening_bid,
    prestige_points,
    principality_counts,
    seen_out_of_deck,
    selling_allowed,
    work_value,
)
from companion.games.princes.rules.catalog import (
    BONUS_CARD_COST,
    BONUS_CARDS,
    BUILDINGS,
    FLORIN_PER_FAME_SOLD,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    FREEDOM_COST,
    GRID_SIZE,
    LANDSCAPES,
    MINIMUM_WORK_VALUE,
    NAME_KEYS,
    PRESTIGE_CARDS,
    PROFESSION_CARD_COST,
    RAISE,
    RECRUITING_CARD,
    STARTING_HAND,
    TWO_PLAYER_LANDSCAPE_OBJECT,
    WORK_VALUE,
    CatalogError,
)
from companion.games.princes.words import bonus_name as bonus_text
from companion.games.princes.words import (
    building_name,
    freedom_name,
    prestige_name,
    profession_name,
    text_of,
)
from companion.games.princes.words import object_name as landscape_name
from companion.web.i18n import refusal_message

from . import characters

SCREENS = {
    "work",
    "build",
    "coop",
    "take",
    "bonus",
    "recruit",
    "teach",
    "hand",
    "place",
    "bid",
    "princess",
    "professor",
}
PARAM = re.compile(r"^[a-z0-9_]{1,40}$")
LIST_PARAMS = {"bonus", "professions"}
KEY_FIELDS = (
    "object",
    "freedom",
    "card",
    "building",
    "profession",
    "from_player",
    "landscape",
    "character",
    "space",
    "effect",
    "deck",
)
NOT_UNDONE = CHANCE_EVENTS | {
    "game_started",
    "profession_taught",
    "landscape_taught",
    "retracted",
    MISREAD_CORRECTED,
}
TEACHABLE = {
    "profession_taken",
    "starting_hand_chosen",
    "work_completed",
    "landscape_placed",
    "recruiting_card_used",
}
PHASES = {
    "setup": N_("Setup"),
    "auction": N_("Auction phase"),
    "action": N_("Action phase"),
    "character_auction": N_("Character Auction"),
    "banker_exchange": N_("The Banker's exchange"),
    "over": N_("Game over"),
    "not_started": N_("Not started"),
}


def square_labels() -> dict[str, str]:
    """A square's label on the drawn Principality, by the piece on it: a few letters of the
    piece's name in the reader's language (its full name is the square's title)."""
    return {
        "university": pgettext("square", "Uni"),
        "laboratory": pgettext("square", "Lab"),
        "workshop": pgettext("square", "Wksp"),
        "library": pgettext("square", "Lib"),
        "opera": pgettext("square", "Opera"),
        "studio": pgettext("square", "Stud"),
        "hospital": pgettext("square", "Hosp"),
        "theater": pgettext("square", "Thtr"),
        "tower": pgettext("square", "Twr"),
        "chapel": pgettext("square", "Chpl"),
        "forest": pgettext("square", "F"),
        "lake": pgettext("square", "L"),
        "park": pgettext("square", "P"),
        PALAZZO: pgettext("square", "Pal"),
    }


# -- names -----------------------------------------------------------------------------------


def phase_name(phase: str) -> str:
    """A phase in the reader's words."""
    return _(PHASES[phase]) if phase in PHASES else phase


def prestige_text(card: str) -> str:
    if card not in PRESTIGE_CARDS:
        return str(card)
    points, tie = PRESTIGE_CARDS[card][3], PRESTIGE_CARDS[card][4]
    if tie is None:
        return _("%(card)s: %(points)s PP", card=prestige_name(card), points=points)
    return _(
        "%(card)s: %(points)s PP (%(tie)s if tied)",
        card=prestige_name(card),
        points=points,
        tie=tie,
    )


# -- params ----------------------------------------------------------------------------------


def parse_params(args) -> dict:
    """The screen a URL asks for; anything malformed is dropped (the overview is shown)."""
    out: dict = {}
    for key in (
        "do",
        "profession",
        "building",
        "landscape",
        "for",
        "prestige",
        "character",
        "partner",
        "pay",
    ):
        value = args.get(key)
        if isinstance(value, str) and PARAM.fullmatch(value):
            out[key] = value
    for key in LIST_PARAMS:
        values = args.getlist(key) if hasattr(args, "getlist") else args.get(key) or []
        values = [v for v in values if isinstance(v, str) and PARAM.fullmatch(v)]
        if values:
            out[key] = list(dict.fromkeys(values))[:25]
    if out.get("do") not in SCREENS:
        return {}
    for key in ("prestige", "partner", "pay"):
        if key in out:
            out[key] = int(out[key]) if out[key].isdigit() else 0
    return out


def params_after_refusal(refusal: Refusal | None, event: dict | None) -> dict:
    """Back to the screen the refused event came from, with what the player had chosen."""
    if refusal is None or not isinstance(event, dict):
        return {}
    t = event.get("type")
    if refusal.code in ("profession_unknown", "landscape_size_unknown") and t in TEACHABLE:
        keep = {
            k: event[k]
            for k in ("landscape", "profession")
            if isinstance(event.get(k), str) and PARAM.fullmatch(event[k])
        }
        return {"do": "teach", "for": t, **keep}
    if t == "work_completed" and event.get("princess"):
        return {"do": "princess", "prestige": event.get("prestige", 0)}
    if t == "character_bid":
        return {"do": "bid", "character": event.get("character")}
    if t == "character_used" and event.get("character") == "professor":
        return {"do": "professor"}
    if t == "work_completed":
        return {
            "do": "work",
            "profession": event.get("profession"),
            "bonus": list(event.get("bonus_cards") or []),
            "prestige": event.get("prestige", 0),
        }
    if t == "building_built":
        return {"do": "build", "building": event.get("building")}
    if t == "cooperation_proposed":
        return {
            "do": "coop",
            **{
                k: event[k]
                for k in ("partner", "building")
                if isinstance(event.get(k), (int, str)) and not isinstance(event.get(k), bool)
            },
            **(
                {"pay": event["partner_payment"]}
                if isinstance(event.get("partner_payment"), int)
                else {}
            ),
        }
    if t == "landscape_placed":
        return {"do": "place", "landscape": event.get("landscape")}
    if t == "starting_hand_chosen":
        return {"do": "hand", "professions": list(event.get("professions") or [])}
    return {
        "profession_taken": {"do": "take"},
        "bonus_card_taken": {"do": "bonus"},
        "recruiting_card_used": {"do": "recruit"},
    }.get(t, {})


class RefusalSlot:
    """Places a refusal next to the button that sent it: the first form drawn for the same
    event (same type and same object, card, Building...) claims it; if none does, the panel
    shows it at the top."""

    def __init__(self, refusal: Refusal | None, event: dict | None):
        self.refusal = refusal
        self.event = event if isinstance(event, dict) else {}
        self.placed = False

    def here(self, event: dict):
        if self.refusal is None or self.placed or self.event.get("type") != event.get("type"):
            return None
        for key in KEY_FIELDS:
            if key in event and key in self.event and str(event[key]) != str(self.event[key]):
                return None
        self.placed = True
        return self.refusal


# -- the engine, asked politely ----------------------------------------------------------------


def working_state(state, installed=None):
    """A copy of the state that also knows the Profession cards this installation learned
    (the table records them into the game when one is used), so buttons for them are legal."""
    work = state.clone()
    if installed is not None:
        try:
            work.catalog = installed.merged(state.taught or None)
        except CatalogError:
            pass
    return work


def why_not(state, event: dict) -> str | None:
    """The engine's reason an event would be refused now, or None if it would be accepted."""
    try:
        apply_in_place(state.clone(), event)
    except Refusal as refusal:
        return refusal_message(refusal)
    return None


def undo_offer(replay, seat: int, *, host: bool) -> dict | None:
    """Offer to undo only this device's own latest event that still counts: a seat's own
    (`by` is its seat), or the host's device when it recorded it for this seat."""
    if replay.state.phase in ("over", "not_started"):
        return None
    last = replay.latest_counting()
    if last is None or last.type in NOT_UNDONE:
        return None
    mine = last.by == str(seat) or (host and last.by == "host" and last.player == seat)
    if not mine:
        return None
    return {"seq": last.seq, "label": text_of(replay, last, seat)}


# -- the pieces of the screen --------------------------------------------------------------------


def profession_card(catalog, pid: str) -> dict:
    card = catalog.professions[pid]
    return {
        "id": pid,
        "name": profession_name(catalog, pid),
        "building": building_name(card.building),
        "landscape": landscape_name(card.landscape),
        "freedom": freedom_name(card.freedom),
    }


def hand(state, seat: int) -> list[dict]:
    p = state.players[seat]
    minimum = MINIMUM_WORK_VALUE.get(state.round)
    out = []
    for pid in p.hand:
        if pid == RECRUITING_CARD or pid not in state.catalog.professions:
            out.append(
                {
                    "id": pid,
                    "name": profession_name(state.catalog, pid),
                    "recruiting": pid == RECRUITING_CARD,
                }
            )
            continue
        card = profession_card(state.catalog, pid)
        wv = work_value(state, seat, pid, ())["total"]
        card.update(value=wv, meets=minimum is not None and wv >= minimum)
        out.append(card)
    return out


def grid(state, seat: int, pressed=()) -> list[list[dict]]:
    """The Principality as rows of squares, row 0 at the top, the Palazzo in the corner."""
    return squares(state.players[seat].pieces, pressed)


def squares(pieces, pressed=()) -> list[list[dict]]:
    """Rows of squares of a Principality's pieces (the public view's `pieces` too: the table
    screen draws every player's)."""
    taken = covered(pieces)
    labels = square_labels()
    pressed = {tuple(c) for c in pressed if isinstance(c, (list, tuple)) and len(c) == 2}
    rows = []
    for r in range(GRID_SIZE):
        row = []
        for c in range(GRID_SIZE):
            piece = taken.get((r, c))
            kind = (
                None
                if piece is None
                else PALAZZO
                if piece == PALAZZO
                else piece
                if piece in LANDSCAPES
                else "building"
            )
            name = (
                "Palazzo"
                if piece == PALAZZO
                else building_name(piece)
                if piece in BUILDINGS
                else landscape_name(piece)
                if piece
                else _("empty")
            )
            row.append(
                {
                    "r": r,
                    "c": c,
                    "piece": piece,
                    "kind": kind,
                    "label": labels.get(piece, ""),
                    "name": name,
                    "pressed": (r, c) in pressed,
                }
            )
        rows.append(row)
    return rows


def _grid_input(state, seat: int, params: dict) -> dict:
    """A grid to tap squares on, with the squares of a refused placement still tapped."""
    rows = grid(state, seat, params.get("_cells") or ())
    preset = [[c["r"], c["c"]] for row in rows for c in row if c["pressed"] and not c["piece"]]
    for row in rows:
        for c in row:
            c["pressed"] = c["pressed"] and not c["piece"]
    return {"rows": rows, "preset": preset}


def principality(state, seat: int) -> dict:
    p = state.players[seat]
    return {
        "buildings": [building_name(b) for b in buildings_of(state, seat)],
        "landscapes": [(landscape_name(k), n) for k, n in p.landscapes.items() if n],
        "freedoms": [freedom_name(f) for f in p.freedoms],
        "jesters": p.jesters,
        "builders": p.builders,
        "works": len(p.table),
        "empty": empty_spaces(p, state.grid, state.catalog.landscape_cells),
        "grid": grid(state, seat) if state.grid else None,
    }


def bonus_cards_held(state, seat: int) -> list[dict]:
    values = bonus_values_now(state, seat)
    return [
        {"id": b, "text": bonus_text(b), "value": values.get(b, 0)}
        for b in state.players[seat].bonus_cards
    ]


def prestige_cards_held(state, seat: int) -> list[dict]:
    all_counts = principality_counts(state)
    return [
        {
            "id": c,
            "text": prestige_text(c),
            "points": prestige_points(c, seat, all_counts) if seat in all_counts else 0,
        }
        for c in state.players[seat].prestige_cards
        if c in PRESTIGE_CARDS
    ]


# -- screens -------------------------------------------------------------------------------------


def _acting(state, seat: int) -> bool:
    return (
        state.phase == "action"
        and state.turn == seat
        and state.players[seat].actions < actions_allowed(state, seat)
    )


def _button(
    event: dict, label: str, hint: str = "", primary: bool = False, disabled: str | None = None
) -> dict:
    return {"event": event, "label": label, "hint": hint, "primary": primary, "disabled": disabled}


def _recruit_buttons(state, seat: int) -> list[dict]:
    p = state.players[seat]
    if RECRUITING_CARD not in p.hand or is_solo(state):
        return []
    out = []
    for other in range(state.n):
        if other == seat:
            continue
        for pid in dict.fromkeys(state.players[other].table):
            if pid == RECRUITING_CARD:
                continue
            event = {
                "type": "recruiting_card_used",
                "player": seat,
                "from_player": other,
                "profession": pid,
            }
            if why_not(state, event) is None:
                out.append(
                    _button(
                        event,
                        _("Recruit the %(card)s", card=profession_name(state.catalog, pid)),
                        _("from %(name)s", name=state.players[other].name),
                    )
                )
    return out


def setup_screen(state, seat: int, params: dict) -> dict:
    p = state.players[seat]
    waiting = [
        q.name for i, q in enumerate(state.players) if not q.hand and not (is_solo(state) and i)
    ]
    if p.hand:
        return {"name": "setup_wait", "waiting": waiting}
    mine = set(params.get("professions") or [])
    options = [
        dict(profession_card(state.catalog, pid), checked=pid in mine)
        for pid in sorted(
            state.catalog.professions, key=lambda k: state.catalog.professions[k].name
        )
    ]
    return {
        "name": "hand",
        "options": options,
        "keep": STARTING_HAND,
        "chosen": [
            pid for pid in params.get("professions") or [] if pid in state.catalog.professions
        ],
    }


def auction_screen(state, seat: int, params: dict) -> dict:
    a = state.auction
    p = state.players[seat]
    mine = [x for x in a["pending"] if x["player"] == seat]
    if mine:
        item = mine[0]
        if item["kind"] == "prestige":
            return prestige_choice(state, seat)
        return place_screen(state, seat, item, params)
    cur = a["current"]
    recruit = _recruit_buttons(state, seat)
    if a["pending"]:
        item = a["pending"][0]
        who = state.players[item["player"]].name
        text = (
            _("%(name)s is choosing a Prestige card.", name=who)
            if item["kind"] == "prestige"
            else _(
                "%(name)s is placing the %(landscape)s.",
                name=who,
                landscape=landscape_name(item["object"]),
            )
        )
        return {"name": "wait", "text": text, "recruit": recruit}
    if cur:
        status = {
            "object": landscape_name(cur["object"]),
            "bid": cur["bid"],
            "bidder": _("you") if cur["bidder"] == seat else state.players[cur["bidder"]].name,
            "turn": state.players[cur["turn"]].name,
            "mine": cur["bidder"] == seat,
        }
        if cur["turn"] != seat:
            return {"name": "auction_wait", "auction": status, "recruit": recruit}
        amount = cur["bid"] + RAISE
        raise_event = {"type": "bid_raised", "player": seat, "amount": amount}
        reason = why_not(state, raise_event)
        if reason and means(state, seat) < amount:
            reason = (
                _(
                    "You cannot raise to %(amount)s: %(money)s Florin plus %(fame)s PP to sell is %(means)s",
                    amount=amount,
                    money=p.money,
                    fame=p.fame,
                    means=means(state, seat),
                )
                if selling_allowed(state)
                else _(
                    "You cannot raise to %(amount)s: %(money)s Florin", amount=amount, money=p.money
                )
            )
        return {
            "name": "paddle",
            "auction": status,
            "raise": _button(
                raise_event, _("Raise to %(amount)s", amount=amount), primary=True, disabled=reason
            ),
            "pass": _button({"type": "bid_passed", "player": seat}, _("Pass")),
        }
    if a["opener"] != seat:
        who = state.players[a["opener"]].name if a["opener"] is not None else _("nobody")
        text = (
            _("%(name)s is choosing what to auction.", name=who)
            if p.has_pawn
            else _(
                "You have your object for this round. %(name)s is choosing what to auction.",
                name=who,
            )
        )
        return {"name": "wait", "text": text, "recruit": recruit}
    last = is_last_player(state, seat)
    kind = "last_player_took" if last else "auction_opened"
    bid = opening_bid(state)
    buttons = []
    for obj in available_objects(state, seat):
        event = {"type": kind, "player": seat, "object": obj}
        label = (
            _("Take the %(object)s for %(bid)s", object=landscape_name(obj), bid=bid)
            if last
            else landscape_name(obj)
        )
        hint = "" if last else _("opens at %(bid)s", bid=bid)
        buttons.append(_button(event, label, hint, disabled=why_not(state, event)))
    leave = (
        {"type": "last_player_declined", "player": seat}
        if last
        else {"type": "auctions_left", "player": seat}
    )
    return {
        "name": "open",
        "last": last,
        "objects": buttons,
        "leave": _button(leave, _("Decline: take nothing") if last else _("Leave all auctions")),
        "recruit": recruit,
    }


def prestige_choice(state, seat: int) -> dict:
    all_counts = principality_counts(state)
    options = []
    for card in PRESTIGE_CARDS:
        now = prestige_points(card, seat, all_counts) if seat in all_counts else 0
        options.append(
            _button(
                {"type": "prestige_card_chosen", "player": seat, "card": card},
                prestige_name(card),
                _("%(card)s · now %(now)s", card=prestige_text(card), now=now),
            )
        )
    return {"name": "prestige", "options": options}


def place_screen(state, seat: int, item: dict, params: dict) -> dict:
    kinds = list(LANDSCAPES) if item["object"] == TWO_PLAYER_LANDSCAPE_OBJECT else [item["object"]]
    if item["object"] == TWO_PLAYER_LANDSCAPE_OBJECT:
        kinds = [k for k in kinds if state.stacks.get(k, 0) > 0]
    chosen = (
        params.get("landscape")
        if params.get("landscape") in kinds
        else (kinds[0] if len(kinds) == 1 else None)
    )
    out = {
        "name": "place",
        "kinds": [(k, landscape_name(k)) for k in kinds],
        "choose_kind": len(kinds) > 1,
        "grid": state.grid,
    }
    if not state.grid:
        out["buttons"] = [
            _button(
                {"type": "landscape_placed", "player": seat, "landscape": k},
                _("Place the %(landscape)s", landscape=landscape_name(k)),
                primary=True,
            )
            for k in kinds
        ]
        return out
    if chosen:
        size = state.catalog.landscape_cells.get(chosen) or 0
        out["composer"] = {
            "event": {"type": "landscape_placed", "player": seat, "landscape": chosen},
            "what": landscape_name(chosen),
            "size": size,
            "key": f"place-{chosen}",
            **_grid_input(state, seat, params),
        }
    return out


def action_screen(state, seat: int, params: dict) -> dict:
    p = state.players[seat]
    if state.turn != seat:
        who = state.players[state.turn].name if state.turn is not None else _("nobody")
        return {"name": "wait", "text": _("%(name)s is taking their turn.", name=who)}
    do = params.get("do")
    if _acting(state, seat):
        screen = {
            "work": work_screen,
            "build": build_screen,
            "coop": coop_screen,
            "take": take_screen,
            "bonus": bonus_screen,
            "recruit": recruit_screen,
            "princess": princess_screen,
        }.get(do)
        if screen is not None:
            built = screen(state, seat, params)
            if built is not None:
                return built
    candidates = candidate_events(state, seat, professions=[], bonus_cards=[])
    left = max(actions_allowed(state, seat) - p.actions, 0)
    menu = []
    if left:
        works = [
            pid
            for pid in dict.fromkeys(p.hand)
            if pid != RECRUITING_CARD and pid in state.catalog.professions
        ]
        legal_work = any(e["type"] == "work_completed" for e in candidates)
        if works:
            minimum = MINIMUM_WORK_VALUE[state.round]
            menu.append(
                {
                    "do": "work",
                    "label": _("Complete a Work"),
                    "primary": legal_work,
                    "hint": ""
                    if legal_work
                    else _("none reaches %(minimum)s yet", minimum=minimum),
                }
            )
        if any(e["type"] == "building_built" for e in candidates):
            menu.append(
                {
                    "do": "build",
                    "label": _("Build a Building"),
                    "hint": _("%(cost)s Florin", cost=building_cost(p)),
                }
            )
        if any(e["type"] == "cooperation_proposed" for e in candidates):
            menu.append(
                {
                    "do": "coop",
                    "label": _("Build with a neighbour"),
                    "hint": _("%(cost)s Florin, less what they pay you", cost=building_cost(p)),
                }
            )
        if _may_take_card(state, seat):
            menu.append(
                {
                    "do": "take",
                    "label": _("Take a Profession card"),
                    "hint": _("%(cost)s Florin", cost=PROFESSION_CARD_COST),
                }
            )
        if _may_take_bonus(state, seat):
            menu.append(
                {
                    "do": "bonus",
                    "label": _("Acquire a Bonus card"),
                    "hint": _("%(cost)s Florin", cost=BONUS_CARD_COST),
                }
            )
        if _recruit_buttons(state, seat):
            menu.append({"do": "recruit", "label": _("Use your Recruiting card"), "hint": ""})
        princess = characters.princess_screen(state, seat)
        if princess is not None:
            menu.append(
                {
                    "do": "princess",
                    "label": _("Complete a Work with the Princess"),
                    "primary": princess["meets"],
                    "hint": _("Work Value %(value)s", value=princess["total"]),
                }
            )
    freedoms = [
        _button(e, freedom_name(e["freedom"]))
        for e in candidates
        if e["type"] == "freedom_introduced"
    ]
    end = _button({"type": "turn_ended", "player": seat}, _("End my turn"), primary=not left)
    return {
        "name": "actions",
        "left": left,
        "menu": menu,
        "freedoms": freedoms,
        "end": end,
        "freedom_cost": FREEDOM_COST,
    }


def _may_take_card(state, seat: int) -> bool:
    p = state.players[seat]
    return (
        _acting(state, seat)
        and not p.took_profession
        and state.profession_deck > 0
        and p.money >= PROFESSION_CARD_COST
    )


def _may_take_bonus(state, seat: int) -> bool:
    return (
        _acting(state, seat)
        and bool(state.bonus_deck)
        and state.players[seat].money >= BONUS_CARD_COST
    )


def work_splits(total: int, chosen) -> list[dict]:
    """The PP a Work may pay instead of Florin (0 to half its value), one chip each."""
    most = total * FLORIN_PER_WORK_VALUE // FLORIN_PER_PRESTIGE_TAKEN
    chosen = chosen if isinstance(chosen, int) else 0
    return [
        {
            "pp": k,
            "florin": total * FLORIN_PER_WORK_VALUE - k * FLORIN_PER_PRESTIGE_TAKEN,
            "checked": k == min(chosen, most),
        }
        for k in range(most + 1)
    ]


def princess_screen(state, seat: int, params: dict) -> dict | None:
    screen = characters.princess_screen(state, seat)
    if screen is not None:
        screen["splits"] = work_splits(screen["total"], params.get("prestige"))
    return screen


def work_screen(state, seat: int, params: dict) -> dict | None:
    p = state.players[seat]
    options = [
        pid
        for pid in dict.fromkeys(p.hand)
        if pid != RECRUITING_CARD and pid in state.catalog.professions
    ]
    if not options:
        return None
    values = {x: work_value(state, seat, x, ())["total"] for x in options}
    best = max(options, key=lambda x: values[x])  # the first of the best, by default
    pid = params.get("profession") if params.get("profession") in options else best
    ticked = [b for b in dict.fromkeys(params.get("bonus") or []) if b in p.bonus_cards]
    wv = work_value(state, seat, pid, ticked)
    card = state.catalog.professions[pid]
    parts = wv["parts"]
    breakdown = [
        (
            _("Building: %(building)s", building=building_name(card.building)),
            parts["building"],
            _("built") if parts["building"] else _("not built"),
        ),
        (
            _("Landscape: %(landscape)s", landscape=landscape_name(card.landscape)),
            parts["landscape"],
            _("yes") if parts["landscape"] else _("none"),
        ),
        (
            _("Freedom: %(freedom)s", freedom=freedom_name(card.freedom)),
            parts["freedom"],
            _("introduced") if parts["freedom"] else _("not introduced"),
        ),
        (
            _("Jesters × %(num)s", num=p.jesters),
            parts["jesters"],
            _("%(points)s each", points=WORK_VALUE["jester"]),
        ),
        (
            _("Cards × %(num)s", num=len(p.hand) + len(p.table)),
            parts["cards"],
            _("in hand and on the table"),
        ),
    ]
    if "muse" in parts:
        breakdown.append((_("The Muse"), parts["muse"], _("round %(round)s", round=state.round)))
    breakdown += [(_("Bonus: %(card)s", card=bonus_text(b)), v, "") for b, v in wv["bonus"].items()]
    total = wv["total"]
    minimum = MINIMUM_WORK_VALUE[state.round]
    splits = work_splits(total, params.get("prestige"))
    now = bonus_values_now(state, seat, pid)
    return {
        "name": "work",
        "professions": [
            dict(profession_card(state.catalog, x), value=values[x], checked=x == pid)
            for x in options
        ],
        "bonus": [
            {"id": b, "text": bonus_text(b), "value": now.get(b, 0), "checked": b in ticked}
            for b in p.bonus_cards
        ],
        "profession": pid,
        "ticked": ticked,
        "breakdown": breakdown,
        "total": total,
        "minimum": minimum,
        "meets": total >= minimum,
        "splits": splits,
        "event": {
            "type": "work_completed",
            "player": seat,
            "profession": pid,
            "bonus_cards": ticked,
        },
    }


def build_screen(state, seat: int, params: dict) -> dict | None:
    p = state.players[seat]
    legal = {
        e["building"]
        for e in candidate_events(state, seat, professions=[], bonus_cards=[])
        if e["type"] == "building_built"
    }
    if not legal:
        return None
    cost = building_cost(p)
    options = []
    for b, (_name, size) in BUILDINGS.items():
        if b in legal:
            options.append(
                {
                    "id": b,
                    "name": building_name(b),
                    "size": size,
                    "cost": cost,
                    "event": {"type": "building_built", "player": seat, "building": b},
                }
            )
    chosen = params.get("building") if params.get("building") in legal else None
    out = {"name": "build", "options": options, "grid": state.grid, "cost": cost}
    if chosen and state.grid:
        out["composer"] = {
            "event": {"type": "building_built", "player": seat, "building": chosen},
            "what": building_name(chosen),
            "size": BUILDINGS[chosen][1],
            "key": f"build-{chosen}",
            **_grid_input(state, seat, params),
        }
    return out


def coop_proposals(state, seat: int) -> list[dict]:
    """The cooperative Buildings `seat` could propose now, to either neighbour."""
    if not (cooperation_in_game(state) and _acting(state, seat)):
        return []
    return [
        e
        for e in candidate_events(state, seat, professions=[], bonus_cards=[])
        if e["type"] == "cooperation_proposed"
    ]


def coop_screen(state, seat: int, params: dict) -> dict | None:
    """Build with a neighbour: the partner, then the Building and what the partner pays."""
    proposals = coop_proposals(state, seat)
    if not proposals:
        return None
    partners = cooperation_partners(state, seat)
    partner = params.get("partner")
    if partner not in partners:
        partner = partners[0] if len(partners) == 1 else None
    out = {
        "name": "coop",
        "cost": building_cost(state.players[seat]),
        "partners": [
            {"seat": x, "name": state.players[x].name, "chosen": x == partner} for x in partners
        ],
        "partner": partner,
    }
    if partner is None:
        return out
    legal = [e["building"] for e in proposals if e["partner"] == partner]
    chosen = params.get("building") if params.get("building") in legal else None
    pay = params.get("pay") if isinstance(params.get("pay"), int) else 0
    out.update(
        partner_name=state.players[partner].name,
        options=[
            {"id": b, "name": building_name(b), "size": BUILDINGS[b][1], "checked": b == chosen}
            for b in legal
        ],
        payment=pay,
        event={"type": "cooperation_proposed", "player": seat, "partner": partner},
    )
    return out


def cooperation_screen(state, seat: int, offer: dict) -> dict:
    """A proposal waits for its answer (ruling C2): the partner accepts or declines on their
    own phone, the builder may withdraw it, everyone else waits."""
    builder, partner = offer["player"], offer["partner"]
    payment = offer["partner_payment"]
    deal = {
        "builder": state.players[builder].name,
        "partner": state.players[partner].name,
        "building": building_name(offer["building"]),
        "size": BUILDINGS[offer["building"]][1],
        "payment": payment,
    }
    if seat == partner:
        accept = {"type": "cooperation_accepted", "player": seat}
        label = (
            _("Accept and pay %(payment)s Florin", payment=payment)
            if payment
            else _("Accept (you pay nothing)")
        )
        return {
            "name": "coop_answer",
            **deal,
            "money_after": state.players[seat].money - payment,
            "accept": _button(accept, label, primary=True, disabled=why_not(state, accept)),
            "decline": _button({"type": "cooperation_declined", "player": seat}, _("Decline")),
        }
    if seat == builder:
        return {
            "name": "coop_wait",
            **deal,
            "cost": building_cost(state.players[seat]),
            "withdraw": _button(
                {"type": "cooperation_declined", "player": seat}, _("Withdraw the proposal")
            ),
        }
    return {
        "name": "wait",
        "text": _(
            "%(builder)s proposes to build the %(building)s with %(partner)s, who would pay "
            "%(payment)s Florin. Waiting for %(partner)s.",
            builder=deal["builder"],
            building=deal["building"],
            partner=deal["partner"],
            payment=payment,
        ),
    }


def take_screen(state, seat: int, params: dict) -> dict | None:
    """Every Profession Palazzo knows except those this seat can see are out of the deck (its
    hand, the cards face up, the cards the table has turned up): the others' hands are
    secret, so cards in them stay in the list (the engine refuses them without saying where)."""
    if not _may_take_card(state, seat):
        return None
    seen = seen_out_of_deck(state, seat)
    options = [
        _button(
            {"type": "profession_taken", "player": seat, "profession": pid},
            card["name"],
            f"{card['building']} · {card['landscape']} · {card['freedom']}",
        )
        for pid in sorted(
            state.catalog.professions, key=lambda k: state.catalog.professions[k].name
        )
        if pid not in seen
        for card in [profession_card(state.catalog, pid)]
    ]
    return {"name": "take", "options": options, "cost": PROFESSION_CARD_COST}


def bonus_screen(state, seat: int, params: dict) -> dict | None:
    """All 20 Bonus cards, not only those left: which ones are gone is the others' secret."""
    if not _may_take_bonus(state, seat):
        return None
    c = counts_for_a_work(state, seat, bool(state.players[seat].hand))
    options = [
        _button(
            {"type": "bonus_card_taken", "player": seat, "card": card},
            bonus_text(card),
            _("worth %(value)s now", value=bonus_value(card, c)),
        )
        for card in BONUS_CARDS
    ]
    return {"name": "bonus", "options": options, "cost": BONUS_CARD_COST}


def recruit_screen(state, seat: int, params: dict) -> dict | None:
    buttons = _recruit_buttons(state, seat)
    return {"name": "recruit", "options": buttons} if buttons else None


def teach_screen(state, seat: int, params: dict, resend: dict | None, form: dict) -> dict | None:
    """Asks what Palazzo needs to know about a card, keeping the event to send afterwards."""
    target = params.get("for")
    if resend is None:  # drawn from the URL alone (a link, or a live refresh of the form)
        pending = (
            [
                x
                for x in state.auction["pending"]
                if x["player"] == seat and x["kind"] == "landscape"
            ]
            if state.phase == "auction"
            else []
        )
        if target == "profession_taken" and _may_take_card(state, seat):
            resend = {"type": "profession_taken", "player": seat}
            if params.get("profession"):
                resend["profession"] = params["profession"]
        elif (
            target == "landscape_placed"
            and pending
            and not state.grid
            and params.get("landscape") in LANDSCAPES
            and not state.catalog.landscape_cells.get(params["landscape"])
        ):
            resend = {"type": "landscape_placed", "player": seat, "landscape": params["landscape"]}
        elif target == "starting_hand_chosen" and state.phase == "setup":
            resend = {
                "type": "starting_hand_chosen",
                "player": seat,
                "professions": [
                    x for x in params.get("professions") or [] if x in state.catalog.professions
                ],
            }
        else:
            return None
    kind = resend.get("landscape")
    if resend.get("type") == "landscape_placed" and kind in LANDSCAPES and not state.grid:
        return {
            "name": "teach_landscape",
            "resend": resend,
            "kind": kind,
            "kind_name": landscape_name(kind),
            "cells": form.get("cells"),
        }
    pid = resend.get("profession")
    name = form.get("name") or (
        profession_name(state.catalog, pid) if isinstance(pid, str) and pid else ""
    )
    return {
        "name": "teach_profession",
        "resend": resend,
        "card": {
            "name": name,
            **{key: form.get(key) for key in NAME_KEYS.values()},
            "building": form.get("building"),
            "landscape": form.get("landscape"),
            "freedom": form.get("freedom"),
        },
        "then": {
            "profession_taken": _("take the card"),
            "starting_hand_chosen": _("add it to your starting hand"),
        }.get(resend.get("type"), _("send your move again")),
    }


def solo_turn_here(state, seat: int) -> bool:
    """In a solo game this panel serves only the player's own Action phase turn (embedded in
    the solo page); every other step, Wolfgang's above all, is on the solo page."""
    return seat == 0 and state.phase == "action" and state.turn == 0


def screen(state, seat: int, params: dict, *, resend=None, teach_form=None) -> dict:
    if is_solo(state) and not solo_turn_here(state, seat):
        return {"name": "solo"}
    if state.phase == "over":
        return {"name": "over"}
    if params.get("do") == "teach" or resend is not None:
        taught = teach_screen(state, seat, params, resend, teach_form or {})
        if taught is not None:
            return taught
    offer = cooperation_proposal(state)
    if offer is not None:
        return cooperation_screen(state, seat, offer)
    if params.get("do") == "professor":
        professor = characters.professor_screen(state, seat, _button)
        if professor is not None:
            return professor
    if state.phase == "setup":
        return setup_screen(state, seat, params)
    if state.phase == "auction":
        return auction_screen(state, seat, params)
    if state.phase == "character_auction":
        return characters.auction_screen(state, seat, params, _button)
    if state.phase == "banker_exchange":
        return characters.banker_screen(state, seat)
    if state.phase == "action":
        return action_screen(state, seat, params)
    return {"name": "wait", "text": _("The game has not started yet.")}


def status(state, seat: int) -> dict:
    p = state.players[seat]
    turn = current_player(state)
    if state.phase == "setup":
        turn_text = _("Choose your starting hand") if not p.hand else _("Waiting for the others")
    elif cooperation_proposal(state) is not None:
        offer = cooperation_proposal(state)
        turn_text = (
            _("Your answer")
            if offer["partner"] == seat
            else _("Waiting for %(name)s's answer", name=state.players[offer["partner"]].name)
        )
    elif turn is None:
        turn_text = ""
    elif turn == seat:
        turn_text = _("Your turn")
    else:
        turn_text = _("%(name)s's turn", name=state.players[turn].name)
    return {
        "name": p.name,
        "money": p.money,
        "fame": p.fame,
        "round": state.round,
        "minimum": MINIMUM_WORK_VALUE.get(state.round),
        "phase": phase_name(state.phase),
        "turn": turn_text,
        "my_turn": turn == seat
        and state.phase in ("auction", "action", "character_auction", "banker_exchange"),
        "actions_left": max(actions_allowed(state, seat) - p.actions, 0)
        if state.phase == "action" and state.turn == seat
        else None,
    }


def sell_offer(state, seat: int) -> dict | None:
    p = state.players[seat]
    if (
        p.fame <= 0
        or not selling_allowed(state)
        or (is_solo(state) and seat != 0)
        or state.phase not in ("setup", "auction", "action")
    ):
        return None
    return {"max": p.fame, "rate": FLORIN_PER_FAME_SOLD}
