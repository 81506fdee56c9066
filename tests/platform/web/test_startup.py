"""A server checks its settings and its database before serving (companion/web/startup.py):
one that cannot use them says why and exits, instead of answering every page with an error."""

from __future__ import annotations

import os
import subprocess
import sys

import psycopg
import pytest

from companion.app import create_app
from companion.web import REPO_ROOT
from companion.web.startup import check, check_public_url, describe
from tests.platform.club import Gunicorn
from tests.support.pg import free_port


def _app(tmp_path, url: str | None = None):
    config = {"INSTANCE_PATH": tmp_path / "instance"}
    if url is not None:
        config["DATABASE_URL"] = url
    return create_app(config)


def _admin(url: str):
    return psycopg.connect(
        url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True
    )


def _as(url: str, role: str) -> str:
    return url.replace("://postgres@", f"://{role}@", 1)


def test_sqlite_in_the_instance_folder_is_ready(tmp_path):
    assert check(_app(tmp_path)) is None
    assert (tmp_path / "instance" / "palazzo.db").exists()


def test_an_sqlite_file_that_cannot_be_created_is_named(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    problem = check(_app(tmp_path, f"sqlite:///{tmp_path}/file/palazzo.db"))
    assert problem is not None and "palazzo.db" in problem and "cannot open" in problem


@pytest.mark.parametrize(
    "url",
    ["http://palazzo.example.org", "https://palazzo.example.org:8443/", "http://10.0.0.5:8080"],
)
def test_a_public_url_phones_can_open_passes(url):
    assert check_public_url(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "palazzo.example.org",  # no scheme: every QR code would be a relative path
        "ftp://palazzo.example.org",
        "http://palazzo.example.org/club",
        "http://palazzo.example.org:80x",
        "http://palazzo.example.org/?x=1",
        "http://user@palazzo.example.org",
    ],
)
def test_a_public_url_phones_cannot_open_stops_the_start(url, tmp_path):
    problem = check_public_url(url)
    assert problem is not None and "PALAZZO_PUBLIC_URL" in problem
    app = _app(tmp_path)
    app.config["PUBLIC_BASE_URL"] = url
    assert check(app) == problem


def test_the_words_of_a_refused_login_name_it():
    """libpq's own words for the logins PostgreSQL refuses (the suite's server trusts every
    login, so these come as text)."""

    for said in (
        'connection failed: FATAL:  password authentication failed for user "palazzo"',
        "connection failed: fe_sendauth: no password supplied",
        'connection failed: FATAL:  Peer authentication failed for user "palazzo"',
        'connection failed: FATAL:  no pg_hba.conf entry for host "10.0.0.2", user "palazzo"',
    ):
        assert describe(Exception(said), "postgresql://palazzo@db/palazzo").startswith(
            "PostgreSQL refused the login to postgresql://palazzo@db/palazzo: "
        )


# -- on PostgreSQL -------------------------------------------------------------------------------


@pytest.mark.postgres
def test_a_usable_database_gets_its_tables(tmp_path, pg_fresh_url):
    assert check(_app(tmp_path, pg_fresh_url)) is None
    with _admin(pg_fresh_url) as conn:
        tables = {
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            ).fetchall()
        }
    assert {"games", "events", "snapshots", "presence"} <= tables


@pytest.mark.postgres
def test_each_problem_is_named(tmp_path, pg_server, pg_fresh_url):
    closed = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/palazzo"
    assert "cannot be reached" in check(_app(tmp_path, closed))
    assert "refused the login" in check(_app(tmp_path, _as(pg_fresh_url, "nobody")))
    missing = pg_fresh_url.rsplit("/", 1)[0] + "/no_such_database"
    assert check(_app(tmp_path, missing)).startswith("there is no database ")

    # A role that may neither create tables nor use the owner's.
    database = pg_fresh_url.rsplit("/", 1)[1]
    role = f"weak_{database}"
    with _admin(pg_fresh_url) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    weak = _as(pg_fresh_url, role)
    problem = check(_app(tmp_path, weak))
    assert "lacks Palazzo's tables and its role may not create them" in problem
    assert "permission denied" in problem

    assert check(_app(tmp_path, pg_fresh_url)) is None  # the owner creates them
    problem = check(_app(tmp_path, weak))
    assert "has Palazzo's tables, but its role may not use them" in problem

    with _admin(pg_fresh_url) as conn:
        conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    problem = check(_app(tmp_path, weak))
    assert "may not INSERT, UPDATE on games; INSERT on events;" in problem

    with _admin(pg_fresh_url) as conn:
        conn.execute(
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}"
        )
    assert check(_app(tmp_path, weak)) is None


@pytest.mark.postgres
def test_gunicorn_stops_with_the_reason_instead_of_serving_errors(tmp_path, pg_fresh_url):
    missing = pg_fresh_url.rsplit("/", 1)[0] + "/no_such_database"
    gunicorn = Gunicorn(
        tmp_path,
        {
            "PALAZZO_DATABASE_URL": missing,
            "PALAZZO_INSTANCE": str(tmp_path / "instance"),
            "PALAZZO_BIND": f"127.0.0.1:{free_port()}",
        },
        workers=2,
    )
    try:
        code = gunicorn.wait_exit(timeout=150)  # two workers import the app, then stop
    finally:
        gunicorn.stop()
    output = gunicorn.output()
    # gunicorn's "failed to boot" is 3; when both workers fail at once gunicorn 27 raises its
    # HaltServer again while halting and leaves with 1: stopped either way, never serving
    assert code in (1, 3), output
    assert "exited with code 3" in output, output  # the worker's own boot error
    assert "Palazzo cannot start: there is no database " in output, output
    assert 'database "no_such_database" does not exist' in output, output
    assert "Worker failed to boot" in output, output


@pytest.mark.postgres
def test_palazzo_serve_stops_with_the_reason(tmp_path, pg_fresh_url):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("PALAZZO_")},
        "PALAZZO_INSTANCE": str(tmp_path / "instance"),
        "PALAZZO_DATABASE_URL": _as(pg_fresh_url, "nobody"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "companion.serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("palazzo serve: cannot start: PostgreSQL refused the login")
    assert 'role "nobody" does not exist' in done.stderr
    assert "Palazzo is running" not in done.stdout
