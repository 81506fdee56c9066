/* Palazzo live updates.
 *
 * An element carrying data-stream-url (rendered by the live_attrs() template helper) is
 * refreshed whenever its game's log grows: the server's SSE stream says only "seq is now N";
 * if N is past the element's data-seq, we fire "palazzo:seq" on it and its own
 * hx-trigger/hx-get fetch the new fragment. One EventSource per stream URL, shared by all
 * elements on the page. Without EventSource, or when it keeps failing (captive Wi-Fi,
 * proxies), we poll data-seq-url every 2 s instead and retry the stream now and then.
 */
(function () {
  "use strict";

  var SEQ_EVENT = "palazzo:seq";
  var POLL_MS = 2000;
  var MAX_STREAM_FAILURES = 3; // consecutive errors without a message before polling
  var STREAM_RETRY_MS = 60000; // while polling, try the stream again this often

  var feeds = {}; // stream URL -> feed

  function subscribers(url) {
    var all = document.querySelectorAll("[data-stream-url]");
    var out = [];
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-stream-url") === url) out.push(all[i]);
    }
    return out;
  }

  function renderedSeq(el) {
    var n = parseInt(el.getAttribute("data-seq"), 10);
    return isNaN(n) ? -1 : n;
  }

  // Refresh el if the game is past what it shows. data-seq is bumped first so a burst of
  // events makes one request, not one per event.
  function nudge(el, seq) {
    if (seq > renderedSeq(el)) {
      el.setAttribute("data-seq", String(seq));
      if (window.htmx) window.htmx.trigger(el, SEQ_EVENT, { seq: seq });
      else el.dispatchEvent(new CustomEvent(SEQ_EVENT, { bubbles: true, detail: { seq: seq } }));
    }
  }

  function publish(feed, seq) {
    if (isNaN(seq)) return;
    if (seq > feed.latest) feed.latest = seq;
    var els = subscribers(feed.url);
    if (!els.length) return stop(feed);
    for (var i = 0; i < els.length; i++) nudge(els[i], feed.latest);
  }

  function poll(feed) {
    if (!feed.seqUrl || !window.fetch) return;
    window.fetch(feed.seqUrl, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) { publish(feed, parseInt(text, 10)); })
      .catch(function () { /* offline: the next tick tries again */ });
  }

  function startPolling(feed) {
    if (feed.pollTimer) return;
    feed.pollTimer = window.setInterval(function () { poll(feed); }, POLL_MS);
    poll(feed);
    if (window.EventSource && !feed.retryTimer) {
      feed.retryTimer = window.setTimeout(function () {
        feed.retryTimer = null;
        if (feeds[feed.url] === feed) openStream(feed);
      }, STREAM_RETRY_MS);
    }
  }

  function stopPolling(feed) {
    if (feed.pollTimer) window.clearInterval(feed.pollTimer);
    feed.pollTimer = null;
  }

  function openStream(feed) {
    var url = feed.url;
    if (feed.latest >= 0) url += (url.indexOf("?") < 0 ? "?" : "&") + "since=" + feed.latest;
    var source;
    try {
      source = new window.EventSource(url);
    } catch (e) {
      return startPolling(feed);
    }
    feed.source = source;
    feed.failures = 0;
    source.addEventListener("seq", function (e) {
      feed.failures = 0;
      if (feed.pollTimer) stopPolling(feed); // the stream works again
      publish(feed, parseInt(e.data, 10));
    });
    source.addEventListener("open", function () {
      feed.failures = 0;
      stopPolling(feed);
    });
    source.addEventListener("error", function () {
      feed.failures += 1;
      // A stream the server ends on purpose reconnects by itself (one error, then open).
      if (source.readyState === 2 || feed.failures >= MAX_STREAM_FAILURES) {
        source.close();
        if (feed.source === source) feed.source = null;
        if (feeds[feed.url] === feed) startPolling(feed);
      }
    });
  }

  function stop(feed) {
    if (feed.source) feed.source.close();
    stopPolling(feed);
    if (feed.retryTimer) window.clearTimeout(feed.retryTimer);
    if (feeds[feed.url] === feed) delete feeds[feed.url];
  }

  function subscribe(el) {
    var url = el.getAttribute("data-stream-url");
    if (!url) return;
    var feed = feeds[url];
    if (!feed) {
      feed = feeds[url] = {
        url: url,
        seqUrl: el.getAttribute("data-seq-url"),
        latest: renderedSeq(el),
        source: null,
        failures: 0,
        pollTimer: null,
        retryTimer: null
      };
      if (window.EventSource) openStream(feed);
      else startPolling(feed);
    } else {
      // Swapped in while the game moved on (the event raced our request): catch up.
      nudge(el, feed.latest);
    }
  }

  function scan(root) {
    if (!root || !root.querySelectorAll) return;
    if (root.hasAttribute && root.hasAttribute("data-stream-url")) subscribe(root);
    var els = root.querySelectorAll("[data-stream-url]");
    for (var i = 0; i < els.length; i++) subscribe(els[i]);
  }

  function catchUpAll() {
    for (var url in feeds) {
      if (Object.prototype.hasOwnProperty.call(feeds, url)) poll(feeds[url]);
    }
  }

  document.addEventListener("htmx:load", function (e) { scan(e.detail && e.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { scan(document.body); });

  // A failed refresh must not leave the element believing it is current: the next seq
  // refreshes it, and after a network error (no HTTP status) we retry on our own.
  document.addEventListener("htmx:afterRequest", function (e) {
    var el = e.detail && e.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-stream-url") || e.detail.successful) return;
    el.removeAttribute("data-seq");
    if (e.detail.xhr && e.detail.xhr.status !== 0) return;
    window.setTimeout(function () {
      var feed = feeds[el.getAttribute("data-stream-url")];
      if (feed && document.contains(el)) nudge(el, feed.latest);
    }, POLL_MS);
  });

  // Phones freeze background tabs and drop connections silently: check on return.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") catchUpAll();
  });
  window.addEventListener("online", catchUpAll);

  // <button data-dismiss="flash"> empties #flash (error notices).
  document.addEventListener("click", function (e) {
    var btn = e.target && e.target.closest && e.target.closest("[data-dismiss]");
    if (!btn) return;
    var box = document.getElementById(btn.getAttribute("data-dismiss"));
    if (box) box.innerHTML = "";
  });

  window.palazzo = { feeds: feeds, SEQ_EVENT: SEQ_EVENT };
})();

/* The Automa card editor (templates/teach/_fields.html): the top panel holds each object once,
   so tapping an object already placed in another position swaps the two, and a card is copied
   in a few taps from the editor's default order. */
(function () {
  "use strict";
  document.addEventListener("change", function (e) {
    var input = e.target;
    if (!input || !input.name || !/^object_\d+$/.test(input.name) || !input.value) return;
    var form = input.closest && input.closest(".automa-editor");
    if (!form) return;
    var boxes = form.querySelectorAll("input[type=radio][name^='object_']");
    var placed = {}, clash = null;
    for (var i = 0; i < boxes.length; i++) {
      var b = boxes[i];
      if (!b.checked || !b.value) continue;
      if (b.name !== input.name && b.value === input.value) clash = b.name;
      else placed[b.value] = true;
    }
    if (!clash) return;
    var values = [];
    for (var k = 0; k < boxes.length; k++) {
      if (boxes[k].name === clash && boxes[k].value && !placed[boxes[k].value]) values.push(boxes[k].value);
    }
    var target = form.querySelector("input[name='" + clash + "'][value='" + (values.length === 1 ? values[0] : "") + "']");
    if (target) target.checked = true;
  });
})();
