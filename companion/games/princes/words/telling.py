"""A whole story in words: the events of a replay told to one viewer, newest first or oldest
first, and the sentences worked out once for every screen of a seq (five phones and
the board word the table's latest events once) and kept from one seq to the next while what
they read stays the same (the game's catalog, the players' names)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.core.lang import current
from companion.core.memo import memo
from companion.games.princes.rules import CHANCE_EVENTS, CORRECTABLE, is_solo

from . import RETRACTED, describe, hearer


@dataclass(frozen=True)
class Told:
    """One logged event as one viewer hears it."""

    seq: int
    type: str
    by: str
    at: datetime | None
    text: str
    retracted: bool = False  # taken back by a later `retracted` event
    undone_by: int | None = None  # the seq of that retraction

    @property
    def undone(self) -> bool:
        """Taken back since: what the platform's history strikes through."""
        return self.retracted


def tell(
    replay,
    viewer: int | None = None,
    *,
    last: int | None = None,
    before: int | None = None,
    shared: bool = False,
) -> list[Told]:
    """The story as `viewer` may hear it, oldest first; undone events are marked, not dropped.
    `last`: only the newest this many (a retraction still names what it undid); `before`:
    only events older than that seq (a page of a long story costs a page); `shared`: see
    `text_of`."""
    end = len(replay.facts) if before is None else replay.index(before)
    start = 0 if last is None else max(0, end - last)
    facts = replay.facts[start:end]
    out = []
    language = current() if shared else ""
    texts = _texts(replay, language) if shared else None
    for fact in facts:
        undone_by = replay.undone_by.get(fact.seq)
        if texts is None:
            text = _text_of(replay, fact, viewer)
            out.append(Told(fact.seq, fact.type, fact.by, fact.at, text, *_undone(undone_by)))
            continue
        heard = _hearer(replay, fact, viewer)
        told = texts.get((fact.seq, heard, Told))  # the seq's, so undone_by is this seq's too
        if told is None:
            text = _shared_text(replay, fact, heard, language, texts)
            told = Told(fact.seq, fact.type, fact.by, fact.at, text, *_undone(undone_by))
            texts[fact.seq, heard, Told] = told
        out.append(told)
    return out


def _undone(undone_by: int | None) -> tuple[bool, int | None]:
    return bool(undone_by), undone_by


SHARED_TEXTS = 256  # sentences a replay keeps per language (facts x hearers, with room)


def text_of(replay, fact, viewer: int | None = None, *, shared: bool = False) -> str:
    """One fact of `replay` in words; a retraction names what it undid. `shared`: worked out
    once per seq, language, fact and hearer (`hearer`: the seat itself only where its words
    differ from the table's) and kept on the replay, so five phones and the board at one seq
    word the table's latest events once, not six times."""
    if not shared:
        return _text_of(replay, fact, viewer)
    language = current()
    return _shared_text(
        replay, fact, _hearer(replay, fact, viewer), language, _texts(replay, language)
    )


def _texts(replay, language: str) -> dict:
    """This seq's sentences in `language`: (seq, hearer) -> text."""
    return replay.kept(("texts", language), dict)


def _shared_text(replay, fact, heard: int | None, language: str, texts: dict) -> str:
    """The sentence of `fact` for `heard` (`_hearer`), from this seq's `texts` or kept."""
    return memo(
        texts, (fact.seq, heard), lambda: _told_before(replay, fact, heard, language), SHARED_TEXTS
    )


TOLD_FACTS = 2048  # facts whose sentences a process keeps from one seq to the next


@dataclass(frozen=True)
class _Told:
    """A fact's sentences as worded at an earlier seq, with what they read of that seq's state
    (its catalog, the players' names): `describe` reads the state only for names, so a later
    state with the same catalog and names words them the same (not solo play: Wolfgang's steps
    read his log)."""

    fact: object
    catalog: object
    names: tuple
    texts: dict


_told: dict[int, _Told] = {}  # id(fact) -> its sentences (the entry holds the fact: ids stay its)


def _told_before(replay, fact, heard: int | None, language: str) -> str:
    """`_text_of`, kept across seqs while the game's catalog and names are the same."""
    kept = fact_words(replay, fact)
    if kept is None:
        return _text_of(replay, fact, heard)
    text = kept.get((heard, language))
    if text is None:
        text = kept[heard, language] = _text_of(replay, fact, heard)
    return text


def fact_words(replay, fact) -> dict | None:
    """What has been worded of `fact` (its sentences, a seat's notices of it: the caller's
    keys, each naming its reader and language) for the state of `replay` and every later one
    with the same catalog and players' names: kept across seqs. None in solo play (words
    afresh)."""
    state = replay.state
    if is_solo(state):
        return None
    names = tuple(p.name for p in state.players)
    told = _told.get(id(fact))
    if (
        told is None
        or told.fact is not fact
        or told.catalog is not state.catalog
        or told.names != names
    ):  # a new entry, never a changed one: another thread may be filling the old one
        if len(_told) >= TOLD_FACTS:
            _told.clear()
        told = _told[id(fact)] = _Told(fact, state.catalog, names, {})
    return told.texts


def _hearer(replay, fact, viewer: int | None) -> int | None:
    """`hearer`, for a retraction too: it is worded for whoever hears an undone event so."""
    if fact.type == RETRACTED and viewer is not None:
        for seq in fact.undone:
            undone = replay.fact(seq)
            if undone is not None and hearer(undone, viewer) is not None:
                return viewer
    return hearer(fact, viewer)


def _text_of(replay, fact, viewer: int | None) -> str:
    undone = ()
    if fact.type == RETRACTED:
        undone = tuple(
            describe(replay.fact(s), replay.state, viewer)
            for s in reversed(fact.undone)
            if replay.fact(s) is not None
        )
    return describe(fact, replay.state, viewer, undone=undone)


def newest_first(
    replay,
    viewer: int | None = None,
    last: int | None = None,
    before: int | None = None,
    *,
    shared: bool = False,
) -> list[Told]:
    return list(reversed(tell(replay, viewer, last=last, before=before, shared=shared)))


def latest_undoable(replay) -> Told | None:
    """The newest event that still counts, told to the table, unless it starts the game or
    cannot be undone (`final_fact`: then undo offers nothing)."""
    if len(replay.counting) < 2 or final_fact(replay) is not None:
        return None
    fact = replay.fact(replay.counting[-1])
    return Told(fact.seq, fact.type, fact.by, fact.at, describe(fact, replay.state))


def final_fact(replay) -> dict | None:
    """The newest event, when it is chance the table saw (a die, a card drawn or turned up):
    undo never takes it back (ruling 14), so the undo card says so instead of offering it, and
    points to fixing a misread when it was read off the table (ruling 33). {text, fixable}."""
    if len(replay.counting) < 2:
        return None
    fact = replay.fact(replay.counting[-1])
    if fact is None or fact.type not in CHANCE_EVENTS:
        return None
    fixable = fact.type in CORRECTABLE and fact.event.get("source") != "app"
    return {"text": describe(fact, replay.state), "fixable": fixable}
