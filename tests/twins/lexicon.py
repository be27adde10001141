"""The slow twin of the compiled lexicon, for tests: a plain set and a pure-Python walk.

:class:`SetLexicon` answers every question of :class:`plansza.lexicon.Lexicon`
from a Python ``set`` by brute force. The ``walk_*`` / ``*_strings`` functions
read the node array exactly as ``kwg.h`` describes it, in plain Python, so the
tests check the array itself, not only the C code that reads it.

>>> from plansza.lexicon import Lexicon
>>> words = ["ala", "ma", "kota"]
>>> lex = Lexicon.build(words)
>>> sorted(dawg_words(lex.nodes, lex.tileset)) == sorted(words)
True
>>> sorted(gaddag_strings(lex.nodes, lex.tileset)) == sorted(expected_gaddag(words))
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from plansza.tiles import BLANK, TileSet

ARC_MASK = (1 << 24) - 1
ACCEPTS = 1 << 24
IS_END = 1 << 25
TILE_SHIFT = 26
SEPARATOR = "^"
"""How the GADDAG separator (tile 0) is written in strings here."""


def arc_index(node: int) -> int:
    """Bits 0-23: the first node of the child list (0 = none)."""
    return node & ARC_MASK


def accepts(node: int) -> bool:
    """Bit 24: the path ending here is a word / a whole GADDAG string."""
    return bool(node & ACCEPTS)


def is_end(node: int) -> bool:
    """Bit 25: last node of its sibling list."""
    return bool(node & IS_END)


def tile(node: int) -> int:
    """Bits 26-31: 1-based tile index, 0 = separator."""
    return node >> TILE_SHIFT


def siblings(nodes: Sequence[int], list_start: int) -> Iterator[int]:
    """Indices of the nodes of the sibling list starting at ``list_start``."""
    if list_start == 0:
        return
    p = list_start
    while True:
        yield p
        if is_end(nodes[p]):
            return
        p += 1


def contains(nodes: Sequence[int], tileset: TileSet, word: str, *, root: int = 0) -> bool:
    """Walk the DAWG (root: node 0) for ``word``, as C code would.

    With ``root=1`` it walks the GADDAG instead, ``^`` standing for the separator.
    """
    list_start, last = arc_index(nodes[root]), None
    for ch in word:
        if ch == SEPARATOR and root == 1:
            want = 0
        elif not tileset.is_letter(ch):
            return False
        else:
            want = tileset.index(ch) + 1
        last = next((p for p in siblings(nodes, list_start) if tile(nodes[p]) == want), None)
        if last is None:
            return False
        list_start = arc_index(nodes[last])
    return last is not None and accepts(nodes[last])


def _strings(nodes: Sequence[int], root: int, tileset: TileSet) -> Iterator[str]:
    letters = [SEPARATOR] + [c.lower() for c in tileset.letters]
    stack: list[tuple[int, str]] = [(arc_index(nodes[root]), "")]
    while stack:
        list_start, prefix = stack.pop()
        for p in siblings(nodes, list_start):
            text = prefix + letters[tile(nodes[p])]
            if accepts(nodes[p]):
                yield text
            if arc_index(nodes[p]):
                stack.append((arc_index(nodes[p]), text))


def dawg_words(nodes: Sequence[int], tileset: TileSet) -> Iterator[str]:
    """Every word of the DAWG (any order)."""
    return _strings(nodes, 0, tileset)


def gaddag_strings(nodes: Sequence[int], tileset: TileSet) -> Iterator[str]:
    """Every string of the GADDAG (any order), the separator written ``^``."""
    return _strings(nodes, 1, tileset)


def expected_gaddag(words: Iterable[str]) -> set[str]:
    """The GADDAG strings of ``words``: rev(w[:i]) ^ w[i:] for 0 < i < n, and rev(w)."""
    out = set()
    for w in words:
        out.add(w[::-1])
        for i in range(1, len(w)):
            out.add(w[:i][::-1] + SEPARATOR + w[i:])
    return out


class SetLexicon:
    """The oracle: the same questions as :class:`Lexicon`, answered from a ``set``."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = {w.lower() for w in words}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.words

    def __len__(self) -> int:
        return len(self.words)

    def anagrams(self, rack: str, *, partial: bool = False) -> set[str]:
        """Words made from the rack's tiles (``?`` = blank), all of them unless partial."""
        tiles = Counter(rack.lower())
        blanks = tiles.pop(BLANK, 0)
        size = sum(tiles.values()) + blanks
        out = set()
        for w in self.words:
            if len(w) > size or (not partial and len(w) != size):
                continue
            missing = sum((Counter(w) - tiles).values())
            if missing <= blanks:
                out.add(w)
        return out

    def match(self, pattern: str) -> set[str]:
        """Words matching ``?`` (one letter) and ``*`` (any run) wildcards."""
        regex = re.compile(
            "".join(
                "." if c == "?" else ".*" if c == "*" else re.escape(c) for c in pattern.lower()
            )
        )
        return {w for w in self.words if regex.fullmatch(w)}
