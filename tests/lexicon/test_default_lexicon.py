"""The compiled default lexicon against the plain set of its words (the slow twin)."""

from __future__ import annotations

import bisect
import random

import pytest

from plansza.lexicon import DEFAULT_NAME, Lexicon
from twins import lexicon as ref

LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"


def probes(word: str, rng: random.Random) -> list[str]:
    """The word, all its prefixes and suffixes, and non-words one edit away."""
    out = [word[:i] for i in range(1, len(word) + 1)] + [word[i:] for i in range(1, len(word))]
    i = rng.randrange(len(word))
    out.append(word[:i] + rng.choice(LETTERS) + word[i + 1 :])  # substitution
    out.append(word[:i] + word[i + 1 :])  # deletion
    out.append(word[:i] + rng.choice(LETTERS) + word[i:])  # insertion
    if len(word) > 1:
        j = min(i, len(word) - 2)
        out.append(word[:j] + word[j + 1] + word[j] + word[j + 2 :])  # transposition
    return out


def test_header(default_lexicon: Lexicon) -> None:
    assert default_lexicon.name == DEFAULT_NAME
    assert len(default_lexicon) == 3_276_062
    assert default_lexicon.tileset.name == "polish"
    assert "not the official OSPS" in default_lexicon.meta["description"]
    # issue 3 §3: "the Polish GADDAG has ~4.73 million nodes", so pointers need >= 23
    # bits; ours (DAWG + GADDAG, minimised, list tails shared) is exactly that size.
    assert default_lexicon.kwg.n_nodes == 4_731_148
    assert 1 << 22 < default_lexicon.kwg.n_nodes < 1 << 24


def test_random_words_prefixes_suffixes_and_edits(
    default_lexicon: Lexicon, default_list: list[str], default_words: frozenset[str]
) -> None:
    rng = random.Random(3)
    sample = rng.sample(default_list, 2000)
    checked = 0
    for word in sample:
        for probe in probes(word, rng):
            assert (probe in default_lexicon) == (probe in default_words), probe
            checked += 1
    assert checked > 20_000


def test_pure_python_walk_agrees(
    default_lexicon: Lexicon, default_list: list[str], default_words: frozenset[str]
) -> None:
    rng = random.Random(7)
    nodes = default_lexicon.nodes
    for word in rng.sample(default_list, 200):
        for probe in [*probes(word, rng)[-4:], word]:
            expected = probe in default_words
            assert ref.contains(nodes, default_lexicon.tileset, probe) == expected


@pytest.mark.parametrize(
    ("word", "valid"),
    [
        ("zoranie", True),
        ("ZORANIE", True),
        ("ŻÓŁW", True),
        ("źdźbło", True),
        ("zoraniee", False),
        ("quiz", False),  # q is not a Polish tile
        ("a", False),  # one-letter words were filtered out of the list
        ("", False),
        ("zorani e", False),
    ],
)
def test_known_words(default_lexicon: Lexicon, word: str, valid: bool) -> None:
    assert (word in default_lexicon) is valid


def test_words_of_one_initial(default_lexicon: Lexicon, default_list: list[str]) -> None:
    # The * pattern: every word starting with ź, in tile order (the file is in code-point
    # order, where the words of one initial are contiguous too).
    start, end = bisect.bisect_left(default_list, "ź"), bisect.bisect_left(default_list, "ż")
    expected = sorted(default_list[start:end], key=lambda w: [LETTERS.index(c) for c in w])
    assert len(expected) > 500
    assert default_lexicon.match("ź*") == expected


def test_anagrams_of_the_benchmark_rack(default_lexicon: Lexicon) -> None:
    # issue 3 §8: on the empty board AEINORZ's best play is ZORANIE (66)
    assert default_lexicon.anagrams("AEINORZ") == ["zoranie"]
    with_blank = default_lexicon.search(rack="EIKNOR?", partial=False)
    assert all(len(f.word) == 7 and len(f.blanks) == 1 for f in with_blank)
    assert "kornie" not in [f.word for f in with_blank]


def test_gaddag_half_of_the_default(
    default_lexicon: Lexicon, default_list: list[str], default_words: frozenset[str]
) -> None:
    # The move generator walks the GADDAG: every split of a word is there, and the
    # splits of non-words one edit away are not (pure-Python walk of the array).
    rng = random.Random(11)
    nodes, tiles = default_lexicon.nodes, default_lexicon.tileset

    def gaddag_has(word: str) -> bool:
        strings = [word[::-1]] + [word[:i][::-1] + "^" + word[i:] for i in range(1, len(word))]
        found = {ref.contains(nodes, tiles, s, root=1) for s in strings}
        assert len(found) == 1, f"the splits of {word!r} disagree"
        return found.pop()

    for word in rng.sample(default_list, 150):
        assert gaddag_has(word)
        for probe in probes(word, rng)[-4:]:
            if probe:
                assert gaddag_has(probe) == (probe in default_words), probe
