/* Palazzo live updates.
 *
 * An element carrying data-stream-url (rendered by the live_attrs() template helper) is
 * refreshed whenever its game's log grows: the server's SSE stream says only "seq is now N";
 * if N is past the element's data-seq, we fire "palazzo:seq" on it and its own
 * data-hx-trigger/data-hx-get fetch the new fragment. One EventSource per stream URL, shared by all
 * elements on the page. Without EventSource, or when it keeps failing (captive Wi-Fi,
 * proxies), we poll data-seq-url every 2 s instead and retry the stream now and then.
 *
 * A page that shows only what every reader of the game shares (the table screen) names it in
 * data-live-push: its stream then carries that fragment itself at each new seq ("event:
 * fragment", rendered once on the server for every such screen) and it is swapped in here
 * with no request. A seat's phone names its own panel the same way: its stream (opened with
 * the seat's session) carries that seat's panel. Polling, and the catch-ups below, still
 * fetch as before.
 *
 * What a page shows besides the log (a phone's alerts and the links to an open check, the
 * table screen's who-is-here) changes without a new seq: those elements carry
 * data-nudged="<topic>" and ask again on "palazzo:nudge", which fires on them when the stream
 * says "event: nudge" with their topic (a check opened, a card claimed twice; a phone came or
 * went), on all of them when a stream opens again after a drop (a nudge may have passed
 * meanwhile) and every NUDGE_POLL_MS while polling instead of streaming; their own data-hx-trigger
 * adds a slow "every" of its own.
 *
 * Offline (the browser says so, or a request cannot reach the server): the #offline banner
 * shows at once, every button that records something is disabled, and a tap that still
 * tries is stopped here with a notice that nothing was sent. A tap whose connection drops
 * mid-way says it is not confirmed (the server may or may not have it; its event id makes a
 * second tap safe). Back online, the buttons return and every live element catches up.
 */
