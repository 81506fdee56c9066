"""The Firenze rules stay pure, like the Princes': no web, no database, no clock, no chance."""

from pathlib import Path

import companion.games.firenze.rules
from tests.support.rules_purity import FORBIDDEN, imported_modules


def test_the_firenze_rules_import_nothing_impure():
    files = sorted(Path(companion.games.firenze.rules.__file__).parent.glob("*.py"))
    assert len(files) >= 10
    for path in files:
        bad = set(imported_modules(path)) & (FORBIDDEN | {"random", "companion"})
        # the shared core: a Firenze Refusal is a companion.core Refusal, the log is folded by
        # the one fold both games share (companion/core/fold.py), and the events are declared
        # on the one typed base both games share (companion/core/schema.py); the state is
        # copied by the one JSON copy both games share (companion/core/jsoncopy.py)
        if path.name in ("refusals.py", "engine.py", "schema.py", "state.py"):
            bad.discard("companion")
        assert not bad, f"{path.name} imports {bad}"
