// Long lists in pages that fit the screen, for the projectors in a hall (the
// tournament's pairings and standings, Belgijka's results and classification).
//
// The server writes each list whole, as one table in a block's .pj-source; here the
// table is measured and cut into pages of columns side by side — as many columns as
// the width takes, as many rows as the height given to the list takes — each column's
// table as wide as the whole list's, so that every page looks the same. Too wide a
// list first narrows its pj-flex columns (with an ellipsis), then gets smaller type
// (down to 60 %), then narrows all its columns; a long list a little too wide for one
// more column gets type a little smaller to take it (down to 80 %): fewer pages. Lists
// that fit on one page with room to spare get larger type (up to 1.6 times). Several
// lists on one screen share the free height: a short list takes what it needs, the
// long ones share the rest. The markup has no inline styles (the
// Content-Security-Policy forbids them): sizes are set through the DOM. The page's
// script decides when a page turns (window.planszaPages).
(function () {
  "use strict";

  var SMALLEST = 0.6; // the smallest type a too wide list gets, of the page's
  var SHRINK = 0.8; // the smallest type a list gets for one more column
  var GROW = 1.6; // the largest type a short list gets to fill the screen
  var FLEX = 5; // em: the narrowest a pj-flex column gets

  function height(el) {
    return el.getBoundingClientRect().height;
  }

  // A list: `block` holds .pj-source (the whole table, .note lines after it) and .pj-pages
  // (where a page is shown); `pageno` (optional) says "page k of n", from its
  // data-text with {k} and {n} in it.
  function Pager(block, pageno) {
    this.block = block;
    this.source = block.querySelector(".pj-source");
    this.pages = block.querySelector(".pj-pages");
    this.pageno = pageno || block.querySelector(".pj-pageno");
    this.key = block.getAttribute("data-key") || "";
    this.index = 0;
    this.count = 1;
    this.need = 0;
    this.grow = 1;
  }

  // The whole table's shape at the type it has now.
  Pager.prototype.shape = function () {
    var table = this.source.querySelector("table");
    var rows = table && table.tBodies.length ? Array.prototype.slice.call(table.tBodies[0].rows) : [];
    var row = 0;
    rows.forEach(function (r) { row = Math.max(row, height(r)); });
    var head = table && table.tHead ? height(table.tHead) : 0;
    var cols = [];
    if (table && table.tHead && table.tHead.rows.length) {
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) {
        cols.push(c.getBoundingClientRect().width);
      });
    }
    return {
      table: table,
      rows: rows,
      row: row || 1,
      head: head,
      width: table ? table.getBoundingClientRect().width : 0,
      cols: cols,
      notes: table ? Math.max(0, height(this.source) - height(table)) : 0,
    };
  };

  // Columns whose header has the class pj-flex (a card's text, say) give up their
  // width first when the table is too wide, down to FLEX em each, with an ellipsis.
  function flexible(m, least) { // how much the pj-flex columns may give, each down to `least` px
    if (!m.table || !m.table.tHead || !m.table.tHead.rows.length) return 0;
    var cells = m.table.tHead.rows[0].cells, give = 0;
    m.cols.forEach(function (w, i) {
      if (cells[i] && cells[i].classList.contains("pj-flex")) give += Math.max(0, w - least);
    });
    return give;
  }

  Pager.prototype.narrow = function (m, font) {
    var excess = m.width - this.avail, least = FLEX * font;
    var give = excess > 0 ? flexible(m, least) : 0;
    if (give <= 0) return m;
    var cells = m.table.tHead.rows[0].cells;
    var take = Math.min(excess, give);
    m.cols = m.cols.map(function (w, i) {
      if (!cells[i] || !cells[i].classList.contains("pj-flex")) return w;
      return w - Math.max(0, w - least) / give * take;
    });
    m.width -= take;
    return m;
  };

  // Measure the list (its table shown whole for a moment, never painted) at the
  // page's type times `this.grow`, then leave the block with its pages empty and the
  // table hidden.
  Pager.prototype.measure = function () {
    var self = this, src = this.source, pages = this.pages;
    src.hidden = false;
    src.style.fontSize = pages.style.fontSize = "";
    pages.textContent = "";
    this.avail = pages.getBoundingClientRect().width;
    var table = src.querySelector("table");
    var font = table ? parseFloat(window.getComputedStyle(table).fontSize) : 16;
    function sized(px) {
      font = px;
      src.style.fontSize = pages.style.fontSize = px + "px";
      return self.narrow(self.shape(), px);
    }
    var m = this.grow !== 1 ? sized(font * this.grow) : this.narrow(this.shape(), font);
    if (m.width > this.avail && m.width > 0) {
      m = sized(Math.max(font * SMALLEST, font * this.avail / m.width * 0.98));
    }
    // A long list that takes one more column with type a little smaller (down to 80 %)
    // gets it: fewer pages to wait through.
    var gap = font * 1.2;
    var columns = Math.max(1, Math.floor((this.avail + gap) / (m.width + gap)));
    var wider = this.avail / ((columns + 1) * m.width + columns * gap);
    if (this.grow === 1 && m.width <= this.avail && wider >= SHRINK && wider < 1
        && m.rows.length * m.row > window.innerHeight * columns) {
      m = sized(font * wider * 0.99);
    }
    this.font = font;
    this.gap = font * 1.2;
    if (m.width > this.avail && m.width > 0) { // still too wide: narrower columns
      var k = this.avail / m.width;
      m.cols = m.cols.map(function (w) { return w * k; });
      m.width = this.avail;
    }
    this.m = m;
    // the width larger type would need: pj-flex columns may give some (down to 8 em)
    this.rigid = m.width - flexible(m, 8 * font);
    this.columns = Math.max(1, Math.floor((this.avail + this.gap) / (m.width + this.gap)));
    this.slack = 3; // px: borders and rounding
    this.need = m.head + Math.ceil(m.rows.length / this.columns) * m.row + m.notes + this.slack;
    src.hidden = true;
  };

  // Cut the list into pages for `space` px of height (at least one row a page).
  Pager.prototype.fit = function (space) {
    var m = this.m;
    this.rowsFit = Math.max(1, Math.floor((space - m.head - m.notes - this.slack) / m.row));
    this.cut();
  };

  Pager.prototype.cut = function () {
    var n = this.m.rows.length;
    var per = this.columns * this.rowsFit;
    this.count = Math.max(1, Math.ceil(n / per));
    var most = Math.max(1, Math.ceil(n / this.count)); // pages evenly full (± 1 row)
    this.used = Math.max(1, Math.min(this.columns, Math.ceil(most / this.rowsFit)));
    this.perColumn = Math.max(1, Math.ceil(most / this.used));
    if (this.index >= this.count) this.index = this.count - 1;
    if (this.index < 0) this.index = 0;
  };

  // Show the page `this.index`.
  Pager.prototype.show = function () {
    var m = this.m, pages = this.pages;
    pages.textContent = "";
    if (!m.table) return;
    var line = document.createElement("div");
    line.className = "pj-columns";
    var n = m.rows.length;
    var first = Math.floor(this.index * n / this.count);
    var last = Math.floor((this.index + 1) * n / this.count);
    for (var c = 0; c < this.used; c++) {
      var from = first + c * this.perColumn, to = Math.min(last, from + this.perColumn);
      if (from >= to && c > 0) break;
      var table = m.table.cloneNode(false);
      table.classList.add("pj-column");
      table.style.width = m.width + "px";
      var group = document.createElement("colgroup");
      m.cols.forEach(function (w) {
        var col = document.createElement("col");
        col.style.width = w + "px";
        group.appendChild(col);
      });
      table.appendChild(group);
      if (m.table.tHead) table.appendChild(m.table.tHead.cloneNode(true));
      var body = document.createElement("tbody");
      for (var i = from; i < to; i++) body.appendChild(m.rows[i].cloneNode(true));
      table.appendChild(body);
      line.appendChild(table);
    }
    pages.appendChild(line);
    Array.prototype.forEach.call(this.source.querySelectorAll(".pj-source > .note"), function (el) {
      pages.appendChild(el.cloneNode(true));
    });
    if (this.pageno) {
      var text = this.pageno.getAttribute("data-text") || "{k}/{n}";
      this.pageno.textContent = text.replace("{k}", String(this.index + 1)).replace("{n}", String(this.count));
      this.pageno.hidden = false;
    }
  };

  // How far `el`'s content reaches below the screen's bottom less `margin` px (> 0:
  // it does not fit).
  function over(el, margin) {
    return el.getBoundingClientRect().bottom - (window.innerHeight - margin);
  }

  // Lay out `pagers` (their blocks inside `container`, whose bottom may come down to
  // `margin` px above the screen's bottom): the free height is shared, each list is
  // cut into pages and its current page shown. Lists that all fit on one page with
  // room to spare get larger type (up to GROW times), filling the screen.
  function layout(pagers, container, margin) {
    if (!pagers.length) return;
    pagers.forEach(function (p) { p.grow = 1; });
    place(pagers, container, margin);
    if (!pagers.every(function (p) { return p.count === 1 && p.m.table; })) return;
    var used = 0, grow = GROW;
    pagers.forEach(function (p) {
      used += height(p.pages);
      var wide = p.used * p.rigid + (p.used - 1) * p.gap;
      if (wide > 0) grow = Math.min(grow, p.avail / wide);
    });
    if (used > 0) grow = Math.min(grow, (used - over(container, margin)) / used);
    if (grow < 1.05) return;
    pagers.forEach(function (p) { p.grow = grow * 0.97; });
    place(pagers, container, margin);
    if (pagers.every(function (p) { return p.count === 1; }) && over(container, margin) <= 0.5) return;
    pagers.forEach(function (p) { p.grow = 1; });
    place(pagers, container, margin);
  }

  function place(pagers, container, margin) {
    pagers.forEach(function (p) { p.measure(); });
    var free = Math.max(0, -over(container, margin));
    var order = pagers.slice().sort(function (a, b) { return a.need - b.need; });
    var left = free, k = order.length;
    order.forEach(function (p) {
      p.space = Math.min(p.need, left / k);
      left -= p.space;
      k -= 1;
    });
    pagers.forEach(function (p) { p.fit(p.space); p.show(); });
    // Rounding may leave a list a pixel too long: one row less for the longest, again.
    for (var tries = 0; tries < 6 && over(container, margin) > 0.5; tries++) {
      var longest = null;
      pagers.forEach(function (p) {
        if (p.rowsFit > 1 && (!longest || p.perColumn > longest.perColumn)) longest = p;
      });
      if (!longest) break;
      longest.rowsFit -= 1;
      longest.cut();
      longest.show();
    }
  }

  // Keys a person at the projector's laptop may press: → (PageDown, space) the next
  // page, ← (PageUp) the previous one.
  function keys(turn) {
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var a = document.activeElement;
      if (a && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(a.tagName)) return;
      if (e.key === "ArrowRight" || e.key === "PageDown" || e.key === " ") { e.preventDefault(); turn(1); }
      else if (e.key === "ArrowLeft" || e.key === "PageUp") { e.preventDefault(); turn(-1); }
    });
  }

  window.planszaPages = { Pager: Pager, layout: layout, keys: keys };
})();
