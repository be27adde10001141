// The game page: the board, the rack and the clocks drawn from the server's view;
// moves typed on the board (click a square, type letters; an arrow key or a second
// click turns the direction; Enter sends) or in Polish notation in the text box.
// The server decides everything: this only shows what it says and sends what the
// player asks for.
"use strict";
(function () {
  const root = document.getElementById("game");
  if (!root) return;
  const gameId = root.dataset.game;
  const seat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  const words = JSON.parse(document.getElementById("words").textContent);
  const premiums = JSON.parse(document.getElementById("premiums").textContent);
  let view = JSON.parse(document.getElementById("view").textContent);
  let last = view.n;
  let received = performance.now();
  let ws = null;
  let cursor = null; // {r, c, across}
  let tentative = []; // [{r, c, letter, blank}]
  let rackOrder = null; // the player's own order of the rack tiles
  const COLS = "ABCDEFGHIJKLMNO";
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const message = $("message");

  function say(text, isError) {
    message.textContent = text || "";
    message.classList.toggle("error", !!isError);
  }

  // ---- the connection ---------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/g/${gameId}/ws?last=${last}`);
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "step") {
        last = Math.max(last, msg.step.n);
        describeStep(msg.step);
        if (msg.view) setView(msg.view);
      } else if (msg.type === "view") {
        setView(msg.view);
      } else if (msg.type === "preview") {
        const p = $("preview");
        if (p) p.textContent = msg.score === null ? (msg.message || "") : `${msg.score} ${words.points}`;
      } else if (msg.type === "error") {
        say(msg.message, true);
      }
    };
    ws.onclose = () => { say(words.reconnect, true); setTimeout(connect, 1000); };
    ws.onopen = () => { if (message.textContent === words.reconnect) say(""); };
  }
  function send(obj) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
  }

  function describeStep(step) {
    const o = step.outcome || {};
    if (o.valid === true) say(words.valid);
    else if (o.valid === false) say(words.invalid);
    else if (o.flagged) say(words.flag);
  }

  function setView(v) {
    view = v;
    received = performance.now();
    if (!view.pending || view.pending.player !== seat) tentative = tentative.filter(() => view.to_move === seat);
    draw();
  }

  // ---- drawing -----------------------------------------------------------------
  function tileEl(letter, extra) {
    const t = document.createElement("span");
    const blank = letter === "?" || letter !== letter.toUpperCase();
    t.className = "tile" + (blank ? " blank" : "") + (extra ? " " + extra : "");
    t.textContent = letter === "?" ? "" : letter.toUpperCase();
    return t;
  }

  function draw() {
    board.textContent = "";
    const lastSq = new Set((view.last || []).map(([r, c]) => `${r},${c}`));
    const pendSq = new Set(view.pending ? view.pending.squares.map(([r, c]) => `${r},${c}`) : []);
    for (let r = 0; r < 15; r++) {
      for (let c = 0; c < 15; c++) {
        const sq = document.createElement("div");
        const p = premiums[r][c];
        sq.className = "sq" + ({ W: " tw", w: " dw", L: " tl", l: " dl" }[p] || "") + (r === 7 && c === 7 ? " centre" : "");
        sq.dataset.r = r; sq.dataset.c = c;
        sq.setAttribute("role", "gridcell");
        sq.setAttribute("aria-label", `${COLS[c]}${r + 1}`);
        const letter = view.board[r][c];
        const tent = tentative.find((t) => t.r === r && t.c === c);
        if (letter !== ".") {
          const key = `${r},${c}`;
          sq.appendChild(tileEl(letter, pendSq.has(key) ? "pending" : lastSq.has(key) ? "last" : ""));
        } else if (tent) {
          sq.appendChild(tileEl(tent.blank ? tent.letter.toLowerCase() : tent.letter, "tentative"));
        }
        if (cursor && cursor.r === r && cursor.c === c) sq.classList.add("cursor");
        board.appendChild(sq);
      }
    }
    for (const el of document.querySelectorAll(".player")) {
      const s = Number(el.dataset.seat);
      el.querySelector(".score").textContent = view.scores[s];
      el.classList.toggle("to-move", !view.result && view.to_move === s);
    }
    drawRack();
    $("bag").textContent = `${view.bag} ${words.bag}`;
    const unseen = $("unseen");
    if (unseen) unseen.textContent = view.unseen || "";
    const sheet = $("sheet");
    sheet.textContent = "";
    for (const t of view.sheet) {
      const tr = document.createElement("tr");
      for (const cell of [view.names[t.player], t.move || t.kind, t.score, t.total]) {
        const td = document.createElement("td"); td.textContent = cell; tr.appendChild(td);
      }
      sheet.appendChild(tr);
    }
    if (view.result) {
      const w = view.result.winner;
      say(`${words.over} ${w === null ? words.draw : view.names[w] + " " + words.won} ${view.result.scores.join(":")}`);
    } else if (seat !== null) {
      if (view.pending && view.pending.player !== seat) say(words.pending);
      else if (view.pending) say(words.waiting);
      else if (message.classList.contains("error")) { /* keep the error */ }
      else say(view.to_move === seat ? words.yourTurn : words.theirTurn);
    }
    tick();
  }

  function rackLetters() {
    const rack = (view.rack || "").split("");
    if (rackOrder && rackOrder.slice().sort().join("") === rack.slice().sort().join("")) return rackOrder;
    rackOrder = rack;
    return rack;
  }

  function drawRack() {
    const el = $("rack");
    if (!el) return;
    el.textContent = "";
    const used = tentative.map((t) => (t.blank ? "?" : t.letter));
    for (const letter of rackLetters()) {
      const i = used.indexOf(letter);
      const tile = tileEl(letter, i >= 0 ? "used" : "");
      if (i >= 0) used.splice(i, 1);
      el.appendChild(tile);
    }
  }

  function tick() {
    if (!view.clocks) return;
    const gone = (performance.now() - received) / 1000;
    for (const el of document.querySelectorAll(".player")) {
      const s = Number(el.dataset.seat);
      let left = view.clocks[s] - (!view.result && view.running === s ? gone : 0);
      const sign = left < 0 ? "-" : "";
      left = Math.abs(Math.floor(left));
      const text = `${sign}${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      const clock = el.querySelector(".clock");
      clock.textContent = text;
      clock.classList.toggle("low", sign === "-" || left < 60);
    }
  }
  setInterval(tick, 250);

  // ---- typing on the board -------------------------------------------------------
  function occupied(r, c) { return view.board[r][c] !== "."; }

  function notation() {
    if (!tentative.length) return "";
    const across = tentative.length > 1 ? tentative[0].r === tentative[1].r : cursor ? cursor.across : true;
    const dr = across ? 0 : 1, dc = across ? 1 : 0;
    let r = tentative[0].r, c = tentative[0].c;
    for (const t of tentative) { if (t.r * 15 + t.c < r * 15 + c) { r = t.r; c = t.c; } }
    while (r - dr >= 0 && c - dc >= 0 && occupied(r - dr, c - dc)) { r -= dr; c -= dc; }
    const start = across ? `${COLS[c]}${r + 1}` : `${r + 1}${COLS[c]}`;
    let word = "";
    while (r < 15 && c < 15) {
      const t = tentative.find((x) => x.r === r && x.c === c);
      if (t) word += t.blank ? t.letter.toLowerCase() : t.letter;
      else if (occupied(r, c)) word += view.board[r][c];
      else break;
      r += dr; c += dc;
    }
    return `${start} ${word}`;
  }

  function showNotation() {
    const input = $("movetext");
    if (!input) return;
    input.value = notation();
    $("preview").textContent = "";
    if (input.value) send({ kind: "preview", text: input.value });
  }

  function advance() {
    const dr = cursor.across ? 0 : 1, dc = cursor.across ? 1 : 0;
    let r = cursor.r + dr, c = cursor.c + dc;
    while (r < 15 && c < 15 && (occupied(r, c))) { r += dr; c += dc; }
    if (r < 15 && c < 15) { cursor.r = r; cursor.c = c; }
  }

  function place(letter) {
    if (!cursor || occupied(cursor.r, cursor.c) || tentative.some((t) => t.r === cursor.r && t.c === cursor.c)) return;
    const free = rackLetters().slice();
    for (const t of tentative) free.splice(free.indexOf(t.blank ? "?" : t.letter), 1);
    let blank = false;
    if (!free.includes(letter)) {
      if (!free.includes("?")) return;
      blank = true;
    }
    tentative.push({ r: cursor.r, c: cursor.c, letter, blank });
    advance();
    draw();
    showNotation();
  }

  board.addEventListener("click", (e) => {
    const sq = e.target.closest(".sq");
    if (!sq || seat === null) return;
    const r = Number(sq.dataset.r), c = Number(sq.dataset.c);
    if (cursor && cursor.r === r && cursor.c === c) cursor.across = !cursor.across;
    else cursor = { r, c, across: cursor ? cursor.across : true };
    draw();
    board.focus();
  });
  board.tabIndex = 0;
  board.addEventListener("keydown", (e) => {
    if (!cursor) return;
    if (e.key === "ArrowRight") { cursor.across = true; e.preventDefault(); draw(); }
    else if (e.key === "ArrowDown") { cursor.across = false; e.preventDefault(); draw(); }
    else if (e.key === "Backspace") {
      const t = tentative.pop();
      if (t) { cursor = { r: t.r, c: t.c, across: cursor.across }; }
      e.preventDefault(); draw(); showNotation();
    } else if (e.key === "Escape") { tentative = []; draw(); showNotation(); }
    else if (e.key === "Enter") { e.preventDefault(); submit(); }
    else if (e.key.length === 1 && /\p{L}/u.test(e.key)) {
      e.preventDefault();
      place(e.key.toUpperCase());
    }
  });

  // ---- sending ---------------------------------------------------------------------
  function submit() {
    const input = $("movetext");
    const text = (input && input.value.trim()) || notation();
    if (!text) return;
    say("");
    send({ kind: "move", text });
    tentative = [];
    if (input) input.value = "";
    const p = $("preview"); if (p) p.textContent = "";
  }
  const form = $("moveform");
  if (form) {
    form.addEventListener("submit", (e) => { e.preventDefault(); submit(); });
    $("movetext").addEventListener("input", (e) => {
      const text = e.target.value.trim();
      if (text.split(" ").length === 2) send({ kind: "preview", text });
    });
    form.addEventListener("click", (e) => {
      const act = e.target.dataset && e.target.dataset.act;
      if (!act) return;
      say("");
      if (act === "shuffle") {
        const rack = rackLetters();
        for (let i = rack.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [rack[i], rack[j]] = [rack[j], rack[i]]; }
        drawRack();
      } else if (act === "pass") send({ kind: "move", text: "pauza" });
      else send({ kind: act });
    });
  }

  draw();
  connect();
})();
