"""Articles that agree with the name they stand before, in German and French (docs/i18n.md).

A sentence like "Ada bought the Jester" names a game thing (an object, a Building, a card) that
each edition prints under its own noun: German and French need the article of that noun's
gender, and German its case too ("Ada hat den Gaukler gekauft", "… die Werkstatt …", "… das
Atelier …"; "den Alchimisten": a weak noun takes -en after its article). Without this the
translation falls back on a colon ("Ada hat gekauft: Gaukler"), which no native speaker writes.

So a translated message may set an article *marker* right before a placeholder:
`"%(name)s hat {den}%(object)s gekauft"`, `"%(name)s a acheté {le}%(object)s"`. `articles()`
replaces each marker by the article that agrees with the value filled in, from the language's
`grammar.toml` (its articles by form and gender, and the gender of each noun the game prints).
A name that brings its own determiner ("dein Palazzo", "votre Palazzo") takes none, only its
case ("von deinem Palazzo"). A name the table taught (a Profession card, a Firenze card) has no
entry: German takes the gender of its last part ("Reisefreiheit" is a "…freiheit"), French of
its first word ("Carte de prestige"), else the language's default (a person, masculine). French
elides before a vowel or an h ("l'Atelier", "l'Hôpital").

`lang._`, `lang.ngettext` and the templates' `_()` (companion.web.i18n) all fill markers; the
English has none. tests/platform/test_grammar.py checks every marker and every printed noun's gender.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
MARKER = re.compile(r"\{(\w+)\}%\((\w+)\)s")
_VOWEL = "aeiouyàâäéèêëîïôöùûüœæh"


@cache
def grammar(language: str) -> Mapping:
    """The language's grammar.toml (empty when it has none: English)."""
    path = TRANSLATIONS / language / "grammar.toml"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


@cache
def _genders(language: str) -> dict[str, str]:
    return {
        noun.casefold(): gender for noun, gender in grammar(language).get("genders", {}).items()
    }


@cache
def gender(language: str, name: str) -> str:
    """The gender ("m", "f", "n") of a name as the language prints it: its own entry, else its
    head noun's (German: the longest known ending of its last word; French: its first word)."""
    genders = _genders(language)
    rules = grammar(language)
    key = name.strip().casefold()
    if key in genders:
        return genders[key]
    words = key.split()
    if not words:
        return rules.get("default", "m")
    if rules.get("head") == "first":
        return genders.get(words[0], rules.get("default", "m"))
    last = words[-1]
    endings = sorted((n for n in genders if last.endswith(n)), key=len, reverse=True)
    return genders[endings[0]] if endings else rules.get("default", "m")


def _weak(language: str, name: str) -> bool:
    """A German weak masculine noun ("der Alchimist", "den Alchimisten") that is one word."""
    rules = grammar(language).get("weak", {})
    word = name.strip()
    if " " in word or gender(language, word) != "m":
        return False
    if word.casefold() in {w.casefold() for w in rules.get("not", ())}:
        return False
    return word.casefold() in {w.casefold() for w in rules.get("nouns", ())} or any(
        word.endswith(end) for end in rules.get("endings", ())
    )


def declined(language: str, form: str, name: str) -> tuple[str, str]:
    """(article, name) for `form` (a key of grammar.toml's [articles]) before `name`: the
    article with its own spacing ("den ", "l’"), and the name as that case writes it."""
    rules = grammar(language)
    table = rules["articles"][form]
    first, _, rest = name.partition(" ")
    if first.casefold() in rules.get("determiners", ()):  # "dein Palazzo": no second article
        own = rules.get("determined", {}).get(form, {}).get(first.casefold())
        return table.get("bare", ""), (f"{own} {rest}" if own else name)
    kind = gender(language, name)
    if "elided" in table and name[:1].casefold() in _VOWEL:
        article = table["elided"]
    else:
        article = table[kind]
    if form in rules.get("weak", {}).get("cases", ()) and _weak(language, name):
        name = name + ("n" if name.endswith("e") else "en")
    return article, name


def articles(language: str, text: str, params: Mapping[str, object]) -> tuple[str, dict]:
    """`text` with each marker `{form}%(key)s` replaced by the agreeing article and a
    placeholder of its own for the name as that case writes it, and the params to fill it."""
    if "{" not in text or not grammar(language):
        return text, dict(params)
    filled = dict(params)

    def one(m: re.Match) -> str:
        form, key = m.group(1), m.group(2)
        if key not in params or form not in grammar(language).get("articles", {}):
            return m.group(0)
        value = params[key]
        article, name = declined(language, form, str(value))
        slot = f"{key}__{form}"
        filled[slot] = value if name == str(value) else name  # an escaped name stays escaped
        return f"{article}%({slot})s"

    return MARKER.sub(one, text), filled
