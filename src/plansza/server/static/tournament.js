// The live tournament pages: when the event log changes (server-sent events from
// /turniej/zdarzenia), the page's #live part is fetched again by htmx. In projector
// mode the list is cut into pages that fit the screen (static/pager.js), each shown
// for data-seconds, and after the last page the next list of the cycle follows (→
// and ← turn a page by hand); a result coming in keeps the page shown. The round's
// clock counts down here from the seconds left the server gave with the page
// (data-remaining), and is set again from the server's figure each time #live is
// fetched again: no drift.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  // The log's number the page shows, and the newest the stream told: a change told
  // while #live was being swapped would find no element to trigger, so after every
  // swap the page fetches again when it is still behind.
  var shown = live.getAttribute("data-seq");
  var latest = shown;
  function update() {
    if (window.htmx) window.htmx.trigger(document.body, "plansza:update");
  }
  if (window.EventSource) {
    var source = new EventSource("/turniej/zdarzenia");
    source.addEventListener("seq", function (e) {
      latest = e.data;
      if (Number(latest) > Number(shown)) update();
    });
  }
  document.body.addEventListener("htmx:afterSettle", function () {
    var fresh = document.getElementById("live");
    if (fresh) shown = fresh.getAttribute("data-seq") || shown;
    if (Number(latest) > Number(shown)) window.setTimeout(update, 0);
  });
  var next = live.getAttribute("data-next");
  if (next) projector(next, parseInt(live.getAttribute("data-seconds"), 10) || 15);
  var button = document.getElementById("print-button");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  }

  var ticking = null;
  function text(left) {
    var s = Math.max(0, Math.ceil(left));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return (h ? h + ":" : "") + mm + ":" + (r < 10 ? "0" : "") + r;
  }
  function startClock() {
    if (ticking !== null) { window.clearInterval(ticking); ticking = null; }
    var box = document.getElementById("round-clock");
    if (!box || box.getAttribute("data-paused") === "1") return;
    var remaining = parseFloat(box.getAttribute("data-remaining")) || 0;
    if (remaining <= 0) return;
    var end = Date.now() + remaining * 1000;
    var time = box.querySelector(".time");
    function tick() {
      var left = (end - Date.now()) / 1000;
      time.textContent = text(left);
      if (left <= 0) {
        box.classList.add("up");
        box.querySelector(".state").textContent = box.getAttribute("data-up");
        window.clearInterval(ticking);
        ticking = null;
      }
    }
    ticking = window.setInterval(tick, 250);
    tick();
  }
  startClock();
  document.body.addEventListener("htmx:afterSettle", startClock);

  function projector(next, seconds) {
    document.body.classList.add("projector");
    var pages = window.planszaPages;
    var pager = null, timer = null;
    var main = document.querySelector("main");
    function build() {
      var box = document.getElementById("live");
      var block = box && box.querySelector(".pj-list");
      var index = pager && block && pager.key === block.getAttribute("data-key") ? pager.index : 0;
      pager = block && pages ? new pages.Pager(block, document.getElementById("pj-pageno")) : null;
      if (!pager) return;
      pager.index = index;
      pages.layout([pager], main, Math.ceil(window.innerHeight / 100));
    }
    function wait() {
      if (timer !== null) window.clearTimeout(timer);
      timer = window.setTimeout(function () { turn(1); }, seconds * 1000);
    }
    function turn(step) {
      var to = pager ? pager.index + step : step;
      if (pager && to >= 0 && to < pager.count) {
        pager.index = to;
        pager.show();
      } else if (step > 0) {
        window.location.assign(next);
        return;
      }
      wait();
    }
    build();
    wait();
    var resized = null;
    window.addEventListener("resize", function () {
      window.clearTimeout(resized);
      resized = window.setTimeout(build, 100);
    });
    // the new #live comes whole: cut it before the browser paints it
    document.body.addEventListener("htmx:afterSwap", build);
    if (pages) pages.keys(turn);
  }
})();
