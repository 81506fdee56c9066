"""What a phone must not miss between two events of the log: a money or Fame check the table
asked for, and a card another phone claims from this seat's starting hand. Neither is an event,
so no seq moves for them: the phone's alerts ask again when the game's stream is nudged (a check
opened or closed, a card claimed: companion/web/live.py `nudge`) and every `POLL` seconds in
case a nudge never came, and answer "nothing new" (204) while nothing changed, so a banner is
drawn (and read out, and buzzes) once. Also the claims themselves: a card two phones claim,
counted without saying where it is.
"""

from __future__ import annotations

import hashlib

from flask import render_template

from companion.core.lang import N_, _, ngettext
from companion.games.princes.rules import Refusal, in_play
from companion.games.princes.rules.catalog import STARTING_HAND
from companion.games.princes.words import profession_name
from companion.web.for_games import NUDGED_EVERY, get_store, get_table, nudge

from .counting import OPEN_CHECK, get_counts

POLL = NUDGED_EVERY  # seconds between two looks of a phone's alerts that no nudge asked for


def alerts(
    game_id: str, state, seat: int, *, scribe: bool = False, checks: dict | None = None
) -> dict:
    """The alerts of one seat's phone: the open checks (track -> its key, for one buzz per
    check; `checks` when the caller read them already), the notices of cards claimed, and a
    key of all of it (what the phone last drew)."""
    if checks is None:
        checks = get_counts().opened(game_id)
    clashes = clash_notices(game_id, state, seat)
    key = hashlib.sha256(repr((sorted(checks.items()), clashes)).encode()).hexdigest()[:16]
    return {
        "checks": [
            {"track": t, "key": k, "text": _(OPEN_CHECK[t])}
            for t, k in sorted(checks.items())
            if t in OPEN_CHECK
        ],
        "clashes": clashes,
        "open": sorted(checks),  # the open tracks (the panel's links to the checks say so)
        "key": key,
        "poll": None if scribe else POLL,  # the host's device asks its own page
        "game_id": game_id,
        "seat": seat,
        "scribe": scribe,
    }


def render_alerts(game_id: str, seat: int, seen: str | None):
    """The alerts fragment for the phone's poll, or 204 when it still shows these."""
    state = get_table().state(game_id)
    data = alerts(game_id, state, seat)
    if seen and seen == data["key"]:
        return "", 204
    return render_template("princes/phone/_alerts.html", alerts=data)


# -- a card two phones claim ----------------------------------------------------------------------

CLASHES_KEY = "card_clashes"  # game meta: {profession id: the seat that claimed it last}


CLAIMS_KEY = "impossible_claims"  # game meta: {seat: how many cards it claimed from a hand}


def card_clash(game_id: str, seat: int, refusal: Refusal, event: dict) -> Refusal:
    """A starting hand that claims a card another phone already kept: one of the two phones
    mis-ticked. Say how to fix it in words that never say where the card is (with two players
    "another phone" would name the opponent), and ask the phone that kept it to check too (its
    panel shows a notice until the card leaves its hand)."""
    if event.get("type") == "profession_taken":
        return impossible_claim(game_id, seat, refusal, event)
    if event.get("type") != "starting_hand_chosen":
        return refusal
    state = get_table().state(game_id)
    wanted = event.get("professions") if isinstance(event.get("professions"), list) else []
    taken = [p for p in wanted if isinstance(p, str) and p in state.catalog.professions]
    taken = [p for p in taken if in_play(state, p)]
    if not taken:
        return refusal
    clashed = dict.fromkeys(taken[:STARTING_HAND], seat)
    get_store().update_meta(game_id, CLASHES_KEY, lambda old: {**(old or {}), **clashed})
    nudge(game_id, "alerts")  # every phone's alerts say it now
    name = profession_name(state.catalog, taken[0])
    return Refusal(
        refusal.code,
        N_(
            "Palazzo cannot put the %(card)s in your starting hand: by what the table recorded, "
            "it is not in the deck. Check the cards you were dealt. If you hold no %(card)s, "
            "untick it and tick your own card. If you do hold it, a card was ticked wrong: "
            "Palazzo asks the table to check, and whoever ticked a card they do not hold undoes "
            "their hand (or asks the host to)."
        ),
        card=name,
    )


def impossible_claim(game_id: str, seat: int, refusal: Refusal, event: dict) -> Refusal:
    """A card taken that the log places out of the deck: the engine's refusal says only that
    it cannot be so, in the same words wherever the card is. At a real table a player claiming
    cards out of others' hands would be seen doing it: every phone is told how often this seat
    did (never which cards). Every such claim is counted, a card of the seat's own hand or face
    up too, so neither the words nor the work done (and so the time taken) tell a hidden card
    from a seen one (tests/games/princes/web/test_phone_probing.py)."""
    state = get_table().state(game_id)
    pid = event.get("profession")
    if not isinstance(pid, str) or not in_play(state, pid):
        return refusal

    def counted(old) -> dict:
        claims = dict(old or {})
        claims[str(seat)] = int(claims.get(str(seat), 0)) + 1
        return claims

    get_store().update_meta(game_id, CLAIMS_KEY, counted)
    nudge(game_id, "alerts")  # every phone's alerts say it now
    return refusal


def claim_notices(game_id: str, state) -> list[str]:
    """For every phone: who claimed a Profession card the record places elsewhere, and how
    often, so probing the others' hands card by card is seen by the whole table."""
    record_ = get_store().game(game_id)
    claims = (record_.meta if record_ else {}).get(CLAIMS_KEY) or {}
    out = []
    for s, n in sorted(claims.items()):
        if not str(s).isdigit() or int(s) >= len(state.players):
            continue
        out.append(
            ngettext(
                "%(name)s has named once a Profession card Palazzo could not give them: the "
                "table may want to look at the cards drawn.",
                "%(name)s has named %(num)d times a Profession card Palazzo could not give "
                "them: the table may want to look at the cards drawn.",
                int(n),
                name=state.players[int(s)].name,
            )
        )
    return out


def clash_notices(game_id: str, state, seat: int) -> list[str]:
    """What this seat's phone is asked to check: a card it kept that another phone claims,
    and (for everyone) the cards somebody claimed out of a hidden hand."""
    if state.phase != "setup":
        return claim_notices(game_id, state)
    record_ = get_store().game(game_id)
    clashes = (record_.meta if record_ else {}).get(CLASHES_KEY) or {}
    hand = state.players[seat].hand
    return [
        _(
            "Another player says the %(card)s was dealt to them, and your phone kept it in your "
            "starting hand. Check your cards: if you do not hold the %(card)s, undo your "
            "starting hand (or ask the host to) and choose again.",
            card=profession_name(state.catalog, pid),
        )
        for pid, claimant in clashes.items()
        if pid in hand and claimant != seat
    ]
