"""The decision log (`SoloState.log`) and the physical moves a log entry asks of the table (an
entry with moves is a step of the checklist)."""

from __future__ import annotations

from ..automa import WOLFGANG_SEAT
from ..solo_state import solo_of
from ..told import told


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


def negative_fame(before: int, after: int) -> dict | None:
    """Wolfgang may go below 0 PP; the rulebook marks it with a second Fame disk of another
    colour (Solo rules, "Wolfgang's special rules"): named whenever it is in play."""
    if after < 0 <= before:
        return told("negative_fame_disk_out", fame=after)
    if after < 0 and before < 0 and after != before:
        return told("negative_fame_disk_moved", fame=after)
    if before < 0 <= after:
        return told("negative_fame_disk_away", fame=after)
    return None


def _log(
    state,
    who: str,
    fact: dict,
    moves: list[dict] | None = None,
    before: list[dict] | None = None,
):
    """An entry of the decision log; one with `moves` is a step of the table's checklist.
    `told` and `moves` are facts (`told.told`: a code and its numbers and ids; the log lives
    in snapshots), worded by the words package (`words.automa`). `before`
    (a `snapshot` taken before the step changed anything): the step records its `changes`,
    and names Wolfgang's negative Fame disk when his fame is or was below 0."""
    log = solo_of(state).log
    entry = {
        "n": len(log) + 1,
        "round": state.round,
        "phase": state.phase,
        "who": who,
        "told": fact,
    }
    if moves and before is not None:
        changes = _changes(state, before)
        entry["changes"] = changes
        fame = state.players[WOLFGANG_SEAT].fame
        disk = negative_fame(fame - changes[WOLFGANG_SEAT]["fame"], fame)
        if disk is not None:
            moves = [*moves, disk]
    if moves:
        entry["moves"] = list(moves)
    log.append(entry)


def _discard(state) -> list[dict]:
    """The card in use goes to the discard pile, unless Palazzo drew it (no card to move)."""
    return [] if solo_of(state).digital else [told("discard_automa_card")]


def _fame_forward(n: int) -> dict:
    return told("fame_forward", num=n)


def _under_the_deck(state, deck: str) -> list[dict]:
    """The cards drawn for Wolfgang that he did not take go to the bottom of their deck."""
    others = len(solo_of(state).facts.get("offered") or []) - 1
    if others <= 0:
        return []
    return [told("under_the_deck", deck=deck, num=others)]
