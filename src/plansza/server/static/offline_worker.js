// The service worker of the phone pages (served at /sw.js; see server/offline.py).
// It keeps one page, /bez-sieci, in the phone's language, and shows it when a page
// cannot be fetched because the hall's network or the server is away — instead of the
// browser's own error. Everything else goes to the network untouched: a result or a
// card is never answered from here (send_or_keep.js keeps those).
"use strict";
var CACHE = "plansza-offline-2";
// the page, its script and the site's stylesheet (linked with ?v=: kept by its path)
var KEPT = ["/bez-sieci", "/static/offline.js", "/static/site.css"];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(KEPT.map(function (url) {
        return new Request(url, { credentials: "same-origin", cache: "reload" });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n !== CACHE; })
        .map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () {
      return caches.match("/bez-sieci", { cacheName: CACHE });
    }));
  } else if (request.method === "GET" && KEPT.indexOf(url.pathname) >= 0) {
    event.respondWith(fetch(request).catch(function () {
      return caches.match(url.pathname, { cacheName: CACHE });
    }));
  }
});
