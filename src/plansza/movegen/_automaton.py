"""How the move generator reaches the lexicon's automaton (the adapter, in one place).

The core walks a flat array of 32-bit KWG-style nodes: node 0's arc is the DAWG
root, node 1's arc the GADDAG root, tile 0 the GADDAG separator, letters coded
1… in the tile set's alphabet order. :class:`Automaton` is what the core needs:
the node buffer (any object with the buffer protocol, in the layout of
``lexicon/kwg.h``; it is never copied) and the alphabet. :func:`automaton_of` gets one from a
:class:`plansza.lexicon.Lexicon`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plansza.tiles import TileSet


@dataclass(frozen=True)
class Automaton:
    """A KWG node buffer and its alphabet (the letters of codes 1, 2, …)."""

    nodes: Any
    alphabet: tuple[str, ...]


def automaton_of(source: Any, tileset: TileSet) -> Automaton:
    """The :class:`Automaton` of a lexicon (or an :class:`Automaton` itself).

    Raises ``ValueError`` when the lexicon's alphabet is not the tile set's:
    the generator's letter codes would mean other letters.
    """
    auto = source if isinstance(source, Automaton) else _from_lexicon(source)
    if tuple(auto.alphabet) != tuple(tileset.letters):
        raise ValueError(
            f"the lexicon's alphabet ({''.join(auto.alphabet)}) is not the "
            f"{tileset.name} tile set's ({''.join(tileset.letters)})"
        )
    return auto


def _from_lexicon(lexicon: Any) -> Automaton:
    kwg = getattr(lexicon, "kwg", None)
    tileset = getattr(lexicon, "tileset", None)
    if kwg is None or not isinstance(tileset, TileSet):
        raise TypeError(f"cannot read the automaton of {lexicon!r}: not a Lexicon")
    # Lexicon.kwg is the memory-mapped node array itself (buffer protocol): no copy.
    return Automaton(kwg, tuple(tileset.letters))
