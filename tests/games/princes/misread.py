"""What the tests of misread share with other tests (solo_fold): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from companion.games.princes.rules.engine import Fold
from tests.games.princes.solo import HAND
from tests.support.solo_table import SIZES, SOLO_CATALOG


def solo_fold() -> Fold:
    fold = Fold(SOLO_CATALOG)
    for ev in [
        {
            "type": "game_started",
            "players": ["Alexandra", "Wolfgang"],
            "start_player": 0,
            "solo": {"difficulty": "standard", "dummies": 2},
            "grid": False,
        },
        *({"type": "landscape_taught", "landscape": k, "cells": c} for k, c in SIZES.items()),
        {"type": "starting_hand_chosen", "player": 0, "professions": list(HAND)},
    ]:
        fold.add(ev)
    return fold
