"""How the move generator reaches the lexicon's automaton (the adapter, in one place).

The core walks a flat array of 32-bit KWG-style nodes: node 0's arc is the DAWG
root, node 1's arc the GADDAG root, tile 0 the GADDAG separator, letters coded
1… in the tile set's alphabet order. :class:`Automaton` is what the core needs:
the node buffer (any object with the buffer protocol; it is never copied), the
node layout and the alphabet. :func:`automaton_of` gets one from a
:class:`plansza.lexicon.Lexicon`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plansza.tiles import TileSet

#: (arc bits, is-end shift, accepts shift, tile shift, tile bits) — see ``_movegen.c``.
Layout = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Automaton:
    """A KWG node buffer with its layout and alphabet (letters for codes 1, 2, …)."""

    nodes: Any
    layout: Layout
    alphabet: tuple[str, ...]


def automaton_of(source: Any, tileset: TileSet) -> Automaton:
    """The :class:`Automaton` of a lexicon (or an :class:`Automaton` itself).

    Raises ``ValueError`` when the lexicon's alphabet is not the tile set's:
    the generator's letter codes would mean other letters.
    """
    if isinstance(source, Automaton):
        auto = source
    else:
        auto = _from_lexicon(source)
    if tuple(auto.alphabet) != tuple(tileset.letters):
        raise ValueError(
            f"the lexicon's alphabet ({''.join(auto.alphabet)}) is not the "
            f"{tileset.name} tile set's ({''.join(tileset.letters)})"
        )
    return auto


def _from_lexicon(lexicon: Any) -> Automaton:
    raise TypeError(f"cannot read the automaton of {lexicon!r}")
