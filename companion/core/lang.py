"""Words in the reader's language, for code that knows nothing of the web (docs/i18n.md).

The presentation layer and the web layer mark what a player reads with `_()` / `ngettext()`;
the rules engine marks its refusal messages with `N_()` (a marker only: the engine stays
language-free) and the web edge translates them. Which language a call speaks is decided by
the edge: the web app registers Flask-Babel's per-request translations with `use()`, so this
module imports no web framework, and outside a request every word is English.

Names of the game's things (objects, Buildings, Freedoms, cards) are data: each edition's own
printed words in `companion/translations/<lang>/names.toml`, read by `thing_name()`; so are the
rulebook passages refusals cite (`citations.toml`, read by `citation()`).
"""

from __future__ import annotations

import gettext as _gettext
import tomllib
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.grammar import articles
from companion.core.refusal import listed, said

LANGUAGES = ("en", "de", "fr")  # English (the authority), German, French
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}  # each in its own words
DEFAULT = "en"
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

_NULL = _gettext.NullTranslations()
_provider: Callable[[], tuple[str, _gettext.NullTranslations]] = lambda: (DEFAULT, _NULL)  # noqa: E731


def use(provider: Callable[[], tuple[str, _gettext.NullTranslations]]) -> None:
    """Let the edge say which language the current call speaks: `provider()` gives
    (language code, translations)."""
    global _provider
    _provider = provider


def current() -> str:
    """The language code the current reader reads ("en", "de" or "fr")."""
    return _provider()[0]


def N_(message: str) -> str:
    """Marks a message for translation without translating it (`pybabel extract` finds it;
    the edge translates it later with `_()`)."""
    return message


class MarkedError(ValueError):
    """An error told to a player whose message is marked (`N_`) with `%(name)s` parameters,
    like a refusal: `str()` is the English sentence (the command line's, the logs'), and the
    edge translates `template` with `params` (`translate`, or the web's `refusal_message`)."""

    def __init__(self, message: str, **params: object):
        super().__init__(message % params if params else message)
        self.template = message
        self.params = params


def _(message: str, **params: object) -> str:
    """`message` in the reader's language, with `%(name)s` placeholders filled from `params`
    (and the articles the translation marks agreeing with them: companion.core.grammar)."""
    language, translations = _provider()
    text = translations.gettext(message)
    if not params:
        return text
    text, params = articles(language, text, params)
    return text % params


gettext = _


def ngettext(singular: str, plural: str, num: int, **params: object) -> str:
    """The singular or plural form for `num` in the reader's language; `%(num)d` is `num`."""
    language, translations = _provider()
    text, filled = articles(language, translations.ngettext(singular, plural, num), params)
    return text % {"num": num, **filled}


def pgettext(context: str, message: str) -> str:
    """`message` in the reader's language, told apart by `context` from the same English used
    elsewhere (a one-letter square label "F" is not any other "F")."""
    return _provider()[1].pgettext(context, message)


def translate(message: str, params: dict | None = None) -> str:
    """A message marked with `N_()` elsewhere (an engine refusal), translated and filled now;
    a parameter naming a catalog thing (with `kind` and `id`, the engine's `Named`) is named in
    the reader's edition."""
    return _said(message, params)


def words(value: object) -> str:
    """What the engine said, in the reader's language: a marked message (the engine's `said`
    or plural `ngettext`), a thing of the catalog (`Named`), either as JSON-shaped data kept
    in a state (`said_data`), or any other value as it is."""
    return str(_word(value))


def _said(message: str, params: dict | None, plural: str | None = None) -> str:
    filled = {key: _word(value) for key, value in (params or {}).items()}
    if plural is not None:
        return ngettext(message, plural, **filled)  # type: ignore[arg-type]
    return _(message, **filled)


def _word(value: object) -> object:
    if isinstance(value, dict):  # the JSON form of `said_data`
        if "said" in value:
            return _said(value["said"], value.get("params"), value.get("plural"))
        if "named" in value:
            return thing_name(value["named"], value["id"], value["text"], value.get("taught"))
        return value
    kind = getattr(value, "kind", None)
    ident: Any = getattr(value, "id", None)
    if kind == "message":  # a marked phrase (`said`), with parameters of its own
        return _said(ident, getattr(value, "params", None), getattr(value, "plural", None))
    if isinstance(kind, str):
        return thing_name(kind, ident, str(value), getattr(value, "taught", None))
    return value


@cache
def _data(language: str, name: str) -> dict[str, dict[str, str]]:
    path = TRANSLATIONS / language / name
    if language == DEFAULT or not path.exists():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


def _names(language: str) -> dict[str, dict[str, str]]:
    return _data(language, "names.toml")


def thing_name(
    kind: str, thing_id: str, english: str, taught: Mapping[str, str] | None = None
) -> str:
    """The printed name of a game thing in the reader's edition (`kind` is a section of
    names.toml: objects, buildings, freedoms, bonus_cards, prestige_cards, characters,
    landscapes, professions), `english` when that edition has none. `taught`: the names a
    table gave a card in each language (a Profession card taught at the table), first."""
    language = current()
    if taught and taught.get(language):
        return taught[language]
    return _names(language).get(kind, {}).get(thing_id, english)


def names_catalog(language: str) -> dict[str, dict[str, str]]:
    """One language's names.toml (empty for English, whose names are the catalog's own)."""
    return _names(language)


def citation(rule: str) -> str:
    """A refusal's rule citation as the reader's edition words it (`citations.toml`: that
    edition's section titles), the English 2022 edition's where it has none."""
    return _data(current(), "citations.toml").get("rules", {}).get(rule, rule)


def citations_catalog(language: str) -> dict[str, str]:
    """One language's citations.toml, English citation -> that edition's."""
    return _data(language, "citations.toml").get("rules", {})


# -- lists and quotes in the reader's words ------------------------------------------------


def listing(items) -> str:
    """Items in a list without "and" (a tally, names in a row), in the reader's list pattern:
    the engine's `listed`, told here."""
    return words(listed([str(i) for i in items], N_("%(one)s, %(other)s")))


def and_(items) -> str:
    """Items in a list whose last is joined by "and", in the reader's words."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return words(said(N_("%(one)s and %(other)s"), one=listing(items[:-1]), other=items[-1]))


def clauses(items) -> str:
    """Clauses of one sentence, each already in the reader's words, joined by semicolons
    (French sets a narrow no-break space before one)."""
    return words(listed([str(i) for i in items if i], N_("%(one)s; %(other)s")))


def seat_name(names: Sequence[str], seat: object) -> str:
    """A seat's player name, from the game's list of names; "Someone" for what names no seat
    (a hand-edited log's bad seat, a seat not yet there): one helper for every game's words."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return _("Someone")


def quoted(text: str) -> str:
    """A card's or a player's words in the reader's quotation marks (French « »)."""
    return _("\u201c%(text)s\u201d", text=text)


def book_citation(language: str, topic: str) -> str | None:
    """A section of the rulebook printed in `language` (an older edition's, chosen for a game),
    in that book's own words: citations.toml's [edition] table, by topic. The same for every
    reader, whatever language they read: it is the book on the table."""
    return _data(language, "citations.toml").get("edition", {}).get(topic)
