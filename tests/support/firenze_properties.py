"""What the tests of properties share with other tests (SETTINGS): kept here, since a test module
imports no other test module."""

from __future__ import annotations

from hypothesis import settings

SETTINGS = settings(max_examples=25)  # deadline, health checks, randomness: tests/conftest.py
