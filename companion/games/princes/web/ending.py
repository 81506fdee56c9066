"""The end of the game: the scoring, fame round by round, the log, and the BG Stats link.

Everything private is revealed at the end (the rules score the Prestige cards and break ties
on money), so this page shows what the table screen never does, and only once the game is over.
The log holds every hand from the start: the host may download it any time (the host's device
records for any seat anyway), everyone else once the game is over.
"""

from __future__ import annotations

from flask import Blueprint, render_template

from companion.core.lang import _
from companion.core.lang import current as current_language
from companion.games.princes import bgstats
from companion.games.princes.rules import cooperation_in_game, cooperative_buildings
from companion.games.princes.rules.catalog import ROUNDS
from companion.games.princes.screens import characters
from companion.games.princes.screens.drawings import fame_chart, seat_colour
from companion.games.princes.words import building_name, prestige_name
from companion.games.princes.words.scoring import breakdown, pp_over_rounds, sheet_rows
from companion.web.for_games import current_replay, require_viewer

bp = Blueprint("ending", __name__)


def _scoring(replay) -> list[dict]:
    rows = breakdown(replay)
    for r in rows:
        r["colour"] = seat_colour(r["seat"])
        r["cards"] = [(prestige_name(c), pts) for c, pts in r["prestige_cards"].items()]
    return rows


def _shared(state) -> list[str]:
    """The cooperative Buildings, each counted in both Principalities by the scoring."""
    if not cooperation_in_game(state):
        return []
    names = [p.name for p in state.players]
    return [
        _(
            "%(building)s: %(builder)s and %(partner)s",
            building=building_name(b["building"]),
            builder=names[b["builder"]],
            partner=names[b["partner"]],
        )
        for b in cooperative_buildings(state)
    ]


def bgstats_link(game_id: str, rows: list[dict], replay) -> str | None:
    if replay.state.final is None or not replay.facts:
        return None
    first, last = replay.facts[0], replay.facts[-1]
    started = first.event.get("start_player", 0) if first.type == "game_started" else 0
    payload = bgstats.play(
        rows,
        play_id=game_id,
        started=first.at,
        ended=last.at,
        start_player=started if isinstance(started, int) else 0,
    )
    return bgstats.push_url(payload)


@bp.get("/games/<game_id>/end")
def page(game_id: str):
    me = require_viewer(game_id)
    replay = current_replay(game_id)
    state = replay.state
    context = {
        "game_id": game_id,
        "me": me,
        "over": state.phase == "over",
        "seq": replay.seq,
        "round": state.round,
        "rounds": ROUNDS,
    }
    if context["over"]:
        # the scoring walks the whole story: worked out once per seq and language, then
        # shared by everyone who opens the page (a finished game's seq stays put)
        context.update(replay.kept(("end", current_language()), lambda: _ended(game_id, replay)))
    return render_template("princes/table/end.html", **context)


def _ended(game_id: str, replay) -> dict:
    ended = final_scores(replay)
    return {**ended, "bgstats_url": bgstats_link(game_id, ended["scoring"], replay)}


def final_scores(replay) -> dict:
    """What the end shows everyone once the game is over (templates/princes/table/_final.html):
    the winners, the score sheet, the Prestige cards, fame round by round. The end page and
    the table screen (a TV at game end) show the same, from here."""
    state = replay.state
    rows = _scoring(replay)
    series = pp_over_rounds(replay)
    return {
        "scoring": rows,
        "sheet": sheet_rows(rows),
        "chart": fame_chart(series, ROUNDS),
        "legend": [
            {"name": x["name"], "seat": x["seat"], "colour": seat_colour(x["seat"])} for x in series
        ],
        "winners": [state.players[w].name for w in state.final.get("winners", [])],
        "shared": _shared(state),
        "brought": characters.brought(state),
    }
