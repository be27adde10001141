"""Golden counts with the default lexicon (issue 3; the same counts were measured by
three other engines on the same list). If a count differs, look at the conventions
first: one move per single tile, vertical openings listed, each blank designation
a move."""

from __future__ import annotations

import pytest

from plansza.board import Board
from plansza.cgp import parse_cgp
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules

MID1 = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/1DESKI3PO2DA/1OR1O4IN1FAŁ/1M2TWYCH1S2Ł1/15/15"
)

CASES = [
    # position, rack, placements, best score
    ("", "AEINORZ", 1138, 66),
    ("", "KOTŁEIA", 830, 26),
    (MID1, "EIKNORS", 1815, 92),
    (MID1, "EIKNOR?", 15304, 94),
]


@pytest.fixture(scope="module")
def default() -> Lexicon:
    return Lexicon.default(progress=False)


def board_of(cgp: str) -> Board:
    return parse_cgp(cgp).board if cgp else Board()


# Spec rules.md § Placement, § Scoring, § Blanks on real positions.
@pytest.mark.parametrize(("cgp", "rack", "count", "best"), CASES)
def test_golden_counts(default: Lexicon, cgp: str, rack: str, count: int, best: int) -> None:
    gen = MoveGenerator(default, Rules.pfs(), board_of(cgp))
    moves = gen.generate(rack)
    assert len(moves) == count
    assert max(moves.scores()) == best
    assert gen.top(rack)[0].score == best
    assert gen.top(rack, 20).scores() == sorted(moves.scores(), reverse=True)[:20]


def test_empty_board_counts_per_orientation(default: Lexicon) -> None:
    # 569 placements across and the same 569 turned down.
    moves = MoveGenerator(default, Rules.pfs()).generate("AEINORZ")
    across = sum(1 for m in moves if m.play.coordinate.direction.value == "across")
    assert across == 569 and len(moves) - across == 569


def test_best_moves_named(default: Lexicon) -> None:
    gen = MoveGenerator(default, Rules.pfs())
    best = gen.top("AEINORZ", 50)
    assert "H8 ZORANIE" in {str(m.play) for m in best if m.score == 66}
    gen.set_board(board_of(MID1))
    top = gen.top("EIKNORS")[0]
    assert (str(top.play), top.score) == ("8A SKRONIE", 92)
    assert top.words[0] == "SKRONIE"
