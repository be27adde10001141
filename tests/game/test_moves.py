"""Move notation (spec rules.md § Coordinates; issue: plays, exchanges, passes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.board import SIZE, Board, Coordinate, Direction
from plansza.errors import InvalidMoveError
from plansza.moves import Exchange, Pass, Play, parse_move
from plansza.tiles import TileSet

PL = TileSet.polish()
letters = st.sampled_from(PL.letters)
tile_chars = st.one_of(letters, letters.map(str.lower))
coords = st.builds(
    Coordinate, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1), st.sampled_from(list(Direction))
)


def test_play_whole_word_with_board_letters() -> None:
    p = parse_move("H8 ŻUBR")
    assert isinstance(p, Play)
    assert p.coordinate == Coordinate(7, 7, Direction.ACROSS)
    assert p.word == "ŻUBR"


def test_blanks_are_lower_case() -> None:
    p = parse_move("8H żUBr")
    assert isinstance(p, Play) and p.word == "żUBr"
    assert [c.islower() for c in p.word] == [True, False, False, True]


def test_parenthesised_form_reads_and_prints() -> None:
    p = parse_move("13A Z(M)AR(TWYCH)W(S)TA(Ł)Ą")
    assert isinstance(p, Play)
    assert p.word == "ZMARTWYCHWSTAŁĄ"
    assert p.notation(parens=True) == "13A Z(M)AR(TWYCH)W(S)TA(Ł)Ą"
    assert str(p) == "13A ZMARTWYCHWSTAŁĄ"
    assert p == parse_move("13A ZMARTWYCHWSTAŁĄ")  # the writing is not part of the move


def test_parens_from_the_board() -> None:
    b = Board()
    b.place([((7, 8), "Ł"), ((7, 9), "A")])
    p = Play.parse("H8 WŁAM")
    assert p.notation(parens=True, board=b) == "H8 W(ŁA)M"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-KWŃW", Exchange("KWŃW")),
        ("wymiana KWŃW", Exchange("KWŃW")),
        ("WYMIANA kwńw", Exchange("KWŃW")),
        ("-?A", Exchange("?A")),
        ("-", Pass()),
        ("pauza", Pass()),
        ("  Pauza ", Pass()),
    ],
)
def test_exchange_and_pass(text: str, expected: object) -> None:
    assert parse_move(text) == expected


def test_exchange_and_pass_print() -> None:
    assert str(Exchange("KWŃW")) == "-KWŃW"
    assert Exchange("KWŃW").notation(polish_word=True) == "wymiana KWŃW"
    assert str(Pass()) == "-" and Pass().notation(polish_word=True) == "pauza"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "H8",
        "ŻUBR",
        "H8 Ż",
        "H8 ŻUB1",
        "Z8 ŻUBR",
        "H8 ŻU(BR",
        "H8 ŻU)BR",
        "H8 Ż()UBR",
        "H8 ŻU((B))R",
        "-XQ",
        "-ABCDEFGH",
        "H8 ŻUBR X",
        "H8 QUIZ",
        "H8 " + "A" * 16,
    ],
)
def test_unreadable_moves(bad: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(bad)


def test_english_letters_with_english_set() -> None:
    p = parse_move("H8 QUIZ", TileSet.english())
    assert isinstance(p, Play) and p.word == "QUIZ"


@given(coords, st.lists(tile_chars, min_size=2, max_size=15))
def test_play_round_trip(coord: Coordinate, word: list[str]) -> None:
    p = Play(coord, "".join(word))
    assert parse_move(str(p)) == p
    assert eval(repr(p), {"Play": Play}) == p


@given(coords, st.lists(st.tuples(tile_chars, st.booleans()), min_size=2, max_size=15))
def test_parens_round_trip(coord: Coordinate, letters_: list[tuple[str, bool]]) -> None:
    word = "".join(c for c, _ in letters_)
    mask = tuple(b for _, b in letters_)
    p = Play(coord, word, mask)
    again = parse_move(p.notation(parens=True))
    assert isinstance(again, Play)
    assert again == p
    assert again.through_mask() == mask


@given(st.lists(st.one_of(letters, st.just("?")), min_size=1, max_size=7))
def test_exchange_round_trip(tiles: list[str]) -> None:
    e = Exchange("".join(tiles))
    assert parse_move(str(e)) == e
    assert parse_move(e.notation(polish_word=True)) == e
