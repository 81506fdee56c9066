"""What the tests of i18n refusals share with other tests (refusal, told): kept here, since a test
module imports no other test module."""

from __future__ import annotations

import re

from tests.support.phone_game import (
    post_event,
    text,
)


def refusal(page) -> tuple[str, str]:
    """(code, words) of the refusal a phone's fragment shows."""
    found = re.search(
        r'<div class="refusal"[^>]*data-code="([a-z0-9_]+)"[^>]*>(.*?)</div>', page, re.S
    )
    assert found, "no refusal on the page"
    return found.group(1), text(found.group(2)).strip()


def told(client, game_id, **form) -> dict[str, str]:
    """The refusal of `form` read in each language: {lang: words}; always the same code."""
    seen = {}
    for lang in ("en", "de", "fr"):
        client.get(f"/?lang={lang}")
        r = post_event(client, game_id, **form)
        assert r.status_code == 422, r.text
        code, words = refusal(r.text)
        seen[lang] = words
        seen["code"] = code
    return seen
