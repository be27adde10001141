"""Reading and writing ranking histories: CSV, TSH ``.t``, referee rows, the store."""

from __future__ import annotations

import io
import os
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

import plansza.ranking.records
from plansza.cli.i18n import use as set_language
from plansza.i18n import describe, translator
from plansza.ranking import (
    BadRowsError,
    Game,
    RankingHistory,
    read_games_csv_text,
    read_tsh_text,
    write_games_csv,
)
from plansza.ranking.records import games_from_rows
from plansza.ranking.store import append_games, load_history

HEADER = "date,tournament,player1,player2,score1,score2\n"


@pytest.fixture(autouse=True)
def english() -> object:
    set_language("en")
    yield
    set_language("pl")


def problems(text: str) -> list[tuple[int, str]]:
    with pytest.raises(BadRowsError) as info:
        read_games_csv_text(text, source="g.csv")
    return [(p.line, p.reason) for p in info.value.problems]


def test_reads_rows_with_polish_letters() -> None:
    games = read_games_csv_text(HEADER + "2024-05-11,Puchar Łodzi,Żaneta Łęcka,Ścibor Ćwik,"
                                "412,377\n")
    assert games == [Game(date(2024, 5, 11), "Puchar Łodzi", "Żaneta Łęcka", "Ścibor Ćwik",
                          412, 377)]
    assert games[0].line == 2


def test_polish_header_any_order_extra_columns_and_bom() -> None:
    text = ("\ufeffwynik2,gracz1,uwagi,gracz2,wynik1,turniej,data,walkower\n"
            "1,Ala,x,Ola,400,P,2024-05-11,tak\n\n"
            "300,Ola,,Ala,350,P,2024-05-11,\n")
    games = read_games_csv_text(text)
    assert [(g.player1, g.score1, g.score2, g.walkover, g.line) for g in games] == [
        ("Ala", 400, 1, True, 2), ("Ola", 350, 300, False, 4)]


def test_names_are_normalised_to_nfc_and_single_spaces() -> None:
    games = read_games_csv_text(HEADER + "2024-05-11,P,  Z\u0307aneta   Łęcka ,Ola,1,0\n")
    assert games[0].player1 == "Żaneta Łęcka"


def test_every_bad_row_is_reported_with_its_line() -> None:
    text = (HEADER
            + "2024-05-11,P,Ala,Ola,400,300\n"
            + "11/05/2024,P,Ala,Ola,400,300\n"  # unknown date format
            + "2024-05-11,P,Ala,Ola,400,\n"  # a score missing
            + "2024-05-11,P,Ala,Ala,400,300\n"  # against themself
            + "2024-02-30,P,Ala,Ola,400,300\n"  # no such day
            + "2024-05-11,P,Ala,Ola,4oo,300\n"  # not a number
            + "2024-05-11,P,Ala,Ola\n"  # fields missing
            + "2024-05-11,,,Ola,400,300\n")  # tournament and player1 missing
    assert problems(text) == [
        (3, "unknown date format '11/05/2024' (use YYYY-MM-DD)"),
        (4, "score2 is missing"),
        (5, "Ala is entered as playing against themself"),
        (6, "unknown date format '2024-02-30' (use YYYY-MM-DD)"),
        (7, "score1 is not a whole number: '4oo'"),
        (8, "expected 6 fields, found 4"),
        (9, "tournament is missing"),
        (9, "player1 is missing"),
    ]


def test_error_message_names_the_file_and_lines() -> None:
    with pytest.raises(BadRowsError) as info:
        read_games_csv_text(HEADER + "2024-05-11,P,Ala,Ala,1,0\n", source="g.csv")
    assert str(info.value) == "g.csv:2: Ala is entered as playing against themself"


def test_header_problems() -> None:
    assert problems("2024-05-11,P,Ala,Ola,1,0\n") == [
        (1, "no header; the first row must name the columns: "
            "date,tournament,player1,player2,score1,score2")]
    assert problems("date,tournament,player1,player2,score1\n") == [
        (1, "the header lacks the columns: score2")]
    assert problems("date,data,tournament,player1,player2,score1,score2\n") == [
        (1, "the column data appears twice in the header")]
    assert problems("") == [
        (1, "no header; the first row must name the columns: "
            "date,tournament,player1,player2,score1,score2")]


