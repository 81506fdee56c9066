"""What the tests of solo share with other tests (HAND, alerts, draw, events, keep_hand, offer,
roll, teaching_wolfgangs_card): kept here, since a test module imports no other test module."""

from __future__ import annotations

import html
import re

from companion.web.recording import get_table
from tests.support.solo_phone import (
    SoloPhone,
    teach_test_data,
)

HAND = [
    "test_university_forest_travel",
    "test_workshop_forest_religion",
    "test_library_forest_opinion",
]


def events(app, game_id) -> list:
    with app.app_context():
        return get_table(app).events(game_id)


def alerts(page: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
        for m in re.findall(r'role="alert"[^>]*>(.*?)</(?:div|p)>', page, re.S)
    ]


def keep_hand(solo: SoloPhone, hand=HAND):
    solo.tap(type="starting_hand_chosen", professions=list(hand))
    assert solo.status == 200 and solo.step == "auction_card", alerts(solo.html)


def draw(solo: SoloPhone, number):
    solo.tap(type="automa_card_drawn", card=str(number))
    assert solo.status == 200, alerts(solo.html)


def roll(solo: SoloPhone, value: int):
    solo.submit(next(f for f in solo.find(type="die_rolled") if f.hidden["value"] == str(value)))
    assert solo.status == 200, alerts(solo.html)


def offer(solo: SoloPhone, obj: str):
    solo.submit(
        next(f for f in solo.find(type="solo_auction_offered") if f.hidden["object"] == obj)
    )
    assert solo.status == 200, alerts(solo.html)


def teaching_wolfgangs_card(app, client) -> SoloPhone:
    """An installation that knows only the built-in Professions: Wolfgang's Landscape card
    (card 2, you left the auctions) is taught as it is flipped: a Cartographer, Lake."""
    teach_test_data(app.instance_path, professions=False)
    solo = SoloPhone.start(client)
    keep_hand(solo, ["poet", "alchemist", "botanist"])
    draw(solo, 2)
    solo.tap(type="auctions_left")
    solo.tap(
        "Teach it: that's the card",
        name="Cartographer",
        building="tower",
        landscape="lake",
        freedom="travel",
    )
    return solo
