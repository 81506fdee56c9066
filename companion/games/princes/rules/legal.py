"""What a seat may do right now, as ready-made events: the phone's buttons come from here.

Every option is checked by trying it on a copy of the state, so the buttons can never offer
something the rules would then refuse.
"""

from __future__ import annotations

from .actions import building_cost
from .auction import available_objects, is_last_player, landscape_choices
from .catalog import (
    BONUS_CARDS,
    BUILDINGS,
    FREEDOMS,
    PRESTIGE_CARDS,
    RAISE,
    RECRUITING_CARD,
)
from .checks import means, opening_bid
from .editions import last_player_price
from .engine import apply_in_place
from .module import Event, gather, some
from .principality import open_squares, placement
from .refusals import Refusal
from .state import GameState, Player
from .work import work_value


def candidate_events(
    state: GameState,
    seat: int,
    *,
    professions: list[str] | None = None,
    bonus_cards: list[str] | None = None,
) -> list[dict]:
    """Plausible events for `seat` now; `professions`/`bonus_cards` are the cards the table may
    draw from (the app cannot see the physical decks, so callers say what was drawn)."""
    if seat >= state.n or some(state, "automated", seat):
        return []
    out: list[dict] = []
    if state.phase == "auction":
        out += _auction_candidates(state, seat)
    if state.phase == "action" and state.turn == seat:
        out += _action_candidates(state, seat, professions, bonus_cards)
    out += gather(state, "candidates", seat)
    return allowed_events(state, out)


def _auction_candidates(state: GameState, seat: int) -> list[dict]:
    """In the auctions: placing or choosing what this seat won, bidding on the auction it is
    to answer, or opening the next one."""
    p = state.players[seat]
    out: list[dict] = []
    a = state.auction
    for item in a["pending"]:
        if item["player"] != seat:
            continue
        if item["kind"] == "prestige":
            out += [
                {"type": "prestige_card_chosen", "player": seat, "card": c}
                for c in state.prestige_deck[:5]
            ]
        else:
            for kind in landscape_choices(state, item["object"]):
                ev = {"type": "landscape_placed", "player": seat, "landscape": kind}
                if state.grid:
                    size = state.catalog.landscape_cells.get(kind) or 3
                    cells = find_cells(p, size, building=False)
                    if cells is None:
                        continue
                    ev["cells"] = cells
                out.append(ev)
    cur = a["current"]
    if cur and cur["turn"] == seat and not a["pending"]:
        out.append({"type": "bid_raised", "player": seat, "amount": cur["bid"] + RAISE})
        out.append({"type": "bid_passed", "player": seat})
    if not cur and a["opener"] == seat and not a["pending"]:
        kind = "last_player_took" if is_last_player(state, seat) else "auction_opened"
        out += [{"type": kind, "player": seat, "object": o} for o in available_objects(state, seat)]
        out.append(
            {
                "type": "last_player_declined" if kind == "last_player_took" else "auctions_left",
                "player": seat,
            }
        )
    return out


def _action_candidates(
    state: GameState, seat: int, professions: list[str] | None, bonus_cards: list[str] | None
) -> list[dict]:
    """On this seat's action turn: Works, Buildings, Professions and Bonus cards taken from
    what the table drew, Freedoms, the Recruiting card, the turn's end."""
    p = state.players[seat]
    out: list[dict] = []
    for pid in dict.fromkeys(h for h in p.hand if h != RECRUITING_CARD):
        if pid in state.catalog.professions:
            wv = work_value(state, seat, pid, p.bonus_cards)
            out.append(
                {
                    "type": "work_completed",
                    "player": seat,
                    "profession": pid,
                    "bonus_cards": list(p.bonus_cards),
                    "prestige": wv["total"] // 4,
                }
            )
    for b in BUILDINGS:
        ev = {"type": "building_built", "player": seat, "building": b}
        if state.grid and b not in p.buildings:
            cells = find_cells(p, BUILDINGS[b][1], building=True)
            if cells is None:
                continue
            ev["cells"] = cells
        out.append(ev)
    for pid in professions or []:
        out.append({"type": "profession_taken", "player": seat, "profession": pid})
    out += [{"type": "freedom_introduced", "player": seat, "freedom": f} for f in FREEDOMS]
    cards = bonus_cards if bonus_cards is not None else state.bonus_deck[:1]
    out += [{"type": "bonus_card_taken", "player": seat, "card": c} for c in cards]
    if RECRUITING_CARD in p.hand:
        for other in range(state.n):
            if other != seat:
                out += [
                    {
                        "type": "recruiting_card_used",
                        "player": seat,
                        "from_player": other,
                        "profession": t,
                    }
                    for t in dict.fromkeys(state.players[other].table)
                    if t != RECRUITING_CARD
                ]
    out.append({"type": "turn_ended", "player": seat})
    return out


def allowed(state: GameState, event: Event) -> bool:
    try:
        apply_in_place(state.clone(), event)
    except Refusal:
        return False
    return True


def allowed_events(state: GameState, events: list[Event]) -> list[Event]:
    """The events the engine accepts now, each tried on a copy of `state`. A refused event
    leaves its copy untouched (handlers check everything first), so the next one is tried on
    the same copy: a copy per accepted event, not per candidate (every screen asks this)."""
    out = []
    work = None
    for ev in events:
        if work is None:
            work = state.clone()
        try:
            apply_in_place(work, ev)
        except Refusal:
            continue
        out.append(ev)
        work = None
    return out


def find_cells(player: Player, size: int, *, building: bool) -> list | None:
    """A placement the engine accepts for a piece of `size` squares, if there is any: an exact
    search (`principality.placement` over the squares the piece may cover), so a menu built
    from it offers every piece that fits somewhere (tests/games/princes/test_grid_placements.py)."""
    return placement(open_squares(player, building=building), size)


def affordable_bid(state: GameState, seat: int) -> int | None:
    """The raise a paddle offers, if the seat can back it."""
    cur = state.auction["current"]
    if not cur:
        price = last_player_price(state) if is_last_player(state, seat) else opening_bid(state)
        return price if means(state, seat) >= price else None
    nxt = cur["bid"] + RAISE
    return nxt if means(state, seat) >= nxt else None


__all__ = [
    "candidate_events",
    "allowed",
    "find_cells",
    "affordable_bid",
    "building_cost",
    "BONUS_CARDS",
    "PRESTIGE_CARDS",
]
