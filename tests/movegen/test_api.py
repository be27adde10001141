"""The move generator's API and conventions (docs/en/moves.md)."""

from __future__ import annotations

import random
from collections import Counter
from math import prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.board import Board, Coordinate, Direction
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator, RackError, exchanges, generate, top
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import score_play

from .positions import random_position, random_rack

WORDS = ["KOT", "KOTY", "TOK", "OK", "KO", "TO", "OT", "TY", "AK", "KA", "TAK", "AT", "TA", "OKO"]


@pytest.fixture(scope="module")
def small(rules: Rules) -> Lexicon:
    return Lexicon.build(WORDS, rules.tileset)


def strs(moves: object) -> list[str]:
    return sorted(str(m) for m in moves)  # type: ignore[attr-defined]


# Spec rules.md § Placement: the first play covers H8 — and vertical openings are
# different moves from horizontal ones, so both are listed.
def test_empty_board_lists_both_orientations(small: Lexicon, rules: Rules) -> None:
    moves = generate(Board(), "KO", small, rules)
    assert strs(moves) == [
        "7H KO 6", "7H OK 6", "8H KO 6", "8H OK 6", "G8 KO 6", "G8 OK 6", "H8 KO 6", "H8 OK 6",
    ]  # fmt: skip
    across = [m for m in moves if m.play.coordinate.direction is Direction.ACROSS]
    assert len(across) * 2 == len(moves)


# Spec rules.md § Placement: a single tile forming words both ways is ONE move,
# written across (as play_from_tiles writes it).
def test_single_tile_is_one_move(small: Lexicon, rules: Rules) -> None:
    board = Board()
    board.place([((7, 7), "K"), ((7, 8), "O"), ((8, 8), "T")])  # KO across, OT down at I8
    # A at H9 (below K, left of T) forms AT across and KA down: one move, written across.
    moves = generate(board, "A", small, rules)
    single = [m for m in moves if [t.square for t in m.tiles] == [(8, 7)]]
    assert [str(m.play) for m in single] == ["H9 AT"]
    assert single[0].words == ("AT", "KA")
    assert single[0].score == score_play(board, single[0].play, rules).score


# Spec rules.md § Blanks: each designation of a blank is a distinct move.
def test_each_blank_designation_is_a_move(small: Lexicon, rules: Rules) -> None:
    moves = strs(generate(Board(), "K?", small, rules))
    # KA and KO, AK and OK: four designations, each from G8 or H8, across or down.
    assert {"H8 Ka 4", "H8 Ko 4", "H8 aK 4", "H8 oK 4"} <= set(moves)
    assert len(moves) == 4 * 4
    # Two blanks: each of the 9 two-letter words, from G8 or H8, across or down.
    assert len(generate(Board(), "??", small, rules)) == 9 * 4


