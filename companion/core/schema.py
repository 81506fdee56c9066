"""The typed event model every game declares its events with: one pydantic class per event
type, the caps on its fields, the refusal a broken shape gives and the field table the docs show.

A log comes from phones, hand-edited files and other installations, so before any rule looks at
an event its shape is checked: which fields it has (and no others), their types, ranges and sizes.
A game declares its events as `Event` subclasses (each with a `type` literal), gathers them in a
`Shapes` table (the Princes: from each module's declaration) and asks the table to check an event
(`check`), to name a field's shape for a form (`payload_fields`) and to write its docs (`markdown`).
A field's annotation `Code(...)` gives the refusal code its shape error carries. Each game raises
its own Refusal subclass with its own words for a broken shape (`explain`). Pure: no game, no Flask.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from companion.core.lang import N_
from companion.core.refusal import Refusal, said

# -- the shapes fields are made of ------------------------------------------------------------


class Code:
    """Annotation: the refusal code a field's shape error gives (default `bad_event`);
    `out_of_range` for a value of the right kind beyond the field's bounds; `hint` says what
    the field holds, in the message."""

    def __init__(self, code: str, out_of_range: str | None = None, hint: str = ""):
        self.code = code
        self.out_of_range = out_of_range or code
        self.hint = hint


NO_CONTROL = r"^[^\x00-\x1f\x7f]*$"  # one line of text: no NUL, no control characters
Ident = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=NO_CONTROL)]
Name = Annotated[str, StringConstraints(max_length=64, pattern=NO_CONTROL)]
Text = Annotated[str, StringConstraints(max_length=500, pattern=NO_CONTROL)]


class Shape(BaseModel):
    """A part of an event (a card as the table reads it, a Freedom supply): its declared
    fields and nothing else, of the declared kinds (strict: "1" is no number)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Event(Shape):
    """An event as a game's engine reads it: the envelope (optional here: a hand-written log
    needs only `type` and the payload) and the payload fields its subclass declares, nothing
    else. A game may narrow the envelope (the Princes' `by` is a seat they know)."""

    TITLE: ClassVar[str] = ""  # the event in a player's words (marked), for messages

    type: str
    seq: Annotated[int, Field(ge=1)] | None = None
    id: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None
    by: Annotated[str, StringConstraints(min_length=1, max_length=64)] | int | None = None
    at: Annotated[str, StringConstraints(max_length=40)] | None = None
    # the version of the event's shape (companion/core/versions.py): what an export writes
    v: Annotated[int, Field(ge=1)] | None = None


ENVELOPE = frozenset(Event.model_fields)


def event_type(cls: type[Event]) -> str:
    """The event type a class declares: its `type` literal."""
    (kind,) = typing.get_args(cls.model_fields["type"].annotation)
    return kind


# How a game words a broken shape: (event class, pydantic's errors) -> (code, message, params).
Explain = Callable[[type["Event"], list[Any]], tuple[str, str, dict[str, object]]]


def explain_first(cls: type[Event], errors: list[Any]) -> tuple[str, str, dict[str, object]]:
    """The first error pydantic found, with the field's refusal code (`Code`) and a message
    saying the event, the field and what is wrong with it."""
    first = errors[0]
    message, params = _message(cls, first)
    return _code(cls, first), message, params


