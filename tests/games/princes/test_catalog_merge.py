"""Merging a catalog is remembered (catalog.py, `Catalog.merged`): the same data merged into
the same catalog gives the catalog merged last time, and never one a fresh merge would not."""

from __future__ import annotations

import pytest

from companion.games.princes.rules import catalog as catalogs
from companion.games.princes.rules.catalog import BUILTIN, Catalog, CatalogError
from tests.support.solo_table import SOLO_CATALOG_DATA

ENTRY = {"building": "chapel", "landscape": "lake", "freedom": "travel", "name": "Taught"}


def fresh(base: Catalog, data: dict) -> Catalog:
    """The merge done from scratch, nothing remembered."""
    catalogs._MERGED.clear()
    return base.merged(data)


def test_the_same_merge_gives_the_same_catalog_as_a_fresh_one():
    first = BUILTIN.merged(SOLO_CATALOG_DATA)
    assert BUILTIN.merged(SOLO_CATALOG_DATA) is first
    assert BUILTIN.merged(dict(SOLO_CATALOG_DATA)) is first  # equal data, another object
    assert fresh(BUILTIN, SOLO_CATALOG_DATA) == first
    assert first.automa_cards and first.professions != BUILTIN.professions


def test_another_catalog_or_other_data_is_merged_afresh():
    one = BUILTIN.merged({"landscape_cells": {"forest": 4}})
    two = one.merged({"landscape_cells": {"lake": 3}})
    assert two.landscape_cells == {**BUILTIN.landscape_cells, "forest": 4, "lake": 3}
    other = Catalog(landscape_cells={"forest": 2, "lake": 0, "park": 0})
    assert other.merged({"landscape_cells": {"lake": 3}}).landscape_cells["forest"] == 2
    assert BUILTIN.merged({"landscape_cells": {"forest": 5}}).landscape_cells["forest"] == 5


def test_a_key_that_prints_alike_is_not_taken_for_another():
    """A Profession id must be a string: "9" is one, the number 9 is refused, although JSON
    would write both keys alike."""
    assert "9" in BUILTIN.merged({"professions": {"9": ENTRY}}).professions
    with pytest.raises(CatalogError):
        BUILTIN.merged({"professions": {9: ENTRY}})
    cells = BUILTIN.merged({"landscape_cells": {"forest": 1}})
    with pytest.raises(CatalogError):
        BUILTIN.merged({"landscape_cells": {"forest": True}})
    assert cells.landscape_cells["forest"] == 1


def test_a_refused_merge_is_refused_every_time_and_not_kept():
    bad = {"landscape_cells": {"sea": 3}}
    for _ in range(2):
        with pytest.raises(CatalogError):
            BUILTIN.merged(bad)
    assert all(repr(bad) != key[1] for key in catalogs._MERGED)


def test_what_is_remembered_is_bounded():
    for size in range(catalogs.MERGED_KEPT + 20):
        BUILTIN.merged({"landscape_cells": {"park": size % 13}, "professions": {f"p{size}": ENTRY}})
    assert len(catalogs._MERGED) == catalogs.MERGED_KEPT
