"""What the tests of catalog teaching share with other tests (DECK, editor_form): kept here, since
a test module imports no other test module."""

from __future__ import annotations

import json

from tests import DATA

DECK = json.loads((DATA / "automa_test_deck.json").read_text())["automa_cards"]


def editor_form(number: str, card: dict) -> dict:
    """What the Automa card editor posts for `card`: each object's place from the left, its
    modifiers ("same", "more" for one more, else "other" with the value)."""
    form = {"card": number, "rounds": card["rounds"]}
    for i, item in enumerate(card["auction"]):
        obj = item["object"]
        form[f"at_{obj}"] = str(i + 1)
        form[f"mod4_{obj}"] = "none" if item["mod4"] is None else str(item["mod4"])
        if item["mod5"] == item["mod4"]:
            form[f"mod5_{obj}"] = "same"
        elif item["mod5"] == (item["mod4"] or 0) + 1:
            form[f"mod5_{obj}"] = "more"
        else:
            form[f"mod5_{obj}"] = "other"
            form[f"mod5x_{obj}"] = "none" if item["mod5"] is None else str(item["mod5"])
    for key, prefix in (("first_action", "first"), ("second_action", "second")):
        for i, action in enumerate(card[key]):
            form[f"{prefix}_{i}"] = action
    return form
