"""Solo play against Wolfgang on one phone: the form that starts the game, and the page that
walks the player through every physical step in the engine's words.

The player holds both the host role and seat 0; Wolfgang (seat 1) never acts by event. Most
buttons post to the one recording route (view "solo"). A few need the server to do something
first, and post here: the app's die and digital Automa deck (seeded per game, `dice.py`), the
random pick among cards Wolfgang values equally, transcribing an Automa card or a Profession card
the installation does not know yet (kept in `LearnedCatalog` for later games), placing a
Landscape from ticked squares, and the fields the recording route reads as text but the engine
wants as numbers (a dummy column's number). Ticking off a step of the checklist and changing
who rolls the die are ordinary events posted to the recording route.
"""

from __future__ import annotations

import re
import secrets
import uuid
from dataclasses import replace

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import MethodNotAllowed, NotFound

from companion.core.lang import N_, _, words
from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules import (
    BUILTIN,
    CORRECTABLE,
    MISREAD_CORRECTED,
    Named,
    Refusal,
    as_on_table,
    is_solo,
    solo_of,
    table_changes,
)
from companion.games.princes.rules.catalog import (
    AUTOMA_DECK,
    GRID_SIZE,
    LANDSCAPES,
    OBJECT_NAMES,
    SOLO_DUMMIES,
    WOLFGANG,
    WOLFGANG_STARTING_MONEY,
    CatalogError,
)
from companion.games.princes.screens import dice
from companion.games.princes.screens import solo as solo_screen
from companion.games.princes.teaching import (
    TeachError,
    deck_problems,
    match_known,
    needs_teaching,
    read_automa_card,
    read_profession,
)
from companion.games.princes.web.recording import authorise
from companion.web.for_games import (
    Identity,
    check_event_id,
    get_store,
    get_table,
    grant,
    host_game,
    keep_out_of_caches,
    kept_tokens,
    name_refusal,
    public_join_url,
    record,
    refusal_message,
    require_seat,
    typed_name,
)

bp = Blueprint("solo", __name__)

VIEW = "solo"
STARTS = ("random", "me", "wolfgang")
MODES = ("table", "app")
ON = ("on", "1", "true", "yes")
SEAT_PANEL = "/games/{game_id}/me/panel"


def learned() -> LearnedCatalog:
    return LearnedCatalog(current_app.instance_path)


def effective_events(events) -> list:
    """The stored events that still count: retracted ones are folded away, and a misread
    fact carries the value it was corrected to (ruling 33)."""
    out: list = []
    for e in events:
        if e.type == "retracted":
            drop = {s for s in e.payload.get("seqs", []) if isinstance(s, int)}
            out = [x for x in out if x.seq not in drop]
        elif e.type == MISREAD_CORRECTED:
            fixes = e.payload.get("fixes")
            out = [
                replace(x, payload={**x.payload, CORRECTABLE[x.type]: e.payload.get("value")})
                if x.seq == fixes and x.type in CORRECTABLE
                else x
                for x in out
            ]
        else:
            out.append(e)
    return out


def known_catalog():
    """What this installation knows, or the built-in catalog if its file cannot be read."""
    try:
        return learned().catalog()
    except CatalogError:
        return BUILTIN


def digital_deck_available() -> bool:
    try:
        return dice.complete_deck(learned().catalog().automa_cards)
    except CatalogError:
        return False


# -- the new-game form ------------------------------------------------------------------------


