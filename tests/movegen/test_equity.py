"""The equity mode of the top-move search against a brute force over all moves
(the fast path's slow twin), and the position snapshots a simulation relies on."""

from __future__ import annotations

import random
from array import array

import pytest

from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator, leave_index_order
from plansza.rules import Rules

from .positions import random_position, random_rack


def brute_keys(gen: MoveGenerator, rack: str, values: dict[str, int], scale: int) -> list[int]:
    """Every move's key — score * scale + the value of what it leaves — best first."""
    ts = gen.rules.tileset
    moves = gen.generate(rack)
    keys = [
        m.score * scale + values[ts.sort_tiles(moves.leave(i, rack))] for i, m in enumerate(moves)
    ]
    return sorted(keys, reverse=True)


@pytest.mark.parametrize("seed", range(60))
def test_top_equity_equals_brute_force(seed: int, lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(seed)
    board = random_position(rng, lexicon, rules, rng.randrange(0, 12))
    rack = random_rack(rng, rules, seed % 3 if seed % 3 < 2 else 1, size=rng.choice([7, 7, 5, 2]))
    order = leave_index_order(rack, rules.tileset)
    # Values large enough to reorder moves (a leave may be worth more than 30 points).
    values = {leave: rng.randint(-3000, 3000) for leave in order}
    table = array("i", [values[leave] for leave in order])
    gen = MoveGenerator(lexicon, rules, board)
    n = rng.choice([1, 3, 10])
    fast = gen.top_equity(rack, n, table, 100)
    slow = brute_keys(gen, rack, values, 100)
    assert fast.keys() == slow[:n]
    # Each key is what the brute force says of that very move.
    for i, m in enumerate(fast):
        leave = rules.tileset.sort_tiles(fast.leave(i, rack))
        assert fast.keys()[i] == m.score * 100 + values[leave]


def test_leave_table_of_wrong_size_is_refused(lexicon: Lexicon, rules: Rules) -> None:
    gen = MoveGenerator(lexicon, rules)
    with pytest.raises(ValueError, match="leave table"):
        gen.top_equity("ABC", 1, array("i", [0] * 7), 100)


def test_leave_index_order_lists_every_sub_rack_once(rules: Rules) -> None:
    order = leave_index_order("AAB??", rules.tileset)
    assert len(order) == 3 * 2 * 3 == len(set(order))
    assert order[0] == "" and order[-1] == "AAB??"
    assert all(rules.tileset.sort_tiles(x) == x for x in order)


def test_snapshot_restore_undoes_placements(lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(5)
    board = random_position(rng, lexicon, rules, 4)
    gen = MoveGenerator(lexicon, rules, board)
    before = gen.count("AEINRST")
    snap = gen.snapshot()
    best = gen.top("AEINRST", 1)[0]
    gen.place(best.play)
    assert gen.count("AEINRST") != before or gen.board != board
    gen.restore(snap)
    assert gen.board == board
    assert gen.count("AEINRST") == before
    assert set(map(str, gen.generate("AEINRST"))) == set(
        map(str, MoveGenerator(lexicon, rules, board).generate("AEINRST"))
    )
