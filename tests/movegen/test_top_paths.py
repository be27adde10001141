"""The top-move search's paths give the same N best (issue 32).

The search first walks lanes without bounds within a budget, then the bounded
search resumes on the lanes left (or starts again when the walk stopped inside a
lane), pruning inside the walks of the anchors. Each budget and
pruning mode below forces one mix of those paths; every one must give the keys of
the brute force (every move listed, ranked).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator

import pytest

from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator, _movegen, leave_index_order
from plansza.rules import Rules

from .positions import random_position, random_rack

# (without a blank, with a blank): only bounded (stops at once, starts again),
# a few lanes then bounded (resumes), stopped inside lanes, only the first walk.
BUDGETS = [(0, 0), (40, 40), (400, 10), (10**9, 10**9)]


@pytest.fixture
def budget(request: pytest.FixtureRequest) -> Iterator[tuple[int, int]]:
    old = _movegen._set_top_budget(*request.param)
    yield request.param
    _movegen._set_top_budget(*old)


# Inside an anchor's walk the bounded search prunes everywhere (the default); by a
# rule (only where the anchor's plays without a bingo cannot beat the N-th best) and
# nowhere are its two twins.
PRUNING = [0, 1, 2]


@pytest.fixture
def pruning(request: pytest.FixtureRequest) -> Iterator[int]:
    old = _movegen._set_top_pruning(request.param)
    yield request.param
    _movegen._set_top_pruning(old)


@pytest.mark.usefixtures("budget", "pruning")  # set for the search; their values unread
@pytest.mark.parametrize("pruning", PRUNING, indirect=True)
@pytest.mark.parametrize("budget", BUDGETS, indirect=True)
@pytest.mark.parametrize("seed", range(25))
def test_every_path_finds_the_n_best(seed: int, lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.randrange(0, 14))
    rack = random_rack(rng, rules, seed % 3 if seed % 3 < 2 else 0, size=rng.choice([7, 7, 4]))
    gen = MoveGenerator(lexicon, rules, board)
    n = rng.choice([1, 2, 5, 20])
    every = sorted(gen.generate(rack).scores(), reverse=True)
    assert gen.top(rack, n).scores() == every[:n]
    # Equity: the key ranks, with leave values that reorder moves.
    order = leave_index_order(rack, rules.tileset)
    values = {leave: rng.randint(-3000, 3000) for leave in order}
    moves = gen.generate(rack)
    ts = rules.tileset
    keys = sorted(
        (m.score * 100 + values[ts.sort_tiles(moves.leave(i, rack))] for i, m in enumerate(moves)),
        reverse=True,
    )
    table = array("i", [values[leave] for leave in order])
    assert gen.top_equity(rack, n, table, 100).keys() == keys[:n]


def test_the_budget_is_put_back(lexicon: Lexicon, rules: Rules) -> None:
    old = _movegen._set_top_budget(5, 6)
    try:
        assert _movegen._set_top_budget(*old) == (5, 6)
    finally:
        _movegen._set_top_budget(*old)
    with pytest.raises(ValueError):
        _movegen._set_top_budget(-1, 0)


def test_the_pruning_mode_is_put_back() -> None:
    old = _movegen._set_top_pruning(2)
    try:
        assert _movegen._set_top_pruning(old) == 2
    finally:
        _movegen._set_top_pruning(old)
    with pytest.raises(ValueError):
        _movegen._set_top_pruning(3)


@pytest.mark.parametrize("seed", range(40))
def test_a_full_rack_with_or_without_its_own_word(
    seed: int, lexicon: Lexicon, rules: Rules, words: list[str]
) -> None:
    # The bounded search drops the segments only the rack's own word can fill (rack_size
    # empty squares, no tile of the board) when the rack spells none: the empty board
    # and boards with room for a bingo beside their words, with racks that spell a word
    # (a 7-letter word of the list shuffled, a letter or two as blanks) and racks that
    # spell none; the N best must be the brute force's.
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.choice([0, 0, 2, 6]))
    sevens = [w for w in words if len(w) == 7]  # Polish tiles are single letters
    if seed % 2:
        tiles = list(rng.choice(sevens))
        for i in rng.sample(range(7), seed % 3):
            tiles[i] = "?"
        rng.shuffle(tiles)
        rack = "".join(tiles)
    else:
        rack = random_rack(rng, rules, seed % 3)
    gen = MoveGenerator(lexicon, rules, board)
    every = sorted(gen.generate(rack).scores(), reverse=True)
    for n in (1, 3):
        assert gen.top(rack, n).scores() == every[:n], (rack, n)