def parse_new_game(form, deck_offered: bool) -> tuple[dict | None, dict, dict]:
    """(game_started fields or None, chance settings, errors by field)."""
    errors: dict[str, str] = {}
    name = typed_name(form.get("name", ""))
    refused = name_refusal(name)
    if refused:
        errors["name"] = refused
    elif name.casefold() == WOLFGANG.casefold():
        errors["name"] = _("%(name)s is the Automa's name: choose another one", name=WOLFGANG)
    difficulty = str(form.get("difficulty", ""))
    if difficulty not in WOLFGANG_STARTING_MONEY:
        errors["difficulty"] = _("Choose Wolfgang's difficulty: easy, standard or hard")
    dummies = str(form.get("dummies", ""))
    if not dummies.isdigit() or int(dummies) not in SOLO_DUMMIES:
        errors["dummies"] = _("Play with 2 or 3 dummy players")
    start = str(form.get("start", "random"))
    if start not in STARTS:
        errors["start"] = _("Choose who starts: random, you or Wolfgang")
    grid = str(form.get("grid", "")).lower()
    if grid and grid not in ON + ("off", "0", "false", "no"):
        errors["grid"] = _("The grid is on or off")
    die = str(form.get("die", "table"))
    if die not in MODES:
        errors["die"] = _("Choose who rolls the die: you, or Palazzo")
    deck = str(form.get("deck", "table"))
    if deck not in MODES:
        errors["deck"] = _("Choose who draws the Automa cards: you, or Palazzo")
    elif deck == "app" and not deck_offered:
        errors["deck"] = _(
            "Palazzo can only shuffle the Automa deck once it knows all %(deck)s cards: "
            "draw the physical cards (each new card is transcribed once)",
            deck=AUTOMA_DECK,
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
        "princes/solo/new.html",
        values=values,
        errors=errors,
        deck_offered=digital_deck_available(),
        difficulties=WOLFGANG_STARTING_MONEY,
        deck_size=AUTOMA_DECK,
        grid_size=GRID_SIZE,
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
        # its join links kept for the "continue on another device" link
        game_id = host_game(started, settings=settings)
    except Refusal as refusal:
        return _new_form(_values(request.form), {"game": refusal_message(refusal)}, 422)
    seeded = {"seed": dice.new_seed(), **chance}
    get_store().update_meta(game_id, dice.META_KEY, lambda _old: seeded)
    # One phone plays the whole table: it corrects mistakes (host) and acts as seat 0.
    grant(game_id, Identity("seat", 0))
    return redirect(url_for("solo.page", game_id=game_id), code=303)


# -- the solo page ----------------------------------------------------------------------------


def _solo_player(game_id: str):
    me = require_seat(game_id)
    if me.seat != 0:
        abort(403, description=_("This is the solo player's screen."))
    state = get_table().state(game_id)
    if not is_solo(state):
        abort(404, description=_("This game is not a solo game against Wolfgang."))
    return me, state


def seat_panel_url(game_id: str) -> str | None:
    """The seat phone's own-turn panel, once that screen exists in this app."""
    path = SEAT_PANEL.format(game_id=game_id)
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except (NotFound, MethodNotAllowed):
        return None
    return path


def game_chance(meta: dict | None, state) -> dict:
    """The game's chance settings: the seed and the deck as set up; the die as the log says
    now (`die_mode_changed`), else as set up."""
    chance = dice.chance_of(meta)
    if is_solo(state) and solo_of(state).die:
        chance["die"] = solo_of(state).die
    return chance


def context(game_id: str, *, refusal=None, sent=None, fixed=None) -> dict:
    table = get_table()
    seq = table.seq(game_id)  # before the state: a newer state only refreshes again
    state = table.state(game_id)
    record_ = get_store().game(game_id)
    meta = record_.meta if record_ else {}
    chance = game_chance(meta, state)
    known = known_catalog()
    counting = effective_events(table.events(game_id))
    ctx = solo_screen.build(
        state,
        known,
        chance,
        refusal=refusal,
        sent=sent,
        events=counting,
        fixed=fixed,
        drawn_start=(meta.get("settings") or {}).get("start") == "random",
    )
    ctx.update(
        game_id=game_id,
        seq=seq,
        new_id=lambda: uuid.uuid4().hex,
        seat_panel=seat_panel_url(game_id),
        events_url=url_for("recording.post_event", game_id=game_id),
        live_url=url_for("solo.panel", game_id=game_id),
    )
    return ctx


def render(game_id, me, refusal=None, sent=None, recorded=None, fixed=None):
    """The live fragment, answering a post made from it (registered as view "solo")."""
    if me.seat != 0:
        abort(403, description=_("This is the solo player's screen."))
    if not is_solo(get_table().state(game_id)):
        abort(404, description=_("This game is not a solo game against Wolfgang."))
    return render_block(
        "princes/solo/page.html",
        "live",
        **context(game_id, refusal=refusal, sent=sent, fixed=fixed),
    )


VIEWS = {VIEW: render}  # the recording route's answer to a post from the solo page


keep_out_of_caches(bp)


@bp.get("/games/<game_id>/solo")
def page(game_id):
    _solo_player(game_id)
    tokens = kept_tokens(game_id)
    come_back = public_join_url(game_id, tokens.seats[0]) if tokens else None
    return render_template("princes/solo/page.html", **context(game_id), come_back_url=come_back)


@bp.get("/games/<game_id>/solo/panel")
def panel(game_id):
    _solo_player(game_id)
    return render_block("princes/solo/page.html", "live", **context(game_id))


# -- posts that need the server first -----------------------------------------------------------


def _record(me, game_id, event: dict, teach=()):
    """(recorded, refusal) for `event`, stored under the event id the button was drawn with;
    `teach`: what the move needs taught first (kept only if the move is accepted)."""
    event_id = request.form.get("event_id") or None
    check_event_id(event_id)
    return record(game_id, event, authorise(me, event), event_id, teach=teach)


def _respond(game_id, me, recorded, refusal):
    if refusal is not None:
        return render(game_id, me, refusal=refusal, sent=request.form), 422
    return render(game_id, me, recorded=recorded, sent=request.form)


def _answer(game_id, me, event: dict, teach=()):
    """Record `event` and answer with the fragment (the refusal inline, 422)."""
    return _respond(game_id, me, *_record(me, game_id, event, teach))


def _refuse(game_id, me, message: str, code: str = "bad_event", **params):
    """Answer with the fragment and `message` (marked with `N_`, translated at the edge like an
    engine refusal: `refusal_message`)."""
    refusal = Refusal(code, message, **params)
    return render(game_id, me, refusal=refusal, sent=request.form), 422


def _chance(game_id) -> dict:
    return game_chance(get_store().game(game_id).meta, get_table().state(game_id))


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
            N_("This game draws the physical Automa cards: type the number of the card you drew"),
        )
    number = dice.next_automa_card(chance["seed"], cards, solo_of(state).drawn, state.round)
    if number is None:
        return _refuse(game_id, me, N_("The digital Automa deck has no card left for this round"))
    return _answer(game_id, me, {"type": "automa_card_drawn", "card": number, "source": "app"})