# Spec rules.md § Scoring: scores come from the core and agree with score_play.
def test_scores_agree_with_score_play(lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(7)
    board = random_position(rng, lexicon, rules, 10)
    moves = generate(board, random_rack(rng, rules, 1), lexicon, rules)
    assert len(moves) > 0
    for m in moves:
        scored = m.scored()
        assert scored.score == m.score
        assert scored.tiles == m.tiles
        assert scored.bingo == m.bingo


def test_move_list_is_a_lazy_sequence(small: Lexicon, rules: Rules) -> None:
    moves = generate(Board(), "KOT", small, rules)
    n = len(moves)
    assert n == len(list(moves)) == len(moves.scores()) == len(moves.plays())
    assert moves[-1] == moves[n - 1]
    assert moves[1:3] == [moves[1], moves[2]]
    with pytest.raises(IndexError):
        moves[n]
    assert moves.best() is not None and moves.best().score == max(moves.scores())  # type: ignore[union-attr]
    order = moves.order_best_first()
    assert [moves.scores()[i] for i in order] == sorted(moves.scores(), reverse=True)
    assert repr(moves) == f"<MoveList of {n} moves>"


def test_no_moves(small: Lexicon, rules: Rules) -> None:
    assert len(generate(Board(), "", small, rules)) == 0
    assert len(generate(Board(), "ŹŻ", small, rules)) == 0
    assert generate(Board(), "ŹŻ", small, rules).best() is None
    assert len(top(Board(), "ŹŻ", small, rules, n=5)) == 0


def test_top_is_best_first(small: Lexicon, rules: Rules) -> None:
    best = top(Board(), "KOTY", small, rules, n=4)
    scores = best.scores()
    assert scores == sorted(scores, reverse=True)
    assert scores[0] == max(generate(Board(), "KOTY", small, rules).scores())
    with pytest.raises(ValueError, match="at least 1"):
        top(Board(), "KOT", small, rules, n=0)


@pytest.mark.parametrize(
    ("rack", "reason"),
    [("KOTx", "'x' is not a tile"), ("AB1", "'1' is not a tile"), ("ABCDEFGH", "8 tiles")],
)
def test_bad_racks_are_refused(small: Lexicon, rules: Rules, rack: str, reason: str) -> None:
    with pytest.raises(RackError, match=reason):
        generate(Board(), rack, small, rules)


# GR "Ułożenie pierwszego wyrazu": the first play needs first_play_min_tiles tiles.
def test_first_play_minimum_is_a_setting(small: Lexicon, rules: Rules) -> None:
    three = rules.replace(first_play_min_tiles=3)
    assert all(len(m.tiles) >= 3 for m in generate(Board(), "KOTY", small, three))
    assert any(len(m.tiles) == 2 for m in generate(Board(), "KOTY", small, rules))


# GR "Specjalna premia": 50 for a whole rack, a rules setting.
def test_bingo_bonus_is_a_setting(lexicon: Lexicon, rules: Rules) -> None:
    board = Board()
    plain = {(m.play, m.score) for m in generate(board, "AEINORZ", lexicon, rules)}
    other = rules.replace(bingo_bonus=35)
    for m in generate(board, "AEINORZ", lexicon, other):
        expected = m.score + 15 if m.bingo else m.score
        assert (m.play, expected) in plain


# The incremental update (only touched lanes) gives the cross-sets of a fresh build.
@pytest.mark.parametrize("seed", range(10))
def test_incremental_cross_sets(seed: int, lexicon: Lexicon, rules: Rules) -> None:
    rng = random.Random(seed)
    gen = MoveGenerator(lexicon, rules)
    for _ in range(12):
        moves = gen.generate(random_rack(rng, rules, 1))
        if not len(moves):
            continue
        gen.place(moves[rng.randrange(len(moves))].play)
        fresh = MoveGenerator(lexicon, rules, gen.board)
        for d in (0, 1):
            for r in range(15):
                for c in range(15):
                    if gen.board[r, c] is None:
                        assert gen._core.cross_set(d, r, c) == fresh._core.cross_set(d, r, c)


def test_place_refuses_an_illegal_play(small: Lexicon, rules: Rules) -> None:
    from plansza.errors import IllegalMoveError

    gen = MoveGenerator(small, rules)
    with pytest.raises(IllegalMoveError):
        gen.place(Play(Coordinate(0, 0, Direction.ACROSS), "KOT"))  # not through H8
    assert gen.board.is_empty()


def test_alphabet_must_match(rules: Rules) -> None:
    english = Lexicon.build(["CAT"], Rules.wespa().tileset)
    with pytest.raises(ValueError, match="alphabet"):
        MoveGenerator(english, rules)


# GR "Wymiana płytek", TR 4.3: an exchange returns any 1-7 tiles; distinct multisets only.
@given(st.text(alphabet="AAEKZ?", min_size=0, max_size=7))
def test_exchanges_are_distinct_sub_multisets(rack: str) -> None:
    found = exchanges(rack)
    keys = [Counter(e.tiles) for e in found]
    assert len({tuple(sorted(k.items())) for k in keys}) == len(found)
    assert len(found) == prod(n + 1 for n in Counter(rack).values()) - 1
    for k in keys:
        assert not k - Counter(rack)


def test_exchanges_are_in_alphabet_order() -> None:
    assert [str(e) for e in exchanges("ŻA?")] == [
        "-A", "-Ż", "-?", "-AŻ", "-A?", "-Ż?", "-AŻ?",
    ]  # fmt: skip


def test_threads_share_a_position(lexicon: Lexicon, rules: Rules) -> None:
    # The core releases the GIL while generating; concurrent calls on one position
    # must give the same answers as serial ones.
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(5)
    gen = MoveGenerator(lexicon, rules, random_position(rng, lexicon, rules, 10))
    racks = [random_rack(rng, rules, i % 3) for i in range(12)]
    serial = [(sorted(gen.generate(r).scores()), gen.top(r, 3).scores()) for r in racks]
    with ThreadPoolExecutor(4) as pool:
        parallel = list(
            pool.map(lambda r: (sorted(gen.generate(r).scores()), gen.top(r, 3).scores()), racks)
        )
    assert parallel == serial
