"""A Firenze phone's or host's form, read into one event; the seat comes from the session.

Bricks are entered as counts per colour (how many white, yellow, ...) or as one colour per
select where it matters which brick went where (a card's cost, brick by brick on the cards to
its left; the new bricks a card gets); a value that is not even the right kind is a FormError,
told like a refusal. Whether the event is legal is the engine's business, not this module's.
"""

from __future__ import annotations

import re

from companion.core.lang import N_
from companion.core.refusal import FormError
from companion.games.firenze.rules.catalog import (
    CARD_KINDS,
    COLOURS,
    MAX_BRICKS_PER_TURN,
    ROW_SIZE,
    TOTAL_BRICKS,
)
from companion.games.firenze.rules.refusals import named_colour

from .names import card_id

MAX_COUNT = 20
MAX_SEATS = 4
SOURCE = re.compile(r"hand:[0-3]|discard")


def _int(form, key: str, low: int = 0, high: int = 99) -> int:
    raw = str(form.get(key, "")).strip()
    if not raw.lstrip("-").isdigit() or not low <= int(raw) <= high:
        raise FormError(N_("Enter a whole number from %(low)s to %(high)s"), low=low, high=high)
    return int(raw)


def _colour(form, key: str) -> str:
    value = str(form.get(key, ""))
    if value not in COLOURS:
        raise FormError(N_("Choose a brick colour"))
    return value


def counts(form, prefix: str) -> list[str]:
    """Number inputs `<prefix>_<colour>` -> a list of bricks, colours in the board's order."""
    out: list[str] = []
    for colour in COLOURS:
        raw = str(form.get(f"{prefix}_{colour}", "") or "0").strip()
        if not raw.isdigit() or int(raw) > MAX_COUNT:
            raise FormError(
                N_("How many %(colour)s bricks? A whole number from 0 to %(max)s"),
                colour=named_colour(colour),
                max=MAX_COUNT,
            )
        out += [colour] * int(raw)
    return out


def _selects(form, prefix: str, n: int) -> list[str]:
    return [str(form.get(f"{prefix}_{i}")) for i in range(n) if form.get(f"{prefix}_{i}")]


def payment(form) -> list[str]:
    """A card's cost as placed: `pay_<k>` is the colour of the brick put on card k of the row,
    so the list is in row order from the left (the event's `payment`, ruling F17)."""
    placed = {k: str(form.get(f"pay_{k}")) for k in range(1, ROW_SIZE) if form.get(f"pay_{k}")}
    out = []
    for k in range(1, len(placed) + 1):
        if k not in placed:
            raise FormError(N_("Choose the colour of the brick on card %(position)s"), position=k)
        if placed[k] not in COLOURS:
            raise FormError(N_("Choose a brick colour"))
        out.append(placed[k])
    return out


def seat_event(form, seat: int) -> dict:
    """The event a seat's form asks for, always for that seat."""
    action = str(form.get("action", ""))
    if action == "take":
        return {
            "type": "card_taken",
            "player": seat,
            "position": _int(form, "position", 1, ROW_SIZE),
            "payment": payment(form),
        }
    if action == "reveal":
        return reveal(form)
    if action == "exchange":
        return {
            "type": "bricks_exchanged",
            "player": seat,
            "position": _int(form, "position", 1, 6),
            "give": counts(form, "give"),
            "take": _colour(form, "take"),
        }
    if action == "build":
        return {
            "type": "towers_built",
            "player": seat,
            "build": build_items(form),
            "cost": counts(form, "cost"),
        }
    if action == "fulfil":
        return {
            "type": "commission_fulfilled",
            "player": seat,
            "tower": _int(form, "tower", 1, 999),
        }
    if action == "play":
        return played(form, seat)
    if action == "church":
        return {
            "type": "church_card_fulfilled",
            "player": seat,
            "card": _card(form),
            **_effect(form, seat),
        }
    if action == "monument":
        return monument(form, seat)
    if action == "end":
        return {
            "type": "turn_ended",
            "player": seat,
            "surrender": counts(form, "surrender"),
            "discard": [str(x)[:80] for x in form.getlist("discard")][:10],
        }
    raise FormError(N_("That is not something this screen can record"))


def reveal(form) -> dict:
    kind = str(form.get("kind", ""))
    if kind not in CARD_KINDS:
        raise FormError(N_("Choose the card's kind (the symbol at its top left)"))
    return {
        "type": "card_revealed",
        "card": {"name": _card(form, "name"), "kind": kind, "start": bool(form.get("start"))},
        "bricks": _selects(form, "brick", 4),
    }


