"""Teaching a card on the phone, inside the move that needs it."""

from __future__ import annotations

from companion.core.lang import _
from companion.games.princes.rules.catalog import (
    LANDSCAPES,
    NAME_KEYS,
)
from companion.games.princes.teaching import same_card_choices
from companion.games.princes.words import object_name as landscape_name
from companion.games.princes.words import (
    profession_name,
)

from .action import _may_take_card


def teach_screen(state, seat: int, params: dict, resend: dict | None, form: dict) -> dict | None:
    """Asks what Palazzo needs to know about a card, keeping the event to send afterwards."""
    target = params.get("for")
    if resend is None:  # drawn from the URL alone (a link, or a live refresh of the form)
        pending = (
            [
                x
                for x in state.auction["pending"]
                if x["player"] == seat and x["kind"] == "landscape"
            ]
            if state.phase == "auction"
            else []
        )
        if target == "profession_taken" and _may_take_card(state, seat):
            resend = {"type": "profession_taken", "player": seat}
            if params.get("profession"):
                resend["profession"] = params["profession"]
        elif (
            target == "landscape_placed"
            and pending
            and not state.grid
            and params.get("landscape") in LANDSCAPES
            and not state.catalog.landscape_cells.get(params["landscape"])
        ):
            resend = {"type": "landscape_placed", "player": seat, "landscape": params["landscape"]}
        elif target == "starting_hand_chosen" and state.phase == "setup":
            resend = {
                "type": "starting_hand_chosen",
                "player": seat,
                "professions": [
                    x for x in params.get("professions") or [] if x in state.catalog.professions
                ],
            }
        else:
            return None
    kind = resend.get("landscape")
    if resend.get("type") == "landscape_placed" and kind in LANDSCAPES and not state.grid:
        return {
            "name": "teach_landscape",
            "resend": resend,
            "kind": kind,
            "kind_name": landscape_name(kind),
            "cells": form.get("cells"),
        }
    pid = resend.get("profession")
    name = form.get("name") or (
        profession_name(state.catalog, pid) if isinstance(pid, str) and pid else ""
    )
    # a new name with a known card's three wishes: asked whether it is that card (the state
    # here knows this installation's cards too: working_state)
    asked = same_card_choices({} if isinstance(pid, str) and pid else form, state.catalog)
    return {
        "name": "teach_profession",
        "resend": resend,
        **asked,
        "card": {
            "name": name,
            **{key: form.get(key) for key in NAME_KEYS.values()},
            "building": form.get("building"),
            "landscape": form.get("landscape"),
            "freedom": form.get("freedom"),
        },
        "then": {
            "profession_taken": _("take the card"),
            "starting_hand_chosen": _("add it to your starting hand"),
        }.get(resend.get("type"), _("send your move again")),
    }
