"""Bad input in ranking files: scores out of range, spreadsheet formulas, huge files.

Each test here failed before its fix (issue "One voice and one service layer", part 9).
"""

from __future__ import annotations

import csv
import io
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from plansza.errors import FormatError
from plansza.files import HISTORY_LIMIT
from plansza.i18n import translator
from plansza.ranking import BadRowsError, Game, read_games_csv, read_games_csv_text
from plansza.ranking.hollington import ListEntry
from plansza.ranking.records import read_tsh_text, write_games_csv
from plansza.ranking.report import list_csv
from plansza.ranking.store import append_games, load_history

HEADER = "date,tournament,player1,player2,score1,score2\n"


@pytest.mark.parametrize(
    ("score", "shown"),
    [("-5", "-5"), ("5001", "5001"), ("99999999999999999999", "99999999999999999999")],
)
def test_scores_out_of_range_are_refused_naming_the_line(score: str, shown: str) -> None:
    # RR: a ranked game's score; the tournament program takes 0…5000 (its bad_score)
    with pytest.raises(BadRowsError) as e:
        read_games_csv_text(HEADER + "2024-05-11,P,Ala,Ola,400,300\n"
                            f"2024-05-11,P,Ala,Ola,{score},300\n", source="h.csv")
    assert [p.line for p in e.value.problems] == [3]
    assert shown in str(e.value) and "5000" in str(e.value)
    assert e.value.problems[0].error is not None and e.value.problems[0].error.line == 3


def test_a_score_of_5000_and_of_0_are_scores() -> None:
    games = read_games_csv_text(HEADER + "2024-05-11,P,Ala,Ola,5000,0\n")
    assert (games[0].score1, games[0].score2) == (5000, 0)


def test_tsh_scores_out_of_range_are_refused() -> None:
    with pytest.raises(BadRowsError, match="5000"):
        read_tsh_text("Ala 0 2; 99999\nOla 0 1; 300\n", day=date(2024, 5, 11), tournament="P")


def test_tsh_numbers_are_ascii_digits() -> None:
    with pytest.raises(BadRowsError):
        read_tsh_text("Ala ١ 2; 400\nOla 0 1; 300\n", day=date(2024, 5, 11), tournament="P")


def test_a_bad_cell_is_quoted_by_an_excerpt() -> None:
    with pytest.raises(BadRowsError) as e:
        read_games_csv_text(HEADER + "2024-05-11,P,Ala,Ola,400," + "x" * 100_000 + "\n")
    assert len(str(e.value)) < 150 and "…" in str(e.value)


# --- spreadsheet formulas ------------------------------------------------------------------

FORMULAS = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "'quoted"]


def test_history_csv_guards_formulas_and_reads_them_back(tmp_path: Path) -> None:
    games = [Game(date(2024, 5, 11), name, "Ala", name + " 2", 400, 300) for name in FORMULAS]
    buf = io.StringIO()
    write_games_csv(games, buf)
    for row in list(csv.reader(io.StringIO(buf.getvalue())))[1:]:
        assert row[1].startswith("'") and row[3].startswith("'")  # what a spreadsheet sees
        assert row[4:6] == ["400", "300"]
    assert read_games_csv_text(buf.getvalue()) == games
    path = tmp_path / "history.csv"
    append_games(str(path), games)
    assert "\n2024-05-11,\"'=HYPERLINK" in path.read_text(encoding="utf-8")
    assert load_history(str(path)) == games


def test_ranking_list_csv_guards_names_and_keeps_numbers() -> None:
    entry = ListEntry(1, "=HYPERLINK(\"x\")", 120, Fraction(-3, 2), 40, 3, True)
    row = list(csv.reader(io.StringIO(list_csv([entry], translator("en")))))[1]  # type: ignore[arg-type]
    assert row == ["1", "'=HYPERLINK(\"x\")", "120", "-3/2", "40", "3"]


# --- size -------------------------------------------------------------------------------


def test_a_huge_history_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "history.csv"
    with open(path, "wb") as f:
        f.write(HEADER.encode())
        f.truncate(HISTORY_LIMIT + 10)  # sparse: big, and costs nothing to make
    started = time.perf_counter()
    with pytest.raises(FormatError, match="larger than") as e:
        read_games_csv(str(path))
    assert time.perf_counter() - started < 2
    assert e.value.code == "too_large" and str(path) in str(e.value)


def test_a_history_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "history.csv"
    path.write_bytes(HEADER.encode() + b"2024-05-11,P,Ala,Ola,400,300\n2024-05-11,\xff\n")
    with pytest.raises(FormatError, match=r"history\.csv:3: not UTF-8"):
        read_games_csv(str(path))
