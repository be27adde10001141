"""A tiny pure-Python KWG builder (a plain trie, not minimised), for tests only.

It gives the move generator's tests an automaton made independently of the
lexicon's compiled builder, in the node layout of :data:`LAYOUT`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable

from plansza.movegen._automaton import Automaton
from plansza.tiles import TileSet

# The layout of src/plansza/lexicon/kwg.h: arc bits 0-23, accepts bit 24, is_end bit 25,
# tile bits 26-31.


def _trie(seqs: Iterable[list[int]]) -> dict[int, tuple[bool, dict]]:  # type: ignore[type-arg]
    root: dict[int, list] = {}  # type: ignore[type-arg]
    for seq in seqs:
        node = root
        for i, t in enumerate(seq):
            entry = node.setdefault(t, [False, {}])
            if i == len(seq) - 1:
                entry[0] = True
            node = entry[1]
    return root  # type: ignore[return-value]


def build_automaton(words: Iterable[str], tileset: TileSet) -> Automaton:
    """A DAWG + GADDAG (as tries) of ``words`` in KWG form."""
    codes = {c: i + 1 for i, c in enumerate(tileset.letters)}
    ws = sorted({w.upper() for w in words if len(w) >= 2})
    seqs = [[codes[c] for c in w] for w in ws]
    dawg = _trie(seqs)
    gseqs = []
    for s in seqs:
        for i in range(1, len(s) + 1):
            rev = list(reversed(s[:i]))
            gseqs.append(rev if i == len(s) else [*rev, 0, *s[i:]])
    gaddag = _trie(gseqs)
    nodes = array("I", [0, 0])

    def emit(children: dict) -> int:  # type: ignore[type-arg]
        if not children:
            return 0
        base = len(nodes)
        items = sorted(children.items())
        nodes.extend([0] * len(items))
        for k, (t, (acc, sub)) in enumerate(items):
            arc = emit(sub)
            end = k == len(items) - 1
            nodes[base + k] = arc | (acc << 24) | (end << 25) | (t << 26)
        return base

    nodes[0] = emit(dawg)
    nodes[1] = emit(gaddag)
    return Automaton(nodes, tuple(tileset.letters))
