"""A whole solo round through the table's checklist in Chromium on a 390 px phone:
the setup step says who starts, every purchase and action of Wolfgang's and the round's end are
steps with their moves and one "Done", the die switches to Palazzo's mid-game, and after every
tap the new prompt is in view.

TEST DATA deck and cards (tests/data/README.md): card 1 has the Builder leftmost at 2+1D6;
card 3's middle panel makes Wolfgang build; card 5's bottom panel makes him take a Profession
card. `scripts/screenshots` saves a checklist step as checklist.png.
"""

from __future__ import annotations

import pytest

from companion.web.recording import get_table
from tests.support import shots
from tests.support.solo_phone import keep_hand_in_chromium, start_in_chromium, teach_test_data

WIDTH, HEIGHT = 390, 844  # the phone390 fixture


def step(page, name: str):
    page.wait_for_selector(f'#solo-step[data-step="{name}"]')


def in_view(page):
    """The step the page waits for is on screen (not scrolled past), and nothing overflows."""
    page.wait_for_function(  # the page scrolls it into view once the swap has settled
        """h => { const s = document.getElementById('solo-step');
          const y = s && s.getBoundingClientRect().top; return s && y >= 0 && y < h - 80; }""",
        arg=HEIGHT,
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def checklist_step(page, starts: str) -> tuple[str, list[str]]:
    """The checklist step on screen: its sentence (checked to start with `starts`), its moves."""
    step(page, "checklist")
    page.wait_for_function(
        "s => document.querySelector('#solo-step .say').textContent.startsWith(s)", arg=starts
    )
    in_view(page)
    return (
        page.inner_text("#solo-step .say"),
        page.locator("#solo-step .moves li").all_inner_texts(),
    )


def done(page):
    n = page.get_attribute("#solo-step", "data-n")
    page.locator("#solo-step").get_by_role("button", name="Done").tap()
    page.wait_for_function(
        "n => { const s = document.getElementById('solo-step'); return s && s.dataset.n !== n; }",
        arg=n,
    )


@pytest.mark.screenshots
def test_a_solo_round_through_the_checklist(phone390, app, live_server):
    page = phone390
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    teach_test_data(app.instance_path)
    game_id = start_in_chromium(page, live_server)

    # The setup checklist says who starts; the starting hand waits behind it.
    say, moves = checklist_step(page, "Set up the solo game. You start.")
    assert "Wolfgang's money: 1500 Florin (Standard); yours: 3500 Florin" in moves
    assert "The Freedoms: 2 of each type, 6 in all" in moves
    assert any(m.startswith("The Automa deck: shuffle the cards of each back") for m in moves)
    assert any(m.startswith("The dummy players: 2 columns of 3") for m in moves)
    assert moves[-1] == "The Starting Player marker: yours"
    assert page.locator(".hand").count() == 0
    done(page)
    step(page, "starting_hand")
    keep_hand_in_chromium(page)
    step(page, "auction_card")
    in_view(page)
    page.fill("#automa-number", "1")
    page.get_by_role("button", name="Drawn").tap()
    step(page, "choose_object")
    page.get_by_role("button", name="Leave all auctions").tap()
    step(page, "roll")
    assert page.inner_text("#solo-step .say").startswith("Wolfgang buys the Builder")

    # The die changes hands mid-game: Palazzo rolls from now on.
    assert page.locator(".btn-die").count() == 6
    page.get_by_role("button", name="Let Palazzo roll from now on").tap()
    page.wait_for_selector("#solo-step >> role=button[name='Roll for me']")
    assert page.locator(".btn-die").count() == 0
    page.get_by_role("button", name="Roll for me").tap()

    # Wolfgang's purchase is a step before "Your turn".
    say, moves = checklist_step(page, "Wolfgang buys the Builder")
    assert moves[0].startswith("Take ") and moves[0].endswith(" Florin from Wolfgang")
    assert moves[1:] == [
        "Give him a Builder",
        "Discard a Recruiting card from the supply (4 left)",
        "Discard the Automa card",
    ]
    assert page.locator("#solo-step [data-phone-panel]").count() == 0
    done(page)
    step(page, "your_turn")
    in_view(page)
    page.get_by_role("button", name="End my turn").tap()

    # Wolfgang's turn: each action a step.
    step(page, "wolfgang_card")
    in_view(page)
    page.fill("#automa-number", "3")
    page.get_by_role("button", name="Drawn").tap()
    step(page, "reveal")
    page.select_option("#profession-wolfgang", "test_opera_park_religion")
    page.get_by_role("button", name="That's the card").tap()
    say, moves = checklist_step(page, "Wolfgang builds an Opera")
    assert moves == [
        "Take 300 Florin from Wolfgang",
        "Put an Opera in his Principality",
        "Move his Fame disk forward 3 spaces",
        "Turn the Test Opera Park Religion back face down",
        "Discard the Automa card",
    ]
    if shots.wanted():
        page.evaluate("window.scrollTo(0, 0)")
        shots.shoot(page, "checklist.png")
    done(page)
    step(page, "wolfgang_card")
    in_view(page)
    page.fill("#automa-number", "5")
    page.get_by_role("button", name="Drawn").tap()
    say, moves = checklist_step(page, "Wolfgang takes a Profession card")
    assert moves[-3:] == [
        "Put the next one face down on dummy column 1",
        "Put the next one face down on dummy column 2",
        "Discard the Automa card",
    ]
    assert "then 1 more step" in page.inner_text("#solo-step .step-title")
    done(page)

    # The round's end is a step of its own.
    say, moves = checklist_step(page, "Round 1 ends")
    assert say == (
        "Round 1 ends: nobody completed a Work, so nobody scores the Best Work; "
        "Wolfgang starts round 2"
    )
    assert moves == [
        "Pass the Starting Player marker to Wolfgang",
        "Move the Round marker to round 2 (minimum Work Value 10)",
        "Then draw the top Automa card for round 2's auction",
    ]
    done(page)
    step(page, "auction_card")
    in_view(page)
    assert page.inner_text(".solo-where").startswith("Round 2 · Auction phase")
    recap = page.inner_text(".decisions .last-turns")
    assert "Wolfgang builds an Opera" in recap and "Round 1 ends" in recap
    assert "The die: Palazzo rolls it." in page.inner_text(".die-mode")

    # Every Done is in the log: a reload (or another phone) agrees.
    page.reload()
    step(page, "auction_card")
    with app.app_context():
        events = get_table(app).events(game_id)
    kinds = [e.type for e in events]
    assert kinds.count("solo_step_done") == 5 and kinds.count("die_mode_changed") == 1
    assert not errors
