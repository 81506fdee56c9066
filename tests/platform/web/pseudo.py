"""A test-only language in which every translated word is visibly wrapped: ⟦Your turn⟧.

Built in a temporary folder from the messages the sources mark (extracted as `make
translations` does, tests/platform/test_translations.py), with names.toml and citations.toml wrapped the
same way, and registered only in a test's app (docs/i18n.md, "The pseudo-language walk"). A
screen read in it shows every word that went through a translation wrapped, so a word left
unwrapped is one no reader of German or French would see translated.

Placeholders stay outside the wrapping ("%(name)s⟦ bids ⟧%(amount)s"), so an English value
filled into a translated sentence (an engine's English words, a glued list) shows unwrapped too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion.games.firenze import words as firenze_words
from companion.games.firenze.rules import catalog as firenze
from companion.games.firenze.rules.refusals import CODES as FIRENZE_CODES
from companion.games.princes.rules import catalog as rules
from companion.games.princes.rules.refusals import CODES
from tests.platform.translations import PLACEHOLDER, extracted

# Babel only loads the languages CLDR knows, so the pseudo-language borrows the code of one
# Palazzo does not ship (Esperanto: two plural forms, like English).
CODE = "eo"
NAME = "Pseudo"
OPEN, CLOSE = "⟦", "⟧"
WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def wrap(message: str) -> str:
    """`message` with each run of words between placeholders wrapped; placeholders kept."""
    out, at = [], 0
    for m in PLACEHOLDER.finditer(message):
        if m.group(0) == "%%":
            continue  # a literal percent sign belongs to the words around it
        if message[at : m.start()]:
            out.append(OPEN + message[at : m.start()] + CLOSE)
        out.append(m.group(0))
        at = m.end()
    if message[at:]:
        out.append(OPEN + message[at:] + CLOSE)
    return "".join(out)


def unwrap(text: str) -> str:
    """What is left of `text` once every wrapped (translated) run is taken out."""
    while True:
        less = WRAPPED.sub(" ", text)
        if less == text:
            return text
        text = less


def english_names() -> dict[str, dict[str, str]]:
    """Every catalog thing's English name, by names.toml's kinds and ids."""
    return {
        "objects": dict(rules.OBJECT_NAMES),
        "buildings": {b: v[0] for b, v in rules.BUILDINGS.items()},
        "freedoms": {f: f.title() for f in rules.FREEDOMS},
        "landscapes": {x: rules.OBJECT_NAMES.get(x, x.title()) for x in rules.LANDSCAPES},
        "bonus_cards": {c: v[0] for c, v in rules.BONUS_CARDS.items()},
        "prestige_cards": {c: v[0] for c, v in rules.PRESTIGE_CARDS.items()},
        "characters": {c: v[0] for c, v in rules.CHARACTERS.items()},
        "professions": {p: v.name for p, v in rules.BUILTIN_PROFESSIONS.items()},
        # Firenze's things, keyed by the engine's English names
        "firenze_colours": {c: c for c in firenze.COLOURS},
        "firenze_cards": {c: c for c in firenze.NAMED_CARDS},
        "firenze_kinds": dict(firenze_words.KINDS),
    }


def _toml(sections: dict[str, dict[str, str]]) -> str:
    """A TOML file of string tables (JSON's string escapes are TOML's basic strings')."""
    lines = []
    for section, table in sections.items():
        lines.append(f"[{section}]")
        lines.extend(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in table.items())
        lines.append("")
    return "\n".join(lines)


def build(root: Path) -> Path:
    """Write the pseudo-language's catalog, names and citations under `root`; returns `root`,
    a translations folder holding that one language."""
    catalog = Catalog(locale=CODE)
    for msgid, context in extracted():
        if isinstance(msgid, tuple):
            catalog.add(msgid, tuple(wrap(m) for m in msgid), context=context)
        else:
            catalog.add(msgid, wrap(msgid), context=context)
    folder = root / CODE
    (folder / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    with (folder / "LC_MESSAGES" / "messages.mo").open("wb") as f:
        write_mo(f, catalog)
    names = {k: {i: wrap(n) for i, n in v.items()} for k, v in english_names().items()}
    (folder / "names.toml").write_text(_toml(names), encoding="utf-8")
    cited = {"rules": {rule: wrap(rule) for rule in {*CODES.values(), *FIRENZE_CODES.values()}}}
    (folder / "citations.toml").write_text(_toml(cited), encoding="utf-8")
    return root
