"""What this installation has learned from the physical components, kept in `instance/`.

The rulebook leaves out the Profession cards' preferences, the Landscape tiles' sizes and the
Automa cards. A table teaches them once; the file here remembers them for every later game and
can be exported and imported so a club can share it.
"""

from __future__ import annotations

import json
import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.core.lang import N_
from companion.service.for_games import instance
from events.boundedjson import JsonRefused, loads

from .rules import Named, said
from .rules.catalog import (
    BUILDINGS,
    BUILTIN,
    NAME_KEYS,
    OBJECT_NAMES,
    Catalog,
    CatalogError,
    profession_from_dict,
    taught_names,
)
from .teaching import TaughtProfession, same_wishes

FILE_NAME = "catalog.json"
HISTORY_NAME = "catalog-history.jsonl"
HISTORY_SHOWN = 50
SECTIONS = ("professions", "landscape_cells", "automa_cards")
MAX_CATALOG_BYTES = 256 * 1024  # the whole deck, every Automa card and more, many times over
_lock = threading.Lock()
_merged: dict[str, tuple[tuple, Catalog]] = {}  # file -> (its stat, the merged catalog)

# Who changed the catalog, as its history keeps it (English; marked, so a screen says it in
# its reader's language: companion.games.princes.web.catalog.history_lines).
BY_SCREEN = N_("the catalog screen")
BY_SCREEN_HERE = N_("the catalog screen, on the computer Palazzo runs on")
BY_SCREEN_HOST = N_("the catalog screen, by a host")
BY_GAME_HOST = N_("the host, in a game")
BY_GAME_SEAT = N_("a player's phone, in a game")
BY_FILE = N_("an imported catalog file")
BY_LINK = N_("the catalog at %(link)s")
BY_GAME_PLAYER = N_("%(name)s's phone, in a game")  # BY_GAME_SEAT with the line's `who`
BY_COMMAND_PREFIX = "palazzo catalog import "  # kept as typed: the file's path follows
BY_COMMAND = N_("the command palazzo catalog import, from %(file)s")
BY = (BY_SCREEN, BY_SCREEN_HERE, BY_SCREEN_HOST, BY_GAME_HOST, BY_GAME_SEAT, BY_FILE)

Scalar = str | int | float | bool | None


class CatalogFile(BaseModel):
    """The catalog file's outline, which the merge relies on: sections of entries whose values
    are plain values (an Automa card's panels one list or object deeper). What the entries say
    is the catalog's to check."""

    model_config = ConfigDict(extra="forbid", strict=True)
    professions: dict[str, dict[str, Scalar]] | None = None
    landscape_cells: dict[str, Scalar] | None = None
    automa_cards: dict[str, dict[str, Scalar | list[Scalar | dict[str, Scalar]]]] | None = None


def parse_catalog(text: str) -> dict:
    """A catalog file's text as the dict the catalog merges, or CatalogError saying what is
    wrong with it (a UTF-8 byte order mark at the start is fine)."""
    try:
        data = loads(text.removeprefix("\ufeff"), max_depth=5, max_bytes=MAX_CATALOG_BYTES)
    except JsonRefused as e:
        raise CatalogError(
            N_("A catalog file is JSON, and this one cannot be used: %(why)s"), why=str(e)
        ) from None
    if not isinstance(data, dict):
        raise CatalogError(N_("A catalog file is one JSON object"))
    try:
        CatalogFile.model_validate(data)
    except ValidationError as e:
        raise CatalogError(
            N_("Not in the catalog file's outline: %(where)s"), where=_where(e)
        ) from None
    return data


def _where(error: ValidationError) -> Named:
    first: dict[str, Any] = error.errors(include_url=False)[0]
    tags = ("str", "int", "float", "bool", "none", "list[", "dict[")
    path = ".".join(str(x) for x in first["loc"] if not str(x).startswith(tags))
    given = first.get("input")
    shown = type(given).__name__ if isinstance(given, (dict, list)) else repr(given)[:40]
    if first["type"] == "extra_forbidden":
        return said(
            N_("Unknown catalog keys: %(path)s (the sections are %(sections)s)"),
            path=path,
            sections=", ".join(SECTIONS),
        )
    if first["type"] == "dict_type":
        return said(N_("%(path)s must be an object, not %(given)s"), path=path, given=shown)
    if first["type"] == "list_type":
        return said(N_("%(path)s must be a list, not %(given)s"), path=path, given=shown)
    return said(
        N_("%(path)s must be a plain value (text, a number, true or false), not %(given)s"),
        path=path,
        given=shown,
    )


