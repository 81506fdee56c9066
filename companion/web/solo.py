"""Solo play against Wolfgang on one phone: the form that starts the game, and the page that
walks the player through every physical step in the engine's words.

The player holds both the host role and seat 0; Wolfgang (seat 1) never acts by event. Most
buttons post to the one recording route (view "solo"). A few need the server to do something
first, and post here: the app's die and digital Automa deck (seeded per game, `dice.py`), the
random pick among cards Wolfgang values equally, transcribing an Automa card or a Profession card
the installation does not know yet (kept in `LearnedCatalog` for later games), placing a
Landscape from ticked squares, and the fields the recording route reads as text but the engine
wants as numbers (a dummy column's index).
"""

from __future__ import annotations

import re
import secrets
import uuid

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import MethodNotAllowed, NotFound

from companion.learned import LearnedCatalog
from companion.rules import Refusal, is_solo, solo_of
from companion.rules.catalog import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    SOLO_DUMMIES,
    WOLFGANG,
    WOLFGANG_STARTING_MONEY,
    CatalogError,
    automa_card_from_dict,
)
from companion.tokens import Identity

from . import dice, solo_screen
from .access import grant, keep_out_of_caches, require_seat
from .games import create_hosted_game
from .join_links import keep_tokens, kept_tokens, public_join_url
from .recording import EVENT_ID, authorise, get_table, record, register_view
from .store import get_store

bp = Blueprint("solo", __name__)

VIEW = "solo"
NAME_MAX = 24
STARTS = ("random", "me", "wolfgang")
MODES = ("table", "app")
ON = ("on", "1", "true", "yes")
SEAT_PANEL = "/games/{game_id}/me/panel"


def learned() -> LearnedCatalog:
    return LearnedCatalog(current_app.instance_path)


def digital_deck_available() -> bool:
    try:
        return dice.complete_deck(learned().catalog().automa_cards)
    except CatalogError:
        return False


# -- the new-game form ------------------------------------------------------------------------


def parse_new_game(form, deck_offered: bool) -> tuple[dict | None, dict, dict]:
    """(game_started fields or None, chance settings, errors by field)."""
    errors: dict[str, str] = {}
    name = re.sub(r"\s+", " ", str(form.get("name", ""))).strip()
    if not name:
        errors["name"] = "Enter your name"
    elif len(name) > NAME_MAX:
        errors["name"] = f"Keep your name to {NAME_MAX} characters"
    elif not name.isprintable():
        errors["name"] = "Your name is plain text"
    elif name.casefold() == WOLFGANG.casefold():
        errors["name"] = f"{WOLFGANG} is the Automa's name: choose another one"
    difficulty = str(form.get("difficulty", ""))
    if difficulty not in WOLFGANG_STARTING_MONEY:
        errors["difficulty"] = "Choose Wolfgang's difficulty: easy, standard or hard"
    dummies = str(form.get("dummies", ""))
    if not dummies.isdigit() or int(dummies) not in SOLO_DUMMIES:
        errors["dummies"] = "Play with 2 or 3 dummy players"
    start = str(form.get("start", "random"))
    if start not in STARTS:
        errors["start"] = "Choose who starts: random, you or Wolfgang"
    grid = str(form.get("grid", "")).lower()
    if grid and grid not in ON + ("off", "0", "false", "no"):
        errors["grid"] = "The grid is on or off"
    die = str(form.get("die", "table"))
    if die not in MODES:
        errors["die"] = "Choose who rolls the die: you, or Palazzo"
    deck = str(form.get("deck", "table"))
    if deck not in MODES:
        errors["deck"] = "Choose who draws the Automa cards: you, or Palazzo"
    elif deck == "app" and not deck_offered:
        errors["deck"] = (
            "Palazzo can only shuffle the Automa deck once it knows all 21 cards: "
            "draw the physical cards (each new card is transcribed once)"
        )
    if errors:
        return None, {}, errors
    start_player = {"me": 0, "wolfgang": 1}.get(start)
    if start_player is None:
        start_player = secrets.randbelow(2)
    started = {
        "players": [name, WOLFGANG],
        "start_player": start_player,
        "solo": {"difficulty": difficulty, "dummies": int(dummies)},
        "grid": grid in ON,
    }
    chance = {"die": die, "deck": deck}
    return started, chance, errors


def _values(form) -> dict:
    return {
        "name": str(form.get("name", ""))[:60],
        "difficulty": str(form.get("difficulty", "standard")),
        "dummies": str(form.get("dummies", "2")),
        "start": str(form.get("start", "random")),
        "grid": str(form.get("grid", "")).lower() in ON,
        "die": str(form.get("die", "table")),
        "deck": str(form.get("deck", "table")),
    }


