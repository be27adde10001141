"""Reading a rendered HTML page back in tests: its tags, text and tables.

Used by the report tests to check what a browser would see (names intact, no element a
name smuggled in, every row as wide as its table's head) rather than the markup's bytes.
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"meta", "br", "link", "img", "input", "hr", "col", "wbr"}


class Page(HTMLParser):
    """A parsed page: ``tags`` (every start tag), ``text`` (all text, entities decoded),
    ``tables`` (each a list of rows of cell texts, head row first), ``lang``.

    >>> p = Page('<html lang="pl"><table><tr><th>A</th></tr><tr><td>x &amp; y</td></tr>'
    ...          '</table></html>')
    >>> p.lang, p.tables
    ('pl', [[['A'], ['x & y']]])
    """

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.lang = ""
        self._open: list[str] = []
        self._cell: list[str] | None = None
        self.feed(html)
        self.close()
        assert not self._open, f"elements left open: {self._open}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        if tag not in VOID:
            self._open.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        assert self._open and self._open[-1] == tag, f"</{tag}> closes {self._open[-1:]}"
        self._open.pop()
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] == "style":
            return
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def all_text(self) -> str:
        """The page's text as one string (no style sheet)."""
        return "".join(self.text)
