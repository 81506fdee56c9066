"""Your phone tells you what happened to you: auctions won and lost, a Work recruited from your
table, your move undone or your purse corrected by the host, your Best Work, your turn; the
table's recent events below; never another player's money or cards."""

from __future__ import annotations

import re

import pytest

from companion.games.princes.rules import play, simulation_catalog
from companion.games.princes.story import read
from companion.games.princes.words.notices import buzz_key, notices
from tests.support.builders import TEST_CATALOG, load_log
from tests.support.phone_game import (
    as_host,
    as_seat,
    choose_hands,
    host_game,
    panel,
    post_event,
    record,
    recruiting_round,
    text,
    to_action_phase,
)


@pytest.fixture
def auction(app):
    game_id, _ = host_game(app)
    choose_hands(app, game_id)
    return game_id


def told(client, game_id, seat) -> tuple[list[str], str, str]:
    """(notices, buzz key, recent events) on `seat`'s panel."""
    as_seat(client, game_id, seat)
    html = panel(client, game_id)
    found = re.search(r'<ul class="notices"[^>]*>(.*?)</ul>', html, re.S)
    items = re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.S) if found else []
    items = [re.sub(r"<time.*?</time>", "", i, flags=re.S) for i in items]
    buzz = re.search(r'data-buzz="([^"]*)"', html).group(1)
    recent = re.search(r'<details class="card recent">(.*?)</details>', html, re.S)
    return [text(i).strip() for i in items], buzz, text(recent.group(1)) if recent else ""


def test_an_auction_won_and_lost_and_a_bid_asked_of_you(app, client, auction):
    g = auction
    record(app, g, "0", type="auction_opened", player=0, object="jester")
    seen, buzz, _ = told(client, g, 1)
    assert seen[0].startswith("Your bid: the Jester stands at 200 Florin. Raise or pass")
    assert buzz  # Ben's phone buzzes: a bid is asked of him
    assert told(client, g, 0)[1] == "" and told(client, g, 2)[1] == ""  # the others' do not
    record(app, g, "1", type="bid_raised", player=1, amount=300)
    assert told(client, g, 1)[1] == ""  # no longer his bid
    seen, cy_buzz, _ = told(client, g, 2)
    assert seen[0].startswith("Your bid: the Jester stands at 300 Florin") and cy_buzz
    record(app, g, "2", type="bid_passed", player=2)
    record(app, g, "0", type="bid_passed", player=0)
    assert told(client, g, 1)[0][0].startswith("You won the Jester for 300 Florin")
    for seat in (0, 2):
        assert told(client, g, seat)[0][0].startswith("Ben won the Jester for 300 Florin")


def test_recruited_from_best_work_and_your_turn(app, client, auction):
    """Ben works with the Mason (the best Work of round 1); Ada recruits it in round 2."""
    g = auction
    recruiting_round(app, g)
    assert told(client, g, 0)[0][0] == "Your turn"
    record(app, g, "0", type="turn_ended", player=0)
    seen, buzz, recent = told(client, g, 1)
    assert seen[0] == "Your turn" and buzz and "Ada ended the turn" in recent
    record(app, g, "1", type="freedom_introduced", player=1, freedom="religion")
    record(app, g, "1", type="work_completed", player=1, profession="mason", prestige=0)
    record(app, g, "1", type="turn_ended", player=1)
    record(app, g, "2", type="turn_ended", player=2)
    assert "Your Work was the best of round 1: +3 PP" in told(client, g, 1)[0]
    assert not any("best" in n for n in told(client, g, 0)[0])
    for seat in (1, 2):
        record(app, g, str(seat), type="auctions_left", player=seat)
    record(app, g, "0", type="last_player_declined", player=0)
    record(app, g, "1", type="turn_ended", player=1)
    record(app, g, "2", type="turn_ended", player=2)
    as_seat(client, g, 0)
    r = post_event(
        client, g, type="recruiting_card_used", player="0", from_player="1", profession="mason"
    )
    assert r.status_code == 200
    assert told(client, g, 1)[0][0].startswith("Ada recruited the Mason from your table")
    assert not any("recruited" in n for n in told(client, g, 2)[0])


