"""Accessibility checks run inside Chromium on a rendered page.

One audit, four questions a screen must answer (WCAG 2.2 AA):
- `unnamed(page)`: every interactive element has a name in Playwright's accessibility tree
  (`aria_snapshot`), and the page has its landmarks, one h1 and headings that go down one level
  at a time.
- `low_contrast(page)`: the colour of every visible text node against what is really painted
  behind it (backgrounds composited through every ancestor's alpha and opacity), >= 4.5:1, or
  3:1 for large text; the boundary of every form control >= 3:1 (WCAG 1.4.11).
- `overflowing(page)`: nothing wider than the viewport (run it at 360 px with 200 % text, set
  the way a phone's text-size setting sets it: `large_text(page)`).
- keyboard checks live in the tests (Tab and Enter only).
- `axe(page)`: Deque's axe-core (the npm package, see `axe_source`), injected into the page,
  runs its WCAG 2.x A/AA rules; a second opinion written by people who are not us.

The ratio is computed once, in `CONTRAST_JS`, and `tests/platform/web/test_a11y_browser.py` shows it
failing on a known bad pair, so a passing screen means something.
"""

from __future__ import annotations

import re
import shutil
import subprocess

from tests import ROOT

# -- contrast --------------------------------------------------------------------------------

CONTRAST_JS = r"""
(root) => {
  const parse = (c) => {
    const m = c && c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below, alpha) => {
    const a = top[3] * alpha;
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const mix = (inner, below, opacity) => over(inner.slice(0, 3).concat([1]), below, opacity);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c) => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');
  // What is painted at the element: every ancestor's background (html first), each group
  // faded by its opacity; `ink` (the text colour) is drawn last when given.
  const painted = (el, ink) => {
    const chain = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) chain.unshift(e);
    const paint = (i, below) => {
      const e = chain[i], cs = getComputedStyle(e);
      let here = below;
      if (!(e instanceof SVGElement)) here = over(parse(cs.backgroundColor) || [0, 0, 0, 0], below, 1);
      here = i === chain.length - 1 ? (ink ? over(ink, here, 1) : here) : paint(i + 1, here);
      return mix(here, below, Number(cs.opacity));
    };
    return paint(0, [255, 255, 255, 1]);
  };
  const unknown = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundImage;
      if (bg && bg !== 'none') return true;
    }
    return false;
  };
  // An SVG text sits on the shape under its middle (a marker, a strip), not on its parent:
  // the last shape painted before it whose box holds the text's centre.
  const svgBackdrop = (el) => {
    const svg = el.ownerSVGElement;
    if (!svg) return painted(el);
    const r = el.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    const shapes = [...svg.querySelectorAll('rect, circle, ellipse, polygon, path')];
    for (const h of shapes.reverse()) {
      if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const b = h.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
      const fill = parse(getComputedStyle(h).fill);
      if (fill && fill[3] > 0) return over(fill, painted(svg), Number(getComputedStyle(h).fillOpacity));
    }
    return painted(svg);
  };
  const inert = (el) => el.closest(':disabled, [aria-disabled="true"], [inert], [hidden]');
  const shown = (el) => {
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;  // .sr-only text is read, not seen
  };
  const found = [];
  let checked = 0;
  const judge = (el, text, inkColour, need, what) => {
    const ink = parse(inkColour);
    if (!ink) return;
    let fg, bg;
    if (el instanceof SVGElement) {
      bg = svgBackdrop(el);
      fg = over(ink, bg, Number(getComputedStyle(el).opacity));
    } else {
      bg = painted(el, null);
      fg = painted(el, ink);
    }
    checked += 1;
    const r = ratio(fg, bg);
    if (r + 1e-6 < need) {
      found.push({what, text: text.trim().slice(0, 60), fg: hex(fg), bg: hex(bg),
                  ratio: Math.round(r * 100) / 100, need,
                  where: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                         (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '')});
    }
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || ['SCRIPT', 'STYLE', 'TITLE', 'OPTION', 'title'].includes(el.tagName)) continue;
    if (!shown(el) || inert(el) || unknown(el)) continue;
    const cs = getComputedStyle(el);
    const px = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const large = px >= 24 || (bold && px >= 18.66);
    const colour = el instanceof SVGElement ? cs.fill : cs.color;
    judge(el, n.nodeValue, colour, large ? 3 : 4.5, 'text');
  }
  // Typed text and the boundary that shows a control is there (WCAG 1.4.11).
  for (const el of root.querySelectorAll('input:not([type=hidden]), select, textarea')) {
    if (!shown(el) || inert(el) || unknown(el)) continue;
    const cs = getComputedStyle(el);
    if (['text', 'number', 'search', 'email', 'url', 'tel', 'password'].includes(el.type) || el.tagName !== 'INPUT')
      if (el.value) judge(el, el.value, cs.color, 4.5, 'typed text');
    const edge = parse(cs.borderTopColor);
    if (parseFloat(cs.borderTopWidth) >= 1 && edge && el.parentElement) {
      const outside = painted(el.parentElement, null);
      const line = over(edge, outside, 1);
      checked += 1;
      const r = ratio(line, outside);
      if (r + 1e-6 < 3) found.push({what: 'control edge', text: el.name || el.id || el.type,
        fg: hex(line), bg: hex(outside), ratio: Math.round(r * 100) / 100, need: 3,
        where: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')});
    }
  }
  return {checked, found};
}
"""


