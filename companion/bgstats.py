"""Handing a finished play to the BG Stats app with one tap.

BG Stats documents a push link for other apps and websites ("Push plays to BG Stats from other
apps or websites", bgstatsapp.com/support): `https://app.bgstatsapp.com/createPlay.html?data=`
followed by a url-encoded JSON play. Opening it on a phone with BG Stats shows the app's import
dialog, where games and players are matched once; without the app it is just a web page.
No account, no key, nothing leaves the LAN until the player taps.
"""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import parse_qs, quote, urlsplit

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html"
GAME_NAME = "The Princes of Florence"
BGG_ID = 555
SOURCE_NAME = "Palazzo"
SOURCE_GAME_ID = "palazzo-princes-of-florence"  # stable: BG Stats remembers the match


def ranks(scores: list[dict]) -> dict[int, int]:
    """Seat -> rank (1 = best) by total PP, then money (the rulebook's tie-break); players
    equal on both share a rank."""
    key = {x["player"]: (x["total"], x.get("money", 0)) for x in scores}
    return {
        seat: 1 + sum(1 for other in key.values() if other > mine) for seat, mine in key.items()
    }


def play(state, *, play_id: str, started: datetime, ended: datetime, start_player: int = 0) -> dict:
    """The play in BG Stats' format, from a finished game's state (`state.final`);
    `started`/`ended` are the first and last events' times, `start_player` who began."""
    final = state.final or {}
    scores = final.get("scores", [])
    winners = set(final.get("winners", []))
    rank = ranks(scores)
    minutes = max(1, round((ended - started).total_seconds() / 60))
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(play_id),
        "playDate": started.astimezone().strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": minutes,
        "game": {
            "name": GAME_NAME,
            "bggId": BGG_ID,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": SOURCE_GAME_ID,
        },
        "players": [
            {
                "name": state.players[x["player"]].name,
                "score": x["total"],
                "rank": rank[x["player"]],
                "winner": x["player"] in winners,  # always present: the app wants the key
                "startPlayer": x["player"] == start_player,
                "role": "",
                "sourcePlayerId": f"{play_id}-{x['player']}",
            }
            for x in scores
        ],
        "comments": "Recorded with Palazzo",
    }


def push_url(payload: dict) -> str:
    return (
        PUSH_URL
        + "?data="
        + quote(json.dumps(payload, separators=(",", ":"), ensure_ascii=False), safe="")
    )


def decode(url: str) -> dict:
    """The play a push link carries (tests, and anyone checking what a link would send)."""
    return json.loads(parse_qs(urlsplit(url).query)["data"][0])
