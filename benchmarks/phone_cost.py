"""What one seat's phone costs over an hour of a 4-player game: the bytes it receives (over its
live stream, and in everything it fetches) and the requests it makes per move.

A real `palazzo serve` (the club's server, gevent) and Debian's headless Chromium with a seat's
page opened through its join link, as a player opens it: its own scripts hold the stream,
swap the pushed panels in and poll what they poll. Chromium's own network log (the DevTools
protocol's Network domain) counts every request the page makes and every byte it receives,
headers included (`encodedDataLength`), by URL. A seeded random 4-player game on the grid
(`rules.autoplay`) is recorded move by move at the table (the Table, as the host's and the
other phones' taps record them), each move waiting until this phone shows it.

A move here comes every fraction of a second; at a club a 4-player game takes about two hours.
So the hour's figure adds the moves of an hour (half the game's) at what each cost, and what
the page spends on its own clock at the rates it declares: the stream's keep-alives (one per
LIVE_HEARTBEAT, 15 s, on an idle stream), its reconnect (LIVE_STREAM_MAX_AGE, every 5 min), and
each element's `every Ns` poll (measured on a quiet stream, then counted per hour).

    .venv/bin/python benchmarks/phone_cost.py [--seed N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.scratch import scratch_folder  # noqa: E402
from companion.app import create_app  # noqa: E402
from companion.games.princes.learned import LearnedCatalog  # noqa: E402
from companion.games.princes.rules import play, simulation_catalog  # noqa: E402
from companion.web.games import create_hosted_game  # noqa: E402
from companion.web.join_links import keep_tokens  # noqa: E402
from companion.web.recording import get_table  # noqa: E402
from tests.support.servers import Served  # noqa: E402

CHROMIUM = "/usr/bin/chromium-headless-shell"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PLAYERS = 4
GAME_HOURS = 2.0  # a 4-player game at a club table
HEARTBEAT_S = 15.0  # companion/web/__init__.py LIVE_HEARTBEAT
STREAM_AGE_S = 300.0  # LIVE_STREAM_MAX_AGE
QUIET_S = 65.0  # a quiet minute and a bit: every `every 60s` poll comes once
SEQS = re.compile(r' data-(?:rendered-)?seq="\d+"')


def kind(url: str) -> str:
    path = urlsplit(url).path
    if path.endswith("/stream"):
        return "stream"
    if path.startswith("/static/"):
        return "static"
    if path.endswith("/me/panel"):
        return "panel"
    if "/alerts" in path or "/count/links" in path:
        return "alerts"
    return path.rsplit("/", 1)[-1] or "page"


class NetworkLog:
    """Every request of the page and the bytes received for it, from Chromium's own log."""

    def __init__(self, page):
        self.urls: dict[str, str] = {}
        self.requests: dict[str, int] = defaultdict(int)
        self.received: dict[str, int] = defaultdict(int)
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.dataReceived", self._data)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.eventSourceMessageReceived", self._message)
        self.cdp.send("Network.enable")
        self.messages: dict[str, int] = defaultdict(int)  # the stream's messages, by event
        self.same_panel = 0  # pushed panels that showed nothing new (only their seq moved)
        self._last_panel = ""

    def _message(self, e):
        self.messages[e["eventName"]] += 1
        if e["eventName"] == "fragment":
            panel = SEQS.sub("", e["data"])
            self.same_panel += panel == self._last_panel
            self._last_panel = panel

    def _sent(self, e):
        self.urls[e["requestId"]] = e["request"]["url"]
        self.requests[kind(e["request"]["url"])] += 1

    def _response(self, e):
        # the response's head: status line and headers as received
        head = e["response"].get("encodedDataLength") or 0
        self.received[kind(self.urls.get(e["requestId"], ""))] += int(head)

    def _data(self, e):
        where = kind(self.urls.get(e["requestId"], ""))
        self.received[where] += int(e.get("encodedDataLength") or e.get("dataLength") or 0)

    def snapshot(self) -> tuple[dict, dict]:
        return dict(self.requests), dict(self.received)


