// The game page: the board, the rack and the clocks drawn from the server's view.
// A move is made on the board: click a square and type letters (an arrow key or a
// second click turns the direction; Backspace takes a tile back; Enter sends; typing
// from a square with a tile on it starts at the next free one), or drag tiles from
// the rack onto the board (a tap on a rack tile puts it at the cursor), or type it in
// Polish notation in the text box. A blank asks for its letter in a dialog, which a
// letter key answers; the letters typed after it are kept and placed next. Dragging a
// tile within the rack reorders it. The score of the tentative move is asked of the
// server (``preview``) before it is sent; the box is emptied once the move is made.
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
  const values = JSON.parse(document.getElementById("values").textContent);
  let view = JSON.parse(document.getElementById("view").textContent);
  let last = view.n;
  let received = performance.now();
  let ws = null;
  let cursor = null; // {r, c, across}
  let tentative = []; // [{r, c, letter, blank}]
  let refused = false; // the server refused the tentative move: shown until changed
  let rackOrder = null; // the player's own order of the rack tiles
  let exchanging = null; // indexes (in rackOrder) chosen for an exchange, or null
  const COLS = "ABCDEFGHIJKLMNO";
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const keys = $("keys"); // the board's keyboard: an input, so phones show theirs
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
        if (msg.step.seat === seat && seat !== null) { tentative = []; refused = false; clearBox(); }
        describeStep(msg.step);
        if (msg.view) setView(msg.view);
      } else if (msg.type === "view") {
        setView(msg.view);
      } else if (msg.type === "preview") {
        const p = $("preview");
        if (p && msg.text === $("movetext").value.trim()) {
          p.textContent = msg.score === null ? (msg.message || "") : `${msg.score} ${words.points}`;
          p.classList.toggle("error", msg.score === null);
        }
      } else if (msg.type === "chat") {
        addChat(msg);
      } else if (msg.type === "chat_muted") {
        for (const li of document.querySelectorAll("#chat-list li")) {
          if (li.dataset.author && li.dataset.author.toLowerCase() === msg.author.toLowerCase()) li.remove();
        }
      } else if (msg.type === "chat_reported") {
        const li = document.querySelector(`#chat-list li[data-id="${Number(msg.id)}"]`);
        if (li) li.classList.add("reported");
        chatSay(words.chatReported);
      } else if (msg.type === "error" && msg.chat) {
        chatSay(msg.message, true);
      } else if (msg.type === "error") {
        say(msg.message, true);
        if (tentative.length) { refused = true; focusKeys(); } // fix it on the board
        draw(true);
      }
    };
    // again after 1 to 3 s: when a server process dies, its players do not all come
    // back in the same instant to the process taking its games over
    ws.onclose = () => {
      say(words.reconnect, true);
      setTimeout(connect, 1000 + Math.random() * 2000);
    };
    ws.onopen = () => { if (message.textContent === words.reconnect) say(""); };
  }
  function send(obj) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
  }

  // ---- the chat (server/chat.py): text shown as text, each message once ------------
  const chatList = $("chat-list");
  const chatShown = new Set();
  const me = chatList ? chatList.dataset.account : "";
  function chatSay(text, isError) {
    const el = $("chat-status");
    if (!el) return;
    el.textContent = text || "";
    el.classList.toggle("error", !!isError);
  }
  function addChat(m) {
    if (!chatList || chatShown.has(m.id)) return;
    chatShown.add(m.id);
    const li = document.createElement("li");
    li.dataset.id = m.id;
    if (m.author) li.dataset.author = m.author;
    const who = document.createElement("b");
    const mine = seat === null ? m.channel === "spectators" : m.channel === "players";
    who.textContent = `${m.name}${mine ? "" : " (" + words.chatOther[m.channel] + ")"}: `;
    li.appendChild(who);
    li.appendChild(document.createTextNode(m.text));
    if (me && m.author && m.author.toLowerCase() !== me.toLowerCase()) {
      for (const [act, label] of [["report", words.chatReport], ["mute", words.chatMute]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "chat-act";
        b.dataset.chat = act;
        b.textContent = label;
        b.setAttribute("aria-label", `${label}: ${m.name}`);
        li.appendChild(b);
      }
    }
    chatList.appendChild(li);
    chatList.scrollTop = chatList.scrollHeight;
  }
  if (chatList) {
    chatList.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-chat]");
      if (!b) return;
      const li = b.closest("li");
      if (b.dataset.chat === "report") send({ kind: "chat_report", id: Number(li.dataset.id) });
      else send({ kind: "chat_mute", author: li.dataset.author });
    });
    const form = $("chat-form");
    if (form) {
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const input = $("chat-text");
        const text = input.value.trim();
        if (!text) return;
        send({ kind: "chat", text });
        input.value = "";
        chatSay("");
      });
    }
  }

  let note = ""; // what the last step said (a verdict, a flag fall), shown with the turn
  function describeStep(step) {
    note = "";
    for (const e of step.events || []) {
      if (e.event === "judged") note = e.valid ? words.valid : words.invalid;
      else if (e.event === "timed_out") note = words.flag;
      else if (e.event === "exchanged") note = `${view.names[e.seat]}: ${words.exchanged} ${e.count}`;
      else if (e.event === "joined") note = `${e.name} ${words.joined}`;
      // the opponent's move said in the status line (a live region: screen readers
      // announce it); a play awaiting a decision is said by draw()
      else if (e.event === "played" && e.seat !== seat && !e.pending) note = `${view.names[e.seat]}: ${e.move}, ${e.score} ${words.points}.`;
      else if (e.event === "passed" && e.seat !== seat) note = `${view.names[e.seat]}: ${words.kinds.pass}.`;
      else if (e.event === "cancelled") note = e.seat === null ? words.noShow : words.cancelled;
      else if (e.event === "rematch_made" && seat !== null) location.assign(`/g/${gameId}/rematch`);
    }
  }

  function clearBox() {
    const input = $("movetext");
    if (input) input.value = "";
    const p = $("preview");
    if (p) p.textContent = "";
  }

  function setView(v) {
    view = v;
    received = performance.now();
    if (view.to_move !== seat || view.pending) { tentative = []; refused = false; }
    if (view.result) exchanging = null;
    draw();
  }

  // ---- drawing -----------------------------------------------------------------
  function tileEl(letter, extra) {
    const t = document.createElement("span");
    const blank = letter === "?" || letter !== letter.toUpperCase();
    t.className = "tile" + (blank ? " blank" : "") + (extra ? " " + extra : "");
    t.textContent = letter === "?" ? "" : letter.toUpperCase();
    if (!blank && values[letter]) {
      const v = document.createElement("sub");
      v.textContent = values[letter];
      t.appendChild(v);
    }
    return t;
  }

  function draw(keepMessage) {
    board.textContent = "";
    const lastSq = new Set((view.last || []).map(([r, c]) => `${r},${c}`));
    const pendSq = new Set(view.pending ? view.pending.squares.map(([r, c]) => `${r},${c}`) : []);
    for (let r = 0; r < 15; r++) {
      // a grid's cells sit in rows (ARIA); the row box itself takes no room (CSS)
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      board.appendChild(row);
      for (let c = 0; c < 15; c++) {
        const sq = document.createElement("div");
        const p = premiums[r][c];
        sq.className = "sq" + ({ W: " tw", w: " dw", L: " tl", l: " dl" }[p] || "") + (r === 7 && c === 7 ? " centre" : "");
        sq.dataset.r = r; sq.dataset.c = c;
        sq.setAttribute("role", "gridcell");
        const letter = view.board[r][c];
        // read out: the coordinate, then the tile on it or the square's premium
        let what = words.premiums[p] || "";
        if (letter !== ".") what = letter === letter.toLowerCase() ? `${letter.toUpperCase()} (${words.blank})` : letter;
        sq.setAttribute("aria-label", what ? `${COLS[c]}${r + 1}, ${what}` : `${COLS[c]}${r + 1}`);
        const tent = tentative.find((t) => t.r === r && t.c === c);
        if (letter !== ".") {
          const key = `${r},${c}`;
          sq.appendChild(tileEl(letter, pendSq.has(key) ? "pending" : lastSq.has(key) ? "last" : ""));
        } else if (tent) {
          sq.appendChild(tileEl(tent.blank ? tent.letter.toLowerCase() : tent.letter, refused ? "tentative refused" : "tentative"));
        }
        if (cursor && cursor.r === r && cursor.c === c) {
          sq.classList.add("cursor", cursor.across ? "across" : "down");
        }
        row.appendChild(sq);
      }
    }
    for (const el of document.querySelectorAll(".player")) {
      const s = Number(el.dataset.seat);
      el.querySelector(".name").textContent = view.names[s];
      el.querySelector(".score").textContent = view.scores[s];
      // whose turn it is: the one whose clock runs (the decider while a play awaits)
      const turn = view.running !== null ? view.running : view.to_move;
      el.classList.toggle("to-move", view.state === "playing" && turn === s);
    }
    const invite = $("invite");
    if (invite && view.state !== "waiting") invite.hidden = true;
    drawRack();
    drawControls();
    $("bag").textContent = `${view.bag} ${words.bag}`;
    const unseen = $("unseen");
    if (unseen) unseen.textContent = view.unseen || "";
    const sheet = $("sheet");
    sheet.textContent = "";
    for (const t of view.sheet) {
      const tr = document.createElement("tr");
      const move = t.move || (words.kinds[t.kind] || t.kind) + (t.count ? ` (${t.count})` : "");
      [view.names[t.player], move, t.score, t.total].forEach((cell, i) => {
        const td = document.createElement("td"); td.textContent = cell;
        if (i > 1) td.className = "num";
        tr.appendChild(td);
      });
      sheet.appendChild(tr);
    }
    drawResult();
    if (keepMessage) { /* an error just said */ }
    else if (view.result) say(note);
    else if (view.state === "cancelled") say(note || words.cancelled);
    else if (view.state === "waiting") say(seat !== null ? words.waitingFor : words.waitingWatch);
    else if (seat !== null) {
      let text;
      if (view.pending && view.pending.player !== seat) text = `${view.names[view.pending.player]}: ${view.pending.move} (${view.pending.score} ${words.points}). ${words.pending}`;
      else if (view.pending) text = words.waiting;
      else if (exchanging) text = words.choose;
      else if (view.to_move === seat) text = words.yourTurn;
      else text = view.names.length > 2 ? words.turnOf.replace("{name}", view.names[view.to_move]) : words.theirTurn;
      say(note ? `${note} ${text}` : text);
    } else say(note);
    tick();
  }

  function drawResult() {
    const el = $("result");
    if (!view.result) { el.hidden = true; return; }
    el.hidden = false;
    drawRematch();
    const w = view.result.winner;
    $("result-head").textContent = `${words.over} ${w === null ? words.draw : view.names[w] + " " + words.won} ${view.result.scores.join(":")}`;
    $("result-reason").textContent = words.reasons[view.result.reason] || view.result.reason;
    const list = $("adjustments");
    list.textContent = "";
    for (const a of view.adjustments || []) {
      const li = document.createElement("li");
      const sign = a.points > 0 ? "+" : "";
      const why = (words.adjust[a.reason] || a.reason) + (a.tiles ? ` (${a.tiles})` : "");
      li.textContent = `${view.names[a.player]}: ${sign}${a.points} — ${why}`;
      list.appendChild(li);
    }
    drawRatings();
  }

  // a rated game's ratings before and after, written with the step that ended it
  let ratingsShown = false;
  function drawRatings() {
    const el = $("rating-change");
    if (!el || ratingsShown) return;
    ratingsShown = true;
    fetch(`/g/${gameId}/rating`).then((r) => r.json()).then((change) => {
      const lines = Object.entries(change).map(([s, [before, after]]) => {
        const d = Math.round(after) - Math.round(before);
        return `${view.names[s]}: ${Math.round(before)} → ${Math.round(after)} (${d >= 0 ? "+" : ""}${d})`;
      });
      el.textContent = lines.length ? lines.join(" · ") : words.unrated;
    }).catch(() => { ratingsShown = false; });
  }

  function drawRematch() {
    const r = view.rematch || {};
    const other = seat === null ? null : 1 - seat;
    const show = (id, yes) => { const b = $(id); if (b) b.hidden = !yes; };
    const open = !r.game && r.declined_by === null && view.names.length === 2; // of two only
    show("rematch-offer", seat !== null && open && r.offered_by === null);
    show("rematch-yes", seat !== null && open && r.offered_by === other);
    show("rematch-no", seat !== null && open && r.offered_by === other);
    const link = $("rematch-link");
    link.hidden = !r.game;
    if (r.game) link.href = seat === null ? `/g/${r.game}` : `/g/${gameId}/rematch`;
    let text = "";
    if (r.game) text = words.rematchMade;
    else if (r.declined_by !== null) text = words.rematchDeclined;
    else if (r.offered_by !== null && r.offered_by === seat) text = words.rematchOffered;
    else if (r.offered_by !== null) text = `${view.names[r.offered_by]} ${words.rematchOffer}`;
    $("rematch-state").textContent = text;
  }

  function drawControls() {
    const playing = view.state === "playing";
    const myTurn = seat !== null && playing && view.to_move === seat && !view.pending;
    const form = $("moveform");
    if (form && (view.result || view.state === "cancelled")) { form.hidden = true; $("rack").hidden = true; cursor = null; }
    // the one to decide on a play is the next in turn (of two: the opponent)
    const answering = seat !== null && playing && view.pending
      && (view.pending.player + 1) % view.names.length === seat;
    for (const b of document.querySelectorAll("[data-when]")) {
      const when = b.dataset.when;
      b.hidden = !((when === "turn" && myTurn && !exchanging) || (when === "pending" && answering)
        || (when === "exchange" && myTurn && exchanging)
        || (when === "live" && playing && view.names.length === 2) // resigning: a game of two
        || (when === "waiting" && view.state === "waiting"));
    }
  }

  function rackLetters() {
    const rack = (view.rack || "").split("");
    if (rackOrder && rackOrder.slice().sort().join("") === rack.slice().sort().join("")) return rackOrder;
    rackOrder = rack;
    exchanging = exchanging ? [] : null;
    return rack;
  }

  function freeTiles() { // indexes of rack tiles not on the board
    const used = tentative.map((t) => (t.blank ? "?" : t.letter));
    const free = [];
    rackLetters().forEach((letter, i) => {
      const k = used.indexOf(letter);
      if (k >= 0) used.splice(k, 1); else free.push(i);
    });
    return free;
  }

  function drawRack() {
    const el = $("rack");
    if (!el) return;
    el.textContent = "";
    const free = freeTiles();
    rackLetters().forEach((letter, i) => {
      const chosen = exchanging && exchanging.includes(i);
      const tile = tileEl(letter, (free.includes(i) ? "" : "used") + (chosen ? " chosen" : ""));
      tile.dataset.i = i;
      tile.setAttribute("role", "button");
      // a blank shows no letter: its name is said instead
      tile.setAttribute("aria-label", letter === "?" ? words.blank : `${letter.toUpperCase()} ${values[letter] || ""}`.trim());
      el.appendChild(tile);
    });
  }

  function tick() {
    const gone = (performance.now() - received) / 1000;
    if (view.state === "waiting" && view.arrival !== null && seat !== null && !message.classList.contains("error")) {
      const left = Math.max(0, Math.floor(view.arrival - gone));
      say(`${words.waitingFor} (${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} ${words.left})`);
    }
    // the actor: the one to move, or to decide on a play that awaits it
    const actor = view.state !== "playing" ? null
      : view.pending ? (view.pending.player + 1) % view.names.length : view.to_move;
    const title = document.title.replace(/^● /, "");
    document.title = seat !== null && actor === seat ? `● ${title}` : title;
    if (view.days) { // by correspondence: the days the actor has left, no game clock
      for (const el of document.querySelectorAll(".player")) {
        const s = Number(el.dataset.seat);
        const clock = el.querySelector(".clock");
        if (actor !== s || view.act_left === null) { clock.textContent = ""; continue; }
        const left = Math.max(0, Math.floor(view.act_left - gone));
        const d = Math.floor(left / 86400), h = Math.floor((left % 86400) / 3600);
        const m = Math.floor((left % 3600) / 60);
        clock.textContent = `${d} ${words.days} ${h}:${String(m).padStart(2, "0")}`;
        clock.classList.toggle("low", left < 3600 * 6);
      }
      return;
    }
    if (!view.clocks) return;
    for (const el of document.querySelectorAll(".player")) {
      const s = Number(el.dataset.seat);
      let left = view.clocks[s] - (view.state === "playing" && view.running === s ? gone : 0);
      const sign = left < 0 ? "-" : "";
      left = Math.abs(Math.floor(left));
      const text = `${sign}${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      const clock = el.querySelector(".clock");
      clock.textContent = text;
      clock.classList.toggle("low", sign === "-" || left < 60);
    }
  }
  setInterval(tick, 250);

  // ---- the tentative move --------------------------------------------------------
  function occupied(r, c) { return view.board[r][c] !== "."; }
  function myTurn() { return seat !== null && view.state === "playing" && view.to_move === seat && !view.pending; }

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

  function changed() {
    refused = false;
    draw();
    const input = $("movetext");
    if (!input) return;
    input.value = notation();
    $("preview").textContent = "";
    if (input.value) send({ kind: "preview", text: input.value });
  }

  function advance() {
    const dr = cursor.across ? 0 : 1, dc = cursor.across ? 1 : 0;
    let r = cursor.r + dr, c = cursor.c + dc;
    while (r < 15 && c < 15 && occupied(r, c)) { r += dr; c += dc; }
    if (r < 15 && c < 15) { cursor.r = r; cursor.c = c; }
  }

  function freeAt(r, c) {
    return r >= 0 && r < 15 && c >= 0 && c < 15 && !occupied(r, c) && !tentative.some((t) => t.r === r && t.c === c);
  }

  // Put a tile at (r, c): ``letter`` from the rack, or a blank as ``letter``.
  function put(r, c, letter, blank) {
    tentative.push({ r, c, letter, blank });
    if (cursor && cursor.r === r && cursor.c === c) advance();
    changed();
  }

  // A letter typed at the cursor: its own tile if free, else a blank. On a square
  // already holding a tile, the letter goes to the next free square in the direction.
  function place(letter) {
    if (!cursor || !myTurn()) return;
    if (!freeAt(cursor.r, cursor.c)) {
      const dr = cursor.across ? 0 : 1, dc = cursor.across ? 1 : 0;
      let r = cursor.r, c = cursor.c;
      while (r < 15 && c < 15 && !freeAt(r, c)) { r += dr; c += dc; }
      if (r >= 15 || c >= 15) return;
      cursor.r = r; cursor.c = c;
    }
    const free = freeTiles().map((i) => rackLetters()[i]);
    if (letter === "?") { if (free.includes("?")) askBlank(cursor.r, cursor.c); return; }
    if (free.includes(letter)) put(cursor.r, cursor.c, letter, false);
    else if (free.includes("?")) put(cursor.r, cursor.c, letter, true);
  }

  // A rack tile (by index) put at (r, c); a blank asks for its letter first.
  function placeTile(i, r, c) {
    if (!myTurn() || !freeAt(r, c) || !freeTiles().includes(i)) return;
    const letter = rackLetters()[i];
    if (letter === "?") askBlank(r, c);
    else put(r, c, letter, false);
  }

  // ---- the blank's letter ----------------------------------------------------------
  // The dialog is answered by a click or by a letter key (also one typed in the same
  // burst as the "?"); the letters typed after it go on to the board as usual: the
  // dialog's key never reaches the board too, and no letter is lost in between.
  const dialog = $("blankdialog");
  let blankAt = null;
  function askBlank(r, c) {
    blankAt = { r, c };
    if (!dialog.open) dialog.showModal();
  }
  function chooseBlank(letter) {
    if (!blankAt) return;
    const { r, c } = blankAt;
    blankAt = null;
    dialog.close();
    put(r, c, letter, true);
    focusKeys();
  }
  function cancelBlank() {
    blankAt = null;
    if (dialog.open) dialog.close();
    focusKeys();
  }
  if (dialog) {
    dialog.addEventListener("click", (e) => {
      const letter = e.target.dataset && e.target.dataset.letter;
      if (e.target.value === "cancel") { e.preventDefault(); cancelBlank(); return; }
      if (letter) chooseBlank(letter);
    });
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); cancelBlank(); });
    dialog.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      e.preventDefault(); // the key chooses: it must not reach the board as a tile too
      const letter = e.key.toUpperCase();
      if (blankAt && values[letter] !== undefined) chooseBlank(letter);
    });
  }

  // ---- the board: clicks and keys -------------------------------------------------
  function focusKeys() { if (keys) keys.focus({ preventScroll: true }); }

  board.addEventListener("click", (e) => {
    const sq = e.target.closest(".sq");
    if (!sq || seat === null) return;
    const r = Number(sq.dataset.r), c = Number(sq.dataset.c);
    const k = tentative.findIndex((t) => t.r === r && t.c === c);
    if (k >= 0) { tentative.splice(k, 1); cursor = { r, c, across: cursor ? cursor.across : true }; changed(); focusKeys(); return; }
    if (cursor && cursor.r === r && cursor.c === c) cursor.across = !cursor.across;
    else cursor = { r, c, across: cursor ? cursor.across : true };
    draw();
    focusKeys();
  });

  if (keys) {
    keys.addEventListener("keydown", (e) => {
      if (e.key === "Backspace") {
        const t = tentative.pop();
        if (t) cursor = { r: t.r, c: t.c, across: cursor ? cursor.across : true };
        e.preventDefault(); changed();
      } else if (e.key === "Escape") { tentative = []; changed(); }
      else if (e.key === "Enter") { e.preventDefault(); submit(); }
      else if (!cursor) return;
      else if (e.key === "ArrowRight" || e.key === "ArrowLeft") { cursor.across = true; e.preventDefault(); draw(); }
      else if (e.key === "ArrowDown" || e.key === "ArrowUp") { cursor.across = false; e.preventDefault(); draw(); }
    });
    // letters arrive as text (any keyboard layout, a phone's keyboard, Polish letters)
    keys.addEventListener("input", () => {
      const text = keys.value;
      keys.value = "";
      for (const ch of text) typed(ch);
    });
  }

  // One character typed on the board: a letter, or "?" / a space for a blank. While a
  // blank waits for its letter, a letter is that letter.
  function typed(ch) {
    if (blankAt) {
      if (values[ch.toUpperCase()] !== undefined) chooseBlank(ch.toUpperCase());
      return;
    }
    if (ch === "?" || ch === " ") place("?");
    else if (/\p{L}/u.test(ch)) place(ch.toUpperCase());
  }

  // ---- the rack: drag to the board or within the rack; tap; choose for an exchange --
  const rackEl = $("rack");
  let drag = null; // {i, ghost, x0, y0, moved}
  if (rackEl) {
    rackEl.addEventListener("pointerdown", (e) => {
      const tile = e.target.closest(".tile");
      if (!tile) return;
      e.preventDefault();
      drag = { i: Number(tile.dataset.i), tile, x0: e.clientX, y0: e.clientY, moved: false, ghost: null };
    });
    document.addEventListener("pointermove", (e) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 6) return;
      if (!drag.ghost) {
        drag.moved = true;
        drag.ghost = drag.tile.cloneNode(true);
        drag.ghost.classList.add("ghost");
        document.body.appendChild(drag.ghost);
      }
      drag.ghost.style.left = `${e.clientX}px`;
      drag.ghost.style.top = `${e.clientY}px`;
    });
    document.addEventListener("pointerup", (e) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      if (d.ghost) d.ghost.remove();
      if (!d.moved) { tapTile(d.i); return; }
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const sq = target && target.closest(".sq");
      const other = target && target.closest(".rack .tile");
      if (sq) { placeTile(d.i, Number(sq.dataset.r), Number(sq.dataset.c)); focusKeys(); }
      else if (other) reorder(d.i, Number(other.dataset.i));
    });
    document.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });
  }

  function tapTile(i) {
    if (exchanging) {
      const k = exchanging.indexOf(i);
      if (k >= 0) exchanging.splice(k, 1); else exchanging.push(i);
      drawRack();
    } else if (cursor && freeAt(cursor.r, cursor.c)) {
      placeTile(i, cursor.r, cursor.c);
      focusKeys();
    }
  }

  function reorder(from, to) {
    const rack = rackLetters();
    if (from === to) return;
    const [tile] = rack.splice(from, 1);
    rack.splice(to, 0, tile);
    drawRack();
  }

  // ---- sending ---------------------------------------------------------------------
  function submit() {
    const input = $("movetext");
    const text = (input && input.value.trim()) || notation();
    if (!text) return;
    say("");
    send({ kind: "move", text });
  }
  const form = $("moveform");
  if (form) {
    form.addEventListener("submit", (e) => { e.preventDefault(); submit(); });
    $("movetext").addEventListener("input", (e) => {
      const text = e.target.value.trim();
      $("preview").textContent = "";
      if (text.split(" ").length === 2) send({ kind: "preview", text });
    });
    form.addEventListener("click", (e) => {
      const act = e.target.dataset && e.target.dataset.act;
      if (!act) return;
      note = "";
      if (act === "shuffle") {
        const rack = rackLetters();
        for (let i = rack.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [rack[i], rack[j]] = [rack[j], rack[i]]; }
        exchanging = exchanging ? [] : null;
        drawRack();
        return;
      }
      if (act === "exchange") { tentative = []; exchanging = []; changed(); return; }
      if (act === "cancel") { exchanging = null; draw(); return; }
      if (act === "swap") {
        if (!exchanging.length) return;
        const tiles = exchanging.map((i) => rackLetters()[i]).join("");
        exchanging = null;
        send({ kind: "move", text: `-${tiles}` });
        return;
      }
      if (act === "resign" && !window.confirm(words.sure)) return;
      if (act === "calloff" && !window.confirm(words.calloff)) return;
      say("");
      if (act === "pass") send({ kind: "move", text: "pauza" });
      else if (act === "calloff") send({ kind: "resign" });
      else send({ kind: act });
    });
  }
  $("result").addEventListener("click", (e) => {
    const answer = e.target.dataset && e.target.dataset.rematch;
    if (answer) send({ kind: "rematch", answer });
  });

  draw();
  connect();
})();