def build_items(form) -> list[dict]:
    items = []
    for key in form:
        if key.startswith("add_") and key[4:].isdigit() and str(form.get(key) or "0") != "0":
            colour = _colour(form, f"colour_{key[4:]}")
            items.append({"tower": int(key[4:]), "colour": colour, "bricks": _int(form, key, 0, 6)})
    for i in range(MAX_BRICKS_PER_TURN):  # as many new towers as bricks may be built
        if str(form.get(f"new_bricks_{i}") or "0") != "0":
            item = {
                "colour": _colour(form, f"new_colour_{i}"),
                "bricks": _int(form, f"new_bricks_{i}", 0, 6),
            }
            if form.get(f"new_bell_{i}"):
                item["bell"] = True
            items.append(item)
    return items


def _card(form, key: str = "card") -> str:
    """The card's name as the engine knows it: a name typed in the reader's edition is the
    same card as its English name (firenze_names.card_id)."""
    value = " ".join(str(form.get(key, "")).split())
    if not value or len(value) > 40:
        raise FormError(N_("Name the card as printed on it"))
    return card_id(value)


def _effect(form, seat: int) -> dict:
    """What a card without printed text did, as the phone records it: bricks between the pouch
    and each player's storehouse, bricks from one player to another, Prestige won or lost by
    each player, and Celebration cards of yours it discards (the Patrician)."""
    moves = []
    pp: dict[str, int] = {}
    for s in range(MAX_SEATS):
        prefix = "" if s == seat else f"p{s}_"
        moves += [
            {"source": "pouch", "to": f"storehouse:{s}", "colour": c, "count": 1}
            for c in counts(form, prefix + "gain")
        ]
        moves += [
            {"source": f"storehouse:{s}", "to": "pouch", "colour": c, "count": 1}
            for c in counts(form, prefix + "lose")
        ]
        if str(form.get(prefix + "pp", "")).strip() and (
            delta := _int(form, prefix + "pp", -99, 99)
        ):
            pp[str(s)] = delta
    passed = counts(form, "xfer")
    if passed:
        source, to = (
            _int(form, "xfer_from", 0, MAX_SEATS - 1),
            _int(form, "xfer_to", 0, MAX_SEATS - 1),
        )
        moves += [
            {"source": f"storehouse:{source}", "to": f"storehouse:{to}", "colour": c, "count": 1}
            for c in passed
        ]
    discard = [" ".join(str(x).split())[:40] for x in form.getlist("celebration")][:10]
    effect: dict = {}
    if moves:
        effect["moves"] = moves
    if pp:
        effect["pp"] = pp
    if discard:
        effect["discard"] = discard
    return {"effect": effect} if effect else {}


def monument(form, seat: int) -> dict:
    """The Monument came to this seat: from another player's hand or the discard pile."""
    source = str(form.get("source", ""))
    if not SOURCE.fullmatch(source):
        raise FormError(N_("Say where the Monument came from: another player or the discard pile"))
    return {"type": "monument_received", "player": seat, "source": source}


def played(form, seat: int) -> dict:
    card = _card(form)
    ev: dict = {"type": "card_played", "player": seat, "card": card}
    if card in ("Princess", "Mason"):
        return ev
    if card == "Wholesaler":
        return {
            **ev,
            "position": _int(form, "position", 1, ROW_SIZE),
            # one select per brick the card holds (the phone asks for exactly that many)
            "bricks": _selects(form, "brick", TOTAL_BRICKS),
        }
    if card == "Storehouse Fire":
        return {**ev, "bricks": counts(form, "bricks")}
    if card == "Smuggler":
        return {
            **ev,
            "target": _int(form, "target", 0, 3),
            "give": _colour(form, "give"),
            "take": _colour(form, "take"),
        }
    if card == "Saboteur":
        target, _, tower = str(form.get("victim", "")).partition(":")
        pair = {"target": target, "tower": tower}
        return {**ev, "target": _int(pair, "target", 0, 3), "tower": _int(pair, "tower", 1, 999)}
    if card == "Botch":
        return {**ev, "tower": _int(form, "tower", 1, 999)}
    return {**ev, **_effect(form, seat)}


def celebrations(form, hands: list[int]) -> dict:
    """The host reads each Celebration card's PP off the cards at the end."""
    return {
        "type": "celebrations_scored",
        "points": [
            [_int(form, f"points_{s}_{i}", -99, 99) for i in range(n)] for s, n in enumerate(hands)
        ],
    }
