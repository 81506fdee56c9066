"""The service as a game's own modules see it, where they need no web (its learned catalog):
the one module of companion/service a game imports outside its screens."""

from __future__ import annotations

from . import instance

__all__ = ["instance"]
