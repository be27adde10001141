"""The tournament's HTML reports (tournament/reports.py and templates/tournament/):
golden files in Polish and English (PLANSZA_UPDATE_GOLDEN=1 rewrites them after a
deliberate change), the translator deciding the language, names escaped and intact, and
every table as a browser reads it."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

import plansza.templates
from htmlpage import Page
from plansza import i18n
from plansza.cli.i18n import use as set_language
from plansza.tournament import reports
from plansza.tournament.model import Settings, State

from .helpers import Log
from .test_tsh_reports import golden, played

LANGS = ["pl", "en"]
HOSTILE = ("<script>alert(1)</script>", 'Ola & "Ela"', "Jan [red]Nowak", "Łukasz </td> Żak")


@pytest.mark.parametrize("module", [reports, plansza.templates])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lang", LANGS)
def test_reports_match_the_golden_files(lang: str) -> None:
    state = played()
    t = i18n.translator(lang)
    golden(f"report.{lang}.html", reports.html_report(state, t))
    golden(f"report_teams.{lang}.html", reports.html_report(state, t, teams=True))
    golden(f"round-3.{lang}.html", reports.round_page(state, 3, t))
    golden(f"standings-2.{lang}.html", reports.standings_page(state, 2, t))


@pytest.mark.parametrize("lang", LANGS)
def test_the_translator_decides_not_the_process_language(lang: str) -> None:
    state = played()
    set_language("en" if lang == "pl" else "pl")
    page = Page(reports.html_report(state, i18n.translator(lang), teams=True))
    assert page.lang == lang
    text = page.all_text()
    if lang == "pl":
        assert "Klasyfikacja końcowa" in text and "Karty graczy" in text
        assert "Kojarzenia" in text and "Klasyfikacja drużynowa" in text
        assert "Final standings" not in text
    else:
        assert "Final standings" in text and "Player cards" in text
        assert "Klasyfikacja" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_standings_after_a_round_name_the_round(lang: str) -> None:
    state = played()
    page = Page(reports.standings_page(state, 2, i18n.translator(lang)))
    heading = {"pl": "Klasyfikacja po rundzie 2", "en": "Standings after round 2"}[lang]
    assert heading in page.all_text()
    # Późny Paweł joined in round 2: his points include the RS §7.2 adjustment
    note = {"pl": "* z wyrównaniem (RS §7.2)", "en": "* includes a late-entry adjustment"}[lang]
    assert note in page.all_text()
    assert page.tables[0][1][:5] == ["1", "6", "Późny Paweł", "", "2*"]


def test_every_table_row_is_as_wide_as_its_head() -> None:
    page = Page(reports.html_report(played(), i18n.translator("pl"), teams=True))
    assert len(page.tables) >= 4
    for table in page.tables:
        assert {len(row) for row in table} == {len(table[0])}, table


def test_walkovers_and_double_forfeits_are_named() -> None:
    log = Log(Settings(name="T", rounds=2, system="halving", dates=("2026-05-02",)))
    for name in ("A", "B", "C", "D"):
        log.player(name)
    log.pair()
    (p1, p2) = log.state.rounds[1].pairings
    log.add("walkover", round=1, winner=p1.first, loser=p1.second)
    log.add("forfeit", round=1, a=p2.first, b=p2.second)
    for lang, walkover, forfeit in (("pl", "walkower", "obaj nieobecni"),
                                    ("en", "walkover", "both absent")):
        table = Page(reports.round_page(log.state, 1, i18n.translator(lang))).tables[0]
        assert table[1][3].endswith(f"({walkover})") and table[2][3].endswith(f"({forfeit})")


def hostile_tournament() -> State:
    name = "Puchar <i>Łodzi</i> & Ela"
    log = Log(Settings(name=name, rounds=2, system="halving", dates=("2026-05-02",)))
    for i, player in enumerate(HOSTILE):
        log.player(player, club=f"{HOSTILE[(i + 1) % 4]} club", city=HOSTILE[i])
    log.pair()
    log.play(random.Random(1))
    p = log.state.rounds[1].pairings[0]
    log.add("correct", round=1, a=p.first, sa=400, b=p.second, sb=300,
            note="<img src=x onerror=alert(2)>")
    return log.state


def test_user_texts_are_escaped_and_intact() -> None:
    state = hostile_tournament()
    t = i18n.translator("pl")
    for html in (reports.html_report(state, t, teams=True), reports.round_page(state, 1, t),
                 reports.standings_page(state, 1, t)):
        page = Page(html)  # every element closed in order: "</td>" in a name closed none
        # no element came from a name: only the template's own tags
        assert not {"script", "i", "img"} & set(page.tags)
        assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        text = page.all_text()
        assert "Puchar <i>Łodzi</i> & Ela" in text
        for name in HOSTILE:
            assert name in text
    page = Page(reports.html_report(state, t, teams=True))
    standings = page.tables[0]
    assert {row[2] for row in standings[1:]} == set(HOSTILE)
    assert {row[3] for row in standings[1:]} == {f"{n} club" for n in HOSTILE}
    assert {row[1] for row in page.tables[1][1:]} == {f"{n} club" for n in HOSTILE}
    assert "<img src=x onerror=alert(2)>" in page.all_text()  # the correction's note


def test_write_report_writes_the_pages_in_the_language_given(tmp_path: object) -> None:

    out = Path(str(tmp_path))
    paths = reports.write_report(played(), out, i18n.translator("en"))
    names = {p.name for p in paths}
    assert {"index.html", "standings.csv", "games.csv", "runda-1.html",
            "klasyfikacja-5.html"} <= names
    page = Page((out / "klasyfikacja-3.html").read_text(encoding="utf-8"))
    assert page.lang == "en" and "Standings after round 3" in page.all_text()
