"""The app factory, the landing page and what every page carries."""

from __future__ import annotations

import re
import stat
from pathlib import Path

from companion.app import create_app
from companion.web import REPO_ROOT
from companion.web.store import get_store


def test_instance_folder_is_created_and_holds_the_database(app, instance_dir):
    assert Path(app.instance_path) == instance_dir.resolve()
    assert instance_dir.is_dir()
    assert app.config["DATABASE_URL"] == f"sqlite:///{instance_dir.resolve() / 'palazzo.db'}"
    assert "palazzo.store" not in app.extensions  # opened lazily, not at import/creation
    store = get_store(app)
    assert app.extensions["palazzo.store"] is store
    assert get_store(app) is store
    assert (instance_dir / "palazzo.db").exists()


def test_instance_folder_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PALAZZO_INSTANCE", str(tmp_path / "from-env"))
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    app = create_app({"TESTING": True})
    assert Path(app.instance_path) == (tmp_path / "from-env").resolve()
    assert (tmp_path / "from-env" / "secret_key").exists()


def test_database_url_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PALAZZO_DATABASE_URL", "postgresql://db.example/palazzo")
    app = create_app({"INSTANCE_PATH": tmp_path})
    assert app.config["DATABASE_URL"] == "postgresql://db.example/palazzo"


def test_secret_key_is_generated_once_and_kept(instance_dir):
    first = create_app({"INSTANCE_PATH": instance_dir})
    key_file = instance_dir / "secret_key"
    assert key_file.read_text().strip() == first.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 64
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    second = create_app({"INSTANCE_PATH": instance_dir})
    assert second.config["SECRET_KEY"] == first.config["SECRET_KEY"]
    other = create_app({"INSTANCE_PATH": instance_dir.parent / "elsewhere"})
    assert other.config["SECRET_KEY"] != first.config["SECRET_KEY"]


def test_processes_starting_together_agree_on_one_key(tmp_path):
    import threading

    from companion.web import load_secret_key

    keys: list[str] = []
    threads = [
        threading.Thread(target=lambda: keys.append(load_secret_key(tmp_path))) for _ in range(16)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 16 and len(set(keys)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temp files left
    (tmp_path / "secret_key").write_text("")  # a crash left it empty
    replaced = load_secret_key(tmp_path)
    assert len(replaced) == 64 and (tmp_path / "secret_key").read_text().strip() == replaced


def test_sessions_survive_a_restart(instance_dir):
    """A phone's cookie from before a restart is still accepted (same CSRF token)."""
    before = create_app({"INSTANCE_PATH": instance_dir}).test_client()
    page = before.get("/").get_data(as_text=True)
    token = re.search(r'"X-CSRF-Token": "([^"]+)"', page).group(1)
    cookie = before.get_cookie("palazzo_session")
    after = create_app({"INSTANCE_PATH": instance_dir}).test_client()
    after.set_cookie("palazzo_session", cookie.value)
    page = after.get("/").get_data(as_text=True)
    assert f'"X-CSRF-Token": "{token}"' in page


def test_config_file_in_instance_folder_is_read(instance_dir):
    instance_dir.mkdir(parents=True)
    (instance_dir / "config.py").write_text("LIVE_HEARTBEAT = 42.0\n")
    app = create_app({"INSTANCE_PATH": instance_dir})
    assert app.config["LIVE_HEARTBEAT"] == 42.0


def test_htmx_extension_and_blueprints(app):
    assert "htmx" in app.extensions
    assert {"home", "live"} <= set(app.blueprints)
    assert Path(app.template_folder) == REPO_ROOT / "templates"
    assert Path(app.static_folder) == REPO_ROOT / "static"


def test_landing_page(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'name="viewport" content="width=device-width, initial-scale=1' in html
    assert 'href="/host"' in html and "Host a game" in html
    assert '<script defer src="/static/vendor/htmx-2.0.11.min.js"></script>' in html
    assert '<script defer src="/static/vendor/htmx-ext-sse-2.2.4.min.js"></script>' in html
    assert '<script defer src="/static/palazzo.js"></script>' in html
    assert 'href="/static/palazzo.css"' in html
    assert 'id="flash"' in html


def test_no_resource_comes_from_another_host(client):
    """The app must work on a LAN with no internet: no CDN, no absolute URLs in pages."""
    html = client.get("/").get_data(as_text=True)
    for url in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert url.startswith(("/", "?")), url  # "?lang=de": this page, the language switch
    for path in (REPO_ROOT / "templates").glob("*.html"):
        assert not re.search(r'(?:src|href)="(?:https?:)?//', path.read_text()), path


def test_every_page_carries_security_headers(client):
    for path in ("/", "/no-such-page"):
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "default-src 'self'" in csp
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "HX-Request" in response.headers["Vary"]
        assert response.headers["Cache-Control"] == "no-store"


def test_vendored_scripts_are_served(client):
    htmx = client.get("/static/vendor/htmx-2.0.11.min.js")
    assert htmx.status_code == 200
    assert b'version:"2.0.11"' in htmx.data
    sse = client.get("/static/vendor/htmx-ext-sse-2.2.4.min.js")
    assert sse.status_code == 200 and b'defineExtension("sse"' in sse.data
    for path in ("/static/palazzo.js", "/static/palazzo.css"):
        assert client.get(path).status_code == 200


def test_favicon_for_non_html_responses(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response.headers["Location"] == "/static/favicon.svg"
    assert client.get("/static/favicon.svg").mimetype == "image/svg+xml"
