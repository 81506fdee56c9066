"""A TV read from 3 m, measured in Chromium: at 1920 x 1080 nothing on the
table screen that a player needs is drawn under 24 px (48 px at 3840 x 2160): the round, the
auction, the supply, the last events, the status chips, each player's facts, the Fame track's
labels (SVG text measured as drawn, after the SVG's scaling). At game end the TV shows the
winners, the score sheet and the chart on that one screen, as large.

Left out on purpose: the top bar and the links for the host at the bottom (used at arm's
length), the seat marks' initials (the name is written beside each), and the squares of each
Principality, whose colours show the shape: the TV names every piece in the lines below
(the squares carry no text there).
"""

from __future__ import annotations

import pytest

from tests.support.shots import shoot
from tests.support.table_games import finished_game, tv_game

pytestmark = pytest.mark.browser

SIZES_JS = r"""
(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || ['title', 'TITLE', 'STYLE', 'SCRIPT'].includes(el.tagName)) continue;
    if (el.closest('.seat-mark, .visually-hidden, .sr-only') || el.matches('text.initial')) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    // drawn inside what the viewer sees (a card's overflow may hide the rest)
    const clip = el.closest('.seat-card, .board-told, .board-final');
    const box = clip ? clip.getBoundingClientRect() : null;
    if (!rects.some(r => r.bottom > 0 && r.top < innerHeight && (!box || (r.top < box.bottom && r.bottom > box.top)))) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) px *= el.getScreenCTM().a;  // user units -> pixels drawn
    out.push({text: n.nodeValue.trim().slice(0, 40), px: Math.round(px * 10) / 10,
              where: el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '')});
  }
  return out;
}
"""

TV = {(1920, 1080): 24, (3840, 2160): 48}


def open_tv(browser, live_server, game_id, tokens, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(8000)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/join/{tokens.spectator}")
    page.goto(f"{live_server}/games/{game_id}/table")
    page.wait_for_selector("#board")
    return context, page


def too_small(page, smallest: float) -> tuple[list[dict], int]:
    """The texts a player needs (the presence dots and the board) drawn under `smallest` px."""
    seen = page.locator("#presence").evaluate(SIZES_JS) + page.locator("#board").evaluate(SIZES_JS)
    return [t for t in seen if t["px"] + 0.05 < smallest], len(seen)


# 4K is 1080p drawn twice as large: 5 and 2 players cover both ends.
SIZES_FOR = {5: list(TV), 4: [(1920, 1080)], 3: [(1920, 1080)], 2: list(TV)}


@pytest.mark.parametrize("players", [5, 4, 3, 2])
def test_nothing_a_player_needs_is_small_during_an_auction(app, browser, live_server, players):
    """One page per game, resized to each of its TV sizes (the layout is CSS alone)."""
    game_id, tokens = tv_game(app, players=players)
    context, page = open_tv(browser, live_server, game_id, tokens, *SIZES_FOR[players][0])
    try:
        for width, height in SIZES_FOR[players]:
            page.set_viewport_size({"width": width, "height": height})
            readable_from_afar(page, players, width, height)
    finally:
        context.close()


def readable_from_afar(page, players: int, width: int, height: int) -> None:
    small, seen = too_small(page, TV[width, height])
    assert seen > 40, seen  # the measure saw the board: names, facts, events, labels
    assert small == [], (width, small)
    # the facts of every card fit in it: the card's space is used, nothing cut off
    cut = page.eval_on_selector_all(
        ".seat-body .facts",
        "els => els.filter(e => e.getBoundingClientRect().bottom >"
        " e.closest('.seat-card').getBoundingClientRect().bottom + 1).map(e => e.innerText)",
    )
    assert cut == [], (width, cut)
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    # the Fame track's labels, measured as drawn
    track = [
        t
        for t in page.locator("svg.fame-track-wide").evaluate(SIZES_JS)
        if t["where"].startswith("text")
    ]
    assert len(track) >= 10 + players and min(t["px"] for t in track) >= TV[width, height]


@pytest.mark.screenshots  # its 1080p picture is the README's (scripts/screenshots)
def test_the_tv_shows_the_final_scores_on_one_screen(app, browser, live_server):
    """One page, resized to each TV size (the layout is CSS alone)."""
    game_id, tokens = finished_game(app)
    context, page = open_tv(browser, live_server, game_id, tokens, *list(TV)[0])
    try:
        for width, height in TV:
            page.set_viewport_size({"width": width, "height": height})
            final = page.locator("#board .board-final")
            assert "Leon wins!" in final.locator(".winner-line").inner_text()
            totals = final.locator(".score-sheet tfoot .total td").all_inner_texts()
            assert totals == ["49", "43", "36"]
            for part in (".score-sheet", "svg.fame-chart", ".legend", ".prestige-list"):
                box = final.locator(part).first.bounding_box()
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, part
                assert box["x"] + box["width"] <= width + 0.5, part
            assert page.evaluate("document.documentElement.scrollHeight") <= height
            small, seen = too_small(page, TV[width, height])
            assert seen > 40 and small == [], (width, small)
            chart = [t for t in final.locator("svg.fame-chart").evaluate(SIZES_JS)]
            assert chart and min(t["px"] for t in chart) >= TV[width, height], (width, chart)
            if width == 1920:
                shoot(page, "table-tv-end.png")
    finally:
        context.close()
