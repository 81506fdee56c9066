"""Pages of a long list (a game's history): a request costs one page, never the whole log.

A page is named by the seq it starts under (`?before=<seq>`, newest first), so a page stays
the same page while the game goes on, and finding it is a bisection of what the read model
keeps. The list's last item links to the next older page: htmx swaps it for that page's
items in place; without JavaScript it is a plain link (templates/_history_more.html).
"""

from __future__ import annotations

PAGE = 50  # events per page: about a round of a 5-player game, ~30 kB of HTML
SEQ_DIGITS = 12


def before_of(args) -> int | None:
    """The `before` seq a page starts under (None: the newest). A value that is no seq shows
    the newest page: it can only come from a hand-written address, and changes nothing."""
    value = str(args.get("before", ""))
    return int(value) if value.isdigit() and len(value) <= SEQ_DIGITS else None
