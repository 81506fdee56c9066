"""The pieces every phone screen is made of: names, the little params a screen keeps, the engine
asked politely, a seat's hand, grid and cards. Plain data for templates/princes/phone/."""

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
    bonus_values_now,
    buildings_of,
    covered,
    empty_spaces,
    is_solo,
    prestige_points,
    principality_counts,
    work_value,
)
from companion.games.princes.rules.catalog import (
    BORDER_FACING,
    BUILDINGS,
    GRID_SIZE,
    LANDSCAPES,
    MINIMUM_WORK_VALUE,
    PRESTIGE_CARDS,
    RECRUITING_CARD,
    CatalogError,
)
from companion.games.princes.words import bonus_name as bonus_text
from companion.games.princes.words import (
    building_name,
    freedom_name,
    prestige_name,
    profession_name,
)
from companion.games.princes.words import object_name as landscape_name
from companion.web.for_games import refusal_message

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
        "border",
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
        border = {"border": event["border"]} if event.get("border") in BORDER_FACING else {}
        return {"do": "build", "building": event.get("building"), **border}
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


def prestige_cards_held(state, seat: int, all_counts: dict | None = None) -> list[dict]:
    """`all_counts`: `principality_counts(state)` when the caller has it (the same for every
    seat at one seq)."""
    if all_counts is None:
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
