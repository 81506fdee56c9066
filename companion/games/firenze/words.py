"""Firenze in words, in the reader's language: each logged event as the table would say it, and
the summary `palazzo replay` prints. The one place Firenze's events become sentences.

Like the Princes' story and words (`story.py`, `words.py`): a log is folded once into
language-free facts (`Story`, topped up as the log grows), and only what a screen shows is
put into words (`told`, `tell`), in the language of whoever reads it. Names of cards and
colours come from names.toml (our translation: docs/i18n.md). What a Firenze
event does is public (the row, towers, storehouses, a card played or passed on), so every
reader hears the same sentence. A card taken into a hand is named (everyone saw it taken face
up from the row); what a hand holds later is never told: cards discarded from it are counted.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from companion.core.game import ReplayBase
from companion.core.lang import N_, _, and_, ngettext, seat_name, thing_name
from companion.games.firenze.rules import Fold, Refusal
from companion.games.firenze.rules.catalog import COLOURS, MONUMENT

RETRACTED = "retracted"
COLOUR_NAMES, CARD_NAMES, KIND_NAMES = "firenze_colours", "firenze_cards", "firenze_kinds"
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
    """A tower's or brick's colour in the reader's language."""
    return thing_name(COLOUR_NAMES, colour, colour)


def card_name(name: str) -> str:
    """A card the rulebook names, in the reader's words; any other as the table recorded it."""
    return thing_name(CARD_NAMES, name, name)


def kind_name(kind: str) -> str:
    """A card's kind (`CARD_KINDS`) in the reader's words."""
    return thing_name(KIND_NAMES, kind, KINDS.get(kind, kind))


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


def payment(colours) -> str:
    """A card's cost brick by brick, as the table placed it: "red on card 1 and white on card 2"
    (the first brick on the leftmost card, ruling F17)."""
    return and_(
        [
            _("%(colour)s on card %(position)s", colour=colour_name(c), position=i)
            for i, c in enumerate(colours, 1)
        ]
    )


# -- what each event did (no words yet) --------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """One logged Firenze event and what it met, language-free: told in words only when a
    screen shows it."""

    seq: int
    type: str
    event: dict
    names: tuple[str, ...] = ()  # the players, by seat
    taken: dict | None = None  # a card taken: the row's slot as it was (card and bricks)
    tower: dict | None = None  # a commission fulfilled: the tower as it stood
    pp: int = 0  # the PP the event brought its player
    undone: tuple[int, ...] = ()  # a retraction: the seqs it took back


def fact_of(seq: int, event: dict, before: dict, after: dict) -> Fact:
    """What `event` did, from the state it met (`before`) and the one it led to (`after`)."""
    players = after.get("players") or before.get("players") or []
    seat = event.get("player")
    kind = str(event.get("type"))
    taken = tower = None
    pp = 0
    if kind == "card_taken" and 1 <= event["position"] <= len(before["row"]):
        taken = before["row"][event["position"] - 1]
    if isinstance(seat, int) and 0 <= seat < len(before.get("players") or []):
        if kind == "commission_fulfilled":
            mine = before["players"][seat]["towers"]
            tower = next((t for t in mine if t["id"] == event["tower"]), None)
        if seat < len(after.get("players") or []):
            pp = after["players"][seat]["pp"] - before["players"][seat]["pp"]
    return Fact(seq, kind, event, tuple(p["name"] for p in players), taken, tower, pp)


class Story:
    """A Firenze log's facts, noted as the service folds it (the one fold of the game: see
    `Game.story`); an undone event is kept, and its undo names it."""

    def __init__(self) -> None:
        self.facts: dict[int, Fact] = {}
        self.seqs: list[int] = []  # the facts' seqs in order, to find a page by bisection
        self.undone_by: dict[int, int] = {}
        self.last_seq = 0

    @classmethod
    def of(cls, events) -> Story:
        """The story of a whole log, an event the rules refuse telling nothing (for tools and
        tests; the service keeps its own as it records)."""
        story, fold = cls(), Fold()
        for event in events:
            try:
                story.add(fold, event)
            except Refusal:
                pass
        return story

    def add(self, fold: Fold, event: dict, at=None, *, trusted: bool = False) -> None:
        """Fold `event` into `fold` and note what it did; a Refusal changes neither.
        `trusted`: read back from the store (core.fold.Fold.add)."""
        seq = event.get("seq")
        seq = seq if isinstance(seq, int) else fold.last_seq + 1
        before = fold.state
        fold.add(event, trusted=trusted)  # a copy is changed: `before` stays as the event met it
        self._noted(fold, event, seq, before)

    def before(self, fold: Fold) -> dict:
        """The state the next event meets: Firenze's fold changes a copy, so it stays so."""
        return fold.state

    def note(self, fold: Fold, event: dict, at, before: dict) -> None:
        """Note `event`, which `fold` has just taken from the state `before` (see `add`)."""
        seq = event.get("seq")
        self._noted(fold, event, seq if isinstance(seq, int) else fold.last_seq, before)

    def _noted(self, fold: Fold, event: dict, seq: int, before: dict) -> None:
        self.last_seq = seq
        if event.get("type") == RETRACTED:
            seqs = tuple(s for s in event.get("seqs", []) if s in self.facts)
            self.undone_by.update(dict.fromkeys(seqs, seq))
            self.facts[seq] = Fact(seq, RETRACTED, event, undone=seqs)
        else:
            self.facts[seq] = fact_of(seq, event, before, fold.state)
        self.seqs.append(seq)


