// The page kept for a server that does not answer (server/offline.py): "Try again"
// reloads, and the page looks every few seconds whether the server is back; then
// the page the player asked for is loaded again.
"use strict";
(function () {
  var again = document.getElementById("again");
  if (again) again.addEventListener("click", function () { window.location.reload(); });
  function look() {
    fetch("/bez-sieci", { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then(function (r) { if (r.ok) window.location.reload(); })
      .catch(function () {});
  }
  // shown in place of another page (by the service worker): come back to it
  if (window.location.pathname !== "/bez-sieci") window.setInterval(look, 4000);
})();
