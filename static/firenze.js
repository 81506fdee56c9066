/* Firenze screens: a safety net for live fragments. palazzo.js bumps an element's data-seq
 * before its refresh is sent; if that refresh is dropped (a tap's request held the fragment),
 * the element would believe it is current. Each fragment also carries the seq it was
 * rendered at (data-rendered-seq, never touched by script): while the game is past it and no
 * request is on its way, ask again. */
(function () {
  "use strict";
  var CHECK_MS = 1500;

  function check() {
    var feeds = (window.palazzo && window.palazzo.feeds) || {};
    var els = document.querySelectorAll("[data-rendered-seq]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var feed = feeds[el.getAttribute("data-stream-url")];
      var rendered = parseInt(el.getAttribute("data-rendered-seq"), 10);
      if (!feed || isNaN(rendered) || feed.latest <= rendered) continue;
      if (el.classList.contains("htmx-request") || !window.htmx) continue;
      el.setAttribute("data-seq", String(feed.latest));
      window.htmx.trigger(el, el.getAttribute("hx-trigger"), { seq: feed.latest });
    }
  }

  window.setInterval(check, CHECK_MS);
})();