@dataclass(frozen=True)
class Replay(ReplayBase):
    """A Firenze game at one seq, as every screen reads it: the state and the story so far.
    Shared by all screens at this seq: read it, never change it; what screens work out from it
    is `kept` with it."""

    seq: int
    state: dict
    counting: tuple  # seqs of the events that still count
    facts: dict  # seq -> Fact, undone ones included
    seqs: tuple  # the facts' seqs in order, to find a page by bisection
    undone_by: dict  # seq -> the undo that took it back


def replay_of(fold: Fold, story: Story | None, state: dict) -> Replay:
    """What the screens read of `fold` at its seq (`state`: a private copy of its state)."""
    return Replay(
        seq=fold.last_seq,
        state=state,
        counting=tuple(e["seq"] for e in fold.effective or ()),
        facts=dict(story.facts) if story is not None else {},
        seqs=tuple(story.seqs) if story is not None else (),
        undone_by=dict(story.undone_by) if story is not None else {},
    )


@dataclass(frozen=True)
class Line:
    """One logged event as the table hears it."""

    seq: int
    type: str
    text: str
    undone: bool = False  # taken back by a later undo


def told(
    story: Story | Replay, *, last: int | None = None, before: int | None = None
) -> list[Line]:
    """The story in words, oldest first (only the newest `last` if given, only the events
    older than seq `before` if given): a page costs a page, however long the story."""
    end = len(story.seqs) if before is None else bisect_left(story.seqs, before)
    start = 0 if last is None else max(0, end - last)
    facts = [story.facts[s] for s in story.seqs[start:end]]
    return [Line(f.seq, f.type, tell(f, story), f.seq in story.undone_by) for f in facts]


def older_than(story: Story | Replay, seq: int) -> bool:
    """Whether the story holds events older than `seq` (another page below it)."""
    return bisect_left(story.seqs, seq) > 0


# -- one event in words -----------------------------------------------------------------------


def tell(fact: Fact, story: Story | Replay | None = None) -> str:
    """One event in words; an undo names what it took back (from `story`)."""
    if fact.type == RETRACTED:
        facts = story.facts if story else {}
        what = [tell(facts[s], story) for s in reversed(fact.undone) if s in facts]
        return _("Undone: %(what)s", what=and_(what)) if what else _("An event was undone")
    teller = _TELLERS.get(fact.type)
    if teller is None:
        return _("Something was recorded")
    return teller(fact.event, fact, seat_name(fact.names, fact.event.get("player")))


