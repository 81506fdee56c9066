/* The solo page's small behaviours (CSP: no inline script).
 *
 * A form marked data-choose="<n>" (the 3 cards you keep, the 5 cards drawn for Wolfgang) shows
 * how many boxes are ticked in its [data-ticked] element, and gets the class "is-complete" when
 * exactly n are. The server still checks the count and refuses inline.
 */
(function () {
  "use strict";

  function sync(form) {
    var out = form.querySelector("[data-ticked]");
    var n = form.querySelectorAll("input[type='checkbox']:checked").length;
    if (out) out.textContent = String(n);
    var want = parseInt(form.getAttribute("data-choose"), 10);
    form.classList.toggle("is-complete", n === want);
  }

  function scan(root) {
    if (!root || !root.querySelectorAll) return;
    var forms = root.querySelectorAll("form[data-choose]");
    for (var i = 0; i < forms.length; i++) sync(forms[i]);
  }

  document.addEventListener("change", function (e) {
    var form = e.target && e.target.closest && e.target.closest("form[data-choose]");
    if (form) sync(form);
  });
  document.addEventListener("htmx:load", function (e) { scan(e.detail && e.detail.elt); });

  /* After a tap is answered the new prompt comes into view (a long form or a checklist step
   * may have scrolled it away): a fix's summary if there is one, else the step, focused for
   * screen readers. A live refresh (someone else's event) never scrolls the page. */
  function isPost(e) {
    var cfg = e.detail && e.detail.requestConfig;
    return !!cfg && String(cfg.verb).toLowerCase() === "post";
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    // Only the answer to a tap: a live refresh, or another box's (the undo's), never scrolls.
    if (!isPost(e)) return;
    var target = document.querySelector("[data-fixed]") || document.getElementById("solo-step");
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    if (target.id === "solo-step" && target.focus) target.focus({ preventScroll: true });
  });

  /* The undo card's pointer to "Fix a misread" (a die or card undo cannot take back) opens
   * the list it points to. */
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("[data-to-misreads]");
    var list = link && document.getElementById("misreads");
    if (list) list.open = true;
  });
})();
