"""Fixing a misread (ruling 33): a fact copied from the table is corrected and the game after it
re-derived; what Palazzo produced itself stays final."""

from __future__ import annotations

import pytest

from companion.app import GAMES
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import Refusal, as_on_table, solo_of, table_changes
from companion.games.princes.rules.engine import Fold
from companion.games.princes.rules.solo import solo_prompt, wolfgang_decisions
from companion.service.table import Table
from tests.games.princes.misread import solo_fold
from tests.games.princes.solo import checklist, in_english
from tests.support.solo_table import SOLO_CATALOG


def seq_of(fold: Fold, kind: str, nth: int = -1) -> int:
    assert fold.effective is not None
    return [e["seq"] for e in fold.effective if e["type"] == kind][nth]


def refused(fold: Fold, event: dict) -> Refusal:
    before, log = fold.state.to_dict(), list(fold.effective or [])
    with pytest.raises(Refusal) as info:
        fold.add(event)
    assert fold.state.to_dict() == before and fold.effective == log
    return info.value


def test_a_die_corrected_after_wolfgang_bought_with_it():
    """You leave the auctions; Wolfgang buys the Builder (2+1D6) on a die typed as 3: he paid
    500. The die showed 5: he pays 700, and the phone says to take 200 more from him."""
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1})
    fold.add({"type": "auctions_left", "player": 0})
    fold.add({"type": "die_rolled", "value": 3, "source": "table"})
    die = seq_of(fold, "die_rolled")
    fold.add({"type": "turn_ended", "player": 0})  # play went on: your turn, then his card
    fold.add({"type": "automa_card_drawn", "card": 2})
    before = fold.state.clone()

    fold.add({"type": "misread_corrected", "fixes": die, "value": 5})

    after = fold.state
    assert after.players[1].money == before.players[1].money - 200
    assert after.players[1].builders == before.players[1].builders
    assert solo_of(after).drawn == ["1", "2"]  # what came after still counts
    said = [d["say"] for d in in_english(after, wolfgang_decisions(after))]
    assert (
        "Wolfgang buys the Builder: the leftmost object he can buy; rolled 5 + 2, he pays 700"
        in said
    )
    assert not any("rolled 3 + 2" in s for s in said)
    assert table_changes(before, after) == ["Take 200 Florin more from Wolfgang"]
    assert fold.effective is not None and fold.effective[-1]["type"] == "automa_card_drawn"


def wolfgangs_purchase(fold: Fold) -> dict:
    log = in_english(fold.state, solo_of(fold.state).log)
    return next(x for x in log if x["say"].startswith("Wolfgang buys"))


def test_a_misread_fixed_before_its_step_is_done_is_told_by_the_checklist_only():
    """His purchase on a die typed 3 is still on the checklist ("Take 500 Florin")
    when the die is fixed to 5: the checklist now says 700, and the fix says nothing more
    (telling "take 200 more" too would leave him 200 short)."""
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1})
    fold.add({"type": "auctions_left", "player": 0})
    fold.add({"type": "die_rolled", "value": 3, "source": "table"})
    assert wolfgangs_purchase(fold)["moves"][0] == "Take 500 Florin from Wolfgang"
    before = fold.state.clone()
    fold.add({"type": "misread_corrected", "fixes": seq_of(fold, "die_rolled"), "value": 5})
    assert table_changes(as_on_table(before), as_on_table(fold.state)) == []
    assert checklist(fold.state)[0]["moves"][0] == "Take 700 Florin from Wolfgang"


def test_a_misread_fixed_after_its_step_is_done_tells_the_difference_once():
    """The same purchase ticked off (500 taken from him): the fix says to take 200 more, and
    the checklist has nothing of it left to do."""
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1})
    fold.add({"type": "auctions_left", "player": 0})
    fold.add({"type": "die_rolled", "value": 3, "source": "table"})
    fold.add({"type": "solo_step_done", "n": wolfgangs_purchase(fold)["n"]})
    before = fold.state.clone()
    fold.add({"type": "misread_corrected", "fixes": seq_of(fold, "die_rolled"), "value": 5})
    assert table_changes(as_on_table(before), as_on_table(fold.state)) == [
        "Take 200 Florin more from Wolfgang"
    ]
    assert checklist(fold.state) == []


