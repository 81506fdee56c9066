"""The rules engine stays pure: no web framework, no database, no clock, no randomness."""

from pathlib import Path

import companion.games.princes.rules
from tests.support.rules_purity import FORBIDDEN, imported_modules

ALLOWED_ELSEWHERE = {"autoplay.py": {"random"}}


def test_the_engine_imports_nothing_impure():
    folder = Path(companion.games.princes.rules.__file__).parent
    files = sorted(folder.glob("*.py"))
    assert len(files) > 10
    for path in files:
        bad = set(imported_modules(path)) & FORBIDDEN
        assert not bad, f"{path.name} imports {bad}"
        if "random" in set(imported_modules(path)):
            assert "random" in ALLOWED_ELSEWHERE.get(path.name, ()), path.name
