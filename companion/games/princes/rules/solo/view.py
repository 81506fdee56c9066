"""What the whole table may see of the solo game (`public_view`, the replay summary) and the
decision log for the screens."""

from __future__ import annotations

from .. import automa
from ..automa import WOLFGANG_SEAT
from ..solo_state import is_solo, solo_of
from ..state import GameState
from .checklist import checklist
from .prompt import solo_prompt
from .steps import SETUP_STEP


def solo_view(state: GameState) -> dict:
    """What the whole table may see: Wolfgang's row as it lies, the dummies' columns, the
    Automa card in play, this auction's rolls, and what Wolfgang did and why."""
    solo = solo_of(state)
    seen = set(solo.known_automa_professions)
    p = state.players[WOLFGANG_SEAT]
    row = [
        {
            "position": i,
            "kind": e["kind"],
            "face_up": e["face_up"],
            "card": e["card"]
            if e["face_up"] or e["card"] in seen or e["kind"] == "recruiting"
            else None,
            "bonus_cards": list(e["bonus"]),
        }
        for i, e in enumerate(solo.row)
    ]
    columns = [
        [{"face_up": e["face_up"], "card": e["card"] if e["face_up"] else None} for e in col]
        for col in solo.columns
    ]
    number, use = None, None
    auc = solo.auction or {}
    if solo.turn and solo.turn["card"]:
        number = solo.turn["card"]
        use = "first_action" if solo.turn["action"] == 1 else "second_action"
        if (solo.turn.get("decision") or {}).get("forced"):
            use = "ignored"  # a forced Work: the card is drawn, its panels ignored
    elif state.phase == "auction" and auc.get("card"):
        number, use = auc["card"], "auction"
    card = state.catalog.automa_cards.get(number) if number else None
    return {
        "difficulty": solo.difficulty,
        "dummies": solo.dummies,
        "players": solo.players,
        "wolfgang": {
            "money": p.money,
            "fame": p.fame,
            "row": row,
            "face_down": len(automa.face_down(state)),
            "prestige_cards": list(p.prestige_cards),
            "rounds_remaining": automa.rounds_remaining(state) if state.round else None,
        },
        "dummy_columns": columns,
        "automa_card": {"number": number, "use": use, "card": card} if number else None,
        "automa_cards_drawn": list(solo.drawn),
        "auction": {
            "offers": [dict(o) for o in auc.get("offers", [])],
            "rolls": [dict(r) for r in auc.get("rolls", [])],
            "bought": auc.get("bought"),
            "wolfgang": auc.get("wolfgang"),
            "discarded": list(auc.get("discarded", [])),
        }
        if auc
        else None,
        "log": [dict(x) for x in solo.log],
        "checklist": [dict(x) for x in checklist(state)],
        "setup_done": SETUP_STEP in solo.done,
        "die": solo.die,
        "prompt": solo_prompt(state),
    }


def wolfgang_decisions(state: GameState, since: int = 0) -> list[dict]:
    """The decision log (each entry with `n`, `round`, `who`, `say`) after entry `since`."""
    return [dict(x) for x in solo_of(state).log[since:]] if is_solo(state) else []