def test_a_die_corrected_before_wolfgang_acted():
    """The Jester's die typed as 4 while it showed 6: the offer is 1300 to buy, not 1100."""
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1})
    fold.add({"type": "solo_auction_offered", "object": "jester"})
    fold.add({"type": "die_rolled", "value": 4})
    assert solo_prompt(fold.state)["price"] == 1100
    before = fold.state.clone()
    fold.add({"type": "misread_corrected", "fixes": seq_of(fold, "die_rolled"), "value": 6})
    p = solo_prompt(fold.state)
    assert p["price"] == 1300 and p["last_bid"] == 1200
    assert table_changes(before, fold.state) == []  # nothing moved yet on the table
    fold.add({"type": "solo_declined", "object": "jester"})  # play goes on from the fixed fact


def test_what_palazzo_produced_stays_final_and_bad_corrections_change_nothing():
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1, "source": "app"})
    fold.add({"type": "solo_auction_offered", "object": "jester"})
    fold.add({"type": "die_rolled", "value": 4, "source": "app"})
    app_die, app_card = seq_of(fold, "die_rolled"), seq_of(fold, "automa_card_drawn")
    assert refused(fold, {"type": "misread_corrected", "fixes": app_die, "value": 6}).code == (
        "not_a_misread"
    )
    assert (
        "cannot be drawn again"
        in refused(fold, {"type": "misread_corrected", "fixes": app_card, "value": 2}).message
    )
    offered = seq_of(fold, "solo_auction_offered")  # a decision, not a fact read off the table
    assert refused(fold, {"type": "misread_corrected", "fixes": offered, "value": "lake"}).code == (
        "not_a_misread"
    )
    for bad in (
        {"fixes": app_die},
        {"fixes": "7", "value": 3},
        {"fixes": 9999, "value": 3},
        {"fixes": app_die, "value": 3, "by_the_way": 1},
    ):
        assert refused(fold, {"type": "misread_corrected", **bad}).code in (
            "bad_event",
            "not_a_misread",
        )


def test_a_correction_the_later_events_no_longer_fit_is_refused():
    """The Forest's die typed 5 and declined; it showed 2 (no modifier): a forced buy, which
    the decline recorded after it contradicts. Nothing changes."""
    fold = solo_fold()
    fold.add({"type": "automa_card_drawn", "card": 1})
    fold.add({"type": "solo_auction_offered", "object": "forest"})
    fold.add({"type": "die_rolled", "value": 5})
    fold.add({"type": "solo_declined", "object": "forest"})
    die = seq_of(fold, "die_rolled")
    r = refused(fold, {"type": "misread_corrected", "fixes": die, "value": 2})
    assert r.code == "correction_does_not_fit"
    assert refused(fold, {"type": "misread_corrected", "fixes": die, "value": 9}).code == "bad_die"


def test_the_table_stores_the_correction_and_replays_it(store, tmp_path):
    learned = LearnedCatalog(tmp_path / "instance")
    learned.teach(SOLO_CATALOG.to_dict())
    table = Table(store, GAMES, learned)
    fold = solo_fold()
    started = {k: v for k, v in fold.effective[0].items() if k not in ("type", "seq")}
    game_id, _ = table.create_game(started)
    for ev in fold.effective[1:]:
        table.record(game_id, {k: v for k, v in ev.items() if k != "seq"}, by="host")
    for ev in (
        {"type": "automa_card_drawn", "card": 1},
        {"type": "auctions_left", "player": 0},
        {"type": "die_rolled", "value": 3},
    ):
        table.record(game_id, ev, by="0")
    die = table.seq(game_id)
    table.record(game_id, {"type": "misread_corrected", "fixes": die, "value": 5}, by="0")
    assert table.state(game_id).players[1].money == 800
    assert (
        Table(store, GAMES, learned).state(game_id).players[1].money == 800
    )  # folded again from the store
    assert '"misread_corrected"' in table.export_jsonl(game_id)
