"""What a table of the Princes teaches this installation as it plays, and the reverse.

The rulebook leaves out the Profession cards' wishes, the Landscape tiles' sizes and the Automa
cards: a table teaches them, the installation's catalog (learned.py) keeps them for the next
game, and a card the installation knows travels into a log that does not know it yet, so an
exported log replays on any machine. These are the Princes' teaching hooks of the `Game`
protocol (companion/core/game.py); the service calls them and names no card.
"""

from __future__ import annotations

import logging

from .learned import BY_GAME_HOST, BY_GAME_SEAT, LearnedCatalog
from .rules import GameState
from .rules.catalog import PROFESSION_TAUGHT_KEYS, Catalog, CatalogError
from .upcasters import complete

log = logging.getLogger(__name__)
PROFESSION_FIELDS = {
    "starting_hand_chosen": "professions",
    "profession_taken": "profession",
    "work_completed": "profession",
    "automa_profession_revealed": "profession",
}


class TableTeaching:
    """The Princes' `Teaching` (companion.core.game): stateless, one for every game."""

    def prepare(
        self, learned: LearnedCatalog | None, state: GameState, kind: str, payload: dict
    ) -> dict:
        """An Automa card this installation knows but the game does not travels with its
        panels, as if the table had transcribed it, so the log stays self-contained; an
        opening names its edition (`game_started` version 2: companion/games/princes/
        upcasters.py)."""
        if kind == "game_started":
            return complete(payload)
        number = payload.get("card")
        if (
            kind != "automa_card_drawn"
            or learned is None
            or "panels" in payload
            or not isinstance(number, (int, str))
            or isinstance(number, bool)
            or not str(number).isdigit()
            or str(int(number)) in state.catalog.automa_cards
        ):
            return payload
        known = learned.catalog().automa_cards.get(str(int(number)))
        return {**payload, "panels": known} if known else payload

    def lessons(
        self, learned: LearnedCatalog | None, state: GameState, event: dict, given: list
    ) -> list[dict]:
        """What the move needs taught first: the teachings given with it that it uses (a card
        is taught only inside the move that names it, never on its own), then what this
        installation knows and the game's log does not (a Landscape's size, a Profession card's
        wishes)."""
        if not given and event.get("type") not in _TEACHABLE:
            return []  # a move naming no card (most): nothing to teach first
        used = _used_by(event)
        given = [dict(t) for t in given if _taught_key(t) in used]
        known = {_taught_key(t) for t in given}
        return given + [
            t for t in self._known(learned, state, event) if _taught_key(t) not in known
        ]

    def _known(self, learned: LearnedCatalog | None, state: GameState, event: dict) -> list[dict]:
        if learned is None:
            return []
        kind = event.get("landscape")
        if (
            event.get("type") == "landscape_placed"
            and isinstance(kind, str)
            and state.catalog.landscape_cells.get(kind) == 0
        ):
            size = learned.catalog().landscape_cells.get(kind)
            return [{"type": "landscape_taught", "landscape": kind, "cells": size}] if size else []
        field = PROFESSION_FIELDS.get(event.get("type"))
        wanted = event.get(field) if field else None
        pids = wanted if isinstance(wanted, list) else [wanted]
        missing = [p for p in pids if isinstance(p, str) and p not in state.catalog.professions]
        if not missing:
            return []
        installed = learned.catalog().professions
        return [
            {
                "type": "profession_taught",
                "profession": pid,
                **{
                    k: v
                    for k, v in installed[pid].to_dict().items()
                    if k in PROFESSION_TAUGHT_KEYS or k == "source"
                },  # its name in every language it has one in, too
                "recalled": True,  # nobody at this table taught it: no "taught" line
            }
            for pid in dict.fromkeys(missing)
            if pid in installed
        ]

    def before(self, state: GameState) -> tuple[Catalog, list]:
        """The game's catalog as the move met it (a Landscape's first tile shows its size), and
        the players (the catalog's history names whose phone taught a card): their names are
        read only by a move that taught something, and a move never renames a player."""
        return state.catalog, state.players

    def keep(
        self,
        learned: LearnedCatalog | None,
        before: tuple[Catalog, list],
        stored: list,
        by: str,
    ) -> None:
        """This installation remembers what a recorded event taught the game: a seat's teaching
        only where nothing is known yet (or a known card's name in a new language), the host's
        also where it changes a known entry (the host's act); never fails the record it
        follows. The catalog's history names the player whose phone taught it."""
        if learned is None:
            return
        catalog, players = before
        data = _taught(catalog, stored)
        if not data:
            return
        try:
            if by == "host":
                learned.teach(data, BY_GAME_HOST)
            else:
                who = players[int(by)].name if by.isdigit() and int(by) < len(players) else None
                learned.learn_new(data, BY_GAME_SEAT, who=who)
        except (CatalogError, OSError):
            log.warning("could not keep what a game taught in the installation's catalog")


# the moves `_known` and `_used_by` look at: those naming a Profession card or a Landscape
_TEACHABLE = frozenset(PROFESSION_FIELDS) | {"landscape_placed"}


def _taught_key(event: dict) -> tuple:
    return (event.get("type"), event.get("profession") or event.get("landscape"))


def _used_by(event: dict) -> set[tuple]:
    """The teachings (as `_taught_key`s) a move may bring along: the cards it names."""
    field = PROFESSION_FIELDS.get(event.get("type"))
    wanted = event.get(field) if field else None
    pids = wanted if isinstance(wanted, list) else [wanted]
    keys = {("profession_taught", pid) for pid in pids if isinstance(pid, str) and pid}
    if event.get("type") == "landscape_placed" and isinstance(event.get("landscape"), str):
        keys.add(("landscape_taught", event["landscape"]))
    return keys


# the stored events `_taught` learns from
_TEACHING_TYPES = frozenset(
    {"profession_taught", "automa_card_drawn", "landscape_taught", "landscape_placed"}
)


def _taught(catalog: Catalog, stored: list) -> dict:
    """What the stored events taught, as catalog sections: cards taught and Automa cards
    transcribed, Landscape sizes taught or shown by the grid's first tile of a kind."""
    data: dict = {}
    for e in stored:
        if e.type not in _TEACHING_TYPES:
            continue  # most moves: nothing taught, asked before anything else
        p = e.payload
        if p.get("recalled"):
            continue  # this installation's own card, copied into the game: nothing new
        if e.type == "profession_taught" and isinstance(p.get("profession"), str):
            entry = {k: p.get(k) for k in PROFESSION_TAUGHT_KEYS}
            entry.update(source=p.get("source") or "taught at the table", verified=True)
            data.setdefault("professions", {})[p["profession"]] = entry
        elif e.type == "automa_card_drawn" and isinstance(p.get("panels"), dict):
            data.setdefault("automa_cards", {})[str(p.get("card"))] = p["panels"]
        elif e.type == "landscape_taught" and isinstance(p.get("cells"), int):
            data.setdefault("landscape_cells", {})[p.get("landscape")] = p["cells"]
        elif (
            e.type == "landscape_placed"
            and isinstance(p.get("cells"), list)
            and not catalog.landscape_cells.get(p.get("landscape"), 1)
        ):  # the grid's first tile of a kind shows its size
            data.setdefault("landscape_cells", {})[p["landscape"]] = len(p["cells"])
    return data


TEACHING = TableTeaching()
