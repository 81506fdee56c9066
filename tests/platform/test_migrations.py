"""The database's one migration history: a fresh database, a 0.1.0 one (tables and no
revision), one a newer release wrote and an upgrade that fails, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import MetaData, inspect, text

from companion.cli import main
from companion.core.exits import EXIT_DATABASE
from events import EventStore, migrate
from events.engines import engine_for
from tests import ROOT
from tests.platform import old_data


def _models() -> MetaData:
    """Every table the code defines, as its modules declare them."""
    from companion.games.princes.counts import TABLES as COUNTS
    from companion.presence import SharedPresence
    from companion.service.club import metadata as club
    from events.models import TABLES

    meta = MetaData()
    for table in [*TABLES, *COUNTS, *club.tables.values()]:
        table.to_metadata(meta)
    engine = engine_for("sqlite://")
    SharedPresence(engine).table.to_metadata(meta)
    engine.dispose()
    return meta


def test_the_history_makes_every_table_the_code_defines(store_url):
    with EventStore(store_url) as store:
        assert migrate.revision(store.engine) == migrate.head()
        found = inspect(store.engine)
        for table in _models().tables.values():
            columns = {c["name"]: c for c in found.get_columns(table.name)}
            assert set(columns) == {c.name for c in table.columns}, table.name
            for column in table.columns:
                assert columns[column.name]["nullable"] == column.nullable, (table, column)
            keys = found.get_pk_constraint(table.name)["constrained_columns"]
            assert keys == [c.name for c in table.primary_key.columns], table.name


def test_alembic_finds_nothing_between_the_history_and_the_models(store_url):
    """The models are what the code reads and writes; the history what the database holds."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with EventStore(store_url) as store, store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, _models()) == []


def _rows(engine) -> dict:
    with engine.connect() as conn:
        names = [n for n in inspect(conn).get_table_names() if n != "alembic_version"]
        return {n: conn.execute(text(f'SELECT COUNT(*) FROM "{n}"')).scalar() for n in names}


def test_a_0_1_0_sqlite_database_is_stamped_and_brought_up_to_date(tmp_path):
    folder = old_data.sqlite_instance(tmp_path / "instance")
    url = f"sqlite:///{folder / 'palazzo.db'}"
    before = sqlite3.connect(folder / "palazzo.db")
    counted = {
        n: before.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0]
        for (n,) in before.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    before.close()
    assert main(["migrate", "--instance", str(folder)]) == 0
    engine = engine_for(url)
    assert migrate.revision(engine) == migrate.head()
    rows = _rows(engine)
    assert {n: rows[n] for n in counted} == counted  # nothing lost
    assert rows["presence"] == 0  # the table 0.1.0 made on PostgreSQL alone
    with engine.connect() as conn:
        assert conn.execute(text("SELECT DISTINCT v FROM events")).scalars().all() == [1]
    engine.dispose()
    assert not list(folder.glob("*.before-upgrade"))  # the copy goes once it is not needed


@pytest.mark.postgres
def test_a_0_1_0_postgres_database_is_stamped_and_brought_up_to_date(pg_server):
    url = old_data.postgres_database(pg_server)
    engine = engine_for(url)
    counted = _rows(engine)
    assert migrate.upgrade(engine) == (None, migrate.head())
    assert _rows(engine) == counted
    assert migrate.upgrade(engine) == (migrate.head(), migrate.head())  # once is enough
    engine.dispose()


def _newer_instance(tmp_path):
    """An instance whose database a newer release wrote: (its folder, its URL)."""
    folder = tmp_path / "instance"
    folder.mkdir()
    url = f"sqlite:///{folder / 'palazzo.db'}"
    EventStore(url).close()
    _newer(url)
    return folder, url


