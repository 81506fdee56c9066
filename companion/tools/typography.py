"""French typography for the French catalog (docs/i18n.md): a narrow no-break space (U+202F)
before `: ; ! ?` and inside « », so a line never breaks between a word and its mark, and « »
for quotation marks.

`make translations` runs this over the French .po file (`python -m companion.tools.typography
FILE`), so a translator can type ordinary spaces; tests/platform/test_translations.py checks that
every French message is already as `french()` would write it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

NARROW = "\u202f"  # NARROW NO-BREAK SPACE
_SPACE_BEFORE = re.compile(r"[ \u00a0]+([:;!?])")
_GLUED = re.compile(r"(?<=[^\s\u00a0\u202f])([;!?]|:(?!//))")  # "mot:" but not "https://"
_ENTITY = re.compile(r"&#?\w+;")
_TAG = re.compile(r"<[^>]*>|%\(\w+\)[sd]")  # markup and placeholders are not prose
_OPEN = re.compile(r"[“«]\s*")  # \s: any space, the narrow one too
_CLOSE = re.compile(r"\s*[”»]")


def _prose(text: str, fix) -> str:
    """Apply `fix` to the prose of `text`, leaving tags, placeholders and entities alone."""
    out, at = [], 0
    for m in re.finditer(f"{_TAG.pattern}|{_ENTITY.pattern}", text):
        out.append(fix(text[at : m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append(fix(text[at:]))
    return "".join(out)


def _fix(prose: str) -> str:
    prose = _SPACE_BEFORE.sub(NARROW + r"\1", prose)
    prose = _GLUED.sub(NARROW + r"\1", prose)
    prose = _OPEN.sub("«" + NARROW, prose)
    return _CLOSE.sub(NARROW + "»", prose)


def french(text: str) -> str:
    """`text` with French spacing before `: ; ! ?` and « » quotes. Glued marks are caught
    across a placeholder too: "%(name)s:" becomes "%(name)s :" (narrow)."""
    text = re.sub(r"(%\(\w+\)[sd]|</\w+>)[ \u00a0]*([:;!?])", r"\1" + NARROW + r"\2", text)
    return _prose(text, _fix)


def _po_string(line: str) -> tuple[str, str] | None:
    """(prefix, content) of a msgstr line of a .po file, None for any other line."""
    m = re.match(r'^(msgstr(?:\[\d+\])? ")(.*)"$', line)
    return (m.group(1), m.group(2)) if m else None


def fix_po(path: Path) -> bool:
    """Rewrite the msgstr lines of a .po file (written with --no-wrap: one line each) in
    French typography; True if anything changed."""
    lines = path.read_text(encoding="utf-8").split("\n")
    changed = False
    for i, line in enumerate(lines):
        found = _po_string(line)
        if found is None or not found[1]:
            continue
        prefix, content = found
        fixed = french(content.replace('\\"', "\x00")).replace("\x00", '\\"')
        if fixed != content:
            lines[i] = f'{prefix}{fixed}"'
            changed = True
    if changed:
        path.write_text("\n".join(lines), encoding="utf-8")
    return changed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if fix_po(Path(name)):
            print(f"French typography set in {name}")