def _new_form(values, errors, status=200):
    return render_template(
        "solo/new.html",
        values=values,
        errors=errors,
        deck_offered=digital_deck_available(),
        difficulties=WOLFGANG_STARTING_MONEY,
    ), status


@bp.get("/solo/new")
def new_game():
    return _new_form(_values({}), {})


@bp.post("/solo/new")
def create_game():
    started, chance, errors = parse_new_game(request.form, digital_deck_available())
    if errors:
        return _new_form(_values(request.form), errors, 422)
    settings = {"solo": dict(chance), "start": request.form.get("start", "random")}
    try:
        game_id, tokens = create_hosted_game(started, settings=settings)
    except Refusal as refusal:
        return _new_form(_values(request.form), {"game": refusal.message}, 422)
    keep_tokens(game_id, tokens)  # for the "continue on another device" link
    store = get_store()
    meta = dict(store.game(game_id).meta)
    meta[dice.META_KEY] = {"seed": dice.new_seed(), **chance}
    store.update_game_meta(game_id, meta)
    # One phone plays the whole table: it may correct mistakes (host) and acts as seat 0.
    grant(game_id, Identity("host"))
    grant(game_id, Identity("seat", 0))
    return redirect(url_for("solo.page", game_id=game_id), code=303)


# -- the solo page ----------------------------------------------------------------------------


def _solo_player(game_id: str):
    me = require_seat(game_id)
    if me.seat != 0:
        abort(403, description="This is the solo player's screen (seat 0).")
    state = get_table().state(game_id)
    if not is_solo(state):
        abort(404, description="This game is not a solo game against Wolfgang.")
    return me, state


def seat_panel_url(game_id: str) -> str | None:
    """The seat phone's own-turn panel, once that screen exists in this app."""
    path = SEAT_PANEL.format(game_id=game_id)
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except (NotFound, MethodNotAllowed):
        return None
    return path


def context(game_id: str, *, refusal=None, sent=None) -> dict:
    table = get_table()
    seq = table.seq(game_id)  # before the state: a newer state only refreshes again
    state = table.state(game_id)
    record_ = get_store().game(game_id)
    chance = dice.chance_of(record_.meta if record_ else {})
    try:
        known = learned().catalog()
    except CatalogError:
        from companion.rules import BUILTIN

        known = BUILTIN
    ctx = solo_screen.build(state, known, chance, refusal=refusal, sent=sent)
    ctx.update(
        game_id=game_id,
        seq=seq,
        new_id=lambda: uuid.uuid4().hex,
        seat_panel=seat_panel_url(game_id),
        events_url=url_for("recording.post_event", game_id=game_id),
        live_url=url_for("solo.panel", game_id=game_id),
    )
    return ctx


def render(game_id, me, refusal=None, sent=None, recorded=None):
    """The live fragment, answering a post made from it (registered as view "solo")."""
    if me.seat != 0:
        abort(403, description="This is the solo player's screen (seat 0).")
    if not is_solo(get_table().state(game_id)):
        abort(404, description="This game is not a solo game against Wolfgang.")
    return render_block("solo/page.html", "live", **context(game_id, refusal=refusal, sent=sent))


register_view(VIEW, render)


keep_out_of_caches(bp)


@bp.get("/games/<game_id>/solo")
def page(game_id):
    _solo_player(game_id)
    tokens = kept_tokens(game_id)
    come_back = public_join_url(game_id, tokens.seats[0]) if tokens else None
    return render_template("solo/page.html", **context(game_id), come_back_url=come_back)


@bp.get("/games/<game_id>/solo/panel")
def panel(game_id):
    _solo_player(game_id)
    return render_block("solo/page.html", "live", **context(game_id))


# -- posts that need the server first -----------------------------------------------------------


def _record(me, game_id, event: dict):
    """(recorded, refusal) for `event`, stored under the event id the button was drawn with."""
    event_id = request.form.get("event_id") or None
    if event_id is not None and not EVENT_ID.match(event_id):
        abort(400, description="That button's event id is malformed: reload the page.")
    return record(game_id, event, authorise(me, event), event_id)


def _respond(game_id, me, recorded, refusal):
    if refusal is not None:
        return render(game_id, me, refusal=refusal, sent=request.form), 422
    return render(game_id, me, recorded=recorded, sent=request.form)


def _answer(game_id, me, event: dict):
    """Record `event` and answer with the fragment (the refusal inline, 422)."""
    return _respond(game_id, me, *_record(me, game_id, event))


def _refuse(game_id, me, message: str, code: str = "bad_event"):
    return render(game_id, me, refusal=Refusal(code, message), sent=request.form), 422


def _chance(game_id) -> dict:
    return dice.chance_of(get_store().game(game_id).meta)


