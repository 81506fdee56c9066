"""The Princes of Florence: rules (one module per expansion), story, teaching, catalog, words,
screens and web, declared as one `Game` (game.py)."""

# What code outside the game may import (tests/platform/test_layers.py): the Game, the engine's door
# and its catalog of game data, and the installation's learned catalog (the command line's
# `catalog` and `replay --catalog`).
PUBLIC = ("game", "rules", "rules.catalog", "learned")
