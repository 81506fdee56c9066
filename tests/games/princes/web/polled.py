"""Waiting for a page's next poll instead of sleeping through its interval.

A fragment that htmx asks for again (`data-hx-trigger="every Ns"`: the table's presence dots; a
phone's alerts when its stream is nudged) changes nothing when nothing changed; a test that must see
"one more look came back, and still ..." used to sleep past the interval. `watch(page, path,
target)` starts counting the page's requests to `path` from now on; `next_look(page, path)`
returns once one of them has come back and, if it was redrawn, once htmx has settled the new
`target` (the page's own handlers for that settle, a buzz for one, have run by then).
"""

from __future__ import annotations

WATCH_JS = """
([path, target]) => {
  const looks = (window.polledLooks = window.polledLooks || {});
  if (looks[path]) { looks[path].length = 0; return; }
  looks[path] = [];
  document.addEventListener("htmx:afterRequest", (e) => {
    if ((e.detail.pathInfo.requestPath || "").includes(path)) looks[path].push(e.detail.xhr.status);
  });
  document.addEventListener("htmx:afterSettle", (e) => {
    if (e.target.closest && e.target.closest(target)) looks[path].push("drawn");
  });
}
"""

LOOKED_JS = """
(path) => {
  const looks = window.polledLooks[path];
  const i = looks.findIndex((x) => x !== "drawn");
  return i >= 0 && (looks[i] === 204 || looks.slice(i + 1).includes("drawn"));
}
"""


def watch(page, path: str, target: str) -> None:
    """Count `page`'s requests whose path holds `path` from now on (`target`: the selector of
    the fragment they redraw)."""
    page.evaluate(WATCH_JS, [path, target])


def next_look(page, path: str) -> None:
    """Wait until a request to `path` made since `watch` came back: unchanged (204), or
    redrawn and settled."""
    page.wait_for_function(LOOKED_JS, arg=path)
