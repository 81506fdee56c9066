"""The decision log (`SoloState.log`) and the physical moves a log entry asks of the table (an
entry with moves is a step of the checklist)."""

from __future__ import annotations

from .. import automa
from ..catalog import (
    BONUS_CARDS,
    PRESTIGE_CARDS,
)
from ..refusals import N_, Named, ngettext, said, said_data
from ..solo_state import solo_of

DISCARD_AUTOMA_CARD = N_("Discard the Automa card")


def _log(state, who: str, say: Named, moves: list[Named] | None = None):
    """An entry of the decision log; one with `moves` is a step of the table's checklist.
    `say` and `moves` are the English words; `said` and `moves_said` the same marked for
    the reader's language (JSON-shaped, `said_data`: the log lives in snapshots)."""
    log = solo_of(state).log
    entry = {
        "n": len(log) + 1,
        "round": state.round,
        "phase": state.phase,
        "who": who,
        "say": str(say),
        "said": said_data(say),
    }
    if moves:
        entry["moves"] = [str(m) for m in moves]
        entry["moves_said"] = [said_data(m) for m in moves]
    log.append(entry)


def _discard(state) -> list[Named]:
    """The card in use goes to the discard pile, unless Palazzo drew it (no card to move)."""
    return [] if solo_of(state).digital else [said(DISCARD_AUTOMA_CARD)]


def _fame_forward(n: int) -> Named:
    return ngettext(
        "Move his Fame disk forward %(num)s space", "Move his Fame disk forward %(num)s spaces", n
    )


def _under_the_deck(state, deck: str) -> list[Named]:
    """The cards drawn for Wolfgang that he did not take go to the bottom of their deck."""
    others = len(solo_of(state).facts.get("offered") or []) - 1
    if others <= 0:
        return []
    if deck == "prestige":
        return [
            ngettext(
                "Put the other %(num)s Prestige card face down at the bottom of the Prestige deck",
                "Put the other %(num)s Prestige cards face down at the bottom of the Prestige deck",
                others,
            )
        ]
    return [
        ngettext(
            "Put the other %(num)s Bonus card face down at the bottom of the Bonus deck",
            "Put the other %(num)s Bonus cards face down at the bottom of the Bonus deck",
            others,
        )
    ]


def _a(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _card_named(deck: str, card: object) -> Named | str:
    """A card the table named: its name if it is one of the deck's, else as it was typed."""
    cards = PRESTIGE_CARDS if deck == "prestige" else BONUS_CARDS
    return automa.card_name(deck, card) if isinstance(card, str) and card in cards else str(card)
