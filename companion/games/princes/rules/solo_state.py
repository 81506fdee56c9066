"""What the solo module keeps on the state: Wolfgang's row, the dummies' columns, the Automa
cards drawn, and the one step the app waits for. Its own typed part (`state.part("solo")`),
so the base game's state knows nothing of it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from companion.core.jsoncopy import json_copy

from .module import Part, field_names
from .state import GameState

SOLO = "solo"


@dataclass
class SoloState(Part):
    """JSON-shaped: the row, columns and steps are plain dicts so the log replays exactly."""

    difficulty: str = "standard"
    dummies: int = 2
    players: int = 4  # you, Wolfgang and the dummies: picks the mod4/mod5 column
    # Wolfgang's row, left to right: {kind: profession|recruiting, card, face_up, bonus}.
    row: list[dict[str, Any]] = field(default_factory=list)
    # Each dummy's column of Profession cards: {card, face_up}.
    columns: list[list[dict[str, Any]]] = field(default_factory=list)
    known_automa_professions: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # Automa card numbers, in order
    need: dict[str, Any] = field(default_factory=lambda: {"step": "starting_hand"})
    running: str | None = None  # Wolfgang's procedure under way: "buy", "action" or None
    auction: dict[str, Any] = field(default_factory=dict)  # this round's solo auction
    facts: dict[str, Any] = field(default_factory=dict)  # what the table reported this step
    turn: dict[str, Any] = field(default_factory=dict)  # Wolfgang's turn under way ({}: none)
    log: list[dict[str, Any]] = field(default_factory=list)  # his decisions, explained
    # The checklist: log entries (by `n`; 0 is the setup) whose physical moves the table has
    # made, each ticked off with its own `solo_step_done`.
    done: list[int] = field(default_factory=list)
    die: str | None = None  # who rolls since the last die_mode_changed (None: as set up)
    digital: bool = False  # the Automa card in use was drawn by Palazzo (nothing to discard)
    # The latest facts read off the table (die, Automa card, card turned up), numbered in the
    # order they were accepted: what each was for (a die for which object and who, an Automa
    # card for which panel, whose card) and in which round, so a misread fix names the roll.
    # Codes only; the words are the screen's (`steps.remember_read`).
    read: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A copy (every move clones the state): the decision log's entries are written once
        and never changed, so the copy shares them instead of copying their words again."""
        d = {f.name: json_copy(getattr(self, f.name)) for f in fields(self) if f.name != "log"}
        d["log"] = list(self.log)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SoloState:
        state = super().from_dict({k: v for k, v in d.items() if k != "log"})
        state.log = list(d.get("log", []))
        return state

    def clone(self) -> SoloState:
        """As `from_dict(to_dict())`, copying each field once; the log's entries shared."""
        copied = {k: json_copy(getattr(self, k)) for k in field_names(SoloState) if k != "log"}
        return SoloState(**copied, log=list(self.log))


def solo_of(state: GameState) -> SoloState:
    """The solo game's state (a solo game only)."""
    part: SoloState = state.part(SOLO)
    return part


def is_solo(state: GameState) -> bool:
    return SOLO in state.parts