def contrast(page, selector: str = "body") -> dict:
    """{'checked': n, 'found': [failures]} for the text under `selector`."""
    return page.locator(selector).first.evaluate(CONTRAST_JS)


def low_contrast(page, selector: str = "body") -> list[dict]:
    report = contrast(page, selector)
    assert report["checked"] > 0, "no visible text was checked: the audit saw nothing"
    return report["found"]


# -- names, landmarks, headings ---------------------------------------------------------------

INTERACTIVE = {
    "button",
    "link",
    "textbox",
    "checkbox",
    "radio",
    "combobox",
    "spinbutton",
    "slider",
    "switch",
    "tab",
    "menuitem",
    "searchbox",
    "listbox",
    "img",
}
QUOTED = re.compile(r"^(?P<indent>\s*)- '(?P<body>(?:[^']|'')*)'")
LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<rest>.*)$')


def tree(page) -> list[tuple[str, str, str]]:
    """(role, name, the rest of the line) for every node of the page's aria snapshot."""
    out = []
    for line in page.locator("body").aria_snapshot().splitlines():
        quoted = QUOTED.match(line)  # YAML quotes a whole line that holds ": "
        if quoted:
            line = f"{quoted['indent']}- {quoted['body'].replace(chr(39) * 2, chr(39))}"
        m = LINE.match(line)
        if m:
            out.append((m["role"], (m["name"] or "").strip(), m["rest"]))
    return out


def unnamed(page) -> list[str]:
    """Everything a screen reader would announce without a name, and landmark or heading
    problems, as readable lines (empty when the page is fine)."""
    nodes = tree(page)
    problems = [
        f"{role} without a name" + (f" ({rest.strip(': ')})" if rest.strip(": ") else "")
        for role, name, rest in nodes
        if role in INTERACTIVE and not name
    ]
    roles = [role for role, _, _ in nodes]
    for landmark in ("banner", "main"):
        if landmark not in roles:
            problems.append(f"no {landmark} landmark")
    levels = [
        int(m.group(1))
        for role, _, rest in nodes
        if role == "heading"
        for m in [re.search(r"\[level=(\d)\]", rest)]
        if m
    ]
    if levels.count(1) != 1:
        problems.append(f"{levels.count(1)} h1 headings (one wanted): {levels}")
    for before, after in zip(levels, levels[1:], strict=False):
        if after > before + 1:
            problems.append(f"heading level jumps from h{before} to h{after}: {levels}")
            break
    if not page.evaluate("document.documentElement.lang"):
        problems.append("no lang on <html>")
    return problems


