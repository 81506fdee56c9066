"""The phone panel's templates made cheaper write what they wrote before: the
notices' time (`told_time`, and what it keeps), and the form attributes the macros module
writes once per import."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta, timezone
from types import SimpleNamespace

import pytest
from markupsafe import Markup

from companion.games.princes.web import clock

# what templates/princes/phone/page.html wrote for a notice's time before told_time
BEFORE = (
    '<time class="hint" datetime="{{ at.isoformat(timespec="milliseconds") }}">'
    "{{ at.astimezone().strftime('%H:%M') }}</time>"
)

MOMENTS = [
    datetime(2026, 11, 27, 10, 25, 5, 193456, tzinfo=UTC),
    datetime(2026, 3, 29, 0, 59, 59, 999999, tzinfo=UTC),
    datetime(2026, 7, 1, 23, 0, tzinfo=timezone(timedelta(hours=5, minutes=30))),
    datetime(2026, 7, 1, 23, 0),  # naive: the server's local time
]


@pytest.fixture
def zone():
    """Sets the process's time zone (TZ and time.tzset), restored after the test."""
    import os

    before = os.environ.get("TZ")

    def use(name: str) -> None:
        os.environ["TZ"] = name
        time.tzset()

    yield use
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_told_time_writes_what_the_template_wrote(app, zone):
    before = app.jinja_env.from_string(BEFORE)
    for name in ("UTC", "Europe/Berlin", "America/St_Johns"):
        zone(name)
        with app.app_context():
            for at in MOMENTS:
                told = app.jinja_env.from_string("{{ at|told_time }}").render(at=at)
                assert told == before.render(at=at)
                again = clock.told_time(at)
                assert isinstance(again, Markup) and str(again) == told


def test_a_kept_time_follows_the_zone_and_the_offset(app, zone):
    """Kept by instant, offset and zone: the same instant written with another offset, or
    read in another zone, is written anew, as a fresh computation writes it."""
    at = MOMENTS[0]
    with app.app_context():
        zone("UTC")
        utc = clock.told_time(at)
        assert ">10:25<" in utc and 'datetime="2026-11-27T10:25:05.193+00:00"' in utc
        zone("Asia/Tokyo")
        tokyo = clock.told_time(at)
        assert tokyo == clock._written(at) and ">19:25<" in tokyo
        shifted = at.astimezone(timezone(timedelta(hours=-3)))
        assert shifted == at  # the same instant, another offset
        assert clock.told_time(shifted) == clock._written(shifted) != tokyo


def test_the_kept_times_are_bounded(app, monkeypatch):
    monkeypatch.setattr(clock, "KEPT_MAX", 3)
    monkeypatch.setattr(clock, "_KEPT", {})
    with app.app_context():
        for minutes in range(10):
            at = MOMENTS[0] + timedelta(minutes=minutes)
            assert clock.told_time(at) == clock._written(at)
            assert len(clock._KEPT) <= 3


def test_the_macros_form_attributes_are_the_macros(app):
    """`posted`, `synced` and `fields` (set once per import with a panel's context) are
    what `post()` and `sync()` write and fields.py's `event_fields`; without a panel's
    context (the board imports `grid` alone) they are not set."""
    page = app.jinja_env.from_string(
        '{% import "princes/phone/_macros.html" as m with context %}'
        "{{ m.posted == m.post() }} {{ m.synced == m.sync() }} "
        "{{ m.fields is sameas event_fields }} "
        "{{ m.posted }}"
    )
    urls = SimpleNamespace(events="/games/g1/events")
    with app.test_request_context():
        said = page.render(urls=urls, panel_id="phone-panel", view="phone", seat=1)
    assert said.startswith('True True True method="post" action="/games/g1/events"')
    assert 'data-hx-target="#phone-panel"' in said
    bare = app.jinja_env.get_template("princes/phone/_macros.html").module
    assert not hasattr(bare, "posted") and callable(bare.grid)
