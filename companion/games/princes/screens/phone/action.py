"""The phone in the Action phase: its menu, and the screens of each action (a Work, a
Building, a card taken, a Bonus card, recruiting)."""

from __future__ import annotations

from companion.core.lang import N_, _
from companion.games.princes.rules import (
    actions_allowed,
    bonus_value,
    bonus_values_now,
    building_cost,
    candidate_events,
    cooperation_in_game,
    counts_for_a_work,
    seen_out_of_deck,
    work_value,
)
from companion.games.princes.rules.catalog import (
    BONUS_CARD_COST,
    BONUS_CARDS,
    BORDER_FACING,
    BUILDINGS,
    FLORIN_PER_FAME_SOLD,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    FREEDOM_COST,
    MINIMUM_WORK_VALUE,
    PROFESSION_CARD_COST,
    RECRUITING_CARD,
    WORK_VALUE,
)
from companion.games.princes.words import bonus_name as bonus_text
from companion.games.princes.words import (
    building_name,
    freedom_name,
)
from companion.games.princes.words import object_name as landscape_name

from .. import characters
from .cooperation import coop_screen
from .pieces import _acting, _button, _grid_input, _recruit_buttons, profession_card, why_not


def action_screen(state, seat: int, params: dict) -> dict:
    p = state.players[seat]
    if state.turn != seat:
        who = state.players[state.turn].name if state.turn is not None else _("nobody")
        return {"name": "wait", "text": _("%(name)s is taking their turn.", name=who)}
    draw = ACTION_SCREENS.get(params.get("do")) if _acting(state, seat) else None
    chosen = draw(state, seat, params) if draw is not None else None
    if chosen is not None:
        return chosen
    candidates = candidate_events(state, seat, professions=[], bonus_cards=[])
    left = max(actions_allowed(state, seat) - p.actions, 0)
    # What the engine would accept with the money for it: shown disabled, with what it needs,
    # rather than hidden (a player at 0 Florin still sees Build and can sell fame first).
    rich = _with_money(state, seat) if left else state
    rich_candidates = candidate_events(rich, seat, professions=[], bonus_cards=[]) if left else []
    freedoms = [
        _button(e, freedom_name(e["freedom"]))
        for e in candidates
        if e["type"] == "freedom_introduced"
    ] or [
        _button(e, freedom_name(e["freedom"]), disabled=_needs(p, FREEDOM_COST))
        for e in rich_candidates
        if e["type"] == "freedom_introduced"
    ]
    end = _button({"type": "turn_ended", "player": seat}, _("End my turn"), primary=not left)
    return {
        "name": "actions",
        "left": left,
        "menu": _menu(state, seat, candidates, rich, rich_candidates) if left else [],
        "freedoms": freedoms,
        "end": end,
        "freedom_cost": FREEDOM_COST,
    }