def _started(event, fact, who):
    return _(
        "Firenze begins: %(players)s; %(name)s starts",
        players=and_(fact.names),
        name=seat_name(fact.names, event.get("start_player")),
    )


def _revealed(event, fact, who):
    card = event["card"]
    return _(
        "%(card)s (%(kind)s) turned over for the row, with %(bricks)s",
        card=card_name(card["name"]),
        kind=kind_name(card["kind"]),
        bricks=bricks(event.get("bricks", [])),
    )


def _taken(event, fact, who):
    slot = fact.taken or {"card": {"name": "?", "kind": "?"}, "bricks": {}}
    card = slot["card"]
    paid = event.get("payment") or []
    said = {
        "name": who,
        "position": event["position"],
        # named even into a hand: everyone saw it taken, face up, from the row
        "card": card_name(card["name"]),
        "bricks": bricks(c for c in COLOURS for _n in range(slot["bricks"].get(c, 0))),
    }
    if paid:
        return _(
            "%(name)s took card %(position)s, %(card)s, with %(bricks)s, paying %(paid)s",
            paid=payment(paid),
            **said,
        )
    return _("%(name)s took card %(position)s, %(card)s, with %(bricks)s", **said)


def _played(event, fact, who):
    return _("%(name)s played %(card)s", name=who, card=card_name(event["card"]))


def _exchanged(event, fact, who):
    return _(
        "%(name)s exchanged %(given)s for %(taken)s from card %(position)s",
        name=who,
        given=bricks(event["give"]),
        taken=bricks([event["take"]]),
        position=event["position"],
    )


def _built(event, fact, who):
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


def _fulfilled(event, fact, who):
    if fact.tower is None:
        return _("%(name)s fulfilled a commission", name=who)
    return _(
        "%(name)s fulfilled the %(colour)s commission for %(height)s: %(pp)s PP",
        name=who,
        colour=colour_name(fact.tower["colour"]),
        height=fact.tower["bricks"],
        pp=fact.pp,
    )


def _church(event, fact, who):
    return _("%(name)s fulfilled the Church card %(card)s", name=who, card=card_name(event["card"]))


def _monument(event, fact, who):
    where, _sep, seat = str(event.get("source", "")).partition(":")
    if where == "hand" and seat.isdigit():
        return _(
            "%(giver)s passed %(card)s to %(name)s",
            giver=seat_name(fact.names, int(seat)),
            name=who,
            card=card_name(MONUMENT),
        )
    return _("%(name)s took %(card)s from the discard pile", name=who, card=card_name(MONUMENT))


def _ended(event, fact, who):
    # the cards discarded come from the hand too: counted, not named
    discarded = event.get("discard") or []
    cards = ngettext("%(num)d card", "%(num)d cards", len(discarded))
    surrendered = event.get("surrender") or []
    if discarded and surrendered:
        return _(
            "%(name)s ended the turn, discarding %(cards)s and surrendering %(bricks)s",
            name=who,
            cards=cards,
            bricks=bricks(surrendered),
        )
    if discarded:
        return _(
            "%(name)s ended the turn, discarding %(cards)s",
            name=who,
            cards=cards,
        )
    if surrendered:
        return _(
            "%(name)s ended the turn, surrendering %(bricks)s",
            name=who,
            bricks=bricks(surrendered),
        )
    return _("%(name)s ended the turn", name=who)


def _scored(event, fact, who):
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


# -- the summary ------------------------------------------------------------------------------


def describe(s: dict) -> str:
    """A Firenze summary (`companion.games.firenze.rules.summary`) in a few lines, for `palazzo replay`."""
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
