"""The Princes' web: thin routes over the screens, and what the platform asks of them (`WEB`,
the `GameWeb` of companion/core/game.py): its blueprints, where a join link or a browser's own
screen leads, and the home page's line of a game."""

from __future__ import annotations

from flask import Blueprint, url_for

from companion.core.game import GameWeb
from companion.core.lang import N_, _
from companion.web.for_games import Access, Identity, get_table, grant

from ..rules import GameState, is_solo
from ..screens.drawings import seat_line, seat_mark
from ..teaching import FIRST_TIME_QUESTIONS, choices
from . import catalog, counting, ending, history, hosting, recording, seat, solo, table, undo
from .clock import told_time
from .fields import event_fields, form_attrs

# What every Princes template may use, given to the app by this routeless blueprint.
templates = Blueprint("princes", __name__)
templates.add_app_template_global(seat_mark, "seat_mark")
templates.add_app_template_global(seat_line, "seat_line")
templates.add_app_template_global(FIRST_TIME_QUESTIONS, "first_time_questions")
templates.add_app_template_global(event_fields, "event_fields")
templates.add_app_template_global(form_attrs, "form_attrs")
templates.add_app_template_filter(told_time, "told_time")


class _TeachChoices:
    """The teach fields' choices (`teaching.choices`), named in this request's language, worked
    out when a template first reads one: every template rendered gets them, and most (each
    phone's panel at every move, the board) never read them."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict | None = None

    def __getattr__(self, name: str):
        if self._found is None:
            self._found = choices()
        try:
            return self._found[name]
        except KeyError:
            raise AttributeError(name) from None


@templates.app_context_processor
def _teach_choices() -> dict:
    return {"teach_choices": _TeachChoices()}


SCREENS = {
    "me": "seat.phone",
    "host": "hosting.page",
    "table": "tablescreen.page",
    "history": "history.page",
}


def own_screen(game_id: str, me: Access, state: GameState | None = None) -> str:
    """A seat's phone, else the host's page, else the table; the solo player's page plays the
    whole table."""
    if me.seat is not None or me.host:
        state = get_table().state(game_id) if state is None else state
        if is_solo(state):
            return url_for("solo.page", game_id=game_id)
    if me.seat is not None:
        return url_for(SCREENS["me"], game_id=game_id)
    return url_for(SCREENS["host" if me.host else "table"], game_id=game_id)


def joined(game_id: str, me: Access) -> str:
    """Where a join link leads: the solo player's phone plays the whole table, so it is the
    host too."""
    if me.seat == 0 and is_solo(get_table().state(game_id)):
        me = grant(game_id, Identity("host"))
    return own_screen(game_id, me)


def listing(state: GameState) -> dict:
    """The home page's line of a game: who plays and how far it is (in solo play, the
    player's phone is the host's too)."""
    names = [p.name for p in state.players]
    solo = is_solo(state)
    if state.phase == "over":
        status = _("game over")
    elif state.phase == "setup":
        status = _("choosing starting hands")
    else:
        status = _("round %(round)s", round=state.round)
    return {
        "names": names if not solo else [names[0], "Wolfgang"],
        "status": status,
        "over": state.phase == "over",
        "one_phone": solo,
    }


WEB = GameWeb(
    blueprints=(
        templates,
        recording.bp,
        solo.bp,
        seat.bp,
        hosting.bp,
        table.bp,
        ending.bp,
        catalog.bp,
        counting.bp,
    ),
    screens=SCREENS,
    own_screen=own_screen,
    joined=joined,
    listing=listing,
    starts=(
        ("hosting.form", N_("Host a game"), True),
        ("solo.new_game", N_("Play solo against Wolfgang"), False),
    ),
    table_screens=frozenset({"tablescreen"}),
    pushed={**table.PUSHED, **seat.PUSHED},
    guide="princes/guide.html",
    history=history.HISTORY,
    undo=undo.UNDO,
    views={**seat.VIEWS, **hosting.VIEWS, **solo.VIEWS, **counting.ANSWERS},
    seat_traffic=frozenset(
        {"seat.phone", "seat.panel", "seat.phone_alerts", "recording.post_event"}
    ),
    screen_of={
        "seat.panel": "me",
        "seat.phone_alerts": "me",
        "hosting.undo_fragment": "host",
        "tablescreen.board": "table",
        "tablescreen.presence_fragment": "table",
    },
)
