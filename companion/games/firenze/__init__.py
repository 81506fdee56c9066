"""Firenze: rules, board, words, forms, screens and web, declared as one `Game` (game.py)."""

# What code outside the game may import (tests/platform/test_layers.py): the Game, and its rules' door.
PUBLIC = ("game", "rules")
