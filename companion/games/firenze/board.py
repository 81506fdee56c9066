"""The Firenze board as this installation learned it: taught once at the table, kept in
`instance/firenze_board.json`, and copied into every new game's `game_started` so each log
replays anywhere. Like the Princes' learned catalog (learned.py), nothing is invented: until a
table teaches the board, Firenze cannot be hosted here."""

from __future__ import annotations

import json
import os
from pathlib import Path

from .rules import Board, BoardError

FILE_NAME = "firenze_board.json"


class LearnedBoard:
    def __init__(self, folder: str | Path):
        self.path = Path(folder) / FILE_NAME

    def board(self) -> dict | None:
        """The taught board (validated), or None if this installation was never taught."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        try:
            return Board.from_dict(data).to_dict()
        except BoardError:
            return None

    def teach(self, data: dict) -> dict:
        """Validate and keep (raises BoardError and keeps nothing if it cannot be right)."""
        board = Board.from_dict(data).to_dict()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(board, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.path)
        return board
