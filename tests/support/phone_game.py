"""Games for the phone-screen tests: Profession cards taught to the installation, a hosted
game with join tokens, and shortcuts to act as a seat or the host in a test client."""

from __future__ import annotations

import html
import re
import uuid
from contextlib import contextmanager

from companion.games.princes.learned import LearnedCatalog, profession_entry
from companion.web.games import create_hosted_game
from companion.web.recording import get_table
from tests.support.web_fixtures import csrf_token_for

# Test cards (the real deck's preferences are taught at the table; these are made up).
TEST_PROFESSIONS = {
    "mason": ("tower", "forest", "religion"),
    "painter": ("studio", "park", "opinion"),
    "jurist": ("library", "forest", "travel"),
    "doctor": ("hospital", "lake", "religion"),
    "actor": ("theater", "park", "travel"),
    "monk": ("chapel", "forest", "religion"),
    "banker": ("workshop", "lake", "opinion"),
}
HANDS = (
    ["poet", "alchemist", "botanist"],
    ["mason", "painter", "jurist"],
    ["doctor", "actor", "monk"],
)
NAMES = ["Ada", "Ben", "Cy"]


def taught_professions(cards: dict) -> dict:
    """The catalog file's entries for `cards` ({pid: (name or None, building, landscape,
    freedom)}) as `LearnedCatalog.teach_profession` writes each (`profession_entry`): a helper teaches them all in
    one merge (one merge of the whole catalog per card was 3% of the web tests' CPU time)."""
    return {
        "professions": {
            pid: profession_entry(pid, building, landscape, freedom, name)
            for pid, (name, building, landscape, freedom) in cards.items()
        }
    }


def teach_test_professions(app) -> None:
    LearnedCatalog(app.instance_path).teach(
        taught_professions({pid: (None, *prefs) for pid, prefs in TEST_PROFESSIONS.items()})
    )


def host_game(app, *, players=None, grid=True, start_player=0, **extra):
    """(game_id, tokens) of a hosted game; the installation knows the test Professions."""
    teach_test_professions(app)
    with app.test_request_context():
        return create_hosted_game(
            {"players": list(players or NAMES), "start_player": start_player, "grid": grid, **extra}
        )


def record(app, game_id: str, by: str = "host", **event):
    """Record an event straight through the Table (setting the scene, not testing a form)."""
    with app.app_context():
        return get_table(app).record(game_id, event, by=by)


def state(app, game_id: str):
    with app.app_context():
        return get_table(app).state(game_id)


def choose_hands(app, game_id: str, hands=HANDS) -> None:
    for seat, hand in enumerate(hands):
        record(
            app,
            game_id,
            str(seat),
            type="starting_hand_chosen",
            player=seat,
            professions=list(hand),
        )


def as_seat(client, game_id: str, seat: int) -> None:
    with client.session_transaction() as s:
        s["games"] = {game_id: {"seat": seat}}


def as_host(client, game_id: str, seat: int | None = None) -> None:
    with client.session_transaction() as s:
        s["games"] = {game_id: {"host": True, **({"seat": seat} if seat is not None else {})}}


def post_event(client, game_id: str, *, htmx: bool = True, **form):
    """A phone button: posted to the recording route with view=phone, as htmx would."""
    data = {
        "csrf_token": csrf_token_for(client),
        "view": "phone",
        "event_id": uuid.uuid4().hex,
        **form,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/games/{game_id}/events", data=data, headers=headers)


def post_teach(client, game_id: str, **form):
    data = {"csrf_token": csrf_token_for(client), "event_id": uuid.uuid4().hex, **form}
    return client.post(f"/games/{game_id}/teach", data=data, headers={"HX-Request": "true"})


def text(page: str) -> str:
    """The visible words of a page, on one line."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " "))


def squares(page: str, kind: str) -> int:
    """How many squares of the drawn Principality show `kind` (forest, lake, building...)."""
    return len(re.findall(rf'class="sq sq-{kind}"', page))


def disabled(form: str) -> bool:
    return re.search(r"<button[^>]*\sdisabled[\s>]", form) is not None


def has_number(html: str, number: int) -> bool:
    """Whether a number shows as a number (not inside a hex event id)."""
    return re.search(rf"(?<![0-9a-zA-Z]){number}(?![0-9a-zA-Z])", html) is not None


def resend_of(page: str) -> str:
    """The move a teach form carries (its hidden `resend` field), as the browser sends it."""
    found = re.search(r"name=\"resend\" value='([^']*)'", page)
    assert found, "no teach form on this page"
    return html.unescape(found.group(1))


def form_for(html: str, kind: str, **fields) -> str:
    """The HTML of the first form that sends event `kind` (with these field values)."""
    for form in re.findall(r"<form\b.*?</form>", html, re.S):
        if f'name="type" value="{kind}"' not in form:
            continue
        if all(f'name="{k}" value="{v}"' in form for k, v in fields.items()):
            return form
    raise AssertionError(f"no form for {kind} {fields}")


def refusal_in(fragment: str) -> str | None:
    found = re.search(r'<div class="refusal"[^>]*data-code="([a-z0-9_]+)"', fragment)
    return found.group(1) if found else None


def panel(client, game_id, query=""):
    r = client.get(f"/games/{game_id}/me/panel{query}")
    assert r.status_code == 200, r.text
    return r.text


def to_action_phase(app, game_id):
    """Round 1 auctions: Ada wins a Lake (placed at the top left), Ben a Jester, Cy declines."""
    record(app, game_id, "0", type="auction_opened", player=0, object="lake")
    record(app, game_id, "1", type="bid_passed", player=1)
    record(app, game_id, "2", type="bid_passed", player=2)
    record(
        app,
        game_id,
        "0",
        type="landscape_placed",
        player=0,
        landscape="lake",
        cells=[[0, 0], [0, 1], [0, 2]],
    )
    record(app, game_id, "1", type="auction_opened", player=1, object="jester")
    record(app, game_id, "2", type="bid_passed", player=2)
    record(app, game_id, "2", type="last_player_declined", player=2)
    assert state(app, game_id).phase == "action"


def game_in_action_phase(app) -> str:
    """A hosted game with its starting hands chosen, in round 1's Action phase."""
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    to_action_phase(app, game_id)
    return game_id


def recruiting_round(app, g):
    """Round 1 auctions: Ada wins the Recruiting card, Ben a Forest (placed), Cy declines."""
    record(app, g, "0", type="auction_opened", player=0, object="recruiting")
    record(app, g, "1", type="bid_passed", player=1)
    record(app, g, "2", type="bid_passed", player=2)
    record(app, g, "1", type="auction_opened", player=1, object="forest")
    record(app, g, "2", type="bid_passed", player=2)
    record(
        app, g, "1", type="landscape_placed", player=1, landscape="forest", cells=[[0, 0], [0, 1]]
    )
    record(app, g, "2", type="last_player_declined", player=2)


# -- in a browser (Playwright pages from the `phones` fixture) --------------------------------


def button(page, name: str):
    return page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}\b"))


@contextmanager
def redrawn(page):
    """Wait, after the block, until the panel has been redrawn (another phone moved)."""
    page.evaluate("document.querySelector('#phone-panel').dataset.stale = 'yes'")
    yield
    page.wait_for_function("() => !document.querySelector('#phone-panel').dataset.stale")


def money(page) -> str:
    return page.locator("[data-money]").inner_text().replace("\xa0", " ")
