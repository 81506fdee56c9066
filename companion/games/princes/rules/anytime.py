"""What may happen outside the turn order: recruiting, selling fame, teaching, corrections."""

from __future__ import annotations

from .catalog import (
    FLORIN_PER_FAME_SOLD,
    LANDSCAPES,
    PROFESSION_TAUGHT_KEYS,
    RECRUITING_CARD,
    CatalogError,
    profession_from_dict,
)
from .checks import seat, selling_allowed, whole
from .module import Event, every, some
from .principality import empty_spaces
from .refusals import N_, Named, refuse
from .state import GameState
from .work import profession_named


def recruiting_card_used(state: GameState, ev: Event) -> None:
    s, src, pid = check_recruiting(state, ev)
    recruit(state, s, src, pid)


def check_recruiting(state: GameState, ev: Event) -> tuple[int, int, str]:
    """(recruiter, opponent, Profession) once everything about the recruiting is checked."""
    s = seat(state, ev)
    src = seat(state, ev, "from_player")
    other = state.players[src]
    check_recruiter(state, s)
    if src == s:
        refuse("not_opponent", N_("Recruit from an opponent's table, not your own"))
    pid = ev.get("profession")
    if not isinstance(pid, str) or pid == RECRUITING_CARD or pid not in other.table:
        refuse(
            "not_on_table",
            N_("%(name)s has no face-up %(card)s on the table"),
            name=other.name,
            card=profession_named(state, pid),
        )
    return s, src, pid


def recruit(state: GameState, s: int, src: int, pid: str) -> None:
    p, other = state.players[s], state.players[src]
    p.hand.remove(RECRUITING_CARD)
    p.hand.append(pid)
    other.table[other.table.index(pid)] = RECRUITING_CARD


def check_recruiter(state: GameState, s: int) -> None:
    """Who may use a Recruiting card now (ruling 4): its owner, right after acquiring it in
    the Auction phase, or on their own turn in the Action phase."""
    p = state.players[s]
    if RECRUITING_CARD not in p.hand:
        refuse("no_recruiting_card", N_("%(name)s has no Recruiting card in hand"), name=p.name)
    if state.phase == "auction" and p.acquired != RECRUITING_CARD:
        refuse(
            "not_your_turn",
            N_(
                "In the Auction phase a Recruiting card is used right after it "
                "is acquired; otherwise on your own turn in the Action phase"
            ),
        )
    if state.phase == "action" and state.turn is not None and state.turn != s:
        refuse(
            "not_your_turn",
            N_("Use a Recruiting card on your own turn (it is %(name)s's)"),
            name=state.players[state.turn].name,
        )


def fame_sold(state: GameState, ev: Event) -> None:
    s = seat(state, ev)
    if not selling_allowed(state):
        refuse("selling_forbidden", N_("With The Muse and the Princess fame cannot be sold"))
    points = whole(ev, "points", 1)
    p = state.players[s]
    if points > p.fame:
        refuse(
            "not_enough_fame",
            N_("%(name)s has %(fame)s PP: fame never goes below 0"),
            name=p.name,
            fame=p.fame,
        )
    p.fame -= points
    p.money += points * FLORIN_PER_FAME_SOLD


def correction(state: GameState, ev: Event) -> None:
    if ev.get("by", "host") != "host":
        refuse("host_only", N_("Only the host records corrections"))
    s = seat(state, ev)
    money, fame = ev.get("money", 0), ev.get("fame", 0)
    reason = ev.get("reason")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (money, fame)):
        refuse("bad_correction", N_("A correction changes money and fame by whole numbers"))
    if money % 100:
        refuse("bad_correction", N_("Money comes in 100 Florin"))
    if not isinstance(reason, str) or not reason.strip():
        refuse("bad_correction", N_("Say why: a correction needs a reason"))
    p = state.players[s]
    owes = some(state, "fame_may_go_negative", s)
    if p.money + money < 0 or (p.fame + fame < 0 and not owes):
        refuse(
            "bad_correction",
            N_("%(name)s would have %(money)s Florin and %(fame)s PP: neither may go below 0"),
            name=p.name,
            money=p.money + money,
            fame=p.fame + fame,
        )
    cur = state.auction.get("current") if state.phase == "auction" else None
    if cur and cur["bidder"] == s and cur["bid"] > (p.money + money) + 100 * (p.fame + fame):
        refuse(
            "bad_correction",
            N_("%(name)s could no longer pay the standing bid of %(bid)s"),
            name=p.name,
            bid=cur["bid"],
        )
    p.money += money
    p.fame += fame


def profession_taught(state: GameState, ev: Event) -> None:
    """The table teaches a Profession card's three preferences; the log keeps them."""
    pid = ev.get("profession")
    data = {k: ev.get(k) for k in PROFESSION_TAUGHT_KEYS}
    data["source"] = ev.get("source", "taught at the table")
    try:
        entry = profession_from_dict(pid, data)
        catalog = state.catalog.merged({"professions": {pid: entry.to_dict()}})
    except CatalogError as e:
        refuse("bad_catalog_entry", e.template, **e.params)
    state.taught.setdefault("professions", {})[pid] = entry.to_dict()
    state.catalog = catalog


def landscape_taught(state: GameState, ev: Event) -> None:
    kind, size = ev.get("landscape"), ev.get("cells")
    if (
        kind not in LANDSCAPES
        or not isinstance(size, int)
        or isinstance(size, bool)
        or not 1 <= size <= 12
    ):
        refuse(
            "bad_catalog_entry",
            N_("Teach a Landscape as {landscape: forest|lake|park, cells: 1..12}"),
        )
    _check_size_fits_the_table(state, kind, size)
    state.taught.setdefault("landscape_cells", {})[kind] = size
    state.catalog = state.catalog.merged({"landscape_cells": {kind: size}})


def _check_size_fits_the_table(state, kind: str, size: int):
    """A taught size must agree with what is already placed: on a grid the tiles show their
    size; without one, no Principality may end up with fewer than 0 empty squares."""
    name = Named("landscapes", kind, kind.title())
    if state.grid:
        placed = sorted(
            {len(cells) for p in state.players for piece, cells in p.pieces if piece == kind}
        )
        if placed and placed != [size]:
            refuse(
                "bad_catalog_entry",
                N_("The %(landscape)s tiles on the table cover %(placed)s squares, not %(size)s"),
                landscape=name,
                placed=placed[0],
                size=size,
            )
        return
    cells = dict(state.catalog.landscape_cells, **{kind: size})
    for i, p in enumerate(state.players):
        if not every(state, "placing_rules_apply", i):
            continue  # Wolfgang is not bound by the placing rules (Solo rules)
        empty = empty_spaces(p, False, cells)
        if empty is not None and empty < 0:
            refuse(
                "bad_catalog_entry",
                N_("A %(landscape)s of %(size)s squares would not fit in %(name)s's Principality"),
                landscape=name,
                size=size,
                name=p.name,
            )
