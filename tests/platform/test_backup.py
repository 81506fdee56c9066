"""`palazzo backup` and `palazzo restore`: the whole club in one file, taken while a game is
played, put back onto a fresh SQLite or PostgreSQL instance with every game at the same seq,
the same screens and working join links; a file that cannot be used changes nothing."""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
from pathlib import Path

import pytest

from companion.app import GAMES
from companion.cli import main
from companion.core.exits import EXIT_DATABASE, EXIT_REFUSED, EXIT_USAGE
from companion.service.backup import backup, read, restore
from companion.service.table import Table
from events import EventStore
from tests.platform import old_data
from tests.platform.upgrade_check import app_on, compare, compare_club_pages
from tests.support.firenze_bot import Bot


def _sqlite(folder: Path) -> str:
    return f"sqlite:///{folder / 'palazzo.db'}"


@pytest.fixture
def old_club(tmp_path) -> Path:
    """0.1.0's club on SQLite, as the upgrade test opens it."""
    return old_data.sqlite_instance(tmp_path / "old")


def _backed_up(old_club: Path, tmp_path: Path) -> Path:
    file = tmp_path / "club.palazzo-backup"
    assert main(["backup", str(file), "--instance", str(old_club)]) == 0
    return file


def test_a_club_restored_onto_fresh_sqlite_shows_every_game_as_it_was(old_club, tmp_path):
    file = _backed_up(old_club, tmp_path)
    fresh = tmp_path / "fresh"
    assert main(["restore", str(file), "--instance", str(fresh)]) == 0
    problems = compare(app_on(fresh, _sqlite(fresh)), fresh)  # join links, session key too
    assert not problems, "\n".join(problems)


@pytest.mark.postgres
def test_a_club_moves_from_sqlite_to_postgres(old_club, tmp_path, pg_fresh_url):
    file = _backed_up(old_club, tmp_path)
    fresh = tmp_path / "fresh"
    args = ["restore", str(file), "--instance", str(fresh), "--database", pg_fresh_url]
    assert main(args) == 0
    # and back again: a PostgreSQL backup is the same format
    again = tmp_path / "again.backup"
    args = ["backup", str(again), "--instance", str(fresh), "--database", pg_fresh_url]
    assert main(args) == 0
    problems = compare(app_on(fresh, pg_fresh_url), fresh)
    assert not problems, "\n".join(problems)
    back = tmp_path / "back"
    assert main(["restore", str(again), "--instance", str(back)]) == 0
    assert not compare(app_on(back, _sqlite(back)), back)


OLDER = "v0_2_0"  # 0.1.0's club as 0.2.0 backed it up, at its revision (make_v0_2_0.py)


def _restored_as_it_was(file: Path, folder: Path, url: str) -> list[str]:
    args = ["restore", str(file), "--instance", str(folder)]
    assert main([*args, "--database", url]) == 0
    app = app_on(folder, url)
    return compare(app, folder) + compare_club_pages(app, folder, OLDER)


def test_a_backup_an_older_release_made_restores_onto_fresh_sqlite(tmp_path):
    fresh = tmp_path / "fresh"
    assert read(old_data.backup_file(OLDER), GAMES).header["revision"] == "0002"
    problems = _restored_as_it_was(old_data.backup_file(OLDER), fresh, _sqlite(fresh))
    assert not problems, "\n".join(problems)


@pytest.mark.postgres
def test_a_backup_an_older_release_made_restores_onto_fresh_postgres(tmp_path, pg_fresh_url):
    fresh = tmp_path / "fresh"
    problems = _restored_as_it_was(old_data.backup_file(OLDER), fresh, pg_fresh_url)
    assert not problems, "\n".join(problems)
    # again, over the club now in today's shape: its tables go down to the backup's and up
    args = ["restore", str(old_data.backup_file(OLDER)), "--instance", str(fresh), "--force"]
    assert main([*args, "--database", pg_fresh_url]) == 0
    app = app_on(fresh, pg_fresh_url)
    problems = compare(app, fresh) + compare_club_pages(app, fresh, OLDER)
    assert not problems, "\n".join(problems)


def test_an_older_backup_replaces_a_club_of_todays_shape(old_club, tmp_path):
    """The instance's tables are emptied and taken back to the backup's shape, then up again."""
    EventStore(_sqlite(old_club)).close()  # today's shape
    args = ["restore", str(old_data.backup_file(OLDER)), "--instance", str(old_club), "--force"]
    assert main(args) == 0
    app = app_on(old_club, _sqlite(old_club))
    problems = compare(app, old_club) + compare_club_pages(app, old_club, OLDER)
    assert not problems, "\n".join(problems)


def test_an_older_backup_whose_rows_clash_changes_nothing(old_club, tmp_path, capsys):
    """Refused after the tables were taken back to its shape: they come back as they were."""
    EventStore(_sqlite(old_club)).close()
    file = _rewritten(old_data.backup_file(OLDER), tmp_path / "clash", _clashing_rows)
    seen = old_data.digest(old_club)
    assert main(["restore", str(file), "--instance", str(old_club), "--force"]) == EXIT_USAGE
    assert "rows do not fit together" in capsys.readouterr().err
    assert old_data.digest(old_club) == seen
    assert not compare(app_on(old_club, _sqlite(old_club)), old_club)


def test_a_restore_onto_an_instance_with_games_needs_force(old_club, tmp_path, capsys):
    file = _backed_up(old_club, tmp_path)
    seen = old_data.digest(old_club)
    assert main(["restore", str(file), "--instance", str(old_club)]) == EXIT_REFUSED
    assert "already holds games" in capsys.readouterr().err
    assert old_data.digest(old_club) == seen
    assert main(["restore", str(file), "--instance", str(old_club), "--force"]) == 0
    assert not compare(app_on(old_club, _sqlite(old_club)), old_club)