(function () {
  "use strict";

  var SEQ_EVENT = "palazzo:seq";
  var NUDGE_EVENT = "palazzo:nudge";
  var NUDGE_POLL_MS = 5000; // while polling the seq, the nudged elements ask this often
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

  // Something the page shows besides the log may have changed (`topic`, or anything): each
  // element that shows it (data-nudged) asks for it again.
  function askNudged(topic) {
    if (!window.htmx) return;
    var els = document.querySelectorAll("[data-nudged]");
    for (var i = 0; i < els.length; i++) {
      if (!topic || els[i].getAttribute("data-nudged") === topic) {
        window.htmx.trigger(els[i], NUDGE_EVENT);
      }
    }
  }

  function poll(feed) {
    if (!feed.seqUrl || !window.fetch) return;
    window.fetch(feed.seqUrl, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { backOnline(); return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) { publish(feed, parseInt(text, 10)); })
      .catch(function (e) { if (e instanceof TypeError) goOffline(); /* next tick retries */ });
  }

  function startPolling(feed) {
    if (feed.pollTimer) return;
    feed.pollTimer = window.setInterval(function () { poll(feed); }, POLL_MS);
    feed.nudgeTimer = window.setInterval(function () { askNudged(); }, NUDGE_POLL_MS);
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
    if (feed.nudgeTimer) window.clearInterval(feed.nudgeTimer);
    feed.pollTimer = feed.nudgeTimer = null;
  }

  // A fragment the stream carried: swapped in like a fetched one, unless the element already
  // shows that seq or a later one, or it or a form in it is sending a request (that answer,
  // or the catch-up after it, brings it up to date), or it was drawn for another URL (a
  // screen the player opened: ?do=...) or another session (data-drawn-for: a phone's panel
  // drawn since the stream opened, with what its session holds now). Then publish() below
  // makes it fetch its own, as without a pushed fragment. A "palazzo:place" event on the
  // element first lets a page keep what the player was choosing (static/phone.js); the swap
  // then fires htmx's own afterSwap/afterSettle, like a fetched refresh.
  function place(feed, html) {
    var box = document.createElement("template");
    box.innerHTML = html;
    var fresh = box.content.firstElementChild;
    var el = fresh && fresh.id ? document.getElementById(fresh.id) : null;
    if (!el || el.getAttribute("data-stream-url") !== feed.url) return;
    if (el.classList.contains("htmx-request") || el.querySelector(".htmx-request")) return;
    var shown = parseInt(el.getAttribute("data-rendered-seq"), 10);
    if (!(parseInt(fresh.getAttribute("data-rendered-seq"), 10) > shown)) return;
    if (fresh.getAttribute("data-hx-get") !== el.getAttribute("data-hx-get")) return;
    if (fresh.getAttribute("data-drawn-for") !== el.getAttribute("data-drawn-for")) return;
    if (!el.dispatchEvent(new CustomEvent("palazzo:place", { bubbles: true, cancelable: true }))) return;
    keepFocus(el);
    if (window.htmx) {
      window.htmx.swap(el, html, { swapStyle: "outerHTML" });
    } else {
      el.parentNode.replaceChild(fresh, el);
      scan(fresh);
    }
  }

  function openStream(feed) {
    var url = feed.url;
    var join = function () { return url.indexOf("?") < 0 ? "?" : "&"; };
    if (feed.latest >= 0) url += join() + "since=" + feed.latest;
    var push = document.querySelector("[data-live-push]");
    if (push) url += join() + "push=" + encodeURIComponent(push.getAttribute("data-live-push"));
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
    source.addEventListener("fragment", function (e) {
      feed.failures = 0;
      if (feed.pollTimer) stopPolling(feed);
      place(feed, e.data);
      publish(feed, parseInt(e.lastEventId, 10));
    });
    source.addEventListener("nudge", function (e) {
      feed.failures = 0;
      askNudged(e.data);
    });
    source.addEventListener("open", function () {
      feed.failures = 0;
      stopPolling(feed);
      backOnline();
      if (feed.opened) askNudged(); // open again: a nudge may have passed while it was down
      feed.opened = true;
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
        nudgeTimer: null,
        opened: false,
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

  // -- offline -------------------------------------------------------------------------------

  var PROBE_MS = 3000;
  var offline = false;
  var probeTimer = null;

  function recordingButtons(root) {
    return (root || document).querySelectorAll(
      "form[data-hx-post] button, form[data-hx-post] input[type=submit], [data-hx-post]:not(form)"
    );
  }

  function disableButtons(root) {
    var buttons = recordingButtons(root);
    for (var i = 0; i < buttons.length; i++) {
      if (!buttons[i].disabled) {
        buttons[i].disabled = true;
        buttons[i].setAttribute("data-offline", "");
      }
    }
  }

  function enableButtons() {
    var buttons = document.querySelectorAll("[data-offline]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].disabled = false;
      buttons[i].removeAttribute("data-offline");
    }
  }

  // The page's words in the reader's language: data-* attributes of #offline (base.html).
  function said(key, english) {
    var box = document.getElementById("offline");
    return (box && box.dataset[key]) || english;
  }

  function notify(title, text) {
    var box = document.getElementById("flash");
    if (!box) return;
    var notice = document.createElement("div");
    notice.className = "notice notice-error";
    notice.setAttribute("role", "alert");
    notice.setAttribute("data-offline-notice", title);
    var heading = document.createElement("p");
    heading.className = "notice-title";
    heading.textContent = title;
    var body = document.createElement("p");
    body.textContent = text;
    var ok = document.createElement("button");
    ok.type = "button";
    ok.className = "btn btn-small";
    ok.setAttribute("data-dismiss", "flash");
    ok.textContent = said("ok", "OK");
    notice.appendChild(heading);
    notice.appendChild(body);
    notice.appendChild(ok);
    box.innerHTML = "";
    box.appendChild(notice);
  }

  function probe() {
    var icon = document.querySelector("link[rel=icon]");
    if (!icon || !window.fetch) return;
    window.fetch(icon.href, { cache: "no-store", credentials: "same-origin" })
      .then(function () { backOnline(); })
      .catch(function () { /* still offline: the next probe tries again */ });
  }

  function goOffline() {
    if (offline) return;
    offline = true;
    document.documentElement.classList.add("is-offline");
    var banner = document.getElementById("offline");
    if (banner) banner.hidden = false;
    disableButtons(document);
    if (!probeTimer) probeTimer = window.setInterval(probe, PROBE_MS);
  }

  function backOnline() {
    if (!offline || navigator.onLine === false) return;
    offline = false;
    document.documentElement.classList.remove("is-offline");
    var banner = document.getElementById("offline");
    if (banner) banner.hidden = true;
    if (probeTimer) window.clearInterval(probeTimer);
    probeTimer = null;
    enableButtons();
    catchUpAll();
  }

  function isPost(e) {
    var verb = e.detail && e.detail.requestConfig && e.detail.requestConfig.verb;
    return !!verb && verb.toLowerCase() !== "get";
  }

  // A tap while offline is not sent at all, and the phone says so.
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!isPost(e)) return;
    if (navigator.onLine === false) goOffline();
    if (!offline) return;
    e.preventDefault();
    notify(said("notSent", "Not sent"), said("notSentText",
      "This device is offline, so nothing was recorded. Tap again once the connection is back."));
  });

  // The connection failed under a request: maybe before the server got it, maybe after.
  document.addEventListener("htmx:sendError", function (e) {
    goOffline();
    // htmx re-enables the tapped button (data-hx-disabled-elt) once it is done with the request.
    window.setTimeout(function () { if (offline) disableButtons(document); }, 0);
    if (isPost(e)) {
      // Its answer would have redrawn the screen: let the next seq (or the catch-up once
      // back online) redraw it instead, so it shows whether the tap counted.
      var live = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("[data-stream-url]");
      if (live) live.removeAttribute("data-seq");
      notify(said("notConfirmed", "Not confirmed"), said("notConfirmedText",
        "The connection dropped while sending, so this tap may not have counted. When it is " +
        "back, the screen shows whether it did; tapping the same button again is safe, it is " +
        "never recorded twice."));
    }
  });

  window.addEventListener("offline", goOffline);
  window.addEventListener("online", probe);

  // Screen readers: what a swap brought that is marked [data-announce] (a phone's newest
  // notice, its "Done:" line) is read out once through #announcer (base.html), which stays in
  // the page. The first content seen is the page as loaded: it is read anyway, not announced.
  var announced = null;
  function announce(root) {
    var region = document.getElementById("announcer");
    if (!region || !root || !root.querySelectorAll) return;
    var marked = Array.prototype.slice.call(root.querySelectorAll("[data-announce]"));
    if (root.hasAttribute && root.hasAttribute("data-announce")) marked.unshift(root);
    if (!marked.length && announced !== null) return;
    var text = marked.map(function (el) {
      return el.textContent.replace(/\s+/g, " ").trim();
    }).join(" ");
    if (announced !== null && text && text !== announced) region.textContent = text;
    announced = text;
  }

  document.addEventListener("htmx:load", function (e) {
    if (offline && e.detail && e.detail.elt) disableButtons(e.detail.elt);
    scan(e.detail && e.detail.elt);
    announce(e.detail && e.detail.elt);
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (navigator.onLine === false) goOffline();
  });
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

  // A dropped refresh must not leave an element behind. nudge() bumps data-seq before the
  // refresh is sent; if htmx drops that request (data-hx-sync="this:drop" while a tap's request
  // holds the fragment), the element would believe it is current. Each live element also
  // carries the seq it was rendered at (data-rendered-seq, never touched here): while the game
  // is past it and no request is on its way, ask again.
  var CHECK_MS = 1500;
  window.setInterval(function () {
    if (offline || !window.htmx) return;
    var els = document.querySelectorAll("[data-stream-url][data-rendered-seq]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var feed = feeds[el.getAttribute("data-stream-url")];
      var rendered = parseInt(el.getAttribute("data-rendered-seq"), 10);
      if (!feed || isNaN(rendered) || feed.latest <= rendered) continue;
      if (el.classList.contains("htmx-request")) continue;
      el.setAttribute("data-seq", String(feed.latest));
      window.htmx.trigger(el, SEQ_EVENT, { seq: feed.latest });
    }
  }, CHECK_MS);

  // Phones freeze background tabs and drop connections silently: check on return.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") catchUpAll();
  });

  // <button data-dismiss="flash"> empties #flash (error notices).
  document.addEventListener("click", function (e) {
    var btn = e.target && e.target.closest && e.target.closest("[data-dismiss]");
    if (!btn) return;
    var box = document.getElementById(btn.getAttribute("data-dismiss"));
    if (box) box.innerHTML = "";
  });

  // Keyboard users keep their place: when a swap replaces the element that held the focus (a
  // tap's answer, a live refresh), the focus goes to the same control in the new content (the
  // same grid square, or the same kind of control with the same words, name and value), else
  // to the new content itself, so the next Tab goes on from there, not from the page's top.
  // The last focused control is remembered because a button disabled while its post is on its
  // way may already have handed the focus back to the page.
  var lastFocus = null, focusWas = null;
  function words(el) { return (el.textContent || "").replace(/\s+/g, " ").trim(); }
  document.addEventListener("focusin", function (e) { lastFocus = e.target; });
  // Called for a fetched swap (htmx:beforeSwap) and for a fragment the stream carried (place).
  function keepFocus(target) {
    var active = document.activeElement;
    if (!active || active === document.body) active = lastFocus;
    focusWas = null;
    if (!active || !target || !target.id || !target.contains || !target.contains(active)) return;
    focusWas = {
      id: target.id, tag: active.tagName, cell: active.getAttribute("data-cell"),
      words: words(active), name: active.getAttribute("name"), value: active.getAttribute("value")
    };
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    keepFocus(e.detail && e.detail.target);
  });
  document.addEventListener("htmx:afterSettle", function () {
    var was = focusWas, root = was && document.getElementById(was.id), found = null;
    focusWas = null;
    if (!root || (document.activeElement && document.activeElement !== document.body)) return;
    if (was.cell) found = root.querySelector("[data-cell='" + was.cell + "']");
    var same = found ? [] : root.querySelectorAll(was.tag);
    for (var i = 0; i < same.length && !found; i++) {
      if (!same[i].disabled && words(same[i]) === was.words && same[i].getAttribute("name") === was.name &&
          same[i].getAttribute("value") === was.value) found = same[i];
    }
    if (!found) {
      found = root;
      if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
    }
    found.focus({ preventScroll: true });
  });

  // <button data-copy> beside a QR code copies the link shown next to it ([data-copy-text]).
  // The Clipboard API needs a secure context (a LAN address is not one): else the link is
  // selected and copied the old way, or left selected for the player to copy.
  document.addEventListener("click", function (e) {
    var btn = e.target && e.target.closest && e.target.closest("[data-copy]");
    if (!btn) return;
    var source = btn.parentNode && btn.parentNode.querySelector("[data-copy-text]");
    if (!source) return;
    var text = source.textContent.trim();
    function said(ok) {
      btn.textContent = btn.getAttribute(ok ? "data-copied" : "data-selected");
      btn.setAttribute("data-copy", ok ? "copied" : "selected");
    }
    function selectIt() {
      var range = document.createRange();
      range.selectNodeContents(source);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      said(ok);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { said(true); }, selectIt);
    } else {
      selectIt();
    }
  });

  // A host form's "Who starts?" (select[data-start-names]) names the players as they are
  // typed into the name_N fields: option N reads "Player 3 (Cleo)".
  document.addEventListener("input", function (e) {
    var input = e.target;
    var m = input && input.name && /^name_(\d+)$/.exec(input.name);
    var select = m && input.form && input.form.querySelector("select[data-start-names]");
    var option = select && select.querySelector("option[value='" + m[1] + "']");
    if (!option) return;
    var name = input.value.replace(/\s+/g, " ").trim();
    var label = option.getAttribute("data-label") || option.textContent;
    option.textContent = name ? label + " (" + name + ")" : label;
  });

  window.palazzo = {
    feeds: feeds,
    SEQ_EVENT: SEQ_EVENT,
    isOffline: function () { return offline; }
  };
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
