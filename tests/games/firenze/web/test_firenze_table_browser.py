"""A real Firenze table in Chromium at 360 px: Thomas pays card 4 with three bricks in mixed colours, one on
each card to its left; resolves the Wholesaler on a card holding 6 bricks; builds three new towers
in one build; the host undoes twice in a row, each undo saying what it took back. The log and
every screen (Thomas's phone, Holger's, the table, the host's page) agree."""

from __future__ import annotations

import json
import re

from companion.web.join_links import kept_tokens
from companion.web.recording import get_table
from tests.support.firenze_table import deal_row, host_game, to_thomas_with_a_wholesaler

NEW = ["yellow", "yellow", "yellow", "white", "white", "green"]


def tap(page, name: str):
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).first.tap()


def narrow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_real_turn_and_two_undos_on_phones(app, client, live_server, phones):
    game_id = host_game(client)
    deal_row(client, game_id)
    table = get_table(app)
    to_thomas_with_a_wholesaler(table, game_id)
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    thomas, holger, board, host = phones(), phones(), phones(), phones()
    for page in (thomas, holger, board, host):
        page.set_default_timeout(15000)  # four pages and a live server on a busy machine
    thomas.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[0]}")
    holger.goto(f"{live_server}/games/{game_id}/join/{tokens.seats[1]}")
    board.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    host.goto(f"{live_server}/games/{game_id}/host/join/{tokens.host}")
    host.wait_for_url(f"**/firenze/{game_id}/host")
    assert (
        "Next: Thomas plays their turn, on their phone." in host.locator("[data-next]").inner_text()
    )

    # 1. card 4, the Wholesaler: yellow on card 1, white on card 2, yellow on card 3; the
    # defaults are his most plentiful colour, so one select changes
    thomas.get_by_text("Your turn").first.wait_for()
    pay = thomas.locator("[data-pay='4']")
    assert pay.locator("select[name=pay_1]").input_value() == "yellow"
    pay.locator("select[name=pay_2]").select_option("white")
    assert narrow(thomas)
    tap(thomas, "Take card 4")
    thomas.get_by_text("Turn over the next card").first.wait_for()
    thomas.fill("input[name=name]", "Saboteur")
    assert thomas.locator("select[name=kind]").input_value() == "personnel"
    for i in range(4):
        thomas.select_option(f"select[name=brick_{i}]", "purple")
    tap(thomas, "Put it in the row")

    # 2. the Wholesaler on card 2, the Feast: 4 blue + 2 white, 6 new bricks asked for
    card = thomas.locator("[data-wholesale='2']")
    card.locator("summary").tap()
    assert "6 bricks" in card.locator("summary").inner_text()
    assert card.locator("select").count() == 6
    for i, colour in enumerate(NEW):
        card.locator(f"select[name=brick_{i}]").select_option(colour)
    assert narrow(thomas)
    card.get_by_role("button").tap()
    thomas.get_by_text("3. Build").first.wait_for()

    # 3. three new towers in one build: red 1, red 1, yellow 1, costing 1 (a white)
    for i, colour in enumerate(("red", "red", "yellow")):
        thomas.select_option(f"select[name=new_colour_{i}]", colour)
        thomas.fill(f"input[name=new_bricks_{i}]", "1")
    thomas.fill("input[name=cost_white]", "1")
    thomas.get_by_role("button", name="Build", exact=True).tap()
    thomas.get_by_text("3. Build").wait_for(state="detached")  # built: once a turn
    towers = thomas.get_by_role("heading", name="Your towers").locator(
        "xpath=following-sibling::p[1]"
    )
    assert re.sub(r"\s+", " ", towers.inner_text()).strip() == "red 1 red 1 yellow 1"
    assert narrow(thomas)
    log = [json.loads(line) for line in table.export_jsonl(game_id).splitlines()]
    taken, played, built = log[-4], log[-2], log[-1]
    assert (taken["type"], taken["position"], taken["payment"]) == (
        "card_taken",
        4,
        ["yellow", "white", "yellow"],
    )
    assert (played["card"], played["position"], played["bricks"]) == ("Wholesaler", 2, NEW)
    assert [(b["colour"], b["bricks"]) for b in built["build"]] == [
        ("red", 1),
        ("red", 1),
        ("yellow", 1),
    ]
    recent = board.locator(".fz-recent")
    recent.get_by_text("Thomas built a new red tower of 1 brick").wait_for()
    assert "paying yellow on card 1, white on card 2 and yellow on card 3" in recent.inner_text()

    # 4. the host undoes twice in a row, each undo naming what it took back
    host.get_by_text("Latest event: Thomas built").wait_for()
    tap(host, "Undo the latest event")
    host.locator("[data-undone]").get_by_text("Undone: Thomas built a new red tower").wait_for()
    host.get_by_text("Latest event: Thomas played Wholesaler").wait_for()
    tap(host, "Undo the latest event")
    host.locator("[data-undone]").get_by_text("Undone: Thomas played Wholesaler").wait_for()
    assert host.locator("[data-no-undo]").inner_text() == "A card turned over cannot be taken back"
    assert host.get_by_role("button", name="Undo the latest event").count() == 0
    log = [json.loads(line) for line in table.export_jsonl(game_id).splitlines()]
    assert [e["type"] for e in log[-2:]] == ["retracted", "retracted"]
    assert log[-2]["seqs"] == [built["seq"]] and log[-1]["seqs"] == [played["seq"]]

    # every screen follows, live: Thomas resolves the Wholesaler again, his towers are gone;
    # the table strikes both out and shows the Feast's bricks back; Holger sees no hand
    thomas.get_by_text("Event: Wholesaler").wait_for()
    assert "none under construction" in thomas.locator("#fz-panel").inner_text()
    recent.locator("s").filter(has_text="Thomas played Wholesaler").wait_for()
    struck = recent.locator("s").all_inner_texts()
    assert any(t.startswith("Thomas built a new red tower of 1 brick") for t in struck)
    feast = board.locator("[data-position='2']").inner_text()
    assert "4 blue" in feast and "2 white" in feast
    holger.get_by_text("Thomas's turn").first.wait_for()
    assert "Saboteur" not in holger.locator("[data-hand]").inner_text()
    for page in (thomas, holger, board, host):
        assert narrow(page), page.url
        assert page.errors == [], page.errors