@bp.post("/games/<game_id>/solo/draw")
def draw(game_id):
    """The digital Automa deck: the next card of this game's shuffle."""
    me, state = _solo_player(game_id)
    chance = _chance(game_id)
    cards = learned().catalog().automa_cards
    if chance["deck"] != "app" or not chance["seed"] or not dice.complete_deck(cards):
        return _refuse(
            game_id,
            me,
            "This game draws the physical Automa cards: type the number of the card you drew",
        )
    number = dice.next_automa_card(chance["seed"], cards, solo_of(state).drawn, state.round)
    if number is None:
        return _refuse(game_id, me, "The digital Automa deck has no card left for this round")
    return _answer(game_id, me, {"type": "automa_card_drawn", "card": number})


@bp.post("/games/<game_id>/solo/roll")
def roll(game_id):
    """The app's die: the n-th app roll of this game always shows the same face."""
    me, _state = _solo_player(game_id)
    chance = _chance(game_id)
    if chance["die"] != "app" or not chance["seed"]:
        return _refuse(game_id, me, "This game uses the physical die: tap the number it shows")
    rolled = sum(
        1
        for e in get_table().events(game_id)
        if e.type == "die_rolled" and e.payload.get("source") == "app"
    )
    value = dice.die_value(chance["seed"], rolled)
    return _answer(game_id, me, {"type": "die_rolled", "value": value, "source": "app"})


@bp.post("/games/<game_id>/solo/tie")
def tie(game_id):
    """ "Choose a card at random from the tied cards": Palazzo picks, and the pick is recorded."""
    me, state = _solo_player(game_id)
    need = solo_of(state).need
    if need.get("step") != "tie":
        return _refuse(game_id, me, "Wolfgang has no tie to break now", "not_expected_now")
    return _answer(
        game_id, me, {"type": "automa_tie_broken", "card": secrets.choice(need["cards"])}
    )


def _int(form, key, low, high) -> int | None:
    value = str(form.get(key, "")).strip()
    if not re.fullmatch(r"\d{1,3}", value) or not low <= int(value) <= high:
        return None
    return int(value)


def automa_panels_from_form(form) -> dict:
    """The catalog's Automa card format from the transcription form; empty slots are skipped.
    A 5-player modifier "same" means the card shows one value, which "applies to both the 4-
    and 5-player game": it is sent as `mod`, the format's word for that."""
    auction = []
    for i in range(solo_screen.TOP_PANEL_SLOTS):
        obj = str(form.get(f"object_{i}", "")).strip()
        if not obj:
            continue
        mods: dict = {}
        for key in ("mod4", "mod5"):
            raw = str(form.get(f"{key}_{i}", "")).strip()
            if key == "mod5" and raw in ("", "same"):
                mods = {"mod": mods["mod4"]}
            elif raw in ("", "none"):
                mods[key] = None
            elif raw.isdigit() and len(raw) <= 2:
                mods[key] = int(raw)
            else:
                raise CatalogError(f"A die modifier is a number from 0 to 12, not {raw[:10]!r}")
        auction.append({"object": obj, **mods})
    panels = {"rounds": str(form.get("rounds", "")), "auction": auction}
    for key, prefix in (("first_action", "first"), ("second_action", "second")):
        panels[key] = [
            a
            for a in (
                str(form.get(f"{prefix}_{i}", "")).strip() for i in range(solo_screen.ACTION_SLOTS)
            )
            if a
        ]
    return panels


@bp.post("/games/<game_id>/solo/automa-card")
def teach_automa_card(game_id):
    """An Automa card the installation does not know: transcribed once, recorded with its panels
    (so the log replays anywhere) and kept in the installation's catalog for later games."""
    me, _state = _solo_player(game_id)
    number = _int(request.form, "card", 1, 99)
    if number is None:
        return _refuse(game_id, me, "Type the number printed on the Automa card (1 to 99)")
    try:
        panels = automa_card_from_dict(str(number), automa_panels_from_form(request.form))
    except CatalogError as e:
        return _refuse(game_id, me, str(e), "bad_catalog_entry")
    recorded, refusal = _record(
        me, game_id, {"type": "automa_card_drawn", "card": number, "panels": panels}
    )
    if refusal is None:  # kept only once the game accepted it (right round, unused)
        try:
            learned().teach({"automa_cards": {str(number): panels}})
        except (CatalogError, OSError):
            current_app.logger.warning("solo: could not keep Automa card %s", number, exc_info=True)
    return _respond(game_id, me, recorded, refusal)