class Shapes:
    """A game's table of declared events (type -> class), in the order they were declared.
    `refusal` is the game's Refusal subclass that a broken shape raises; `explain` words it
    (each game keeps its own messages)."""

    def __init__(self, refusal: type[Refusal] = Refusal, explain: Explain = explain_first):
        self.refusal = refusal
        self.explain = explain
        self.classes: dict[str, type[Event]] = {}

    def declare(self, classes: Iterable[type[Event]]) -> None:
        for cls in classes:
            self.classes[event_type(cls)] = cls

    def reset(self, classes: Iterable[type[Event]]) -> None:
        """The whole table again (a module left the registry)."""
        self.classes.clear()
        self.declare(classes)

    def __contains__(self, kind: object) -> bool:
        return kind in self.classes

    def __iter__(self):
        return iter(self.classes)

    def __len__(self) -> int:
        return len(self.classes)

    def __getitem__(self, kind: str) -> type[Event]:
        return self.classes[kind]

    def of(self, kind: Any) -> type[Event] | None:
        return self.classes.get(kind) if isinstance(kind, str) else None

    def payload_fields(self, kind: str) -> dict[str, Any]:
        """The payload fields an event declares (name -> pydantic FieldInfo), envelope left out."""
        return {k: f for k, f in self.classes[kind].model_fields.items() if k not in ENVELOPE}

    def check(
        self,
        event: Mapping[str, Any],
        prepare: Callable[[type[Event], Mapping[str, Any]], Mapping[str, Any]] | None = None,
    ) -> Event | None:
        """The event as its declared class, or the game's Refusal; unknown types are the
        engine's to refuse (None). `prepare` may take a game's extras out first."""
        kind = event.get("type")
        cls = self.classes.get(kind) if isinstance(kind, str) else None  # `of`, inline
        if cls is None:
            return None
        if prepare is not None:
            event = prepare(cls, event)
        try:
            # model_validate's own work, less its Python frame (every append asks this)
            return cls.__pydantic_validator__.validate_python(event)
        except ValidationError as error:
            code, message, params = self.explain(cls, error.errors(include_url=False))
            raise self.refusal(code, message, **params) from None
        except RecursionError:
            raise self.refusal(
                "bad_event", N_("%(event)s: a value is nested far too deep"), event=said(cls.TITLE)
            ) from None

    def markdown(self) -> str:
        """The field table of every declared event, for the game's events doc."""
        lines = ["| event | field | shape |", "|---|---|---|"]
        for kind in self.classes:
            first = True
            for name, field in self.payload_fields(kind).items():
                optional = "" if field.is_required() else " (optional)"
                label = f"`{kind}`" if first else ""
                lines.append(f"| {label} | `{name}`{optional} | {describe(field)} |")
                first = False
        return "\n".join(lines)

    def write_doc(self, path: str) -> bool:
        """Replace the generated block in `path`; True if the file changed."""
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start, end = text.index(DOC_BEGIN) + len(DOC_BEGIN), text.index(DOC_END)
        new = text[:start] + "\n" + self.markdown() + "\n" + text[end:]
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
        return new != text


# -- the refusal a broken shape gives ---------------------------------------------------------


