"""The app's own chance in a solo game: a seeded die and a shuffled digital Automa deck.

A table without a die or without the Automa cards lets Palazzo roll and draw. Both are pure
functions of a secret seed made when the game is created (kept in the game's meta, never in the
log) and of what the log already holds: the n-th die the app rolls in a game always shows the same
face, and the deck's order never changes, so a retry or a reload cannot re-roll. What comes out is
recorded as an ordinary fact (`die_rolled {value, source: "app"}`, `automa_card_drawn {card}`),
so a replay never needs the seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from companion.games.princes.rules.catalog import (
    AUTOMA_DECK_SHAPE,
    AUTOMA_GROUP_ROUNDS,
    AUTOMA_ROUND_GROUPS,
)
from companion.games.princes.teaching import deck_complete

META_KEY = "solo_chance"
DIE_FACES = 6
# The rulebook stacks the deck 1-2 on top, then 3-4, then 5-7; three cards a round, each once.
DECK_SHAPE = AUTOMA_DECK_SHAPE


def new_seed() -> str:
    return secrets.token_hex(16)


def _digest(seed: str, label: str) -> bytes:
    return hmac.new(seed.encode("ascii"), label.encode("ascii"), hashlib.sha256).digest()


def die_value(seed: str, n: int) -> int:
    """The face of the app's n-th roll in this game (n from 0): unbiased, by rejection."""
    attempt = 0
    while True:
        for byte in _digest(seed, f"die:{n}:{attempt}"):
            if byte < 256 - 256 % DIE_FACES:
                return byte % DIE_FACES + 1
        attempt += 1


def complete_deck(cards: dict) -> bool:
    """Palazzo can only shuffle the real deck when it knows all 21 cards, 6/6/9 by their backs."""
    return deck_complete(cards)


def automa_order(seed: str, cards: dict) -> list[str]:
    """The game's digital Automa deck, top first: each back's group shuffled on its own (sorted by
    a keyed hash, which is a uniform shuffle), rounds 1-2 on top, then 3-4, then 5-7."""
    order = []
    for group in AUTOMA_ROUND_GROUPS:
        numbers = [str(n) for n, card in cards.items() if card.get("rounds") == group]
        order += sorted(numbers, key=lambda n: _digest(seed, f"automa:{n}"))
    return order


def next_automa_card(seed: str, cards: dict, drawn, round_number: int) -> str | None:
    """The top card still in the deck; one for another round means the deck is out of step."""
    done = {str(n) for n in drawn}
    for number in automa_order(seed, cards):
        if number not in done:
            group = cards[number]["rounds"]
            return number if round_number in AUTOMA_GROUP_ROUNDS.get(group, ()) else None
    return None


def chance_of(meta: dict | None) -> dict:
    """{seed, die: app|table, deck: app|table} of a game (table and no seed for other games)."""
    data = (meta or {}).get(META_KEY) or {}
    return {
        "seed": data.get("seed"),
        "die": data.get("die", "table"),
        "deck": data.get("deck", "table"),
    }
