// Belgijka: a player's phone. The page's #live part (the board, the rack, the move's
// state) is fetched again whenever the hall changes (server-sent events from
// /belgijka/zdarzenia); the move's time counts down here from the seconds left the
// server gave (data-remaining), set again on every fetch: no drift. A tap on a square
// sets the move's coordinate (a second tap on it switches across/down: H8 across,
// 8H down, II.6); the card is sent without leaving the page.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var form = document.querySelector("form.card");
  if (!live || !form) return;
  var move = form.querySelector("input[name=move]");
  var cursor = null; // {sq: "H8", down: false}

  function coordinate() {
    if (!cursor) return "";
    var col = cursor.sq.charAt(0), row = cursor.sq.slice(1);
    return cursor.down ? row + col : col + row;
  }
  function showCursor() {
    var squares = live.querySelectorAll(".sq.cursor");
    for (var i = 0; i < squares.length; i++) squares[i].classList.remove("cursor", "across", "down");
    if (!cursor) return;
    var sq = live.querySelector('.sq[data-sq="' + cursor.sq + '"]');
    if (sq) sq.classList.add("cursor", cursor.down ? "down" : "across");
  }
  live.addEventListener("click", function (e) {
    var sq = e.target.closest ? e.target.closest(".sq[data-sq]") : null;
    if (!sq) return;
    var name = sq.getAttribute("data-sq");
    if (cursor && cursor.sq === name) cursor.down = !cursor.down;
    else cursor = { sq: name, down: false };
    var parts = move.value.trim().split(/\s+/);
    var word = parts.length > 1 ? parts.slice(1).join("") :
      (/^[A-Oa-o]?\d{1,2}[A-Oa-o]?$/.test(parts[0]) ? "" : parts[0]);
    move.value = coordinate() + " " + word;
    showCursor();
    move.focus();
  });

  var ticking = null;
  function text(left) {
    var s = Math.max(0, Math.ceil(left - 1e-9));
    var m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function startClock() {
    if (ticking !== null) { window.clearInterval(ticking); ticking = null; }
    var shown = document.getElementById("countdown");
    var left = parseFloat(live.getAttribute("data-remaining"));
    if (!shown || isNaN(left)) return;
    var end = Date.now() + left * 1000;
    ticking = window.setInterval(function () {
      var now = (end - Date.now()) / 1000;
      shown.textContent = text(now);
      shown.classList.toggle("low", now <= 10);
      if (now <= 0) { window.clearInterval(ticking); ticking = null; }
    }, 200);
  }

  function replace(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("live");
    if (fresh) {
      var phase = fresh.getAttribute("data-phase") || "";  // services.belgijka.Phase
      var answer = document.getElementById("answer");
      // A move closed: the last answer is old news. A new move: a blank card.
      if (answer && phase !== "running" && phase !== "up") answer.innerHTML = "";
      if (fresh.getAttribute("data-move") !== live.getAttribute("data-move")) {
        form.reset();
        cursor = null;
      }
      live.setAttribute("data-move", fresh.getAttribute("data-move") || "");
      live.innerHTML = fresh.innerHTML;
      live.setAttribute("data-remaining", fresh.getAttribute("data-remaining") || "");
      live.setAttribute("data-phase", phase);
      // no move open (before a rack is drawn, after a game): no card to send
      form.hidden = ["drawn", "running", "up"].indexOf(phase) < 0;
      showCursor();
      startClock();
    }
    return doc;
  }
  // Fetches may answer out of order: only the newest one asked replaces the page.
  var asked = 0;
  function refresh() {
    var mine = ++asked;
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) { if (mine === asked) replace(html); })
      .catch(function () {});
  }

  function answered(html) {
    var answer = document.getElementById("answer");
    var doc = replace(html);
    var fresh = doc.getElementById("answer");
    if (fresh && answer) answer.innerHTML = fresh.innerHTML;
    else if (answer) { var p = doc.querySelector(".error"); answer.innerHTML = p ? p.outerHTML : ""; }
  }
  // the card is sent without leaving the page; while the server is away it is kept on
  // the phone and sent when the server is back (send_or_keep.js)
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    ++asked;  // a page fetched before the card was sent must not replace the answer
    window.planszaSend(form, answered);
  });
  window.planszaResend(form, answered);

  if (window.EventSource) {
    var source = new EventSource("/belgijka/zdarzenia");
    source.addEventListener("version", function () { refresh(); });
  }
  startClock();
})();
