/* The phone panel's small behaviours (templates/phone/; CSP: no inline script).
 *
 * 1. Grid composers (form[data-grid]): tapping an empty square toggles it, [data-clear-cells]
 *    untaps them all; the hidden `cells` field always holds the tapped squares as JSON
 *    [[row, col], ...].
 * 2. Forms marked data-keep="<key>" keep what the player ticked, typed or tapped when the
 *    panel is redrawn by a live refresh (another player moved): the new panel gets the same
 *    choices back, so nobody loses a half-chosen hand. Answers to the player's own taps are
 *    drawn by the server as they are.
 * 3. data-choose="<n>" forms count the ticked boxes.
 * 4. A buzz when it becomes your turn or a bid is asked of you: the panel's data-buzz names the
 *    event that made it so (empty otherwise); the phone vibrates once per name (Vibration API,
 *    where the phone has it, once the player has touched the page: browsers allow no buzz
 *    before), remembered for the tab so a reload does not buzz again. Each open check's banner
 *    ([data-alert-buzz]) buzzes once the same way. On a page not touched yet (a reload) a hint
 *    ([data-buzz-hint]) asks for one tap, and a buzz held back until then comes with it.
 */
(function () {
  "use strict";

  function cellsOf(form) {
    var out = [];
    var pressed = form.querySelectorAll("[data-cell][aria-pressed='true']");
    for (var i = 0; i < pressed.length; i++) {
      var rc = pressed[i].getAttribute("data-cell").split(",");
      out.push([parseInt(rc[0], 10), parseInt(rc[1], 10)]);
    }
    return out;
  }

  function syncGrid(form) {
    var cells = cellsOf(form);
    var field = form.querySelector("[data-cells]");
    if (field) field.value = JSON.stringify(cells);
    var count = form.querySelector("[data-count]");
    if (count) count.textContent = String(cells.length);
  }

  function syncCount(form) {
    var count = form.querySelector("[data-count]");
    if (count) count.textContent = String(form.querySelectorAll("input[type='checkbox']:checked").length);
  }

  document.addEventListener("click", function (e) {
    var clear = e.target && e.target.closest && e.target.closest("form[data-grid] [data-clear-cells]");
    if (clear) {
      e.preventDefault();
      var form = clear.closest("form");
      var pressed = form.querySelectorAll("[data-cell][aria-pressed='true']");
      for (var i = 0; i < pressed.length; i++) pressed[i].setAttribute("aria-pressed", "false");
      syncGrid(form);
      return;
    }
    var cell = e.target && e.target.closest && e.target.closest("form[data-grid] [data-cell]");
    if (!cell) return;
    e.preventDefault();
    cell.setAttribute("aria-pressed", cell.getAttribute("aria-pressed") === "true" ? "false" : "true");
    syncGrid(cell.closest("form"));
  });

  document.addEventListener("change", function (e) {
    var form = e.target && e.target.closest && e.target.closest("form[data-choose]");
    if (form) syncCount(form);
  });

  // -- keeping choices across live refreshes ---------------------------------------------

  function snapshot(root) {
    var saved = {};
    var forms = root.querySelectorAll("form[data-keep]");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      var state = { checked: [], values: {}, cells: cellsOf(form) };
      var inputs = form.querySelectorAll("input, select, textarea");
      for (var j = 0; j < inputs.length; j++) {
        var input = inputs[j];
        if (!input.name || input.type === "hidden") continue;
        if (input.type === "checkbox" || input.type === "radio") {
          if (input.checked) state.checked.push(input.name + "=" + input.value);
        } else {
          state.values[input.name] = input.value;
        }
      }
      saved[form.getAttribute("data-keep")] = state;
    }
    return saved;
  }

  function restore(root, saved) {
    var forms = root.querySelectorAll("form[data-keep]");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      var state = saved[form.getAttribute("data-keep")];
      if (!state) continue;
      var inputs = form.querySelectorAll("input, select, textarea");
      for (var j = 0; j < inputs.length; j++) {
        var input = inputs[j];
        if (!input.name || input.type === "hidden") continue;
        if (input.type === "checkbox" || input.type === "radio") {
          input.checked = state.checked.indexOf(input.name + "=" + input.value) >= 0;
        } else if (Object.prototype.hasOwnProperty.call(state.values, input.name)) {
          input.value = state.values[input.name];
        }
      }
      if (form.hasAttribute("data-grid")) {
        var wanted = {};
        for (var k = 0; k < state.cells.length; k++) wanted[state.cells[k].join(",")] = true;
        var buttons = form.querySelectorAll("[data-cell]");
        for (var b = 0; b < buttons.length; b++) {
          buttons[b].setAttribute("aria-pressed", wanted[buttons[b].getAttribute("data-cell")] ? "true" : "false");
        }
        syncGrid(form);
      }
      if (form.hasAttribute("data-choose")) syncCount(form);
    }
  }

  // -- a buzz when it becomes your turn, or the table asks for a check ----------------------

  // Browsers refuse to vibrate a page nobody has touched yet (a reload counts as new): until
  // then a hint asks for one tap, and the buzz that was held back comes with that tap.
  function touched() {
    return !(navigator.userActivation && !navigator.userActivation.hasBeenActive);
  }

  function hint(show) {
    var el = document.querySelector("[data-buzz-hint]");
    if (el) el.hidden = !show;
  }

  // `seen`: what the page showed when it opened is on the screen in front of the player:
  // no buzz for it (a reload does not buzz again), only for what comes after.
  function buzzOnce(slot, key, el, seen) {
    if (!key || !navigator.vibrate) return;
    var heard = null;
    try { heard = window.sessionStorage.getItem(slot); } catch (err) { /* storage off */ }
    if (heard === key) return;
    if (!seen && !touched()) { hint(true); return; }
    try { window.sessionStorage.setItem(slot, key); } catch (err) { /* storage off */ }
    if (seen) return;
    el.setAttribute("data-buzzed", key);
    navigator.vibrate([180, 90, 180]);
  }

  function buzz(panel, seen) {
    if (!panel || !panel.getAttribute) return;
    var here = panel.getAttribute("data-game") + ":" + panel.getAttribute("data-seat");
    buzzOnce("palazzo-buzz:" + here, panel.getAttribute("data-buzz"), panel, seen);
    var banners = panel.querySelectorAll("[data-alert-buzz]");
    for (var i = 0; i < banners.length; i++) {
      var key = banners[i].getAttribute("data-alert-buzz");
      buzzOnce("palazzo-alert:" + here + ":" + key, key, banners[i], seen);
    }
  }

  function buzzNow() { buzz(document.querySelector("[data-phone-panel]"), false); }

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.querySelector("[data-phone-panel]");
    if (navigator.vibrate && !touched() && panel) hint(true);
    buzz(panel, !touched());
  });
  document.addEventListener("htmx:afterSettle", buzzNow);
  function firstTouch() {
    if (!touched()) return;
    hint(false);
    document.removeEventListener("click", firstTouch, true);
    document.removeEventListener("keydown", firstTouch, true);
    buzzNow();  // a turn or a check that came before the first tap buzzes now
  }
  document.addEventListener("click", firstTouch, true);
  document.addEventListener("keydown", firstTouch, true);

  var kept = null;

  document.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail || {};
    kept = null;
    var panel = d.target;
    if (!panel || !panel.hasAttribute || !panel.hasAttribute("data-phone-panel")) return;
    // Only a live refresh: the panel fetching itself because the game's seq moved.
    if (d.elt !== panel || !d.xhr || d.xhr.status !== 200) return;
    if (d.requestConfig && d.requestConfig.verb && d.requestConfig.verb !== "get") return;
    kept = snapshot(panel);
  });

  // The same for a panel the live stream carried (static/palazzo.js swaps it in).
  document.addEventListener("palazzo:place", function (e) {
    var panel = e.target;
    kept = panel && panel.hasAttribute && panel.hasAttribute("data-phone-panel") ? snapshot(panel) : null;
  });

  // Right after the swap, in the same task: a tap a moment later (before htmx settles the
  // new content) must land on the restored form, not be overwritten by the restore.
  document.addEventListener("htmx:afterSwap", function (e) {
    var el = e.target;
    if (!kept || !el || !el.hasAttribute || !el.hasAttribute("data-phone-panel")) return;
    restore(el, kept);
    kept = null;
  });

  // -- keeping a half-chosen hand across a reload --------------------------------------------
  // What a data-keep form holds is also kept in this tab's sessionStorage, so reloading the
  // page (or the phone dropping it) gives the same ticks back; the server's own ticks (after a
  // refusal or an undo) win when it drew some.

  function storeKey() { return "palazzo-keep:" + location.pathname; }

  document.addEventListener("change", function (e) {
    var panel = e.target && e.target.closest && e.target.closest("[data-phone-panel]");
    if (!panel || !e.target.closest("form[data-keep]") || !window.sessionStorage) return;
    try { sessionStorage.setItem(storeKey(), JSON.stringify(snapshot(panel))); } catch (err) { /* full or private */ }
  });

  function restoreStored() {
    var panel = document.querySelector("[data-phone-panel]");
    if (!panel || !window.sessionStorage) return;
    var saved;
    try { saved = JSON.parse(sessionStorage.getItem(storeKey()) || "null"); } catch (err) { saved = null; }
    if (!saved) return;
    var forms = panel.querySelectorAll("form[data-keep]");
    for (var i = 0; i < forms.length; i++) {
      if (forms[i].querySelector("input:checked")) return; // the server drew choices: keep them
    }
    restore(panel, saved);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restoreStored);
  else restoreStored();
})();
