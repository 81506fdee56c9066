"""A hosted Firenze game for web tests: the board taught and the game started through the forms."""

from __future__ import annotations

from html.parser import HTMLParser

from tests.support.firenze_deal import BALCONIES, BOARD, NEUTRAL
from tests.support.web_fixtures import csrf_token_for


def board_form(token: str) -> dict:
    form = {"csrf_token": token}
    for colour, levels in BOARD["commissions"].items():
        for i, (h, pp) in enumerate(levels.items()):
            form[f"h_{colour}_{i}"] = h
            form[f"pp_{colour}_{i}"] = str(pp)
        form[f"majority_{colour}"] = str(BOARD["majority"][colour])
    for i, (h, pp) in enumerate(BOARD["level_tiles"].items()):
        form[f"tile_h_{i}"] = h
        form[f"tile_pp_{i}"] = str(pp)
    return form


def host_form(token: str, names=("Thomas", "Holger", "Daniela")) -> dict:
    form = {"csrf_token": token, "start": "0"}
    for i, n in enumerate(names):
        form[f"name_{i}"] = n
    for b in BALCONIES:
        n = b["numeral"]
        form |= {
            f"bal_colour_{n}": b["colour"],
            f"bal_height_{n}": str(b["height"]),
            f"bal_pp_{n}": str(b["pp"]),
        }
    for i, s in enumerate(NEUTRAL):
        form |= {f"neu_colour_{i}": s["colour"], f"neu_height_{i}": str(s["height"])}
    return form


def host_game(client) -> str:
    """Teach the board, start a 3-player game; returns the game id (the client is the host)."""
    token = csrf_token_for(client)
    assert client.post("/firenze/board", data=board_form(token)).status_code == 303
    response = client.post("/firenze/host", data=host_form(token))
    assert response.status_code == 303, response.text
    return response.headers["Location"].split("/")[2]


ROW = [
    ("Princess", "personnel"),
    ("Mason", "personnel"),
    ("Workshop", "building"),
    ("Feast", "celebration"),
    ("Fair", "event"),
    ("Chapel", "church"),
]
ROW_BRICKS = ["yellow", "green", "red", "blue", "purple", "white"]


def turned_over(name: str, kind: str, colour: str) -> dict:
    """The form that turns over a card with the Start symbol and four bricks of one colour."""
    bricks = {f"brick_{i}": colour for i in range(4)}
    return {"action": "reveal", "name": name, "kind": kind, "start": "1", **bricks}


def deal_row(client, game_id: str):
    token = csrf_token_for(client)
    for (name, kind), colour in zip(ROW, ROW_BRICKS, strict=True):
        response = client.post(
            f"/firenze/{game_id}/act",
            data={"csrf_token": token, "view": "host", **turned_over(name, kind, colour)},
        )
        assert response.status_code == 200, response.text


class _Forms(HTMLParser):
    """Each form of a page with the fields a browser would post as it stands: hidden and
    typed values, each select's selected option (else its first), ticked checkboxes."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self._form: dict | None = None
        self._select: str | None = None
        self._button: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = {"fields": {}, "selects": {}, "button": ""}
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind not in ("checkbox", "radio") or "checked" in a:
                self._form["fields"][a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select = a["name"]
            self._form["selects"][self._select] = []
        elif tag == "option" and self._select:
            options = self._form["selects"][self._select]
            options.append(a.get("value", ""))
            if "selected" in a or len(options) == 1:
                self._form["fields"][self._select] = a.get("value", "")
        elif tag == "button":
            self._button = []

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "button" and self._button is not None and self._form is not None:
            self._form["button"] = " ".join("".join(self._button).split())
            self._button = None

    def handle_data(self, data):
        if self._button is not None:
            self._button.append(data)


def page_forms(page: str) -> list[dict]:
    reader = _Forms()
    reader.feed(page)
    return reader.forms


def phone_form(page: str, button: str, **changes: str) -> dict:
    """The fields of the page's form whose button starts with `button`, as the phone would
    post them, with what the player changed (a select may only take an option it offers)."""
    found = [f for f in page_forms(page) if f["button"].startswith(button)]
    assert len(found) == 1, (button, [f["button"] for f in page_forms(page)])
    form = found[0]
    for name, value in changes.items():
        if name in form["selects"]:
            assert value in form["selects"][name], (name, value, form["selects"][name])
        else:
            assert name in form["fields"], (name, sorted(form["fields"]))
        form["fields"][name] = value
    return dict(form["fields"])


def reveal_event(name: str, kind: str, bricks: list[str], start: bool = True) -> dict:
    return {
        "type": "card_revealed",
        "card": {"name": name, "kind": kind, "start": start},
        "bricks": bricks,
    }


def to_thomas_with_a_wholesaler(table, game_id: str):
    """Three turns recorded as the phones would (the real table's): Thomas takes the free
    Princess; Holger takes card 2 paying a white on card 1; Daniela takes card 3 (the Fair, an
    Event doing nothing here) paying a white on cards 1 and 2. The row is then the Mason (4 green + 2 white), the Feast (4 blue + 1
    white), the Chapel (4 white), the Wholesaler (an Event, 4 red), and two more; Thomas, with 2
    white and 4 yellow, is to choose."""
    for ev in (
        {"type": "card_taken", "player": 0, "position": 1, "payment": []},
        reveal_event("Wholesaler", "event", ["red"] * 4),
        {"type": "turn_ended", "player": 0},
        {"type": "card_taken", "player": 1, "position": 2, "payment": ["white"]},
        reveal_event("Clerk", "personnel", ["green"] * 4),
        {"type": "turn_ended", "player": 1},
        {"type": "card_taken", "player": 2, "position": 3, "payment": ["white", "white"]},
        reveal_event("Scribe", "personnel", ["blue"] * 4),
        {"type": "card_played", "player": 2, "card": "Fair"},  # an Event: resolved at once
        {"type": "turn_ended", "player": 2},
    ):
        table.record(game_id, ev, by="host")
