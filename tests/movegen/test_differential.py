"""The fast generator against its slow twin on random positions (architecture: "the
fast path has a slow twin"). On a difference the failure prints a divide: move
counts per anchor square and direction for both generators."""

from __future__ import annotations

import random

import pytest

from plansza.board import Board
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator, MoveList
from plansza.movegen._automaton import Automaton
from plansza.rules import Rules
from twins.movegen import RefMove, WordSet, generate_reference

from .divide import divide_report, generator_anchor
from .positions import random_position, random_rack

POSITIONS = 200


def as_ref(moves: MoveList) -> set[RefMove]:
    return {RefMove(m.play, m.score, m.words) for m in moves}


def rack_for(seed: int, rng: random.Random, rules: Rules) -> str:
    """Racks with 0, 1 and 2 blanks in turn; the 2-blank ones have 4 tiles to keep the
    brute force quick, and every fifth rack is short (1-3 tiles, an end-game rack)."""
    blanks = seed % 3
    if seed % 5 == 4:
        return random_rack(rng, rules, min(blanks, 1), size=rng.randint(1, 3))
    return random_rack(rng, rules, blanks, size=4 if blanks == 2 else 7)


def check(board: Board, rack: str, source: Lexicon | Automaton, words: WordSet,
          rules: Rules) -> int:
    fast_list = MoveGenerator(source, rules, board).generate(rack)
    fast = as_ref(fast_list)
    slow = generate_reference(board, rack, words, rules)
    # Every move once: no duplicates in the compact list either.
    assert len(fast_list) == len(fast), "the fast generator lists a move twice"
    assert fast == slow, f"rack {rack}\n" + divide_report(board, fast, slow)
    return len(fast)


# Spec rules.md § Placement and § Scoring, § Blanks: same placements, scores and words.
@pytest.mark.parametrize("seed", range(POSITIONS))
def test_fast_equals_slow(seed: int, lexicon: Lexicon, word_set: WordSet, rules: Rules) -> None:
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.randrange(0, 16))
    check(board, rack_for(seed, rng, rules), lexicon, word_set, rules)


# The same on an automaton from an independent (unminimised, pure Python) builder.
@pytest.mark.parametrize("seed", range(1000, 1020))
def test_fast_equals_slow_trie(
    seed: int, trie_automaton: Automaton, word_set: WordSet, rules: Rules
) -> None:
    rng = random.Random(seed)
    board = random_position(rng, trie_automaton, rules, rng.randrange(0, 12))
    check(board, rack_for(seed, rng, rules), trie_automaton, word_set, rules)


# Top move and top N: the best scores of the full list, found with pruning.
@pytest.mark.parametrize("seed", range(2000, 2060))
def test_top_n_matches_full_list(seed: int, lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.randrange(0, 16))
    rack = random_rack(rng, rules, seed % 3)
    gen = MoveGenerator(lexicon, rules, board)
    every = gen.generate(rack)
    scores = sorted(every.scores(), reverse=True)
    all_moves = {(m.play, m.score) for m in every}
    for n in (1, 3, 10):
        best = gen.top(rack, n)
        assert best.scores() == scores[:n]
        # Each top move is one of the listed moves, with the same score.
        assert all((m.play, m.score) in all_moves for m in best)


# The shadow bound: no move scores more than the bound of its anchor.
@pytest.mark.parametrize("seed", range(3000, 3030))
def test_anchor_bounds_hold(seed: int, lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.randrange(1, 16))
    rack = random_rack(rng, rules, seed % 3)
    gen = MoveGenerator(lexicon, rules, board)
    bounds = gen.anchor_bounds(rack)
    for m in gen.generate(rack):
        key = generator_anchor(board, m.play, rightmost=True)
        assert m.score <= bounds[key], (str(m), key, bounds[key])
