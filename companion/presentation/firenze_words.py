"""Firenze in words, in the reader's language: each logged event as the table would say it, and
the summary `palazzo replay` prints. The one place Firenze's events become sentences.

Pure, like the Princes' words (`words.py`): the engine's states in, sentences out; names of
cards and colours come from names.toml (our translation: docs/i18n.md). Everything a Firenze
event does is public (a card taken from the row, played, discarded or passed on is seen by
all), so every reader hears the same sentence; a hand is never told.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.firenze import Fold, Refusal
from companion.firenze.catalog import COLOURS
from companion.lang import N_, _, ngettext, thing_name

from .words import and_

RETRACTED = "retracted"
KINDS = {  # the English names of the card kinds; the others' are in names.toml
    "event": "Event card",
    "personnel": "Personnel card",
    "celebration": "Celebration card",
    "building": "Building card",
    "church": "Church card",
}
PHASES = {
    "setup": N_("setting up"),
    "play": N_("playing"),
    "scoring": N_("final scoring"),
    "over": N_("over"),
}


# -- names ------------------------------------------------------------------------------------


def colour_name(colour: str) -> str:
    return thing_name("firenze_colours", colour, colour)


def card_name(name: str) -> str:
    """A card the rulebook names, in the reader's words; any other as the table recorded it."""
    return thing_name("firenze_cards", name, name)


def kind_name(kind: str) -> str:
    """A card's kind (`CARD_KINDS`) in the reader's words."""
    return thing_name("firenze_kinds", kind, KINDS.get(kind, kind))


def player_name(state: dict, seat) -> str:
    players = state.get("players") or []
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]["name"]
    return _("Someone")


def bricks(colours) -> str:
    """Bricks by colour: "2 white bricks and 1 red brick", in the reader's words."""
    counted = Counter(colours)
    parts = [
        ngettext(
            "%(num)d %(colour)s brick",
            "%(num)d %(colour)s bricks",
            counted[c],
            colour=colour_name(c),
        )
        for c in COLOURS
        if counted[c]
    ]
    return and_(parts) if parts else _("no bricks")


# -- one event --------------------------------------------------------------------------------


def tell(event: dict, before: dict, after: dict | None = None) -> str:
    """One Firenze event in words. `before` is the state it was applied to (who, which card
    of the row), `after` the state it led to (the PP it brought); a retraction is told by
    `Story`, which knows what it took back."""
    kind = event.get("type")
    who = player_name(before, event.get("player"))
    teller = _TELLERS.get(kind)
    if teller is None:
        return _("Something was recorded")
    return teller(event, before, after or before, who)


def _started(event, before, after, who):
    names = [p["name"] for p in after.get("players", [])]
    return _(
        "Firenze begins: %(players)s; %(name)s starts",
        players=and_(names),
        name=player_name(after, event.get("start_player")),
    )


def _revealed(event, before, after, who):
    card = event["card"]
    return _(
        "%(card)s (%(kind)s) turned over for the row, with %(bricks)s",
        card=card_name(card["name"]),
        kind=kind_name(card["kind"]),
        bricks=bricks(event.get("bricks", [])),
    )


def _taken(event, before, after, who):
    slot = before["row"][event["position"] - 1]
    paid = event.get("payment") or []
    said = {
        "name": who,
        "position": event["position"],
        "card": card_name(slot["card"]["name"]),
        "bricks": bricks(c for c in COLOURS for _n in range(slot["bricks"].get(c, 0))),
    }
    if paid:
        return _(
            "%(name)s took card %(position)s, %(card)s, with %(bricks)s, paying %(paid)s",
            paid=bricks(paid),
            **said,
        )
    return _("%(name)s took card %(position)s, %(card)s, with %(bricks)s", **said)


def _played(event, before, after, who):
    return _("%(name)s played %(card)s", name=who, card=card_name(event["card"]))


def _exchanged(event, before, after, who):
    return _(
        "%(name)s exchanged %(given)s for %(taken)s from card %(position)s",
        name=who,
        given=bricks(event["give"]),
        taken=bricks([event["take"]]),
        position=event["position"],
    )


def _built(event, before, after, who):
    parts = []
    for item in event["build"]:
        if item.get("tower") is None:
            parts.append(
                ngettext(
                    "a new %(colour)s tower of %(num)d brick",
                    "a new %(colour)s tower of %(num)d bricks",
                    item["bricks"],
                    colour=colour_name(item["colour"]),
                )
            )
        else:
            parts.append(
                ngettext(
                    "%(num)d brick on tower %(tower)s",
                    "%(num)d bricks on tower %(tower)s",
                    item["bricks"],
                    tower=item["tower"],
                )
            )
    cost = event.get("cost") or []
    if cost:
        return _(
            "%(name)s built %(what)s, paying %(paid)s",
            name=who,
            what=and_(parts),
            paid=bricks(cost),
        )
    return _("%(name)s built %(what)s", name=who, what=and_(parts))


def _gained(before, after, seat) -> int:
    try:
        return after["players"][seat]["pp"] - before["players"][seat]["pp"]
    except (KeyError, IndexError, TypeError):
        return 0


