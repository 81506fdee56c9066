"""Errors callers are expected to catch and act on, so each carries the facts needed to recover."""


class EventStoreError(Exception):
    """Base class so the web layer can map every store failure to one HTTP response path."""


class UnknownGame(EventStoreError, LookupError):
    def __init__(self, game_id: str):
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class GameExists(EventStoreError):
    def __init__(self, game_id: str):
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class SeqConflict(EventStoreError):
    """Someone appended first; `last_seq` lets the caller re-validate and retry without a re-read."""

    def __init__(self, game_id: str, expected_seq: int, last_seq: int):
        super().__init__(
            f"game {game_id!r}: expected last seq {expected_seq}, but it is {last_seq}"
        )
        self.game_id = game_id
        self.expected_seq = expected_seq
        self.last_seq = last_seq


class EventIdClash(EventStoreError):
    """Event ids are global idempotency keys; reuse across games is a client bug, never a retry."""

    def __init__(self, event_id: str, game_id: str, other_game_id: str):
        # Only that the id is taken: the other game's id is a secret of that game's players.
        super().__init__(f"event id {event_id!r} is already used")
        self.event_id = event_id
        self.game_id = game_id
        self.other_game_id = other_game_id


class InvalidEvent(EventStoreError, ValueError):
    """Rejected before touching the database, so a bad event never reaches the log."""


class InvalidJsonl(InvalidEvent):
    def __init__(self, line_no: int, message: str):
        super().__init__(f"line {line_no}: {message}")
        self.line_no = line_no
