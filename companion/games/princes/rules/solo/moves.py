"""The decision log (`SoloState.log`) and the physical moves a log entry asks of the table (an
entry with moves is a step of the checklist)."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..catalog import (
    BONUS_CARDS,
    PRESTIGE_CARDS,
)
from ..refusals import N_, Named, ngettext, said, said_data
from ..solo_state import solo_of

DISCARD_AUTOMA_CARD = N_("Discard the Automa card")


def snapshot(state) -> list[dict]:
    """What the table shows of each seat that a step of the checklist may change: money,
    fame, face-up Profession cards and buildings. Taken before a step's changes, it lets the
    step record them (`changes`), so a misread fixed later is told against what the table
    has really made (`checklist.as_on_table`)."""
    return [
        {"money": p.money, "fame": p.fame, "table": list(p.table), "buildings": list(p.buildings)}
        for p in state.players
    ]


def _changes(state, before: list[dict]) -> list[dict]:
    """Per seat, what the step changed: money, fame, cards turned face up, buildings built."""
    return [
        {
            "money": p.money - b["money"],
            "fame": p.fame - b["fame"],
            "face_up": _added(b["table"], p.table),
            "buildings": _added(b["buildings"], p.buildings),
        }
        for p, b in zip(state.players, before, strict=True)
    ]


def _added(before: list[str], after: list[str]) -> list[str]:
    left = list(before)
    out = []
    for x in after:
        if x in left:
            left.remove(x)
        else:
            out.append(x)
    return out


def negative_fame(before: int, after: int) -> Named | None:
    """Wolfgang may go below 0 PP; the rulebook marks it with a second Fame disk of another
    colour (Solo rules, "Wolfgang's special rules"): named whenever it is in play."""
    if after < 0 <= before:
        return said(
            N_(
                "He is at %(fame)s PP now, below 0: mark it on the Fame track with a second Fame "
                "disk of another colour (his negative Fame disk)"
            ),
            fame=after,
        )
    if after < 0 and before < 0 and after != before:
        return said(N_("Move his negative Fame disk to %(fame)s PP"), fame=after)
    if before < 0 <= after:
        return said(N_("He is back at %(fame)s PP: put his negative Fame disk away"), fame=after)
    return None


def _log(
    state,
    who: str,
    say: Named,
    moves: list[Named] | None = None,
    before: list[dict] | None = None,
):
    """An entry of the decision log; one with `moves` is a step of the table's checklist.
    `say` and `moves` are the English words; `said` and `moves_said` the same marked for
    the reader's language (JSON-shaped, `said_data`: the log lives in snapshots). `before`
    (a `snapshot` taken before the step changed anything): the step records its `changes`,
    and names Wolfgang's negative Fame disk when his fame is or was below 0."""
    log = solo_of(state).log
    entry = {
        "n": len(log) + 1,
        "round": state.round,
        "phase": state.phase,
        "who": who,
        "say": str(say),
        "said": said_data(say),
    }
    if moves and before is not None:
        changes = _changes(state, before)
        entry["changes"] = changes
        fame = state.players[WOLFGANG_SEAT].fame
        disk = negative_fame(fame - changes[WOLFGANG_SEAT]["fame"], fame)
        if disk is not None:
            moves = [*moves, disk]
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
