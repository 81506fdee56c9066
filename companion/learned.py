"""What this installation has learned from the physical components, kept in `instance/`.

The rulebook leaves out the Profession cards' preferences, the Landscape tiles' sizes and the
Automa cards. A table teaches them once; the file here remembers them for every later game and
can be exported and imported so a club can share it.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from .rules.catalog import BUILTIN, Catalog, CatalogError

FILE_NAME = "catalog.json"
_lock = threading.Lock()


def instance_path() -> Path:
    return Path(os.environ.get("PALAZZO_INSTANCE") or Path.cwd() / "instance")


class LearnedCatalog:
    """The built-in catalog merged with this installation's file; every change is validated."""

    def __init__(self, folder: str | Path | None = None):
        self.path = Path(folder or instance_path()) / FILE_NAME

    def _read(self) -> dict:
        try:
            return json.loads(self.path.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as e:
            raise CatalogError(f"The catalog file {self.path} cannot be read: {e}") from e

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
        """Whole-file replace, so a crash never leaves half a catalog."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
        os.replace(tmp, self.path)

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
        try:
            data = json.loads(text)
        except ValueError as e:
            raise CatalogError(f"A catalog file is JSON: {e}") from e
        return self.teach(data)
