"""What the tests of screens browser share with other tests (AS_A_PHONE_TOUCHES, WIDTH, join,
live): kept here, since a test module imports no other test module."""

from __future__ import annotations

from tests.support.notices_browser import COUNT_BUZZES

WIDTH = 390


# A phone's sticky activation, as a phone has it: set by the player's first tap or key on the
# page, gone with a reload. (Playwright's own evaluate() counts as a user gesture in Chromium,
# so the test reads the browser's rule through the same API the page's script reads.)
AS_A_PHONE_TOUCHES = """
(() => {
  let touched = false;
  const touch = () => { touched = true; };
  document.addEventListener("click", touch, true);
  document.addEventListener("keydown", touch, true);
  Object.defineProperty(Navigator.prototype, "userActivation", {
    configurable: true,
    get() { return { hasBeenActive: touched, isActive: false }; },
  });
})();
"""


def join(phones, live_server, game_id, token, *, locale=None, buzz=False, untouched=False):
    page = phones(WIDTH, locale=locale)
    if untouched:
        page.add_init_script(AS_A_PHONE_TOUCHES)
    if buzz:
        page.add_init_script(COUNT_BUZZES)
    page.goto(f"{live_server}/games/{game_id}/join/{token}")
    live(page)
    return page


def live(page):
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )
