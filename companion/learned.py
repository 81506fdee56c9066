"""What this installation has learned from the physical components, kept in `instance/`.

The rulebook leaves out the Profession cards' preferences, the Landscape tiles' sizes and the
Automa cards. A table teaches them once; the file here remembers them for every later game and
can be exported and imported so a club can share it.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from events.boundedjson import JsonRefused, loads

from . import instance
from .rules.catalog import BUILTIN, Catalog, CatalogError

FILE_NAME = "catalog.json"
MAX_CATALOG_BYTES = 256 * 1024  # the whole deck, every Automa card and more, many times over
_lock = threading.Lock()

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
        raise CatalogError(f"A catalog file is JSON, and this one cannot be used: {e}") from None
    if not isinstance(data, dict):
        raise CatalogError("A catalog file is one JSON object")
    try:
        CatalogFile.model_validate(data)
    except ValidationError as e:
        raise CatalogError(f"Not in the catalog file's outline: {_where(e)}") from None
    return data


def _where(error: ValidationError) -> str:
    first: dict[str, Any] = error.errors(include_url=False)[0]
    tags = ("str", "int", "float", "bool", "none", "list[", "dict[")
    path = ".".join(str(x) for x in first["loc"] if not str(x).startswith(tags))
    given = first.get("input")
    shown = type(given).__name__ if isinstance(given, (dict, list)) else repr(given)[:40]
    if first["type"] == "extra_forbidden":
        return (
            f"Unknown catalog keys: {path} (the sections are {', '.join(CatalogFile.model_fields)})"
        )
    if first["type"] == "dict_type":
        return f"{path} must be an object, not {shown}"
    if first["type"] == "list_type":
        return f"{path} must be a list, not {shown}"
    return f"{path} must be a plain value (text, a number, true or false), not {shown}"


def read_catalog_file(path: str | Path) -> dict:
    """`parse_catalog` of a file, with CatalogError for a file that cannot be read as text."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise CatalogError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_CATALOG_BYTES:
        raise CatalogError(f"{path} is far larger than any catalog file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CatalogError(
            f"{path} is not UTF-8 text (byte {raw[e.start]:#04x} at position {e.start})"
        ) from None
    return parse_catalog(text)


def instance_path() -> Path:
    return instance.folder()


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
            raise CatalogError(f"This installation's catalog file cannot be read: {e}") from e

    def catalog(self) -> Catalog:
        return BUILTIN.merged(self._read())

    def learned(self) -> dict:
        return self._read()

    def teach(self, data: dict) -> Catalog:
        """Merge `data` (catalog-file format) over what is known, and keep it."""
        with _lock:
            current = self._read()
            merged = BUILTIN.merged(current).merged(data)  # raises CatalogError, keeps nothing
            for key in ("professions", "landscape_cells", "automa_cards"):
                if data.get(key):
                    current.setdefault(key, {}).update(
                        {
                            str(k): v
                            for k, v in merged.to_dict()[key].items()
                            if str(k) in {str(x) for x in data[key]}
                        }
                    )
            self._write(current)
            return merged

    def _write(self, data: dict):
        """Whole-file replace, so a crash never leaves half a catalog; owner-only."""
        instance.write_private(self.path, json.dumps(data, indent=1, sort_keys=True))

    def teach_profession(
        self, pid: str, building: str, landscape: str, freedom: str, name: str | None = None
    ) -> Catalog:
        return self.teach(
            {
                "professions": {
                    pid: {
                        "name": name or pid.replace("_", " ").title(),
                        "building": building,
                        "landscape": landscape,
                        "freedom": freedom,
                        "verified": True,
                        "source": "taught at the table",
                    }
                }
            }
        )

    def forget_profession(self, pid: str) -> bool:
        """Drop a taught card (a misspelt name would otherwise block the 21st); built-in cards
        go back to their built-in entry. Games keep the copy their log was taught."""
        with _lock:
            current = self._read()
            if pid not in (current.get("professions") or {}):
                return False
            del current["professions"][pid]
            self._write(current)
            return True

    def teach_landscape(self, kind: str, cells: int) -> Catalog:
        return self.teach({"landscape_cells": {kind: cells}})

    def export(self) -> dict:
        return self.catalog().to_dict()

    def import_file(self, text: str) -> Catalog:
        return self.teach(parse_catalog(text))
