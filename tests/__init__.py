"""Palazzo's tests, laid out as the code is: `platform/` for the kernel and the platform,
`games/<game>/` for each game, `support/` for the helpers and fixtures they share."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the checkout the tests check
DATA = ROOT / "tests" / "data"  # the test data: invented cards, logs, an old club's database