@bp.post("/games/<game_id>/solo/deck")
def deck_mode(game_id):
    """Palazzo draws the Automa deck from now on: once it knows all 21 cards, and only before
    the first card is drawn (the physical deck is then put away)."""
    me, state = _solo_player(game_id)
    store = get_store()
    meta = dict(store.game(game_id).meta)
    chance = dice.chance_of(meta)
    if solo_of(state).drawn:
        return _refuse(
            game_id, me, N_("The first Automa card is drawn: keep drawing the real deck")
        )
    if not digital_deck_available():
        return _refuse(
            game_id,
            me,
            N_("Palazzo can draw the Automa deck once it knows all %(deck)s cards"),
            deck=AUTOMA_DECK,
        )
    seed = chance["seed"] or dice.new_seed()
    store.update_meta(
        game_id, dice.META_KEY, lambda old: {**(old or {}), "seed": seed, "deck": "app"}
    )
    return render(game_id, me)


@bp.post("/games/<game_id>/solo/roll")
def roll(game_id):
    """The app's die: the n-th app roll of this game always shows the same face."""
    me, _state = _solo_player(game_id)
    chance = _chance(game_id)
    if chance["die"] != "app" or not chance["seed"]:
        return _refuse(game_id, me, N_("This game uses the physical die: tap the number it shows"))
    rolled = sum(
        1
        for e in get_table().events(game_id)
        if e.type == "die_rolled" and e.payload.get("source") == "app"
    )
    value = dice.die_value(chance["seed"], rolled)
    return _answer(game_id, me, {"type": "die_rolled", "value": value, "source": "app"})