def _menu(state, seat: int, candidates: list, rich, rich_candidates: list) -> list[dict]:
    """The actions open to the seat now, and those only money keeps closed (disabled, saying
    what they need)."""
    p = state.players[seat]
    menu = _work_entry(state, seat, candidates)
    cost = building_cost(p)
    menu += _offered(
        any(e["type"] == "building_built" for e in candidates),
        any(e["type"] == "building_built" for e in rich_candidates),
        {"do": "build", "label": _("Build a Building")},
        p,
        cost,
    )
    if any(e["type"] == "cooperation_proposed" for e in candidates):
        menu.append(
            {
                "do": "coop",
                "label": _("Build with a neighbour"),
                "hint": _("%(cost)s Florin, less what they pay you", cost=cost),
            }
        )
    menu += _offered(
        _may_take_card(state, seat),
        _may_take_card(rich, seat),
        {"do": "take", "label": _("Take a Profession card")},
        p,
        PROFESSION_CARD_COST,
    )
    menu += _offered(
        _may_take_bonus(state, seat),
        _may_take_bonus(rich, seat),
        {"do": "bonus", "label": _("Acquire a Bonus card")},
        p,
        BONUS_CARD_COST,
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
    return menu


def _work_entry(state, seat: int, candidates: list) -> list[dict]:
    """Complete a Work: offered while the hand holds a Profession card, highlighted when one
    reaches the round's minimum."""
    works = [
        pid
        for pid in dict.fromkeys(state.players[seat].hand)
        if pid != RECRUITING_CARD and pid in state.catalog.professions
    ]
    if not works:
        return []
    legal_work = any(e["type"] == "work_completed" for e in candidates)
    minimum = MINIMUM_WORK_VALUE[state.round]
    return [
        {
            "do": "work",
            "label": _("Complete a Work"),
            "primary": legal_work,
            "hint": "" if legal_work else _("none reaches %(minimum)s yet", minimum=minimum),
        }
    ]


def _offered(now: bool, with_money: bool, entry: dict, p, cost: int) -> list[dict]:
    """An action's menu entry with its price: open now, or shown disabled with what it needs
    when only money keeps it closed."""
    if now:
        return [{**entry, "hint": _("%(cost)s Florin", cost=cost)}]
    if with_money:
        return [_unaffordable(entry["do"], entry["label"], p, cost)]
    return []


def _with_money(state, seat: int):
    """A copy of the state where `seat` has money enough for any action: what the engine would
    accept then, and not now, is what the money is short for."""
    rich = state.clone()
    rich.players[seat].money += 10**6
    return rich


def _needs(p, cost: int) -> str:
    """Why an action is disabled: the Florin it needs, and selling fame when that would do."""
    if p.money + p.fame * FLORIN_PER_FAME_SOLD >= cost:
        return _("needs %(cost)s Florin: sell fame first", cost=cost)
    return _("needs %(cost)s Florin", cost=cost)


def _unaffordable(do: str, label: str, p, cost: int) -> dict:
    return {
        "do": do,
        "label": label,
        "hint": _("%(cost)s Florin", cost=cost),
        "disabled": _needs(p, cost),
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
    borders = border_choices(state, seat, sorted(legal), params.get("border"))
    at = next((b["id"] for b in borders if b["chosen"]), None)
    options = []
    for b, (_name, size) in BUILDINGS.items():
        if b in legal:
            event = {"type": "building_built", "player": seat, "building": b}
            options.append(
                {
                    "id": b,
                    "name": building_name(b),
                    "size": size,
                    "cost": cost,
                    "event": {**event, "border": at} if at else event,
                }
            )
    chosen = params.get("building") if params.get("building") in legal else None
    out = {
        "name": "build",
        "options": options,
        "grid": state.grid,
        "cost": cost,
        "borders": borders,
    }
    if chosen and state.grid:
        out["composer"] = {
            "event": {"type": "building_built", "player": seat, "building": chosen},
            "what": building_name(chosen),
            "size": BUILDINGS[chosen][1],
            "key": f"build-{chosen}",
            **_grid_input(state, seat, params),
        }
    return out


BORDER_WORDS = {  # where a Building built alone lies on the shared board (Cooperative Building)
    None: N_("Away from the neighbours' borders"),
    "empty": N_("Along a neighbour's border, nothing on their side"),
    "landscape": N_("Along a neighbour's border, a Landscape on their side"),
    "building": N_("Along a neighbour's border, a Building on their side"),
}


def border_choices(state, seat: int, legal: list[str], border: object) -> list[dict]:
    """With Cooperative Building: where the Building built alone lies, each place the engine
    accepts for these Builders by the game's rulebook (a Building there, or a Landscape by the
    2022 book, needs 2 Builders). Empty in other games."""
    if not (cooperation_in_game(state) and legal):
        return []
    places = [None] + [
        f
        for f in BORDER_FACING
        if why_not(
            state, {"type": "building_built", "player": seat, "building": legal[0], "border": f}
        )
        is None
    ]
    chosen = border if border in places else None
    return [{"id": f, "label": _(BORDER_WORDS[f]), "chosen": f == chosen} for f in places]


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


# The screen of each action the menu leads to.
ACTION_SCREENS = {
    "work": work_screen,
    "build": build_screen,
    "coop": coop_screen,
    "take": take_screen,
    "bonus": bonus_screen,
    "recruit": recruit_screen,
    "princess": princess_screen,
}
