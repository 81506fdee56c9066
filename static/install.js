/* Palazzo on the home screen: registers the service worker (static/sw.js, served at /sw.js),
 * which keeps the static files and the offline page, nothing private. Where the browser has no
 * service worker (plain HTTP, an old browser) the pages work as they always did.
 * The offline page is kept in the phone's language: when this page is in another language
 * than the one last kept, the worker is asked to fetch it again.
 */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var KEY = "palazzo.offline-lang";
  var lang = document.documentElement.lang;

  function kept() {
    try {
      return window.localStorage.getItem(KEY);
    } catch (e) {
      return null;
    }
  }

  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(function (registration) {
      if (kept() === lang) return;
      return navigator.serviceWorker.ready.then(function (ready) {
        var worker = ready.active || registration.active;
        if (!worker) return;
        worker.postMessage("offline-page");
        try {
          window.localStorage.setItem(KEY, lang);
        } catch (e) {
          /* asked again next time */
        }
      });
    })
    .catch(function () {
      /* no worker: the pages work without one */
    });
})();
