"""Property: on ANY board — tiles scattered at random, words on it valid or not —
the fast generator and the slow twin agree move for move (spec rules.md
§ Placement, § Scoring, § Blanks). Random legal games (test_differential.py)
never make such boards; this catches what they cannot."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.board import Board
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules
from twins.movegen import RefMove, WordSet, generate_reference

from .divide import divide_report

LETTERS = "AEIKMNORSTWYZ"

boards = st.lists(
    st.tuples(
        st.integers(0, 14),
        st.integers(0, 14),
        st.sampled_from(LETTERS + LETTERS.lower()),  # lower case: a blank on the board
    ),
    max_size=14,
)
racks = st.text(alphabet=LETTERS + "?", min_size=1, max_size=4).filter(
    lambda r: r.count("?") <= 2
)


@settings(max_examples=40)  # fewer than the profile's: each example runs the brute force
@given(tiles=boards, rack=racks)
def test_any_board(
    tiles: list[tuple[int, int, str]], rack: str, lexicon: Lexicon, word_set: WordSet
) -> None:
    rules = Rules.pfs()
    board = Board()
    for r, c, letter in tiles:
        if board[r, c] is None:
            board[r, c] = letter
    fast_list = MoveGenerator(lexicon, rules, board).generate(rack)
    fast = {RefMove(m.play, m.score, m.words) for m in fast_list}
    slow = generate_reference(board, rack, word_set, rules)
    assert len(fast_list) == len(fast)
    assert fast == slow, f"rack {rack}\n" + divide_report(board, fast, slow)