@bp.post("/games/<game_id>/solo/misread")
def misread(game_id):
    """Fix a misread (ruling 33): the value actually on the table replaces what was typed, the
    game after it is worked out again, and the page lists what must move on the table."""
    me, before = _solo_player(game_id)
    seq = _int(request.form, "fixes", 1, 10**7)
    table = get_table()
    counting = effective_events(table.events(game_id))
    entry = next(
        (
            m
            for m in solo_screen.misreads(counting, before, known_catalog(), _chance(game_id))
            if m["seq"] == seq
        ),
        None,
    )
    if entry is None:
        return _refuse(
            game_id,
            me,
            N_("That entry cannot be fixed here: only a recent die or card from the table can"),
            "not_a_misread",
        )
    raw = str(request.form.get("value", "")).strip()
    if entry["number"]:
        value = _int(request.form, "value", 1, 99)
        if value is None:
            return _refuse(game_id, me, N_("Type the number actually on the table"))
    else:
        value = raw
    recorded, refusal = _record(
        me, game_id, {"type": MISREAD_CORRECTED, "fixes": seq, "value": value}
    )
    if refusal is not None:
        return _respond(game_id, me, recorded, refusal)
    # Told against the table as it is: a step not ticked off yet is still on the checklist,
    # rewritten by the fix, so only what the table already made is told here.
    changes = table_changes(as_on_table(before), as_on_table(table.state(game_id)), seat=0)
    shows, sentence = entry["shows"], entry["fixed"]
    fixed = {
        "label": _(sentence, value=shows(value), old=shows(entry["value"])),
        "changes": [words(c) for c in changes],
    }
    return render(game_id, me, recorded=recorded, fixed=fixed)


@bp.post("/games/<game_id>/solo/tie")
def tie(game_id):
    """ "Choose a card at random from the tied cards": Palazzo picks, and the pick is recorded."""
    me, state = _solo_player(game_id)
    need = solo_of(state).need
    if need.get("step") != "tie":
        return _refuse(game_id, me, N_("Wolfgang has no tie to break now"), "not_expected_now")
    return _answer(
        game_id, me, {"type": "automa_tie_broken", "card": secrets.choice(need["cards"])}
    )


def _int(form, key, low, high) -> int | None:
    value = str(form.get(key, "")).strip()
    if not re.fullmatch(r"\d{1,3}", value) or not low <= int(value) <= high:
        return None
    return int(value)


@bp.post("/games/<game_id>/solo/automa-card")
def teach_automa_card(game_id):
    """An Automa card the installation does not know: transcribed once with the one editor,
    recorded with its panels (so the log replays anywhere) and kept in the installation's
    catalog once the game accepted it (right round, unused, the deck's counts by back)."""
    me, _state = _solo_player(game_id)
    try:
        known = learned().catalog().automa_cards
        number, panels = read_automa_card(request.form)
        problems = [] if number in known else deck_problems(known, adding=(number, panels))
        if problems:
            raise TeachError(problems[0])
    except CatalogError as e:
        return _refuse(game_id, me, e.template, "bad_catalog_entry", **e.params)
    return _answer(
        game_id, me, {"type": "automa_card_drawn", "card": int(number), "panels": panels}
    )


