"""A hosted Firenze game for web tests: the board taught and the game started through the forms."""

from __future__ import annotations

from tests.firenze.table import BALCONIES, BOARD, NEUTRAL
from tests.web.conftest import csrf_token_for


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
