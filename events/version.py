"""Which release of Palazzo this is, as its package says (pyproject.toml's version)."""

from __future__ import annotations

from functools import cache


@cache
def release() -> str:
    """The installed package's version; "unknown" when run from files no install made."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("palazzo")
    except PackageNotFoundError:
        return "unknown"
