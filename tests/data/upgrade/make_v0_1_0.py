"""Old data for the upgrade test: a club's database as release 0.1.0 wrote it, and what 0.1.0
showed of every game in it.

Run deliberately, and only on the release whose data it makes (0.1.0: `git checkout` it in a
worktree of its own), never from the suite:

    .venv/bin/python -m tests.data.upgrade.make_v0_1_0

It hosts and plays games through that release's real app and service (the web's game creation,
the Table's recording, the learned catalog, the club's figures, the hosts' join links) on a
fresh instance, then writes into this folder:

- `v0_1_0.db.gz`: the SQLite database (every table 0.1.0 made with `create_all`, no
  migration revision), gzipped;
- `v0_1_0.pg.sql.gz`: the same games on PostgreSQL, as `pg_dump --no-owner` writes them (a
  throwaway server started here, as tests/pg.py starts the suite's);
- `v0_1_0.jsonl.gz`: each game's JSON Lines export, one JSON object a line
  `{"game": id, "log": text}`;
- `v0_1_0.instance.json.gz`: the instance folder's files (catalog.json, hosts/*.json,
  secret_key), which belong with the database;
- `v0_1_0.figures.json`: what 0.1.0 computed and showed: per game its seq, phase, final
  scores, each player's money and Fame (the game's summary), the digest of the words of each
  seat's own screen, the host's and the spectator's, and of the club page's words;
- `v0_1_0.screens.json.gz`: those words in full, for a failing comparison to show. The upgrade test compares the current code's answers
  with these, never recomputing them with the code under test.

Each later change of shape adds old data of its own the same way (a script per release).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

HERE = Path(__file__).resolve().parent
PREFIX = "v0_1_0"


class _Text(HTMLParser):
    """The words a page shows: text outside script, style, template and the footer (the
    footer names the release, which changes with every release by design)."""

    SKIP = {"script", "style", "template", "footer", "head"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.words: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth and data.strip():
            self.words.append(" ".join(data.split()))


def page_text(html: str) -> str:
    """A page's visible words, one run of text a line, with ids of games and event ids (which
    differ between the copies of one game) left as they are: the copies keep them."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.words)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _games(app):
    """Host and play the club's games; returns [(name, game_id, tokens)]."""
    from tests.firenze.bot import Bot
    from tests.solo_table import SOLO_CATALOG_DATA, SoloTable

    from companion.games.princes.learned import LearnedCatalog
    from companion.games.princes.rules import GameState, Refusal, apply_in_place, simulation_catalog
    from companion.games.princes.rules import play as autoplay
    from companion.web.games import create_hosted_game
    from companion.web.join_links import keep_tokens
    from companion.web.recording import get_table

    catalog = simulation_catalog()
    automa = {k: v for k, v in SOLO_CATALOG_DATA.items() if k != "professions"}
    LearnedCatalog(app.instance_path).teach({**catalog.to_dict(), **automa})
    solo_catalog = catalog.merged(automa)
    made = []

    def host(name, log, upto=None):
        start = {k: v for k, v in log[0].items() if k != "type"}
        with app.test_request_context():
            game_id, tokens = create_hosted_game(start, settings={})
            keep_tokens(game_id, tokens)
            table = get_table(app)
            for event in log[1 : upto or len(log)]:
                by = (
                    str(event["player"])
                    if "player" in event and event["type"] != "correction"
                    else "host"
                )
                table.record(game_id, dict(event), by=by)
        made.append((name, game_id, tokens))

    def legal_prefix(log, edition):
        """The longest start of `log` the older book accepts, with game_started naming it."""
        state = GameState(catalog)
        out = []
        for event in [{**log[0], "edition": edition}, *log[1:]]:
            try:
                apply_in_place(state, dict(event))
            except Refusal:
                break
            out.append(event)
        return out

    three, _ = autoplay(3, 1, catalog=catalog)
    host("base_3p_finished", three)
    five, _ = autoplay(5, 2, catalog=catalog, grid=True)
    host("base_5p_grid_unfinished", five, upto=len(five) * 2 // 3)
    four, _ = autoplay(4, 3, catalog=catalog)
    host("base_4p_finished", four)
    two, _ = autoplay(2, 4, catalog=catalog)
    host("two_players_finished", two)
    muse, _ = autoplay(3, 5, catalog=catalog, expansions={"muse_princess": True})
    host("muse_princess_finished", muse)
    coop, _ = autoplay(4, 6, catalog=catalog, expansions={"cooperative": True})
    host("cooperative_finished", coop)
    host(
        "cooperative_unfinished",
        autoplay(3, 7, catalog=catalog, expansions={"cooperative": True})[0],
        upto=60,
    )
    older = legal_prefix(autoplay(3, 8, catalog=catalog)[0], "older_german")
    host("older_german_finished", older)
    solo = SoloTable(9, catalog=solo_catalog).play()
    host("solo_finished", solo)
    host("solo_unfinished", SoloTable(10, catalog=solo_catalog).play(), upto=50)
    firenze = Bot(11, players=2)
    firenze.play(400)
    host("firenze_finished", firenze.log)
    unfinished = Bot(12, players=3)
    unfinished.play(40)
    host("firenze_unfinished", unfinished.log)
    return made


def _seen(app, game_id, tokens) -> dict:
    """Each role's own screen's words, reached by its join link as a phone reaches it."""
    screens = {}
    roles = [("host", tokens.host), ("spectator", tokens.spectator)]
    roles += [(f"seat {i}", t) for i, t in enumerate(tokens.seats)]
    for role, token in roles:
        client = app.test_client()
        door = "host/join" if role == "host" else "join"
        page = client.get(f"/games/{game_id}/{door}/{token}", follow_redirects=True)
        screens[role] = {
            "status": page.status_code,  # Wolfgang's seat has no phone: 403, said in words
            "path": page.request.path,
            "text": page_text(page.text),
        }
    return screens


def figures(app, made) -> dict:
    """What 0.1.0 computes and shows of every game and of the club."""
    from companion.web.recording import get_table

    out: dict = {"games": {}}
    with app.test_request_context():
        table = get_table(app)
        for name, game_id, _tokens in made:
            game = table.game(game_id)
            state = table.state(game_id)
            summary = game.summary(state)
            out["games"][name] = {
                "id": game_id,
                "game": game.id,
                "seq": table.seq(game_id),
                "over": game.is_over(state),
                "summary": summary,
            }
    for name, game_id, tokens in made:
        out["games"][name]["screens"] = _seen(app, game_id, tokens)
    # the club page, as the host of every game sees it (their session knows the games)
    client = app.test_client()
    for _name, game_id, tokens in made:
        client.get(f"/games/{game_id}/host/join/{tokens.host}")
    club = client.get("/club")
    assert club.status_code == 200
    out["club"] = page_text(club.text)
    return out


def _pg_dump(sqlite_instance: Path, out: Path) -> None:
    """The same games on a throwaway PostgreSQL: the SQLite database's rows copied table by
    table after 0.1.0's own code created the tables there, then dumped."""
    from tests.pg import PG_USER, _pg_bin, throwaway_postgres

    with throwaway_postgres() as server:
        url = server.create_database("palazzo_old")
        _copy_rows(sqlite_instance / "palazzo.db", url)
        dump = subprocess.run(
            [
                str(_pg_bin() / "pg_dump"),
                "--no-owner",
                "--no-privileges",
                "-h",
                "127.0.0.1",
                "-p",
                str(server.port),
                "-U",
                PG_USER,
                url.rsplit("/", 1)[1],
            ],
            check=True,
            capture_output=True,
        ).stdout
    out.write_bytes(gzip.compress(dump, mtime=0))


def _copy_rows(db: Path, url: str) -> None:
    from sqlalchemy import MetaData, insert

    from companion.games.princes.counts import Counts
    from companion.presence import SharedPresence as Presence
    from companion.service.club import Club
    from events import EventStore

    store = EventStore(url)
    Club(store)
    Counts(store)
    # the presence table is PostgreSQL's alone (SQLite's single process keeps it in memory)
    presence = Presence(store.engine)
    meta = MetaData()
    meta.reflect(store.engine)
    src = sqlite3.connect(db)
    src.row_factory = sqlite3.Row
    with store.engine.begin() as conn:
        for name in (
            "games",
            "events",
            "snapshots",
            "club_games",
            "club_totals",
            "count_checks",
            "counts",
        ):
            table = meta.tables[name]
            rows = [dict(r) for r in src.execute(f"SELECT * FROM {name}")]
            for row in rows:
                for column in table.columns:
                    value = row.get(column.name)
                    if isinstance(value, str) and column.type.__class__.__name__ == "JSON":
                        row[column.name] = json.loads(value)
                    elif column.type.__class__.__name__ == "BOOLEAN" and value is not None:
                        row[column.name] = bool(value)
                    elif column.type.__class__.__name__ == "DATETIME" and value:
                        from datetime import UTC, datetime

                        row[column.name] = datetime.fromisoformat(value).replace(tzinfo=UTC)
            if rows:
                conn.execute(insert(table), rows)
    src.close()
    first = store.games()[0].id
    presence.seen(first, 0)  # a seat's phone seen, as the processes on one database note it
    presence.stop()
    store.close()


def main() -> int:
    os.environ.pop("PALAZZO_DATABASE_URL", None)
    from companion.web import create_app

    work = Path(tempfile.mkdtemp(prefix="palazzo-old-"))
    instance = work / "instance"
    app = create_app({"INSTANCE_PATH": instance, "TESTING": True})
    made = _games(app)
    data = figures(app, made)
    # a money check asked and one count given: the counts' tables hold a row each
    from companion.games.princes.counts import Counts
    from companion.web.store import get_store

    with app.app_context():
        counts = Counts(get_store())
        name, game_id, _ = made[1]
        seq = data["games"][name]["seq"]
        counts.start(game_id, "money", "host", seq)
        counts.give(game_id, "money", 0, 3000, seq, "0")
        get_store().close()
    db = instance / "palazzo.db"
    with sqlite3.connect(db) as conn:  # the WAL folded in: one self-contained file
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
    (HERE / f"{PREFIX}.db.gz").write_bytes(gzip.compress(db.read_bytes(), mtime=0))
    files = {}
    for path in sorted(instance.rglob("*")):
        rel = path.relative_to(instance).as_posix()
        if path.is_file() and not rel.startswith("palazzo.db"):
            files[rel] = path.read_text(encoding="utf-8")
    (HERE / f"{PREFIX}.instance.json.gz").write_bytes(
        gzip.compress(json.dumps(files, indent=1, sort_keys=True).encode(), mtime=0)
    )
    from events import EventStore

    with EventStore(f"sqlite:///{db}") as store:
        lines = [
            json.dumps({"game": name, "id": game_id, "log": store.export_jsonl(game_id)})
            for name, game_id, _ in made
        ]
    (HERE / f"{PREFIX}.jsonl.gz").write_bytes(
        gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0)
    )
    # the screens' words, in full, for a failing comparison to show; the figures name each
    # by its digest
    texts = {}
    for name, game in data["games"].items():
        for role, screen in game["screens"].items():
            texts[f"{name}/{role}"] = screen["text"]
            screen["sha256"] = digest(screen.pop("text"))
    texts["club"] = data["club"]
    data["club"] = {"sha256": digest(data["club"])}
    (HERE / f"{PREFIX}.screens.json.gz").write_bytes(
        gzip.compress(json.dumps(texts, indent=0, sort_keys=True).encode(), mtime=0)
    )
    (HERE / f"{PREFIX}.figures.json").write_text(
        json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    _pg_dump(instance, HERE / f"{PREFIX}.pg.sql.gz")
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
