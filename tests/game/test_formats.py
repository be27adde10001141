"""CGP and GCG: round trips, lenient whole-file reading, strict errors, fuzzing."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.board import SIZE, Board
from plansza.cgp import Position, board_from_cgp, parse_cgp
from plansza.errors import FormatError, PlanszaError
from plansza.gcg import EventKind, read_gcg, write_gcg
from plansza.moves import parse_move
from plansza.tiles import TileSet

PL = TileSet.polish()
MID1 = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/1DESKI3PO2DA/1OR1O4IN1FAŁ/"
    "1M2TWYCH1S2Ł1/15/15"
)

# ---- CGP -------------------------------------------------------------------------


def test_cgp_board_only_is_a_position_with_empty_racks() -> None:
    p = parse_cgp(MID1)
    assert p.racks == ["", ""] and p.scores == [0, 0] and p.zeros == 0
    assert p.board[5, 7] == "N" and p.board.cgp() == MID1


def test_cgp_racks_scores_zeros_and_ops() -> None:
    p = parse_cgp(MID1 + " EIKNOR?/ 120/87 2 lex sjp-20220301; bb 50;")
    assert p.racks == ["EIKNOR?", ""] and p.scores == [120, 87] and p.zeros == 2
    assert p.lexicon == "sjp-20220301" and p.ops["bb"] == "50"
    assert parse_cgp(p.cgp()).cgp() == p.cgp()


@pytest.mark.parametrize(
    ("cgp", "fragment"),
    [
        ("15/15", "rows"),
        (MID1.replace("7N7", "7N8"), "covers 16"),
        (MID1.replace("7N7", "7Q7"), "not a letter"),
        (MID1 + " abc/ 0/0 0", "not a tile"),
        (MID1 + " A/B x/0 0", "scores"),
        (MID1 + " A/B 1/2/3 0", "3 scores"),
        (MID1 + " A/B 1/2 z", "scoreless"),
        (MID1 + " A/B 1/2 ¹", "scoreless"),  # a digit to str.isdigit, not to int()
        ("15/15/15/15/15/15/15/7ŹŹ6/15/15/15/15/15/15/15", "set has 1"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ???/ 0/0 0", "blanks"),
        ("", "empty"),
    ],
)
def test_bad_cgp_says_why(cgp: str, fragment: str) -> None:
    with pytest.raises(FormatError) as e:
        parse_cgp(cgp, check_counts=True)
    assert fragment in str(e.value)


letters = st.sampled_from(PL.letters)
squares = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
tiles = st.one_of(letters, letters.map(str.lower))


@given(st.dictionaries(squares, tiles, max_size=80))
def test_cgp_board_round_trip(placed: dict[tuple[int, int], str]) -> None:
    b = Board()
    for sq, t in placed.items():
        b[sq] = t
    assert board_from_cgp(b.cgp()) == b
    assert eval(repr(b), {"Board": Board}) == b


@given(
    st.lists(st.one_of(letters, st.just("?")), max_size=7),
    st.lists(st.one_of(letters, st.just("?")), max_size=7),
    st.integers(-500, 900),
    st.integers(-500, 900),
    st.integers(0, 6),
)
def test_cgp_position_round_trip(r1: list[str], r2: list[str], s1: int, s2: int, z: int) -> None:
    text = Position(Board(), ["".join(r1), "".join(r2)], [s1, s2], z).cgp()
    assert parse_cgp(text).cgp() == text


# ---- GCG -------------------------------------------------------------------------

GAME = """#character-encoding UTF-8
#player1 ala Ala Nowak
#player2 jan Jan Kowalski
#title Towarzyska
>ala: ŻUBRAAE 8H ŻUBR +24 24
>jan: ABCDEFG H8 .A +6 6
#note ŻA: a Polish word
>ala: AAE?KOT 7L TY +22 46
>ala: AAE?KOT -- -22 24
>jan: BCDEFGI -BCD +0 6
>ala: AAE?KOT - +0 24
>jan: EFGIKLM (challenge) +5 11
>jan: EFGIKLM (time) -10 1
>ala: (ŻB) +16 40
"""


def test_gcg_reads_every_kind_of_line() -> None:
    rec = read_gcg(GAME)
    assert rec.errors == []
    assert [p.name for p in rec.players] == ["Ala Nowak", "Jan Kowalski"]
    assert rec.pragmas["title"] == "Towarzyska"
    kinds = [e.kind for e in rec.events]
    assert kinds == [
        EventKind.PLAY,
        EventKind.PLAY,
        EventKind.PLAY,
        EventKind.WITHDRAWN,
        EventKind.EXCHANGE,
        EventKind.PASS,
        EventKind.CHALLENGE_BONUS,
        EventKind.TIME,
        EventKind.END_RACK,
    ]
    assert rec.events[1].note == "ŻA: a Polish word"
    assert rec.events[4].tiles == "BCD" and rec.events[8].tiles == "ŻB"
    # GCG "8H" is across (row 8 first); in Polish notation that is H8.
    assert str(rec.events[0].coordinate()) == "H8"
    assert str(rec.events[1].coordinate()) == "8H"


def test_gcg_played_through_letters_come_from_the_board() -> None:
    rec = read_gcg(GAME)
    b = Board()
    b.place([((7, 7), "Ż"), ((7, 8), "U"), ((7, 9), "B"), ((7, 10), "R")])
    play = rec.events[1].play(b)
    assert play.word == "ŻA" and play.notation(parens=True) == "8H (Ż)A"


def test_gcg_round_trip_text() -> None:
    assert write_gcg(read_gcg(GAME)) == GAME


def test_gcg_lenient_reading_collects_errors_with_line_numbers() -> None:
    text = GAME.replace(">jan: BCDEFGI -BCD +0 6", ">jan: BCDEFGI -BCD +x 6").replace(
        "#title Towarzyska", "garbage line"
    )
    rec = read_gcg(text, source="partia.gcg")
    assert [e.line for e in rec.errors] == [4, 10]
    assert all(str(e).startswith("partia.gcg:") for e in rec.errors)
    assert len(rec.events) == 8  # everything else was read


@pytest.mark.parametrize(
    "line",
    [
        ">ala: ŻUBRAAE 8H ŻUBR 24 24",  # score without a sign
        ">ala: ŻUBRAAE 8Z ŻUBR +24 24",
        ">ala: ŻUBRAAE 8H ŻUQR +24 24",
        ">ola: ŻUBRAAE 8H ŻUBR +24 24",  # a third, undeclared player
        ">ala: +24",
        ">ala ŻUBRAAE 8H ŻUBR +24 24",
        ">ala: ŻUBRAAE -¹ +0 0",  # an exchange count that only str.isdigit takes
    ],
)
def test_gcg_bad_move_lines(line: str) -> None:
    rec = read_gcg("#player1 ala Ala\n#player2 jan Jan\n" + line + "\n")
    assert len(rec.errors) == 1 and rec.errors[0].line == 3


# ---- fuzzing: only the project's own errors ----------------------------------------

junk = st.text(alphabet=st.characters(codec="utf-8"), max_size=60)
polishish = st.text(alphabet="AĄBCĆDEĘŻŹaąż?()-.0123456789/ HOho:+>#\n", max_size=80)


@given(st.one_of(junk, polishish))
def test_move_parser_raises_only_own_errors(text: str) -> None:
    with contextlib.suppress(PlanszaError):
        parse_move(text)


@given(st.one_of(junk, polishish))
def test_cgp_parser_raises_only_own_errors(text: str) -> None:
    with contextlib.suppress(PlanszaError):
        parse_cgp(text)


@given(st.one_of(junk, polishish), st.data())
def test_gcg_reader_never_raises_and_mutations_are_collected(
    text: str, data: st.DataObject
) -> None:
    read_gcg(text)  # lenient: never raises
    lines = GAME.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, max(0, len(lines[i]) - 1)))
    mutated = lines[:]
    mutated[i] = lines[i][:j] + data.draw(polishish) + lines[i][j + 1 :]
    rec = read_gcg("\n".join(mutated))
    for e in rec.errors:
        assert isinstance(e, FormatError) and e.line is not None
