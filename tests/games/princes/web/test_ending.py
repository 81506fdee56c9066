"""The end of the game: scores, the fame chart, the log download and the BG Stats link."""

from __future__ import annotations

import html
import json
import re

from companion.games.princes import bgstats
from companion.games.princes.words.scoring import ranks
from companion.web.recording import get_table
from tests.support.table_games import as_role, finished_game, mid_game


def test_before_the_end_there_is_a_notice_and_no_log_for_players(app, client):
    game_id, _ = mid_game(app)
    assert client.get(f"/games/{game_id}/end").status_code == 403
    for role, seat in (("spectator", None), ("seat", 0)):
        as_role(client, game_id, role, seat)
        page = client.get(f"/games/{game_id}/end")
        assert page.status_code == 200 and "not over yet" in page.text
        assert "BG Stats" not in page.text and "8800" not in page.text
        r = client.get(f"/games/{game_id}/log.jsonl")
        assert r.status_code == 403 and "once the game is over" in r.text


def test_the_host_downloads_the_log_any_time(app, client, store):
    game_id, _ = mid_game(app)
    as_role(client, game_id, "host")
    r = client.get(f"/games/{game_id}/log.jsonl")
    assert r.status_code == 200
    assert r.headers["Content-Disposition"] == f'attachment; filename="palazzo-{game_id}.jsonl"'
    lines = [json.loads(line) for line in r.text.splitlines()]
    assert [line["seq"] for line in lines] == list(range(1, store.last_seq(game_id) + 1))
    assert lines[0]["type"] == "game_started"
    assert client.get("/games/nope/log.jsonl").status_code == 404


def test_the_scores_when_the_game_is_over(app, client):
    game_id, _ = finished_game(app)
    as_role(client, game_id, "spectator")
    page = client.get(f"/games/{game_id}/end")
    text = page.text
    assert "<strong>Leon</strong> wins!" in text
    sheet = re.search(r'<table class="scores score-sheet">(.*?)</table>', text, re.S).group(1)
    heads = [
        re.sub(r"<svg.*?</svg>|<.*?>|★", "", h).strip()  # the seat mark drawn, not read
        for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', sheet)
    ]
    assert heads == ["PP from", "1. Leon", "2. Alexandra", "3. Jen"]
    rows = {
        label: [int(v) for v in re.findall(r"<td>(?:<strong>)?(-?\d+)", cells)]
        for label, cells in re.findall(r'<tr[^>]*><th scope="row">(.*?)</th>(.*?)</tr>', sheet)
    }
    assert rows["Total"] == [49, 43, 36] and rows["Florin"] == [1000, 800, 0]
    assert rows["Prestige cards"] == [6, 4, 6]
    assert rows["Best Work"] == [
        3 * n
        for n in (
            sum(1 for r in state_of(app, game_id).rounds if s in r["scored"]) for s in (1, 0, 2)
        )
    ]
    sources = [v for label, v in rows.items() if label not in ("Total", "Florin")]
    assert [sum(col) for col in zip(*sources, strict=True)] == rows["Total"]  # adds up
    assert "Most Builders <strong>6</strong>" in text
    assert '<svg class="fame-chart"' in text and text.count("<polyline") == 3
    assert ">End</text>" in text  # the last point of each line is the final score
    assert client.get(f"/games/{game_id}/log.jsonl").status_code == 200  # shared at the end


def test_the_bg_stats_link_decodes_to_the_play(app, client, store):
    game_id, _ = finished_game(app)
    as_role(client, game_id, "seat", 1)
    text = client.get(f"/games/{game_id}/end").text
    url = html.unescape(re.search(r'href="(https://app\.bgstatsapp\.com/[^"]+)"', text).group(1))
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = bgstats.decode(url)
    events = store.events(game_id)
    assert play["game"] == {
        "name": "The Princes of Florence",
        "bggId": 555,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "palazzo-princes-of-florence",
    }
    assert play["sourceName"] == "Palazzo" and play["sourcePlayId"] == game_id
    assert play["playDate"] == events[0].at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    assert play["durationMin"] == max(1, round((events[-1].at - events[0].at).total_seconds() / 60))
    assert [
        (p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]
    ] == [
        ("Alexandra", 43, 2, False, True),
        ("Leon", 49, 1, True, False),
        ("Jen", 36, 3, False, False),
    ]
    assert len({p["sourcePlayerId"] for p in play["players"]}) == 3
    # the breakdown travels in the comments, the one place the push format has for it
    assert play["comments"].startswith("Recorded with Palazzo. Leon 49 PP (Works ")
    assert "Prestige cards 6" in play["comments"] and "Jen 36 PP (" in play["comments"]


def state_of(app, game_id):
    with app.app_context():
        return get_table(app).state(game_id)


def test_ranks_break_ties_on_money_and_share_true_ties():
    scores = [
        {"player": 0, "total": 40, "money": 500},
        {"player": 1, "total": 40, "money": 900},
        {"player": 2, "total": 38, "money": 0},
        {"player": 3, "total": 40, "money": 500},
    ]
    assert ranks(scores) == {1: 1, 0: 2, 3: 2, 2: 4}
