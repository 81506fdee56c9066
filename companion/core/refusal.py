"""What every game's engine says when it refuses, and how it names things without a language.

A game's rules speak no language: a refusal carries a stable code (clients match on it), a
message marked with `N_()` and its values as parameters, and the rule it rests on; the web edge
translates the message, the things it names and the citation (docs/i18n.md). Each game keeps its
own codes and citations (a subclass of `Refusal` with its `codes`); the shape is shared, so the
service, the command line and the web handle one kind of "no" whatever the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

__all__ = [
    "CONTRACT",
    "CONTRACT_CODES",
    "FormError",
    "Named",
    "Refusal",
    "listed",
    "ngettext",
    "said",
    "said_data",
    "said_from_data",
]

CONTRACT = "Palazzo ruling: what a recorded move must say"
# The codes every game shares: a log that is not the game's at all, before any of its rules.
CONTRACT_CODES = {
    "unknown_event": CONTRACT,
    "bad_event": CONTRACT,
    "game_not_started": CONTRACT,
    "game_already_started": CONTRACT,
    "unknown_player": CONTRACT,
}


class Named(str):
    """A thing of the catalog named in a refusal's parameters: its English name as a string,
    with its kind (a section of names.toml) and id, so the edge can name it in the reader's
    edition (companion.core.lang.translate)."""

    kind: str
    id: str
    params: dict[str, object] = {}  # a `said` message's own parameters
    taught: dict[str, str] | None = None  # a card's names per language, as the table taught

    def __new__(
        cls, kind: str, thing_id: str, english: str, taught: Mapping[str, str] | None = None
    ) -> Named:
        named = super().__new__(cls, english)
        named.kind, named.id = kind, thing_id
        if taught:
            named.taught = dict(taught)
        return named

    def __copy__(self) -> Named:
        return self  # immutable: a copied state shares it

    def __deepcopy__(self, memo: dict) -> Named:
        return self

    def __reduce__(self):  # pickling keeps the kind, id and parameters
        return (_rebuilt, (self.kind, self.id, str(self), self.__dict__))


def _rebuilt(kind: str, thing_id: str, english: str, attributes: dict) -> Named:
    named = Named(kind, thing_id, english)
    named.__dict__.update(attributes)
    return named


def said(message: str, **params: object) -> Named:
    """A marked message used as a parameter of another (translated at the edge too), with
    its own `%(name)s` parameters if it has any (which may be `Named` and `said` too). Also
    what the engine tells the table in its own sentences (Wolfgang's moves in solo play):
    English as a string, translated at the edge by `companion.core.lang.words()`."""
    named = Named("message", message, message % params if params else message)
    named.params = params
    return named


def ngettext(singular: str, plural: str, num: int, **params: object) -> Named:
    """The engine's plural marker (named like gettext's so `pybabel extract` finds both
    forms): a `said` message whose form the edge picks for `num` in the reader's language;
    `%(num)s` is `num`. It translates nothing (the engine stays language-free)."""
    english = singular if num == 1 else plural
    named = said(english, num=num, **params)
    named.id, named.plural = singular, plural  # type: ignore[attr-defined]
    return named


def said_data(value: object) -> object:
    """A `said` message or `Named` thing as JSON-shaped data, so a state that keeps what the
    engine said (the solo decision log) survives a snapshot: `companion.core.lang.words()` reads
    it back in the reader's language. Any other value is returned as it is."""
    kind = getattr(value, "kind", None)
    if kind == "message":
        assert isinstance(value, Named)
        data: dict[str, object] = {"said": value.id, "text": str(value)}
        if getattr(value, "plural", None) is not None:
            data["plural"] = value.plural  # type: ignore[attr-defined]
        if value.params:
            data["params"] = {k: said_data(v) for k, v in value.params.items()}
        return data
    if isinstance(kind, str):
        assert isinstance(value, Named)
        data = {"named": kind, "id": value.id, "text": str(value)}
        return {**data, "taught": value.taught} if value.taught else data
    return value


class Refusal(Exception):
    """An event the rules do not allow; the state it was tried on is left exactly as it was."""

    codes: ClassVar[dict[str, str]] = CONTRACT_CODES  # code -> rule cited; each game its own

    def __init__(self, code: str, message: str, **params: object):
        if code not in self.codes:
            raise KeyError(f"unregistered refusal code {code!r}")
        text = message % params if params else message
        super().__init__(text)
        self.code = code
        self.template = message  # the marked message, before its parameters are filled in
        self.params = params
        self.message = text
        self.rule = self.codes[code]
        self.seq: int | None = None  # where replay met it

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "rule": self.rule}


class FormError(ValueError):
    """A form's field that is not even the right kind of value (a word where a number goes, a
    colour no tower has), in any game: told to the player like a refusal, its message marked
    with `N_` and its parameters, translated at the edge (the web's `refusal_message`). It
    cites no rule; as a refusal of the move it would have been, it is `bad_event`."""

    rule = None

    def __init__(self, message: str, **params: object):
        self.template, self.params = message, params
        self.message = message % params if params else message
        super().__init__(self.message)

    def refusal(self, kind: type[Refusal] = Refusal) -> Refusal:
        """The refusal of the move the form would have made (`kind`: the game's Refusal)."""
        return kind("bad_event", self.template, **self.params)


def said_from_data(data: object) -> object:
    """`said_data`'s JSON form back as a `said` message or `Named` thing (anything else as
    it is: a plain English string kept by an older state stays one)."""
    if isinstance(data, dict):
        if "said" in data:
            params = {k: said_from_data(v) for k, v in data.get("params", {}).items()}
            if "plural" in data:
                singular, plural, num = data["said"], data["plural"], params.pop("num")
                assert isinstance(num, int)
                return ngettext(singular, plural, num, **params)
            return said(data["said"], **params)
        if "named" in data:
            return Named(data["named"], data["id"], data["text"])
    return data


def listed(items: list, pattern: str) -> object:
    """Several words as one: `pattern` (a marked two-place message such as
    `N_("%(one)s; %(other)s")`) joins them in order, so each language punctuates its own
    list. One item is itself; none is an empty string."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = said(pattern, one=joined, other=item)
    return joined
