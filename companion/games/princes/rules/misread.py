"""Fixing a misread (ruling 33): a fact copied from the table is corrected, the rest re-derived.

A physical die, a card flipped or drawn by hand, a card a player says they took: what the log
holds is a copy of something still lying on the table, so correcting the copy reveals nothing
new. `misread_corrected {seq, value}` replaces the one field that was read (`CORRECTABLE`) in
the event `seq`, and the whole log is folded again with it. What Palazzo itself produced (its
die, its digital Automa deck, its random tie-breaks) is not a copy of anything: it stays final,
so nothing can be re-rolled. `table_changes` says what must move on the table afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.schema import ENVELOPE

from .catalog import BUILDINGS
from .module import some
from .refusals import N_, Named, listed, refuse, said
from .state import GameState
from .work import profession_named

MISREAD_CORRECTED = "misread_corrected"

# The event types whose fact is read off the table, and the field that holds what was read.
CORRECTABLE = {
    "die_rolled": "value",
    "automa_card_drawn": "card",
    "automa_profession_revealed": "profession",
    "automa_cards_offered": "cards",
    "profession_taken": "profession",
}
WHAT = {  # marked: named in the reader's language where a refusal says them
    "die_rolled": N_("die"),
    "automa_card_drawn": N_("Automa card"),
    "automa_profession_revealed": N_("Profession card"),
    "automa_cards_offered": N_("cards drawn for Wolfgang"),
    "profession_taken": N_("Profession card taken"),
}
TITLE = N_("Correcting a misread")


@dataclass(frozen=True)
class MisreadCorrected:
    """The declared shape: `seq`, the event that copied the table wrongly; `value`, what the
    table actually shows (the same kind of value that event's field holds)."""

    seq: int
    value: object


def parse(event: dict) -> MisreadCorrected:
    """The event's declared object, or `bad_event` naming the field at fault."""
    body = {k: v for k, v in event.items() if k not in ENVELOPE}
    extra = set(body) - {"fixes", "value"}
    if extra:
        refuse(
            "bad_event",
            N_("%(event)s: %(field)s is not part of this event"),
            event=said(TITLE),
            field=sorted(extra)[0],
        )
    seq = body.get("fixes")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        refuse(
            "bad_event",
            N_("%(event)s: fixes is the number of the event to fix"),
            event=said(TITLE),
        )
    if "value" not in body or body["value"] is None:
        refuse(
            "bad_event",
            N_("%(event)s: value is what the table actually shows"),
            event=said(TITLE),
        )
    return MisreadCorrected(seq, body["value"])


def app_made(event: dict) -> bool:
    """Palazzo produced it (its die, its digital Automa deck): final, never re-rolled."""
    return event.get("source") == "app"


def corrected(target: dict, fix: MisreadCorrected) -> dict:
    """The event `target` as it should have been; refused if it is not a copy of the table."""
    kind = target.get("type")
    field = CORRECTABLE.get(str(kind))
    if field is None:
        refuse(
            "not_a_misread",
            N_(
                "Only a fact copied from the table can be corrected: a die, a card flipped, "
                "drawn or taken by hand"
            ),
        )
    if app_made(target):
        refuse(
            "not_a_misread",
            N_("Palazzo drew that %(what)s itself: it is final and cannot be drawn again"),
            what=said(WHAT[str(kind)]),
        )
    if target.get(field) == fix.value:
        refuse(
            "not_a_misread", N_("That is already the %(what)s recorded"), what=said(WHAT[str(kind)])
        )
    return {**target, field: fix.value}


def table_changes(before: GameState, after: GameState, seat: int | None = None) -> list[Named]:
    """What must move on the table after a correction, in plain words (`said`: English as a
    string, in the reader's language by `companion.core.lang.words()`): money and Prestige Points
    per player, the Profession cards face up, the buildings. A person's money is told only to
    that person's phone (`seat`); Wolfgang keeps nothing secret in the solo game."""
    lines: list[Named] = []
    for s, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
        secret = s != seat and not some(after, "automated", s)
        money = a.money - b.money
        if money and not secret:
            lines.append(
                said(N_("Give %(name)s %(money)s Florin more"), name=a.name, money=money)
                if money > 0
                else said(N_("Take %(money)s Florin more from %(name)s"), name=a.name, money=-money)
            )
        fame = a.fame - b.fame
        if fame:
            lines.append(
                said(
                    N_("Move %(name)s's Fame disk %(spaces)s forward")
                    if fame > 0
                    else N_("Move %(name)s's Fame disk %(spaces)s back"),
                    name=a.name,
                    spaces=abs(fame),
                )
            )
        for card in sorted(set(b.table) - set(a.table)):
            lines.append(
                said(
                    N_("%(name)s no longer has the %(card)s face up"),
                    name=a.name,
                    card=profession_named(after, card),
                )
            )
        for card in sorted(set(a.table) - set(b.table)):
            lines.append(
                said(
                    N_("%(name)s has the %(card)s face up"),
                    name=a.name,
                    card=profession_named(after, card),
                )
            )
        if sorted(b.buildings) != sorted(a.buildings):
            built = [Named("buildings", x, BUILDINGS[x][0]) for x in a.buildings if x in BUILDINGS]
            lines.append(
                said(
                    N_("%(name)s's buildings are now: %(buildings)s"),
                    name=a.name,
                    buildings=listed(built, N_("%(one)s, %(other)s")),
                )
                if built
                else said(N_("%(name)s's buildings are now: none"), name=a.name)
            )
    return lines
