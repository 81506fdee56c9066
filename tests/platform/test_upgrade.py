"""A club upgrades from 0.1.0 and loses nothing: its SQLite database and its PostgreSQL dump,
as 0.1.0 wrote them (tests/data/upgrade), opened with today's code (the migrations applied
on opening), show every game at the same seq, with the same scores, money, each seat's
panel, the host's and the table's screens and the club page as 0.1.0 showed."""

from __future__ import annotations

import pytest

from events import migrate
from tests.platform import old_data
from tests.platform.upgrade_check import app_on, compare


def test_a_0_1_0_sqlite_club_opens_as_it_was(tmp_path):
    folder = old_data.sqlite_instance(tmp_path / "instance")
    app = app_on(folder, f"sqlite:///{folder / 'palazzo.db'}")
    problems = compare(app, folder)
    assert not problems, "\n".join(problems)
    from companion.web.store import get_store

    assert migrate.revision(get_store(app).engine) == migrate.head()


@pytest.mark.postgres
def test_a_0_1_0_postgres_club_opens_as_it_was(tmp_path, pg_server):
    url = old_data.postgres_database(pg_server)
    folder = tmp_path / "instance"
    folder.mkdir()
    old_data.instance_files(folder)
    app = app_on(folder, url)
    problems = compare(app, folder, seen=True)
    assert not problems, "\n".join(problems)
