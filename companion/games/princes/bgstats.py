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

from .words.scoring import summary_line

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html"
GAME_NAME = "The Princes of Florence"
BGG_ID = 555
SOURCE_NAME = "Palazzo"
SOURCE_GAME_ID = "palazzo-princes-of-florence"  # stable: BG Stats remembers the match


def play(
    rows: list[dict], *, play_id: str, started: datetime, ended: datetime, start_player: int = 0
) -> dict:
    """The play in BG Stats' format, from a finished game's score sheet
    (`presentation.scoring.breakdown`); `started`/`ended` are the first and last events'
    times, `start_player` who began. The push format has one score per player, so the
    breakdown by source travels in the play's comments."""
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
                "name": r["name"],
                "score": r["total"],
                "rank": r["rank"],
                "winner": r["winner"],  # always present: the app wants the key
                "startPlayer": r["seat"] == start_player,
                "role": "",
                "sourcePlayerId": f"{play_id}-{r['seat']}",
            }
            for r in sorted(rows, key=lambda r: r["seat"])
        ],
        "comments": "Recorded with Palazzo. " + "; ".join(summary_line(r) for r in rows),
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
