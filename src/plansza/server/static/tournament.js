// The live tournament pages: when the event log changes (server-sent events from
// /turniej/zdarzenia), the page's #live part is fetched again by htmx; in projector
// mode the next page follows after a while.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  var shown = live.getAttribute("data-seq");
  if (window.EventSource) {
    var source = new EventSource("/turniej/zdarzenia");
    source.addEventListener("seq", function (e) {
      if (e.data !== shown) {
        shown = e.data;
        if (window.htmx) window.htmx.trigger(document.body, "plansza:update");
      }
    });
  }
  var next = live.getAttribute("data-next");
  if (next) {
    document.body.classList.add("projector");
    var seconds = parseInt(live.getAttribute("data-seconds"), 10) || 15;
    window.setTimeout(function () { window.location.assign(next); }, seconds * 1000);
  }
})();