def read_catalog_file(path: str | Path) -> dict:
    """`parse_catalog` of a file, with CatalogError for a file that cannot be read as text."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise CatalogError(
            N_("cannot read %(path)s: %(why)s"), path=str(path), why=str(e.strerror or e)
        ) from None
    if len(raw) > MAX_CATALOG_BYTES:
        raise CatalogError(N_("%(path)s is far larger than any catalog file"), path=str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CatalogError(
            N_("%(path)s is not UTF-8 text (byte %(byte)s at position %(position)s)"),
            path=str(path),
            byte=f"{raw[e.start]:#04x}",
            position=e.start,
        ) from None
    return parse_catalog(text)


def instance_path() -> Path:
    return instance.folder()


def profession_entry(
    pid: str, building: str, landscape: str, freedom: str, name: str | None = None
) -> dict:
    """A Profession card as the catalog file keeps it once taught at the table (its name, if
    none was given, made from its id)."""
    return {
        "name": name or pid.replace("_", " ").title(),
        "building": building,
        "landscape": landscape,
        "freedom": freedom,
        "verified": True,
        "source": "taught at the table",
    }


class LearnedCatalog:
    """The built-in catalog merged with this installation's file; every change is validated."""

    def __init__(self, folder: str | Path | None = None):
        self.path = Path(folder or instance_path()) / FILE_NAME

    def _read(self) -> dict:
        if not self.path.exists():
            return {}
        try:
            return read_catalog_file(self.path)
        except CatalogError as e:
            raise CatalogError(
                N_("This installation's catalog file cannot be read: %(why)s"),
                why=said(e.template, **e.params),
            ) from e

    def catalog(self) -> Catalog:
        """What this installation knows. Every phone panel asks (its buttons offer what is
        known), so the merged catalog is kept per process while the file stays the same one
        (same inode, size and modification time): a change, by this process or another, is
        read afresh. Catalogs are immutable, so sharing one is safe."""
        key = self.version()
        if key is None:
            return BUILTIN.merged(self._read())
        kept = _merged.get(str(self.path))
        if kept is not None and kept[0] == key:
            return kept[1]
        merged = BUILTIN.merged(self._read())
        _merged[str(self.path)] = (key, merged)
        return merged

    def version(self) -> tuple | None:
        """Names the file as it is now (same inode, size and modification time: the same
        catalog); None without one. A phone's panel names it in its ETag: a card taught on
        the catalog screen changes its buttons without an event in the log."""
        try:
            stat = self.path.stat()
        except OSError:
            return None
        return (str(self.path), stat.st_ino, stat.st_size, stat.st_mtime_ns)

    def learned(self) -> dict:
        return self._read()

    def teach(self, data: dict, by: str = BY_SCREEN) -> Catalog:
        """Merge `data` (catalog-file format) over what is known, and keep it: the host's act
        (or the catalog screen's), so it may change what is known. The history says who
        changed what, from what to what."""
        with _lock:
            return self._merge(data, by, only_new=False)

    def learn_new(self, data: dict, by: str, who: str | None = None) -> Catalog:
        """What a seat taught with a move the game accepted: kept only where this installation
        knows nothing yet, or as a known card's name in a language it has none in. A seat never
        changes a known entry (that is the host's act). `who`: the player, for the history."""
        with _lock:
            return self._merge(data, by, only_new=True, who=who)

    def import_catalog(self, data: dict, by: str, *, replace: bool = False) -> list[dict]:
        """Merge an imported catalog file; the changes it made, as the history keeps them.
        Without `replace` it adds what is new (and the names a known card gains) and changes
        nothing known: a file that would change a known entry is refused whole (KnownEntries,
        naming each), so a club's file never overwrites a card this table taught by mistake.
        A card of the file that is a known card under another language's name gains that name
        (`same_cards_folded`): one card, never two."""
        with _lock:
            data = same_cards_folded(BUILTIN.merged(self._read()), data)
            if not replace:
                clashes = self._clashes(data)
                if clashes:
                    raise KnownEntries(clashes)
            return self._merge_changes(data, by, only_new=not replace)[1]

    def _clashes(self, data: dict) -> list[dict]:
        """The known entries `data` would change (validating all of it first)."""
        before = BUILTIN.merged(self._read())
        after = before.merged(data).to_dict()  # raises CatalogError for a bad entry
        old = before.to_dict()
        out = []
        for key in SECTIONS:
            for k in data.get(key) or {}:
                k = str(k)
                if _known(before, key, k) and _means_other(key, old[key][k], after[key][k]):
                    out.append(_change(key, k, old[key][k], after[key][k], ""))
        return out

    def _merge(self, data: dict, by: str, *, only_new: bool, who: str | None = None) -> Catalog:
        return self._merge_changes(data, by, only_new=only_new, who=who)[0]

    def _merge_changes(
        self, data: dict, by: str, *, only_new: bool, who: str | None = None
    ) -> tuple[Catalog, list[dict]]:
        current = self._read()
        before = BUILTIN.merged(current)
        if only_new:
            data = {key: _only_new(before, key, data.get(key) or {}) for key in SECTIONS}
        merged = before.merged(data)  # raises CatalogError, keeps nothing
        changes = []
        after = merged.to_dict()
        old = before.to_dict()
        for key in SECTIONS:
            if not data.get(key):
                continue
            wanted = {str(x) for x in data[key]}
            entries = {str(k): v for k, v in after[key].items() if str(k) in wanted}
            current.setdefault(key, {}).update(entries)
            for k, v in entries.items():
                was = old[key].get(k) if _known(before, key, k) else None
                if was != v:
                    changes.append(_change(key, k, was, v, by, who=who))
        if changes:
            self._write(current)
            self._log(changes)
        return merged, changes

    def _write(self, data: dict):
        """Whole-file replace, so a crash never leaves half a catalog; owner-only."""
        instance.write_private(self.path, json.dumps(data, indent=1, sort_keys=True))

    @property
    def history_path(self) -> Path:
        return self.path.with_name(HISTORY_NAME)

    def _log(self, changes: list[dict]):
        fd = os.open(self.history_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        with open(fd, "a", encoding="utf-8") as f:
            for change in changes:
                f.write(json.dumps(change, ensure_ascii=False, sort_keys=True) + "\n")

    def history(self, limit: int = HISTORY_SHOWN) -> list[dict]:
        """The latest changes first: who taught or changed what, from what to what."""
        try:
            lines = self.history_path.read_text(encoding="utf-8").splitlines()
        except (FileNotFoundError, OSError, UnicodeDecodeError):
            return []
        out = []
        for line in reversed(lines[-limit:]):
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if isinstance(item, dict):
                out.append(item)
        return out

    def teach_profession(
        self,
        pid: str,
        building: str,
        landscape: str,
        freedom: str,
        name: str | None = None,
        by: str = BY_SCREEN,
    ) -> Catalog:
        entry = profession_entry(pid, building, landscape, freedom, name)
        return self.teach({"professions": {pid: entry}}, by)

    def forget_profession(self, pid: str, by: str = BY_SCREEN) -> bool:
        """Drop a taught card (a misspelt name would otherwise block the 21st); built-in cards
        go back to their built-in entry. Games keep the copy their log was taught."""
        with _lock:
            current = self._read()
            if pid not in (current.get("professions") or {}):
                return False
            was = current["professions"].pop(pid)
            self._write(current)
            back = BUILTIN.professions.get(pid)
            self._log(
                [
                    _change(
                        "professions", pid, was, back.to_dict() if back else None, by, forgot=True
                    )
                ]
            )
            return True

    def teach_landscape(self, kind: str, cells: int, by: str = BY_SCREEN) -> Catalog:
        return self.teach({"landscape_cells": {kind: cells}}, by)

    def export(self) -> dict:
        return self.catalog().to_dict()


class KnownEntries(CatalogError):
    """An imported file that would change entries this installation knows (`changes`, as the
    history words them): nothing was imported."""

    def __init__(self, changes: list[dict]):
        super().__init__(
            N_("The file would change %(num)s entries Palazzo knows; nothing was imported"),
            num=len(changes),
        )
        self.changes = changes


def same_cards_folded(before: Catalog, data: dict) -> dict:
    """`data` (catalog-file format) with each Profession card of a new id that prints a known
    card's three wishes, and gives it no other name in a language it has one in, folded into
    that card as its names: the "Bildhauer" of a German club's file is the Sculpteur a French
    phone taught here, not a second card. The same matching as the teach form's question "is
    this the Sculpteur?" (teaching.same_wishes); a file cannot answer it, so a name that
    contradicts the known card's keeps the card its own (the history and the command's report
    say which names each card gained)."""
    cards = data.get("professions")
    if not isinstance(cards, dict) or not cards:
        return data
    kept = {str(k): v for k, v in cards.items()}
    for k, v in list(kept.items()):
        if not isinstance(v, dict) or k in before.professions:
            continue
        try:
            entry = profession_from_dict(k, v)
        except CatalogError:
            continue  # the merge refuses it, naming it
        names = entry.names or {"en": entry.name}  # one name: English, as everywhere else
        card = TaughtProfession(
            k, entry.name, entry.building, entry.landscape, entry.freedom, tuple(names.items())
        )
        for pid in same_wishes(card, before):
            known = before.professions[pid]
            if all(known.names.get(language, n) == n for language, n in names.items()):
                merged = dict(kept[pid] if isinstance(kept.get(pid), dict) else known.to_dict())
                for language, name in names.items():
                    merged.setdefault(NAME_KEYS[language], name)
                kept[pid] = merged
                del kept[k]
                break
    return {**data, "professions": kept}


def _means_other(key: str, was, now) -> bool:
    """Whether an imported entry says something else than the known one: a card's wishes or a
    name it has, a tile's size, an Automa card's panels (a card's source or a name in a new
    language is no change of meaning)."""
    if key != "professions":
        return was != now
    if any(was.get(k) != now.get(k) for k in ("name", "building", "landscape", "freedom")):
        return True
    old = taught_names(was)
    return any(old.get(language, name) != name for language, name in taught_names(now).items())


def _only_new(before: Catalog, key: str, entries: dict) -> dict:
    """What a seat may add to what is known: entries nothing is known of, and for a known
    Profession card with the same three wishes the names it has in no language yet (one card
    taught at French and German phones gains both names, never a second entry)."""
    out = {}
    for k, v in entries.items():
        if not _known(before, key, k):
            out[k] = v
        elif key == "professions" and isinstance(v, dict):
            known = before.professions[k]
            names = {
                language: name
                for language, name in taught_names(v).items()
                if language not in known.names
            }
            wishes = (v.get("building"), v.get("landscape"), v.get("freedom"))
            if names and wishes == (known.building, known.landscape, known.freedom):
                entry = known.to_dict()
                entry.update({NAME_KEYS[language]: name for language, name in names.items()})
                out[k] = entry
    return out


def _known(catalog: Catalog, key: str, k) -> bool:
    """Whether `catalog` already knows entry `k` of section `key` (a size 0 is not known)."""
    if key == "professions":
        return k in catalog.professions
    if key == "landscape_cells":
        return bool(catalog.landscape_cells.get(k))
    return str(k) in catalog.automa_cards


def _words(key: str, entry) -> str | None:
    """An entry as the history shows it."""
    if entry is None:
        return None
    if key == "professions":
        return (
            f"{BUILDINGS.get(entry['building'], (entry['building'],))[0]}, "
            f"{OBJECT_NAMES.get(entry['landscape'], entry['landscape'])}, "
            f"{str(entry['freedom']).title()}"
        )
    if key == "landscape_cells":
        return f"{entry} squares"
    top = ", ".join(
        OBJECT_NAMES.get(o["object"], o["object"])
        + ("" if o["mod4"] is None else f" +{o['mod4']}")
        + (
            ""
            if o["mod5"] == o["mod4"]
            else f"/{'—' if o['mod5'] is None else '+' + str(o['mod5'])}"
        )
        for o in entry["auction"]
    )
    return (
        f"rounds {entry['rounds']}; {top}; first {', '.join(entry['first_action'])}; "
        f"second {', '.join(entry['second_action'])}"
    )


def _change(key: str, k, was, now, by: str, forgot: bool = False, who: str | None = None) -> dict:
    if key == "professions":
        what = (now or was or {}).get("name") or str(k)
    elif key == "landscape_cells":
        what = OBJECT_NAMES.get(k, str(k))
    else:
        what = f"Automa card {k}"
    return {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "by": by,
        "what": what,
        "from": _words(key, was),
        "to": _words(key, now),
        "forgot": forgot,
        # the entries themselves, so a screen words the change in its reader's language (the
        # words above are English, as older lines of the history have only them)
        "section": key,
        "id": str(k),
        "was": was,
        "now": now,
        **({"who": who} if who else {}),  # the player whose phone taught it, in a game
    }
