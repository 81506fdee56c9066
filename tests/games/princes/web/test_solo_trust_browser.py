"""The solo page never tells the table a wrong move, in Chromium on a 390 px phone:
round 7's last steps are ticked off before "Game over", a misread fixed before its step is
told by the checklist alone (after its step: test_misread_browser), and undo offers nothing it
cannot undo but points to the fix.

TEST DATA deck and cards (tests/data/README.md): tests/data/solo_game.jsonl is a whole game
(Alexandra starting, standard, 2 dummies); card 1 has the Builder leftmost at 2+1D6.
"""

from __future__ import annotations

from companion.games.princes.rules import Refusal, solo_of
from companion.games.princes.rules.solo import checklist
from companion.web.recording import get_table
from tests.support.solo_phone import (
    first_card_in_chromium,
    start_in_chromium,
    teach_test_data,
    through_checklist,
)
from tests.support.solo_table import DATA, load_jsonl

WIDTH = 390


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def record(app, game_id: str, event: dict):
    with app.app_context():
        return get_table(app).record(game_id, event, by="0")


def tick_all(app, game_id: str):
    """The table made every step so far: a Done for each."""
    with app.app_context():
        table = get_table(app)
        state = table.state(game_id)
        steps = [x["n"] for x in checklist(state)]
        if 0 not in solo_of(state).done and state.phase == "setup":
            steps.insert(0, 0)
        for n in steps:
            table.record(game_id, {"type": "solo_step_done", "n": n}, by="0")


def test_round_7_is_ticked_to_the_end_before_game_over(phone390, app, live_server):
    """The logged game up to Wolfgang's last two Automa cards, each step ticked as it came;
    then his forced Work, his last action and the round's end (the Best Work) are steps with
    Done on the page, and "Game over" comes only after the last of them."""
    page = phone390
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    teach_test_data(app.instance_path)
    game_id = start_in_chromium(page, live_server, who="Me")
    log = load_jsonl(DATA / "solo_game.jsonl")
    for event in log[1:-2]:
        try:
            record(app, game_id, event)
        except Refusal:
            assert event["type"] == "landscape_taught"  # the instance knows the sizes already
        tick_all(app, game_id)
    for event in log[-2:]:  # Wolfgang's two Automa cards of round 7
        record(app, game_id, event)
    with app.app_context():
        state = get_table(app).state(game_id)
    assert state.phase == "over" and state.players[1].fame == 47

    page.reload()
    page.wait_for_selector('#solo-step[data-step="checklist"]')
    assert page.inner_text(".solo-where") == "Round 7 · The game's last moves on the table"
    said, moves = [], []
    while page.get_attribute("#solo-step", "data-step") == "checklist":
        n = page.get_attribute("#solo-step", "data-n")
        said.append(page.inner_text("#solo-step .say"))
        moves.append(page.locator("#solo-step .moves li").all_inner_texts())
        fits(page)
        page.locator("#solo-step").get_by_role("button", name="Done").tap()
        page.wait_for_function(
            "n => { const s = document.getElementById('solo-step');"
            " return s && s.dataset.n !== n; }",
            arg=n,
        )
    assert said[0].startswith("Wolfgang completes a Work with the Test Studio")
    assert "Move his Fame disk forward 13 spaces" in moves[0]
    assert said[1].startswith("Wolfgang takes a Profession card")
    assert said[-1].startswith("Round 7 ends: Wolfgang's Work of 27 is the best: 3 PP")
    assert "Move Wolfgang's Fame disk forward 3 spaces (Best Work 27)" in moves[-1]
    page.wait_for_selector('#solo-step[data-step="over"]')
    assert page.inner_text(".solo-where") == "Round 7 · Game over"
    assert page.inner_text('[data-who="wolfgang"] [data-fame]') == "47"
    fits(page)
    assert not errors


def test_a_misread_fixed_before_its_step_is_told_by_the_checklist_only(phone390, app, live_server):
    """His Builder's die typed 3 (it showed 5) while his purchase is still a step: the fix
    names the roll, moves nothing on the table itself, and the step now says 700."""
    page = phone390
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    teach_test_data(app.instance_path)
    first_card_in_chromium(page, live_server)
    through_checklist(page, "choose_object")
    page.get_by_role("button", name="Leave all auctions").tap()
    through_checklist(page, "roll")
    page.locator(".btn-die", has_text="3").tap()
    page.wait_for_selector('#solo-step[data-step="checklist"]')
    assert "Take 500 Florin from Wolfgang" in page.locator("#solo-step .moves li").all_inner_texts()

    page.locator("[data-misreads] summary").tap()
    fix = page.locator("form.misread", has_text="Round 1, the die for Wolfgang's Builder: 3")
    fix.locator("select").select_option("5")
    fix.get_by_role("button", name="Fix").tap()
    page.wait_for_selector("[data-fixed]")
    fixed = page.inner_text("[data-fixed]")
    assert "Fixed: the die shows 5, not 3" in fixed
    assert "nothing on the table has to move" in fixed and "200" not in fixed
    moves = page.locator("#solo-step .moves li").all_inner_texts()
    assert moves[0] == "Take 700 Florin from Wolfgang"
    fits(page)
    through_checklist(page, "your_turn")  # taps the step's Done
    assert page.inner_text('[data-who="wolfgang"] [data-money]') == "800"
    assert not errors


def test_undo_offers_nothing_it_cannot_undo_and_points_to_the_fix(phone390, app, live_server):
    """The latest event is an Automa card typed in: undo cannot take it back, so it offers no
    button; it names the card and its link opens "Fix a misread", where the card is listed."""
    page = phone390
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    teach_test_data(app.instance_path)
    first_card_in_chromium(page, live_server)
    through_checklist(page, "choose_object")
    undo = page.locator("#undo")
    undo.locator("[data-undo-final]").wait_for()
    assert "Automa card 1" in undo.inner_text()
    assert undo.get_by_role("button", name="Undo the latest event").count() == 0
    assert not page.locator("[data-misreads]").evaluate("d => d.open")
    undo.get_by_role("link", name="Fix a misread").tap()
    page.wait_for_function("() => document.getElementById('misreads').open")
    assert page.locator("form.misread", has_text="the Automa card for the auction: 1").count() == 1
    fits(page)

    # What can be undone is offered again once it is the latest: the Done of a step.
    page.get_by_role("button", name="Leave all auctions").tap()
    through_checklist(page, "roll")
    page.locator(".btn-die", has_text="3").tap()
    through_checklist(page, "your_turn")  # taps the purchase step's Done
    undo.get_by_role("button", name="Undo the latest event").wait_for()
    assert not errors