def diff(after: dict, before: dict) -> dict:
    return {
        k: after.get(k, 0) - before.get(k, 0) for k in after if after.get(k, 0) != before.get(k, 0)
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    instance = scratch_folder("palazzo-phone-") / "instance"
    instance.mkdir()
    app = create_app({"INSTANCE_PATH": str(instance)})
    catalog = simulation_catalog()
    LearnedCatalog(app.instance_path).teach(catalog.to_dict())
    log, _ = play(PLAYERS, args.seed, grid=True, catalog=catalog)
    start = {k: v for k, v in log[0].items() if k != "type"}
    with app.test_request_context():
        game_id, tokens = create_hosted_game(start, settings={})
        keep_tokens(game_id, tokens)
    served = Served(instance)
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(
                viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
            )
            context.set_default_timeout(60_000)
            page = context.new_page()
            network = NetworkLog(page)
            # the table as at a club: the other three phones and the TV, each its own browser
            others = []
            for token in [*tokens.seats[1:], tokens.spectator]:
                other = browser.new_context().new_page()
                other.goto(f"{served.url}/games/{game_id}/join/{token}")
                others.append(other)
            page.goto(f"{served.url}/games/{game_id}/join/{tokens.seats[0]}")
            page.wait_for_url("**/me")
            page.wait_for_load_state("networkidle")
            loaded = network.snapshot()

            table = get_table(app)
            moves = 0
            t0 = time.monotonic()
            for event in log[1:]:
                by = str(event["player"]) if "player" in event else "host"
                seq = table.record(game_id, dict(event), by=by).event.seq
                moves += 1
                page.wait_for_function(
                    "seq => +document.querySelector('[data-phone-panel]').dataset.seq >= seq",
                    arg=seq,
                )
            page.wait_for_load_state("networkidle")
            played_s = time.monotonic() - t0
            played = network.snapshot()
            messages, same = dict(network.messages), network.same_panel
            for other in others:  # a phone leaves the table: the others are told who is here
                other.context.close()

            time.sleep(QUIET_S)  # the game over, the stream idle: keep-alives and polls only
            quiet = network.snapshot()
            browser.close()
    finally:
        served.stop()

    per_game = {"requests": diff(played[0], loaded[0]), "bytes": diff(played[1], loaded[1])}
    idle = {"requests": diff(quiet[0], played[0]), "bytes": diff(quiet[1], played[1])}
    moves_per_hour = moves / GAME_HOURS
    scale = moves_per_hour / moves
    stream_per_move = per_game["bytes"].get("stream", 0) / moves
    requests_per_move = sum(per_game["requests"].values()) / moves
    fetched_per_move = sum(v for k, v in per_game["bytes"].items() if k != "stream") / moves
    idle_per_s = {k: v / QUIET_S for k, v in idle["bytes"].items()}
    idle_requests_per_s = {k: v / QUIET_S for k, v in idle["requests"].items()}
    hour_stream = stream_per_move * moves_per_hour + idle_per_s.get("stream", 0) * 3600
    hour_fetched = (
        fetched_per_move * moves_per_hour
        + sum(v for k, v in idle_per_s.items() if k != "stream") * 3600
    )
    reconnects = 3600 / STREAM_AGE_S
    print(
        f"a {PLAYERS}-player game on the grid, seed {args.seed}: {moves} moves recorded in "
        f"{played_s:.0f} s; the page's first load {sum(loaded[1].values()) / 1024:.0f} KB in "
        f"{sum(loaded[0].values())} requests"
    )
    print(
        f"per move: {stream_per_move / 1024:.2f} KB over the stream, "
        f"{requests_per_move:.3f} requests ({fetched_per_move / 1024:.2f} KB fetched)"
    )
    print(f"  the game's requests by kind: {per_game['requests']}")
    print(f"  the game's bytes by kind: {per_game['bytes']}")
    print(f"  the stream's messages: {messages}; pushed panels that showed nothing new: {same}")
    print(
        f"quiet ({QUIET_S:.0f} s, game over, the other phones gone): requests {idle['requests']}, bytes {idle['bytes']}, "
        f"messages {diff(dict(network.messages), messages)}"
    )
    print(
        f"one hour ({moves_per_hour:.0f} moves, a {GAME_HOURS:.0f}-hour game's half): "
        f"{hour_stream / 1024 / 1024:.2f} MB over the stream, "
        f"{hour_fetched / 1024:.0f} KB fetched, "
        f"{requests_per_move * moves_per_hour + sum(idle_requests_per_s.values()) * 3600:.0f} "
        f"requests, {reconnects:.0f} stream reconnects (each a new request, in the idle figure "
        f"when one fell in the quiet minute); scale {scale:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
