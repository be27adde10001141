"""Damaged input never crashes the compiled core: random bytes as a word list, random nodes."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from plansza.lexicon import Lexicon, _kwg, read_word_list
from plansza.tiles import TileSet

PL = TileSet.polish()
LOWER = "".join(PL.letters).lower()
UPPER = "".join(PL.letters)


@given(st.binary(max_size=300))
def test_random_bytes_as_a_word_list(data: bytes) -> None:
    report = read_word_list(data, PL)
    # Whatever was accepted is spelled with the tile set and compiles.
    for word in report.packed.split(b"\0")[:-1]:
        assert 2 <= len(word) <= 15 and all(1 <= b <= 32 for b in word)
    lex = Lexicon.compile(report, name="fuzz")
    assert len(lex) <= report.accepted


@given(st.lists(st.integers(0, 2**32 - 1), min_size=2, max_size=64), st.text(LOWER, max_size=6))
def test_random_node_arrays_are_walked_safely(nodes: list[int], word: str) -> None:
    # A damaged .kwg may point anywhere: every walk is bounds-checked.
    kwg = _kwg.Kwg(struct.pack(f"<{len(nodes)}I", *nodes), 0, len(nodes), LOWER, UPPER)
    kwg.contains(word)
    kwg.search(pattern=bytes([_kwg.PAT_STAR]), max_len=5, limit=50)
    kwg.search(rack=bytes(range(33)), blanks=2, max_len=5, limit=50)


def test_kwg_refuses_a_short_buffer() -> None:
    import pytest

    with pytest.raises(ValueError, match="n_nodes"):
        _kwg.Kwg(b"\0" * 8, 0, 3, LOWER, UPPER)
    with pytest.raises(ValueError, match="n_nodes"):
        _kwg.Kwg(b"\0" * 12, 2, 2, LOWER, UPPER)
