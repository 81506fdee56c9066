"""Fixtures for the web platform: an app on a throwaway instance folder, its store, a real
threaded server in this process (`live_server`; `palazzo serve` itself runs gevent, which
patches a whole process, so tests of it start it as a subprocess: tests/web/servers.py), an SSE reader, and Debian's Chromium through Playwright
(`browser`, `phone`)."""

from __future__ import annotations

import gettext
import http.client
import os
import re
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import babel.support
import jinja2
import pytest
from flask import Flask
from werkzeug.routing import Rule

from companion.app import create_app
from companion.web.live import EXTENSION_KEY as LIVE_KEY
from companion.web.live import PRESENCE_KEY
from companion.web.store import get_store

# Debian's headless shell: Chromium's own engine without the desktop browser around it (no
# browser UI to run, no WebUI renderer), which costs a test about half the CPU of `chromium
# --headless` (docs/testing.md).
CHROMIUM = "/usr/bin/chromium-headless-shell"
DESKTOP_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
BROWSER_FIXTURES = {"browser", "desktop_chromium", "phone", "phone390"}
GAME_PATH = re.compile(r"^/games/([^/?]+)/")


def pytest_collection_modifyitems(items):
    """Tests that drive Chromium carry the `browser` mark (so `-m "not browser"` works)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# -- the app ---------------------------------------------------------------------------------


@pytest.fixture
def instance_dir(tmp_path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def app_config() -> dict:
    """Overrides for create_app; a test may tweak it before `app` is built."""
    return {}


class SharedTemplateCode(jinja2.BytecodeCache):
    """The compiled templates, shared by every app this test process builds.

    Each test builds its own app, and each app's Jinja environment compiled every template it
    rendered again: a quarter of the web tests' CPU time. Jinja keys the code on the
    template's name and file and checks the source's checksum before using it (an edited
    template compiles anew); the key here adds what changes the compiled code between
    environments (extensions, the gettext style, the syntax options)."""

    def __init__(self) -> None:
        self._code: dict[tuple, bytes] = {}

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple:
        env = bucket.environment
        return (
            bucket.key,
            tuple(sorted(env.extensions)),
            getattr(env, "newstyle_gettext", None),
            env.block_start_string,
            env.variable_start_string,
            env.comment_start_string,
            env.line_statement_prefix,
            env.trim_blocks,
            env.lstrip_blocks,
            env.keep_trailing_newline,
            env.optimized,
            getattr(env.autoescape, "__func__", env.autoescape),  # Flask's: a bound method
        )

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[self._key(bucket)] = bucket.bytecode_to_string()


TEMPLATE_CODE = SharedTemplateCode()


class SharedBuilderRule(Rule):
    """A URL rule whose compiled URL builders are shared by every app this test process builds.

    Each test builds its own app, and werkzeug compiled each of its rules' two builders anew
    (an AST, then `compile`): 14% of the web tests' CPU time. A builder is a pure function of
    what `Rule._compile_builder` reads: the rule's trace (its static parts and variables), the
    names of its defaults and, for a variable with a default, that default through its
    converter's `to_url`, and `append_unknown`; the rule's text names the function. The code
    it compiles reaches the rule only through its `.self` argument, bound afresh to each rule
    (`Rule.compile`), so two rules equal in all that build the same URLs from the same code.
    The production server builds one app and compiles each rule once: only the tests share."""

    _builders: dict[tuple, Any] = {}

    def _builder_key(self, append_unknown: bool) -> tuple:
        defaults = self.defaults or {}
        constants = tuple(
            (name, self._converters[name].to_url(defaults[name]))
            for dynamic, name in self._trace
            if dynamic and name in defaults
        )
        return (self.rule, append_unknown, tuple(self._trace), tuple(defaults), constants)

    def _compile_builder(self, append_unknown: bool = True):
        key = self._builder_key(append_unknown)
        builder = self._builders.get(key)
        if builder is None:
            builder = self._builders[key] = super()._compile_builder(append_unknown)
        return builder


class SharedMessages:
    """The compiled message catalogs (.mo) read once per test process, not once per app.

    Flask-Babel keeps what it read per app, and each test builds its own: reading the .mo
    files again was 2% of the web tests' CPU time. Flask-Babel merges what `load` returns into
    a fresh `Translations` of its own (copying the messages), so the one read here is never
    changed. Keyed on the file `load` finds and its inode, size and modification time: a
    catalog compiled anew is read anew."""

    def __init__(self) -> None:
        self._read: dict[tuple, babel.support.NullTranslations] = {}
        self._load = babel.support.Translations.load  # bound to the class

    def load(self, dirname=None, locales=None, domain=None):
        domain = domain or babel.support.Translations.DEFAULT_DOMAIN
        found = gettext.find(domain, dirname, babel.support._locales_to_names(locales))
        if not found:
            return self._load(dirname, locales, domain)
        stat = os.stat(found)
        key = (found, stat.st_ino, stat.st_size, stat.st_mtime_ns, domain)
        read = self._read.get(key)
        if read is None:
            read = self._read[key] = self._load(dirname, locales, domain)
        return read


@pytest.fixture(scope="session", autouse=True)
def shared_per_process():
    """Every app the web tests build makes its URL rules as SharedBuilderRule, and reads the
    message catalogs through SharedMessages."""
    messages = SharedMessages()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "url_rule_class", SharedBuilderRule)
        patch.setattr(babel.support.Translations, "load", messages.load)
        yield


@pytest.fixture
def app(instance_dir, app_config, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    monkeypatch.delenv("PALAZZO_PUBLIC_URL", raising=False)
    from tests.web import probe

    config = {
        "INSTANCE_PATH": instance_dir,
        "TESTING": True,
        "LIVE_HEARTBEAT": 1.0,  # short, so a closed stream notices and frees its thread
        **app_config,
    }
    app = create_app(config)
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    app.register_blueprint(probe.bp)
    yield app
    watcher = app.extensions.get(LIVE_KEY)
    if watcher is not None:
        watcher.stop()
    keeper = app.extensions.get(PRESENCE_KEY)
    if keeper is not None:
        keeper.stop()  # its refresher would go on writing to a database that goes away
    store = app.extensions.get("palazzo.store")
    if store is not None:
        store.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def words_in_full(monkeypatch):
    """`with words_in_full():` the templates' words translated and filled each time, nothing
    kept by the language (companion/web/i18n.py `_said`): what a kept word must equal."""
    from companion.web import i18n

    @contextmanager
    def in_full():
        with monkeypatch.context() as patched:
            patched.setattr(
                i18n, "_said", lambda ctx, tr, message, v: i18n._filled(ctx, tr.gettext(message), v)
            )
            yield

    return in_full


@pytest.fixture
def store(app):
    """The app's own EventStore (SQLite in the instance folder)."""
    return get_store(app)