def test_bad_walkover_flag() -> None:
    assert problems(HEADER.strip() + ",walkover\n2024-05-11,P,Ala,Ola,400,1,maybe\n") == [
        (2, "walkover must be 1/0, yes/no or empty, not 'maybe'")]


def test_messages_in_polish() -> None:
    # The domain gives English text and the template; the front end words it in Polish.
    with pytest.raises(BadRowsError) as info:
        read_games_csv_text(HEADER + "2024-05-11,P,Ala,Ala,400,\n", source="g.csv")
    pl = translator("pl")
    said = [(p.line, describe(p.error, pl, where=False)) for p in info.value.problems if p.error]
    assert said == [(2, "brak pola score2"), (2, "Ala gra sam ze sobą")]


names = st.text(st.sampled_from("AaĄąĆćĘęŁłŃńÓóŚśŹźŻż -'\",;=+@("), min_size=1, max_size=12
                ).filter(lambda s: s.strip() and " ".join(s.split()) == s)


@given(st.lists(st.tuples(st.dates(date(2000, 1, 1), date(2030, 12, 31)), names, names, names,
                          st.integers(0, 5000), st.integers(0, 900), st.booleans()),
                min_size=1, max_size=20))
def test_csv_round_trip(rows: list[tuple[date, str, str, str, int, int, bool]]) -> None:
    # write_games_csv / read_games_csv_text are a pair, names a spreadsheet would take
    # for a formula ("=A", "-x", "@") included: written guarded, read back as they were
    games = [Game(d, t, a, b, s1, s2, w) for d, t, a, b, s1, s2, w in rows if a != b]
    buf = io.StringIO()
    write_games_csv(games, buf)
    assert read_games_csv_text(buf.getvalue()) == games


def test_games_from_referee_rows() -> None:
    rows = [{"date": "2024-05-11", "tournament": "P", "player1": "Ala", "player2": "Ola",
             "score1": 400, "score2": 300},
            {"date": "", "tournament": "P", "player1": "Ala", "player2": "Ala",
             "score1": 400, "score2": None}]
    with pytest.raises(BadRowsError) as info:
        games_from_rows(rows, source="t.db")
    assert [(p.line, p.reason) for p in info.value.problems] == [
        (2, "date is missing"), (2, "score2 is missing"),
        (2, "Ala is entered as playing against themself")]
    assert len(games_from_rows(rows[:1])) == 1


TSH = """# Puchar Łodzi
Żak, Anna       150  2 3 0 2; 410 400 50
Ćwik, Łukasz      0  1 0 3 1; 380 50 390
Nowy, Jan         0  0 1 2;   50 300 370 ; off 0
"""


def test_tsh_games_once_each_without_byes_or_unplayed_rounds() -> None:
    games = read_tsh_text(TSH, day=date(2024, 5, 11), tournament="Puchar")
    assert [(g.player1, g.player2, g.score1, g.score2) for g in games] == [
        ("Żak, Anna", "Ćwik, Łukasz", 410, 380),
        ("Żak, Anna", "Nowy, Jan", 400, 300),
        ("Ćwik, Łukasz", "Nowy, Jan", 390, 370),
    ]  # round 4 (Żak–Ćwik) has no scores yet: not played


def test_tsh_score_on_one_side_only() -> None:
    with pytest.raises(BadRowsError) as info:
        read_tsh_text("Ala 100 2; 400\nOla 100 1;\n", day=date(2024, 5, 11), tournament="T")
    assert [(p.line, p.reason) for p in info.value.problems] == [
        (1, "round 1: Ala has a score but Ola has none")]


def test_tsh_problems() -> None:
    bad = "Ala 100 2 5; 400 300\nOla 100 1 1; 300 200\nnot a line\n"
    with pytest.raises(BadRowsError) as info:
        read_tsh_text(bad, day=date(2024, 5, 11), tournament="T", source="t.t")
    assert [(p.line, p.reason) for p in info.value.problems] == [
        (3, "a TSH line must read 'name rating opponents; scores': 'not a line'"),
        (1, "opponent number 5 is not on the player list (1–2)"),
        (2, "round 2: Ola plays Ala, but Ala does not play Ola"),
    ]


