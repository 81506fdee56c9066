"""The club's figures: a summary of every finished game, kept as games finish.

When an event ends a game (`Table.finished`), the game's own stats (`Game.stats`, e.g.
companion/games/princes/stats.py) read its log once through the engine and give a record; the
record is stored in `club_games` and its contribution added to the running sums in
`club_totals`, one row per game, player count, expansions played and kind of play (the game's
stats name it in `bucket`: '' for its ordinary play). The club page reads those few rows and
sums them for its filters, as the game's stats say each kind is filtered (`KINDS_APART`): its
cost does not grow with the number of games or the length of their logs. A game the host
leaves out (a practice game) has its contribution subtracted and is kept, marked, so it can
be counted again.

Only finished games are ever recorded here: the final scoring makes a log everyone's to read.
The command line (`palazzo stats`) sums the same contributions from log files (`collect`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    delete,
    insert,
    select,
    update,
)

from companion.core.tally import add
from companion.core.versions import NewerShape
from events.migrate import ensure as ensure_schema

from .games import Games
from .table import upcast_log

log = logging.getLogger(__name__)

KIND_MAX = 32  # a kind of play's name, as a game's stats give it ('' for ordinary play)
metadata = MetaData()
club_games = Table(
    "club_games",
    metadata,
    Column("game_id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("expansions", String(200), nullable=False),
    Column("kind", String(KIND_MAX), nullable=False),
    Column("left_out", Boolean, nullable=False, default=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
    Column("record", JSON, nullable=False),
)
club_totals = Table(
    "club_totals",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("expansions", String(200), primary_key=True),
    Column("kind", String(KIND_MAX), primary_key=True),
    Column("totals", JSON, nullable=False),
    # counts each change: a process reuses the figures it summed while no bucket changed
    Column("version", Integer, nullable=False, default=0),
)
CACHED_FIGURES = 64  # (game, players, expansion) filters whose figures a process keeps


def _key(games: Games, rec: dict) -> dict:
    b = games[rec["game"]].stats.bucket(rec)
    return {
        "game": rec["game"],
        "players": b["players"],
        "expansions": " ".join(sorted(b["expansions"])),
        "kind": b.get("kind", ""),
    }


class Club:
    """The club's summaries in one event store's database (tables of their own)."""

    def __init__(self, store, games: Games):
        self.store = store
        self.games = games
        self.engine = store.engine
        self._figures: dict = {}  # (game, players, expansion) -> (versions, figures, choices)
        ensure_schema(self.engine)  # the tables come from the one migration history

    # -- keeping the figures -----------------------------------------------------------------

    def note(self, game_id: str) -> dict | None:
        """Read a game's log once and keep its record if it is finished (or drop one it no
        longer has: an undone final scoring). Called when a game ends; safe to call again."""
        try:
            events = upcast_log(self.games, self.store.events(game_id))
        except NewerShape:  # a newer release's log: not this release's to count
            events = []
        game = self.games.of_event(events[0] if events else None)
        rec = None
        if game.stats is not None:
            try:
                rec = game.stats.record(events)
            except game.stats.NotFinished:
                rec = None
        self.keep(game_id, rec)
        return rec

    def keep(self, game_id: str, rec: dict | None) -> None:
        """Keep `rec` as the game's record (None: the game has none), its contribution to the
        sums replacing the one it had, in one transaction; a left-out game stays left out."""
        with self.engine.begin() as conn:
            old = conn.execute(select(club_games).where(club_games.c.game_id == game_id)).first()
            left_out = bool(old.left_out) if old else False
            if old is not None:
                if not old.left_out:
                    self._count(conn, old.record, -1)
                conn.execute(delete(club_games).where(club_games.c.game_id == game_id))
            if rec is not None:
                conn.execute(
                    insert(club_games).values(
                        game_id=game_id,
                        left_out=left_out,
                        finished_at=old.finished_at if old else datetime.now(UTC),
                        record=rec,
                        **_key(self.games, rec),
                    )
                )
                if not left_out:
                    self._count(conn, rec, 1)

    def _count(self, conn, rec: dict, sign: int) -> None:
        key = _key(self.games, rec)
        part = self.games[rec["game"]].stats.contribution(rec)
        where = and_(*(club_totals.c[k] == v for k, v in key.items()))
        row = conn.execute(select(club_totals.c.totals).where(where).with_for_update()).first()
        if row is None:
            conn.execute(insert(club_totals).values(totals=add({}, part, sign), version=1, **key))
        else:
            conn.execute(
                update(club_totals)
                .where(where)
                .values(totals=add(row.totals, part, sign), version=club_totals.c.version + 1)
            )

    def leave_out(self, game_id: str, out: bool = True) -> bool:
        """Leave a finished game out of the figures (a practice game), or count it again;
        False if this game is not a finished one."""
        with self.engine.begin() as conn:
            row = conn.execute(select(club_games).where(club_games.c.game_id == game_id)).first()
            if row is None:
                return False
            if bool(row.left_out) != out:
                self._count(conn, row.record, -1 if out else 1)
                conn.execute(
                    update(club_games).where(club_games.c.game_id == game_id).values(left_out=out)
                )
        return True

    def game(self, game_id: str) -> dict | None:
        """A finished game the club knows: its players' names, when it ended, whether it
        counts; None for any other game."""
        with self.engine.connect() as conn:
            row = conn.execute(select(club_games).where(club_games.c.game_id == game_id)).first()
        if row is None:
            return None
        return {
            "game": row.game,
            "names": [s["name"] for s in row.record["seats"]],
            "finished_at": row.finished_at,
            "left_out": bool(row.left_out),
        }

    # -- reading them ------------------------------------------------------------------------

    def _versions(self, game: str) -> tuple:
        """Which buckets this game has and how often each changed: one small query."""
        c = club_totals.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(c.players, c.expansions, c.kind, c.version).where(c.game == game)
            ).all()
        return tuple(sorted(tuple(r) for r in rows))

    def buckets(self, game: str) -> list[dict]:
        """The running sums of one game, one per (players, expansions, kind): a handful."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(club_totals).where(club_totals.c.game == game)).all()
        return [
            {
                "players": r.players,
                "expansions": r.expansions.split(),
                "kind": r.kind,
                "totals": r.totals,
            }
            for r in rows
        ]

    def figures(self, game: str, players: int | None = None, expansion: str | None = None):
        """The figures of one game's finished games (filtered: a player count; an expansion
        played, or "none" for the base game alone), and the filters' choices. Summed once
        per process while no bucket changes: a request asks only for the versions."""
        key = (game, players, expansion)
        versions = self._versions(game)
        known = self._figures.get(key)
        if known is not None and known[0] == versions:
            return known[1], known[2]
        figures, choices = self._sum(game, players, expansion)
        if len(self._figures) >= CACHED_FIGURES:
            self._figures.clear()
        self._figures[key] = (versions, figures, choices)
        return figures, choices

    def _sum(self, game: str, players: int | None, expansion: str | None):
        stats = self.games.named(game).stats
        apart = stats.KINDS_APART  # counted whatever the player count, offering none
        buckets = self.buckets(game)
        total: dict = {}
        for b in buckets:
            if players is not None and b["kind"] not in apart and b["players"] != players:
                continue
            if expansion == "none" and b["expansions"]:
                continue
            if expansion not in (None, "none") and expansion not in b["expansions"]:
                continue
            add(total, b["totals"])
        choices = {
            "players": sorted({b["players"] for b in buckets if b["kind"] not in apart}),
            "expansions": sorted({x for b in buckets for x in b["expansions"]}),
        }
        return stats.figures(total), choices

    def records(self, game: str | None = None) -> list[tuple[str, dict, datetime]]:
        """Every counted finished game's record and when it ended, oldest first (the CSV)."""
        q = select(club_games.c.game_id, club_games.c.record, club_games.c.finished_at).where(
            club_games.c.left_out.is_(False)
        )
        if game is not None:
            q = q.where(club_games.c.game == game)
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(club_games.c.finished_at, club_games.c.game_id)).all()
        return [(r.game_id, r.record, r.finished_at) for r in rows]


def collect(logs: Iterable[tuple[str, list]], games: Games, catalog=None) -> dict:
    """`palazzo stats`: the figures of log files, (name, events) each; a log that is not a
    finished game is listed as skipped, with why."""
    totals: dict[str, dict] = {}
    skipped = []
    for name, events in logs:
        game = games.of_event(events[0] if events else None)
        try:
            events = [game.versions.line(e) for e in events]  # older shapes as today's
        except NewerShape as newer:
            skipped.append({"file": name, "why": newer.message})
            continue
        try:
            rec = game.stats.record(events, catalog)
        except game.stats.NotFinished as e:
            skipped.append({"file": name, "why": str(e)})
            continue
        add(totals.setdefault(game.id, {}), game.stats.contribution(rec))
    out = {"skipped": skipped}
    for game in games:
        if game.stats is not None and (game.id in totals or game is games.default):
            out[game.id] = game.stats.figures(totals.get(game.id, {}))
    return out
