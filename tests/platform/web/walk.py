"""The one walker over the screens of played games, for the tests that read what players read:
plain words (tests/platform/web/test_plain_words.py) and every word translated
(tests/platform/web/test_every_word.py).

`screens()` fetches every screen of a hosted game as each of its viewers sees it; `words()` is
a page's visible text; `said()` is what a player reads or hears on a page: the visible text
and the words in attributes (`title`, `aria-label`, `placeholder`, `alt`, a button's `value`
and the `data-*` words the scripts show, see static/palazzo.js).
"""

from __future__ import annotations

import html as htmllib
import re
from html.parser import HTMLParser

from tests.support.table_games import as_role

# The screens every hosted game has, for the host (relative to /games/<id>/).
HOST_SCREENS = ("host", "host/undo", "table", "table/board", "table/presence", "history", "end")
SEAT_SCREENS = ("me", "history")

# Attributes whose words a player reads (a tooltip, a screen reader, an empty field's hint).
READ_ATTRIBUTES = frozenset(
    {"title", "aria-label", "aria-description", "aria-roledescription", "placeholder", "alt"}
)
# data-* attributes a script shows as words (static/palazzo.js: said(), the copy button, the
# host form's "Who starts?" option labels).
SCRIPT_WORDS = frozenset(
    {
        "data-not-sent",
        "data-not-sent-text",
        "data-not-confirmed",
        "data-not-confirmed-text",
        "data-ok",
        "data-copied",
        "data-selected",
        "data-label",
    }
)
BUTTON_INPUTS = ("submit", "button", "reset")


def words(html: str) -> str:
    """What a player reads: the page less its scripts, styles, tags and attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL | re.IGNORECASE)
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.DOTALL)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class _Reader(HTMLParser):
    """Collects text runs and read attributes, each as one piece."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._skip += 1
        named = dict(attrs)
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or name in SCRIPT_WORDS):
                self.pieces.append(value)
        if tag == "input" and named.get("type") in BUTTON_INPUTS and named.get("value"):
            self.pieces.append(named["value"] or "")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style", "template"):
            self._skip -= 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.pieces.append(data)


def said(html: str) -> list[str]:
    """Every piece of words a player reads on a page (text runs and read attributes), with
    entities decoded and spaces collapsed."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    out = []
    for piece in reader.pieces:
        piece = re.sub(r"\s+", " ", htmllib.unescape(piece).replace("\xa0", " ")).strip()
        if piece:
            out.append(piece)
    return out


def fetch(client, url: str, status: int = 200) -> str:
    r = client.get(url)
    assert r.status_code == status, f"{url}: {r.status_code}"
    return r.text


def screens(client, game_id: str, seats: int) -> dict[str, str]:
    """Every main screen of a game, as its viewers see it (the host; each seat)."""
    out = {}
    as_role(client, game_id, "host")
    for path in HOST_SCREENS:
        out[f"the host's {path}"] = fetch(client, f"/games/{game_id}/{path}")
    for seat in range(seats):
        as_role(client, game_id, "seat", seat)
        for path in SEAT_SCREENS:
            out[f"seat {seat + 1}'s {path}"] = fetch(client, f"/games/{game_id}/{path}")
    return out
