"""Bad input in the formats, as a new user types it: a clear error, never a traceback.

Each test here failed before its fix (issue "One voice and one service layer", part 9).
"""

from __future__ import annotations

import string
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.cgp import parse_cgp
from plansza.errors import FormatError, InvalidMoveError
from plansza.gcg import read_gcg
from plansza.moves import parse_move
from plansza.tiles import TileSet

EMPTY_ROWS = "/".join(["15"] * 15)
BOARD = "15/15/15/15/15/15/15/7ŻUBr4/15/15/15/15/15/15/15"

# Text near the formats: their own characters, ASCII and non-ASCII digits, Polish
# letters, look-alike letters (ı ſ), separators and controls.
NEAR = st.text(
    alphabet=st.sampled_from(
        list(string.printable) + list("ĄĆĘŁŃÓŚŹŻąćęłńóśźż?/;#²³¹٣١٢۳߁０ıſ\u2028\x85\x1c\ufeff")
    ),
    max_size=80,
)
ANY_TEXT = st.one_of(st.text(max_size=80), NEAR)


# --- 1. ASCII digits only -------------------------------------------------------------


@pytest.mark.parametrize(
    "cgp",
    [
        f"{EMPTY_ROWS} A/B ²/0 0",  # superscript two as a score
        f"{EMPTY_ROWS} A/B 1/0 ²",  # as the scoreless-turn count
        f"{EMPTY_ROWS} A/B ١٢/0 0",  # Arabic-Indic twelve as a score
        f"{EMPTY_ROWS} A/B 12/0 ١",  # and as the count
        "١٥/" + "/".join(["15"] * 14),  # as a run of empty squares
        "1²/" + "/".join(["15"] * 14),
        f"{EMPTY_ROWS} A/B 1_000/0 0",  # int() reads underscores
        f"{EMPTY_ROWS} A/B {'9' * 5000}/0 0",  # int() refuses 5000 digits with ValueError
        "9" * 5000 + "/" + "/".join(["15"] * 14),
        f"{EMPTY_ROWS} ıA/ 0/0 0",  # ı is not I
    ],
)
def test_cgp_numbers_are_ascii_digits(cgp: str) -> None:
    with pytest.raises(FormatError, match="CGP"):
        parse_cgp(cgp)


def test_cgp_error_quotes_an_excerpt() -> None:
    with pytest.raises(FormatError) as e:
        parse_cgp(f"{EMPTY_ROWS} A/B {'X' * 10_000}/0 0")
    assert len(str(e.value)) < 120 and "…" in str(e.value)


# CGP-shaped text: fifteen rows of runs and letters, racks, scores, a count, ops.
CGP_PIECE = st.text(alphabet=st.sampled_from(list("0123456789²١٥ABŻrıſ?/ ;x")), max_size=8)
CGP_ROWS = st.builds(
    lambda at, piece, extra: "/".join(["15"] * at + [piece] + ["15"] * (14 - at)) + extra,
    st.integers(0, 14), CGP_PIECE, st.sampled_from(["", "/", "/15"]),
)
CGP_LIKE = st.builds(
    lambda rows, rest: f"{rows} {' '.join(rest)}", CGP_ROWS, st.lists(CGP_PIECE, max_size=5)
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(ANY_TEXT, CGP_LIKE, st.builds(lambda t: f"{BOARD} {t}", ANY_TEXT)))
def test_cgp_reader_returns_a_position_or_a_format_error(text: str) -> None:
    try:
        position = parse_cgp(text)
    except FormatError:
        return
    assert parse_cgp(position.cgp()).cgp() == position.cgp()


@settings(max_examples=300, deadline=None)
@given(st.lists(ANY_TEXT, max_size=6), st.sampled_from([">ala: ", ">ola: ", "#", ""]))
def test_gcg_reader_collects_format_errors_only(lines: list[str], start: str) -> None:
    text = "#player1 ala Ala\n#player2 ola Ola\n" + "\n".join(start + ln for ln in lines)
    record = read_gcg(text)  # lenient: nothing raises, errors are collected
    assert all(isinstance(e, FormatError) for e in record.errors)


