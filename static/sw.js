/* Palazzo's service worker (served at /sw.js: its scope is the whole site).
 *
 * It keeps what is the same for everyone, so an installed Palazzo opens with its look and an
 * explanation when the server is out of reach:
 *   - the static files (CSS, scripts, icons, fonts under /static/): fetched from the server
 *     first, as without a worker (a new Palazzo's files show at once); the copy kept is used
 *     only when the server cannot be reached;
 *   - the offline page (/offline, in the phone's language: fetched with its cookie), shown
 *     instead of any page the phone cannot load.
 * Nothing else is ever kept: no page of a game, no panel, no join link, no stream, no form's
 * answer (they are private and live). A request the worker does not keep goes to the server
 * as if there were no worker.
 */
"use strict";

var CACHE = "palazzo-static-v1";
var OFFLINE = "/offline";
var KEPT = /^\/static\/[\w./-]+\.(css|js|png|svg|ico|woff2?|ttf|webmanifest)$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.add(new Request(OFFLINE, { credentials: "same-origin" }));
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

// The page says its language changed (static/install.js): keep the offline page in it.
self.addEventListener("message", function (event) {
  if (event.data !== "offline-page") return;
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.add(new Request(OFFLINE, { credentials: "same-origin" }));
    })
  );
});

function keptStatic(request) {
  return fetch(request).then(
    function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) {
          return cache.put(request.url.split("?")[0], copy);
        });
      }
      return response;
    },
    function () {
      return caches.match(request.url.split("?")[0]).then(function (kept) {
        return kept || Response.error();
      });
    }
  );
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (KEPT.test(url.pathname)) {
    event.respondWith(keptStatic(request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(function () {
        return caches.match(OFFLINE, { ignoreVary: true }).then(function (page) {
          return page || Response.error();
        });
      })
    );
  }
});