def _profession_from_form(form, known: dict) -> tuple[str | None, str | None]:
    """(profession id, or None and why) for a card typed in: name + Building, Landscape,
    Freedom. Taught to the installation unless a card of that name is already known."""
    name = re.sub(r"\s+", " ", str(form.get("name", ""))).strip()
    building, landscape, freedom = (
        str(form.get(k, "")) for k in ("building", "landscape", "freedom")
    )
    if not name or len(name) > 40 or not name.isprintable():
        return None, "Type the card's name (1 to 40 characters)"
    if building not in BUILDINGS or landscape not in LANDSCAPES or freedom not in FREEDOMS:
        return None, "Tap the card's Building, Landscape and Freedom"
    pid = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:40]
    if not pid:
        return None, "Type the card's name in letters"
    same = next(
        (p for p, card in known.items() if p == pid or card.name.casefold() == name.casefold()),
        None,
    )
    if same is not None:
        card = known[same]
        if (card.building, card.landscape, card.freedom) != (building, landscape, freedom):
            return None, (
                f"Palazzo already knows a card called {card.name} with other "
                "preferences: pick it from the list"
            )
        return same, None
    try:
        learned().teach_profession(pid, building, landscape, freedom, name=name)
    except (CatalogError, OSError) as e:
        return None, str(e)
    return pid, None


@bp.post("/games/<game_id>/solo/profession")
def profession(game_id):
    """Which Profession a flipped card shows (Wolfgang's row or a dummy column), picked from the
    list or taught; without an owner, teaching only (for your starting hand)."""
    me, state = _solo_player(game_id)
    form = request.form
    pid = str(form.get("profession", "")).strip()
    if form.get("teach"):
        try:
            known = solo_screen.known_professions(state, learned().catalog())
        except CatalogError as e:
            return _refuse(game_id, me, str(e), "bad_catalog_entry")
        pid, why = _profession_from_form(form, known)
        if pid is None:
            return _refuse(game_id, me, why, "bad_catalog_entry")
    owner_raw = str(form.get("owner", "")).strip()
    if not owner_raw:
        if form.get("teach"):
            return render(game_id, me, sent=form)
        return _refuse(game_id, me, "Say whose card it is")
    if owner_raw == "wolfgang":
        owner = "wolfgang"
    elif owner_raw.isdigit() and len(owner_raw) == 1:
        owner = int(owner_raw)
    else:
        return _refuse(game_id, me, "Whose card is it: Wolfgang's or a dummy column's?")
    if not pid:
        return _refuse(game_id, me, "Choose the Profession the card shows")
    return _answer(
        game_id, me, {"type": "automa_profession_revealed", "profession": pid[:60], "owner": owner}
    )


@bp.post("/games/<game_id>/solo/landscape")
def landscape(game_id):
    """Your bought Landscape: the squares it covers (grid), or its size if nobody has told
    Palazzo yet (no grid; kept for later games)."""
    me, state = _solo_player(game_id)
    form = request.form
    kind = str(form.get("landscape", ""))
    if kind not in LANDSCAPES:
        return _refuse(game_id, me, "Which Landscape: Forest, Lake or Park?")
    event = {"type": "landscape_placed", "player": 0, "landscape": kind}
    if state.grid:
        cells = []
        for value in form.getlist("cell"):
            m = re.fullmatch(r"(\d)-(\d)", value)
            if not m:
                return _refuse(game_id, me, "Tap the squares your Landscape covers")
            cells.append([int(m.group(1)), int(m.group(2))])
        if not cells:
            return _refuse(
                game_id, me, f"Tap the squares your {kind.title()} covers", "cells_required"
            )
        event["cells"] = cells
        recorded, refusal = _record(me, game_id, event)
        if refusal is None:
            _keep_size(kind, len(cells))
        return _respond(game_id, me, recorded, refusal)
    size = _int(form, "size", 1, 12)
    if size is None and not state.catalog.landscape_cells.get(kind):
        return _refuse(
            game_id,
            me,
            f"How many squares does a {kind.title()} cover? (1 to 12)",
            "landscape_size_unknown",
        )
    if size is not None and not state.catalog.landscape_cells.get(kind):
        _keep_size(kind, size)
    return _answer(game_id, me, event)


def _keep_size(kind: str, size: int):
    try:
        if not learned().catalog().landscape_cells.get(kind):
            learned().teach_landscape(kind, size)
    except (CatalogError, OSError):
        current_app.logger.warning("solo: could not keep the %s size", kind, exc_info=True)


@bp.post("/games/<game_id>/solo/recruit")
def recruit(game_id):
    """Recruit a face-up card from a dummy column (the engine's `from_dummy` is a number)."""
    me, _state = _solo_player(game_id)
    column = _int(request.form, "from_dummy", 0, 2)
    if column is None:
        return _refuse(game_id, me, "Which dummy column?")
    pid = str(request.form.get("profession", "")).strip()[:60]
    return _answer(
        game_id,
        me,
        {"type": "recruiting_card_used", "player": 0, "from_dummy": column, "profession": pid},
    )


__all__ = ["bp", "render", "parse_new_game", "automa_panels_from_form"]