@pytest.mark.parametrize(
    "line",
    [
        ">ala: ABC 8H AB +²2 22",  # a superscript in the score
        ">ala: ABC 8H AB +12 ١٢",  # Arabic-Indic digits as the total
        ">ala: ABC -١ +0 0",  # as an exchange count
        ">ala: ABC -99999999 +0 0",  # an exchange of a hundred million tiles
        f">ala: ABC 8H AB +{'1' * 5000} 1",
    ],
)
def test_gcg_numbers_are_ascii_digits(line: str) -> None:
    record = read_gcg(f"#player1 ala Ala\n#player2 ola Ola\n{line}\n")
    assert len(record.errors) == 1 and record.errors[0].line == 3
    assert len(str(record.errors[0])) < 160


def test_gcg_error_quotes_an_excerpt_of_a_long_line() -> None:
    record = read_gcg("#player1 ala Ala\n" + "x" * 1_000_000 + "\n", source="big.gcg")
    (error,) = record.errors
    assert str(error).startswith("big.gcg:2: ") and "…" in str(error) and len(str(error)) < 120


@settings(max_examples=300, deadline=None)
@given(st.one_of(ANY_TEXT, st.builds(lambda t: f"H8 {t}", ANY_TEXT)))
def test_move_parser_returns_a_move_or_an_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["H١ ŻUBR", "١H ŻUBR", "H8 ıS", "-ſA", "²H ŻUBR"])
def test_move_notation_takes_ascii_digits_and_real_letters(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(text)


def test_look_alike_letters_are_not_tiles() -> None:
    ts = TileSet.polish()
    assert ts.is_letter("Ż") and ts.is_letter("ż")
    assert not ts.is_letter("ı") and not ts.is_letter("ſ")  # upper case I and S



# --- 5. Records have a size limit; errors quote an excerpt -------------------------------


def _run(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from plansza.cli.main import app

    result = CliRunner().invoke(app, ["--lang", "en", *args])
    return result.exit_code, result.output  # stdout and stderr


def test_a_50_mb_gcg_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "big.gcg"
    line = b">ala: ABCDEFG 8H AB +4 4\n"
    with open(path, "wb") as f:
        f.write(b"#player1 ala Ala\n#player2 ola Ola\n")
        f.write(line * (50_000_000 // len(line)))
    started = time.perf_counter()
    code, out = _run("replay", str(path))
    assert time.perf_counter() - started < 5
    assert code == 2 and "larger than 1048576 bytes" in out and str(path) in out
    assert "Traceback" not in out and len(out) < 400


def test_a_50_mb_line_is_not_printed_back(tmp_path: Path) -> None:
    path = tmp_path / "line.gcg"
    path.write_text("#player1 ala Ala\n>ala: " + "Ż" * 400_000 + "\n", encoding="utf-8")
    code, out = _run("replay", str(path))
    assert code == 2 and "line.gcg:2:" in out and "…" in out and len(out) < 400


def test_a_gcg_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin2.gcg"
    path.write_bytes("#player1 ala Ala\n>ala: ŻUBR 8H ŻUBR +20 20\n".encode("iso-8859-2"))
    code, out = _run("replay", str(path))
    assert code == 2 and "latin2.gcg:2: not UTF-8 text" in out and "Traceback" not in out


@pytest.mark.parametrize("cgp", [f"{EMPTY_ROWS} A/B 1/0 ²", "1²/" + "/".join(["15"] * 14)])
def test_moves_with_a_unicode_digit_in_the_cgp_is_one_line(cgp: str) -> None:
    code, out = _run("moves", "--cgp", cgp)
    assert code == 2 and "CGP" in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
