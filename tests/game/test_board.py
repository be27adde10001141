"""Board, premiums and coordinates (spec rules.md § Board, § Coordinates)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.board import SIZE, Board, Coordinate, Direction, Premium, square_name
from plansza.errors import InvalidMoveError

squares = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
directions = st.sampled_from(list(Direction))


def test_premium_layout_counts_and_named_squares() -> None:
    # GR "Pola premiowe": 8 TW, 17 DW (with the centre), 12 TL, 24 DL.
    b = Board()
    counts: dict[Premium, int] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            counts[b.premium(r, c)] = counts.get(b.premium(r, c), 0) + 1
    assert counts[Premium.TW] == 8
    assert counts[Premium.DW] == 17
    assert counts[Premium.TL] == 12
    assert counts[Premium.DL] == 24
    assert b.premium(*Coordinate.parse("H8").square) is Premium.DW  # the star
    assert b.premium(*Coordinate.parse("D1").square) is Premium.DL
    assert b.premium(*Coordinate.parse("F2").square) is Premium.TL
    assert b.premium(*Coordinate.parse("O15").square) is Premium.TW


def test_premium_layout_is_symmetric() -> None:
    b = Board()
    for r in range(SIZE):
        for c in range(SIZE):
            p = b.premium(r, c)
            assert p == b.premium(c, r) == b.premium(SIZE - 1 - r, c) == b.premium(r, SIZE - 1 - c)


def test_polish_coordinates_letter_first_is_horizontal() -> None:
    # GR "Współrzędne": A1 horizontal from the top-left corner, 1A vertical.
    a1 = Coordinate.parse("A1")
    assert (a1.row, a1.col, a1.direction) == (0, 0, Direction.ACROSS)
    one_a = Coordinate.parse("1A")
    assert (one_a.row, one_a.col, one_a.direction) == (0, 0, Direction.DOWN)
    assert str(Coordinate.parse("o15")) == "O15"
    assert str(Coordinate.parse("15o")) == "15O"


def test_gcg_coordinates_are_the_other_way_round() -> None:
    assert Coordinate.from_gcg("8H") == Coordinate.parse("H8")
    assert Coordinate.from_gcg("H8") == Coordinate.parse("8H")
    assert Coordinate.parse("13A").gcg() == "A13"


@given(squares, directions)
def test_coordinate_round_trip_every_square(sq: tuple[int, int], d: Direction) -> None:
    c = Coordinate(sq[0], sq[1], d)
    assert Coordinate.parse(str(c)) == c
    assert Coordinate.from_gcg(c.gcg()) == c
    assert eval(repr(c), {"Coordinate": Coordinate}) == c
    assert square_name(*sq) == str(Coordinate(sq[0], sq[1], Direction.ACROSS))


@pytest.mark.parametrize(
    "bad", ["", "H", "8", "P8", "H16", "H0", "0H", "16A", "HH", "8 H", "H8H", "A-1"]
)
def test_bad_coordinates_are_invalid_move_errors(bad: str) -> None:
    with pytest.raises(InvalidMoveError):
        Coordinate.parse(bad)


def test_board_copy_is_independent() -> None:
    b = Board()
    b.place([((7, 7), "A")])
    c = b.copy()
    c.place([((7, 8), "B")])
    assert b[7, 8] is None and c[7, 8] == "B" and b != c
    with pytest.raises(ValueError):
        b.place([((7, 7), "C")])