# Each word of a screen (a name, "(wins)", a number, a column's label, a seal's name) on one
# line: a word whose box breaks over two lines has more than one client rect.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (range.getClientRects().length > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def test_the_end_never_breaks_a_word_or_a_number(app, client, live_server, phones):
    """At the end, on a phone at 360 px and on the table screen at 360 and 1280 px: the final
    scoring (a block per player) and the towers' commissions keep every word and number whole
    (a real table saw "Tho mas (wins )", "Commissi ons", "Holg er", "neut ral")."""
    from tests.support.firenze_game import events

    game_id = host_game(client)
    table = get_table(app)
    for ev in events()[1:] + [{"type": "celebrations_scored", "points": [[], [-1], [3]]}]:
        table.record(game_id, ev, by="host")
    with app.test_request_context():
        tokens = kept_tokens(game_id)
    for width, token, locale in (
        (360, tokens.seats[0], None),
        (360, tokens.seats[1], "de-DE"),
        (360, tokens.spectator, "fr-FR"),
        (360, tokens.spectator, None),
        (1280, tokens.spectator, None),
    ):
        page = phones(width=width, locale=locale)
        page.goto(f"{live_server}/games/{game_id}/join/{token}")
        scores = page.locator(".fz-scores").first
        scores.wait_for()
        assert "Thomas" in scores.inner_text()
        broken = page.evaluate(BROKEN_WORDS, "#fz-board, #fz-panel")
        assert broken == [], (width, page.url, broken)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
