"""The time a phone's notice shows, written in Python rather than in the panel's template.

Every seat's panel lists its latest notices at every move (issue 22), each with when it
happened: the template called three methods per notice through Jinja (isoformat, astimezone,
strftime), a notable part of a panel. `told_time` writes exactly what
templates/princes/phone/page.html wrote, with the same escaping.
"""

from __future__ import annotations

from datetime import datetime

from markupsafe import Markup

def told_time(at: datetime) -> Markup:
    """The moment to the millisecond for machines, the hour and minute in the server's time
    zone for the reader (the `<time>` of a notice). Both are digits and `-:.+T` only, which
    escaping leaves as they are: written straight in."""
    moment = at.isoformat(timespec="milliseconds")
    clock = at.astimezone().strftime("%H:%M")
    return Markup(f'<time class="hint" datetime="{moment}">{clock}</time>')