def _fulfilled(event, before, after, who):
    seat = event["player"]
    tower = next((t for t in before["players"][seat]["towers"] if t["id"] == event["tower"]), None)
    if tower is None:
        return _("%(name)s fulfilled a commission", name=who)
    return _(
        "%(name)s fulfilled the %(colour)s commission for %(height)s: %(pp)s PP",
        name=who,
        colour=colour_name(tower["colour"]),
        height=tower["bricks"],
        pp=_gained(before, after, seat),
    )


def _church(event, before, after, who):
    return _("%(name)s fulfilled the Church card %(card)s", name=who, card=card_name(event["card"]))


def _monument(event, before, after, who):
    where, _sep, seat = str(event.get("source", "")).partition(":")
    giver = player_name(before, int(seat)) if where == "hand" and seat.isdigit() else None
    if giver is None:
        return _(
            "%(name)s took %(card)s from the discard pile", name=who, card=card_name("Monument")
        )
    return _(
        "%(giver)s passed %(card)s to %(name)s",
        giver=giver,
        name=who,
        card=card_name("Monument"),
    )


def _ended(event, before, after, who):
    discarded = event.get("discard") or []
    surrendered = event.get("surrender") or []
    if discarded and surrendered:
        return _(
            "%(name)s ended the turn, discarding %(cards)s and surrendering %(bricks)s",
            name=who,
            cards=and_(card_name(c) for c in discarded),
            bricks=bricks(surrendered),
        )
    if discarded:
        return _(
            "%(name)s ended the turn, discarding %(cards)s",
            name=who,
            cards=and_(card_name(c) for c in discarded),
        )
    if surrendered:
        return _(
            "%(name)s ended the turn, surrendering %(bricks)s",
            name=who,
            bricks=bricks(surrendered),
        )
    return _("%(name)s ended the turn", name=who)


def _scored(event, before, after, who):
    return _("The Celebration cards were turned over and the game scored")


_TELLERS = {
    "game_started": _started,
    "card_revealed": _revealed,
    "card_taken": _taken,
    "card_played": _played,
    "bricks_exchanged": _exchanged,
    "towers_built": _built,
    "commission_fulfilled": _fulfilled,
    "church_card_fulfilled": _church,
    "monument_received": _monument,
    "turn_ended": _ended,
    "celebrations_scored": _scored,
}


# -- a whole log ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One logged event as the table hears it."""

    seq: int
    type: str
    text: str
    undone: bool = False  # taken back by a later retraction


def story(events: list[dict]) -> list[Line]:
    """A Firenze log in words, oldest first: each event told against the state it met; an
    undone event is kept and marked, and the retraction names what it took back."""
    fold = Fold()
    told: dict[int, str] = {}
    kinds: dict[int, str] = {}
    undone: set[int] = set()
    retractions: dict[int, list[int]] = {}
    for event in events:
        seq = event.get("seq")
        before = fold.state
        try:
            fold.add(event)
        except Refusal:
            continue  # a log the store kept is legal; a refused line is not part of the story
        if event.get("type") == RETRACTED:
            seqs = [s for s in event.get("seqs", []) if s in told]
            undone.update(seqs)
            retractions[seq] = seqs
            told[seq] = ""
        else:
            told[seq] = tell(event, before, fold.state)
        kinds[seq] = str(event.get("type"))
    out = []
    for seq, text in told.items():
        if seq in retractions:
            text = _("Undone: %(what)s", what=and_(told[s] for s in reversed(retractions[seq])))
        out.append(Line(seq, kinds[seq], text, seq in undone))
    return out


# -- the summary ------------------------------------------------------------------------------


def describe(s: dict) -> str:
    """A Firenze summary (`companion.firenze.summary`) in a few lines, for `palazzo replay`."""
    if s["phase"] == "not_started":
        return _("Firenze: not started")
    phase = _(PHASES.get(s["phase"], s["phase"]))
    current = s.get("current_player")
    lines = [
        _("Firenze, %(phase)s, %(name)s to play", phase=phase, name=s["players"][current]["name"])
        if current is not None
        else _("Firenze, %(phase)s", phase=phase)
    ]
    for p in s["players"]:
        towers = [
            _("%(colour)s %(height)s", colour=colour_name(t["colour"]), height=t["bricks"])
            for t in p["towers"]
        ]
        lines.append(
            "  "
            + _(
                "%(name)s: %(pp)s PP, %(bricks)s, %(placed)s placed (%(left)s left), %(towers)s",
                name=p["name"],
                pp=p["pp"],
                bricks=ngettext("%(num)d brick", "%(num)d bricks", sum(p["storehouse"].values())),
                placed=ngettext("%(num)d seal", "%(num)d seals", len(p["seals"])),
                left=p["seals_left"],
                towers=and_(towers) if towers else _("no towers"),
            )
        )
    if s.get("final"):
        for sc in s["final"]["scores"]:
            lines.append(
                "  "
                + _(
                    "%(name)s: total %(total)s (%(before)s + majority %(majority)s + "
                    "celebrations %(celebrations)s)",
                    name=sc["name"],
                    total=sc["total"],
                    before=sc["before_scoring"],
                    majority=sum(sc["majority"].values()),
                    celebrations=sc["celebrations"],
                )
            )
        names = [s["players"][w]["name"] for w in s["final"]["winners"]]
        lines.append(
            ngettext("Winner: %(names)s", "Winners: %(names)s", len(names), names=and_(names))
        )
    return "\n".join(lines)
