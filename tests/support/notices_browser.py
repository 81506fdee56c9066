"""What the tests of notices browser share with other tests (COUNT_BUZZES, buzzes): kept here,
since a test module imports no other test module."""

from __future__ import annotations

# Counts the phone's calls to the Vibration API (and still makes them).
COUNT_BUZZES = """
window.buzzes = [];
if (navigator.vibrate) {
  const vibrate = navigator.vibrate.bind(navigator);
  navigator.vibrate = (pattern) => { window.buzzes.push(pattern); return vibrate(pattern); };
}
"""


def buzzes(page) -> int:
    return page.evaluate("window.buzzes.length")
