// The phone pages register the worker that shows a page in the phone's language,
// not the browser's error, when the server is away (server/offline.py). Browsers
// allow it only over HTTPS or on localhost; elsewhere nothing happens.
"use strict";
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
}