def _code(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = cls.model_fields.get(str(loc[0])) if loc else None
    if field is None or (len(loc) == 1 and error["type"] in ("extra_forbidden", "missing")):
        return "bad_event"
    for meta in _metadata(field):
        if isinstance(meta, Code):
            return meta.out_of_range if error["type"] in RANGE_ERRORS else meta.code
    return "bad_event"


RANGE_ERRORS = ("greater_than_equal", "less_than_equal")


def _hint(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = cls.model_fields.get(str(loc[0])) if loc else None
    hints = [m.hint for m in _metadata(field) if isinstance(m, Code) and m.hint] if field else []
    return hints[0] if hints else ""


def _metadata(field) -> list:
    """A field's annotations, looking inside `X | None` too."""
    found = list(field.metadata)
    for arg in typing.get_args(field.annotation):
        found += list(getattr(arg, "__metadata__", ()))
    return found


def _message(cls: type[Event], error: Any) -> tuple[str, dict[str, object]]:
    """The refusal's marked message and its parameters: the event in a player's words, what
    is wrong with it, and the field's hint if it has one."""
    params: dict[str, object] = {"event": said(cls.TITLE), "problem": _problem(cls, error)}
    hint = _hint(cls, error)
    if hint:
        return N_("%(event)s: %(problem)s (%(hint)s)"), {**params, "hint": said(hint)}
    return N_("%(event)s: %(problem)s"), params


def _problem(cls: type[Event], error: Any) -> str:
    loc = error.get("loc") or ()
    field = str(loc[0]) if loc else "the event"
    where = field + "".join(f"[{x}]" if isinstance(x, int) else "" for x in loc[1:])
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    shown = repr(given) if not isinstance(given, (dict, list)) else type(given).__name__
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    if kind == "extra_forbidden":
        return said(N_("%(field)s is not part of this event"), field=field)
    if kind == "missing":
        return said(N_("%(field)s is missing"), field=field)
    if kind in RANGE_ERRORS:
        return said(
            N_("%(field)s is out of range (%(range)s), not %(given)s"),
            field=where,
            range=_range(cls, loc, ctx),
            given=shown,
        )
    if kind in ("too_long", "string_too_long"):
        return said(
            N_("%(field)s is too long (at most %(most)s)"), field=where, most=ctx.get("max_length")
        )
    if kind in ("too_short", "string_too_short"):
        return said(
            N_("%(field)s is too short (at least %(least)s)"),
            field=where,
            least=ctx.get("min_length"),
        )
    return _wrong_kind(kind, where, shown, ctx)


def _wrong_kind(kind: str, where: str, shown: str, ctx: dict) -> str:
    """A value of the wrong kind (or text with characters that do not belong), in words."""
    if kind == "string_pattern_mismatch":
        return said(N_("%(field)s holds characters that do not belong there"), field=where)
    if kind.startswith("literal"):
        return said(
            N_("%(field)s must be one of %(expected)s, not %(given)s"),
            field=where,
            expected=ctx.get("expected"),
            given=shown,
        )
    if kind.startswith("int"):
        text = N_("%(field)s must be a whole number, not %(given)s")
    elif kind.startswith("string") or kind == "str_type":
        text = N_("%(field)s must be text, not %(given)s")
    elif kind.startswith("list"):
        text = N_("%(field)s must be a list, not %(given)s")
    elif kind in ("model_type", "dict_type", "model_attributes_type"):
        text = N_("%(field)s must be an object, not %(given)s")
    elif kind.startswith("bool"):
        text = N_("%(field)s must be true or false, not %(given)s")
    else:
        text = N_("%(field)s is not the right kind of value (%(given)s)")
    return said(text, field=where, given=shown)


def _range(cls, loc, ctx) -> str:
    low, high = ctx.get("ge"), ctx.get("le")
    if low is None or high is None:  # one bound in the error: find the other on the field
        for meta in _bounds(cls, loc):
            low = getattr(meta, "ge", None) if low is None else low
            high = getattr(meta, "le", None) if high is None else high
    if low is not None and high is not None:
        return said(N_("%(low)s to %(high)s"), low=low, high=high)
    if low is not None:
        return said(N_("at least %(low)s"), low=low)
    return said(N_("at most %(high)s"), high=high)


def _bounds(cls, loc) -> list:
    field = cls.model_fields.get(str(loc[0])) if loc else None
    if field is None:
        return []
    found, todo = [], [field.annotation, *field.metadata]
    while todo:  # walk the annotation for the Field(ge=, le=) that carries the bounds
        item = todo.pop()
        if hasattr(item, "ge") or hasattr(item, "le"):
            found.append(item)
        todo += list(getattr(item, "__metadata__", ()))
        todo += list(typing.get_args(item))
        todo += [m for m in getattr(item, "metadata", ()) if m is not item]
    return found


# -- the documentation ------------------------------------------------------------------------

DOC_BEGIN = "<!-- schema: generated by `make docs` -->"
DOC_END = "<!-- schema: end -->"


def describe(field: Any) -> str:
    """A field's type, range and size in words, from its declaration."""
    return _describe(field.annotation, list(field.metadata))


# a scalar type's words in the docs, and whether its range or size follows
SCALAR_WORDS: dict[Any, tuple[str, bool]] = {
    bool: ("true or false", False),
    int: ("whole number", True),
    float: ("number", False),
    str: ("text", True),
}


def _describe(annotation, metadata: list) -> str:
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _describe(args[0], list(args[1:]) + metadata)
    bounds = _constraints(metadata)
    if origin in (Union, types.UnionType):
        return _describe_union(args)
    if origin is Literal:
        return " or ".join(f"`{a!r}`".replace("'", '"') for a in args)
    if origin is list:
        return f"list{bounds} of {_describe(args[0], [])}"
    if origin is dict:
        return f"object{bounds} (depth-bounded)"
    if annotation in SCALAR_WORDS:
        word, bounded = SCALAR_WORDS[annotation]
        return word + (bounds if bounded else "")
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        inner = ", ".join(
            f"{k}: {_describe(f.annotation, list(f.metadata))}"
            for k, f in annotation.model_fields.items()
        )
        return "{" + inner + "}"
    return "JSON value"


def _describe_union(args: tuple) -> str:
    parts = [_describe(a, []) for a in args if a is not type(None)]
    text = " or ".join(dict.fromkeys(parts))
    return text + (" or null" if type(None) in args else "")


def _constraints(metadata: list) -> str:
    """` 0..4` for a range, ` (1..64 long)` for a size, from Field/StringConstraints metadata."""
    found: dict[str, Any] = {}
    todo = list(metadata)
    while todo:
        meta = todo.pop(0)
        todo += [m for m in getattr(meta, "metadata", ()) if m is not meta]
        for name in ("ge", "le", "min_length", "max_length"):
            if getattr(meta, name, None) is not None:
                found.setdefault(name, getattr(meta, name))
    low, high = found.get("ge"), found.get("le")
    if low is not None or high is not None:
        return f" {'' if low is None else low}..{'' if high is None else high}"
    shortest, longest = found.get("min_length"), found.get("max_length")
    if shortest:
        return f" ({shortest}..{longest} long)"
    return f" (at most {longest} long)" if longest else ""