@bp.post("/games/<game_id>/solo/profession")
def profession(game_id):
    """Which Profession a flipped card shows (Wolfgang's row or a dummy column), picked from the
    list or taught; without an owner, teaching only (for your starting hand). A taught card is
    recorded with the move and kept in the installation only if the move is accepted."""
    me, state = _solo_player(game_id)
    form = request.form
    pid = str(form.get("profession", "")).strip()
    teach = []
    if form.get("teach"):
        try:
            installed = learned().catalog()
            # a new name with a known card's three wishes: "is this the Sculpteur?" first
            card, named = match_known(read_profession(form), form, state.catalog, installed)
            if named or needs_teaching(card, state.catalog, installed):
                teach = [card.event()]
        except CatalogError as e:  # "is this the Sculpteur?" too: the teach form asks it
            return _refuse(game_id, me, e.template, "bad_catalog_entry", **e.params)
        pid = card.pid
    owner_raw = str(form.get("owner", "")).strip()
    if not owner_raw:
        if teach:
            return _answer(game_id, me, teach[0])
        if form.get("teach"):
            return render(game_id, me, sent=form)
        return _refuse(game_id, me, N_("Say whose card it is"))
    if owner_raw == "wolfgang":
        owner = "wolfgang"
    elif owner_raw.isdigit() and len(owner_raw) == 1:
        owner = int(owner_raw)
    else:
        return _refuse(game_id, me, N_("Whose card is it: Wolfgang's or a dummy column's?"))
    if not pid:
        return _refuse(game_id, me, N_("Choose the Profession the card shows"))
    return _answer(
        game_id,
        me,
        {"type": "automa_profession_revealed", "profession": pid[:60], "owner": owner},
        teach,
    )


@bp.post("/games/<game_id>/solo/landscape")
def landscape(game_id):
    """Your bought Landscape: the squares it covers (grid), or its size if nobody has told
    Palazzo yet (no grid; kept for later games)."""
    me, state = _solo_player(game_id)
    form = request.form
    kind = str(form.get("landscape", ""))
    if kind not in LANDSCAPES:
        return _refuse(game_id, me, N_("Which Landscape: Forest, Lake or Park?"))
    event = {"type": "landscape_placed", "player": 0, "landscape": kind}
    if state.grid:
        cells = []
        for value in form.getlist("cell"):
            m = re.fullmatch(r"(\d)-(\d)", value)
            if not m:
                return _refuse(game_id, me, N_("Tap the squares your Landscape covers"))
            cells.append([int(m.group(1)), int(m.group(2))])
        if not cells:
            return _refuse(
                game_id,
                me,
                N_("Tap the squares your %(landscape)s covers"),
                "cells_required",
                landscape=Named("objects", kind, OBJECT_NAMES[kind]),
            )
        event["cells"] = cells  # the grid's first tile of a kind teaches its size
        return _answer(game_id, me, event)
    size = _int(form, "size", 1, 12)
    if size is None and not state.catalog.landscape_cells.get(kind):
        return _refuse(
            game_id,
            me,
            N_("How many squares does a %(landscape)s cover? (1 to 12)"),
            "landscape_size_unknown",
            landscape=Named("objects", kind, OBJECT_NAMES[kind]),
        )
    teach = []
    if size is not None and not state.catalog.landscape_cells.get(kind):
        teach = [{"type": "landscape_taught", "landscape": kind, "cells": size}]
    return _answer(game_id, me, event, teach)


@bp.post("/games/<game_id>/solo/recruit")
def recruit(game_id):
    """Recruit a face-up card from a dummy column (the engine's `from_dummy` is a number)."""
    me, _state = _solo_player(game_id)
    column = _int(request.form, "from_dummy", 0, 2)
    if column is None:
        return _refuse(game_id, me, N_("Which dummy column?"))
    pid = str(request.form.get("profession", "")).strip()[:60]
    return _answer(
        game_id,
        me,
        {"type": "recruiting_card_used", "player": 0, "from_dummy": column, "profession": pid},
    )


__all__ = ["bp", "render", "parse_new_game"]
