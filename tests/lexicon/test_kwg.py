"""The compiled automaton: the array itself, read in pure Python, against a plain set.

Node layout (kwg.h, docs/decisions/lexicon.md): bits 0-23 arc index, bit 24
accepts, bit 25 is_end, bits 26-31 tile; node 0 → DAWG root, node 1 → GADDAG root.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.lexicon import Lexicon, _kwg
from plansza.tiles import TileSet
from twins import lexicon as ref

PL = TileSet.polish()
SMALL = ["ala", "ma", "kota", "kot", "koty", "oko", "tok", "żółw", "źdźbło", "ąę", "zorać"]

polish_words = st.text(alphabet="aąbcćeklłoóprstźż", min_size=2, max_size=15)


def structure_ok(lex: Lexicon) -> None:
    nodes = lex.nodes
    n = len(nodes)
    assert ref.is_end(nodes[0]) and ref.is_end(nodes[1])
    assert ref.tile(nodes[0]) == ref.tile(nodes[1]) == 0
    # Every child list is inside the array, sorted by tile, ends with is_end.
    lists: dict[int, tuple[int, ...]] = {}
    for i in range(n):
        child = ref.arc_index(nodes[i])
        assert child == 0 or (2 <= child < n)
        if child and child not in lists:
            members = list(ref.siblings(nodes, child))
            tiles = [ref.tile(nodes[p]) for p in members]
            assert tiles == sorted(set(tiles)), "a sibling list is sorted, no repeats"
            assert all(1 <= t <= len(lex.tileset.letters) for t in tiles if t)
            lists[child] = tuple(nodes[p] for p in members)
    # Minimised: no two child lists are equal (each is stored once).
    assert len(set(lists.values())) == len(lists)


def test_small_list_dawg_and_gaddag() -> None:
    lex = Lexicon.build(SMALL)
    structure_ok(lex)
    assert sorted(ref.dawg_words(lex.nodes, PL)) == sorted(SMALL)
    assert sorted(ref.gaddag_strings(lex.nodes, PL)) == sorted(ref.expected_gaddag(SMALL))


def test_gaddag_of_one_word() -> None:
    # Gordon's GADDAG: CARE -> C^ARE, AC^RE, RAC^E, ERAC (no separator on the whole reversal)
    lex = Lexicon.build(["care"], TileSet.english())
    assert sorted(ref.gaddag_strings(lex.nodes, lex.tileset)) == ["ac^re", "c^are", "erac", "rac^e"]


def test_empty_lexicon() -> None:
    lex = Lexicon.build([])
    assert len(lex) == 0 and "kot" not in lex and list(lex) == []
    assert lex.nodes.tolist() == [ref.IS_END, ref.IS_END]


def test_node_fields() -> None:
    # One word "ab" (tiles 1 and 3): the DAWG is a(1) -> b(3, accepts).
    lex = Lexicon.build(["ab"])
    nodes = lex.nodes
    a = ref.arc_index(nodes[0])
    assert ref.tile(nodes[a]) == 1 and not ref.accepts(nodes[a]) and ref.is_end(nodes[a])
    b = ref.arc_index(nodes[a])
    assert ref.tile(nodes[b]) == 3 and ref.accepts(nodes[b]) and ref.arc_index(nodes[b]) == 0


def test_separator_is_tile_zero_and_first() -> None:
    lex = Lexicon.build(["ab", "ba", "abc"])
    nodes = lex.nodes
    # GADDAG root 'a' (as in "a^b", "a^bc", "ab" reversed = "ba"...): its list has ^ first
    a = next(p for p in ref.siblings(nodes, ref.arc_index(nodes[1])) if ref.tile(nodes[p]) == 1)
    first = next(ref.siblings(nodes, ref.arc_index(nodes[a])))
    assert ref.tile(nodes[first]) == 0


@given(st.lists(polish_words, max_size=40))
def test_random_lists_against_a_set(words: list[str]) -> None:
    lex = Lexicon.build(words)
    oracle = ref.SetLexicon(words)
    assert len(lex) == len(oracle)
    assert sorted(ref.dawg_words(lex.nodes, PL)) == sorted(oracle.words)
    assert set(ref.gaddag_strings(lex.nodes, PL)) == ref.expected_gaddag(oracle.words)
    assert list(lex) == sorted(oracle.words, key=lambda w: [PL.index(c) for c in w])
    for w in words:
        for probe in (w, w.upper(), w[:-1], w[1:], w + "a"):
            assert (probe in lex) == (probe in oracle) == ref.contains(lex.nodes, PL, probe.lower())


@given(st.lists(polish_words, max_size=25), st.text(alphabet="akotżł?", max_size=6))
def test_anagrams_against_a_set(words: list[str], rack: str) -> None:
    lex = Lexicon.build(words)
    oracle = ref.SetLexicon(words)
    assert set(lex.anagrams(rack)) == oracle.anagrams(rack)
    assert set(lex.anagrams(rack, partial=True)) == oracle.anagrams(rack, partial=True)
    # Real tiles first: a blank stands only for what the rack lacks.
    for found in lex.search(rack=rack):
        assert len(found.blanks) <= rack.count("?")


@given(st.lists(polish_words, max_size=25), st.text(alphabet="akoż?*", min_size=1, max_size=7))
def test_patterns_against_a_set(words: list[str], pattern: str) -> None:
    lex = Lexicon.build(words)
    found = lex.match(pattern)
    assert set(found) == ref.SetLexicon(words).match(pattern)
    assert len(found) == len(set(found)), "each word once, even with several *"


def test_build_is_deterministic() -> None:
    assert Lexicon.build(SMALL).to_bytes() == Lexicon.build(list(reversed(SMALL))).to_bytes()


def test_build_rejects_bad_tile_bytes() -> None:
    with pytest.raises(ValueError, match="outside the alphabet"):
        _kwg.build(b"\x01\x40\x00", 32)
    with pytest.raises(ValueError, match=r"1\.\.15"):
        _kwg.build(b"\x01" * 16 + b"\x00", 32)
    with pytest.raises(ValueError, match="terminated"):
        _kwg.build(b"\x01\x02", 32)


def test_buffer_protocol_and_capsule() -> None:
    lex = Lexicon.build(SMALL)
    view = memoryview(lex.kwg)
    assert view.format == "I" and view.itemsize == 4 and view.readonly
    assert view.nbytes == 4 * lex.kwg.n_nodes
    assert view.tolist() == lex.nodes.tolist()
    capsule = lex.kwg.capsule()
    assert type(capsule).__name__ == "PyCapsule"
    assert _kwg.CAPSULE_NAME in repr(capsule)


def test_strict_build_names_the_first_bad_word() -> None:
    from plansza.errors import FormatError

    with pytest.raises(FormatError, match=r"tiny:2: 'quiz'"):
        Lexicon.build(["kot", "quiz"], name="tiny", strict=True)
    assert "kot" in Lexicon.build(["kot", "quiz"])


def test_bad_rack_and_pattern_are_named() -> None:
    from plansza.lexicon import LexiconError

    lex = Lexicon.build(SMALL)
    with pytest.raises(LexiconError, match=r"rack 'KOX': 'X'"):
        lex.anagrams("KOX")
    with pytest.raises(LexiconError, match="pattern"):
        lex.match("k#t")


def test_lexicon_is_the_game_engines_word_list() -> None:
    # The game asks for upper-case words as they stand on the board (TR 4.7.9).
    from plansza.game import WordList

    words: WordList = Lexicon.build(["żółw", "kot"])
    assert "ŻÓŁW" in words and "KOT" in words and "KOTY" not in words
    assert 7 not in words  # not a word at all


@given(st.lists(polish_words, min_size=1, max_size=30))
def test_letter_sets_for_cross_checks(words: list[str]) -> None:
    # kwg.h's kwg_letter_set (through Kwg.letter_sets) against the pure-Python walk,
    # on every sibling list of the array.
    lex = Lexicon.build(words)
    nodes, kwg = lex.nodes, lex.kwg
    assert kwg.dawg_root == ref.arc_index(nodes[0]) and kwg.gaddag_root == ref.arc_index(nodes[1])
    starts = {ref.arc_index(n) for n in nodes} - {0}
    for start in starts:
        members = list(ref.siblings(nodes, start))
        letters = sum(1 << ref.tile(nodes[p]) for p in members)
        accepting = sum(1 << ref.tile(nodes[p]) for p in members if ref.accepts(nodes[p]))
        assert kwg.letter_sets(start) == (letters, accepting)
    first = {PL.index(w[0]) + 1 for w in words}
    assert kwg.letter_sets(kwg.dawg_root)[0] == sum(1 << t for t in first)
    assert kwg.letter_sets(0) == (0, 0)
    with pytest.raises(IndexError):
        kwg.letter_sets(len(nodes))
