"""Compile the message catalogs (.po, in git) into the .mo files gettext reads (built, not in
git: a binary file in git conflicts whenever two branches add a string).

`make translations` runs `pybabel compile` for the same result; this module does it for the
places that cannot count on `make`: the test run (tests/conftest.py), the wheel build
(hatch_build.py) and `palazzo serve` from a fresh checkout (companion/web/i18n.py). Only
catalogs whose .mo is missing or older than the .po are rebuilt, and each .mo is written to a
temporary file and renamed into place, so processes starting together never read half a file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def compile_all(directory: Path = TRANSLATIONS, *, only_stale: bool = True) -> list[Path]:
    """Compile every `<lang>/LC_MESSAGES/*.po` under `directory`; returns the .mo written."""
    written = []
    for po_path in sorted(directory.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if only_stale and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=po_path.parent.parent.name)
        fd, tmp = tempfile.mkstemp(dir=mo_path.parent, prefix=".messages.", suffix=".mo")
        try:
            with os.fdopen(fd, "wb") as out:
                write_mo(out, catalog)  # fuzzy entries are left out, as pybabel does
            os.replace(tmp, mo_path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        written.append(mo_path)
    return written


if __name__ == "__main__":
    for path in compile_all(only_stale=False):
        print(f"compiled {path}")
