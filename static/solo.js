/* The solo page's one small behaviour (CSP: no inline script).
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
  document.addEventListener("DOMContentLoaded", function () { scan(document.body); });
})();