@pytest.fixture
def game(store) -> str:
    game_id = "g-" + uuid.uuid4().hex[:8]
    store.create_game(game_id, {"name": "test"})
    return game_id


def append_event(store, game_id: str, type: str = "test.ping", payload: dict | None = None) -> int:
    """Append one event through the store API; returns its seq."""
    result = store.append(
        game_id,
        id=uuid.uuid4().hex,
        type=type,
        payload=payload or {},
        by="test",
        expected_seq=store.last_seq(game_id),
    )
    return result.seq


def session_cookie(app, data: dict) -> str:
    """A `Cookie` header value carrying session `data`, signed with the app's key (the same
    instance folder signs the same: a subprocess server accepts it too)."""
    value = app.session_interface.get_signing_serializer(app).dumps(dict(data))
    return f"{app.config['SESSION_COOKIE_NAME']}={value}"


def viewer_cookie(app, game_id: str, **role) -> str:
    """A session of `game_id`: host=True (default), spectator=True or seat=N."""
    return session_cookie(app, {"games": {game_id: role or {"host": True}}})


def csrf_token_for(client) -> str:
    """Load a page so the session gets a token, and return that token."""
    client.get("/")
    with client.session_transaction() as session:
        return session["_csrf"]


# -- a real server ---------------------------------------------------------------------------


def threaded_server(app, threads: int = 16):
    """`app` on waitress (threads) at 127.0.0.1 on a free port, bound, not yet running."""
    import waitress

    return waitress.create_server(
        app,
        host="127.0.0.1",
        port=0,
        threads=threads,
        ident="palazzo",
        channel_timeout=120,
        # Keep reading while a stream runs, so a closed one frees its thread at once.
        channel_request_lookahead=1,
    )