# -- large text, reflow -----------------------------------------------------------------------


def large_text(page, percent: int = 200) -> None:
    """Set the browser's default text size the way a phone's text-size setting does (16 px at
    100 %), then let the page lay itself out again."""
    cdp = page.context.new_cdp_session(page)
    size = round(16 * percent / 100)
    cdp.send(
        "Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": round(13 * percent / 100)}}
    )
    page.wait_for_function(f"() => parseFloat(getComputedStyle(document.body).fontSize) >= {size}")


OVERFLOW_JS = r"""
() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width + 1)
    out.push({where: 'page', right: document.documentElement.scrollWidth, width});
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    // inside a region that scrolls sideways on purpose (a wide table)? fine if that region fits
    let inScroller = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') { inScroller = true; break; }
    }
    if (inScroller) continue;
    if (r.right > width + 1 || r.left < -1)
      out.push({where: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''),
                text: (el.innerText || '').trim().slice(0, 40), left: Math.round(r.left), right: Math.round(r.right), width});
  }
  return out.slice(0, 12);
}
"""


def broken_over_lines(page, selector: str) -> list[str]:
    """The texts of `selector`'s elements that take more than one line: names that must read
    as one word ("Palazzo", "3200 Florin", "0 PP") however large the text."""
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.checkVisibility()).filter(e => {
            const r = e.getBoundingClientRect();
            return r.height > 1.9 * parseFloat(getComputedStyle(e).lineHeight || 0)
                || r.height > 2.2 * parseFloat(getComputedStyle(e).fontSize);
        }).map(e => e.innerText)""",
    )


BROKEN_WORDS_JS = r"""
(skip) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !el.checkVisibility() || el.closest('.sr-only, .visually-hidden')) continue;
    if (skip && el.closest(skip)) continue;
    const word = /[\p{L}\p{N}]{2,}/gu;
    for (let m = word.exec(n.nodeValue); m; m = word.exec(n.nodeValue)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out;
}
"""


def broken_words(page, skip: str = "") -> list[str]:
    """Every word the page draws over two lines ("Diete/r"), outside `skip` (a selector)."""
    return page.evaluate(BROKEN_WORDS_JS, skip)


def overflowing(page) -> list[dict]:
    """Elements reaching past the viewport's sides (and the page scrolling sideways)."""
    return page.evaluate(OVERFLOW_JS)


def audit(page, *, contrast_of: str = "body") -> list:
    """Every problem of the page as it is now: names/landmarks/headings, then contrast."""
    return unnamed(page) + low_contrast(page, contrast_of)


# -- axe-core ---------------------------------------------------------------------------------

AXE_VERSION = "4.14.1"
AXE_PREFIX = ROOT / "build" / "npm"
AXE_FILE = AXE_PREFIX / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_source() -> str:
    """axe-core's script, installed from the npm registry into build/npm by scripts/system-deps
    (or here, once, when a checkout has not run it yet)."""
    if not AXE_FILE.exists():
        npm = shutil.which("npm")
        assert npm, "axe-core is missing and there is no npm to install it: run scripts/system-deps"
        subprocess.run(
            [
                npm,
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(AXE_PREFIX),
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return AXE_FILE.read_text(encoding="utf-8")


def axe(page, selector: str = "html") -> list[str]:
    """axe-core's WCAG A/AA violations of the page as it is now, one readable line per node
    (empty when it finds none). Evaluated through the DevTools protocol, so the page's own
    Content-Security-Policy does not stop it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    result = page.evaluate(
        """async ([selector, tags]) => {
            const r = await axe.run(document.querySelector(selector),
                                    {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
            return {passes: r.passes.length, violations: r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}))};
        }""",
        [selector, AXE_TAGS],
    )
    assert result["passes"] > 0, "axe-core passed no rule: it saw nothing"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {n['target']}: {n['summary']}"
        for v in result["violations"]
        for n in v["nodes"]
    ]
