"""What the tests of translations share with other tests (Message, PLACEHOLDER, ROOT, extracted):
kept here, since a test module imports no other test module."""

from __future__ import annotations

import re

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from tests import ROOT

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdifr]|%[sdifr]|%%")


Message = tuple[str | tuple[str, ...], str | None]  # (msgid, a tuple if plural; its context)


def extracted() -> dict[Message, str]:
    """(msgid, context) -> where it was found, from babel.cfg's sources (the msgid is a tuple
    for a plural message; the context is None but for `pgettext`)."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[str | tuple[str, ...], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault((key, context), f"{filename}:{lineno}")
    return found