def _events(url: str, game_id: str) -> list:
    with EventStore(url) as store:
        return store.events(game_id)


def test_a_backup_taken_while_a_game_is_played_is_a_consistent_prefix(store_url, tmp_path):
    """Moves are recorded while backups are taken: each restored game is its log up to some
    seq, every event whole."""
    bot = Bot(21, players=3)
    bot.play(300)
    log = bot.log
    folder = tmp_path / "live"
    folder.mkdir()
    with EventStore(store_url) as store:
        table = Table(store, GAMES)
        game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
        half = len(log) // 2
        for event in log[1:half]:
            table.record(game_id, dict(event), by="host")
        playing = threading.Thread(
            target=lambda: [table.record(game_id, dict(e), by="host") for e in log[half:]]
        )
        playing.start()
        files = []
        while playing.is_alive() or len(files) < 2:
            files.append(tmp_path / f"b{len(files)}.backup")
            backup(store_url, folder, files[-1])
        playing.join()
        whole = store.events(game_id)
    assert len(whole) == len(log)
    for i, file in enumerate(files):
        target = tmp_path / f"restored{i}"
        target.mkdir()
        restore(read(file, GAMES), _sqlite(target), target)
        got = _events(_sqlite(target), game_id)
        assert half - 1 <= len(got) <= len(whole)
        assert got == whole[: len(got)]  # every event whole, none missing before the last


def _rewritten(file: Path, out: Path, change) -> Path:
    """A copy of a backup with its lines changed by `change(lines)` and its end line's digest
    and counts made right again: a well-formed file saying something else."""
    lines = [json.loads(x) for x in gzip.decompress(file.read_bytes()).decode().splitlines()]
    lines = change(lines)
    body = "".join(json.dumps(x) + "\n" for x in lines[:-1])
    end = lines[-1]
    end["end"]["sha256"] = hashlib.sha256(body.encode()).hexdigest()
    out.write_bytes(gzip.compress((body + json.dumps(end) + "\n").encode()))
    return out


def _newer_event(lines):
    columns = None
    for line in lines:
        if line.get("table"):
            columns = line["columns"] if line["table"] == "events" else None
        elif "row" in line and columns:
            line["row"][columns.index("v")] = 99
            return lines
    raise AssertionError("no event")


def _newer_revision(lines):
    lines[0]["revision"] = "9999_from_the_future"
    return lines


def _another_apps_db(tmp_path: Path) -> Path:
    import sqlite3

    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (
            lambda f, t: t.joinpath("cut").write_bytes(f.read_bytes()[:20000]) and t / "cut",
            "truncated or damaged",
        ),
        (lambda f, t: _another_apps_db(t), "SQLite database, not a backup of Palazzo's"),
        (
            lambda f, t: t.joinpath("x.json").write_text('{"app": "other"}\n') and t / "x.json",
            "not a backup of Palazzo's",
        ),
        (
            lambda f, t: _rewritten(f, t / "newer-event", _newer_event),
            "event written by a newer release of Palazzo",
        ),
        (
            lambda f, t: _rewritten(f, t / "newer-rev", _newer_revision),
            "made by a newer release of Palazzo",
        ),
    ],
    ids=["truncated", "another-apps-db", "foreign", "newer-event", "unknown-revision"],
)
def test_a_file_that_cannot_be_restored_changes_nothing(old_club, tmp_path, capsys, make, said):
    file = make(_backed_up(old_club, tmp_path), tmp_path)
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    seen = {p: old_data.digest(p) for p in (file, fresh, old_club)}
    assert main(["restore", str(file), "--instance", str(fresh), "--force"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert {p: old_data.digest(p) for p in seen} == seen


def test_a_backup_of_a_database_a_newer_release_wrote_is_refused(old_club, tmp_path, capsys):
    from sqlalchemy import text

    from events.engines import engine_for

    engine = engine_for(_sqlite(old_club))
    EventStore(_sqlite(old_club)).close()
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    engine.dispose()
    seen = old_data.digest(old_club)
    file = tmp_path / "b.backup"
    assert main(["backup", str(file), "--instance", str(old_club)]) == EXIT_DATABASE
    assert "newer release of Palazzo" in capsys.readouterr().err
    assert not file.exists() and old_data.digest(old_club) == seen


def _clashing_rows(lines):
    """Two events of the log under one id: each line well-formed, the rows cannot all be."""
    events = next(x for x in lines if x.get("table") == "events")
    at = events["columns"].index("id")
    start = lines.index(events)
    first, second = lines[start + 1]["row"], lines[start + 2]["row"]
    second[at] = first[at]
    return lines


def test_a_backup_whose_rows_clash_restores_nothing(old_club, tmp_path, capsys):
    file = _rewritten(_backed_up(old_club, tmp_path), tmp_path / "clash", _clashing_rows)
    seen = old_data.digest(old_club)
    assert main(["restore", str(file), "--instance", str(old_club), "--force"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "rows do not fit together" in err and "Traceback" not in err
    assert old_data.digest(old_club) == seen


def test_a_backup_whose_rows_clash_leaves_a_fresh_instance_as_it_was(old_club, tmp_path, capsys):
    """The database a restore makes on a fresh instance goes again when its rows are refused."""
    file = _rewritten(_backed_up(old_club, tmp_path), tmp_path / "clash", _clashing_rows)
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    seen = old_data.digest(fresh)
    assert main(["restore", str(file), "--instance", str(fresh)]) == EXIT_USAGE
    assert "rows do not fit together" in capsys.readouterr().err
    assert old_data.digest(fresh) == seen and list(fresh.iterdir()) == []
