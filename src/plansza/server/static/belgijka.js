// Belgijka live: the referee's console and the projector. When the hall changes
// (server-sent events from /belgijka/zdarzenia), the page's #live part is fetched
// again by htmx (not while the referee types in it: then on leaving the field). The
// move's clock counts down here from the seconds left the server gave with the page
// (data-remaining), set again from the server's figure on every fetch: no drift.
// II.3's signals — one minute gone, the last 30 seconds, time up — are shown and
// sounded (a short beep made with WebAudio; no sound file).
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  if (location.pathname.indexOf("/belgijka/projektor") === 0) document.body.classList.add("bj-projector");
  // The version the page shows, and the newest the stream told: a change told while
  // #live was being swapped would find no element to trigger, so after every swap the
  // page fetches again when it is still behind.
  var shown = live.getAttribute("data-version");
  var latest = shown;
  var waiting = false;

  function typing() {
    var a = document.activeElement;
    var box = document.getElementById("live");
    return a && box && box.contains(a) && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName);
  }
  function update() {
    if (typing()) { waiting = true; return; }
    waiting = false;
    if (window.htmx) window.htmx.trigger(document.body, "plansza:update");
  }
  document.addEventListener("focusout", function () {
    if (waiting) window.setTimeout(function () { if (!typing()) update(); }, 50);
  });
  if (window.EventSource) {
    var source = new EventSource("/belgijka/zdarzenia");
    source.addEventListener("version", function (e) {
      latest = e.data;
      if (Number(latest) > Number(shown)) update();
    });
  }

  var audio = null;
  var soundButton = document.getElementById("sound");
  function context() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!audio && AC) audio = new AC();
    return audio;
  }
  if (soundButton) {
    soundButton.hidden = false;
    soundButton.addEventListener("click", function () {
      var ctx = context();
      if (ctx && ctx.resume) ctx.resume();
      soundButton.hidden = true;
      beep(1);
    });
  }
  function beep(times) {
    var ctx = audio;
    if (!ctx || ctx.state !== "running") return;
    for (var i = 0; i < times; i++) {
      var osc = ctx.createOscillator(), gain = ctx.createGain();
      var at = ctx.currentTime + i * 0.35;
      osc.frequency.value = times > 2 ? 660 : 880;
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.25);
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(at); osc.stop(at + 0.3);
    }
  }

  var ticking = null;
  function text(left) {
    var s = Math.max(0, Math.ceil(left));
    var m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function startClock() {
    if (ticking !== null) { window.clearInterval(ticking); ticking = null; }
    var box = document.getElementById("move-clock");
    if (!box) return;
    var remaining = parseFloat(box.getAttribute("data-remaining")) || 0;
    var seconds = parseFloat(box.getAttribute("data-seconds")) || 120;
    var end = Date.now() + remaining * 1000;
    var time = box.querySelector(".time"), signal = box.querySelector(".signal");
    var phase = null;
    function phaseOf(left) {
      if (left <= 0) return "up";
      if (left <= 30 && seconds > 30) return "last30";
      if (seconds - left >= 60 && seconds > 60) return "minute";
      return "running";
    }
    function tick() {
      var left = (end - Date.now()) / 1000;
      time.textContent = text(left);
      var now = phaseOf(left);
      if (now !== phase) {
        box.classList.remove("minute", "last30", "up");
        if (now !== "running") box.classList.add(now);
        signal.textContent = now === "running" ? "" : box.getAttribute("data-" + now) || "";
        // A signal sounds when it happens, not when the page opens after it.
        if (phase !== null) beep(now === "up" ? 3 : now === "last30" ? 2 : 1);
        phase = now;
      }
      if (left <= 0 && ticking !== null) {
        window.clearInterval(ticking);
        ticking = null;
        // The server now shows the move after its time (the cards, the candidates).
        window.setTimeout(update, 700);
      }
    }
    if (remaining > 0) ticking = window.setInterval(tick, 200);
    tick();
  }
  startClock();

  // The projector: the long lists (the move's results, the classification) in pages
  // that fit beside the board (static/pager.js), turned every data-seconds; a list
  // that comes again (the same key) keeps its page. → and ← turn the pages by hand.
  var pagers = [], turning = null;
  function paginate() {
    var box = document.getElementById("live");
    var pages = window.planszaPages;
    if (!pages || !box || !document.body.classList.contains("bj-projector")) return;
    var before = {};
    pagers.forEach(function (p) { before[p.key] = p.index; });
    pagers = Array.prototype.map.call(box.querySelectorAll(".pj-list"), function (block) {
      var p = new pages.Pager(block);
      p.index = before[p.key] || 0;
      return p;
    });
    var side = box.querySelector(".bj-side") || box;
    pages.layout(pagers, side, Math.ceil(window.innerHeight / 100));
  }
  function turn(step) {
    pagers.forEach(function (p) {
      if (p.count < 2) return;
      p.index = (p.index + step + p.count) % p.count;
      p.show();
    });
    every();
  }
  function every() {
    if (turning !== null) window.clearInterval(turning);
    var seconds = parseFloat(live.getAttribute("data-seconds")) || 10;
    turning = window.setInterval(function () { turn(1); }, seconds * 1000);
  }
  if (document.body.classList.contains("bj-projector")) {
    paginate();
    every();
    var resized = null;
    window.addEventListener("resize", function () {
      window.clearTimeout(resized);
      resized = window.setTimeout(paginate, 100);
    });
    // the new #live comes whole: cut it before the browser paints it
    document.body.addEventListener("htmx:afterSwap", paginate);
    if (window.planszaPages) window.planszaPages.keys(turn);
  }

  document.body.addEventListener("htmx:afterSettle", function () {
    var fresh = document.getElementById("live");
    if (fresh) shown = fresh.getAttribute("data-version") || shown;
    startClock();
    if (Number(latest) > Number(shown)) window.setTimeout(update, 0);
  });
})();
