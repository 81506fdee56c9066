"""The table screen: what everyone at the table may see, live, on the host's device or a
spectator's phone. Built only from `public_view`, so no seat's money or hand can reach it.

Who is here: any request a seat's phone makes for its game (its endpoints: `GameWeb.
seat_traffic`) marks the seat as seen (companion/web/games.py), so the table can tell whose
phone dropped off the Wi-Fi.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from jinja2_fragments.flask import render_block
from markupsafe import Markup

from companion.core.lang import _, seat_name
from companion.core.lang import current as current_language
from companion.games.princes.game import GAME
from companion.games.princes.rules import public_view
from companion.games.princes.rules.catalog import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    MINIMUM_WORK_VALUE,
    OBJECT_NAMES,
    ROUNDS,
)
from companion.games.princes.screens import characters
from companion.games.princes.screens.drawings import fame_track, seat_colour
from companion.games.princes.screens.phone import phase_name, squares
from companion.games.princes.web.ending import final_scores
from companion.games.princes.words import (
    building_name,
    edition_name,
    freedom_name,
    object_name,
    profession_name,
)
from companion.games.princes.words.telling import newest_first
from companion.web.for_games import (
    NUDGED_EVERY,
    Pushed,
    current_replay,
    get_presence,
    get_table,
    kept_in_app,
    kept_tokens,
    kept_url_for,
    presence,
    render_once,
    require_viewer,
    shared_fragment,
    shared_value,
)

bp = Blueprint("tablescreen", __name__)

BOARD = "princes-board"  # the view name its shared renderings are kept under
LAST_EVENTS = 8  # as many as a TV shows beside the players
PRESENCE_EVERY = 3  # seconds between two looks of who is here while a seat's words count time


def _name(view, seat) -> str:
    return seat_name([p["name"] for p in view["players"]], seat)


def board_context(game_id: str, replay=None) -> dict:
    """Everything the board fragment shows, from the public view at one seq (`replay`'s, or
    the game's latest): the same for every reader, so worked out once per seq and language
    (read it, never change it)."""
    replay = replay or current_replay(game_id)
    return shared_value(replay, BOARD, lambda: _board_context(game_id, replay))


def _board_context(game_id: str, replay) -> dict:
    state = replay.state
    view = public_view(state)
    if state.phase == "over":
        return _final_board(game_id, replay, view)
    shared = _shared_buildings(view)
    players = [_public_seat(state, view, p, shared) for p in view["players"]]
    waiting = (
        [p["name"] for p in players if p["hand_size"] == 0] if view["phase"] == "setup" else []
    )
    return {
        "game_id": game_id,
        "seq": replay.seq,
        "view": view,
        "players": players,
        "phase": phase_name(view["phase"]),
        "phase_id": view["phase"],
        "round": view["round"],
        "rounds": ROUNDS,
        "minimum": MINIMUM_WORK_VALUE.get(view["round"]),
        "turn_name": (turn_name := _name(view, view["current_player"])),
        "seat_cards": _seat_cards(players, turn_name, view["phase"]),
        **_auction(view),
        "cooperation": _cooperation(view),
        "waiting": waiting,
        "solo": bool(view.get("solo")),
        "edition": edition_name(view.get("edition")),
        "edition_id": view.get("edition"),
        "supply": _supply(view["supply"]),
        "track": _track(fame := tuple((p["seat"], p["name"], p["fame"]) for p in players)),
        "track_wide": _track(fame, wide=True),
        "last_events": newest_first(replay, None, last=LAST_EVENTS, shared=True),
        "board_url": kept_url_for("tablescreen.board", game_id=game_id),
        "characters": characters.board(state),
    }


def _final_board(game_id: str, replay, view) -> dict:
    """The TV at game end: the scores, as the end page shows them."""
    return {
        "game_id": game_id,
        "seq": replay.seq,
        "phase": phase_name(view["phase"]),
        "phase_id": view["phase"],
        "round": view["round"],
        "rounds": ROUNDS,
        "board_url": url_for("tablescreen.board", game_id=game_id),
        "players": [
            {k: p[k] for k in ("seat", "name", "fame")} | {"colour": seat_colour(p["seat"])}
            for p in view["players"]
        ],
        **final_scores(replay),
    }


def _public_seat(state, view, p: dict, shared: dict) -> dict:
    """One seat's line on the board: what anyone at a real table sees of it."""
    s = p["seat"]
    return {
        "seat": s,
        "name": p["name"],
        "fame": p["fame"],
        "colour": seat_colour(s),
        "buildings": [
            building_name(b)
            + (" " + _("(with %(name)s)", name=shared[s, b]) if (s, b) in shared else "")
            for b in p["buildings"]
            if b in BUILDINGS
        ],
        "landscapes": {object_name(k): n for k, n in p["landscapes"].items() if n},
        "freedoms": [freedom_name(f) for f in p["freedoms"]],
        "jesters": p["jesters"],
        "builders": p["builders"],
        "works": [profession_name(state.catalog, w) for w in p["table"]],
        "hand_size": p["hand_size"],
        "bonus_held": p["bonus_cards_held"],
        "prestige_held": p["prestige_cards_held"],
        "best": p["best_this_round"],
        "acquired": object_name(p["acquired"]) if p["acquired"] else None,
        "has_pawn": p["has_pawn"],
        "empty_spaces": p.get("empty_spaces"),
        # the Principality is public at a real table: drawn from the public pieces
        "grid": squares(p["pieces"]) if view["grid"] else None,
    }


def _auction(view) -> dict:
    """The auction as the board tells it: the one under way, this round's results, what the
    winners still have to do, and who opens the next."""
    auction = view["auction"]
    cur = auction["current"]
    current = None
    if cur:
        current = {
            "object": object_name(cur["object"]),
            "bid": cur["bid"],
            "bidder": _name(view, cur["bidder"]),
            "turn": _name(view, cur["turn"]),
            "still_in": [_name(view, s) for s in cur["in"]],
        }
    results = [
        {
            "name": _name(view, r["player"]),
            "object": object_name(r["object"]),
            "price": r["price"],
        }
        for r in auction["results"]
    ]
    pending = [
        {
            "name": _name(view, x["player"]),
            "what": _("choose a Prestige card")
            if x["kind"] == "prestige"
            else _("place a Landscape")
            if x["object"] == "landscape"
            else _("place the %(landscape)s", landscape=object_name(x["object"])),
        }
        for x in auction["pending"]
    ]
    opener = _name(view, auction["opener"]) if view["phase"] == "auction" else None
    return {"current": current, "results": results, "pending": pending, "opener": opener}


def _supply(supply: dict) -> dict:
    """What is left in the supply, named in the reader's words."""
    return {
        "stacks": [(object_name(k), n) for k, n in supply["stacks"].items()],
        "buildings": [(building_name(b), n) for b, n in supply["buildings"].items()],
        "freedoms": [(freedom_name(f), supply["freedoms"].get(f, 0)) for f in FREEDOMS],
        "profession_deck": supply["profession_deck"],
        "bonus_deck": supply["bonus_deck"],
        "prestige_deck": supply["prestige_deck"],
    }


TRACKS_KEPT = 256  # Fame tracks a process keeps drawn (games x languages x 2 widths, with room)
TRACKS_KEY = "palazzo.princes_tracks"  # in app.extensions: (language, wide, fame) -> svg


def _track(fame: tuple, wide: bool = False) -> Markup:
    """The board's Fame track for `fame`, the players' (seat, name, PP): most moves change
    no one's PP, so each track is drawn once per language and kept (two SVGs of ~60
    elements per move)."""
    players = [{"seat": s, "name": n, "fame": f} for s, n, f in fame]
    key = (current_language(), wide, fame)
    return kept_in_app(TRACKS_KEY, key, lambda: fame_track(players, wide=wide), TRACKS_KEPT)


CARDS_KEPT = 512  # seat cards a process keeps drawn (games x seats x languages, with room)
CARDS_KEY = "palazzo.princes_seat_cards"  # in app.extensions: (language, what it shows) -> html


def _seat_cards(players: list[dict], turn_name: str, phase_id: str) -> list[Markup]:
    """Each player's card on the board (princes/table/_seat.html), in seat order. A card
    shows the player's public facts, whether it is their turn and, in the auctions, what they
    won: most moves change one card at most, so each is drawn once per language and what it
    shows, and kept (the cards were most of the board's render). The key is the card's inputs in full (`repr`: their values and types,
    in order)."""
    card = current_app.jinja_env.get_template("princes/table/_seat.html").module.seat_card
    language, auction = current_language(), phase_id == "auction"
    return [
        kept_in_app(
            CARDS_KEY,
            (language, p["name"] == turn_name and phase_id != "setup", auction, repr(p)),
            lambda p=p: card(p, turn_name, phase_id),
            CARDS_KEPT,
        )
        for p in players
    ]


LANDSCAPES_NAMES = {k: OBJECT_NAMES[k] for k in LANDSCAPES}


def _shared_buildings(view) -> dict:
    """(seat, Building) -> the partner's name, for each cooperative Building."""
    out = {}
    for b in view.get("cooperative_buildings") or ():
        out[b["builder"], b["building"]] = _name(view, b["partner"])
        out[b["partner"], b["building"]] = _name(view, b["builder"])
    return out


def _cooperation(view) -> dict | None:
    """The open proposal of a cooperative Building: negotiated aloud, so the table sees it
    with its payment (ruling C3)."""
    offer = view.get("cooperation")
    if not offer:
        return None
    return {
        "builder": _name(view, offer["player"]),
        "partner": _name(view, offer["partner"]),
        "building": building_name(offer["building"]),
        "payment": offer["partner_payment"],
    }


def seat_presence(game_id: str, names: list[str], seats=None) -> list[dict]:
    """Each seat's phone: here (its live stream is open), away (seen before) or not joined
    (`seats`: the keeper's answer, when the caller has it)."""
    if seats is None:
        seats = get_presence().seats(game_id, len(names))
    out = []
    for s, (n, (here, a)) in enumerate(zip(names, seats, strict=True)):
        out.append(
            {
                "seat": s,
                "name": n,
                "colour": seat_colour(s),
                "ago": a,
                "here": here,
                "joined": here or a is not None,
                "words": presence.words(a, here),
            }
        )
    return out


def presence_context(game_id: str, host: bool = False, labels: bool = False) -> dict:
    """The dots; `host`: on the host's page, whose polled fragment (`labels`) also refreshes
    the labels beside the QR codes (out of band), so they follow the phones too. It asks
    again when nudged (a phone came or went) and, while a seat's words count the seconds
    (a phone away, or one that polls instead of streaming), every PRESENCE_EVERY seconds."""
    names = [p.name for p in current_replay(game_id).state.players]
    seats, streaming = get_presence().look(game_id, len(names))
    return {
        "game_id": game_id,
        "seats": seat_presence(game_id, names, seats),
        "presence_every": NUDGED_EVERY if streaming else PRESENCE_EVERY,
        "host_labels": labels,
        "presence_url": url_for(
            "tablescreen.presence_fragment", game_id=game_id, **({"host": 1} if host else {})
        ),
    }


@bp.get("/games/<game_id>/table")
def page(game_id: str):
    me = require_viewer(game_id)
    replay = current_replay(game_id)
    return render_template(
        "princes/table/page.html",
        me=me,
        board_html=board_html(game_id, replay),
        push=BOARD,  # its stream carries the board (static/palazzo.js)
        **{**presence_context(game_id), **board_context(game_id, replay)},
    )


@bp.get("/games/<game_id>/table/board")
def board(game_id: str):
    """The live fragment: re-fetched whenever the game's seq moves."""
    require_viewer(game_id)
    return shared_fragment(game_id, BOARD, lambda replay: _render_board(game_id, replay))


def _render_board(game_id: str, replay) -> str:
    return render_block("princes/table/board.html", "board", **board_context(game_id, replay))


def board_html(game_id: str, replay) -> Markup:
    """The board, drawn from the public view only: the same for every reader of the game, so
    rendered once per seq and language for the TV, the spectators and the host's page."""
    return render_once(replay, BOARD, lambda: _render_board(game_id, replay))


def pushed_board(game_id: str, seq: int) -> tuple[int, str] | None:
    """The board a table screen's live stream carries at `seq` (companion/web/shared.py):
    the same text the TV would fetch, rendered once per seq and language."""
    table = get_table()
    if table.game(game_id) is not GAME:  # another game's stream asking for this board
        return None
    replay = table.replay(game_id, sync=False)
    if replay.seq < seq:  # appended by another process: read it first
        replay = table.replay(game_id)
    return replay.seq, board_html(game_id, replay)


PUSHED = {BOARD: Pushed(pushed_board, table_screen=True)}  # the TV's board, carried by its stream


@bp.get("/games/<game_id>/table/presence")
def presence_fragment(game_id: str):
    """Who is connected: asked again when a phone comes or goes (a nudge) and by time while a
    seat's words count seconds (nobody records an event for a lost phone)."""
    me = require_viewer(game_id)
    host = me.host and request.args.get("host") == "1"
    # the labels beside the QR codes, where the host page shows QR codes (kept join links)
    labels = host and kept_tokens(game_id) is not None
    return render_block(
        "princes/table/presence.html", "presence", **presence_context(game_id, host, labels=labels)
    )
