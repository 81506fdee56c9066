"""Error pages: friendly, correct status, an htmx notice for htmx requests, never a 500 on
whatever a phone (or a fuzzer) sends."""

from __future__ import annotations

import string
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.web_fixtures import csrf_token_for

HTMX = {"HX-Request": "true"}


def test_404_page(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "<!doctype html>" in html and "Nothing here" in html
    assert 'data-status="404"' in html
    assert "Traceback" not in html


def test_405_page_keeps_allow_header(client):
    token = csrf_token_for(client)
    response = client.post("/", data={"csrf_token": token})
    assert response.status_code == 405
    assert "Not allowed here" in response.get_data(as_text=True)
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD"}


def test_400_page_shows_the_views_message(client):
    response = client.get("/_probe/number/abc")
    assert response.status_code == 400
    assert "Not a number." in response.get_data(as_text=True)
    assert client.get("/_probe/number/21").get_data(as_text=True) == "42"


def test_403_page(client):
    response = client.post("/_probe/echo", data={"word": "x"})
    assert response.status_code == 403
    assert "Reload the page and try again" in response.get_data(as_text=True)


def test_htmx_requests_get_a_notice_fragment_retargeted_to_flash(client):
    response = client.get("/no/such/page", headers=HTMX)
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "<html" not in html and "<body" not in html
    assert 'class="notice notice-error"' in html and "Nothing here" in html
    assert 'data-dismiss="flash"' in html
    assert response.headers["HX-Retarget"] == "#flash"
    assert response.headers["HX-Reswap"] == "innerHTML"


def test_htmx_403_is_a_fragment_too(client):
    response = client.post("/_probe/echo", headers=HTMX)
    assert response.status_code == 403
    assert "<html" not in response.get_data(as_text=True)
    assert response.headers["HX-Retarget"] == "#flash"


def test_store_errors_map_to_client_errors(app, client, store, game):
    from events import SeqConflict

    @app.get("/_raise/<kind>")
    def raise_store_error(kind):
        if kind == "unknown":
            store.update_game_meta("nope", {})
        raise SeqConflict(game, 0, 3)

    assert client.get("/_raise/unknown").status_code == 404
    assert "no such game" in client.get("/_raise/unknown").get_data(as_text=True)
    assert client.get("/_raise/conflict").status_code == 409


def test_unexpected_exceptions_get_the_friendly_500_page(instance_dir):
    from companion.app import create_app

    app = create_app({"INSTANCE_PATH": instance_dir})  # not TESTING: errors are handled

    @app.get("/_boom")
    def boom():
        raise RuntimeError("bug")

    response = app.test_client().get("/_boom")
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    assert "Something went wrong" in html and "RuntimeError" not in html


def test_oversized_body_is_refused(client):
    token = csrf_token_for(client)
    response = client.post(
        "/_probe/echo", data={"csrf_token": token, "word": "x" * (2 * 1024 * 1024)}
    )
    assert response.status_code == 413


def test_malformed_bodies(client):
    token = csrf_token_for(client)
    headers = {"X-CSRF-Token": token}
    cases = [
        ("multipart/form-data; boundary=zzz", b"--zzz\r\nContent-Disposition: garbage\r\n\r\nx"),
        ("multipart/form-data", b"no boundary at all"),
        ("application/x-www-form-urlencoded", b"%ff%fe=%00&&&=="),
        ("application/json", b"{not json"),
        ("text/plain; charset=klingon", b"\xff\xfe\xfd"),
    ]
    for content_type, body in cases:
        response = client.post(
            "/_probe/echo", data=body, content_type=content_type, headers=headers
        )
        assert response.status_code < 500, content_type


printable_path = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=80
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=printable_path,
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "FOO"]),
    htmx=st.booleans(),
    last_event_id=st.text(alphabet=st.characters(blacklist_characters="\r\n"), max_size=30),
    body=st.binary(max_size=200),
)
def test_garbage_never_causes_a_server_error(client, path, method, htmx, last_event_id, body):
    headers = {"Last-Event-ID": last_event_id.encode("utf-8", "replace").decode("latin-1")}
    if htmx:
        headers.update(HTMX)
    # Percent-encoded, as a real client sends it ("//host" would be a netloc to the client).
    path = quote(path.lstrip("/"), safe="/")
    for prefix in ("/", "/games/", "/_probe/number/", "/static/"):
        response = client.open(prefix + path, method=method, headers=headers, data=body)
        assert response.status_code < 500, (prefix + path, method, response.status_code)
        response.close()


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.text(alphabet=string.printable + "\x00\u00e9\u4e2d", min_size=1, max_size=120))
def test_live_routes_with_garbage_game_ids(client, game_id):
    for route in ("seq", "stream"):
        response = client.get(f"/games/{quote(game_id, safe='')}/{route}")
        assert response.status_code in (404, 308, 405), (game_id, response.status_code)
        response.close()