def _newer(url: str) -> None:
    engine = engine_for(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    engine.dispose()


def test_a_database_a_newer_release_wrote_is_refused_and_left_alone(tmp_path, capsys):
    folder, url = _newer_instance(tmp_path)
    seen = old_data.digest(folder)
    with pytest.raises(migrate.SchemaTooNew, match="newer release of Palazzo"):
        EventStore(url)
    assert main(["migrate", "--instance", str(folder)]) == EXIT_DATABASE
    said = capsys.readouterr().err
    assert "newer release of Palazzo" in said and "9999_from_the_future" in said
    assert "Traceback" not in said
    assert old_data.digest(folder) == seen


def test_the_server_refuses_to_start_on_a_newer_database(tmp_path):
    from companion.app import create_app
    from companion.web.startup import SchemaProblem, check

    folder, url = _newer_instance(tmp_path)
    app = create_app({"INSTANCE_PATH": folder, "DATABASE_URL": url, "TESTING": True})
    problem = check(app)
    assert isinstance(problem, SchemaProblem)
    assert "newer release of Palazzo" in problem and "docs/upgrading.md" in problem


@pytest.mark.postgres
def test_a_newer_postgres_database_is_refused(pg_fresh_url):
    EventStore(pg_fresh_url).close()
    _newer(pg_fresh_url)
    with pytest.raises(migrate.SchemaTooNew):
        EventStore(pg_fresh_url)


def test_another_applications_tables_are_refused(tmp_path):
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE events (name TEXT, starts TEXT)")
    conn.commit()
    conn.close()
    seen = old_data.digest(db)
    with pytest.raises(migrate.NotPalazzo, match="not Palazzo's log"):
        EventStore(f"sqlite:///{db}")
    assert old_data.digest(db) == seen


def _at_baseline_with_a_clash(engine) -> None:
    """A database at the baseline whose log already has a column the next step adds: that
    step fails halfway through the upgrade."""
    from alembic import command

    with engine.begin() as conn:
        command.upgrade(migrate._config(conn), "0001")
        conn.execute(text("ALTER TABLE events ADD COLUMN v INTEGER"))


def test_a_failed_sqlite_upgrade_leaves_the_database_as_it_was(tmp_path):
    db = tmp_path / "palazzo.db"
    engine = engine_for(f"sqlite:///{db}")
    _at_baseline_with_a_clash(engine)
    engine.dispose()
    plain = sqlite3.connect(db)
    before = list(plain.iterdump())
    plain.close()
    with pytest.raises(migrate.MigrationFailed, match="left as it was"):
        EventStore(f"sqlite:///{db}")
    plain = sqlite3.connect(db)
    assert list(plain.iterdump()) == before
    plain.close()
    assert not list(tmp_path.glob("*.before-upgrade"))


@pytest.mark.postgres
def test_a_failed_postgres_upgrade_is_rolled_back(pg_fresh_url):
    engine = engine_for(pg_fresh_url)
    _at_baseline_with_a_clash(engine)
    with pytest.raises(migrate.MigrationFailed):
        migrate.upgrade(engine)
    assert migrate.revision(engine) == "0001"
    engine.dispose()


@pytest.mark.parametrize("where", ["fresh", "0.1.0"])
def test_several_processes_opening_one_database_at_once_migrate_it_once(tmp_path, where):
    """The workers of one server start together: one migrates while the others wait."""
    folder = tmp_path / "instance"
    if where == "0.1.0":
        old_data.sqlite_instance(folder)
    else:
        folder.mkdir()
    url = f"sqlite:///{folder / 'palazzo.db'}"
    assert _opened_at_once(url) == []
    engine = engine_for(url)
    assert migrate.revision(engine) == migrate.head()
    engine.dispose()


def test_a_store_opening_a_new_file_waits_for_another_process_holding_its_write_lock(tmp_path):
    """Switching a new file into WAL mode needs an exclusive lock, which SQLite refuses at
    once while another process holds the write lock (a worker migrating): the store waits
    for it instead of failing to start."""
    import threading

    path = tmp_path / "palazzo.db"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other process's write lock, in a rollback journal
    opened: list = []

    def open_store():
        try:
            EventStore(f"sqlite:///{path}").close()
            opened.append("opened")
        except Exception as error:  # noqa: BLE001 (the assertion below names it)
            opened.append(error)

    thread = threading.Thread(target=open_store)
    thread.start()
    thread.join(0.5)
    assert opened == []  # still waiting, not failed
    other.execute("COMMIT")
    other.close()
    thread.join()
    assert opened == ["opened"]


@pytest.mark.postgres
def test_several_processes_opening_one_postgres_database_at_once_migrate_it_once(pg_fresh_url):
    assert _opened_at_once(pg_fresh_url) == []


def _opened_at_once(url: str, n: int = 4) -> list:
    """Open `n` stores on `url` from `n` threads at once; the errors they met."""
    import threading

    errors = []

    def open_store():
        try:
            EventStore(url).close()
        except Exception as error:  # noqa: BLE001 (each is reported by the caller)
            errors.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@pytest.mark.slow  # starts `palazzo serve` in a process of its own
def test_palazzo_serve_refuses_a_database_a_newer_release_wrote(tmp_path):
    import os
    import subprocess
    import sys

    folder, url = _newer_instance(tmp_path)
    seen = old_data.digest(folder / "palazzo.db")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("PALAZZO_")},
        "PALAZZO_INSTANCE": str(folder),
    }
    done = subprocess.run(
        [sys.executable, "-m", "companion.serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == EXIT_DATABASE
    assert done.stderr.startswith("palazzo serve: cannot start: the database")
    assert "newer release of Palazzo" in done.stderr and "Traceback" not in done.stderr
    assert "Palazzo is running" not in done.stdout
    assert old_data.digest(folder / "palazzo.db") == seen
    assert not list(folder.glob("palazzo.db-*"))  # not even a journal beside it


@pytest.mark.parametrize("command", [["migrate"], ["backup", "FILE"], ["restore", "FILE"]])
def test_a_club_command_on_an_unreachable_database_says_so(tmp_path, capsys, command):
    from tests.support.pg import free_port

    url = f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/palazzo"
    args = [a if a != "FILE" else str(tmp_path / "club.backup") for a in command]
    if command[0] == "restore":  # a good backup, so the database is what stops it
        fresh = tmp_path / "club"
        fresh.mkdir()
        assert main(["backup", args[1], "--instance", str(fresh)]) == 0
    assert main([*args, "--instance", str(tmp_path / "i"), "--database", url]) == EXIT_DATABASE
    said = capsys.readouterr().err
    assert "cannot be reached" in said and "Traceback" not in said


def _club_rows(engine, kind: str) -> dict:
    with engine.connect() as conn:
        return {
            name: sorted(
                tuple(r)
                for r in conn.execute(text(f"SELECT game, players, expansions, {kind} FROM {name}"))
            )
            for name in ("club_games", "club_totals")
        }


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_the_club_rows_that_were_solo_become_the_solo_kind_of_play(backend, tmp_path, request):
    """0003 converts the club's derived rows in place: a solo row is of kind 'solo', every
    other of the game's ordinary play; the key of the sums is the kind; and back down."""
    if backend == "sqlite":
        folder = old_data.sqlite_instance(tmp_path / "instance")
        url = f"sqlite:///{folder / 'palazzo.db'}"
    else:
        url = old_data.postgres_database(request.getfixturevalue("pg_server"))
    engine = engine_for(url)
    migrate.upgrade(engine, "0002")
    before = _club_rows(engine, "solo")
    assert any(r[3] for r in before["club_totals"]) and any(not r[3] for r in before["club_totals"])
    migrate.upgrade(engine)
    after = _club_rows(engine, "kind")
    kinds = {n: [(*r[:3], "solo" if r[3] else "") for r in rows] for n, rows in before.items()}
    assert after == {n: sorted(rows) for n, rows in kinds.items()}
    keys = inspect(engine).get_pk_constraint("club_totals")["constrained_columns"]
    assert keys == ["game", "players", "expansions", "kind"]
    with engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM events")).scalar() == 1686  # untouched
    migrate.upgrade(engine, "0002")  # down again (restore takes an empty database down)
    assert _solo(_club_rows(engine, "solo")) == _solo(before)
    engine.dispose()


def _solo(rows: dict) -> dict:
    """The rows with their solo column as a Boolean (SQLite keeps it as 0 or 1)."""
    return {n: sorted((*r[:3], bool(r[3])) for r in found) for n, found in rows.items()}
