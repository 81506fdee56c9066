"""The versions of a game's event shapes, and the upcasters that read the older ones.

A club's log is the truth of its games, and every log ever written must replay on every
later release. So a stored event never changes: each says which version of its shape it was
written in (`v`, 1 for every event of release 0.1.0), and when a game changes an event's
shape it declares, in its own folder, an `Upcaster` from the old version to the new one
(`Game.upcasters`). The platform runs them as it reads the log, before the rules see an
event; the rows on disk are never rewritten. An event of a version newer than the running
code knows is refused (`NewerShape`), never guessed at. docs/events.md says the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .lang import N_
from .refusal import Refusal
from .schema import ENVELOPE


@dataclass(frozen=True)
class Upcaster:
    """Turns version `to - 1` of `event`'s payload into version `to`: a pure function of the
    older payload (no state, no catalog), returning a new dict."""

    event: str
    to: int
    change: Callable[[dict[str, Any]], dict[str, Any]]


class NewerShape(Refusal):
    """An event written by a newer release than this one: its shape cannot be read here."""

    codes = {
        "newer_event": "Palazzo ruling: a log is read by the release that wrote it or a later one"
    }

    def __init__(self, event: str, v: int, known: int):
        super().__init__(
            "newer_event",
            N_(
                "%(event)s was written by a newer release of Palazzo (version %(v)s of its "
                "shape; this release reads up to version %(known)s): install that release to "
                "read this log"
            ),
            event=event,
            v=v,
            known=known,
        )


def current(upcasters: Iterable[Upcaster]) -> dict[str, int]:
    """Each changed event's current version (an event no upcaster names is at version 1).
    The versions of one event run 2, 3, ... without a gap, or the declaration is wrong."""
    found: dict[str, int] = {}
    for up in sorted(upcasters, key=lambda u: (u.event, u.to)):
        expected = found.get(up.event, 1) + 1
        if up.to != expected:
            raise ValueError(
                f"the upcaster of {up.event} to {up.to} follows no version {up.to - 1}"
            )
        found[up.event] = up.to
    return found


class Versions:
    """One game's event versions and upcasters, as its `Game.upcasters` declares them."""

    def __init__(self, upcasters: Iterable[Upcaster] = ()):
        ups = tuple(upcasters)
        self.latest: Mapping[str, int] = current(ups)
        self._steps = {(u.event, u.to): u.change for u in ups}

    def of(self, event: str) -> int:
        """The version an event of this type is written in now."""
        return self.latest.get(event, 1)

    def upcast(self, event: str, v: int, payload: dict[str, Any]) -> dict[str, Any]:
        """`payload`, written in version `v`, in the current shape (the same dict when it
        already is). NewerShape for a version this release does not know."""
        latest = self.latest.get(event, 1)
        if v == latest:
            return payload
        if v > latest:
            raise NewerShape(event, v, latest)
        for to in range(v + 1, latest + 1):
            payload = self._steps[(event, to)](dict(payload))
        return payload

    def line(self, line: dict[str, Any]) -> dict[str, Any]:
        """A log line (`{"type": ..., fields..., "v": n}`, as JSON Lines holds it; no `v`:
        version 1) in the current shape, without its `v`."""
        kind = line.get("type")
        v = line.get("v", 1)
        if not isinstance(kind, str) or type(v) is not int or v < 1:
            return line  # the rules say what is wrong with it
        rest = {k: val for k, val in line.items() if k != "v"}
        if v == self.latest.get(kind, 1):
            return rest
        envelope: dict[str, Any] = {k: rest.pop(k) for k in ENVELOPE if k in rest}
        return {**envelope, **self.upcast(kind, v, rest)}


NO_CHANGES = Versions()
