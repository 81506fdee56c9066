"""What the solo engine tells the table, as facts: a code naming the kind of decision or move
and its numbers and ids, JSON-shaped (the decision log lives in the state, hence in snapshots).
The engine says no sentence: the game's words package (`words.automa`) words each code, one
marked message per code, in the reader's language."""

from __future__ import annotations


def told(code: str, **facts: object) -> dict:
    """A fact the engine tells: `code` names its kind; `facts` are numbers, ids, `thing`s,
    `items` and other `told` facts (the parts of a decision: its reason, its payment)."""
    return {"code": code, **facts}


def thing(kind: str, thing_id: str) -> dict:
    """A thing of the catalog by its kind and id (an object, a building, a card...): the
    words package names it in the reader's edition."""
    return {"thing": kind, "id": thing_id}


def items(parts: list, join: str) -> dict | None:
    """Several facts told together (`join`: how they go together, e.g. "and", "plus"), or
    None for none (like an empty list: nothing to tell)."""
    return {"items": list(parts), "join": join} if parts else None
