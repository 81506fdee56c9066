"""Palazzo installs on a phone's home screen: its manifest, its icons, its service worker.

The manifest is read as an installer reads it, and its icons decoded at their sizes. Then in
Chromium, against a real `palazzo serve`: the worker installs, the home page offers Resume of
the phone's game in one tap, Chromium finds nothing that keeps it from installing, and with
the server stopped the offline page shows, in the
phone's language; the browser's caches, listed, hold no private URL (only /static/ and the
offline page).
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import pytest
from PIL import Image

from companion.web.installable import BACKGROUND, THEME
from tests.support.servers import Served
from tests.support.table_games import mid_game
from tests.support.web_fixtures import phone_context

STATIC = ("/static/",)
CACHED_URLS = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
}"""


def test_the_manifest_names_the_app_and_its_icons_at_their_sizes(client):
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png"' in page
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    manifest = r.get_json(force=True)
    assert manifest["name"] == "Palazzo" and manifest["short_name"] == "Palazzo"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert (manifest["theme_color"], manifest["background_color"]) == (THEME, BACKGROUND)
    icons = [*manifest["icons"], {"src": "/static/icons/apple-touch-icon.png", "sizes": "180x180"}]
    purposes = set()
    for icon in icons:
        got = client.get(icon["src"])
        assert got.status_code == 200, icon["src"]
        image = Image.open(io.BytesIO(got.data))
        image.load()  # decoded whole: a truncated file fails here
        assert image.format == "PNG"
        assert "x".join(map(str, image.size)) == icon["sizes"], icon["src"]
        purposes.add((icon.get("purpose"), icon["sizes"]))
        if icon.get("purpose") == "maskable" or "apple" in icon["src"]:
            # full-bleed: a launcher's mask may cut any corner, none is transparent
            assert image.convert("RGBA").getpixel((0, 0))[3] == 255
    assert {("any", "192x192"), ("any", "512x512")} <= purposes
    assert {("maskable", "192x192"), ("maskable", "512x512")} <= purposes


def test_the_worker_is_served_for_the_whole_site_and_the_offline_page_is_nobodys(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype in ("text/javascript", "application/javascript")
    assert r.headers["Service-Worker-Allowed"] == "/" and r.headers["Cache-Control"] == "no-cache"
    client.get("/")  # a session with a CSRF token
    offline = client.get("/offline", headers={"Accept-Language": "de"}).text
    assert 'lang="de"' in offline and "Palazzo" in offline
    assert "csrf" not in offline.lower() and "/games/" not in offline


@pytest.mark.browser
@pytest.mark.slow
def test_installed_it_resumes_in_one_tap_and_offline_it_says_so_keeping_nothing_private(
    app, instance_dir, browser
):
    game_id, tokens = mid_game(app)
    served = Served(instance_dir)
    context = phone_context(browser, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{served.url}/games/{game_id}/join/{tokens.seats[1]}")
        page.wait_for_url("**/me")
        state = page.evaluate(
            "() => navigator.serviceWorker.ready.then(r => r.active && r.active.state)"
        )
        assert state in ("activating", "activated")
        page.wait_for_function("() => !!navigator.serviceWorker.controller")
        # Chromium's own installability check (what Lighthouse's installable audit asks it)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]
        page.reload()  # the page's static files now come through the worker, which keeps them

        page.goto(served.url + "/")  # the manifest's start_url: as opened from the home screen
        page.get_by_role("link", name="Reprendre", exact=True).first.click()
        page.wait_for_url(f"**/games/{game_id}/me")

        urls = page.evaluate(CACHED_URLS)
        paths = [urlsplit(u).path for u in urls]
        assert "/offline" in paths and "/static/palazzo.css" in paths
        private = [p for p in paths if not p.startswith(STATIC) and p != "/offline"]
        assert private == [], private
        assert not any(tokens.seats[1] in u or "/games/" in u for u in urls)
        page.goto("about:blank")
        served.stop()

        page.goto(f"{served.url}/games/{game_id}/me")  # the server is gone
        page.get_by_role("heading", name="Palazzo ne peut pas joindre son serveur").wait_for()
        assert page.evaluate("() => document.documentElement.lang") == "fr"
        assert page.evaluate("() => getComputedStyle(document.body).margin") is not None
        assert page.locator(".topbar").evaluate("e => getComputedStyle(e).display") != "inline"
    finally:
        context.close()
        served.stop()