@pytest.fixture
def live_server(app):
    """Base URL (no trailing slash) of `app` served by waitress on a free port."""
    from waitress import wasyncore

    server = threaded_server(app)
    crashed: list[BaseException] = []
    stopping = threading.Event()

    def run():
        """waitress's own run(), in slices, so teardown can end it between two selects
        instead of closing sockets under a running select (EBADF)."""
        try:
            while not stopping.is_set():
                wasyncore.loop(
                    timeout=0.05, map=server._map, count=1, use_poll=server.adj.asyncore_use_poll
                )
        except BaseException as error:  # reported at teardown, with the failing test
            crashed.append(error)

    thread = threading.Thread(target=run, name="waitress-test", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    watcher = app.extensions.get(LIVE_KEY)
    if watcher is not None:
        watcher.stop()  # wakes streams so their threads end
    stopping.set()
    thread.join(timeout=5)
    assert not thread.is_alive(), "waitress did not stop"
    wasyncore.close_all(server._map)
    server.task_dispatcher.shutdown(timeout=5)
    assert not crashed, f"the waitress loop failed: {crashed!r} (open: {server._map!r})"


# How long a test waits for what must come (a message, a seq, a slot given back): a guard
# against a hang, never a measure of speed (benchmarks/ measure that), so generous enough for
# a machine busy with other work. Waits return as soon as the thing arrives.
WAIT = 60.0
BROWSER_WAIT = int(WAIT * 1000)  # the same for Playwright, which counts milliseconds


class SSEReader:
    """A minimal EventSource over http.client: yields parsed messages and comments."""

    def __init__(self, url: str, headers: dict | None = None, timeout: float = 5.0):
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        self.conn.request("GET", path, headers={"Accept": "text/event-stream", **(headers or {})})
        self.sock = self.conn.sock  # http.client lets go of it once the response is read
        self.response = self.conn.getresponse()

    def set_timeout(self, seconds: float) -> None:
        self.sock.settimeout(seconds)

    def next_message(self, timeout: float = WAIT) -> dict:
        """The next block: {"event", "data", "id", "retry", "comment"} keys as present.
        Raises TimeoutError (socket.timeout) if nothing arrives in time."""
        self.set_timeout(timeout)
        message: dict = {}
        while True:
            raw = self.response.readline()
            if not raw:
                raise EOFError("stream ended")
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if message:
                    return message
                continue
            if line.startswith(":"):
                message.setdefault("comment", line[1:].strip())
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "data" and "data" in message:  # lines joined as EventSource does
                value = message["data"] + "\n" + value
            message[field] = value

    def next_seq(self, timeout: float = WAIT) -> int:
        """Skip retry/heartbeat blocks until an `event: seq` arrives."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no seq event in time")
            message = self.next_message(remaining)
            if message.get("event") == "seq":
                assert message["id"] == message["data"]
                return int(message["data"])

    def close(self) -> None:
        # The response holds the socket open until it is closed too.
        self.response.close()
        self.conn.close()


@pytest.fixture
def sse(app, live_server):
    """Open SSE streams against the live server: `sse(path, headers=...)`, as the game's host
    unless `headers` bring their own Cookie; all closed after."""
    readers: list[SSEReader] = []

    def open_stream(path: str, headers: dict | None = None) -> SSEReader:
        headers = dict(headers or {})
        game = GAME_PATH.match(path)
        if game and "Cookie" not in headers:
            headers["Cookie"] = viewer_cookie(app, game.group(1))
        reader = SSEReader(live_server + path, headers)
        readers.append(reader)
        return reader

    yield open_stream
    for reader in readers:
        reader.close()


# -- Chromium --------------------------------------------------------------------------------


# What a test process starts once for all its browser tests. tests/platform/web/conftest.py
# offers these fixtures too (a second definition of each, with a session cache of its own):
# the later one takes what the first started, and only the first ends it.
_PER_PROCESS: dict[str, Any] = {}


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver per test process, for every Chromium it launches."""
    if "driver" in _PER_PROCESS:
        yield _PER_PROCESS["driver"]
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        _PER_PROCESS["driver"] = playwright
        try:
            yield playwright
        finally:
            del _PER_PROCESS["driver"]


def launch_chromium(driver, path: str, package: str):
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"Chromium not found at {path}: install Debian's '{package}' package "
            "(bash scripts/system-deps, which `make test` runs)",
            pytrace=False,
        )
    return driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def browser(playwright_driver):
    if "browser" in _PER_PROCESS:
        yield _PER_PROCESS["browser"]
        return
    browser = _PER_PROCESS["browser"] = launch_chromium(
        playwright_driver, CHROMIUM, "chromium-headless-shell"
    )
    try:
        yield browser
    finally:
        del _PER_PROCESS["browser"]
        browser.close()


@pytest.fixture(scope="module")
def desktop_chromium(playwright_driver):
    """Debian's whole `chromium` (the desktop browser, here headless), which players' phones
    are closer to than the headless shell every other browser test uses: the same engine
    around a full browser (tests/web/test_desktop_chromium_browser.py)."""
    browser = launch_chromium(playwright_driver, DESKTOP_CHROMIUM, "chromium")
    yield browser
    browser.close()


PHONE_VIEWPORT = {"width": 360, "height": 740}


def phone_context(
    browser,
    width: int = PHONE_VIEWPORT["width"],
    height: int = PHONE_VIEWPORT["height"],
    locale: str | None = None,
):
    """A 360x740 touch-screen phone (or `width` x `height`): its own browser context (cookies);
    `locale` (e.g. "de-DE") sets the language the browser asks for."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        **({"locale": locale} if locale else {}),
    )
    context.set_default_timeout(BROWSER_WAIT)
    return context


@pytest.fixture
def phone(browser):
    """A fresh page in a phone context (fresh cookies each test)."""
    context = phone_context(browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def watched(phone):
    """The phone page plus what it did: console errors (CSP violations show up there) and
    the URLs it requested."""
    errors: list[str] = []
    requests: list[str] = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.on("request", lambda r: requests.append(r.url))
    return phone, errors, requests


@pytest.fixture
def phone390(browser):
    """A fresh 390x844 phone page (the size the solo checklist's tests use)."""
    context = phone_context(browser, 390, 844)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phones(browser):
    """Open phones (one browser context each: separate cookies), closed after the test."""
    contexts = []

    def open_phone(width: int = PHONE_VIEWPORT["width"], locale: str | None = None):
        context = phone_context(browser, width, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield open_phone
    for context in contexts:
        context.close()
