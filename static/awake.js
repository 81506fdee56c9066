/* The screen stays on while the game runs (Screen Wake Lock API).
 *
 * A phone lies on the table between turns for two hours; without this it goes dark after a
 * minute or two, wakes to a lock screen and cannot buzz on a turn. A page that includes
 * templates/_awake.html ([data-awake]: a seat's phone, the host page, the table screen) asks
 * the browser to keep the screen on (navigator.wakeLock.request("screen")) while:
 *   - the player's switch is on (on by default; remembered on this device, localStorage),
 *   - the page is visible (the browser drops the lock when it is hidden: asked again when
 *     the page is shown), and
 *   - the game is not over: a live update that brings an element marked [data-game-over] (the
 *     phone's "The game is over", the table's final scores, the host's scored game) lets go of
 *     the lock and hides the switch.
 * Where the browser has no Wake Lock (Firefox on Android, an old browser) the switch gives way
 * to a plain notice, and nothing else changes. On plain HTTP (not a secure context) browsers
 * hide the API: the phone tells its player once, in their language, why the screen may sleep
 * (remembered on this device).
 *
 * window.palazzoWakeLock is the browser's WakeLockSentinel the page holds (null when none):
 * what it holds can be read from outside (the tests, a curious player's console).
 */
(function () {
  "use strict";

  var SWITCH_KEY = "palazzo.awake";
  var TOLD_KEY = "palazzo.awake.told-http";

  var box = document.querySelector("[data-awake]");
  if (!box) return;
  var toggle = box.querySelector("[data-awake-switch]");
  var cannot = box.querySelector("[data-awake-cannot]");
  var insecure = box.querySelector("[data-awake-insecure]");

  var sentinel = null;
  var asking = false;
  var refused = false; // asked again only once the page is shown anew or the switch moves
  window.palazzoWakeLock = null;

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null; // storage refused (a private window): the defaults hold
    }
  }

  function store(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {
      /* not remembered: the defaults hold next time */
    }
  }

  function switchedOn() {
    return stored(SWITCH_KEY) !== "off";
  }

  function over() {
    return !!document.querySelector("[data-game-over]");
  }

  function supported() {
    return !!(window.isSecureContext && navigator.wakeLock && navigator.wakeLock.request);
  }

  function state(name) {
    box.setAttribute("data-awake-state", name);
  }

  // The switch where the browser can keep the screen on; the notice instead where it cannot
  // (no API, or it refused): one line of the page either way.
  function can(yes) {
    if (toggle) toggle.closest("label").hidden = !yes;
    if (cannot) cannot.hidden = yes;
  }

  function release() {
    var held = sentinel;
    sentinel = null;
    window.palazzoWakeLock = null;
    if (held && !held.released) held.release().catch(function () {});
  }

  function wanted() {
    return supported() && switchedOn() && !over() && document.visibilityState === "visible";
  }

  function take() {
    if (!wanted() || asking || refused || (sentinel && !sentinel.released)) return;
    asking = true;
    navigator.wakeLock.request("screen").then(
      function (lock) {
        asking = false;
        sentinel = lock;
        window.palazzoWakeLock = lock;
        lock.addEventListener("release", function () {
          if (sentinel === lock) {
            sentinel = null;
            window.palazzoWakeLock = null;
          }
          if (!over()) state(switchedOn() ? "released" : "off");
        });
        can(true);
        if (!wanted()) release(); // switched off or ended while the browser answered
        else state("held");
      },
      function () {
        asking = false; // refused (a battery saver, the page hidden meanwhile)
        refused = true;
        state("refused");
        if (document.visibilityState === "visible") can(false);
      }
    );
  }

  function check() {
    if (over()) {
      release();
      box.hidden = true;
      state("over");
      return;
    }
    if (!supported()) return;
    if (switchedOn()) take();
    else release();
  }

  function setUp() {
    if (!supported()) {
      can(false);
      if (!window.isSecureContext && insecure && stored(TOLD_KEY) !== "yes") {
        insecure.hidden = false; // the whole why, once; the plain line after
        if (cannot) cannot.hidden = true;
        store(TOLD_KEY, "yes");
      }
      state("unsupported");
      return;
    }
    if (toggle) {
      toggle.checked = switchedOn();
      toggle.addEventListener("change", function () {
        refused = false;
        store(SWITCH_KEY, toggle.checked ? "on" : "off");
        if (!toggle.checked) state("off");
        check();
      });
    }
    if (!switchedOn()) state("off");
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible") return;
      refused = false;
      check();
    });
    // Live updates swap new parts of the page in (htmx, or a fragment its stream carried):
    // one of them may say the game is over.
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  }

  var dismiss = box.querySelector("[data-awake-dismiss]");
  if (dismiss && insecure) {
    dismiss.addEventListener("click", function () {
      insecure.hidden = true;
    });
  }
  setUp();
  check();
})();
