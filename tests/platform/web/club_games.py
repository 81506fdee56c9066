"""What the tests of club share with other tests (record_game): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from companion.web.recording import get_table


def record_game(app, log) -> str:
    """The log recorded event by event through the Table, as the table records it."""
    table = get_table(app)
    game_id, _ = table.create_game({k: v for k, v in log[0].items() if k != "type"})
    for e in log[1:]:
        table.record(game_id, e, by="host")
    return game_id