def test_undone_and_corrected_by_the_host(app, client, auction):
    g = auction
    to_action_phase(app, g)
    first_turn = told(client, g, 0)[1]
    assert first_turn
    record(app, g, "0", type="turn_ended", player=0)
    assert told(client, g, 1)[0][0] == "Your turn"
    as_host(client, g)
    last = record(app, g, "host", type="correction", player=1, money=200, reason="forgot a Jester")
    ben = told(client, g, 1)[0]
    assert ben[0].startswith("Host corrected your money by +200 Florin: forgot a Jester")
    as_host(client, g)
    r = post_event(client, g, view="host", type="retracted", seqs=str(last.event.seq))
    assert r.status_code == 200
    ben, _, ben_recent = told(client, g, 1)
    assert ben[0].startswith("Host undid: Host corrected Ben's money by +200 Florin")
    assert ben[1] == "Your turn"  # the correction, undone, is told by its undoing only
    ada, _, ada_recent = told(client, g, 0)
    assert not any("+200" in n or "Ben" in n for n in ada), ada  # Ben's purse is his own
    assert "Host corrected Ben's money: forgot a Jester" in ada_recent and "+200" not in ada_recent
    assert "+200 Florin" in ben_recent
    # Ada's own move undone by the host: her phone says what was taken back
    undo = record(app, g, "host", type="retracted", seqs=[last.event.seq - 1])
    assert undo.event.type == "retracted"
    ada, ada_buzz, _ = told(client, g, 0)
    assert "Host undid: Ada ended the turn. Ben's turn" in ada[:2] and "Your turn" in ada[:2]
    assert ada_buzz == first_turn  # her turn again, the same turn: the phone buzzed for it


def test_the_host_recording_for_you_is_told(app, client, auction):
    record(app, auction, "host", type="auction_opened", player=0, object="builder")
    seen, _, _ = told(client, auction, 0)
    assert "The host recorded for you: Ada opened an auction for the Builder at" in seen[0]


def test_notices_never_tell_another_players_money_or_cards():
    """Over a whole scripted game, after every few events: a seat's notices name Florin only as
    a price or bid the table sees or as its own purse's change, and name a private card only in
    telling the seat its own move."""
    events = [
        {**e, "seq": i, "by": str(e["player"]) if "player" in e else "host"}
        for i, e in enumerate(load_log("game_3p_grid.jsonl"), 1)
    ]
    public = re.compile(r"^(for|at|by) [+-]?\d+ Florin")
    seen = set()
    for end in sorted({*range(2, len(events), 3), len(events)}):
        part = read(events[:end], TEST_CATALOG)
        for seat in range(3):
            for n in notices(part, seat, last=10):
                seen.add(n.kind)
                florins = re.findall(r"\S+ [+-]?\d+ Florin", n.text)
                assert all(public.search(f) for f in florins), n.text
                if "by +" in n.text or "by -" in n.text:
                    assert "your money" in n.text, n.text
                private = ("(Profession card)", "Bonus card \u201c", "Prestige card \u201c")
                if any(p in n.text for p in private):
                    assert n.kind in ("undone", "recorded"), n.text
    assert {"won", "lost", "turn", "bid", "best_work", "over"} <= seen


def test_the_character_auction_turn_is_named():
    log, _ = play(3, seed=5, catalog=simulation_catalog(), expansions={"muse_princess": True})
    events = [{**e, "seq": i, "by": "host"} for i, e in enumerate(log, 1)]
    r = read(events, simulation_catalog())
    turn = next(f for f in r.facts if f.new_turn and f.phase == "character_auction")
    part = read(events[: turn.seq], simulation_catalog())
    assert notices(part, turn.turn)[0].text == "Your turn in the Character Auction"
    assert buzz_key(part, turn.turn) == str(turn.seq)
