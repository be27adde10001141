"""The ranking list as documents (ranking/report.py, templates/ranking/list.html): golden
pages in Polish and English (PLANSZA_UPDATE_GOLDEN=1 rewrites them after a deliberate
change), CSV headings, the decimal separator of the language, names escaped and intact."""

from __future__ import annotations

import os
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from htmlpage import Page
from plansza import i18n
from plansza.cli.i18n import use as set_language
from plansza.ranking.hollington import ListEntry, RankingList
from plansza.ranking.report import decimal_text, list_csv, list_html

DATA = Path(__file__).with_name("data")
LANGS = ["pl", "en"]
HOSTILE = ("<script>alert(1)</script>", 'Ola & "Ela"', "Jan [red]Nowak", "Łukasz </td> Żak")


def golden(name: str, text: str) -> None:
    path = DATA / name
    if os.environ.get("PLANSZA_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def a_list(names: tuple[str, ...] = ("Żaneta Łęcka", "Ścibor Ćwik", "Ula Łoś")) -> RankingList:
    # two listed (RR §2.1: from 30 games), the last one waiting (fewer than 30)
    return RankingList(date(2024, 5, 13), date(2022, 5, 13), (
        ListEntry(1, names[0], 116, Fraction(1741, 15), 30, 3, True),
        ListEntry(2, names[1], 100, Fraction(401, 4), 48, 4, True),
        ListEntry(None, names[2], 103, Fraction(1538, 15), 2, 1, False),
        *(ListEntry(None, n, 90, Fraction(90), 12, 1, False) for n in names[3:]),
    ))  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_matches_its_golden_pages(lang: str) -> None:
    t = i18n.translator(lang)
    golden(f"list.{lang}.html", list_html(a_list(), t))
    golden(f"list-empty.{lang}.html", list_html(RankingList(None, None, ()), t))


@pytest.mark.parametrize("lang", LANGS)
def test_the_translator_decides_not_the_process_language(lang: str) -> None:
    set_language("en" if lang == "pl" else "pl")
    page = Page(list_html(a_list(), i18n.translator(lang)))
    listed, waiting = page.tables
    assert page.lang == lang
    if lang == "pl":
        assert listed[0] == ["Miejsce", "Zawodnik", "Ranking", "Wartość dokładna", "Partie",
                             "Turnieje"]
        assert listed[1] == ["1", "Żaneta Łęcka", "116", "116,067", "30", "3"]
        assert "Lista z dnia 2024-05-13" in page.all_text()
        assert "Turnieje zakończone od 2022-05-13 do 2024-05-12" in page.all_text()
        assert "Poza listą" in page.all_text()
    else:
        assert listed[0][:2] == ["Place", "Player"]
        assert listed[1] == ["1", "Żaneta Łęcka", "116", "116.067", "30", "3"]
        assert "Tournaments ending from 2022-05-13 to 2024-05-12" in page.all_text()
    assert waiting[1] == ["", "Ula Łoś", "103", "102,533" if lang == "pl" else "102.533", "2",
                          "1"]


def test_an_empty_list_says_so() -> None:
    page = Page(list_html(RankingList(None, None, ()), i18n.translator("pl")))
    assert page.tables == [] and "Brak turniejów przed tą datą." in page.all_text()


@pytest.mark.parametrize(("lang", "head"), [
    ("pl", "Miejsce,Zawodnik,Ranking,Wartość dokładna,Partie,Turnieje"),
    ("en", "Place,Player,Ranking,Exact value,Games,Tournaments"),
])  # fmt: skip
def test_csv_headings_and_exact_values(lang: str, head: str) -> None:
    lines = list_csv(a_list(HOSTILE), i18n.translator(lang)).splitlines()
    assert lines[0] == head
    assert lines[1] == "1,<script>alert(1)</script>,116,1741/15,30,3"
    assert lines[2] == '2,"Ola & ""Ela""",100,401/4,48,4'  # CSV quoting, nothing lost


@given(st.fractions(min_value=-10**6, max_value=10**6), st.integers(0, 6))
def test_decimal_text_is_the_value_rounded_half_up(value: Fraction, places: int) -> None:
    for t, separator in ((i18n.translator("pl"), ","), (i18n.translator("en"), ".")):
        text = decimal_text(value, places, t)
        whole, _, frac = text.partition(separator)
        assert len(frac) == places and "," not in frac and "." not in frac
        shown = Fraction(f"{whole}.{frac}" if places else whole)
        # rounded half up: value lies in (shown - 1/2 ulp, shown + 1/2 ulp]
        ulp = Fraction(1, 10**places)
        assert shown - ulp / 2 <= value < shown + ulp / 2


def test_names_are_escaped_and_intact() -> None:
    html = list_html(a_list(HOSTILE), i18n.translator("pl"))
    page = Page(html)  # every element closed in order: "</td>" in a name closed none
    assert "script" not in page.tags and "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "Ola &amp; &#34;Ela&#34;" in html
    names = [row[1] for table in page.tables for row in table[1:]]
    assert names == list(HOSTILE)
