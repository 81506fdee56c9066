"""The time a phone's notice shows, written in Python rather than in the panel's template.

Every seat's panel lists its latest notices at every move, each with when it
happened: the template called three methods per notice through Jinja (isoformat, astimezone,
strftime), a notable part of a panel. `told_time` writes exactly what
templates/princes/phone/page.html wrote. The same few notices stay on five phones for many
moves, so each moment's element is kept once written.
"""

from __future__ import annotations

import time
from datetime import datetime

from markupsafe import Markup

from companion.core.memo import memo

KEPT_MAX = 1024  # moments kept; forgotten all at once past this (a bound only)
_KEPT: dict[tuple, Markup] = {}


def _written(at: datetime) -> Markup:
    """The moment to the millisecond for machines, the hour and minute in the server's time
    zone for the reader. Both are digits and `-:.+T` only, which escaping leaves as they
    are: written straight in."""
    moment = at.isoformat(timespec="milliseconds")
    clock = at.astimezone().strftime("%H:%M")
    return Markup(f'<time class="hint" datetime="{moment}">{clock}</time>')


def told_time(at: datetime) -> Markup:
    """The `<time>` of a notice. Kept by what it depends on: the instant, its offset (the
    ISO text shows it), and the server's time zone as Python last read it (`time.tzset`)."""
    key = (at, at.utcoffset(), time.timezone, time.altzone, time.daylight)
    return memo(_KEPT, key, lambda: _written(at), KEPT_MAX)
