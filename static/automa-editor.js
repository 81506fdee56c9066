/* The Automa card editor's one behaviour (CSP: no inline script; loaded with the editor, once).
 *
 * The top panel is a row per object. Tapping an object's die modifier (or its 5-player one) in
 * a row without a place gives that row the next free place from the left, so copying a card
 * left to right is one tap per object. When one row is left without a place and one place is
 * free, it takes it. Tapping a place taken by another row moves that row's place away. The
 * server reads the same fields, and does the last step itself (companion/games/princes/teaching.py).
 */
(function () {
  "use strict";
  if (window.palazzoAutomaEditor) return;
  window.palazzoAutomaEditor = true;

  function rowsOf(panel) { return Array.prototype.slice.call(panel.querySelectorAll(".object-row")); }
  function placeOf(row) {
    var checked = row.querySelector("input[name^='at_']:checked");
    return checked ? checked.value : null;
  }
  function setPlace(row, value) {
    var box = row.querySelector("input[name^='at_'][value='" + value + "']");
    if (box) box.checked = true;
  }
  function freePlaces(panel) {
    var used = rowsOf(panel).map(placeOf);
    var first = rowsOf(panel)[0];
    var all = first ? first.querySelectorAll("input[name^='at_']") : [];
    var out = [];
    for (var i = 0; i < all.length; i++) if (used.indexOf(all[i].value) < 0) out.push(all[i].value);
    return out;
  }
  function lastOne(panel) {
    var unplaced = rowsOf(panel).filter(function (r) { return placeOf(r) === null; });
    var free = freePlaces(panel);
    if (unplaced.length === 1 && free.length === 1) setPlace(unplaced[0], free[0]);
  }
  function touched(row) {
    var panel = row.closest("[data-top-panel]");
    if (!panel) return;
    if (placeOf(row) === null) {
      var free = freePlaces(panel);
      if (free.length) setPlace(row, free[0]);
    }
    lastOne(panel);
  }

  document.addEventListener("click", function (e) {
    var input = e.target;
    if (!input || input.tagName !== "INPUT" || input.type !== "radio") return;
    var row = input.closest && input.closest("[data-top-panel] .object-row");
    if (!row) return;
    if (input.name.indexOf("at_") === 0) {
      rowsOf(row.closest("[data-top-panel]")).forEach(function (other) {
        if (other !== row && placeOf(other) === input.value) {
          var box = other.querySelector("input[name^='at_']:checked");
          if (box) box.checked = false;
        }
      });
      return;
    }
    touched(row);
  });
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (!select || select.tagName !== "SELECT" || select.name.indexOf("mod5x_") !== 0) return;
    var row = select.closest("[data-top-panel] .object-row");
    if (!row) return;
    var other = row.querySelector("input[name^='mod5_'][value='other']");
    if (other) other.checked = true;
    touched(row);
  });
})();
