"""What the tests of table share with other tests (record_game, teach_everything): kept here, since
a test module imports no other test module."""

from companion.games.princes.learned import LearnedCatalog
from companion.games.princes.rules.autoplay import simulation_catalog


def teach_everything(tmp_path):
    """The simulation's cards, taught to this installation as a table would."""
    learned = LearnedCatalog(tmp_path / "instance")
    learned.teach(simulation_catalog().to_dict())
    return learned


def record_game(table, log, by="host"):
    started = {k: v for k, v in log[0].items() if k != "type"}
    game_id, _ = table.create_game(started)
    for ev in log[1:]:
        table.record(game_id, ev, by=by)
    return game_id