def test_store_appends_following_the_existing_header(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "h.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("turniej,data,gracz1,gracz2,wynik1,wynik2\nP,2024-05-11,Ala,Ola,400,300")
    append_games(path, [Game(date(2024, 6, 1), "Q", "Łucja", "Ala", 400, 1, True)])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert text.endswith("P,2024-05-11,Ala,Ola,400,300\nQ,2024-06-01,Łucja,Ala,400,1\n")
    assert [g.tournament for g in load_history(path)] == ["P", "Q"]
    assert os.listdir(str(tmp_path)) == ["h.csv"]  # no temporary file left behind


def test_store_never_writes_a_history_that_does_not_read(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "h.csv")
    original = HEADER + "2024-05-11,P,Ala,Ala,400,300\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(original)
    with pytest.raises(BadRowsError):
        append_games(path, [Game(date(2024, 6, 1), "Q", "Ela", "Ala", 400, 300)])
    with open(path, encoding="utf-8") as f:
        assert f.read() == original
    assert os.listdir(str(tmp_path)) == ["h.csv"]


def test_missing_history_is_empty_only_when_allowed(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "none.csv")
    assert load_history(path, missing_ok=True) == []
    with pytest.raises(FileNotFoundError):
        load_history(path)
    assert RankingHistory([]).ranking_list().entries == ()


cells = {
    "date": st.sampled_from(["2024-05-11", " 2024-05-11 ", "2024-02-30", "11.05.2024", ""]),
    "tournament": st.sampled_from(["P", " Puchar  Łodzi ", "", "  "]),
    "player1": st.sampled_from(["Ala", "Ola", " Ala ", "", "Z\u0307ak"]),
    "player2": st.sampled_from(["Ala", "Ola", "Żak", ""]),
    "score1": st.sampled_from(["400", " 12 ", "+5", "-3", "", "x", "١٢", "4 0"]),
    "score2": st.sampled_from(["300", "0", "-0", "", "1.5"]),
    "walkover": st.sampled_from(["", "1", "tak", "TAK", "no", "maybe"]),
}


@given(st.fixed_dictionaries(cells))
def test_fast_row_reading_agrees_with_the_full_check(row: dict[str, str]) -> None:
    # The quick path for perfect rows accepts only what the full check accepts,
    # and builds the same game.
    from plansza.ranking.records import _fast_row, _parse_row

    names = [*plansza.ranking.records.COLUMNS, "walkover"]
    values = [row[n] for n in names]
    positions = {n: i for i, n in enumerate(names)}
    fast = _fast_row(values, tuple(range(6)), 6, 2)
    slow, reasons = _parse_row(values, positions, 7, 2)
    assert slow is not None or reasons
    if fast is not None:
        assert (fast, reasons) == (slow, [])
    if slow is not None and all(v.strip().isdigit() for v in values[4:6]) and all(
            v.strip().isascii() for v in values[4:6]):
        assert fast == slow
    assert "١٢" not in row["score1"] or slow is None  # ASCII digits only


def test_semicolon_csv_from_a_polish_spreadsheet(tmp_path: object) -> None:
    text = ("data;turniej;gracz1;gracz2;wynik1;wynik2\n"
            "2024-05-11;Puchar, Łódź;Ala;Ola;400;300\n")
    assert [(g.tournament, g.score1) for g in read_games_csv_text(text)] == [
        ("Puchar, Łódź", 400)]
    path = os.path.join(str(tmp_path), "h.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    append_games(path, [Game(date(2024, 6, 1), "Q", "Ela", "Ala", 400, 1, True)])
    with open(path, encoding="utf-8") as f:
        assert f.read().endswith("\n2024-06-01;Q;Ela;Ala;400;1\n")
    tabbed = "date\ttournament\tplayer1\tplayer2\tscore1\tscore2\n2024-05-11\tP\tA\tB\t1\t0\n"
    assert read_games_csv_text(tabbed)[0].player2 == "B"
